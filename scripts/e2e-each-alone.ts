/**
 * Run every end-to-end test file by itself, one vitest process each (its own build and
 * browser), and list the files that fail alone: `npm run test:e2e:alone`. Slow (one web
 * build per file), so not part of `npm test`; run it after moving state between tests.
 *
 * Run: npx tsx scripts/e2e-each-alone.ts [file filter, e.g. compare]
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const filter = process.argv[2] ?? ''
const files = readdirSync(resolve(root, 'tests/e2e'))
  .filter((f) => f.endsWith('.test.ts') && f.includes(filter))
  .sort()
  .map((f) => `tests/e2e/${f}`)

const failed: string[] = []
for (const file of files) {
  console.log(`== ${file}`)
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', file], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (run.status !== 0) failed.push(file)
}
console.log(
  failed.length === 0 ? `All ${files.length} e2e files pass alone.` : `Failed alone: ${failed.join(', ')}`,
)
process.exit(failed.length === 0 ? 0 : 1)
