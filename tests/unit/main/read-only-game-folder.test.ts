/**
 * A game folder Walkbox may not write (a read-only mount, a CD, another user's folder, the
 * bench data CI mounts read-only) still opens: its rooms are read into a scratch project
 * outside the game, every algorithm answers on them, one line says why the folder is
 * read-only and where edits go, and nothing is written into the game, not even `.walkbox/`.
 * Tests run as root (chmod stops nothing), so the game's files are a layer that refuses
 * every write with EROFS or EACCES, as the disk does there. Save refuses in one line (the
 * editor offers Save As), and Save As keeps the edits as a project of its own.
 *
 * Units: px; bytes.
 */
import { existsSync } from 'node:fs'
import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openGameFolder } from '../../../src/main/services/game-folder-store'
import * as store from '../../../src/main/services/project-store'
import { diskProjectFiles } from '../../../src/main/services/project-files'
import { DesktopHost } from '../../../src/main/desktop-host'
import { hostHandlers } from '../../../src/main/ipc'
import { navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { prepareAlgorithm, runQuery } from '../../../src/shared/nav/run'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import type { ProjectFiles } from '../../../src/shared/room/unit-save'
import type { OpenedProject } from '../../../src/shared/host'
import { benchPath } from '../../support/bench-data'
import { tempFolder } from './helpers'
import { folderListing } from '../../support/folder-listing'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

/** A game folder's files on disk that refuse every write as a read-only mount (or a foreign folder) does. */
function refusingWrites(folder: string, code: 'EROFS' | 'EACCES'): ProjectFiles {
  const disk = diskProjectFiles(folder)
  const refuse = async (path: string): Promise<never> => {
    const text = code === 'EROFS' ? 'read-only file system' : 'permission denied'
    throw Object.assign(new Error(`${code}: ${text}, open '${join(folder, path)}'`), { code })
  }
  return {
    ...disk,
    write: (path) => refuse(path),
    rename: (from) => refuse(from),
    remove: (path) => refuse(path),
    removeTree: (path) => refuse(path),
    copy: (_from, to) => refuse(to),
  }
}

async function setUp(game = 'popochiu-sample-game') {
  const t = await tempFolder('walkbox-ro-game-')
  cleanups.push(t.remove)
  const folder = join(t.dir, game)
  await cp(benchPath('engines', game), folder, { recursive: true })
  return { dir: t.dir, game: folder, scratch: join(t.dir, 'scratch') }
}

describe('a game folder Walkbox may not write (desktop service)', () => {
  it('opens through a scratch project, every algorithm answers, and nothing is written into the game', async () => {
    const { game, scratch } = await setUp()
    const before = await folderListing(game)
    const opened = await openGameFolder(game, { files: refusingWrites(game, 'EROFS'), scratch })
    expect(opened.readOnly).toBe(
      'its folder cannot be written (a read-only file system): Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere',
    )
    expect(opened.folder).toBe(scratch)
    expect(opened.imported).toBe(true)
    expect(opened.link.rooms).toEqual([{ roomId: 'house', file: 'game/rooms/house/room_house.tscn' }])
    const loaded = await store.loadRoom(opened.folder, 'house')
    expect(loaded.problems).toEqual([])
    // Compare works: every algorithm answers on the room read from the read-only game.
    const world = navWorldForRoom(loaded.room, loaded.mask?.cells ?? null, {})
    const [from, to] = [loaded.room.polygons[0].outer[0], loaded.room.polygons[0].outer[2]]
    for (const id of ALGORITHM_IDS) {
      const result = runQuery(prepareAlgorithm(world, id), { x: from[0], y: from[1] }, { x: to[0], y: to[1] })
      expect(result.error, id).toBeUndefined()
      expect(result.points.length, id).toBeGreaterThan(0)
    }
    expect(await folderListing(game)).toEqual(before)
    expect(existsSync(join(game, '.walkbox'))).toBe(false)
  })

  it("copies the game's own Walkbox project (flags and all) when it has one, and writes nothing", async () => {
    const { game, scratch } = await setUp()
    // Opened once while it could be written: its Walkbox project has a flag the author added.
    const first = await openGameFolder(game)
    await store.updateProject(first.folder, (p) => ({
      ...p,
      flags: [...p.flags, { id: 'door_open', name: 'Door open', default: false }],
    }))
    const before = await folderListing(game)
    const opened = await openGameFolder(game, { files: refusingWrites(game, 'EACCES'), scratch })
    expect(opened.readOnly).toMatch(/^its folder cannot be written \(no permission to write in it\)/)
    expect(opened.imported).toBe(false)
    expect(opened.folder).toBe(scratch)
    expect(opened.project.flags.map((f) => f.id)).toContain('door_open')
    expect(opened.rooms.map((r) => r.id)).toEqual(['house'])
    expect(await folderListing(game)).toEqual(before)
  })

  it('refuses a folder that is no game in one line, before anything is tried', async () => {
    const { dir, scratch } = await setUp()
    const error = await openGameFolder(dir, { files: refusingWrites(dir, 'EROFS'), scratch }).catch(
      (e: Error) => e,
    )
    expect((error as Error).message).toMatch(/^not a game folder Walkbox knows/)
    expect(existsSync(scratch)).toBe(false)
  })
})

describe('a read-only game folder in the desktop host', () => {
  it('says so in one line, refuses Save in one line, keeps edits with Save As, and reopens from the recent list', async () => {
    const { dir, game } = await setUp()
    const before = await folderListing(game)
    const answers = { newFolder: join(dir, 'kept') }
    const host = new DesktopHost({
      userDataDir: () => join(dir, 'user-data'),
      sampleDir: () => dir,
      appVersion: () => '0.1.0',
      platform: 'linux',
      dialogs: {
        chooseProjectFolder: async () => null,
        chooseGameFolder: async () => game,
        chooseNewProjectFolder: async () => answers.newFolder,
        chooseImageFile: async () => null,
      },
      gameFiles: (folder) => refusingWrites(folder, 'EROFS'),
    })
    const opened = (await hostHandlers(host).openGameFolder(undefined)) as OpenedProject
    expect(opened.game).toEqual({
      engine: 'godot',
      name: 'popochiu-sample-game',
      rooms: 1,
      readOnly: null,
      readOnlyFolder:
        'its folder cannot be written (a read-only file system): Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere',
    })
    expect(opened.ref.startsWith(join(dir, 'user-data'))).toBe(true)
    const room = await host.loadRoom({ ref: opened.ref, roomId: 'house' })
    room.room.polygons[0].outer[0][0] += 3
    const request = { ref: opened.ref, project: opened.project, rooms: [{ room: room.room }] }
    const refused = await host.saveProject(request).catch((e: Error) => e)
    expect((refused as Error).message).toBe(
      'Not saved: the game popochiu-sample-game is read-only here: its folder cannot be written (a read-only file system): Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere.',
    )
    const copy = (await host.saveProjectAs(request))!
    expect(copy.ref).toBe(answers.newFolder)
    expect(copy.game).toBeUndefined()
    const kept = await store.loadRoom(copy.ref, 'house')
    expect(kept.room.polygons[0].outer[0]).toEqual(room.room.polygons[0].outer[0])
    // The recent list names the game, and reopens it read-only again.
    const entry = (await host.recentProjects()).find((r) => r.game === 'godot')!
    expect(entry.ref).toBe(join(game, '.walkbox', 'project'))
    const listed = (await host.listProjects()).find((p) => p.ref === entry.ref)!
    expect(listed.error).toBe(
      `${game}: a game folder Walkbox may only read (nothing of Walkbox's is kept there); open it from File › Open Recent or File › Open Game Folder.`,
    )
    const again = (await hostHandlers(host).openProject({ ref: entry.ref })) as OpenedProject
    expect(again.game?.readOnlyFolder).toMatch(/read-only file system/)
    expect(again.rooms.map((r) => r.id)).toEqual(['house'])
    expect(await folderListing(game)).toEqual(before)
  })
})
