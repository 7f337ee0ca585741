/**
 * The host contract: everything the editor asks of whatever hosts it.
 *
 * Two hosts implement it: Electron (preload + IPC + main services) and the browser
 * (Origin Private File System + createImageBitmap). The renderer talks to its host
 * only through this file's `WalkboxHost`.
 *
 * Glossary
 * - project ref: an opaque string naming an opened project. In Electron it is the
 *   project folder's absolute path (main only accepts refs it opened itself); in the
 *   browser it is the project's folder name in the Origin Private File System.
 * - RGBA image: width x height pixels, 4 bytes each (red, green, blue, alpha), rows top-down.
 * - area-id mask: width x height bytes; 0 = not walkable, 1..255 = walk area id.
 *
 * Every request is described by a zod schema below; the Electron main process
 * validates every payload against it before acting, and the types come from it.
 *
 * Units: room px.
 */
import { z } from 'zod'
import { MENU_CHECK_IDS, type MenuCheckId } from './actions'
import type { RgbaImage } from './room/rgba-image'
import type { Project, Room } from './room/schema'
import {
  MAX_BACKGROUND_FRAMES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE_PX,
  MAX_LAYER_NAME,
  MAX_MAPPING_ENTRIES,
  MAX_ROOMS,
} from './limits'
import type { GameKind } from './formats/engines'
import { LAYER_KINDS } from './formats/tiled/layer-kinds'

/** Largest image Walkbox opens: 16384 px a side and 100 megapixels (checked before decoding). */
export const IMAGE_LIMITS = { maxSide: MAX_IMAGE_SIDE_PX, maxPixels: MAX_IMAGE_PIXELS } as const

export const ProjectRefSchema = z.string().min(1).max(4096)
export type ProjectRef = z.infer<typeof ProjectRefSchema>

const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, {
  message: 'expected bytes (a Uint8Array)',
})

export const RgbaImageSchema = z
  .object({
    width: z.number().int().positive().max(IMAGE_LIMITS.maxSide),
    height: z.number().int().positive().max(IMAGE_LIMITS.maxSide),
    data: bytes,
  })
  .refine((img) => img.data.length === img.width * img.height * 4, {
    message: 'data must hold width * height * 4 bytes (RGBA)',
  })
// What RgbaImageSchema checks is the one RgbaImage (room/rgba-image.ts).
export type { RgbaImage }

/** An image file the author picked: its original bytes (kept as they are in the project) and its pixels. */
export const ImportedImageSchema = z.object({
  fileName: z.string().min(1).max(255),
  bytes,
  image: RgbaImageSchema,
})
export type ImportedImage = z.infer<typeof ImportedImageSchema>

export interface AppInfo {
  name: string
  version: string
  host: 'electron' | 'browser'
  platform: string
}

export interface RecentProject {
  ref: ProjectRef
  name: string
  openedAt: string
  /** Set when the entry is a game's own folder opened in place: the game's engine. */
  game?: GameFolderInfo['engine']
  /** Set when the author opened the game read-only (File › Open Game Folder Read-Only…): Open Recent reopens it so. */
  readOnly?: true
}

/** Entries the recent list keeps at the most (projects and game folders together). */
export const RECENT_MAX = 10

export interface RoomSummary {
  id: string
  name: string
}

export interface OpenedProject {
  ref: ProjectRef
  project: Project
  rooms: RoomSummary[]
  /** One line each: what opening found and did not act on (a save journal set aside as unsafe). */
  warnings?: string[]
  /** Set when the project is a game folder's (docs/engines.md): Save also writes into the game. */
  game?: GameFolderInfo
  /** A game folder read for the first time: what reading it found (assumptions, rooms not read, elements left out), one line each. */
  readNotes?: string[]
}

/** The game a project was opened from (an AGS, Godot or Tiled game folder). */
export interface GameFolderInfo {
  engine: GameKind
  /** The game folder's name, for the title and the status line. */
  name: string
  /** How many of the game's rooms the project links. */
  rooms: number
  /** One line saying why Save cannot write into this game, else null (every engine's rooms are written in place, AGS 3 `.crm` ones too). */
  readOnly: string | null
  /**
   * Set when Walkbox may not write into the game folder at all (a read-only mount, another
   * user's folder, a browser folder without write access): one line saying so and where
   * edits go. Nothing is written into the game, not even `.walkbox`; Save offers Save As.
   */
  readOnlyFolder?: string
  /**
   * Set with `readOnlyFolder` when the author chose to open the game read-only (File › Open
   * Game Folder Read-Only…) rather than Walkbox being refused writing.
   */
  readOnlyChosen?: true
  /**
   * Why rooms of the game came without a background, by room id, one line each (the scene
   * names a picture that is not in the game folder, or one Walkbox does not read).
   */
  noBackground?: Record<string, string>
}

/** One game file a write-back replaces, as the Save dialog lists it. */
export interface GameFileChangeSummary {
  path: string
  roomId: string
  /** One line: what changes in the file. */
  summary: string
  /** Text files: the unified diff; '' for images. */
  unifiedDiff: string
}

/** What Save would write into the game: shown to the author before anything is written. */
export interface GameSavePlan {
  changes: GameFileChangeSummary[]
  notes: string[]
  /** Names this exact plan: Write runs only when planning again gives the same. */
  fingerprint: string
}

export interface GameSaveResult {
  written: string[]
  /** Where the replaced files were copied, relative to the game folder; null when nothing was written. */
  backup: string | null
}

/** A layer of a room that could not be read: it is left out (null) and the reason shown. */
export interface LayerProblem {
  layer: 'background' | 'mask' | 'scaleMap'
  /** One line naming the file and what was expected. */
  message: string
}

export interface LoadedRoom {
  room: Room
  background: RgbaImage | null
  /** Backgrounds 2..N in the order of room.backgroundFrames (null: unreadable, named in problems); [] for one background. */
  backgroundFrames?: (RgbaImage | null)[]
  /** Area ids, room width * height bytes; null when the room has no mask file (or it could not be read). */
  mask: Uint8Array | null
  scaleMap: RgbaImage | null
  /**
   * Images the room names that could not be read (missing, damaged, wrong size): each layer
   * comes back null with its reason, instead of refusing the whole room. room.json itself
   * failing still refuses the room.
   */
  problems: LayerProblem[]
  /**
   * What the room names that the project does not define (a zone, gate or area enabled by
   * an unknown flag, an unknown test character), one line each, by name with the path in
   * parentheses ("zone 'Door' (zones[0]): enabledBy names the flag 'x' that the project does
   * not define"): the room loads all the same and the editor shows them.
   */
  warnings?: string[]
}

export const CreateProjectRequestSchema = z.object({ name: z.string().min(1).max(200) })
export const OpenProjectRequestSchema = z.object({ ref: ProjectRefSchema.optional() })
/**
 * `readOnly`: open the game without writing anything into it (not even `.walkbox`), by the
 * author's choice. `tiledLayers`: a Tiled game's layers read as these kinds (the import's
 * mapping, src/shared/formats/tiled/layer-kinds.ts). `setAside`: the game's Walkbox project
 * is moved to `.walkbox/set-aside/<time>/` first and the game read afresh (Read the game
 * again with other layer kinds); nothing of it is deleted.
 */
export const OpenGameFolderRequestSchema = z.strictObject({
  readOnly: z.boolean().optional(),
  tiledLayers: z
    .record(z.string().min(1).max(MAX_LAYER_NAME), z.enum(LAYER_KINDS))
    .refine((m) => Object.keys(m).length <= MAX_MAPPING_ENTRIES, {
      error: `expected at most ${MAX_MAPPING_ENTRIES} layers`,
    })
    .optional(),
  setAside: z.boolean().optional(),
})
/** Rooms one save may write at the most (the format's room limit). */
export const MAX_ROOMS_PER_SAVE = MAX_ROOMS

export const RoomSaveSchema = z.object({
  /** Validated against the room schema by the host. */
  room: z.unknown(),
  /** New background file bytes to store under room.background (only when new or replaced). */
  background: bytes.optional(),
  /** New bytes of background frames 2..N, by index into room.backgroundFrames (null: unchanged). */
  backgroundFrames: z.array(bytes.nullable()).max(MAX_BACKGROUND_FRAMES).optional(),
  /** The area-id mask, room width * height bytes (only when it changed). */
  mask: bytes.optional(),
  /** Scale-map file bytes (PNG) for room.scaling.map.file (only when it changed). */
  scaleMap: bytes.optional(),
})
export const SaveProjectRequestSchema = z.object({
  ref: ProjectRefSchema,
  /** Validated against the project schema by the host. */
  project: z.unknown(),
  rooms: z.array(RoomSaveSchema).max(MAX_ROOMS_PER_SAVE),
  copyName: z.string().min(1).max(200).optional(),
})
export const LoadRoomRequestSchema = z.object({ ref: ProjectRefSchema, roomId: z.string().min(1).max(200) })
export const ImportImageRequestSchema = z.object({ purpose: z.enum(['background', 'mask', 'scale-map']) })
export const ProjectRequestSchema = z.object({ ref: ProjectRefSchema })
export const RestoreBackupRequestSchema = z.object({
  ref: ProjectRefSchema,
  backupId: z.string().regex(/^[0-9A-Za-z-]{1,80}$/, { error: 'expected a backup id' }),
})
export const RenameProjectRequestSchema = z.object({
  ref: ProjectRefSchema,
  name: z.string().min(1).max(200),
})
/** Which checkbox menu items are on (MENU_CHECK_IDS); ids not given keep their check. */
export const MenuChecksRequestSchema = z.strictObject({
  checked: z.strictObject(
    Object.fromEntries(MENU_CHECK_IDS.map((id) => [id, z.boolean().optional()])) as Record<
      MenuCheckId,
      z.ZodOptional<z.ZodBoolean>
    >,
  ),
})
export const WriteGameSaveRequestSchema = z.object({
  ref: ProjectRefSchema,
  fingerprint: z.string().regex(/^[0-9]{1,6}-[0-9a-f]{1,8}$/, { error: 'expected a plan fingerprint' }),
})
export const ImportZipRequestSchema = z.object({ fileName: z.string().min(1).max(255), bytes })
export const DecodeImageRequestSchema = z.object({
  fileName: z.string().min(1).max(255),
  bytes,
  purpose: z.enum(['background', 'mask', 'scale-map']),
})

export type CreateProjectRequest = z.infer<typeof CreateProjectRequestSchema>
export type OpenProjectRequest = z.infer<typeof OpenProjectRequestSchema>
export type OpenGameFolderRequest = z.infer<typeof OpenGameFolderRequestSchema>
/** A room a save writes: the model, and the files that are new or changed (others stay on disk). */
export type RoomSave = Omit<z.infer<typeof RoomSaveSchema>, 'room'> & { room: Room }
/**
 * One save of the project file and the rooms given, as ONE unit: after a crash, a kill or a
 * full disk the project loads as exactly the old or exactly the new version. Rooms listed
 * but not given stay as they are on disk; room folders the project no longer lists go (the
 * backup keeps them).
 */
export type SaveProjectRequest = {
  ref: ProjectRef
  project: Project
  rooms: RoomSave[]
  /** Save As in the browser: the copy's name (the desktop asks for a folder instead). */
  copyName?: string
}
export type LoadRoomRequest = z.infer<typeof LoadRoomRequestSchema>
export type ImportImageRequest = z.infer<typeof ImportImageRequestSchema>
export type ProjectRequest = z.infer<typeof ProjectRequestSchema>
export type RestoreBackupRequest = z.infer<typeof RestoreBackupRequestSchema>
export type RenameProjectRequest = z.infer<typeof RenameProjectRequestSchema>
export type MenuChecksRequest = z.infer<typeof MenuChecksRequestSchema>
export type ImportZipRequest = z.infer<typeof ImportZipRequestSchema>
export type WriteGameSaveRequest = z.infer<typeof WriteGameSaveRequestSchema>
export type DecodeImageRequest = z.infer<typeof DecodeImageRequestSchema>

/** A backup of a project: the version a save replaced (see src/shared/room/backups.ts). */
export interface BackupSummary {
  id: string
  savedAt: string
  projectName: string | null
  rooms: number | null
  files: number
  bytes: number
}

export interface SaveResult {
  /** ISO time of the save. */
  savedAt: string
  /** The backup of the version the save replaced; null for a project's first save. */
  backup: BackupSummary | null
  /** The project file as written (normalised). */
  project: Project
}

/** A project the Open dialog lists: every one, damaged ones with their error. */
export interface ProjectListing {
  ref: ProjectRef
  /** The project's name, or its folder's when the project file cannot be read. */
  name: string
  rooms: number | null
  /** ISO time the project file was last written, when known. */
  savedAt: string | null
  /** One line saying why the project cannot be opened; null when it opens. */
  error: string | null
  backups: number
}

// What the editor asks of its host: the method table (host-methods.ts) makes the type.
