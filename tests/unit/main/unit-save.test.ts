/**
 * A save is one unit, on the real project store and real files: a save stopped at any
 * point (a crash between any two file operations, 200 points over many saves), a full
 * disk at any write, a folder that refuses writes, and two overlapping saves each leave
 * a project that loads as exactly the old or exactly the new version: 0 mixed, 0 lost.
 * Modes are kept; staged files of a stopped save are cleaned on open; a failed save says
 * truthfully that nothing changed.
 *
 * How a crash is made: the project files (src/main/services/project-files.ts) are wrapped
 * so that after operation k every further operation does nothing, as if the process had
 * died there; the disk is then opened afresh, as the next start would.
 */
import { chmod, cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  addRoom,
  createProject,
  exportProjectZip,
  importProjectZip,
  listProjectBackups,
  loadRoom,
  openProject,
  ProjectStoreError,
  restoreProjectBackup,
  saveProjectUnit,
} from '../../../src/main/services/project-store'
import { diskProjectFiles } from '../../../src/main/services/project-files'
import type { ProjectFiles } from '../../../src/shared/room/unit-save'
import { emptyRoom, type Room } from '../../../src/shared/room/schema'
import { createRandom } from '../../../src/shared/measure/random'
import { tempFolder } from './helpers'

const W = 64
const H = 48

let root: string
let remove: () => Promise<void>
beforeEach(async () => {
  const t = await tempFolder()
  root = join(t.dir, 'Tower')
  remove = t.remove
})
afterEach(async () => remove())

/** Version n of the project: its name, its two rooms' names and every mask pixel all say n. */
function version(n: number) {
  const rooms: { room: Room; images: { mask: { width: number; height: number; cells: Uint8Array } } }[] = []
  for (const id of ['hall', 'cellar']) {
    const room = emptyRoom({ id, name: `${id} v${n}`, width: W, height: H })
    room.mask = 'walkmask.png'
    room.areas = [{ id: 1, name: 'Floor', colour: '#3cb371' }]
    rooms.push({
      room,
      images: { mask: { width: W, height: H, cells: new Uint8Array(W * H).fill((n % 250) + 1) } },
    })
  }
  return rooms
}

async function makeProject(): Promise<void> {
  await createProject(root, 'Tower v0')
  const [hall, cellar] = version(0)
  await addRoom(root, hall.room, hall.images)
  await addRoom(root, cellar.room, cellar.images)
}

async function save(n: number, files?: ProjectFiles): Promise<void> {
  const { project } = await openProject(root)
  await saveProjectUnit(root, { project: { ...project, name: `Tower v${n}` }, rooms: version(n) }, { files })
}

/** Which version the project on disk is, or throws when its files disagree (a mixed project). */
async function versionOnDisk(): Promise<number> {
  const { project } = await openProject(root)
  const seen = new Set<number>([Number(/v(\d+)$/.exec(project.name)![1])])
  for (const id of ['hall', 'cellar']) {
    const loaded = await loadRoom(root, id)
    expect(loaded.problems).toEqual([])
    seen.add(Number(/v(\d+)$/.exec(loaded.room.name)![1]))
    const ids = new Set(loaded.mask!.cells)
    expect(ids.size).toBe(1)
    const n = [...ids][0] - 1
    seen.add([...seen].find((v) => v % 250 === n) ?? -1)
  }
  if (seen.size !== 1) throw new Error(`mixed project: versions ${[...seen].join(', ')}`)
  return [...seen][0]
}

/** Project files that do nothing after `limit` operations, as if the process died there; counts them. */
function dyingAfter(limit: number): { files: ProjectFiles; died: () => boolean; count: () => number } {
  const real = diskProjectFiles(root)
  let count = 0
  const dead = () => count > limit
  const wrap = <K extends keyof ProjectFiles>(key: K): ProjectFiles[K] =>
    (async (...args: unknown[]) => {
      count++
      if (dead()) throw new Error('the process died')
      return (real[key] as (...a: unknown[]) => Promise<unknown>)(...args)
    }) as ProjectFiles[K]
  const files = Object.fromEntries(
    (
      [
        'read',
        'size',
        'kind',
        'write',
        'rename',
        'remove',
        'removeTree',
        'list',
        'copy',
        'freeBytes',
      ] as const
    ).map((k) => [k, wrap(k)]),
  ) as unknown as ProjectFiles
  return { files, died: dead, count: () => count }
}

/** Project files whose writes fail with `code` from write number `from` on. */
function failingWrites(from: number, code: string): ProjectFiles {
  let writes = 0
  return diskProjectFiles(root, {
    beforeWrite: () => {
      if (writes++ >= from) throw Object.assign(new Error(`${code}: simulated`), { code })
    },
  })
}

describe('a save is one unit', () => {
  it('a save stopped at any of 200 points leaves exactly the old or the new version', async () => {
    await makeProject()
    // Ten saves fill the backups to the number kept, so every later save does the same work.
    for (let n = 1; n <= 10; n++) await save(n)
    // How many file operations a whole save takes.
    const counting = dyingAfter(Number.MAX_SAFE_INTEGER)
    await save(11, counting.files)
    const operations = counting.count()
    expect(operations).toBeGreaterThan(20)
    // A crash after a random operation: up to twice a save's count, so that crash points
    // cover the whole save (before and after its commit) and some saves finish.
    const random = createRandom(20261124)
    let current = await versionOnDisk()
    let crashes = 0
    /** Crashes after the commit (the new version is there) and before it (the old one is). */
    let crashedNew = 0
    let crashedOld = 0
    for (let n = 12; crashes < 200; n++) {
      const { files, died } = dyingAfter(random.int(0, 2 * operations))
      await save(n, files).catch(() => undefined)
      const found = await versionOnDisk()
      expect([current, n]).toContain(found)
      // Backups: never above the limit, and every folder there is a whole backup (its manifest last).
      const folders = await readdir(join(root, 'backups'))
      expect(folders.length).toBeLessThanOrEqual(10)
      for (const folder of folders)
        expect(await readdir(join(root, 'backups', folder))).toContain('backup.json')
      expect((await listProjectBackups(root)).length).toBe(folders.length)
      if (died()) {
        crashes++
        if (found === n) crashedNew++
        else crashedOld++
      } else expect(found).toBe(n)
      current = found
    }
    // The figures docs/reliability.md quotes.
    console.log(
      `crash points: ${crashes}; old version after: ${crashes - crashedNew}; new version after: ${crashedNew}; mixed or lost: 0`,
    )
    // Crashes fell on both sides of the commit.
    expect(crashedNew).toBeGreaterThan(5)
    expect(crashedOld).toBeGreaterThan(100)
    // Nothing of a stopped save is left lying around.
    expect((await readdir(root)).sort()).toEqual(['backups', 'project.walkbox.json', 'rooms'])
    expect((await readdir(join(root, 'rooms/hall'))).sort()).toEqual(['room.json', 'walkmask.png'])
    // Every backup listed after all those kills restores to a whole, loadable version (each in a copy).
    const listed = await listProjectBackups(root)
    expect(listed.length).toBe(10)
    const restored: number[] = []
    for (const backup of listed) {
      const copy = `${root}-restore-${backup.id}`
      await cp(root, copy, { recursive: true })
      await restoreProjectBackup(copy, backup.id)
      const was = root
      root = copy
      try {
        restored.push(await versionOnDisk())
      } finally {
        root = was
        await rm(copy, { recursive: true, force: true })
      }
    }
    expect(restored).toHaveLength(10)
  })

  it('a full disk at any write leaves the old version and says nothing changed', async () => {
    await makeProject()
    // The writes of one save (staged files, the backup's record, the journal).
    let writes = 0
    await save(1, diskProjectFiles(root, { beforeWrite: () => void writes++ }))
    expect(writes).toBeGreaterThanOrEqual(7)
    for (let k = 0; k < writes; k++) {
      const error = await save(2, failingWrites(k, 'ENOSPC')).catch((e: Error) => e)
      expect(error).toBeInstanceOf(ProjectStoreError)
      expect((error as Error).message).toMatch(
        /^Could not save Tower v2: nothing was changed on disk \(ENOSPC/,
      )
      expect(await versionOnDisk()).toBe(1)
    }
    await save(2)
    expect(await versionOnDisk()).toBe(2)
  })

  it('a folder that refuses writes leaves the old version (as root, chmod cannot refuse: the error is injected)', async () => {
    await makeProject()
    const error = await save(1, failingWrites(0, 'EACCES')).catch((e: Error) => e)
    expect((error as Error).message).toMatch(/nothing was changed on disk \(EACCES/)
    expect(await versionOnDisk()).toBe(0)
  })

  it('runs overlapping saves one after the other, so the last one wins whole', async () => {
    await makeProject()
    const { project } = await openProject(root)
    await Promise.all(
      [1, 2, 3].map((n) =>
        saveProjectUnit(root, { project: { ...project, name: `Tower v${n}` }, rooms: version(n) }),
      ),
    )
    expect(await versionOnDisk()).toBe(3)
  })

  it('keeps each file’s mode, and cleans staged files of a save stopped before its commit on open', async () => {
    await makeProject()
    await chmod(join(root, 'rooms/hall/room.json'), 0o600)
    await chmod(join(root, 'project.walkbox.json'), 0o444)
    await save(1)
    expect((await stat(join(root, 'rooms/hall/room.json'))).mode & 0o777).toBe(0o600)
    expect((await stat(join(root, 'project.walkbox.json'))).mode & 0o777).toBe(0o444)
    await writeFile(join(root, 'rooms/hall/room.json.walkbox-new'), 'half a save')
    expect(await versionOnDisk()).toBe(1)
    expect(await readdir(join(root, 'rooms/hall'))).not.toContain('room.json.walkbox-new')
  })

  it('removes the folder of a room the project no longer lists, keeping it in the backup', async () => {
    await makeProject()
    const { project } = await openProject(root)
    await saveProjectUnit(root, {
      project: { ...project, rooms: project.rooms.filter((r) => r.id !== 'cellar') },
      rooms: [],
    })
    expect(await readdir(join(root, 'rooms'))).toEqual(['hall'])
    const backups = (await readdir(join(root, 'backups'))).sort()
    const newest = backups.at(-1)!
    expect(
      JSON.parse(await readFile(join(root, 'backups', newest, 'rooms/cellar/room.json'), 'utf8')).id,
    ).toBe('cellar')
  })

  it('restores a backup over a damaged project file, backing up the damaged state first', async () => {
    await makeProject()
    await save(1)
    await writeFile(join(root, 'project.walkbox.json'), '{ "rooms": oops')
    await expect(openProject(root)).rejects.toThrow(/project\.walkbox\.json line 1/)
    const backups = await listProjectBackups(root)
    // Newest first: the version before save 1 (v0, with both rooms).
    expect(backups[0]).toMatchObject({ projectName: 'Tower v0', rooms: 2 })
    const kept = await restoreProjectBackup(root, backups[0].id)
    expect(await versionOnDisk()).toBe(0)
    // The damaged file was kept too, in the backup the restore made first.
    expect(kept?.projectName).toBeNull()
    expect(await readFile(join(root, 'backups', kept!.id, 'project.walkbox.json'), 'utf8')).toBe(
      '{ "rooms": oops',
    )
    await expect(restoreProjectBackup(root, 'no-such-backup')).rejects.toThrow(/no-such-backup/)
  })

  it('exports a project as a zip and makes it again from the zip in a new folder; a bad zip leaves nothing', async () => {
    await makeProject()
    await save(4)
    const zip = await exportProjectZip(root)
    const copy = join(root, '..', 'Copy')
    await importProjectZip(zip, 'tower.zip', copy)
    const { project } = await openProject(copy)
    expect(project.name).toBe('Tower v4')
    expect((await loadRoom(copy, 'cellar')).room.name).toBe('cellar v4')
    // The zip holds the project, not its backups.
    expect(await readdir(copy)).not.toContain('backups')
    const broken = join(root, '..', 'Broken')
    await expect(importProjectZip(new TextEncoder().encode('not a zip'), 'junk.zip', broken)).rejects.toThrow(
      'junk.zip: is not a zip file (no end record); nothing was imported',
    )
    await expect(stat(broken)).rejects.toThrow(/ENOENT/)
    // Never into a folder holding something else.
    await expect(importProjectZip(zip, 'tower.zip', root)).rejects.toThrow(/is not empty/)
  })
  it('a backup stopped before its manifest is never listed or restored, and is removed on open', async () => {
    await makeProject()
    await save(1)
    const whole = (await listProjectBackups(root)).map((b) => b.id)
    // What a kill half-way through a backup leaves: some copies, no backup.json.
    const partial = join(root, 'backups', '2099-01-01T00-00-00-000Z')
    await mkdir(join(partial, 'rooms/hall'), { recursive: true })
    await writeFile(join(partial, 'project.walkbox.json'), await readFile(join(root, 'project.walkbox.json')))
    await expect(restoreProjectBackup(root, '2099-01-01T00-00-00-000Z')).rejects.toThrow(
      'Could not restore backup 2099-01-01T00-00-00-000Z: backup 2099-01-01T00-00-00-000Z is not complete (a save was stopped while making it); it cannot be restored',
    )
    // Nothing was restored: the rooms keep their masks.
    expect(await versionOnDisk()).toBe(1)
    expect((await listProjectBackups(root)).map((b) => b.id)).toEqual(whole)
    await expect(stat(partial)).rejects.toThrow(/ENOENT/)
  })

  it('a backup whose manifest is a named pipe never blocks opening', async () => {
    await makeProject()
    await save(1)
    await mkdir(join(root, 'backups', 'x'))
    execFileSync('mkfifo', [join(root, 'backups', 'x', 'backup.json')])
    expect(await versionOnDisk()).toBe(1)
    expect((await listProjectBackups(root)).map((b) => b.id)).not.toContain('x')
  })

  it('a backup missing a file its manifest lists is not restored (the room would lose its mask)', async () => {
    await makeProject()
    await save(1)
    const [backup] = await listProjectBackups(root)
    await rm(join(root, 'backups', backup.id, 'rooms/hall/walkmask.png'))
    await expect(restoreProjectBackup(root, backup.id)).rejects.toThrow(
      `Could not restore backup ${backup.id}: backup ${backup.id} is not complete (a save was stopped while making it); it cannot be restored`,
    )
    expect(await versionOnDisk()).toBe(1)
  })

  it('keeps the newest ten backups and drops the older ones', async () => {
    await makeProject()
    const made: string[] = []
    for (let n = 1; n <= 13; n++) {
      await save(n)
      made.push((await listProjectBackups(root))[0].id)
    }
    const listed = (await listProjectBackups(root)).map((b) => b.id)
    expect(listed).toEqual(made.slice(-10).reverse())
    expect((await readdir(join(root, 'backups'))).length).toBe(10)
  })

  it('refuses a save that does not fit in the free space, changing nothing', async () => {
    await makeProject()
    const real = diskProjectFiles(root)
    const full: ProjectFiles = { ...real, freeBytes: async () => 1000 }
    const error = await save(1, full).catch((e: Error) => e)
    expect((error as Error).message).toMatch(
      /^not enough space to save: needs about 0\.\d MB, 0\.0 MB free; nothing was changed on disk$/,
    )
    expect(await versionOnDisk()).toBe(0)
    expect(await listProjectBackups(root)).toHaveLength(2)
  })
})
