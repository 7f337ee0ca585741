/**
 * Races on one project folder, counted: how many saves are lost when a rename, a new room
 * or a flag races a save, in one process and between two processes. The figures of
 * docs/reliability.md ("Races").
 *
 *   tsx bench/store-races.ts [--tries N]
 *
 * Glossary
 * - try: one race, both sides started at once (tests/unit/main/store-races.ts).
 * - lost: a try after which the newer save's room, name or flag is not on disk.
 * - two processes: two child processes each rename a flag of their own N times in the same
 *   project as fast as they can (read, rename, save, through the store's lock); lost = the
 *   times one found its own last name gone (the other saved a stale copy over it).
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

/**
 * One of the two processes: keeps a flag of its own named `<label> <i>`, renaming it N times
 * (read, rename, save, through the store's lock). Before each rename the name on disk must be
 * the one it wrote last; each time it is not, the other process saved over it: a lost save.
 * Prints the count of lost saves.
 */
async function childRenamesItsFlag(root: string, label: string): Promise<void> {
  const { updateProject } = await import('../src/main/services/project-store')
  let lost = 0
  for (let i = 0; i < tries; i++) {
    await updateProject(root, (p) => {
      const mine = p.flags.find((f) => f.id === label)
      if (i > 0 && mine?.name !== `${label} ${i - 1}`) lost++
      const others = p.flags.filter((f) => f.id !== label)
      return { ...p, flags: [...others, { id: label, name: `${label} ${i}`, default: false }] }
    })
  }
  process.stdout.write(`${lost}\n`)
}

async function main(): Promise<void> {
  const races = await import('../tests/unit/main/store-races')
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
      new Promise<number>((done, fail) => {
        const child = spawn(process.execPath, [
          '--import',
          'tsx',
          'bench/store-races.ts',
          '--child',
          root,
          '--label',
          label,
          '--tries',
          String(tries),
        ])
        let out = ''
        child.stdout.on('data', (d: Buffer) => (out += d.toString()))
        child.stderr.pipe(process.stderr)
        child.on('exit', (code) =>
          code === 0 ? done(Number(out.trim())) : fail(new Error(`${label}: exit ${code}`)),
        )
      })
    const lostEach = await Promise.all([spawnChild('left'), spawnChild('right')])
    const { project } = await store.openProject(root)
    const last = ['left', 'right'].map((l) => project.flags.find((f) => f.id === l)?.name)
    const lost =
      lostEach[0] + lostEach[1] + last.filter((n, k) => n !== `${['left', 'right'][k]} ${tries - 1}`).length
    rows.push([
      'flag rename vs. flag rename (two processes)',
      2 * tries,
      lost,
      ((performance.now() - start) / 1000).toFixed(1),
    ])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(markdownTable(['race', 'tries', 'lost', 'time s'], rows))
}

if (values.child) await childRenamesItsFlag(values.child, values.label ?? 'x')
else await main()
