/**
 * Snapping: where a point the author places really goes. With snapping on, a point near
 * a vertex of the room's geometry goes onto it, else a point near an edge onto the
 * nearest point of that edge, else onto the nearest grid crossing; the target is returned
 * so the canvas can highlight it. With snapping off, points round to whole room px (when
 * the pixel option is on), as before.
 *
 * Glossary
 * - grid step: the distance between grid lines, room px; crossings are multiples of it.
 * - geometry: the vertices and edges of walk polygons (outlines and holes), gate polygons,
 *   polygon zones, and the node graph's nodes.
 * - reach: how close (screen px, so the same at every zoom) a vertex or an edge must be
 *   to catch the point.
 * - snap index: the geometry bucketed in 32 px cells, built once per edit of it, so that a
 *   pointer move reads only the cells within reach.
 * - target: what caught the point: a grid crossing, a vertex, or an edge (with its ends).
 * - skip: geometry that must not catch the point: a dragged vertex is never caught by
 *   itself (where it was) nor by the edges it is an end of.
 *
 * Units: room px, except the reach (screen px).
 */
import { closestPointOnSegment, distanceToSegmentSquared } from '../../../shared/geometry/predicates'
import type { Point } from '../../../shared/geometry/types'
import type { Room } from '../../../shared/room/schema'

/** Screen px within which a vertex catches the point. */
export const VERTEX_REACH_SCREEN_PX = 10
/** Screen px within which an edge catches the point. */
export const EDGE_REACH_SCREEN_PX = 7

export interface SnapSettings {
  /** Snap to the grid, vertices and edges. */
  snap: boolean
  /** Grid step, room px (>= 1). */
  gridStep: number
  /** Round to whole room px when nothing else catches the point. */
  pixels: boolean
}

export type SnapTarget =
  | { kind: 'grid'; point: Point }
  | { kind: 'vertex'; point: Point }
  | { kind: 'edge'; point: Point; from: Point; to: Point }

/** What must not catch the point: vertices at these places, and these edges (either direction). */
export interface SnapSkip {
  vertices?: readonly Point[]
  edges?: readonly (readonly [Point, Point])[]
}

const samePoint = (a: Point, x: number, y: number) => a.x === x && a.y === y

export interface Snapped {
  point: Point
  /** What caught the point, or null (free placement or pixel rounding). */
  target: SnapTarget | null
}

/** Round to whole room px, or to 1/100 px (the file keeps no finer detail). */
export function roundPoint(p: Point, pixels: boolean): Point {
  return pixels
    ? { x: Math.round(p.x), y: Math.round(p.y) }
    : { x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 }
}

/** The nearest grid crossing. */
export function gridPoint(p: Point, step: number): Point {
  const s = Math.max(1, step)
  return { x: Math.round(p.x / s) * s, y: Math.round(p.y / s) * s }
}

/** Side of a cell of the snap index, room px. */
const CELL = 32
/** An edge whose bounding box covers more cells than this is kept in a list checked always. */
const MAX_EDGE_CELLS = 64
/** A query over more cells than this scans everything instead (far zoomed out). */
const MAX_QUERY_CELLS = 1024

/**
 * The room's vertices and edges bucketed by cell, so that a pointer move looks only at the
 * geometry near it (a room may hold a million vertices). Built once per change of the
 * geometry: the room's fields are replaced (never changed in place) by every edit.
 */
export class SnapIndex {
  readonly vx: number[] = []
  readonly vy: number[] = []
  /** Edge i runs from (ex0[i], ey0[i]) to (ex1[i], ey1[i]). */
  readonly ex0: number[] = []
  readonly ey0: number[] = []
  readonly ex1: number[] = []
  readonly ey1: number[] = []
  private readonly vertexCells = new Map<number, number[]>()
  private readonly edgeCells = new Map<number, number[]>()
  private readonly longEdges: number[] = []

  constructor(room: Room) {
    const ring = (coords: readonly (readonly [number, number])[]) => {
      for (let i = 0; i < coords.length; i++) {
        const [x0, y0] = coords[i]
        const [x1, y1] = coords[(i + 1) % coords.length]
        this.addVertex(x0, y0)
        this.addEdge(x0, y0, x1, y1)
      }
    }
    for (const p of room.polygons) {
      ring(p.outer)
      for (const h of p.holes) ring(h)
    }
    for (const g of room.gates) if (g.polygon) ring(g.polygon)
    for (const z of room.zones) if (z.shape.kind === 'polygon') ring(z.shape.outer)
    for (const n of room.nodeGraph.nodes) this.addVertex(n.x, n.y)
  }

  /** One number per cell (coordinates are within ±1,000,000 px: cells within ±31,250). */
  private static key(cx: number, cy: number): number {
    return (cx + 65536) * 131072 + (cy + 65536)
  }

  private static push(map: Map<number, number[]>, key: number, i: number): void {
    const list = map.get(key)
    if (list) list.push(i)
    else map.set(key, [i])
  }

  private addVertex(x: number, y: number): void {
    const i = this.vx.length
    this.vx.push(x)
    this.vy.push(y)
    SnapIndex.push(this.vertexCells, SnapIndex.key(Math.floor(x / CELL), Math.floor(y / CELL)), i)
  }

  private addEdge(x0: number, y0: number, x1: number, y1: number): void {
    const i = this.ex0.length
    this.ex0.push(x0)
    this.ey0.push(y0)
    this.ex1.push(x1)
    this.ey1.push(y1)
    const c0 = Math.floor(Math.min(x0, x1) / CELL)
    const c1 = Math.floor(Math.max(x0, x1) / CELL)
    const r0 = Math.floor(Math.min(y0, y1) / CELL)
    const r1 = Math.floor(Math.max(y0, y1) / CELL)
    if ((c1 - c0 + 1) * (r1 - r0 + 1) > MAX_EDGE_CELLS) {
      this.longEdges.push(i)
      return
    }
    for (let c = c0; c <= c1; c++)
      for (let r = r0; r <= r1; r++) SnapIndex.push(this.edgeCells, SnapIndex.key(c, r), i)
  }

  /** Visit the vertices (kind 'vertex') or edges near `p` within `reach`, each at least once. */
  near(kind: 'vertex' | 'edge', p: Point, reach: number, visit: (i: number) => void): void {
    const c0 = Math.floor((p.x - reach) / CELL)
    const c1 = Math.floor((p.x + reach) / CELL)
    const r0 = Math.floor((p.y - reach) / CELL)
    const r1 = Math.floor((p.y + reach) / CELL)
    const count = kind === 'vertex' ? this.vx.length : this.ex0.length
    if ((c1 - c0 + 1) * (r1 - r0 + 1) > MAX_QUERY_CELLS) {
      for (let i = 0; i < count; i++) visit(i)
      return
    }
    const cells = kind === 'vertex' ? this.vertexCells : this.edgeCells
    for (let c = c0; c <= c1; c++)
      for (let r = r0; r <= r1; r++) for (const i of cells.get(SnapIndex.key(c, r)) ?? []) visit(i)
    if (kind === 'edge') for (const i of this.longEdges) visit(i)
  }
}

/** The index of the room's current geometry, rebuilt when an edit replaced any of it. */
const indexes = new WeakMap<Room, { fields: unknown[]; index: SnapIndex }>()
export function snapIndexOf(room: Room): SnapIndex {
  const fields = [room.polygons, room.gates, room.zones, room.nodeGraph]
  const cached = indexes.get(room)
  if (cached && cached.fields.every((f, i) => f === fields[i])) return cached.index
  const index = new SnapIndex(room)
  indexes.set(room, { fields, index })
  return index
}

/**
 * Where `p` snaps in `room` at `zoom` (screen px per room px). `extra` are more points to
 * catch (e.g. the outline being drawn); `skip`, geometry that must not catch it.
 */
export function snapInRoom(
  room: Room | null,
  p: Point,
  zoom: number,
  settings: SnapSettings,
  extra: readonly Point[] = [],
  skip: SnapSkip = {},
): Snapped {
  if (!settings.snap) return { point: roundPoint(p, settings.pixels), target: null }
  const index = room ? snapIndexOf(room) : null
  const vertexReach = VERTEX_REACH_SCREEN_PX / zoom
  let best: Point | null = null
  let bestD = vertexReach * vertexReach
  const skippedVertex = (x: number, y: number) => skip.vertices?.some((v) => samePoint(v, x, y)) ?? false
  const skippedEdge = (i: number) =>
    skip.edges?.some(
      ([a, b]) =>
        index !== null &&
        ((samePoint(a, index.ex0[i], index.ey0[i]) && samePoint(b, index.ex1[i], index.ey1[i])) ||
          (samePoint(b, index.ex0[i], index.ey0[i]) && samePoint(a, index.ex1[i], index.ey1[i]))),
    ) ?? false
  const consider = (x: number, y: number) => {
    if (skippedVertex(x, y)) return
    const d = (x - p.x) ** 2 + (y - p.y) ** 2
    if (d <= bestD) {
      bestD = d
      best = { x, y }
    }
  }
  index?.near('vertex', p, vertexReach, (i) => consider(index.vx[i], index.vy[i]))
  for (const v of extra) consider(v.x, v.y)
  if (best) {
    const v: Point = best
    return { point: { x: v.x, y: v.y }, target: { kind: 'vertex', point: { x: v.x, y: v.y } } }
  }
  const edgeReach = EDGE_REACH_SCREEN_PX / zoom
  let edge = -1
  let edgeD = edgeReach * edgeReach
  index?.near('edge', p, edgeReach, (i) => {
    if (skippedEdge(i)) return
    const d = distanceToSegmentSquared(
      { x: index.ex0[i], y: index.ey0[i] },
      { x: index.ex1[i], y: index.ey1[i] },
      p,
    )
    if (d <= edgeD) {
      edgeD = d
      edge = i
    }
  })
  if (index && edge >= 0) {
    const from = { x: index.ex0[edge], y: index.ey0[edge] }
    const to = { x: index.ex1[edge], y: index.ey1[edge] }
    const on = roundPoint(closestPointOnSegment(from, to, p), false)
    return { point: on, target: { kind: 'edge', point: on, from, to } }
  }
  const g = gridPoint(p, settings.gridStep)
  return { point: g, target: { kind: 'grid', point: g } }
}
