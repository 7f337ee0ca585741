/**
 * Reading a game folder, for every engine: which engine's game it is (each descriptor's detect,
 * formats/engines.ts), its room files (the descriptor's listing), its name, and every room read
 * with the format the listing names; then what reading found, one line each. Nothing is written.
 *
 * Glossary
 * - game folder: the folder the author opened; game path: relative to it, '/' separated.
 *
 * Units: none.
 */
import type { GameRoomEntry, GameTop } from './engine'
import { DETECT_ORDER, gameEngine, NOT_A_GAME_FOLDER, type GameKind } from './engines'
import type { ImportResult, ImportSource } from './format-io'
import { GameFolderError, gameSource, oneLine, type GameCodec } from './game-source'
import { roomFormat } from './registry'
import { MAX_ROOMS } from '../limits'
import type { ProjectFiles } from '../room/unit-save'

/** What kind of game the folder holds, or null when it is none Walkbox knows. */
export async function detectGameFolder(files: ProjectFiles): Promise<GameKind | null> {
  const entries = await files.list('')
  const top: GameTop = {
    names: new Set(entries.map((e) => e.name)),
    folders: new Set(entries.filter((e) => e.folder).map((e) => e.name)),
  }
  for (const engine of DETECT_ORDER) {
    const found = await engine.detect(files, top)
    if (found === 'yes') return engine.id
    if (found === 'refuse') return null
  }
  return null
}

/** One room of the game, read. */
export interface GameRoomRead {
  /** The game file it came from. */
  file: string
  /** The registry format that reads and writes it. */
  format: string
  /** Name to give it (AGS: Game.agf's description), when the game says. */
  name?: string
  /** The engine's rule that found it as a room (Godot: 'popochiu', 'escoria', 'navigation'). */
  kind?: string
  result: ImportResult
}

export interface GameRead {
  kind: GameKind
  /** The game's own name, '' when it has none. */
  name: string
  rooms: GameRoomRead[]
  skipped: { file: string; reason: string; problems?: string[] }[]
  notes: string[]
  /** Every room file listed, in the order read (rooms read and skipped). */
  listed: string[]
  /** Files looked at that are not rooms (Godot: other scenes), when the engine counts them. */
  others?: number
}

/** How a game is read: as which engine, which Tiled project, and what its room readers are given. */
export interface GameReadOptions {
  /** Read the game as this engine (an AGS game's AGS 3 rooms beside its AGS 4 ones); default: detected. */
  kind?: GameKind
  /** A Tiled game: the maps of this .tiled-project (a game path) rather than of the first at the top. */
  tiledProject?: string
  /** Per engine, options its room reader takes, passed on untouched (a Tiled layer-kind mapping …). */
  readOptions?: Record<string, unknown>
}

/** The room files of a game and the format each is read with. */
export async function listGameRooms(
  files: ProjectFiles,
  kind: GameKind,
  read: ImportSource,
  notes: string[],
  options: Pick<GameReadOptions, 'tiledProject'> & { others?: (n: number) => void } = {},
): Promise<GameRoomEntry[]> {
  return gameEngine(kind).listRooms({ files, read, notes, ...options })
}

/**
 * Read every room of the game folder (nothing is written). Refuses a folder with no readable room.
 * `readOptions`: passed on to each room's reader (a Tiled game's layer kinds, `layers`).
 */
export async function readGameFolder(
  files: ProjectFiles,
  codec: GameCodec,
  options: GameReadOptions = {},
): Promise<GameRead> {
  const kind = options.kind ?? (await detectGameFolder(files))
  if (kind === null) throw new GameFolderError(NOT_A_GAME_FOLDER)
  const source = gameSource(files, codec)
  const notes: string[] = []
  let others: number | undefined
  const list = await listGameRooms(files, kind, source, notes, { ...options, others: (n) => (others = n) })
  if (list.length === 0) throw new GameFolderError(`no rooms found in this ${kind} game; nothing opened`)
  if (list.length > MAX_ROOMS)
    throw new GameFolderError(`${list.length} rooms; a Walkbox project holds at most ${MAX_ROOMS}`)
  const engine = gameEngine(kind)
  const name = await engine.gameName(source)
  const rooms: GameRoomRead[] = []
  const skipped: GameRead['skipped'] = []
  for (const r of list) {
    try {
      const result = await roomFormat(r.format).importRoom!(source, r.file, {
        ...options.readOptions,
        ...(r.name ? { name: r.name } : {}),
        ...engine.gameReadOptions,
      })
      rooms.push({ ...r, result })
    } catch (e) {
      const problems = (e as { problems?: unknown }).problems
      skipped.push({
        file: r.file,
        reason: oneLine(e),
        ...(Array.isArray(problems) && problems.length > 0 ? { problems: problems.map(String) } : {}),
      })
    }
  }
  if (rooms.length === 0)
    throw new GameFolderError(
      `no room could be read (${skipped[0]?.file}: ${skipped[0]?.reason}); nothing opened`,
    )
  notes.push(...flagDisagreements(rooms))
  return {
    kind,
    name,
    rooms,
    skipped,
    notes,
    listed: list.map((r) => r.file),
    ...(others !== undefined ? { others } : {}),
  }
}

/**
 * A project has one default per flag, the first room's that names it (both hosts keep the
 * first): where rooms of the game give other defaults, one line per flag says so, since
 * writing the rooms back into the game (Save, `export --into`) gives those files the project's.
 */
export function flagDisagreements(rooms: readonly Pick<GameRoomRead, 'file' | 'result'>[]): string[] {
  const byId = new Map<string, { file: string; default: boolean }[]>()
  for (const r of rooms)
    for (const f of r.result.flags)
      byId.set(f.id, [...(byId.get(f.id) ?? []), { file: r.file, default: f.default }])
  const out: string[] = []
  for (const [id, seen] of byId) {
    const first = seen[0]
    const others = seen.filter((s) => s.default !== first.default).map((s) => s.file)
    if (others.length === 0) continue
    const shown =
      others.length > 3 ? `${others.slice(0, 3).join(', ')} and ${others.length - 3} more` : others.join(', ')
    out.push(
      `flag '${id}': default ${first.default} in ${first.file} but ${!first.default} in ${shown}; the project keeps ${first.file}'s, which goes into the others when the rooms are written back into the game`,
    )
  }
  return out
}

/** What reading the game found, one line each, for the author: assumptions, rooms not read, elements left out. */
export function gameReadNotes(read: Pick<GameRead, 'notes' | 'rooms' | 'skipped'>): string[] {
  return [
    ...read.notes,
    ...read.rooms.flatMap((r) =>
      r.result.notes.map((n) => (n.startsWith(`${r.file}: `) ? n : `${r.file}: ${n}`)),
    ),
    ...read.skipped.map((s) => `${s.file}: not read: ${s.reason}`),
  ]
}
