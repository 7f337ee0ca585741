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
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
