/**
 * Run every end-to-end test file by itself, one vitest process each (its own build and
 * browser), on each edition it runs on, and list the files that fail alone:
 * `npm run test:e2e:alone`. Slow (one web
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
/** Test files of a folder of tests/e2e, each with the vitest projects that run it. */
const filesOf = (folder: string, projects: string[]) =>
  readdirSync(resolve(root, 'tests/e2e', folder))
    .filter((f) => f.endsWith('.test.ts') && f.includes(filter))
    .sort()
    .flatMap((f) =>
      projects.map((project) => ({ file: `tests/e2e/${folder ? `${folder}/` : ''}${f}`, project })),
    )
// tests/e2e/editions runs on both editions (the browser, and the desktop under the harness).
const files = [
  ...filesOf('', ['e2e']),
  ...filesOf('editions', ['e2e', 'e2e-desktop']),
  ...filesOf('desktop', ['e2e-desktop']),
]

const failed: string[] = []
for (const { file, project } of files) {
  console.log(`== ${file} (${project})`)
  const run = spawnSync('npx', ['vitest', 'run', '--project', project, file], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (run.status !== 0) failed.push(`${file} (${project})`)
}
console.log(
  failed.length === 0 ? `All ${files.length} e2e files pass alone.` : `Failed alone: ${failed.join(', ')}`,
)
process.exit(failed.length === 0 ? 0 : 1)
