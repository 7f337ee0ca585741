/**
 * What a Godot scene import gives (RoomImport) and what its sections share while they read
 * one scene (SceneRead, RoomBuild). Each section of the reader (import-*.ts) takes these and
 * reads one kind of node; import.ts calls them in order.
 *
 * Glossary
 * - scene px: coordinates in the room scene's root; room px = scene px + sceneOffset.
 * - used: the nodes read into the room; every other node is named in the notes.
 * - notes: everything assumed, skipped or missing, one line each; never a crash.
 *
 * Units: px.
 */
import type { Point, Ring } from '../../geometry/types'
import type { Flag, Room } from '../../room/schema'
import { flagExpressionError, flagsInExpression } from '../../room/flag-expression'
import type { SceneNode, SceneSource } from './scene-tree'
import type { Rgba } from './compose-background'
import type { EscoriaClass } from './escoria'
import type { PopochiuRole } from './popochiu'
import type { HotspotSource, ShapeSource, ZoneSource } from './room-objects'

/**
 * Where a room point came from: the node's `position` (in its parent's frame). `noMetadata`:
 * why the node's metadata is not the point's properties (a Popochiu character), when it is not.
 */
export type PointSource = ShapeSource & { id: string; noMetadata?: string }

/**
 * The node a gate was read from: Walkbox's own gate Area2D (its `polygon` the shape child's
 * property, null when it has none it can write back), or a Popochiu obstacle prop. `noMetadata`:
 * why the node's metadata is not the gate's properties, when it is not.
 */
export interface GateSource {
  gateId: string
  path: string
  polygon: ShapeSource | null
  noMetadata?: string
}

export interface GodotImportSource extends SceneSource {
  /** Bytes of a res:// file (textures), or null when it is not there. */
  readBytes(resPath: string): Promise<Uint8Array | null>
  /** Pixel size of an image's bytes, or null when they are not a readable image. */
  imageSize(bytes: Uint8Array): { width: number; height: number } | null
  /** RGBA pixels of an image's bytes (throws naming `name` when unreadable); without it, sprites are not drawn into the background. */
  decodeImage?(bytes: Uint8Array, name: string): Promise<Rgba>
}

export interface ImportedImage {
  /** File name for the room folder. */
  name: string
  bytes: Uint8Array
}

export interface RoomImport {
  room: Room
  /** Flags the room's expressions use, to add to the project when missing. */
  flags: Flag[]
  background?: ImportedImage
  /** Backgrounds 2..N (room.backgroundFrames names them, in order). */
  backgroundFrames?: ImportedImage[]
  /** A greyscale scale map of room size (room.scaling.map names it). */
  scaleMap?: ImportedImage
  /**
   * Why the room has no background, one line for the author (the game names a picture that is
   * not there, or one Walkbox does not read; no picture at all), when the import gives none.
   */
  noBackground?: string
  notes: string[]
  /** Paths of the source's nodes read into the room (or that place such nodes); every other node is named in `notes`. */
  nodes?: {
    imported: string[]
    /** The node and property each room point was read from. */
    points?: PointSource[]
    /** The node each walk area was read from: a NavigationRegion2D, or a Popochiu walkable area. */
    areas?: { areaId: number; path: string; popochiu: boolean }[]
    zones?: ZoneSource[]
    hotspots?: HotspotSource[]
    /** The node each gate was read from. */
    gates?: GateSource[]
    /** The Popochiu scaling regions the room's linear scaling was read from. */
    scaling?: { zoneId: string; path: string }[]
  }

  /** Tiled: ids of the map's objects read into the room; every other object is named in `notes`. */
  objects?: { imported: number[] }
}

export type Size = { width: number; height: number }

/** One scene being read: its nodes and what every section shares. */
export interface SceneRead {
  source: GodotImportSource
  root: SceneNode
  /** Every node, depth first. */
  nodes: SceneNode[]
  /** Each node's parent (one pass: a scene may hold thousands of nodes). */
  parents: Map<SceneNode, SceneNode>
  popochiu: boolean
  /** Popochiu 2: the room's objects by their group. */
  roles: Map<SceneNode, PopochiuRole>
  escoria: Map<SceneNode, EscoriaClass>
  /** Nodes read into the room (their ancestors too: they place them); the others are named. */
  used: Set<SceneNode>
  notes: string[]
}

/** The room being built from a scene, with the offset from scene px to room px. */
export interface RoomBuild {
  room: Room
  /** Flags the room's expressions name (offered to the project, default false). */
  flags: Flag[]
  offset: Point
}

/** A text `metadata/<key>` of a node (Walkbox's own export writes these), else undefined. */
export function metaText(n: SceneNode, key: string): string | undefined {
  const v = n.props.get(`metadata/${key}`)?.value
  return typeof v === 'string' ? v : undefined
}

/** The flags an expression names join the list offered to the project (default false). */
export function offerFlags(build: RoomBuild, expression: string | undefined): void {
  if (expression === undefined || flagExpressionError(expression)) return
  for (const id of flagsInExpression(expression)) {
    if (!build.flags.some((f) => f.id === id)) build.flags.push({ id, name: id, default: false })
  }
}

/** Scene px -> room px. */
export function toRoom(build: RoomBuild, p: Point): Point {
  return { x: p.x + build.offset.x, y: p.y + build.offset.y }
}

export function ringToRoom(build: RoomBuild, r: Ring): Ring {
  return r.map((p) => toRoom(build, p))
}
