// Lint rules, including the import boundaries of DESIGN.md:
// src/shared is pure TypeScript; src/renderer never reaches Electron or Node.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import walkbox from './scripts/lint/no-import-circles.js'

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'url', 'worker_threads']

/** The layers of src/shared, and its top-level modules that only the editor's side uses. */
const SHARED_LAYERS = [
  '**/geometry/**',
  '**/nav/**',
  '**/room/**',
  '**/analysis/**',
  '**/measure/**',
  '**/formats/**',
  '**/game/**',
]
const SHARED_TOP = ['**/host', '**/host-methods', '**/actions']

/**
 * Lint rules for one layer of src/shared: pure TypeScript (no Node, no frameworks, nothing
 * outside src/shared), plus `packages` and the `layers` it may not import, with `message`.
 */
function sharedLayer(files, packages, layers, message) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'src/shared is pure TypeScript: no Node built-ins.' },
            {
              group: ['vue', 'pinia', 'pixi.js', 'pixi.js/*', 'electron', 'sharp', ...packages],
              message: `src/shared imports no ${['vue', 'pinia', 'pixi.js', 'electron', 'sharp', ...packages].join(', ')}.`,
            },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/cli/**'],
              message: 'src/shared depends on nothing outside src/shared.',
            },
            { group: layers, message },
          ],
        },
      ],
    },
  }
}

/** What the renderer may never import, in every feature folder. */
const rendererPatterns = [
  { group: nodeBuiltins, message: 'The renderer never imports Node: talk to the host contract.' },
  {
    group: ['electron', 'sharp'],
    message: 'The renderer never imports Electron: talk to the host contract.',
  },
  {
    group: ['**/main/**', '**/preload/**'],
    message: 'The renderer reaches main only through src/shared/host.ts.',
  },
]

/** For each feature folder of src/renderer, the features it may not import (those above it or beside it). */
const rendererFeaturesAbove = {
  platform: ['shell', 'compare', 'project', 'editing'],
  editing: ['shell', 'compare', 'project'],
  project: ['shell', 'compare'],
  compare: ['shell', 'project'],
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'dist-runtime/**',
      'packages/*/dist/**',
      'node_modules/**',
      'test-results/**',
      'resources/**',
    ],
  },
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
    files: ['src/shared/**/*.ts', 'src/runtime/**/*.ts'],
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
  sharedLayer(
    ['src/shared/geometry/**/*.ts'],
    ['zod'],
    [...SHARED_LAYERS.filter((l) => l !== '**/geometry/**'), ...SHARED_TOP],
    'geometry is the bottom layer: it imports nothing else of src/shared.',
  ),
  sharedLayer(
    ['src/shared/nav/**/*.ts'],
    ['zod'],
    ['**/room/**', '**/analysis/**', '**/measure/**', '**/formats/**', '**/game/**', ...SHARED_TOP],
    'nav (the core a game ships) imports only geometry: not room, analysis, measure or formats.',
  ),
  sharedLayer(
    ['src/shared/room/**/*.ts'],
    [],
    ['**/nav/**', '**/analysis/**', '**/measure/**', '**/formats/**', '**/game/**', ...SHARED_TOP],
    'room is the file format only: it imports geometry, not nav, analysis, measure or formats.',
  ),
  sharedLayer(
    ['src/shared/analysis/**/*.ts', 'src/shared/measure/**/*.ts'],
    [],
    ['**/formats/**', '**/game/**', ...SHARED_TOP],
    'analysis and measure use geometry, nav and room only.',
  ),
  sharedLayer(
    ['src/shared/formats/**/*.ts'],
    [],
    ['**/measure/**', '**/game/**', ...SHARED_TOP],
    'formats use geometry, nav, room and analysis: not measure, host or actions (the caller decodes and writes files).',
  ),
  sharedLayer(
    ['src/shared/game/**/*.ts'],
    [],
    ['**/measure/**', ...SHARED_TOP],
    'the game store uses formats, room and below: not measure, host or actions (hosts build it and talk to it).',
  ),
  // The runtime package (packages/runtime, built from src/runtime): what a game ships. No
  // editor, no Node, no zod: only nav and geometry, the analysis it answers with (room
  // world, zones, scaling), the room's flag expressions and conversions, the runtime file's
  // shape, and the room schema's types (type-only: they vanish from the bundle).
  // scripts/build-runtime.ts checks the same on the bundle's whole module list.
  {
    files: ['src/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'The runtime (a game ships it) imports no Node built-ins.' },
            {
              group: ['zod', 'zod/*', 'vue', 'pinia', 'pixi.js', 'pixi.js/*', 'electron', 'sharp'],
              message:
                'The runtime (a game ships it) imports no zod, vue, pinia, pixi.js, electron or sharp.',
            },
            {
              group: [
                '**/main/**',
                '**/renderer/**',
                '**/preload/**',
                '**/cli/**',
                '**/measure/**',
                ...SHARED_TOP,
              ],
              message:
                'The runtime imports nothing of the editor: not main, renderer, preload, cli, measure, host or actions.',
            },
            {
              group: ['**/formats/*', '!**/formats/runtime-file', '!**/formats/runtime-navmesh'],
              message:
                'The runtime reads its own file shape (formats/runtime-file, runtime-navmesh) only, not the other formats.',
            },
            {
              group: ['**/room/*', '!**/room/flag-expression', '!**/room/convert'],
              allowTypeImports: true,
              message: 'The runtime uses the room schema for types only (import type): its values need zod.',
            },
          ],
        },
      ],
    },
  },
  // No import circles in src/ (issue #30): the import graph is scripts/lint/import-graph.js,
  // the same code tests/unit/architecture/no-import-circles.test.ts reads.
  {
    files: ['src/**/*.ts', 'src/**/*.vue'],
    plugins: { walkbox },
    rules: { 'walkbox/no-import-circles': ['error', { root: 'src' }] },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.vue'],
    rules: { 'no-restricted-imports': ['error', { patterns: rendererPatterns }] },
  },
  // The renderer's features point down: shell -> compare, project -> editing -> platform
  // (CONTRIBUTING.md, "The renderer's folders"). A later block replaces the rule's options,
  // so each feature repeats the renderer's own patterns.
  ...Object.entries(rendererFeaturesAbove).map(([feature, above]) => ({
    files: [`src/renderer/${feature}/**/*.ts`, `src/renderer/${feature}/**/*.vue`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...rendererPatterns,
            {
              group: above.map((f) => `**/${f}/**`),
              message: `src/renderer/${feature} imports only what lies below it (shell -> compare, project -> editing -> platform).`,
            },
          ],
        },
      ],
    },
  })),
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
