/**
 * Game folders in the browser edition: the author picks a game's folder with the File
 * System Access API (`showDirectoryPicker`, Chromium), and the same shared code as the
 * desktop (src/shared/formats/game-folder.ts) reads its rooms and writes edits back into its
 * files in place, over the picked FileSystemDirectoryHandle. The Walkbox project lives in
 * the game folder's `.walkbox/project` and is opened, loaded and saved by the browser
 * host's ordinary project code: only where a ref's folder is differs (`gameProjectDir`).
 * An OPFS folder is a FileSystemDirectoryHandle too, so tests hand one in as the pick.
 *
 * Glossary
 * - game ref: `game:<folder name>`: a picked game folder. Its handle is kept in IndexedDB
 *   (game-handles.ts), so a game in the recent list opens again after a reload, once the
 *   browser has asked the author for access again.
 *
 * Units: bytes.
 */
import type {
  GameFolderInfo,
  GameSavePlan,
  GameSaveResult,
  OpenedProject,
  RoomSave,
  WalkboxHost,
} from '../../shared/host'
import {
  AGS3_READ_ONLY,
  GAME_LINK_FILE,
  GameFolderError,
  commitGameWrite,
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
  type GameRoomState,
} from '../../shared/formats/game-folder'
import { idFromName } from '../../shared/room/names'
import { emptyProject, PROJECT_FILE_NAME, type Flag } from '../../shared/room/schema'
import { serialiseProject } from '../../shared/room/serialise'
import { commitSave, type ProjectFiles } from '../../shared/room/unit-save'
import { readImageHeader } from './image-header'
import { opfsProjectFiles } from './opfs-files'
import { inflateTileData } from './tile-inflate'
import { forgetGameHandles, recallGameHandle, regainAccess, rememberGameHandle } from './game-handles'

type Dir = FileSystemDirectoryHandle

const GAME_REF_PREFIX = 'game:'
const APP_VERSION = '0.1.0'
/** Game folders picked in this tab, by ref. */
const games = new Map<string, Dir>()

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
 * IndexedDB, after the browser asks the author for access again.
 */
async function reopenGame(ref: string): Promise<void> {
  if (games.has(ref)) return
  const name = ref.slice(GAME_REF_PREFIX.length)
  const dir = await recallGameHandle(ref).catch(() => null)
  if (!dir) gameDir(ref)
  // Asked from the author's click (Open Recent); at start-up the browser refuses to ask.
  if (!(await regainAccess(dir!)))
    throw new Error(
      `Walkbox was not allowed to use the game folder '${name}' again; choose it in File › Open Recent and allow access, or open it with File › Open Game Folder.`,
    )
  // The folder may have been moved, renamed or deleted since: its Walkbox link is the proof.
  const linked = await opfsProjectFiles(dir!)
    .kind(GAME_LINK_FILE)
    .catch(() => null)
  if (linked !== 'file')
    throw new Error(
      `The game folder '${name}' is not there any more, or no longer holds its Walkbox link (${GAME_LINK_FILE}); open it again with File › Open Game Folder.`,
    )
  games.set(ref, dir!)
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
  await reopenGame(ref)
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
  const link = await readLink(opfsProjectFiles(gameDir(ref)))
  return {
    engine: link.engine,
    name: ref.slice(GAME_REF_PREFIX.length),
    rooms: link.rooms.length,
    readOnly: link.engine === 'ags3' ? AGS3_READ_ONLY : null,
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

/** How the browser asks for a folder: the File System Access API's picker (tests may replace it). */
export type FolderPicker = () => Promise<Dir | null>

const showPicker: FolderPicker = async () => {
  const pick = (window as unknown as { showDirectoryPicker?: (o: object) => Promise<Dir> })
    .showDirectoryPicker
  if (!pick)
    throw new Error(
      'This browser cannot open a folder in place (no File System Access API); use Chromium or the desktop app.',
    )
  try {
    return await pick({ id: 'walkbox-game', mode: 'readwrite' })
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

/** The game's rooms read into a new Walkbox project in its `.walkbox/project`, through the host's own save. */
async function importGame(host: WalkboxHost, ref: string, dir: Dir, files: ProjectFiles): Promise<string[]> {
  const read = await readGameFolder(files, codecOf(host))
  const walkbox = await dir.getDirectoryHandle('.walkbox', { create: true })
  const projectFiles = opfsProjectFiles(await walkbox.getDirectoryHandle('project', { create: true }))
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
    link.rooms.push({ roomId: room.id, file: r.file })
  }
  await host.saveProject({
    ref,
    project: {
      ...project,
      flags,
      rooms: rooms.map((r) => ({ id: r.room.id, name: r.room.name, folder: `rooms/${r.room.id}` })),
    },
    rooms,
  })
  await commitSave(files, [{ path: GAME_LINK_FILE, bytes: new TextEncoder().encode(gameLinkText(link)) }])
  return gameReadNotes(read)
}

/** The game-folder methods of the browser host, over its own open, load and save. */
export function gameFolderMethods(
  host: WalkboxHost,
  pick: FolderPicker = showPicker,
): Pick<WalkboxHost, 'openGameFolder' | 'planGameSave' | 'writeGameSave'> {
  const plan = async (ref: string) => {
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
      states.set(r.roomId, { room: loaded.room, mask: loaded.mask })
    }
    return { files, plan: await planGameWrite(files, link, states, codecOf(host)) }
  }
  return {
    async openGameFolder(): Promise<OpenedProject | null> {
      const dir = await pick()
      if (!dir) return null
      const ref = await refFor(dir)
      const files = opfsProjectFiles(dir)
      const has = async (path: string) => (await files.kind(path)) === 'file'
      let notes: string[] = []
      let readNotes: string[] = []
      if ((await has(`.walkbox/project/${PROJECT_FILE_NAME}`)) && (await has(GAME_LINK_FILE))) {
        games.set(ref, dir)
        notes = await recoverGameWrite(files)
      } else {
        games.set(ref, dir)
        try {
          // What reading the game found is shown once (readNotes); only a set-aside write is a warning.
          readNotes = await importGame(host, ref, dir, files)
        } catch (error) {
          games.delete(ref)
          throw error
        }
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
