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
 * A game folder Walkbox may not write (a read-only mount, a CD, another user's folder) opens
 * all the same, and nothing is written into it, not even `.walkbox/`: its rooms (or its
 * Walkbox project, when it has one) go into a scratch project folder outside the game, and
 * `readOnly` says why in one line; edits are kept with Save As elsewhere.
 *
 * Glossary
 * - game folder: an AGS, Godot or Tiled game's own folder (see game-folder.ts).
 * - scratch project: the Walkbox project of a read-only game, in a folder of its own outside
 *   the game (replaced at each open).
 * - plan fingerprint: a digest of a write-back plan (paths, before and after bytes); Write
 *   runs only when planning again gives the same fingerprint the author was shown.
 *
 * Units: bytes.
 */
import { createHash } from 'node:crypto'
import { rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { deflateSync, gunzipSync, inflateSync } from 'node:zlib'
import {
  GAME_BACKUPS_DIR,
  GAME_LINK_FILE,
  GAME_WALKBOX_DIR,
  GameFolderError,
  commitGameWrite,
  detectGameFolder,
  failedImportLine,
  keepGameWalkbox,
  leftoverProjectProblem,
  noBackgroundOf,
  roomLink,
  planFingerprint,
  gameLinkText,
  gameReadNotes,
  parseGameLink,
  planGameWrite,
  readGameFolder,
  recoverGameWrite,
  type GameCodec,
  type GameLink,
  type GameRead,
  type GameRoomState,
  type GameWritePlan,
} from '../../shared/formats/game-folder'
import type { GameFolderInfo } from '../../shared/host'
import { readImageHeader } from '../../shared/room/image-header'
import { idFromName, nameFromFileName } from '../../shared/room/names'
import { ownStoredFiles, placeStoredProject } from '../../shared/room/project-store'
import { PROJECT_FILE_NAME } from '../../shared/room/schema'
import { commitSave, JOURNAL_FILE, type ProjectFiles } from '../../shared/room/unit-save'
import { decodeImage } from './image-codec'
import { diskProjectFiles, makeFolders } from './project-files'
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
  /**
   * Why Walkbox may not write into the game folder, one line, or null when it may. When set,
   * `folder` is a scratch project outside the game and nothing was written into the game.
   */
  readOnly: string | null
}

export interface OpenGameOptions {
  appVersion?: string
  /** The game folder's files (tests inject a layer that refuses writes); default: the folder on disk. */
  files?: ProjectFiles
  /** Where a read-only game's project goes (replaced at each open); default: under the OS temp folder. */
  scratch?: string
  /**
   * Open the game read-only by the author's choice (File › Open Game Folder Read-Only…): no
   * write is tried in it (no probe), it opens through a scratch project as a folder Walkbox
   * may not write does, and `readOnly` is READ_ONLY_CHOSEN_LINE.
   */
  readOnly?: boolean
}

/** The errors that mean "this folder may not be written" (not a full disk, not a bug). */
const READ_ONLY_CODES: Record<string, string> = {
  EROFS: 'a read-only file system',
  EACCES: 'no permission to write in it',
  EPERM: 'no permission to write in it',
}

/** A scratch project folder for a read-only game, one per game path (under `root`). */
export function scratchFolderFor(game: string, root = join(tmpdir(), 'walkbox-read-only-games')): string {
  const digest = createHash('sha256').update(resolve(game)).digest('hex').slice(0, 12)
  const name =
    basename(resolve(game))
      .replace(/[^\w.-]+/g, '-')
      .slice(0, 40) || 'game'
  return join(root, `${name}-${digest}`)
}

/** The one line a read-only game folder is opened with: why, and where edits go. */
export function readOnlyGameLine(why: string): string {
  return `its folder cannot be written (${why}): Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere`
}

/** The one line a game folder the author chose to open read-only is opened with. */
export const READ_ONLY_CHOSEN_LINE =
  'Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere'

/**
 * May Walkbox write into the game? Tried where it would write first (`.walkbox/`): a probe
 * file made and removed. Null when it may, else why not (nothing is left behind either way).
 */
async function writeRefusal(files: ProjectFiles): Promise<string | null> {
  const probe = `${GAME_WALKBOX_DIR}/.walkbox-probe-${process.pid}`
  const had = await files.kind(GAME_WALKBOX_DIR)
  try {
    await files.write(probe, new Uint8Array())
    await files.remove(probe)
    return null
  } catch (e) {
    const why = READ_ONLY_CODES[(e as NodeJS.ErrnoException)?.code ?? '']
    if (!why) throw e
    // A folder made before the write was refused is taken away again.
    if (had === null) await files.removeTree(GAME_WALKBOX_DIR).catch(() => undefined)
    return why
  }
}

const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]

/** The same files seen from the folder `under` (a game's `.walkbox/project`). */
function filesUnder(files: ProjectFiles, under: string): ProjectFiles {
  const at = (p: string) => (p ? `${under}/${p}` : under)
  return {
    read: (p) => files.read(at(p)),
    size: (p) => files.size(at(p)),
    write: (p, bytes, o) => files.write(at(p), bytes, o?.modeFrom ? { ...o, modeFrom: at(o.modeFrom) } : o),
    rename: (a, b) => files.rename(at(a), at(b)),
    remove: (p) => files.remove(at(p)),
    removeTree: (p) => files.removeTree(at(p)),
    kind: (p) => files.kind(at(p)),
    list: (p) => files.list(at(p)),
    copy: (a, b) => files.copy(at(a), at(b)),
    freeBytes: () => files.freeBytes(),
  }
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

async function readLink(game: string, files = diskProjectFiles(game)): Promise<GameLink> {
  const bytes = await files.read(GAME_LINK_FILE)
  if (!bytes) throw new GameFolderError(`${GAME_LINK_FILE}: missing`)
  return parseGameLink(new TextDecoder().decode(bytes))
}

/** The game's rooms read into the new Walkbox project `projectFolder`; returns the link record. */
async function importRooms(
  read: GameRead,
  projectFolder: string,
  name: string,
  options: { appVersion?: string; files?: ProjectFiles },
): Promise<GameLink> {
  await store.createProject(projectFolder, read.name || nameFromFileName(name) || 'Game', options)
  const taken: string[] = []
  const link: GameLink = { format: 'walkbox-game-link', version: 1, engine: read.kind, rooms: [] }
  for (const r of read.rooms) {
    const room = r.result.room
    room.id = idFromName(room.id, taken)
    taken.push(room.id)
    try {
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
    } catch (e) {
      throw new GameFolderError(
        `${r.file}: the room could not be kept in the Walkbox project (${oneLine(e)})`,
      )
    }
    link.rooms.push(roomLink(r, room.id))
  }
  return link
}

/**
 * A game folder Walkbox may not write, opened through a scratch project: its own Walkbox
 * project copied there when it has one (flags, characters, authored polygons), else its rooms
 * read into a new one. Only the scratch folder is written.
 */
async function openReadOnlyGame(
  game: string,
  files: ProjectFiles,
  line: string,
  read: GameRead | null,
  options: OpenGameOptions,
): Promise<OpenedGame> {
  const scratch = resolve(options.scratch ?? scratchFolderFor(game))
  if (scratch === game || scratch.startsWith(`${game}/`) || game.startsWith(`${scratch}/`))
    throw new GameFolderError(`${scratch}: a scratch folder must be outside the game folder`)
  await rm(scratch, { recursive: true, force: true })
  await makeFolders(scratch)
  const warnings: string[] = []
  if ((await files.kind(JOURNAL_FILE)) !== null)
    warnings.push(
      `a write into the game was stopped by a crash and is not finished while the game is open read-only; the game's files may be part old, part new (backups in ${GAME_BACKUPS_DIR})`,
    )
  const inGame = filesUnder(files, GAME_PROJECT_DIR)
  if (read === null) {
    const link = await readLink(game, files)
    await placeStoredProject(
      store.diskStore(scratch, { appVersion: options.appVersion }),
      await ownStoredFiles(inGame),
      join(game, GAME_PROJECT_DIR),
    )
    const opened = await store.openProject(scratch)
    return {
      ...opened,
      warnings: [...opened.warnings, ...warnings],
      game,
      link,
      imported: false,
      notes: [],
      readOnly: line,
    }
  }
  const link = await importRooms(read, scratch, basename(game), { appVersion: options.appVersion })
  const opened = await store.openProject(scratch)
  return {
    ...opened,
    warnings: [...opened.warnings, ...warnings],
    game,
    link,
    imported: true,
    notes: gameReadNotes(read),
    readOnly: line,
  }
}

/**
 * Open a game folder: its Walkbox project when it has one (finishing a write-back a crash
 * stopped), else its rooms read into a new one. Refuses a folder that is no game. A folder
 * Walkbox may not write opens through a scratch project (`readOnly` says why), and so does
 * any game with `options.readOnly` (nothing tried in it).
 */
export async function openGameFolder(gameDir: string, options: OpenGameOptions = {}): Promise<OpenedGame> {
  const game = resolve(gameDir)
  if (!(await stat(game).catch(() => null))?.isDirectory())
    throw new GameFolderError(`${gameDir}: not a folder`)
  const files = options.files ?? diskProjectFiles(game)
  const projectFolder = join(game, GAME_PROJECT_DIR)
  const hasProject =
    (await files.kind(`${GAME_PROJECT_DIR}/${PROJECT_FILE_NAME}`)) === 'file' &&
    (await files.kind(GAME_LINK_FILE)) === 'file'
  // Read first: a folder that is no game (or has no room Walkbox reads) is refused with nothing written.
  const read = hasProject ? null : await readGameFolder(files, nodeGameCodec)
  if (options.readOnly) return openReadOnlyGame(game, files, READ_ONLY_CHOSEN_LINE, read, options)
  // What of Walkbox's the game holds now: a first import that fails part way puts it back so.
  const putBack = await keepGameWalkbox(files)
  const why = await writeRefusal(files).catch(async (e: unknown) => {
    await putBack()
    throw e
  })
  if (why !== null) return openReadOnlyGame(game, files, readOnlyGameLine(why), read, options)
  if (hasProject) {
    const opened = await store.openProject(projectFolder)
    const warnings = await recoverGameWrite(files)
    const link = await readLink(game, files)
    return {
      ...opened,
      warnings: [...opened.warnings, ...warnings],
      game,
      link,
      imported: false,
      notes: [],
      readOnly: null,
    }
  }
  // A leftover project folder (no project file) is not written over: the author decides.
  const leftover = await leftoverProjectProblem(files)
  if (leftover) {
    await putBack()
    throw new GameFolderError(`${leftover}; nothing opened`)
  }
  let link: GameLink
  let opened: store.OpenedFolder
  try {
    link = await importRooms(read!, projectFolder, basename(game), {
      appVersion: options.appVersion,
      // Tests inject a layer whose writes fail; the project inside the game goes through it too.
      ...(options.files ? { files: filesUnder(files, GAME_PROJECT_DIR) } : {}),
    })
    await commitSave(files, [{ path: GAME_LINK_FILE, bytes: new TextEncoder().encode(gameLinkText(link)) }])
    opened = await store.openProject(projectFolder)
  } catch (e) {
    throw new GameFolderError(failedImportLine(e, await putBack()))
  }
  return {
    ...opened,
    game,
    link,
    imported: true,
    notes: gameReadNotes(read!),
    readOnly: null,
  }
}

/** Is `dir` a game folder Walkbox opens in place (AGS, Godot, Tiled)? */
export async function isGameFolder(dir: string): Promise<boolean> {
  if (!(await stat(dir).catch(() => null))?.isDirectory()) return false
  return (await detectGameFolder(diskProjectFiles(dir)).catch(() => null)) !== null
}

/** What the editor is told about the game a project belongs to, or undefined when it is none. */
export async function gameInfoOf(projectFolder: string): Promise<GameFolderInfo | undefined> {
  const game = await gameOfProject(projectFolder)
  if (!game) return undefined
  const link = await readLink(game)
  return {
    engine: link.engine,
    name: basename(game),
    rooms: link.rooms.length,
    readOnly: null,
    ...withNoBackground(link),
  }
}

/** GameFolderInfo's noBackground for a game's link, when a room has none. */
export function withNoBackground(link: GameLink): Pick<GameFolderInfo, 'noBackground'> {
  const noBackground = noBackgroundOf(link)
  return noBackground ? { noBackground } : {}
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
    rooms.set(r.roomId, {
      room: loaded.room,
      mask: loaded.mask?.cells ?? null,
      // An AGS 3 room's background is compared with its .crm's (a replaced one is refused).
      ...(link.engine === 'ags3'
        ? { background: loaded.background ?? null, backgroundFrames: loaded.backgroundFrames ?? [] }
        : {}),
    })
  }
  return {
    ...(await planGameWrite(diskProjectFiles(game), link, rooms, nodeGameCodec, opened.project.flags)),
    game,
  }
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
