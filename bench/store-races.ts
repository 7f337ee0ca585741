/**
 * Races on one project folder, counted: how many saves are lost when a rename, a new room
 * or a flag races a save, in one process and between two processes. The figures of
 * docs/reliability.md ("Races").
 *
 *   tsx bench/store-races.ts [--tries N]
 *
 * Glossary
 * - try: one race, both sides started at once (tests/support/store-races.ts).
 * - lost: a try after which the newer save's room, name or flag is not on disk.
 * - two processes: two child processes each add N flags to the same project as fast as
 *   they can (read, add, save, through the store's lock); lost = flags missing at the end.
 *
 * Units: tries; s.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { markdownTable } from '../src/cli/table'

const { values } = parseArgs({
  options: {
    tries: { type: 'string', default: '1000' },
    child: { type: 'string' },
    label: { type: 'string' },
  },
})
const tries = Number(values.tries)

async function childAddsFlags(root: string, label: string): Promise<void> {
  const { updateProject } = await import('../src/main/services/project-store')
  for (let i = 0; i < tries; i++) {
    await updateProject(root, (p) => ({
      ...p,
      flags: [...p.flags, { id: `${label}_${i}`, name: `${label} ${i}`, default: false }],
    }))
  }
}

async function main(): Promise<void> {
  const races = await import('../tests/support/store-races')
  const store = await import('../src/main/services/project-store')
  const rows: (string | number)[][] = []
  const run = async (name: string, race: (root: string, i: number) => Promise<boolean>) => {
    const dir = mkdtempSync(join(tmpdir(), 'walkbox-races-'))
    const root = join(dir, 'Race')
    try {
      await races.seedRaceProject(root)
      const start = performance.now()
      let lost = 0
      for (let i = 0; i < tries; i++) if (!(await race(root, i))) lost++
      rows.push([name, tries, lost, ((performance.now() - start) / 1000).toFixed(1)])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  await run('rename vs. save with a new room (one process)', races.raceRenameAndSave)
  await run('new room vs. save of another room (one process)', races.raceAddAndSaveRoom)

  const dir = mkdtempSync(join(tmpdir(), 'walkbox-races-'))
  const root = join(dir, 'Race')
  try {
    await store.createProject(root, 'Race')
    const start = performance.now()
    const spawnChild = (label: string) =>
      new Promise<number | null>((done) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'bench/store-races.ts',
            '--child',
            root,
            '--label',
            label,
            '--tries',
            String(tries),
          ],
          { stdio: 'inherit' },
        )
        child.on('exit', done)
      })
    const codes = await Promise.all([spawnChild('left'), spawnChild('right')])
    if (codes.some((c) => c !== 0)) throw new Error(`a child process failed: exit ${codes.join(', ')}`)
    const { project } = await store.openProject(root)
    const lost = 2 * tries - project.flags.length
    rows.push([
      'flag add vs. flag add (two processes)',
      2 * tries,
      lost,
      ((performance.now() - start) / 1000).toFixed(1),
    ])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(markdownTable(['race', 'tries', 'lost', 'time s'], rows))
}

if (values.child) await childAddsFlags(values.child, values.label ?? 'x')
else await main()
