/**
 * A game whose import fails part way leaves its folder as it was (issues #18, #19): a copy of
 * the bench Escoria game opened in place while the disk fills up under one room's folder; the
 * open fails with one line naming the room, and the game folder lists the same before and
 * after: no `.walkbox/` left behind, or the one that was there untouched. A room the importer
 * makes is one the project keeps (issue #27): room04 given a 7 x 7 px scale texture, a size no
 * room of it has, opens with its scaling left out and named.
 *
 * Units: px; bytes.
 */
import { existsSync } from 'node:fs'
import { chmod, cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises'
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

/** A writable copy of the Escoria demo game. */
async function plainEscoria(): Promise<string> {
  const t = await tempFolder('walkbox-failed-import-')
  cleanups.push(t.remove)
  const game = join(t.dir, 'escoria-demo-game')
  await cp(benchPath('engines', 'escoria-demo-game'), game, { recursive: true })
  await writable(game)
  return game
}

/** A copy of the Escoria demo game whose room04 has a scale texture no room of its size can take. */
async function hostileEscoria(): Promise<string> {
  const game = await plainEscoria()

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
  it('a scale texture that is not the room size: the room opens without it, named; the project keeps every room', async () => {
    const game = await hostileEscoria()
    const opened = await openGameFolder(game)
    expect(opened.rooms.map((r) => r.id)).toEqual(['room2', 'room3', 'room4', 'room5'])
    const notes = opened.notes.join('\n')
    expect(notes).toContain(
      'scale texture forrest_height_texture.png is 7x7, the room 2387x801; scaling not imported',
    )
  })

  it('a room that cannot be written (a full disk): no .walkbox is left behind, and one line names the room', async () => {
    const game = await plainEscoria()
    const before = await folderListing(game)
    const error = await openGameFolder(game, {
      files: fullDiskUnder(game, '.walkbox/project/rooms/room4'),
    }).catch((e: Error) => e)
    expect(error).toBeInstanceOf(GameFolderError)
    expect((error as Error).message).toMatch(
      /^game\/rooms\/room04\/room04\.tscn: the room could not be kept in the Walkbox project \(.*ENOSPC.*\); nothing opened, and the game folder is as it was$/,
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
    const game = await plainEscoria()
    await mkdir(join(game, '.walkbox/game-backups/2026-01-01T00-00-00-000Z/game'), { recursive: true })
    await writeFile(join(game, '.walkbox/game-backups/2026-01-01T00-00-00-000Z/game/x.tscn'), 'kept\n')
    await writeFile(join(game, '.walkbox/notes.txt'), 'the author keeps notes here\n')
    const before = await listing(game)
    const error = await openGameFolder(game, {
      files: fullDiskUnder(game, '.walkbox/project/rooms/room4'),
    }).catch((e: Error) => e)
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

  it('opens the same game once the disk has room again', async () => {
    const game = await plainEscoria()
    await openGameFolder(game, { files: fullDiskUnder(game, '.walkbox/project/rooms/room4') }).catch(
      () => null,
    )
    const opened = await openGameFolder(game)
    expect(opened.imported).toBe(true)
    expect(opened.rooms.map((r) => r.id)).toEqual(['room2', 'room3', 'room4', 'room5'])
  })
})
