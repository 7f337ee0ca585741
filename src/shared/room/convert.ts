/**
 * Conversions between the file's coordinate arrays and the geometry types the rest of
 * the core works with.
 *
 * Glossary
 * - coord: `[x, y]` as written in room.json.
 * - point: `{ x, y }` (geometry/types.ts).
 * - walk polygon: a room.json polygon (id, areaId, outer, holes as coords).
 * - area polygon: the geometry shape (outer and holes as points).
 *
 * Both sides are in room px; nothing is scaled or rounded here.
 */
import type { AreaPolygon, Point, Ring } from '../geometry/types'
import type { Coord, CoordRing, WalkPolygon } from './schema'

export function coordToPoint([x, y]: Coord): Point {
  return { x, y }
}

export function pointToCoord(p: Point): Coord {
  return [p.x, p.y]
}

export function coordsToRing(ring: CoordRing): Ring {
  return ring.map(coordToPoint)
}

export function ringToCoords(ring: Ring): CoordRing {
  return ring.map(pointToCoord)
}

/** The geometry of a walk polygon. */
export function walkPolygonToArea(polygon: Pick<WalkPolygon, 'outer' | 'holes'>): AreaPolygon {
  return { outer: coordsToRing(polygon.outer), holes: polygon.holes.map(coordsToRing) }
}

/** A walk polygon from geometry, with the id and area it should carry. */
export function areaToWalkPolygon(area: AreaPolygon, id: string, areaId: number): WalkPolygon {
  return { id, areaId, outer: ringToCoords(area.outer), holes: area.holes.map(ringToCoords) }
}
