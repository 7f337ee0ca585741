/**
 * Game folders in the browser edition: the author picks a game's folder with the File
 * System Access API (`showDirectoryPicker`, Chromium), and the same shared code as the
 * desktop (src/shared/formats/game-folder.ts) reads its rooms and writes edits back into its
 * files in place, over the picked FileSystemDirectoryHandle. The Walkbox project lives in
 * the game folder's `.walkbox/project` and is opened, loaded and saved by the browser
 * host's ordinary project code: only where a ref's folder is differs (`gameProjectDir`).
 * An OPFS folder is a FileSystemDirectoryHandle too, so tests hand one in as the pick.
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
  RoomSave,
  WalkboxHost,
} from '../../shared/host'
import {
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
  gameLinkText,
  gameReadNotes,
  parseGameLink,
  planFingerprint,
  planForAuthor,
  planGameWrite,
  readGameFolder,
  recoverGameWrite,
  type GameCodec,
  type GameLink,
  type GameRead,
  type GameRoomState,
} from '../../shared/formats/game-folder'
import { ownStoredFiles } from '../../shared/room/project-store'
import { idFromName } from '../../shared/room/names'
import { emptyProject, PROJECT_FILE_NAME, type Flag } from '../../shared/room/schema'
import { serialiseProject } from '../../shared/room/serialise'
import { commitSave, type ProjectFiles } from '../../shared/room/unit-save'
import { readImageHeader } from './image-header'
import { opfsProjectFiles } from './opfs-files'
import { inflateTileData } from './tile-inflate'
import { folderAccess, forgetGameHandles, recallGameHandle, rememberGameHandle } from './game-handles'

type Dir = FileSystemDirectoryHandle

const GAME_REF_PREFIX = 'game:'
const APP_VERSION = '0.1.0'
/** Game folders picked in this tab, by ref. */
const games = new Map<string, Dir>()
/**
 * The read-only games among them: their scratch project folder, link record, and whether the
 * author chose read-only (rather than write access being refused).
 */
const readOnlyGames = new Map<string, { project: Dir; link: GameLink; chosen: boolean }>()
/** The OPFS folder of read-only games' scratch projects. */
const SCRATCH_DIR = 'read-only-games'

/** The one line a read-only game is opened with: why, and where edits go. */
export const READ_ONLY_GAME_LINE =
  'its folder may only be read (write access was refused): Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere'
/** The one line a game the author chose to open read-only is opened with. */
export const READ_ONLY_CHOSEN_LINE =
  'Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere'

export function isGameRef(ref: string): boolean {
  return ref.startsWith(GAME_REF_PREFIX)
}

function gameDir(ref: string): Dir {
  const dir = games.get(ref)
  if (!dir)
    throw new Error(
      `The game folder '${ref.slice(GAME_REF_PREFIX.length)}' is not open in this tab any more; open it again with File › Open Game Folder.`,
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
  const name = ref.slice(GAME_REF_PREFIX.length)
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
      `The game folder '${ref.slice(GAME_REF_PREFIX.length)}' may only be read; open it from File › Open Recent or File › Open Game Folder.`,
    )
  const walkbox = await gameDir(ref).getDirectoryHandle('.walkbox')
  return walkbox.getDirectoryHandle('project')
}

async function readLink(files: ProjectFiles): Promise<GameLink> {
  const bytes = await files.read(GAME_LINK_FILE)
  if (!bytes) throw new GameFolderError(`${GAME_LINK_FILE}: missing`)
  return parseGameLink(new TextDecoder().decode(bytes))
}

/** What the editor is told about the game of a ref (undefined for any other ref). */
export async function gameInfoFor(ref: string): Promise<GameFolderInfo | undefined> {
  if (!isGameRef(ref) || !games.has(ref)) return undefined
  const scratch = readOnlyGames.get(ref)
  const link = scratch?.link ?? (await readLink(opfsProjectFiles(gameDir(ref))))
  const noBackground = noBackgroundOf(link)
  return {
    engine: link.engine,
    name: ref.slice(GAME_REF_PREFIX.length),
    rooms: link.rooms.length,
    readOnly: null,
    ...(scratch ? { readOnlyFolder: scratch.chosen ? READ_ONLY_CHOSEN_LINE : READ_ONLY_GAME_LINE } : {}),
    ...(scratch?.chosen ? { readOnlyChosen: true as const } : {}),
    ...(noBackground ? { noBackground } : {}),
  }
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

function codecOf(host: Pick<WalkboxHost, 'decodeImage'>): GameCodec {
  return {
    decodeImage: async (bytes, name) =>
      (
        await host.decodeImage({
          fileName: name.slice(name.lastIndexOf('/') + 1) || 'image.png',
          bytes,
          purpose: 'mask',
        })
      ).image,
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
 * The game's rooms read into a new Walkbox project, through the host's own save: in its
 * `.walkbox/project` with the link record beside it, or (a read-only game) in the scratch
 * project `readOnly`, writing nothing into the game.
 */
async function importGame(
  host: WalkboxHost,
  ref: string,
  dir: Dir,
  files: ProjectFiles,
  readOnly?: { project: Dir; chosen: boolean },
): Promise<{ notes: string[]; link: GameLink }> {
  const read = await readGameFolder(files, codecOf(host))
  if (readOnly) return keepRooms(host, ref, dir, files, read, readOnly)
  // A leftover project folder (no project file) is not written over: the author decides.
  const leftover = await leftoverProjectProblem(files)
  if (leftover) throw new GameFolderError(`${leftover}; nothing opened`)
  // What of Walkbox's the game holds now: an import that fails part way puts it back so.
  const putBack = await keepGameWalkbox(files)
  try {
    return await keepRooms(host, ref, dir, files, read)
  } catch (error) {
    throw new GameFolderError(failedImportLine(error, await putBack()))
  }
}

/**
 * The rooms read from a game kept in a new Walkbox project: the game's `.walkbox/project` and
 * link record, or (a read-only game) the scratch project `readOnly`.
 */
async function keepRooms(
  host: WalkboxHost,
  ref: string,
  dir: Dir,
  files: ProjectFiles,
  read: GameRead,
  readOnly?: { project: Dir; chosen: boolean },
): Promise<{ notes: string[]; link: GameLink }> {
  let projectDir = readOnly?.project
  if (!projectDir) {
    const walkbox = await dir.getDirectoryHandle(GAME_WALKBOX_DIR, { create: true })
    projectDir = await walkbox.getDirectoryHandle('project', { create: true })
  }
  const projectFiles = opfsProjectFiles(projectDir)
  const project = emptyProject({ name: read.name || dir.name || 'Game', appVersion: APP_VERSION })
  await commitSave(projectFiles, [
    { path: PROJECT_FILE_NAME, bytes: new TextEncoder().encode(serialiseProject(project)) },
  ])
  const link: GameLink = { format: 'walkbox-game-link', version: 1, engine: read.kind, rooms: [] }
  const flags: Flag[] = []
  const rooms: RoomSave[] = []
  const taken: string[] = []
  for (const r of read.rooms) {
    const room = r.result.room
    room.id = idFromName(room.id, taken)
    taken.push(room.id)
    for (const f of r.result.flags) if (!flags.some((g) => g.id === f.id)) flags.push(f)
    rooms.push({
      room,
      ...(r.result.background ? { background: r.result.background.bytes } : {}),
      ...(r.result.backgroundFrames
        ? { backgroundFrames: r.result.backgroundFrames.map((f) => f.bytes) }
        : {}),
      ...(r.result.mask ? { mask: r.result.mask } : {}),
      ...(r.result.scaleMap ? { scaleMap: r.result.scaleMap.bytes } : {}),
    })
    link.rooms.push(roomLink(r, room.id))
  }
  if (readOnly) readOnlyGames.set(ref, { ...readOnly, link })
  try {
    await host.saveProject({
      ref,
      project: {
        ...project,
        flags,
        rooms: rooms.map((r) => ({ id: r.room.id, name: r.room.name, folder: `rooms/${r.room.id}` })),
      },
      rooms,
    })
  } catch (error) {
    // The save is one unit: say which game file the refused room came from.
    const message = error instanceof Error ? error.message : String(error)
    const refused = link.rooms.find((r) => message.includes(`rooms/${r.roomId}/`))
    if (!refused) throw error
    throw new GameFolderError(
      `${refused.file}: the room could not be kept in the Walkbox project (${message.split('\n')[0]})`,
    )
  }
  if (!readOnly)
    await commitSave(files, [{ path: GAME_LINK_FILE, bytes: new TextEncoder().encode(gameLinkText(link)) }])
  return { notes: gameReadNotes(read), link }
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
  } catch (error) {
    if (!(error instanceof DOMException) || !WRITE_REFUSALS.has(error.name)) throw error
    if (had === null) await files.removeTree(GAME_WALKBOX_DIR).catch(() => undefined)
    return false
  }
  // Made for the probe alone: a folder that turns out to be no game keeps nothing of Walkbox's.
  if (had === null) await files.removeTree(GAME_WALKBOX_DIR)
  return true
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
 * Open the game `ref` read-only (`chosen`: by the author's choice): its Walkbox project copied
 * into a scratch project when it has one, else its rooms read into one. Returns what reading
 * the game found (new imports only).
 */
async function openReadOnly(host: WalkboxHost, ref: string, dir: Dir, chosen: boolean): Promise<string[]> {
  const files = opfsProjectFiles(dir)
  const scratch = await scratchFor(ref)
  readOnlyGames.delete(ref)
  const has = async (path: string) => (await files.kind(path)) === 'file'
  if ((await has(`${GAME_WALKBOX_DIR}/project/${PROJECT_FILE_NAME}`)) && (await has(GAME_LINK_FILE))) {
    const link = await readLink(files)
    const inGame = await (await dir.getDirectoryHandle(GAME_WALKBOX_DIR)).getDirectoryHandle('project')
    await commitSave(opfsProjectFiles(scratch), await ownStoredFiles(opfsProjectFiles(inGame)))
    readOnlyGames.set(ref, { project: scratch, link, chosen })
    return []
  }
  try {
    return (await importGame(host, ref, dir, files, { project: scratch, chosen })).notes
  } catch (error) {
    readOnlyGames.delete(ref)
    throw error
  }
}

/** The game-folder methods of the browser host, over its own open, load and save. */
export function gameFolderMethods(
  host: WalkboxHost,
  pick: FolderPicker = showPicker,
): Pick<WalkboxHost, 'openGameFolder' | 'planGameSave' | 'writeGameSave'> & {
  openGameRef(ref: string, open: () => Promise<OpenedProject>, readOnly?: boolean): Promise<OpenedProject>
} {
  const plan = async (ref: string) => {
    const scratch = readOnlyGames.get(ref)
    if (scratch)
      throw new GameFolderError(
        `the game folder '${ref.slice(GAME_REF_PREFIX.length)}': ${scratch.chosen ? `you opened it read-only: ${READ_ONLY_CHOSEN_LINE}` : READ_ONLY_GAME_LINE}`,
      )
    const files = opfsProjectFiles(gameDir(ref))
    await recoverGameWrite(files)
    const link = await readLink(files)
    const opened = await host.openProject({ ref })
    const states = new Map<string, GameRoomState>()
    for (const r of link.rooms) {
      if (!opened?.project.rooms.some((p) => p.id === r.roomId)) continue
      const loaded = await host.loadRoom({ ref, roomId: r.roomId })
      if (loaded.problems.length > 0)
        throw new GameFolderError(`room '${r.roomId}': ${loaded.problems[0].message}; nothing written`)
      states.set(r.roomId, {
        room: loaded.room,
        mask: loaded.mask,
        // An AGS 3 room's background is compared with its .crm's (a replaced one is refused).
        ...(link.engine === 'ags3'
          ? { background: loaded.background, backgroundFrames: loaded.backgroundFrames ?? [] }
          : {}),
      })
    }
    return {
      files,
      plan: await planGameWrite(files, link, states, codecOf(host), opened?.project.flags ?? []),
    }
  }
  return {
    async openGameFolder(req: OpenGameFolderRequest = {}): Promise<OpenedProject | null> {
      // Read-only by choice: the picker and the permission ask for read access only, and no
      // write is tried in the folder (no probe).
      const chosen = req.readOnly === true
      const dir = await pick(chosen ? 'read' : 'readwrite')
      if (!dir) return null
      const ref = await refFor(dir)
      const files = opfsProjectFiles(dir)
      const has = async (path: string) => (await files.kind(path)) === 'file'
      let access = await folderAccess(dir, chosen ? 'read' : 'readwrite')
      if (access === 'readwrite' && !(await takesWrites(files))) access = 'read'
      if (access === null)
        throw new Error(`Walkbox was not allowed to read the game folder '${dir.name}'; nothing opened.`)
      let notes: string[] = []
      let readNotes: string[] = []
      games.set(ref, dir)
      try {
        if (access === 'read') readNotes = await openReadOnly(host, ref, dir, chosen)
        else if ((await has(`.walkbox/project/${PROJECT_FILE_NAME}`)) && (await has(GAME_LINK_FILE))) {
          readOnlyGames.delete(ref)
          notes = await recoverGameWrite(files)
        } else {
          readOnlyGames.delete(ref)
          // What reading the game found is shown once (readNotes); only a set-aside write is a warning.
          readNotes = (await importGame(host, ref, dir, files)).notes
        }
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
        warnings: [...(opened.warnings ?? []), ...notes],
        ...(readNotes.length > 0 ? { readNotes } : {}),
      }
    },
    /**
     * Open a game from the recent list as Open Game Folder opens it: access asked again, its
     * project opened by `open`, and then a write-back a crash stopped finished right away (a
     * read-only game: its scratch project made first). `readOnly`: the author opened it
     * read-only, so only read access is asked for and nothing is tried in it.
     */
    async openGameRef(
      ref: string,
      open: () => Promise<OpenedProject>,
      readOnly = false,
    ): Promise<OpenedProject> {
      if (readOnlyGames.has(ref)) return open()
      const access = await reopenGame(ref, readOnly ? 'read' : 'readwrite')
      if (readOnly || access === 'read' || !(await takesWrites(opfsProjectFiles(gameDir(ref))))) {
        const readNotes = await openReadOnly(host, ref, gameDir(ref), readOnly)
        return { ...(await open()), ...(readNotes.length > 0 ? { readNotes } : {}) }
      }
      const opened = await open()
      const warnings = await recoverGameWrite(opfsProjectFiles(gameDir(ref)))
      return { ...opened, warnings: [...(opened.warnings ?? []), ...warnings] }
    },
    async planGameSave({ ref }): Promise<GameSavePlan> {
      return planForAuthor((await plan(ref)).plan)
    },
    async writeGameSave({ ref, fingerprint }): Promise<GameSaveResult> {
      const { files, plan: p } = await plan(ref)
      if (planFingerprint(p) !== fingerprint)
        throw new GameFolderError(
          'the game or the project changed since the changes were listed; Save again to see them; nothing written',
        )
      const done = await commitGameWrite(files, p.changes)
      return { written: done.written, backup: done.backup }
    },
  }
}
