/**
 * A game folder opened as a Walkbox project on the desktop and in the command line: the game
 * store (src/shared/game/game-store.ts) over the disk. This adapter only builds its
 * `GameHost` (`diskGameHost`: the game's files, sharp and zlib, the game project's and a
 * scratch project's stores, a write probe, the game's lock file, file modes) and keeps what
 * is the desktop's own: folders by path, the scratch folder's place, and which games this
 * process opened read-only.
 *
 * Layout inside the game folder:
 *   .walkbox/project/            the Walkbox project (project.walkbox.json, rooms/, backups/):
 *                                what the engine has no place for (flags, characters,
 *                                compare settings, authored polygons) lives here
 *   .walkbox/game-link.json      the engine and, per room, the game file it came from
 *   .walkbox/game-journal.json   a write into the game while it runs (game-journal.ts)
 *   .walkbox/game-backups/<t>/   the game files each write-back replaced (the newest 10)
 *   .walkbox-game-lock           while a write (or a recovery) runs: who holds the game
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
 *
 * Units: bytes.
 */
import { createHash } from 'node:crypto'
import { lstat, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve, sep } from 'node:path'
import { deflateSync, gunzipSync, inflateSync } from 'node:zlib'
import {
  GAME_LINK_FILE,
  GAME_WALKBOX_DIR,
  GameFolderError,
  detectGameFolder,
  noBackgroundOf,
  type GameCodec,
  type GameLink,
} from '../../shared/formats/game-folder'
import { GAME_LOCK_FILE, type GameHost } from '../../shared/game/game-host'
import {
  filesUnder,
  GAME_PROJECT_DIR,
  openGame,
  planGameSave as planStoredGameSave,
  READ_ONLY_CHOSEN_LINE,
  readGameLink,
  readOnlyGameLine,
  writeGameSave as writeStoredGameSave,
  type ReadOnlyGame,
} from '../../shared/game/game-store'
import { planFingerprint, type GameWritePlan } from '../../shared/game/game-plan'
import type { GameFolderInfo } from '../../shared/host'
import type { LayerMapping } from '../../shared/formats/tiled/layer-kinds'
import { readImageHeader } from '../../shared/room/image-header'
import { nameFromFileName } from '../../shared/room/names'
import type { ProjectFiles } from '../../shared/room/unit-save'
import { withFileLock } from './file-lock'
import { decodeImage } from './image-codec'
import { diskProjectFiles, makeFolders } from './project-files'
import * as store from './project-store'

export { GAME_PROJECT_DIR, planFingerprint, READ_ONLY_CHOSEN_LINE, readOnlyGameLine }

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
    const limit = Math.max(1, maxBytes)
    try {
      const options = { maxOutputLength: limit }
      return new Uint8Array(compression === 'zlib' ? inflateSync(data, options) : gunzipSync(data, options))
    } catch (e) {
      // Said as the browser says it (renderer/platform/host/tile-inflate.ts): the limit, or damaged data.
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new Error(`${compression}: inflates past the ${limit} bytes the layer holds; refused`)
      throw new Error(`${compression}: damaged or truncated data`)
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

export interface DiskGameOptions {
  appVersion?: string
  /** The game folder's files (tests inject a layer that fails writes); default: the folder on disk. */
  files?: ProjectFiles
  /** Where a read-only game's project goes (replaced at each open); default: under the OS temp folder. */
  scratch?: string
  /** How long a second writer waits for the first (default 30 s). */
  lockWaitMs?: number
  /** Tests: called before the game's lock file is written (to fail it as a full disk does). */
  lockBeforeWrite?: (path: string) => void | Promise<void>
  keepBackups?: number
}

export interface OpenGameOptions extends DiskGameOptions {
  /**
   * Open the game read-only by the author's choice (File › Open Game Folder Read-Only…): no
   * write is tried in it (no probe), it opens through a scratch project as a folder Walkbox
   * may not write does, and `readOnly` is READ_ONLY_CHOSEN_LINE.
   */
  readOnly?: boolean
  /** Per engine, options its room reader takes, passed on untouched. */
  readOptions?: Record<string, unknown>
  /** A Tiled game's layers read as these kinds (layer-kinds.ts), when its rooms are read (`readOptions.layers`). */
  tiledLayers?: LayerMapping
  /** Move the game's Walkbox project to .walkbox/set-aside/ first and read the game afresh. */
  setAside?: boolean
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

/** The games this process opened read-only (game folder -> why), so that no request writes into them. */
const readOnlyGames = new Map<string, ReadOnlyGame>()

const inside = (folder: string, game: string) => folder === game || folder.startsWith(`${game}${sep}`)

/**
 * Why nothing may be written at `folder` (a game this process opened read-only, or anything
 * inside it, whatever path a request names), one line; null when it may.
 */
export function readOnlyGameRefusal(folder: string): string | null {
  const full = resolve(folder)
  for (const [game, readOnly] of readOnlyGames)
    if (inside(full, game))
      return `${readOnly.chosen ? `you opened the game ${basename(game)} read-only` : `the game ${basename(game)} is read-only here`}: ${readOnly.line}`
  return null
}

/** The game store's host for the game folder `game` (absolute) on disk. */
export function diskGameHost(game: string, options: DiskGameOptions = {}): GameHost {
  const files = options.files ?? diskProjectFiles(game)
  const scratch = resolve(options.scratch ?? scratchFolderFor(game))
  const projectFolder = join(game, GAME_PROJECT_DIR)
  const project = store.diskStore(projectFolder, {
    appVersion: options.appVersion,
    keepBackups: options.keepBackups,
    // Tests inject a layer whose writes fail; the project inside the game goes through it too.
    ...(options.files ? { files: filesUnder(files, GAME_PROJECT_DIR) } : {}),
  })
  return {
    files,
    codec: nodeGameCodec,
    // Its lock file lives in its folder, made for the first import (under the game's lock).
    project: {
      ...project,
      lock: async (work) => {
        await makeFolders(projectFolder)
        return project.lock(work)
      },
    },
    async scratch() {
      if (inside(scratch, game) || inside(game, scratch))
        throw new GameFolderError(`${scratch}: a scratch folder must be outside the game folder`)
      await rm(scratch, { recursive: true, force: true })
      await makeFolders(scratch)
      return store.diskStore(scratch, { appVersion: options.appVersion })
    },
    async writeRefusal() {
      // Tried where Walkbox writes first (`.walkbox/`): a probe file made and removed, and a
      // `.walkbox/` made for it taken away again.
      const probe = `${GAME_WALKBOX_DIR}/.walkbox-probe-${process.pid}`
      const had = await files.kind(GAME_WALKBOX_DIR)
      try {
        await files.write(probe, new Uint8Array())
        await files.remove(probe)
        return null
      } catch (e) {
        const why = READ_ONLY_CODES[(e as NodeJS.ErrnoException)?.code ?? '']
        if (!why) throw e
        return why
      } finally {
        if (had === null) await files.removeTree(GAME_WALKBOX_DIR).catch(() => undefined)
      }
    },
    lock: (work, { take }) =>
      withFileLock(
        game,
        {
          name: GAME_LOCK_FILE,
          take,
          waitMs: options.lockWaitMs,
          beforeWrite: options.lockBeforeWrite,
          busy: (by) =>
            `${game}: ${by} is writing into this game; nothing was changed; try again when it has finished (if no Walkbox runs, delete ${GAME_LOCK_FILE})`,
        },
        work,
      ),
    async readOnlyFile(path) {
      const info = await lstat(join(game, ...path.split('/'))).catch(() => null)
      return info !== null && info.isFile() && (info.mode & 0o222) === 0
    },
    appVersion: options.appVersion,
    keepBackups: options.keepBackups,
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

/**
 * Open a game folder (game-store.ts `openGame`): its Walkbox project when it has one (a write
 * a crash stopped finished or rolled back first), else its rooms read into a new one. A
 * folder Walkbox may not write, or any game with `options.readOnly`, opens through a scratch
 * project (`readOnly` says why) and is remembered, so that no request writes into it.
 */
export async function openGameFolder(gameDir: string, options: OpenGameOptions = {}): Promise<OpenedGame> {
  const game = resolve(gameDir)
  if (!(await stat(game).catch(() => null))?.isDirectory())
    throw new GameFolderError(`${gameDir}: not a folder`)
  const opened = await openGame(diskGameHost(game, options), {
    readOnly: options.readOnly,
    folderName: nameFromFileName(basename(game)),
    readOptions: options.tiledLayers
      ? { ...options.readOptions, layers: options.tiledLayers }
      : options.readOptions,
    setAside: options.setAside,
  })
  if (opened.readOnly) readOnlyGames.set(game, opened.readOnly)
  else readOnlyGames.delete(game)
  const folder = opened.readOnly
    ? resolve(options.scratch ?? scratchFolderFor(game))
    : join(game, GAME_PROJECT_DIR)
  return {
    folder,
    ...opened.stored,
    warnings: [...opened.stored.warnings, ...opened.warnings],
    game,
    link: opened.link,
    imported: opened.imported,
    notes: opened.notes,
    readOnly: opened.readOnly?.line ?? null,
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
  const link = await readGameLink(diskProjectFiles(game))
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

/** The game of a project opened from a game folder, or a one-line refusal. */
async function gameOf(projectFolder: string): Promise<string> {
  const game = await gameOfProject(projectFolder)
  if (!game) throw new GameFolderError(`${projectFolder}: not a project opened from a game folder`)
  return game
}

/** What the saved Walkbox project would change in the game's files (nothing is written but a recovery). */
export async function planGameSave(
  projectFolder: string,
  options: DiskGameOptions = {},
): Promise<GameWritePlan & { game: string; warnings: string[] }> {
  const game = await gameOf(projectFolder)
  return { ...(await planStoredGameSave(diskGameHost(game, options), readOnlyGames.get(game) ?? null)), game }
}

/**
 * Write the saved project's edits into the game, as the plan with `fingerprint` listed
 * them (planned again inside the game's lock: a game that changed since is refused, nothing written).
 */
export async function writeGameSave(
  projectFolder: string,
  fingerprint: string,
  options: DiskGameOptions = {},
): Promise<{ game: string; written: string[]; backup: string | null; notes: string[]; warnings: string[] }> {
  const game = await gameOf(projectFolder)
  const done = await writeStoredGameSave(
    diskGameHost(game, options),
    fingerprint,
    readOnlyGames.get(game) ?? null,
  )
  return { game, ...done }
}
