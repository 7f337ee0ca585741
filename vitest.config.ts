import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          setupFiles: ['tests/support/fast-check-seed.ts'],
          include: ['tests/unit/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        plugins: [vue()],
        define: { __WALKBOX_HOST__: JSON.stringify('browser') },
        test: {
          name: 'component',
          environment: 'jsdom',
          setupFiles: ['tests/support/fast-check-seed.ts'],
          include: ['tests/component/**/*.test.ts'],
        },
      },
      // The browser edition: every end-to-end test but the desktop edition's own.
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ['tests/e2e/desktop/**'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          provide: { edition: 'browser' },
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      // The desktop edition: the real main process under the electron double (tests/support/
      // desktop-app.ts) runs tests/e2e/editions (on both editions) and tests/e2e/desktop; after
      // the other projects, so that one Chromium-driven suite runs at a time.
      {
        resolve: {
          alias: [
            {
              find: /^electron$/,
              replacement: resolve(import.meta.dirname, 'tests/support/electron-double/index.ts'),
            },
          ],
        },
        test: {
          name: 'e2e-desktop',
          environment: 'node',
          // Every host call is an IPC round trip here: what the page shows may take longer to follow.
          expect: { poll: { timeout: 10_000 } },
          include: ['tests/e2e/editions/**/*.test.ts', 'tests/e2e/desktop/**/*.test.ts'],
          globalSetup: ['tests/e2e/desktop-setup.ts'],
          provide: { edition: 'desktop' },
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
