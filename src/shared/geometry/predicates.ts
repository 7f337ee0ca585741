/**
 * Geometric predicates on points and segments.
 *
 * Glossary
 * - orient2d(a, b, c): twice the signed area of triangle a, b, c, i.e. the cross product
 *   (b - a) x (c - a). It is positive when a, b, c turn the same way as a normalised outer
 *   ring (positive shoelace sum in y-down room px, which is clockwise as seen on screen);
 *   see polygon.ts.
 * - EPSILON: the distance tolerance of every predicate here, in room px. A point closer
 *   than EPSILON to a line or segment counts as lying on it. Room coordinates are at most
 *   a few thousand px, so 1e-7 px is far above double rounding (~1e-12 px) and far below
 *   anything a user can draw or see.
 * - proper crossing: two segments cross at one point interior to both, each passing from
 *   one side of the other to the other side.
 * - touching: the segments meet but do not properly cross (an end on the other segment,
 *   shared ends, or collinear overlap).
 * - parameter t: a position along segment a-b, a + t (b - a), t in [0, 1].
 *
 * Units: room px.
 */
import type { Point } from './types'

/** Distance tolerance of the predicates, room px. */
export const EPSILON = 1e-7

/** (b - a) x (c - a): twice the signed area of a, b, c. Positive = same turn as an outer ring. */
export function orient2d(a: Point, b: Point, c: Point): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/**
 * Which side of the line a-b point c lies on, with tolerance: 1 (turn of an outer ring),
 * -1 (the other way) or 0 when c is within EPSILON of the line through a and b (or a = b and
 * c is within EPSILON of a).
 */
export function orientation(a: Point, b: Point, c: Point): -1 | 0 | 1 {
  const det = orient2d(a, b, c)
  const len = Math.hypot(b.x - a.x, b.y - a.y)
  if (len === 0) return Math.hypot(c.x - a.x, c.y - a.y) <= EPSILON ? 0 : 1
  if (Math.abs(det) <= EPSILON * len) return 0
  return det > 0 ? 1 : -1
}

/** Distance between two points, room px. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

/** Parameter t in [0, 1] of the point of segment a-b closest to p. */
export function closestParameterOnSegment(a: Point, b: Point, p: Point): number {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const len2 = dx * dx + dy * dy
  if (len2 === 0) return 0
  const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2
  return t < 0 ? 0 : t > 1 ? 1 : t
}

/** The point of segment a-b closest to p. */
export function closestPointOnSegment(a: Point, b: Point, p: Point): Point {
  const t = closestParameterOnSegment(a, b, p)
  return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) }
}

/** Squared distance from p to segment a-b. */
export function distanceToSegmentSquared(a: Point, b: Point, p: Point): number {
  const t = closestParameterOnSegment(a, b, p)
  const dx = a.x + t * (b.x - a.x) - p.x
  const dy = a.y + t * (b.y - a.y) - p.y
  return dx * dx + dy * dy
}

/** Distance from p to segment a-b, room px. */
export function distanceToSegment(a: Point, b: Point, p: Point): number {
  return Math.sqrt(distanceToSegmentSquared(a, b, p))
}

/** Is p on segment a-b (within EPSILON)? */
export function pointOnSegment(p: Point, a: Point, b: Point): boolean {
  return distanceToSegmentSquared(a, b, p) <= EPSILON * EPSILON
}

/** How two segments meet. */
export type SegmentIntersectionKind = 'none' | 'proper' | 'touching'

/**
 * Classifies how segments a-b and c-d meet (with EPSILON tolerance): 'proper' when they
 * cross at a single point interior to both, 'touching' when they meet otherwise (an end
 * on the other segment, a shared end, collinear overlap), 'none' when they are apart.
 */
export function segmentIntersection(a: Point, b: Point, c: Point, d: Point): SegmentIntersectionKind {
  // Cheap reject on bounding boxes (grown by EPSILON).
  if (Math.max(a.x, b.x) + EPSILON < Math.min(c.x, d.x)) return 'none'
  if (Math.max(c.x, d.x) + EPSILON < Math.min(a.x, b.x)) return 'none'
  if (Math.max(a.y, b.y) + EPSILON < Math.min(c.y, d.y)) return 'none'
  if (Math.max(c.y, d.y) + EPSILON < Math.min(a.y, b.y)) return 'none'
  const o1 = orientation(a, b, c)
  const o2 = orientation(a, b, d)
  const o3 = orientation(c, d, a)
  const o4 = orientation(c, d, b)
  if (o1 * o2 < 0 && o3 * o4 < 0) return 'proper'
  if (
    (o1 === 0 && pointOnSegment(c, a, b)) ||
    (o2 === 0 && pointOnSegment(d, a, b)) ||
    (o3 === 0 && pointOnSegment(a, c, d)) ||
    (o4 === 0 && pointOnSegment(b, c, d))
  ) {
    return 'touching'
  }
  return 'none'
}

/** Do segments a-b and c-d meet at all (proper crossing or touching)? */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  return segmentIntersection(a, b, c, d) !== 'none'
}

/**
 * The parameters t along a-b of every point where c-d meets it: one value for a crossing or
 * touch, two values (the ends of the overlap) for collinear overlap, none when apart.
 */
export function intersectionParameters(a: Point, b: Point, c: Point, d: Point): number[] {
  const kind = segmentIntersection(a, b, c, d)
  if (kind === 'none') return []
  const rx = b.x - a.x
  const ry = b.y - a.y
  const sx = d.x - c.x
  const sy = d.y - c.y
  const denom = rx * sy - ry * sx
  const len2 = rx * rx + ry * ry
  if (len2 === 0) return [0]
  const oc = orientation(a, b, c)
  const od = orientation(a, b, d)
  if (oc === 0 && od === 0) {
    // Collinear: project c and d onto a-b and clamp to the common part.
    const tc = ((c.x - a.x) * rx + (c.y - a.y) * ry) / len2
    const td = ((d.x - a.x) * rx + (d.y - a.y) * ry) / len2
    const lo = Math.max(0, Math.min(tc, td))
    const hi = Math.min(1, Math.max(tc, td))
    return lo === hi ? [lo] : [lo, hi]
  }
  if (oc === 0) return [clamp01(closestParameterOnSegment(a, b, c))]
  if (od === 0) return [clamp01(closestParameterOnSegment(a, b, d))]
  if (denom === 0) return []
  const t = ((c.x - a.x) * sy - (c.y - a.y) * sx) / denom
  return [clamp01(t)]
}

function clamp01(t: number): number {
  return t < 0 ? 0 : t > 1 ? 1 : t
}
