// Lint rules, including the import boundaries of DESIGN.md:
// src/shared is pure TypeScript; src/renderer never reaches Electron or Node.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'url', 'worker_threads']

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, sourceType: 'module' } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'warn',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'src/shared is pure TypeScript: no Node built-ins.' },
            {
              group: ['vue', 'pinia', 'pixi.js', 'pixi.js/*', 'electron', 'sharp'],
              message: 'src/shared imports no vue, pinia, pixi.js, electron or sharp.',
            },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/cli/**'],
              message: 'src/shared depends on nothing outside src/shared.',
            },
          ],
        },
      ],
    },
  },
  // The layers inside src/shared (DESIGN.md, CONTRIBUTING.md): imports point down only.
  // geometry <- nav (the core a game ships) <- room (the file format) <- analysis, measure, formats.
  {
    files: ['src/shared/geometry/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'src/shared is pure TypeScript: no Node built-ins.' },
            {
              group: ['vue', 'pinia', 'pixi.js', 'pixi.js/*', 'electron', 'sharp', 'zod'],
              message: 'geometry is pure TypeScript with no framework.',
            },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/cli/**'],
              message: 'src/shared depends on nothing outside src/shared.',
            },
            {
              group: [
                '**/nav/**',
                '**/room/**',
                '**/analysis/**',
                '**/measure/**',
                '**/formats/**',
                '**/host',
                '**/host-channels',
                '**/actions',
              ],
              message: 'geometry is the bottom layer: it imports nothing else of src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/nav/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'src/shared is pure TypeScript: no Node built-ins.' },
            {
              group: ['vue', 'pinia', 'pixi.js', 'pixi.js/*', 'electron', 'sharp', 'zod'],
              message: 'nav is the engine-free core a game ships: no framework, no schema library.',
            },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/cli/**'],
              message: 'src/shared depends on nothing outside src/shared.',
            },
            {
              group: [
                '**/room/**',
                '**/analysis/**',
                '**/measure/**',
                '**/formats/**',
                '**/host',
                '**/host-channels',
                '**/actions',
              ],
              message:
                'nav (the core a game ships) imports only geometry: not room, analysis, measure or formats.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/room/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'src/shared is pure TypeScript: no Node built-ins.' },
            {
              group: ['vue', 'pinia', 'pixi.js', 'pixi.js/*', 'electron', 'sharp'],
              message: 'src/shared imports no vue, pinia, pixi.js, electron or sharp.',
            },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/cli/**'],
              message: 'src/shared depends on nothing outside src/shared.',
            },
            {
              group: [
                '**/nav/**',
                '**/analysis/**',
                '**/measure/**',
                '**/formats/**',
                '**/host',
                '**/host-channels',
                '**/actions',
              ],
              message:
                'room is the file format only: it imports geometry, not nav, analysis, measure or formats.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/analysis/**/*.ts', 'src/shared/measure/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'src/shared is pure TypeScript: no Node built-ins.' },
            {
              group: ['vue', 'pinia', 'pixi.js', 'pixi.js/*', 'electron', 'sharp'],
              message: 'src/shared imports no vue, pinia, pixi.js, electron or sharp.',
            },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/cli/**'],
              message: 'src/shared depends on nothing outside src/shared.',
            },
            {
              group: ['**/formats/**', '**/host', '**/host-channels', '**/actions'],
              message: 'analysis and measure use geometry, nav and room only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.vue'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'The renderer never imports Node: talk to the host contract.' },
            {
              group: ['electron', 'sharp'],
              message: 'The renderer never imports Electron: talk to the host contract.',
            },
            {
              group: ['**/main/**', '**/preload/**'],
              message: 'The renderer reaches main only through src/shared/host.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**'],
              message: 'The preload only bridges the host contract.',
            },
          ],
        },
      ],
    },
  },
)
