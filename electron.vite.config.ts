// Builds the three Electron bundles: main (Node), preload (sandboxed bridge), renderer (the editor).
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import { devServerCsp } from './scripts/vite-dev-csp'
import { CROSS_ORIGIN_ISOLATION_HEADERS } from './src/main/isolation-headers'

export default defineConfig({
  main: {
    build: {
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [vue(), devServerCsp()],
    // The packaged app sends these from its app:// protocol; the dev server sends its own.
    server: { headers: { ...CROSS_ORIGIN_ISOLATION_HEADERS } },
    build: {
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
    worker: { format: 'es' },
  },
})
