/**
 * A game whose import fails part way leaves its folder as it was (issues #18, #19): a copy of
 * the bench Escoria game with one room made hostile (room04's ESCTerrain scale texture is
 * given, 7 x 7 px, a size no room of it has: the reader takes it, the project store refuses
 * the room) is opened in place; the open fails with one line naming the room, and the game
 * folder lists the same before and after: no `.walkbox/` left behind, or the one that was
 * there untouched. The same for a write that fails half-way through the import.
 *
 * Units: px; bytes.
 */
import { existsSync } from 'node:fs'
import { chmod, cp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { openGameFolder } from '../../../src/main/services/game-folder-store'
import { diskProjectFiles } from '../../../src/main/services/project-files'
import { GameFolderError } from '../../../src/shared/formats/game-folder'
import type { ProjectFiles } from '../../../src/shared/room/unit-save'
import { benchPath } from '../../support/bench-data'
import { folderListing } from '../../support/folder-listing'
import { tempFolder } from './helpers'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

/** Make every folder and file under `dir` writable by its owner (the bench is read-only). */
async function writable(dir: string): Promise<void> {
  await chmod(dir, ((await stat(dir)).mode & 0o777) | 0o700)
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name)
    if (e.isDirectory()) await writable(path)
    else await chmod(path, ((await stat(path)).mode & 0o777) | 0o600)
  }
}

/**
 * A game folder's listing where `.walkbox` was there before: its own modification time changes
 * as Walkbox's write probe comes and goes; what it holds must not.
 */
async function listing(game: string): Promise<string[]> {
  return (await folderListing(game)).map((l) => (l.startsWith('.walkbox ') ? '.walkbox (folder)' : l))
}

/** A copy of the Escoria demo game whose room04 has a scale texture no room of its size can take. */
async function hostileEscoria(): Promise<string> {
  const t = await tempFolder('walkbox-failed-import-')
  cleanups.push(t.remove)
  const game = join(t.dir, 'escoria-demo-game')
  await cp(benchPath('engines', 'escoria-demo-game'), game, { recursive: true })
  await writable(game)
  const png = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#808080' } })
    .png()
    .toBuffer()
  await mkdir(join(game, 'game/rooms/room04/assets'), { recursive: true })
  await writeFile(join(game, 'game/rooms/room04/assets/forrest_height_texture.png'), png)
  return game
}

/** The game's files on disk, whose writes under `under` fail as a full disk's do. */
function fullDiskUnder(game: string, under: string): ProjectFiles {
  const disk = diskProjectFiles(game)
  return {
    ...disk,
    write: async (path, bytes, options) => {
      if (path.startsWith(under))
        throw Object.assign(new Error(`ENOSPC: no space left on device, open '${join(game, path)}'`), {
          code: 'ENOSPC',
        })
      return disk.write(path, bytes, options)
    },
  }
}

describe('a game whose import fails part way (desktop)', () => {
  it('a room the project refuses: no .walkbox is left behind, and one line names the room', async () => {
    const game = await hostileEscoria()
    const before = await folderListing(game)
    const error = await openGameFolder(game).catch((e: Error) => e)
    expect(error).toBeInstanceOf(GameFolderError)
    expect((error as Error).message).toBe(
      "game/rooms/room04/room04.tscn: the room could not be kept in the Walkbox project (rooms/room4/room.json: scaling.map.file 'scalemap.png' is 7 x 7 px; expected the room size 2387 x 801 px); nothing opened, and the game folder is as it was",
    )
    expect(await folderListing(game)).toEqual(before)
    expect(existsSync(join(game, '.walkbox'))).toBe(false)
  })

  it('a write that fails half-way (a full disk): the game folder is as it was', async () => {
    const t = await tempFolder('walkbox-failed-import-')
    cleanups.push(t.remove)
    const game = join(t.dir, 'escoria-demo-game')
    await cp(benchPath('engines', 'escoria-demo-game'), game, { recursive: true })
    await writable(game)
    const before = await folderListing(game)
    // room2 goes in; the third room's files do not.
    const files = fullDiskUnder(game, '.walkbox/project/rooms/room4')
    const error = await openGameFolder(game, { files }).catch((e: Error) => e)
    expect((error as Error).message).toMatch(
      /^game\/rooms\/room04\/room04\.tscn: the room could not be kept in the Walkbox project \(Could not save .*ENOSPC.*\); nothing opened, and the game folder is as it was$/,
    )
    expect(await folderListing(game)).toEqual(before)
  })

  it('a .walkbox that was there already (backups of earlier writes) is left as it was', async () => {
    const game = await hostileEscoria()
    await mkdir(join(game, '.walkbox/game-backups/2026-01-01T00-00-00-000Z/game'), { recursive: true })
    await writeFile(join(game, '.walkbox/game-backups/2026-01-01T00-00-00-000Z/game/x.tscn'), 'kept\n')
    await writeFile(join(game, '.walkbox/notes.txt'), 'the author keeps notes here\n')
    const before = await listing(game)
    const error = await openGameFolder(game).catch((e: Error) => e)
    expect((error as Error).message).toMatch(
      /^game\/rooms\/room04\/room04\.tscn: .*the game folder is as it was$/,
    )
    expect(await listing(game)).toEqual(before)
  })

  it('does not write over a .walkbox/project that holds files but no project file', async () => {
    const t = await tempFolder('walkbox-failed-import-')
    cleanups.push(t.remove)
    const game = join(t.dir, 'escoria-demo-game')
    await cp(benchPath('engines', 'escoria-demo-game'), game, { recursive: true })
    await writable(game)
    await mkdir(join(game, '.walkbox/project/rooms/room2'), { recursive: true })
    await writeFile(join(game, '.walkbox/project/rooms/room2/room.json'), '{"left": "over"}\n')
    const before = await listing(game)
    const error = await openGameFolder(game).catch((e: Error) => e)
    expect((error as Error).message).toBe(
      '.walkbox/project holds files but no project.walkbox.json; move it out of the game folder to read the game afresh; nothing opened',
    )
    expect(await listing(game)).toEqual(before)
  })

  it('opens the same game once the hostile room is put right', async () => {
    const game = await hostileEscoria()
    await openGameFolder(game).catch(() => null)
    await rm(join(game, 'game/rooms/room04/assets/forrest_height_texture.png'))
    const opened = await openGameFolder(game)
    expect(opened.imported).toBe(true)
    expect(opened.rooms.map((r) => r.id)).toEqual(['room2', 'room3', 'room4', 'room5'])
  })
})
