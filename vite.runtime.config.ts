/**
 * Builds the Walkbox runtime for JavaScript games (src/runtime) into packages/runtime/dist:
 * one ES module, walkbox-runtime.js, with its source map. `npm run build:runtime`
 * (scripts/build-runtime.ts) runs it, writes the type declarations (tsconfig.runtime.json)
 * into dist/types and checks that nothing of the editor, Node or zod went in.
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
    outDir: resolve(__dirname, 'packages/runtime/dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Shipped minified (what a game loads); the source map keeps it readable. In library
    // mode vite keeps an ES module's whitespace; the output option minifies it all (the
    // pure annotations a game's bundler tree-shakes by stay).
    minify: true,
    rolldownOptions: {
      output: {
        minify: true,
        // Added after the minifier: what the file bundles and under which licences (their texts
        // are in the package's THIRD-PARTY-LICENSES.txt, scripts/build-runtime.ts).
        postBanner:
          '/*! walkbox-runtime (MIT, the Walkbox team). Bundles clipper2-ts (Boost Software License 1.0, ' +
          'Copyright Angus Johnson 2010-2025) and earcut (ISC, Copyright Mapbox): see THIRD-PARTY-LICENSES.txt */',
      },
    },
    sourcemap: true,
  },
})
