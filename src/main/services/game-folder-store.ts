/**
 * A game folder opened as a Walkbox project on the desktop (and in the command line): the
 * shared game-folder code (src/shared/formats/game-folder.ts) over the disk.
 *
 * Layout inside the game folder:
 *   .walkbox/project/            the Walkbox project (project.walkbox.json, rooms/, backups/):
 *                                what the engine has no place for (flags, characters,
 *                                compare settings, authored polygons) lives here
 *   .walkbox/game-link.json      the engine and, per room, the game file it came from
 *   .walkbox/game-backups/<t>/   the game files each write-back replaced
 * Opening the game folder again opens `.walkbox/project`; the first open reads the game's
 * rooms into it.
 *
 * Glossary
 * - game folder: an AGS, Godot or Tiled game's own folder (see game-folder.ts).
 * - plan fingerprint: a digest of a write-back plan (paths, before and after bytes); Write
 *   runs only when planning again gives the same fingerprint the author was shown.
 *
 * Units: bytes.
 */
import { stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { deflateSync, gunzipSync, inflateSync } from 'node:zlib'
import {
  GAME_LINK_FILE,
  GAME_WALKBOX_DIR,
  AGS3_READ_ONLY,
  GameFolderError,
  commitGameWrite,
  detectGameFolder,
  planFingerprint,
  gameLinkText,
  gameReadNotes,
  parseGameLink,
  planGameWrite,
  readGameFolder,
  recoverGameWrite,
  type GameCodec,
  type GameLink,
  type GameRoomState,
  type GameWritePlan,
} from '../../shared/formats/game-folder'
import { readImageHeader } from '../../shared/room/image-header'
import { idFromName, nameFromFileName } from '../../shared/room/names'
import { PROJECT_FILE_NAME } from '../../shared/room/schema'
import { commitSave } from '../../shared/room/unit-save'
import { decodeImage } from './image-codec'
import { diskProjectFiles } from './project-files'
import * as store from './project-store'

/** The Walkbox project's folder inside a game folder. */
export const GAME_PROJECT_DIR = `${GAME_WALKBOX_DIR}/project`
export { planFingerprint }

export const nodeGameCodec: GameCodec = {
  decodeImage: async (bytes, name) => {
    const img = await decodeImage(bytes, name)
    return { width: img.width, height: img.height, data: img.data }
  },
  imageSize: (bytes) => {
    try {
      return readImageHeader(bytes, 'image')
    } catch {
      return null
    }
  },
  // Tiled tile layers: never more than the layer holds (maxOutputLength stops zlib there);
  // zstd layers are decoded by tile-data.ts itself, as on every host.
  inflate: async (data, compression, maxBytes) => {
    const options = { maxOutputLength: Math.max(1, maxBytes) }
    try {
      return new Uint8Array(compression === 'zlib' ? inflateSync(data, options) : gunzipSync(data, options))
    } catch (e) {
      throw new Error(`${compression}: ${(e as Error).message}`)
    }
  },
  deflate: (bytes) => new Uint8Array(deflateSync(bytes)),
}

export interface OpenedGame extends store.OpenedFolder {
  /** The game folder (absolute). */
  game: string
  link: GameLink
  /** True when this open read the game's rooms into a new Walkbox project. */
  imported: boolean
  /** What reading the game assumed or left out, one line each. */
  notes: string[]
}

async function isFileAt(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() === true
}

/** The game folder a project folder belongs to, or null when the project is not a game's. */
export async function gameOfProject(projectFolder: string): Promise<string | null> {
  const folder = resolve(projectFolder)
  if (basename(folder) !== 'project' || basename(dirname(folder)) !== GAME_WALKBOX_DIR) return null
  const game = dirname(dirname(folder))
  return (await isFileAt(join(game, GAME_LINK_FILE))) ? game : null
}

async function readLink(game: string): Promise<GameLink> {
  const bytes = await diskProjectFiles(game).read(GAME_LINK_FILE)
  if (!bytes) throw new GameFolderError(`${GAME_LINK_FILE}: missing`)
  return parseGameLink(new TextDecoder().decode(bytes))
}

/**
 * Open a game folder: its Walkbox project when it has one (finishing a write-back a crash
 * stopped), else its rooms read into a new one. Refuses a folder that is no game.
 */
export async function openGameFolder(
  gameDir: string,
  options: { appVersion?: string } = {},
): Promise<OpenedGame> {
  const game = resolve(gameDir)
  if (!(await stat(game).catch(() => null))?.isDirectory())
    throw new GameFolderError(`${gameDir}: not a folder`)
  const files = diskProjectFiles(game)
  const projectFolder = join(game, GAME_PROJECT_DIR)
  if (
    (await isFileAt(join(projectFolder, PROJECT_FILE_NAME))) &&
    (await isFileAt(join(game, GAME_LINK_FILE)))
  ) {
    const opened = await store.openProject(projectFolder)
    const warnings = await recoverGameWrite(files)
    const link = await readLink(game)
    return { ...opened, warnings: [...opened.warnings, ...warnings], game, link, imported: false, notes: [] }
  }
  const read = await readGameFolder(files, nodeGameCodec)
  await store.createProject(projectFolder, read.name || nameFromFileName(basename(game)) || 'Game', options)
  const taken: string[] = []
  const link: GameLink = { format: 'walkbox-game-link', version: 1, engine: read.kind, rooms: [] }
  for (const r of read.rooms) {
    const room = r.result.room
    room.id = idFromName(room.id, taken)
    taken.push(room.id)
    await store.addRoom(
      projectFolder,
      room,
      {
        ...(r.result.background ? { background: r.result.background.bytes } : {}),
        ...(r.result.backgroundFrames
          ? { backgroundFrames: r.result.backgroundFrames.map((f) => f.bytes) }
          : {}),
        ...(r.result.mask
          ? { mask: { width: room.size.width, height: room.size.height, cells: r.result.mask } }
          : {}),
        ...(r.result.scaleMap ? { scaleMap: r.result.scaleMap.bytes } : {}),
      },
      { flags: r.result.flags, ...options },
    )
    link.rooms.push({ roomId: room.id, file: r.file })
  }
  await commitSave(files, [{ path: GAME_LINK_FILE, bytes: new TextEncoder().encode(gameLinkText(link)) }])
  const opened = await store.openProject(projectFolder)
  return {
    ...opened,
    game,
    link,
    imported: true,
    notes: gameReadNotes(read),
  }
}

/** Is `dir` a game folder Walkbox opens in place (AGS, Godot, Tiled)? */
export async function isGameFolder(dir: string): Promise<boolean> {
  if (!(await stat(dir).catch(() => null))?.isDirectory()) return false
  return (await detectGameFolder(diskProjectFiles(dir)).catch(() => null)) !== null
}

/** What the editor is told about the game a project belongs to, or undefined when it is none. */
export async function gameInfoOf(
  projectFolder: string,
): Promise<{ engine: GameLink['engine']; name: string; rooms: number; readOnly: string | null } | undefined> {
  const game = await gameOfProject(projectFolder)
  if (!game) return undefined
  const link = await readLink(game)
  return {
    engine: link.engine,
    name: basename(game),
    rooms: link.rooms.length,
    readOnly: link.engine === 'ags3' ? AGS3_READ_ONLY : null,
  }
}

/** What the saved Walkbox project would change in the game's files (nothing is written). */
export async function planGameSave(projectFolder: string): Promise<GameWritePlan & { game: string }> {
  const game = await gameOfProject(projectFolder)
  if (!game) throw new GameFolderError(`${projectFolder}: not a project opened from a game folder`)
  // A write-back a crash stopped is finished (or dropped) before anything is compared.
  await recoverGameWrite(diskProjectFiles(game))
  const link = await readLink(game)
  const rooms = new Map<string, GameRoomState>()
  const opened = await store.openProject(projectFolder)
  for (const r of link.rooms) {
    if (!opened.project.rooms.some((p) => p.id === r.roomId)) continue
    const loaded = await store.loadRoom(projectFolder, r.roomId)
    if (loaded.problems.length > 0)
      throw new GameFolderError(`room '${r.roomId}': ${loaded.problems[0].message}; nothing written`)
    rooms.set(r.roomId, { room: loaded.room, mask: loaded.mask?.cells ?? null })
  }
  return { ...(await planGameWrite(diskProjectFiles(game), link, rooms, nodeGameCodec)), game }
}

/**
 * Write the saved project's edits into the game, as the plan with `fingerprint` listed
 * them (planned again here: a game that changed since is refused, nothing written).
 */
export async function writeGameSave(
  projectFolder: string,
  fingerprint: string,
): Promise<{ game: string; written: string[]; backup: string | null; notes: string[] }> {
  const plan = await planGameSave(projectFolder)
  if (planFingerprint(plan) !== fingerprint)
    throw new GameFolderError(
      'the game or the project changed since the changes were listed; Save again to see them; nothing written',
    )
  const done = await commitGameWrite(diskProjectFiles(plan.game), plan.changes)
  return { game: plan.game, ...done, notes: plan.notes }
}
