/**
 * What a room format is given and gives back (registry.ts lists the formats; each engine's
 * folder implements them): the export's input and files, the import's source and result.
 * Its own file so that the engines and the registry both import it without a circle.
 *
 * Units: px.
 */
import type { Room } from '../room/schema'
import type { MaskPixels } from '../room/mask-image'
import type { ImportedImage, RoomImport } from './godot/import'
import type { IndexedImage } from '../codecs/indexed-png'
import type { Inflate } from './tiled/tile-data'
import type { LayerKind, LayerMapping } from './tiled/layer-kinds'
import type { LayerUse } from './tiled/read-map'

/** AGS 4: where a new room folder goes and how its masks are stored. */
export interface NewOpenRoomOptions {
  /** N of Rooms/N (default: the number at the end of the room's id, else 1). */
  number?: number
  /** The game's UniqueID (Game.agf), so that AGS takes the room as its own (default 0). */
  gameId?: number
  /** 1..4 (default 1): walkable areas, regions and hotspots are stored at 1:maskResolution. */
  maskResolution?: number
}

export type ExportFile =
  | { path: string; text: string }
  | { path: string; bytes: Uint8Array }
  | { path: string; indexed: IndexedImage }

export interface ExportInput {
  room: Room
  /** The room's area-id mask (room size), when it has one. */
  mask: Uint8Array | null
  background: ImportedImage | null
  /** The further backgrounds (frames 2..5) as files, in order, when the room has them. */
  backgroundFrames?: ImportedImage[]
  /** The scale map's grey values (room size) and file bytes, when it has one. */
  scaleMap: { width: number; height: number; values: Uint8Array } | null
  /** The project's flags (runtime rooms and Godot scenes carry their starting values). */
  flags?: readonly { id: string; name?: string; default: boolean }[]
  /** Godot: the res:// folder the files will live in (default res://rooms/<room id>). */
  resDir?: string
  /** AGS 4: the new room folder's number and the game's id (a new room folder only). */
  ags?: NewOpenRoomOptions
}

export interface ExportResult {
  files: ExportFile[]
  notes: string[]
}

export interface ImportSource {
  /** Text of a file, path relative to the source's root; null when it is not there. */
  readText(path: string): Promise<string | null>
  readBytes(path: string): Promise<Uint8Array | null>
  /** Decoded RGBA pixels of an image's bytes; throws naming `name` when unreadable. */
  decodeImage(bytes: Uint8Array, name: string): Promise<MaskPixels>
  /** Pixel size from an image's header, or null. */
  imageSize(bytes: Uint8Array): { width: number; height: number } | null
  /** Decompresses zlib/gzip data up to a size (Tiled tile layers); absent: such layers are a note. zstd needs no host: Walkbox decodes it itself. */
  inflate?: Inflate
}

export interface ImportResult extends RoomImport {
  /** The room's area-id mask when the import gives one (room.mask names its file). */
  mask?: Uint8Array
  /** Tiled: the map's layers with the kind each was read as, the tile sources it offers, the mapping given. */
  tiled?: TiledLayersRead
}

/** What a Tiled import says of the map's layers (for the import dialog's mapping and the game link). */
export interface TiledLayersRead {
  layers: LayerUse[]
  offered: { shapes: number; properties: string[] }
  /** The mapping in force (the given over the map's remembered one). */
  mapping: Record<string, LayerKind>
  /** The author's mapping the import was given (written back into the map with the room). */
  given: LayerMapping
}

/** A room format: what it is called, the file an import starts from, and its reader and writers. */
export interface RoomFormat {
  id: string
  label: string
  /** Extensions of the main file, lower case, without the dot. */
  extensions: readonly string[]
  /** One line for lists and tooltips. */
  description: string
  /**
   * The main-file rule beyond the extension (absent: the extension is enough): an AGS masks
   * import starts from `<stem>-walkable.png`, an AGS 4 room from its `data.xml`.
   */
  mainFile?(path: string): boolean
  /**
   * A main file told by its content (absent: by its name alone): which files are looked into,
   * up to how many bytes (larger ones are not main files), and the test (a `.json` is a Tiled
   * map only when it says so).
   */
  mainFileContent?: { probes(path: string): boolean; maxBytes: number; test(text: string): boolean }
  /**
   * The file at the top of what an import is picked from that paths start at, and the line the
   * Import dialog shows when it is missing (Godot: project.godot; res:// is then the picked folder).
   */
  rootFile?: { name: string; missing: string }
  /**
   * A room given as a folder (AGS 4: Rooms/N): the file in it that is the room (data.xml), and
   * the room's name from the folder's name when the author gives none ('7': 'Room 7').
   */
  roomFolder?: { file: string; name?(folder: string): string | undefined }
  /** The Export dialog's field for the folder the files will live in (Godot: res://), its label and name. */
  resDirField?: { label: string; name: string }
  /** Files of their own, never a game's room files (AGS masks): `export --into --format` does not take it. */
  standalone?: boolean
  /** The export takes the background as PNG bytes (the caller converts another image). */
  pngBackground?: boolean
  exportRoom?(input: ExportInput): ExportResult
  /**
   * Write into the engine's own files in `target` (the folder given), keeping every byte
   * it does not edit; only the files that change are returned.
   */
  exportInPlace?(input: ExportInput, target: ImportSource): Promise<ExportResult>
  importRoom?(
    source: ImportSource,
    path: string,
    options: {
      roomId?: string
      name?: string
      /** Tiled: the files a map names may lie anywhere in the source (a project folder), not only in the map's folder. */
      filesWithinSource?: boolean
      /** Tiled: the author's mapping of layers (and tile sources) to kinds (`--layer NAME=KIND`, the import dialog). */
      layers?: LayerMapping
    },
  ): Promise<ImportResult>
}
