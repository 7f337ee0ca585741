// The browser edition: the same renderer, hosted by the browser host (OPFS + createImageBitmap).
// Its dev server and preview send the cross-origin isolation headers, as the desktop app's
// app:// protocol does: performance.now() then resolves microseconds and SharedArrayBuffer exists.
import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'
import { devServerCsp } from './scripts/vite-dev-csp'
import { CROSS_ORIGIN_ISOLATION_HEADERS } from './src/main/isolation-headers'

export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  // Serves resources/sample-project at ./sample-project/ for the browser host's first start.
  publicDir: resolve(import.meta.dirname, 'resources'),
  plugins: [vue(), devServerCsp()],
  define: { __WALKBOX_HOST__: JSON.stringify('browser') },
  server: {
    host: '127.0.0.1',
    port: 5174,
    strictPort: false,
    headers: { ...CROSS_ORIGIN_ISOLATION_HEADERS },
  },
  preview: { host: '127.0.0.1', headers: { ...CROSS_ORIGIN_ISOLATION_HEADERS } },
  worker: { format: 'es' },
  build: {
    outDir: resolve(import.meta.dirname, 'out/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
  },
})
