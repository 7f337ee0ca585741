/**
 * The game store: a game's own folder opened as a Walkbox project (its rooms imported into
 * the game project the first time), opened read-only through a scratch project, read by
 * `walkbox import`, and edits planned and written back into the game's files, once for
 * every host. The desktop (src/main/services/game-folder-store.ts), the browser
 * (src/renderer/platform/host/game-folder-host.ts) and the command line only build a `GameHost`
 * (game-host.ts) and call these.
 *
 * One writer per game: everything that writes into a game (a write-back, an import into
 * `.walkbox/project`, a recovery) runs inside the game's lock, and reads the game there, so
 * a second writer waits, then is refused in one line, or plans again from what the first
 * wrote; it never writes over it unseen. Every opener (open, read, plan, write, the command
 * line's import and export) first finishes or rolls back a write a crash stopped and says so
 * in one line (game-journal.ts). A reader that may not take the lock (a game opened
 * read-only, a folder no lock file can be made in) reads the game as a stopped write leaves
 * it once finished, and again when a write ran meanwhile (game-view.ts).
 *
 * Glossary
 * - opened game: what opening gives the adapter: the Walkbox project to open (the game
 *   project, or the scratch project of a read-only game), the link record, whether this open
 *   imported the rooms, what reading found, and what recovery did.
 * - read-only game: one the author chose to open read-only, or whose folder refuses writes;
 *   nothing is written into it, not even `.walkbox`, and every write is refused.
 *
 * Units: bytes.
 */
import {
  detectGameFolder,
  failedImportLine,
  GAME_LINK_FILE,
  GAME_WALKBOX_DIR,
  GameFolderError,
  gameLinkText,
  gameReadNotes,
  keepGameWalkbox,
  leftoverProjectProblem,
  setAsideGameProject,
  parseGameLink,
  readGameFolder,
  roomLink,
  type GameFlag,
  type GameKind,
  type GameLink,
  type GameRead,
  type GameReadOptions,
  type GameRoomLink,
  type GameRoomState,
} from '../formats/game-folder'
import { gameEngine, NOT_A_GAME_FOLDER } from '../formats/engines'
import { idFromName } from '../room/names'
import {
  createStoredProject,
  loadStoredRoom,
  openStoredProject,
  ownStoredFiles,
  placeStoredProject,
  saveStoredProject,
  type RoomWrite,
  type StoreHost,
  type StoredProject,
} from '../room/project-store'
import { defaultRoomFolder, PROJECT_FILE_NAME, type Flag, type ProjectRoom } from '../room/schema'
import type { ProjectFiles } from '../room/unit-save'
import type { GameHost, GameLockState } from './game-host'
import { hasStoppedWrite, newToken, recoverGame, stoppedWrite, writeWhole } from './game-journal'
import {
  planFingerprint,
  planGameWrite,
  describeChange,
  refuseReadOnlyFiles,
  type GameWritePlan,
} from './game-plan'
import { GameChangedWhileReading, readSteady } from './game-view'
import { commitGameWrite, type GameWriteResult } from './game-write'

/** The Walkbox project's folder inside a game folder. */
export const GAME_PROJECT_DIR = `${GAME_WALKBOX_DIR}/project`

/** The one line a game the author chose to open read-only is opened with. */
export const READ_ONLY_CHOSEN_LINE =
  'Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere'

/** The one line a game folder Walkbox may not write is opened with: why, and where edits go. */
export function readOnlyGameLine(why: string): string {
  return `its folder cannot be written (${why}): Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere`
}

export const NOT_A_GAME = NOT_A_GAME_FOLDER

export interface ReadOnlyGame {
  /** One line: why nothing is written into the game, and where edits go. */
  line: string
  /** True when the author chose to open it read-only. */
  chosen: boolean
}

export interface OpenedGame {
  /** The Walkbox project to edit: the game project, or a read-only game's scratch project. */
  project: StoreHost
  /** That project as opened (after its own recovery). */
  stored: StoredProject
  link: GameLink
  /** True when this open read the game's rooms into a new Walkbox project. */
  imported: boolean
  /** What reading the game found, one line each (a first import only). */
  notes: string[]
  /** One line each: a stopped write finished or rolled back, a journal set aside. */
  warnings: string[]
  /** Null when Walkbox may write into the game. */
  readOnly: ReadOnlyGame | null
}

export interface OpenGameOptions {
  /** Read-only by the author's choice: nothing is tried or written in the game. */
  readOnly?: boolean
  /** The game's name when it gives none (its folder's name). */
  folderName?: string
  /** Per engine, options its room reader takes, passed on untouched. */
  readOptions?: GameReadOptions['readOptions']
  /** Read the game afresh (other Tiled layer kinds): its Walkbox project is moved to .walkbox/set-aside/ first. */
  setAside?: boolean
}

const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]
const decoder = new TextDecoder()

/** The same files seen from the folder `under` (a game's `.walkbox/project`). */
export function filesUnder(files: ProjectFiles, under: string): ProjectFiles {
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

/** Does the game hold a Walkbox project and its link record? */
async function hasGameProject(files: ProjectFiles): Promise<boolean> {
  return (
    (await files.kind(`${GAME_PROJECT_DIR}/${PROJECT_FILE_NAME}`)) === 'file' &&
    (await files.kind(GAME_LINK_FILE)) === 'file'
  )
}

export async function readGameLink(files: ProjectFiles): Promise<GameLink> {
  const bytes = await files.read(GAME_LINK_FILE)
  if (!bytes) throw new GameFolderError(`${GAME_LINK_FILE}: missing`)
  return parseGameLink(decoder.decode(bytes))
}

/** The game's engine for the journal's rules: its link record's, else what its folder holds. */
async function engineOf(files: ProjectFiles): Promise<GameKind | undefined> {
  const link = await readGameLink(files).catch(() => null)
  if (link) return link.engine
  return (await detectGameFolder(files).catch(() => null)) ?? undefined
}

/** The line refusing a write into a read-only game. */
export function readOnlyRefusal(readOnly: ReadOnlyGame): string {
  return `${readOnly.chosen ? 'you opened the game read-only' : 'the game is read-only here'}: ${readOnly.line}; nothing written`
}

/** The line refusing a write when the game's lock could not be taken. */
function lockRefusal(state: GameLockState): string {
  const why = state.held ? '' : (state.why ?? 'its lock could not be taken')
  return `the game folder cannot be written now (${why}); nothing was changed in the game`
}

/** The project file's images of an imported room as the project store takes them. */
function roomWriteOf(r: GameRead['rooms'][number]): RoomWrite {
  const room = r.result.room
  return {
    room,
    images: {
      ...(r.result.background ? { background: r.result.background.bytes } : {}),
      ...(r.result.backgroundFrames
        ? { backgroundFrames: r.result.backgroundFrames.map((f) => f.bytes) }
        : {}),
      ...(r.result.mask
        ? { mask: { width: room.size.width, height: room.size.height, cells: r.result.mask } }
        : {}),
      ...(r.result.scaleMap ? { scaleMap: r.result.scaleMap.bytes } : {}),
    },
  }
}

export interface AddedRooms {
  /** Each room read, with the id it got in the project. */
  rooms: { read: GameRead['rooms'][number]; id: string }[]
  /** Flags the project did not have and now has. */
  flagsAdded: Flag[]
  link: GameLink
}

/**
 * The rooms a game read gives, added to the project of `store` as ONE save (and one backup):
 * ids made unique among the project's, the flags they need that the project lacks (the first
 * room's default kept). `create` makes the project first (a new, empty place). A room the
 * project store refuses is named by its game file; nothing is saved then.
 */
export async function addGameRooms(
  store: StoreHost,
  read: GameRead,
  create?: { name: string; appVersion: string },
): Promise<AddedRooms> {
  if (create) await createStoredProject(store, create.name, create.appVersion)
  const link: GameLink = { format: 'walkbox-game-link', version: 1, engine: read.kind, rooms: [] }
  const rooms: AddedRooms['rooms'] = []
  const flagsAdded: Flag[] = []
  try {
    await saveStoredProject(store, ({ project }) => {
      const taken = project.rooms.map((r) => r.id)
      const entries: ProjectRoom[] = []
      const writes: RoomWrite[] = []
      rooms.length = 0
      flagsAdded.length = 0
      link.rooms.length = 0
      for (const r of read.rooms) {
        const write = roomWriteOf(r)
        write.room.id = idFromName(write.room.id, taken)
        taken.push(write.room.id)
        for (const f of r.result.flags)
          if (!project.flags.some((g) => g.id === f.id) && !flagsAdded.some((g) => g.id === f.id))
            flagsAdded.push(f)
        entries.push({ id: write.room.id, name: write.room.name, folder: defaultRoomFolder(write.room.id) })
        writes.push(write)
        rooms.push({ read: r, id: write.room.id })
        link.rooms.push(roomLink(r, write.room.id))
      }
      return {
        project: {
          ...project,
          flags: [...project.flags, ...flagsAdded],
          rooms: [...project.rooms, ...entries],
        },
        rooms: writes,
      }
    })
  } catch (error) {
    // The save is one unit: say which game file the refused room came from.
    const message = oneLine(error)
    const refused = rooms.find((r) => message.includes(`${defaultRoomFolder(r.id)}/`))
    if (!refused) throw error
    throw new GameFolderError(
      `${refused.read.file}: the room could not be kept in the Walkbox project (${message})`,
    )
  }
  return { rooms, flagsAdded, link }
}

/** Keep the rooms the game read gives in a new Walkbox project in `store`; the link record. */
async function importInto(
  read: GameRead,
  host: GameHost,
  store: StoreHost,
  options: OpenGameOptions,
): Promise<{ link: GameLink; notes: string[] }> {
  const added = await addGameRooms(store, read, {
    name: read.name || options.folderName || 'Game',
    appVersion: host.appVersion ?? '0.1.0',
  })
  return { link: added.link, notes: gameReadNotes(read) }
}

/**
 * A game opened read-only: nothing written into it. Its Walkbox project is copied into a
 * scratch project when it has one (checked to open with every room), else its rooms are read
 * into a new one; read as a stopped write leaves the game once finished, under no lock.
 */
async function openReadOnly(
  host: GameHost,
  readOnly: ReadOnlyGame,
  options: OpenGameOptions,
): Promise<OpenedGame> {
  const engine = await engineOf(host.files)
  const { value, warnings } = await readWithoutLock(host, engine, async (view) => {
    const scratch = await host.scratch()
    if (await hasGameProject(view)) {
      const link = await readGameLink(view)
      const stored = await placeStoredProject(
        scratch,
        await ownStoredFiles(filesUnder(view, GAME_PROJECT_DIR)),
        GAME_PROJECT_DIR,
      )
      return { project: scratch, stored, link, imported: false, notes: [] as string[] }
    }
    const read = await readGameFolder(view, host.codec, { readOptions: options.readOptions })
    const { link, notes } = await importInto(read, host, scratch, options)
    return { project: scratch, stored: await openStoredProject(scratch), link, imported: true, notes }
  })
  return { ...value, warnings, readOnly }
}

/**
 * Open a game folder: its Walkbox project when it has one, else its rooms read into a new one
 * (in `.walkbox/project`, with the link record beside it). A write a crash stopped is finished
 * or rolled back first, under the game's lock, and said in `warnings`. A folder that is no
 * game is refused with nothing written; a first import that fails part way leaves the game
 * folder as it was. A game opened read-only (by choice, or a folder that refuses writes, or
 * one whose lock cannot be taken) goes through a scratch project and nothing is written into it.
 */
export async function openGame(host: GameHost, options: OpenGameOptions = {}): Promise<OpenedGame> {
  const { files } = host
  if (!(await hasGameProject(files)) && (await detectGameFolder(files)) === null)
    throw new GameFolderError(NOT_A_GAME)
  if (options.readOnly) return openReadOnly(host, { line: READ_ONLY_CHOSEN_LINE, chosen: true }, options)
  const why = await host.writeRefusal()
  if (why !== null) return openReadOnly(host, { line: readOnlyGameLine(why), chosen: false }, options)
  const opened = await host.lock(
    async (state): Promise<OpenedGame | string> => {
      if (!state.held) return state.why ?? 'its lock could not be taken'
      const warnings = await recoverGame(files, await engineOf(files))
      const setAside = options.setAside === true && (await hasGameProject(files))
      if (!setAside && (await hasGameProject(files))) {
        const stored = await openStoredProject(host.project)
        const link = await readGameLink(files)
        return { project: host.project, stored, link, imported: false, notes: [], warnings, readOnly: null }
      }
      // A leftover project folder (no project file) is not written over: the author decides.
      const leftover = setAside ? null : await leftoverProjectProblem(files)
      if (leftover) throw new GameFolderError(`${leftover}; nothing opened`)
      // Read first: a game whose rooms cannot be read is refused with nothing written.
      const read = await readGameFolder(files, host.codec, { readOptions: options.readOptions })
      // Read afresh: the project the first read made is moved aside (nothing deleted), then replaced.
      if (setAside) await setAsideGameProject(files, new Date().toISOString())
      // What of Walkbox's the game holds now: an import that fails part way puts it back so.
      const putBack = await keepGameWalkbox(files)
      try {
        const { link, notes } = await importInto(read, host, host.project, options)
        await writeWhole(files, GAME_LINK_FILE, gameLinkText(link), newToken())
        const stored = await openStoredProject(host.project)
        return { project: host.project, stored, link, imported: true, notes, warnings, readOnly: null }
      } catch (error) {
        throw new GameFolderError(failedImportLine(error, await putBack()))
      }
    },
    { take: true },
  )
  if (typeof opened !== 'string') return opened
  return openReadOnly(host, { line: readOnlyGameLine(opened), chosen: false }, options)
}

export interface ReadGameOptions {
  /** Read the game as this engine (an AGS game's AGS 3 rooms beside its AGS 4 ones). */
  kind?: GameKind
  /** A Tiled game: the maps of this .tiled-project (a game path) rather than of the first one. */
  tiledProject?: string
  /** Per engine, options its room reader takes, passed on untouched. */
  readOptions?: GameReadOptions['readOptions']
}

/**
 * Read every room of a game, writing nothing but a recovery (`walkbox import <game>`): under
 * the game's lock, a stopped write finished or rolled back first (said in `warnings`); in a
 * folder no lock can be made in, read as a stopped write leaves it once finished.
 */
export async function readGame(
  host: GameHost,
  options: ReadGameOptions = {},
): Promise<{ read: GameRead; warnings: string[] }> {
  const { files } = host
  const readOptions = {
    kind: options.kind,
    tiledProject: options.tiledProject,
    readOptions: options.readOptions,
  }
  const engine = options.kind ?? (await engineOf(files))
  const locked = () =>
    host.lock(
      async (state) => {
        if (!state.held) return null
        const warnings = await recoverGame(files, engine)
        return { read: await readGameFolder(files, host.codec, readOptions), warnings }
      },
      { take: true },
    )
  const unlocked = async (attempts?: number) => {
    const { value, warnings } = await readWithoutLock(
      host,
      engine,
      (view) => readGameFolder(view, host.codec, readOptions),
      attempts,
    )
    return { read: value, warnings }
  }
  // A game with no stopped write is read without writing anything in it (no lock file either);
  // one a writer keeps changing meanwhile is read holding the lock, where one can be taken.
  if (!(await hasStoppedWrite(files))) {
    try {
      return await unlocked(2)
    } catch (e) {
      if (!(e instanceof GameChangedWhileReading)) throw e
    }
  }
  return (await locked()) ?? unlocked()
}

/** The linked rooms as the game project holds them now (saved), refused when a room's image cannot be read. */
async function roomStates(
  store: StoreHost,
  link: GameLink,
): Promise<{ rooms: Map<string, GameRoomState>; flags: GameFlag[] }> {
  const opened = await openStoredProject(store)
  const rooms = new Map<string, GameRoomState>()
  for (const r of link.rooms) {
    if (!opened.project.rooms.some((p) => p.id === r.roomId)) continue
    const loaded = await loadStoredRoom(store, r.roomId)
    if (loaded.problems.length > 0)
      throw new GameFolderError(`room '${r.roomId}': ${loaded.problems[0].message}; nothing written`)
    rooms.set(r.roomId, {
      room: loaded.room,
      mask: loaded.mask?.cells ?? null,
      // An AGS 3 room's background is compared with its .crm's (a replaced one is refused).
      ...(gameEngine(link.engine).comparesBackground
        ? { background: loaded.background ?? null, backgroundFrames: loaded.backgroundFrames ?? [] }
        : {}),
    })
  }
  return { rooms, flags: opened.project.flags }
}

/** Plan the game save under the lock (after recovery): the plan, and what recovery said. */
async function planLocked(host: GameHost): Promise<GameWritePlan & { warnings: string[] }> {
  const warnings = await recoverGame(host.files, await engineOf(host.files))
  const link = await readGameLink(host.files)
  const { rooms, flags } = await roomStates(host.project, link)
  const plan = await planGameWrite(host.files, link, rooms, host.codec, flags, {
    readOnlyFile: host.readOnlyFile,
  })
  return { ...plan, warnings }
}

/**
 * What the saved game project would change in the game's files (nothing is written but a
 * recovery). A read-only game is refused in one line.
 */
export function planGameSave(
  host: GameHost,
  readOnly: ReadOnlyGame | null = null,
): Promise<GameWritePlan & { warnings: string[] }> {
  if (readOnly) return Promise.reject(new GameFolderError(readOnlyRefusal(readOnly)))
  return host.lock(
    async (state) => {
      if (!state.held) throw new GameFolderError(lockRefusal(state))
      return planLocked(host)
    },
    { take: true },
  )
}

/**
 * Write the saved game project's edits into the game, as the plan with `fingerprint` listed
 * them: planned again inside the lock; a game or project that changed since is refused with
 * nothing written. A read-only game is refused in one line.
 */
export function writeGameSave(
  host: GameHost,
  fingerprint: string,
  readOnly: ReadOnlyGame | null = null,
): Promise<GameWriteResult & { notes: string[]; warnings: string[] }> {
  if (readOnly) return Promise.reject(new GameFolderError(readOnlyRefusal(readOnly)))
  return host.lock(
    async (state) => {
      if (!state.held) throw new GameFolderError(lockRefusal(state))
      const plan = await planLocked(host)
      if (planFingerprint(plan) !== fingerprint)
        throw new GameFolderError(
          'the game or the project changed since the changes were listed; Save again to see them; nothing written',
        )
      const done = await commitGameWrite(host.files, plan.changes, {
        engine: plan.engine,
        readOnlyFile: host.readOnlyFile,
        keepBackups: host.keepBackups,
      })
      return { ...done, notes: plan.notes, warnings: plan.warnings }
    },
    { take: true },
  )
}

export interface RoomsIntoGame {
  engine: GameKind
  /** The rooms to write and the game files they go into. */
  rooms: GameRoomLink[]
  states: ReadonlyMap<string, GameRoomState>
  flags: readonly GameFlag[]
  /** List what would change and write nothing (not even a recovery). */
  dryRun?: boolean
}

export interface RoomsIntoGameResult {
  plan: GameWritePlan
  /** Null for a dry run or a plan with no change. */
  done: GameWriteResult | null
  /** One line each: a stopped write finished or rolled back (or, in a dry run, still there). */
  warnings: string[]
}

/**
 * Rooms of a Walkbox project written into a game they were not opened from (the command
 * line's `export --into`, `--format ags4 --out <game>/Rooms/N`): planned and written inside
 * the game's lock after recovery, so a second writer waits and plans from what the first
 * wrote. A dry run takes no lock and writes nothing: it reads the game as a stopped write
 * leaves it once finished.
 */
export async function writeRoomsIntoGame(
  host: GameHost,
  request: RoomsIntoGame,
): Promise<RoomsIntoGameResult> {
  const link: GameLink = {
    format: 'walkbox-game-link',
    version: 1,
    engine: request.engine,
    rooms: request.rooms,
  }
  const plan = (files: ProjectFiles) =>
    planGameWrite(files, link, request.states, host.codec, request.flags, { readOnlyFile: host.readOnlyFile })
  if (request.dryRun) {
    const { value, warnings } = await readWithoutLock(host, request.engine, plan)
    return { plan: value, done: null, warnings }
  }
  return host.lock(
    async (state) => {
      if (!state.held) throw new GameFolderError(lockRefusal(state))
      const warnings = await recoverGame(host.files, request.engine)
      const planned = await plan(host.files)
      const done =
        planned.changes.length === 0
          ? null
          : await commitGameWrite(host.files, planned.changes, {
              engine: request.engine,
              readOnlyFile: host.readOnlyFile,
              keepBackups: host.keepBackups,
            })
      return { plan: planned, done, warnings }
    },
    { take: true },
  )
}

/**
 * Run `read` over the game without its lock, as stopped writes leave it (each try after any
 * writer holding the lock has let go); and the line saying a write was stopped.
 */
async function readWithoutLock<T>(
  host: GameHost,
  engine: GameKind | undefined,
  read: (view: ProjectFiles) => Promise<T>,
  attempts?: number,
): Promise<{ value: T; warnings: string[] }> {
  let line: string | null = null
  const value = await readSteady(
    host.files,
    async () => {
      const stopped = await stoppedWrite(host.files, engine)
      line = stopped.line
      return stopped.journal
    },
    read,
    () => host.lock(async () => undefined, { take: false }),
    attempts,
  )
  return { value, warnings: line ? [line] : [] }
}

export interface NewRoomFiles {
  /** The new room's folder (a game path: `Rooms/7`), missing or empty. */
  folder: string
  roomId: string
  files: { name: string; bytes: Uint8Array }[]
  dryRun?: boolean
}

/**
 * A new AGS 4 room folder written into a game as one unit (`export --format ags4 --out
 * <game>/Rooms/N` when the folder is missing or empty): inside the lock, after recovery, the
 * folder checked to be missing or empty and reached through no link; its data.xml goes in
 * last, so readers see the room whole or not at all.
 */
export async function writeNewAgsRoom(host: GameHost, request: NewRoomFiles): Promise<RoomsIntoGameResult> {
  const plan = async (files: ProjectFiles): Promise<GameWritePlan> => {
    const kind = request.folder === '' ? 'folder' : await files.kind(request.folder)
    if (kind !== null && kind !== 'folder')
      throw new GameFolderError(`${request.folder}: not a folder (a link?); nothing written`)
    // Walkbox's own entries (the game's lock, `.walkbox/`) do not make a folder that is the game's top busy.
    const there = (kind === 'folder' ? await files.list(request.folder) : []).filter(
      (e) => request.folder !== '' || !e.name.startsWith(GAME_WALKBOX_DIR),
    )
    if (there.some((e) => e.name === 'data.xml'))
      throw new GameFolderError(`${request.folder}: holds a room already (data.xml); nothing written`)
    if (there.length > 0) {
      const shown =
        there
          .slice(0, 3)
          .map((e) => e.name)
          .join(', ') + (there.length > 3 ? ', …' : '')
      throw new GameFolderError(
        `${request.folder}: holds other files (${shown}) and no data.xml; a new AGS 4 room is written into a missing or empty folder; nothing written`,
      )
    }
    const changes = request.files.map((f) => {
      const path = request.folder ? `${request.folder}/${f.name}` : f.name
      const { summary, diff } = describeChange(path, null, f.bytes)
      return { path, roomId: request.roomId, before: null, after: f.bytes, summary, unifiedDiff: diff }
    })
    await refuseReadOnlyFiles(changes, host.readOnlyFile)
    return { engine: 'ags4', changes, notes: [] }
  }
  if (request.dryRun) {
    const { value, warnings } = await readWithoutLock(host, 'ags4', plan)
    return { plan: value, done: null, warnings }
  }
  return host.lock(
    async (state) => {
      if (!state.held) throw new GameFolderError(lockRefusal(state))
      const warnings = await recoverGame(host.files, 'ags4')
      const planned = await plan(host.files)
      const done = await commitGameWrite(host.files, planned.changes, {
        engine: 'ags4',
        keepBackups: host.keepBackups,
      })
      return { plan: planned, done, warnings }
    },
    { take: true },
  )
}

export { planFingerprint }
