// The browser edition: the same renderer, hosted by the browser host (OPFS + createImageBitmap).
import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'
import { devServerCsp } from './scripts/vite-dev-csp'

export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  // Serves resources/sample-project at ./sample-project/ for the browser host's first start.
  publicDir: resolve(import.meta.dirname, 'resources'),
  plugins: [vue(), devServerCsp()],
  define: { __WALKBOX_HOST__: JSON.stringify('browser') },
  server: { host: '127.0.0.1', port: 5174, strictPort: false },
  preview: { host: '127.0.0.1' },
  worker: { format: 'es' },
  build: {
    outDir: resolve(import.meta.dirname, 'out/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
  },
})
