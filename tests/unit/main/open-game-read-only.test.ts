/**
 * File › Open Game Folder Read-Only… on the desktop: the author opens a game folder that
 * Walkbox could write, read-only on purpose. Nothing is tried in it (no write probe, no
 * `.walkbox/`): the game's files are a layer that counts every write it is asked for and lets
 * it through, so a single attempt shows. The rooms load from a scratch project, Save is
 * refused in one line that says the author chose it, Save As keeps the edits, and Open Recent
 * reopens the game read-only; a later plain Open Game Folder opens it writable again.
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
import { menuTemplate, recentLabel } from '../../../src/main/menu-template'
import type { ProjectFiles } from '../../../src/shared/room/unit-save'
import type { OpenedProject } from '../../../src/shared/host'
import { benchPath } from '../../support/bench-data'
import { tempFolder } from './helpers'
import { folderListing } from '../../support/folder-listing'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

const CHOSEN_LINE =
  'Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere'

/** The game folder's files on disk, with every write asked for written down (and done). */
function countingWrites(folder: string, writes: string[]): ProjectFiles {
  const disk = diskProjectFiles(folder)
  return {
    ...disk,
    write: (path, bytes, o) => (writes.push(`write ${path}`), disk.write(path, bytes, o)),
    rename: (from, to) => (writes.push(`rename ${from}`), disk.rename(from, to)),
    remove: (path) => (writes.push(`remove ${path}`), disk.remove(path)),
    removeTree: (path) => (writes.push(`removeTree ${path}`), disk.removeTree(path)),
    copy: (from, to) => (writes.push(`copy ${to}`), disk.copy(from, to)),
  }
}

async function setUp(game = 'popochiu-sample-game') {
  const t = await tempFolder('walkbox-open-ro-')
  cleanups.push(t.remove)
  const folder = join(t.dir, game)
  await cp(benchPath('engines', game), folder, { recursive: true })
  return { dir: t.dir, game: folder, scratch: join(t.dir, 'scratch') }
}

function hostFor(dir: string, game: string, writes: string[], newFolder: string): DesktopHost {
  return new DesktopHost({
    userDataDir: () => join(dir, 'user-data'),
    sampleDir: () => dir,
    appVersion: () => '0.1.0',
    platform: 'linux',
    dialogs: {
      chooseProjectFolder: async () => null,
      chooseGameFolder: async () => game,
      chooseNewProjectFolder: async () => newFolder,
      chooseImageFile: async () => null,
    },
    gameFiles: (folder) => countingWrites(folder, writes),
  })
}

describe('a game folder opened read-only by choice (desktop service)', () => {
  it('tries no write in a game it could write, and reads its rooms into a scratch project', async () => {
    const { game, scratch } = await setUp()
    const before = await folderListing(game)
    const writes: string[] = []
    const opened = await openGameFolder(game, {
      files: countingWrites(game, writes),
      scratch,
      readOnly: true,
    })
    expect(opened.readOnly).toBe(CHOSEN_LINE)
    expect(opened.folder).toBe(scratch)
    expect(opened.link.rooms).toEqual([{ roomId: 'house', file: 'game/rooms/house/room_house.tscn' }])
    expect((await store.loadRoom(opened.folder, 'house')).problems).toEqual([])
    expect(writes).toEqual([])
    expect(existsSync(join(game, '.walkbox'))).toBe(false)
    expect(await folderListing(game)).toEqual(before)
  })

  it("copies a game's own Walkbox project and leaves the game's files as they were", async () => {
    const { game, scratch } = await setUp()
    const first = await openGameFolder(game)
    await store.updateProject(first.folder, (p) => ({
      ...p,
      flags: [...p.flags, { id: 'door_open', name: 'Door open', default: false }],
    }))
    const before = await folderListing(game)
    const writes: string[] = []
    const opened = await openGameFolder(game, {
      files: countingWrites(game, writes),
      scratch,
      readOnly: true,
    })
    expect(opened.readOnly).toBe(CHOSEN_LINE)
    expect(opened.imported).toBe(false)
    expect(opened.project.flags.map((f) => f.id)).toContain('door_open')
    expect(writes).toEqual([])
    expect(await folderListing(game)).toEqual(before)
  })
})

describe('File › Open Game Folder Read-Only… in the desktop host', () => {
  it('is an item of the native File menu, after Open Game Folder…, that runs its action', () => {
    const sent: string[] = []
    const menus = menuTemplate({ recent: [], isMac: false, appName: 'Walkbox', devTools: false }, (_c, v) =>
      sent.push(v),
    )
    const file = menus.find((m) => m.label === 'File')!.submenu as {
      id?: string
      label?: string
      click?: () => void
    }[]
    const at = file.findIndex((i) => i.id === 'file.openGameReadOnly')
    expect(file[at].label).toBe('Open Game Folder Read-Only…')
    expect(file[at - 1].id).toBe('file.openGame')
    file[at].click!()
    expect(sent).toEqual(['file.openGameReadOnly'])
  })

  it('opens read-only, refuses Save in one line, keeps edits with Save As, and Open Recent reopens it read-only', async () => {
    const { dir, game } = await setUp()
    const before = await folderListing(game)
    const writes: string[] = []
    const host = hostFor(dir, game, writes, join(dir, 'kept'))
    const opened = (await hostHandlers(host).openGameFolder({ readOnly: true })) as OpenedProject
    expect(opened.game).toEqual({
      engine: 'godot',
      name: 'popochiu-sample-game',
      rooms: 1,
      readOnly: null,
      readOnlyFolder: CHOSEN_LINE,
      readOnlyChosen: true,
    })
    const room = await host.loadRoom({ ref: opened.ref, roomId: 'house' })
    expect(room.problems).toEqual([])
    room.room.polygons[0].outer[0][0] += 3
    const request = { ref: opened.ref, project: opened.project, rooms: [{ room: room.room }] }
    const refused = await host.saveProject(request).catch((e: Error) => e)
    expect((refused as Error).message).toBe(
      `Not saved: you opened the game popochiu-sample-game read-only: ${CHOSEN_LINE}.`,
    )
    const copy = (await host.saveProjectAs(request))!
    expect(copy.ref).toBe(join(dir, 'kept'))
    expect((await store.loadRoom(copy.ref, 'house')).room.polygons[0].outer[0]).toEqual(
      room.room.polygons[0].outer[0],
    )

    // The recent list remembers that the author chose read-only, and reopens it so.
    const entry = (await host.recentProjects()).find((r) => r.game === 'godot')!
    expect(entry).toMatchObject({ ref: join(game, '.walkbox', 'project'), readOnly: true })
    expect(recentLabel(entry)).toBe(`popochiu-sample-game — Godot (game folder, read-only) — ${game}`)
    const listed = (await host.listProjects()).find((p) => p.ref === entry.ref)!
    expect(listed.error).toBe(
      `${game}: a game folder you opened read-only (nothing of Walkbox's is kept there); open it from File › Open Recent or File › Open Game Folder Read-Only.`,
    )
    const again = (await hostHandlers(host).openProject({ ref: entry.ref })) as OpenedProject
    expect(again.game?.readOnlyChosen).toBe(true)
    expect(again.rooms.map((r) => r.id)).toEqual(['house'])
    // Read again from disk: a new host keeps the flag from recent-projects.json.
    const later = hostFor(dir, game, writes, join(dir, 'kept 2'))
    expect((await later.recentProjects()).find((r) => r.game === 'godot')?.readOnly).toBe(true)
    const third = (await later.openProject({ ref: entry.ref }))!
    expect(third.game?.readOnlyFolder).toBe(CHOSEN_LINE)
    expect(writes).toEqual([])
    expect(existsSync(join(game, '.walkbox'))).toBe(false)
    expect(await folderListing(game)).toEqual(before)

    // A plain Open Game Folder opens it writable, and the recent list forgets the choice.
    const writable = (await later.openGameFolder())!
    expect(writable.game?.readOnlyFolder).toBeUndefined()
    expect(existsSync(join(game, '.walkbox', 'project'))).toBe(true)
    expect((await later.recentProjects()).find((r) => r.game === 'godot')?.readOnly).toBeUndefined()
  })

  it('refuses a malformed request in one line', async () => {
    const { dir, game } = await setUp()
    const host = hostFor(dir, game, [], join(dir, 'kept'))
    const error = await hostHandlers(host)
      .openGameFolder({ readOnly: 'yes' })
      .catch((e: Error) => e)
    expect((error as Error).message).toMatch(/^openGameFolder: refused a malformed request at readOnly: /)
  })
})
