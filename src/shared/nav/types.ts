/**
 * The one interface every pathfinder implements, and the data it works on.
 *
 * Glossary
 * - nav world: the walkable area of one room in one room state (flags applied:
 *   disabled areas removed, closed gates subtracted). It hands each algorithm the
 *   representation it needs (a full-resolution grid, polygons, a triangulation, a
 *   node graph), deriving and caching it on first use. See world.ts.
 * - walk grid: the world's effective mask, 1 cell = 1 room px, row-major;
 *   0 = blocked, 1..255 = the id of the (enabled) walk area the pixel belongs to.
 * - snapped start / goal: where a query really starts and ends after a point
 *   outside the walkable area was moved to the closest walkable point.
 * - reached: the path ends at the snapped goal. When the goal cannot be reached
 *   from the start, the path goes to the reachable point closest to the goal,
 *   `reached` is false and `reason` says why.
 * - expanded: nodes taken off the open list (graph searches) or cells visited
 *   (floods); each algorithm documents which.
 * - bytes: memory the prepared data holds (typed arrays and graphs), estimated.
 *
 * Units: room px for coordinates and lengths, milliseconds for times, bytes for memory.
 */
import type { AreaPolygon, Point, Triangulation } from '../geometry/types'

export type { Triangulation }

/** Full-resolution walkable grid; 0 = blocked, else an area id. */
export interface WalkGrid {
  readonly width: number
  readonly height: number
  readonly cells: Uint8Array
}

/** An authored node of a node graph, in room px. */
export interface GraphNode {
  id: string
  x: number
  y: number
}

/** A join between two nodes. One-way joins go from `a` to `b` only. */
export interface GraphJoin {
  a: string
  b: string
  oneWay?: boolean
  /** Cost multiplier on the Euclidean length; default 1. */
  cost?: number
}

export interface NodeGraph {
  nodes: GraphNode[]
  joins: GraphJoin[]
}

/** The walkable area of one room state, with its derived representations cached. */
export interface NavWorld {
  readonly width: number
  readonly height: number
  /** Which representation the author drew and is the truth for this room. */
  readonly authoritative: 'mask' | 'polygons'
  /** A key that changes when the world changes (room revision + state); caches use it. */
  readonly key: string
  /** Full-resolution effective walk grid (polygons rasterised when the room is polygon-authored). */
  grid(): WalkGrid
  /** Walkable polygons: as authored, or the mask traced and simplified (error at most `SIMPLIFY_TOLERANCE_PX`). */
  polygons(): AreaPolygon[]
  /** Exact walkable polygons: as authored, or the mask traced pixel-exactly (no simplification). */
  exactPolygons(): AreaPolygon[]
  /** Constrained triangulation of `polygons()`. */
  triangulation(): Triangulation
  /** The authored node graph, if the room has one. */
  authoredGraph(): NodeGraph | undefined
  /** Is this point (room px) walkable? Uses the authoritative representation. */
  isWalkable(p: Point): boolean
  /** Per-world cache for algorithms' own derived data, keyed by a string of their choice. */
  cached<T>(key: string, make: () => T): T
}

/** Something the editor can draw to explain an answer. Flat typed arrays keep it cheap to post from a worker. */
export type DebugLayer =
  | { kind: 'points'; label: string; points: Float32Array }
  | { kind: 'segments'; label: string; segments: Float32Array; directed?: boolean }
  /** A grid overlay: `cellSize` room px per cell, origin at (originX, originY); values 0 = nothing. */
  | {
      kind: 'cells'
      label: string
      cols: number
      rows: number
      cellSize: number
      originX: number
      originY: number
      values: Uint8Array | Int32Array | Float32Array
      /** 'mark' = any non-zero value is marked; 'heat' = values are a scalar field (e.g. a distance buffer; negative = blocked). */
      mode: 'mark' | 'heat'
    }
  | {
      kind: 'triangles'
      label: string
      vertices: Float32Array
      triangles: Uint32Array
      highlight?: Uint32Array
    }

export interface PathStats {
  /** Time of this query, ms. */
  queryMs: number
  /** Nodes expanded or cells visited by this query. */
  expanded: number
}

export interface PathResult {
  /** The path in room px, from the snapped start to the snapped goal (or the closest reachable point). */
  points: Point[]
  reached: boolean
  start: Point
  goal: Point
  /** Why the path is not reached, or was changed (e.g. 'goal outside the walkable area, snapped'). */
  reason?: string
  stats: PathStats
  debug: DebugLayer[]
}

/** An option an algorithm exposes; `faithful` is the original write-up's value. */
export type OptionSpec =
  | {
      key: string
      label: string
      type: 'number'
      faithful: number
      min?: number
      max?: number
      step?: number
      help: string
    }
  | { key: string; label: string; type: 'boolean'; faithful: boolean; help: string }
  | { key: string; label: string; type: 'choice'; faithful: string; choices: string[]; help: string }

export type OptionValues = Record<string, number | boolean | string>

/** Prepared per-world data. `bytes` is what it holds. */
export interface Prepared {
  bytes: number
  /**
   * False: findPath may leave `debug` empty (a game draws none; the runtime sets it). The
   * answer's points are the same either way. Absent means true.
   */
  debug?: boolean
}

/** A pathfinder; `Id` is its id (registry.ts's `AlgorithmId` names the registered ones). */
export interface Pathfinder<P extends Prepared = Prepared, Id extends string = string> {
  id: Id
  label: string
  /** Where the algorithm comes from (game, engine, language). */
  origin: string
  /** One paragraph on what it does, in the author's terms. */
  summary: string
  options: OptionSpec[]
  /** Build the representation and indexes this algorithm needs. `options` is complete (defaults filled). */
  prepare(world: NavWorld, options: OptionValues): P
  /** Answer one query. Must never throw for points outside the room or unreachable goals. */
  findPath(prepared: P, from: Point, to: Point): Omit<PathResult, 'stats'> & { expanded: number }
}
