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
import type { Project, Room } from './room/schema'

/** Largest image Walkbox opens: 16384 px a side and 100 megapixels (checked before decoding). */
export const IMAGE_LIMITS = { maxSide: 16384, maxPixels: 100_000_000 } as const

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
export type RgbaImage = z.infer<typeof RgbaImageSchema>

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
}

export interface RoomSummary {
  id: string
  name: string
}

export interface OpenedProject {
  ref: ProjectRef
  project: Project
  rooms: RoomSummary[]
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
  /** Area ids, room width * height bytes; null when the room has no mask file (or it could not be read). */
  mask: Uint8Array | null
  scaleMap: RgbaImage | null
  /**
   * Images the room names that could not be read (missing, damaged, wrong size): each layer
   * comes back null with its reason, instead of refusing the whole room. room.json itself
   * failing still refuses the room.
   */
  problems: LayerProblem[]
}

export const CreateProjectRequestSchema = z.object({ name: z.string().min(1).max(200) })
export const OpenProjectRequestSchema = z.object({ ref: ProjectRefSchema.optional() })
export const SaveProjectRequestSchema = z.object({ ref: ProjectRefSchema, project: z.unknown() })
export const LoadRoomRequestSchema = z.object({ ref: ProjectRefSchema, roomId: z.string().min(1).max(200) })
export const SaveRoomRequestSchema = z.object({
  ref: ProjectRefSchema,
  /** Validated against the room schema by the host. */
  room: z.unknown(),
  /** New background file bytes to store under room.background (only when it changed). */
  background: bytes.optional(),
  /** The area-id mask to store under room's mask file (only when it changed). */
  mask: bytes.optional(),
  scaleMap: bytes.optional(),
})
export const ImportImageRequestSchema = z.object({ purpose: z.enum(['background', 'mask', 'scale-map']) })

export type CreateProjectRequest = z.infer<typeof CreateProjectRequestSchema>
export type OpenProjectRequest = z.infer<typeof OpenProjectRequestSchema>
export type SaveProjectRequest = { ref: ProjectRef; project: Project }
export type LoadRoomRequest = z.infer<typeof LoadRoomRequestSchema>
export type SaveRoomRequest = Omit<z.infer<typeof SaveRoomRequestSchema>, 'room'> & { room: Room }
export type ImportImageRequest = z.infer<typeof ImportImageRequestSchema>

/** What the editor asks of its host. Every method may reject with an Error whose message is for the author. */
export interface WalkboxHost {
  readonly kind: 'electron' | 'browser'
  appInfo(): Promise<AppInfo>
  recentProjects(): Promise<RecentProject[]>
  /** Open the sample project (copied to a writable place on first use). */
  openSampleProject(): Promise<OpenedProject>
  /** Create a project; Electron asks where. Null when the author cancelled. */
  createProject(req: CreateProjectRequest): Promise<OpenedProject | null>
  /** Open a project: by ref (recent list) or by asking the author. Null when cancelled. */
  openProject(req: OpenProjectRequest): Promise<OpenedProject | null>
  /** Save the project file (project.walkbox.json). */
  saveProject(req: SaveProjectRequest): Promise<void>
  /** Save under a new name/location; returns the new project, or null when cancelled. */
  saveProjectAs(req: SaveProjectRequest): Promise<OpenedProject | null>
  loadRoom(req: LoadRoomRequest): Promise<LoadedRoom>
  saveRoom(req: SaveRoomRequest): Promise<void>
  /** Ask the author for an image file and decode it. Null when cancelled. */
  importImage(req: ImportImageRequest): Promise<ImportedImage | null>
  /** Native menu items (Electron) run actions by id; returns an unsubscribe function. */
  onMenuAction(listener: (actionId: string) => void): () => void
  /** The OS or a menu asks to open a project (Open Recent, a double-clicked project file). */
  onOpenRequest(listener: (ref: ProjectRef) => void): () => void
  /**
   * The author tried to close the window (Electron's close button, Quit): the editor asks
   * about unsaved work and then calls `closeWindow`, or keeps the window. The browser edition
   * never sends this (it asks through `beforeunload`).
   */
  onCloseRequest(listener: () => void): () => void
  /** Close the window now; the editor has dealt with unsaved work. */
  closeWindow(): Promise<void>
}

export { HOST_CHANNELS, HOST_EVENT_CHANNELS, HOST_GLOBAL, type HostInvokeMethod } from './host-channels'
