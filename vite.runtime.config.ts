/**
 * Builds the Walkbox runtime for JavaScript games (src/runtime) into dist-runtime/: one ES
 * module, walkbox-runtime.js, with its source map. `npm run build:runtime` also writes the
 * type declarations (tsconfig.runtime.json) into dist-runtime/types.
 */
import { resolve } from 'node:path'
import { defineConfig } from 'vite'

export default defineConfig({
  build: {
    lib: {
      entry: resolve(__dirname, 'src/runtime/index.ts'),
      formats: ['es'],
      fileName: () => 'walkbox-runtime.js',
    },
    outDir: resolve(__dirname, 'dist-runtime'),
    emptyOutDir: true,
    target: 'es2022',
    // Shipped minified (what a game loads); the source map keeps it readable.
    minify: true,
    sourcemap: true,
  },
})
