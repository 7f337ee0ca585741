/**
 * Refresh the README's images in docs/images from the end-to-end tests that take them
 * (they call `saveDocsImage`): `npm run docs:images`. `npm test` never writes them; there
 * the same screenshots go to the temporary screenshot folder.
 *
 * Run: npx tsx scripts/docs-images.ts [vitest arguments, e.g. -t "stopped short"]
 */
import { spawnSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The test files that take README images (grep for saveDocsImage in tests/e2e). */
const DOCS_IMAGE_TESTS = [
  'tests/e2e/compare-table.test.ts',
  'tests/e2e/compare-batch.test.ts',
  'tests/e2e/game-folder.test.ts',
  'tests/e2e/editions/background-frames.test.ts',
  'tests/e2e/walk-behinds.test.ts',
  'tests/e2e/answers-compare.test.ts',
  'tests/e2e/answers-gates.test.ts',
  'tests/e2e/editing-tools.test.ts',
  'tests/e2e/hotspots.test.ts',
  'tests/e2e/floor-from-picture.test.ts',
  'tests/e2e/outliner.test.ts',
  'tests/e2e/properties.test.ts',
  'tests/e2e/points.test.ts',
]

const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'e2e', ...DOCS_IMAGE_TESTS, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WALKBOX_DOCS_IMAGES: '1' },
    shell: process.platform === 'win32',
  },
)
if (run.status === 0) console.log('docs/images refreshed; review them with `git diff --stat docs/images`.')
process.exit(run.status ?? 1)
