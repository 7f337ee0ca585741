/**
 * Game folders in the browser edition: the author picks a game's folder with the File
 * System Access API (`showDirectoryPicker`, Chromium), and the game store, the same code as
 * the desktop's (src/shared/game/game-store.ts), opens it, reads its rooms and writes edits
 * back into its files in place, over the picked FileSystemDirectoryHandle. This adapter only
 * builds its `GameHost` (`opfsGameHost`: the picked folder's files, the browser's codec, the
 * game project and a scratch project in OPFS, the folder's permission and a write probe, Web
 * Locks) and keeps what is the browser's own: picking, refs, kept handles, access asked
 * again. The Walkbox project lives in the game folder's `.walkbox/project` and is opened,
 * loaded and saved by the browser host's ordinary project code: only where a ref's folder is
 * differs (`gameProjectDir`). An OPFS folder is a FileSystemDirectoryHandle too, so tests
 * hand one in as the pick.
 *
 * A folder the author lets Walkbox read but not write (write access asked for and refused)
 * opens read-only: its rooms (or its Walkbox project, when it has one) go into a scratch
 * project in the page's own storage (OPFS `read-only-games/`), nothing is written into the
 * game, not even `.walkbox`, and Save offers Save As. File › Open Game Folder Read-Only…
 * opens any game so on purpose: the picker asks for read access only, and no write is tried.
 *
 * Glossary
 * - game ref: `game:<folder name>`: a picked game folder. Its handle is kept in IndexedDB
 *   (game-handles.ts), so a game in the recent list opens again after a reload, once the
 *   browser has asked the author for access again.
 * - scratch project: a read-only game's Walkbox project, in OPFS, made again at each open.
 *
 * Units: bytes.
 */
import type {
  GameFolderInfo,
  GameSavePlan,
  GameSaveResult,
  OpenedProject,
  OpenGameFolderRequest,
} from '../../../shared/host'
import type { WalkboxHost } from '../../../shared/host-methods'
import {
  GAME_LINK_FILE,
  GAME_WALKBOX_DIR,
  detectGameFolder,
  noBackgroundOf,
  type GameCodec,
  type GameLink,
} from '../../../shared/formats/game-folder'
import type { GameHost } from '../../../shared/game/game-host'
import {
  filesUnder,
  GAME_PROJECT_DIR,
  openGame,
  planGameSave,
  READ_ONLY_CHOSEN_LINE,
  readGameLink,
  readOnlyGameLine,
  writeGameSave,
  type ReadOnlyGame,
} from '../../../shared/game/game-store'
import { planForAuthor } from '../../../shared/game/game-plan'
import type { StoreHost } from '../../../shared/room/project-store'
import type { ProjectFiles } from '../../../shared/room/unit-save'
import { readImageHeader } from './image-header'
import { opfsProjectFiles } from './opfs-files'
import { browserImageCodec, decodeImageFile } from './png'
import { inflateTileData } from './tile-inflate'
import { folderAccess, forgetGameHandles, recallGameHandle, rememberGameHandle } from './game-handles'
import { withWebLock } from './web-locks'

type Dir = FileSystemDirectoryHandle

const GAME_REF_PREFIX = 'game:'
const APP_VERSION = '0.1.0'
/** Game folders picked in this tab, by ref. */
const games = new Map<string, Dir>()
/**
 * The read-only games among them: their scratch project folder, link record, and why nothing
 * is written (whether the author chose read-only, or write access was refused).
 */
const readOnlyGames = new Map<string, { project: Dir; link: GameLink; readOnly: ReadOnlyGame }>()
/** The OPFS folder of read-only games' scratch projects. */
const SCRATCH_DIR = 'read-only-games'

/** Why a folder whose write access was refused is read-only (GameHost.writeRefusal). */
const WRITE_REFUSED = 'write access was refused'
export { READ_ONLY_CHOSEN_LINE }
/** The one line a game whose write access was refused is opened with. */
export const READ_ONLY_GAME_LINE = readOnlyGameLine(WRITE_REFUSED)

export function isGameRef(ref: string): boolean {
  return ref.startsWith(GAME_REF_PREFIX)
}

const nameOf = (ref: string) => ref.slice(GAME_REF_PREFIX.length)

function gameDir(ref: string): Dir {
  const dir = games.get(ref)
  if (!dir)
    throw new Error(
      `The game folder '${nameOf(ref)}' is not open in this tab any more; open it again with File › Open Game Folder.`,
    )
  return dir
}

/**
 * A game ref's folder picked in an earlier tab (the recent list): its handle from
 * IndexedDB, after the browser asks the author for access again (`want` 'read': read access
 * only, a game the author opened read-only). Returns the access given.
 */
async function reopenGame(
  ref: string,
  want: 'read' | 'readwrite' = 'readwrite',
): Promise<'read' | 'readwrite'> {
  if (games.has(ref)) return readOnlyGames.has(ref) || want === 'read' ? 'read' : 'readwrite'
  const name = nameOf(ref)
  const dir = await recallGameHandle(ref).catch(() => null)
  if (!dir) gameDir(ref)
  // Asked from the author's click (Open Recent); at start-up the browser refuses to ask.
  const access = await folderAccess(dir!, want)
  if (access === null)
    throw new Error(
      `Walkbox was not allowed to use the game folder '${name}' again; choose it in File › Open Recent and allow access, or open it with File › Open Game Folder.`,
    )
  // The folder may have been moved, renamed or deleted since: its Walkbox link is the proof
  // (a read-only game has none: Walkbox never wrote there; it must still be a game).
  const files = opfsProjectFiles(dir!)
  const linked = await files.kind(GAME_LINK_FILE).catch(() => null)
  const stillThere =
    linked === 'file' || (access === 'read' && (await detectGameFolder(files).catch(() => null)) !== null)
  if (!stillThere)
    throw new Error(
      `The game folder '${name}' is not there any more, or no longer holds its Walkbox link (${GAME_LINK_FILE}); open it again with File › Open Game Folder.`,
    )
  games.set(ref, dir!)
  return access
}

/**
 * Forget the kept folders of game refs that left the recent list (a folder open in this tab
 * stays usable until the tab closes).
 */
export async function forgetGames(refs: readonly string[]): Promise<void> {
  await forgetGameHandles(refs.filter(isGameRef)).catch(() => undefined)
}

/** The Walkbox project folder of a game ref, or null for any other ref. */
export async function gameProjectDir(ref: string): Promise<Dir | null> {
  if (!isGameRef(ref)) return null
  const scratch = readOnlyGames.get(ref)
  if (scratch) return scratch.project
  if ((await reopenGame(ref)) === 'read')
    throw new Error(
      `The game folder '${nameOf(ref)}' may only be read; open it from File › Open Recent or File › Open Game Folder.`,
    )
  const walkbox = await gameDir(ref).getDirectoryHandle(GAME_WALKBOX_DIR)
  return walkbox.getDirectoryHandle('project')
}

/** What the editor is told about the game of a ref (undefined for any other ref). */
export async function gameInfoFor(ref: string): Promise<GameFolderInfo | undefined> {
  if (!isGameRef(ref) || !games.has(ref)) return undefined
  const scratch = readOnlyGames.get(ref)
  const link = scratch?.link ?? (await readGameLink(opfsProjectFiles(gameDir(ref))))
  const noBackground = noBackgroundOf(link)
  return {
    engine: link.engine,
    name: nameOf(ref),
    rooms: link.rooms.length,
    readOnly: null,
    ...(scratch ? { readOnlyFolder: scratch.readOnly.line } : {}),
    ...(scratch?.readOnly.chosen ? { readOnlyChosen: true as const } : {}),
    ...(noBackground ? { noBackground } : {}),
  }
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** The game store's codec in the browser: its image decoder, headers, tile inflating, deflate. */
export const browserGameCodec: GameCodec = {
  decodeImage: (bytes, name) => decodeImageFile(bytes, name.slice(name.lastIndexOf('/') + 1) || 'image.png'),
  imageSize: (bytes) => {
    try {
      return readImageHeader(bytes, 'image')
    } catch {
      return null
    }
  },
  // Tiled tile layers compressed with zlib or gzip, bounded by the layer's size.
  inflate: inflateTileData,
  deflate,
}

/** A project store over `files` in the browser, sharing the Web Lock of the project `ref`. */
function projectStore(ref: string, files: ProjectFiles): StoreHost {
  return {
    files,
    codec: browserImageCodec,
    lock: (work) => withWebLock(`walkbox-project:${ref}`, work),
    appVersion: APP_VERSION,
  }
}

/** DOMException names a folder gives when it may not be written (a read-only medium, a refused permission). */
const WRITE_REFUSALS = new Set(['NoModificationAllowedError', 'NotAllowedError', 'SecurityError'])

/**
 * Does the game folder take a write, though the browser granted write access (a read-only
 * medium)? Tried where Walkbox writes first (`.walkbox/`): a probe file made and removed; a
 * `.walkbox` made for it is taken away again either way.
 */
async function takesWrites(files: ProjectFiles): Promise<boolean> {
  const probe = `${GAME_WALKBOX_DIR}/.walkbox-probe`
  const had = await files.kind(GAME_WALKBOX_DIR)
  try {
    await files.write(probe, new Uint8Array())
    await files.remove(probe)
    return true
  } catch (error) {
    if (!(error instanceof DOMException) || !WRITE_REFUSALS.has(error.name)) throw error
    return false
  } finally {
    if (had === null) await files.removeTree(GAME_WALKBOX_DIR).catch(() => undefined)
  }
}

/** A fresh scratch project folder for the read-only game `ref` in OPFS. */
async function scratchFor(ref: string): Promise<Dir> {
  const root = await (
    await navigator.storage.getDirectory()
  ).getDirectoryHandle(SCRATCH_DIR, { create: true })
  const name = ref.replace(/[^\w .()-]+/g, '_').slice(0, 120)
  await root.removeEntry(name, { recursive: true }).catch(() => undefined)
  return root.getDirectoryHandle(name, { create: true })
}

/**
 * The game store's host for the game folder `dir` picked as `ref`: its files, the browser's
 * codec, the game project (`.walkbox/project`, under the project's Web Lock) and a scratch
 * project in OPFS, the folder's permission and a write probe, and the game's Web Lock
 * (writers exclusive, readers of a read-only game shared). `access` 'read': the author gave
 * read access only. `scratch` makes the scratch folder (default: OPFS `read-only-games/`);
 * `madeScratch` is told each folder made.
 */
export function opfsGameHost(
  ref: string,
  dir: Dir,
  options: {
    access?: 'read' | 'readwrite'
    scratch?: () => Promise<Dir>
    madeScratch?: (dir: Dir) => void
    keepBackups?: number
  } = {},
): GameHost {
  const files = opfsProjectFiles(dir)
  return {
    files,
    codec: browserGameCodec,
    project: projectStore(ref, filesUnder(files, GAME_PROJECT_DIR)),
    async scratch() {
      const made = await (options.scratch ?? (() => scratchFor(ref)))()
      options.madeScratch?.(made)
      return projectStore(ref, opfsProjectFiles(made))
    },
    async writeRefusal() {
      if (options.access === 'read') return WRITE_REFUSED
      return (await takesWrites(files)) ? null : WRITE_REFUSED
    },
    lock: (work, { take }) =>
      withWebLock(
        `walkbox-game:${ref}`,
        () => work(take ? { held: true } : { held: false, why: null }),
        take ? 'exclusive' : 'shared',
      ),
    appVersion: APP_VERSION,
    keepBackups: options.keepBackups,
  }
}

/**
 * How the browser asks for a folder: the File System Access API's picker, for read and write
 * access or (a game opened read-only) read access only. Tests may replace it.
 */
export type FolderPicker = (mode: 'read' | 'readwrite') => Promise<Dir | null>

const showPicker: FolderPicker = async (mode) => {
  const pick = (window as unknown as { showDirectoryPicker?: (o: object) => Promise<Dir> })
    .showDirectoryPicker
  if (!pick)
    throw new Error(
      'This browser cannot open a folder in place (no File System Access API); use Chromium or the desktop app.',
    )
  try {
    return await pick({ id: 'walkbox-game', mode })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null
    throw error
  }
}

/** A ref for a picked folder: its name, made unique among other folders picked (in this tab or kept). */
async function refFor(dir: Dir): Promise<string> {
  for (const [ref, known] of games) if (await known.isSameEntry(dir)) return ref
  // A ref a folder of the same name was kept under in an earlier tab is that folder's.
  const taken = async (ref: string) => {
    if (games.has(ref)) return true
    const kept = await recallGameHandle(ref).catch(() => null)
    return kept !== null && !(await kept.isSameEntry(dir))
  }
  let ref = `${GAME_REF_PREFIX}${dir.name}`
  for (let n = 2; await taken(ref); n++) ref = `${GAME_REF_PREFIX}${dir.name} (${n})`
  return ref
}

/**
 * Open the game `ref` through the game store (`readOnly`: by the author's choice): what it
 * found, and the game kept as read-only when it opened so. Returns the recovery lines and,
 * for a first import, what reading the game found.
 */
async function openWithStore(
  ref: string,
  dir: Dir,
  access: 'read' | 'readwrite',
  readOnly: boolean,
  read: Pick<OpenGameFolderRequest, 'tiledLayers' | 'setAside'> = {},
): Promise<{ warnings: string[]; readNotes: string[] }> {
  let scratch: Dir | null = null
  const opened = await openGame(opfsGameHost(ref, dir, { access, madeScratch: (made) => (scratch = made) }), {
    readOnly,
    folderName: dir.name,
    // A Tiled game's layer kinds (the Read the game box's choices) reach each room's reader.
    ...(read.tiledLayers ? { readOptions: { layers: read.tiledLayers } } : {}),
    ...(read.setAside ? { setAside: true } : {}),
  })
  if (opened.readOnly && scratch)
    readOnlyGames.set(ref, { project: scratch, link: opened.link, readOnly: opened.readOnly })
  else readOnlyGames.delete(ref)
  return { warnings: opened.warnings, readNotes: opened.imported ? opened.notes : [] }
}

/** The game-folder methods of the browser host, over its own open, load and save. */
export function gameFolderMethods(
  host: WalkboxHost,
  pick: FolderPicker = showPicker,
): Pick<WalkboxHost, 'openGameFolder' | 'planGameSave' | 'writeGameSave'> & {
  openGameRef(ref: string, open: () => Promise<OpenedProject>, readOnly?: boolean): Promise<OpenedProject>
} {
  /** The game host of an open game (a read-only one: every write refused by the store). */
  const hostOf = (ref: string) => opfsGameHost(ref, gameDir(ref))
  const readOnlyOf = (ref: string) => readOnlyGames.get(ref)?.readOnly ?? null
  return {
    async openGameFolder(req: OpenGameFolderRequest = {}): Promise<OpenedProject | null> {
      // Read-only by choice: the picker and the permission ask for read access only, and no
      // write is tried in the folder (no probe).
      const chosen = req.readOnly === true
      const dir = await pick(chosen ? 'read' : 'readwrite')
      if (!dir) return null
      const ref = await refFor(dir)
      const access = await folderAccess(dir, chosen ? 'read' : 'readwrite')
      if (access === null)
        throw new Error(`Walkbox was not allowed to read the game folder '${dir.name}'; nothing opened.`)
      games.set(ref, dir)
      let found: { warnings: string[]; readNotes: string[] }
      try {
        found = await openWithStore(ref, dir, access, chosen, req)
      } catch (error) {
        games.delete(ref)
        throw error
      }
      // Kept for the recent list; a browser that cannot keep it just forgets the game on reload.
      await rememberGameHandle(ref, dir).catch(() => undefined)
      const opened = await host.openProject({ ref })
      if (!opened) return null
      return {
        ...opened,
        warnings: [...new Set([...(opened.warnings ?? []), ...found.warnings])],
        ...(found.readNotes.length > 0 ? { readNotes: found.readNotes } : {}),
      }
    },
    /**
     * Open a game from the recent list as Open Game Folder opens it: access asked again, a
     * write-back a crash stopped finished or rolled back right away, its project opened by
     * `open` (a read-only game: its scratch project made first). `readOnly`: the author opened
     * it read-only, so only read access is asked for and nothing is tried in it.
     */
    async openGameRef(
      ref: string,
      open: () => Promise<OpenedProject>,
      readOnly = false,
    ): Promise<OpenedProject> {
      if (readOnlyGames.has(ref)) return open()
      const access = await reopenGame(ref, readOnly ? 'read' : 'readwrite')
      const found = await openWithStore(ref, gameDir(ref), access, readOnly)
      const opened = await open()
      return {
        ...opened,
        warnings: [...new Set([...(opened.warnings ?? []), ...found.warnings])],
        ...(found.readNotes.length > 0 ? { readNotes: found.readNotes } : {}),
      }
    },
    async planGameSave({ ref }): Promise<GameSavePlan> {
      return planForAuthor(await planGameSave(hostOf(ref), readOnlyOf(ref)))
    },
    async writeGameSave({ ref, fingerprint }): Promise<GameSaveResult> {
      const done = await writeGameSave(hostOf(ref), fingerprint, readOnlyOf(ref))
      return { written: done.written, backup: done.backup }
    },
  }
}
