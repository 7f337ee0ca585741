/**
 * Axis-aligned bounding boxes of rings and areas.
 *
 * Glossary
 * - bounds: the smallest Rect holding every vertex. An empty input gives an empty Rect
 *   (x = y = 0, width = height = 0) and `isEmptyRect` says so.
 * - box: bounds as min/max corners (minX, minY, maxX, maxY), handier for overlap tests.
 *
 * Units: room px.
 */
import type { AreaPolygon, Point, Rect, Ring } from './types'

/** Bounds as corners. */
export interface Box {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/** A box that holds nothing; growing it by a point gives that point's box. */
export function emptyBox(): Box {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
}

/** Grows `box` (in place) to hold every point of `points`, and returns it. */
export function growBox(box: Box, points: readonly Point[]): Box {
  for (const p of points) {
    if (p.x < box.minX) box.minX = p.x
    if (p.y < box.minY) box.minY = p.y
    if (p.x > box.maxX) box.maxX = p.x
    if (p.y > box.maxY) box.maxY = p.y
  }
  return box
}

/** Box of a ring. */
export function ringBox(ring: Ring): Box {
  return growBox(emptyBox(), ring)
}

/** Box of an area (its outer ring holds its holes). */
export function areaBox(area: AreaPolygon): Box {
  return ringBox(area.outer)
}

/** Box of several areas. */
export function areasBox(areas: readonly AreaPolygon[]): Box {
  const box = emptyBox()
  for (const a of areas) growBox(box, a.outer)
  return box
}

/** A box as a Rect; an empty box gives an empty Rect at the origin. */
export function boxToRect(box: Box): Rect {
  if (!(box.maxX >= box.minX) || !(box.maxY >= box.minY)) return { x: 0, y: 0, width: 0, height: 0 }
  return { x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY }
}

/** Bounds of a ring as a Rect. */
export function ringBounds(ring: Ring): Rect {
  return boxToRect(ringBox(ring))
}

/** Bounds of several areas as a Rect. */
export function areasBounds(areas: readonly AreaPolygon[]): Rect {
  return boxToRect(areasBox(areas))
}

/** Is this Rect empty (no width or no height)? */
export function isEmptyRect(r: Rect): boolean {
  return !(r.width > 0) || !(r.height > 0)
}
