/**
 * What an engine is, in one descriptor: how a game folder of it is recognised, which files are
 * its rooms, what the game is called, the room formats it reads and writes, the file an import
 * of it starts from, and how its rooms are written back in place. Each engine keeps its
 * descriptor in its own folder (formats/<engine>/engine.ts) beside its readers and writers;
 * formats/engines.ts lists them, and every engine list, label and choice (the status line, the
 * CLI's help and --format, the Import and Export dialogs, the game store's planners) comes from
 * that list.
 *
 * Glossary
 * - game folder: the folder the author opened; game path: relative to it, '/' separated.
 * - top: the entries at the top of the game folder, listed once and given to every detect.
 * - marker engine: recognised by a file or folder at the top (project.godot, Game.agf); asked
 *   before the engines recognised by their files' content (Tiled maps anywhere in the folder).
 * - room file: a file of a room Walkbox writes into the game (the only files a game journal may name).
 * - planner: reads the game as it is now and returns one room's files with their new bytes;
 *   it writes nothing (the game store shows, journals and writes them).
 *
 * Units: bytes.
 */
import type { GameCodec } from './game-source'
import type { ImportSource, RoomFormat } from './format-io'
import type { LayerMapping } from './tiled/layer-kinds'
import type { RgbaImage } from '../room/rgba-image'
import type { Room } from '../room/schema'
import type { ProjectFiles } from '../room/unit-save'

export interface GameRoomLink {
  /** The Walkbox room's id. */
  roomId: string
  /** The game file it came from and is written back into (game path). */
  file: string
  /** Why the room came without a background, one line (absent when it has one). */
  noBackground?: string
  /** Tiled: the author's mapping of the map's layers to kinds, written back with the room (layer-kinds.ts). */
  layers?: LayerMapping
}

/** A linked room as the project holds it now. */
export interface GameRoomState {
  room: Room
  /** The area-id mask (room size), when the room has one. */
  mask: Uint8Array | null
  /** AGS 3: the background and frames 2..N as the project has them, compared with the .crm's (absent: not compared). */
  background?: RgbaImage | null
  backgroundFrames?: (RgbaImage | null)[]
}

/** A project flag as the game's files carry it (Tiled: map property walkbox.flags; Godot: metadata/walkbox_flags). */
export interface GameFlag {
  id: string
  name?: string
  default: boolean
}

/** What a planner is given: the game's files, its codec, one linked room and the project's flags. */
export interface PlanInput {
  files: ProjectFiles
  codec: GameCodec
  link: GameRoomLink
  state: GameRoomState
  flags: readonly GameFlag[]
}

/** A room's files as the planner would write them (game paths, a binary file's own write-list line when the planner has one), and what it noted. */
export interface PlannedRoom {
  files: { path: string; bytes: Uint8Array; summary?: string }[]
  notes: string[]
}

export type GamePlanner = (input: PlanInput) => Promise<PlannedRoom>

/** An engine's in-place writing: its planner (null: not written yet), the files it may replace, and why not when it cannot. */
export interface GameEngineWriter {
  plan: GamePlanner | null
  /** Is this game path a room file this engine's writes may replace? */
  roomFile(path: string): boolean
  /** One line for a game whose rooms cannot be written (plan null). */
  cannotWrite?: string
}

/** The top of a game folder: its entries' names, and which are folders. */
export interface GameTop {
  names: ReadonlySet<string>
  folders: ReadonlySet<string>
}

/** A detect's answer: the folder is this engine's game, is not, or looks like one but cannot be read (no engine takes it). */
export type Detected = 'yes' | 'no' | 'refuse'

/** A room file of a game and the format it is read with. */
export interface GameRoomEntry {
  file: string
  /** The registry format (an id of one of the engine's `formats`) that reads and writes it. */
  format: string
  /** Name to give it (AGS: Game.agf's description), when the game says. */
  name?: string
  /** The engine's rule that found it as a room (Godot: 'popochiu', 'escoria', 'navigation'). */
  kind?: string
}

/** What listing a game's rooms is given. */
export interface ListRoomsInput {
  files: ProjectFiles
  /** The game's files as an import source (regular files, size-limited). */
  read: ImportSource
  /** Where the listing says what it assumed or left out, one line each. */
  notes: string[]
  /** A Tiled game: the maps of this .tiled-project (a game path) rather than of the first at the top. */
  tiledProject?: string
  /** Told how many files looked at are not rooms, when the engine counts them. */
  others?: (n: number) => void
}

/** One engine: everything Walkbox knows of it, in one place. */
export interface GameEngine<Id extends string = string> {
  /** Stored in game link records (`.walkbox/game-link.json`): never renamed. */
  id: Id
  /** The engine's name for the author (status line, messages): 'AGS 4'. */
  label: string
  /** A game of it, for messages: 'a Godot project'. */
  game: string
  /** What a game folder of it looks like, for help and refusals: 'a Godot project with project.godot'. */
  folder: string
  /** Recognised by a marker at the top (asked first, in list order), or by its files' content (asked after). */
  detectBy: 'marker' | 'content'
  detect(files: ProjectFiles, top: GameTop): Promise<Detected>
  /** The game's room files, in the order they are read. */
  listRooms(input: ListRoomsInput): Promise<GameRoomEntry[]>
  /** The game's own name ('' when it has none). */
  gameName(read: ImportSource): Promise<string>
  /** The room formats of this engine, for import and export (CLI --format, the dialogs). */
  formats: readonly RoomFormat[]
  /** Options its room reader is given when a room is read from a game folder of it. */
  gameReadOptions?: { filesWithinSource?: boolean }
  /**
   * Which of the main files an author picked (paths among a picked folder's) are rooms of a game
   * of this engine, listed first by the Import dialog; `read` gives a file's text, or null when it
   * is missing or larger than `maxChars`.
   */
  roomsAmong?(
    paths: string[],
    read: (path: string, maxChars: number) => Promise<string | null>,
  ): Promise<Set<string>>
  /** The room's file in the game when the author names it (`--scene`): AGS 4 takes a room folder for its data.xml. */
  roomFileOf?(given: string): string
  /** Its game link keeps the layer kinds a room was read with (Tiled's `--layer`), so each kind is written back where it came from. */
  layerKinds?: boolean
  /** A file of the game an import may be given instead of its folder, by extension ('.tiled-project'), for help. */
  projectFile?: string
  /** Writing its rooms back into the game. */
  writer: GameEngineWriter
  /** The project keeps the room's background (and frames) to compare with the game's (AGS 3 .crm). */
  comparesBackground?: boolean
}
