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
 * - target: what caught the point: a grid crossing, a vertex, or an edge (with its ends).
 *
 * Units: room px, except the reach (screen px).
 */
import { closestPointOnSegment, distanceToSegmentSquared } from '../../shared/geometry/predicates'
import type { Point } from '../../shared/geometry/types'
import type { Room } from '../../shared/room/schema'

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

/** Every outline of the room a point can snap to (closed rings) and its loose points (nodes). */
export function snapGeometry(room: Room): { rings: Point[][]; points: Point[] } {
  const rings: Point[][] = []
  const toPoints = (ring: readonly (readonly [number, number])[]) => ring.map(([x, y]) => ({ x, y }))
  for (const p of room.polygons) {
    rings.push(toPoints(p.outer))
    for (const h of p.holes) rings.push(toPoints(h))
  }
  for (const g of room.gates) if (g.polygon) rings.push(toPoints(g.polygon))
  for (const z of room.zones) if (z.shape.kind === 'polygon') rings.push(toPoints(z.shape.outer))
  const points = room.nodeGraph.nodes.map((n) => ({ x: n.x, y: n.y }))
  return { rings, points }
}

/**
 * Where `p` snaps in `room` at `zoom` (screen px per room px). `extra` are more points to
 * catch (e.g. the outline being drawn).
 */
export function snapInRoom(
  room: Room | null,
  p: Point,
  zoom: number,
  settings: SnapSettings,
  extra: readonly Point[] = [],
): Snapped {
  if (!settings.snap) return { point: roundPoint(p, settings.pixels), target: null }
  const geometry = room ? snapGeometry(room) : { rings: [], points: [] }
  const vertexReach = VERTEX_REACH_SCREEN_PX / zoom
  let best: Point | null = null
  let bestD = vertexReach * vertexReach
  const consider = (v: Point) => {
    const d = (v.x - p.x) ** 2 + (v.y - p.y) ** 2
    if (d <= bestD) {
      bestD = d
      best = v
    }
  }
  for (const ring of geometry.rings) for (const v of ring) consider(v)
  for (const v of geometry.points) consider(v)
  for (const v of extra) consider(v)
  if (best) {
    const v: Point = best
    return { point: { x: v.x, y: v.y }, target: { kind: 'vertex', point: { x: v.x, y: v.y } } }
  }
  const edgeReach = EDGE_REACH_SCREEN_PX / zoom
  let edge: { from: Point; to: Point } | null = null
  let edgeD = edgeReach * edgeReach
  for (const ring of geometry.rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]
      const b = ring[(i + 1) % ring.length]
      const d = distanceToSegmentSquared(a, b, p)
      if (d <= edgeD) {
        edgeD = d
        edge = { from: a, to: b }
      }
    }
  }
  if (edge) {
    const { from, to } = edge
    const on = roundPoint(closestPointOnSegment(from, to, p), false)
    return { point: on, target: { kind: 'edge', point: on, from, to } }
  }
  const g = gridPoint(p, settings.gridStep)
  return { point: g, target: { kind: 'grid', point: g } }
}
