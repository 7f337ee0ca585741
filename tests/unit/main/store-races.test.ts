/**
 * Every read-modify-write of a project runs inside one lock on the latest state: a rename,
 * a new room or a saved room racing a save never saves a stale copy over it (which would
 * delete the newer save's room folder), in one process and across processes (the lock
 * file). `bench/store-races.ts` runs the same races 1000 times each for the figures in
 * docs/reliability.md.
 */
import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createProject, openProject } from '../../../src/main/services/project-store'
import { LOCK_FILE, withProjectLock } from '../../../src/main/services/project-lock'
import { raceRenameAndSave, raceAddAndSaveRoom, seedRaceProject } from './store-races'
import { walkbox } from '../cli/run-walkbox'
import { tempFolder } from './helpers'

let root: string
let remove: () => Promise<void>
beforeEach(async () => {
  const t = await tempFolder()
  root = join(t.dir, 'Race')
  remove = t.remove
})
afterEach(async () => remove())

describe('races inside one process', () => {
  it('a rename racing a save of a new room: the room is kept every time (60 tries)', async () => {
    await seedRaceProject(root)
    let lost = 0
    for (let i = 0; i < 60; i++) if (!(await raceRenameAndSave(root, i))) lost++
    expect(lost).toBe(0)
  })

  it('a new room racing a save of another room: both are kept every time (40 tries)', async () => {
    await seedRaceProject(root)
    let lost = 0
    for (let i = 0; i < 40; i++) if (!(await raceAddAndSaveRoom(root, i))) lost++
    expect(lost).toBe(0)
  })
})

describe('across processes', () => {
  it('two `walkbox flag add` at once keep both flags (4 rounds)', async () => {
    await createProject(root, 'Race')
    for (let round = 0; round < 4; round++) {
      const runs = await Promise.all([
        walkbox('flag', 'add', root, `left ${round}`),
        walkbox('flag', 'add', root, `right ${round}`),
      ])
      for (const run of runs) expect(run.code, run.stderr).toBe(0)
    }
    const { project } = await openProject(root)
    expect(project.flags.map((f) => f.name).sort()).toEqual(
      [0, 1, 2, 3].flatMap((r) => [`left ${r}`, `right ${r}`]).sort(),
    )
  })

  it('a lock held by a running process makes a second writer wait, then refuse in one line', async () => {
    await createProject(root, 'Race')
    const holder = spawn('sleep', ['30'])
    try {
      await writeFile(
        join(root, LOCK_FILE),
        JSON.stringify({ pid: holder.pid, host: hostname(), token: 'other', at: Date.now() }),
      )
      let ran = false
      const message = await withProjectLock(root, async () => (ran = true), { waitMs: 300 }).then(
        () => 'taken',
        (e: Error) => e.message,
      )
      expect(ran).toBe(false)
      expect(message).toBe(
        `${root}: another Walkbox (process ${holder.pid} on ${hostname()}) is saving this project; nothing was changed; try again when it has finished (if no Walkbox runs, delete ${LOCK_FILE})`,
      )
    } finally {
      holder.kill()
    }
  })

  it('a lock left by a process that died is taken over', async () => {
    await createProject(root, 'Race')
    const gone = spawn('true')
    await new Promise((done) => gone.on('exit', done))
    await writeFile(
      join(root, LOCK_FILE),
      JSON.stringify({ pid: gone.pid, host: hostname(), token: 'dead', at: Date.now() }),
    )
    expect(await withProjectLock(root, async () => 'ran', { waitMs: 300 })).toBe('ran')
    // And the project opens (its own open takes the same lock).
    expect((await openProject(root)).project.name).toBe('Race')
  })
})
