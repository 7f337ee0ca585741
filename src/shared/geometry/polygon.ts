/**
 * Rings and area polygons: orientation, containment, closest points, line of sight.
 *
 * Glossary
 * - signed area: half the shoelace sum  sum (x_i * y_{i+1} - x_{i+1} * y_i)  computed on
 *   room px as they are (y down). No axis is flipped.
 * - orientation rule (normalised rings): an OUTER ring has POSITIVE signed area, which in
 *   y-down room px is CLOCKWISE as seen on screen (it would be counter-clockwise in a y-up
 *   maths plot). A HOLE has NEGATIVE signed area (counter-clockwise on screen). With this
 *   rule the walkable side of every directed edge is the same: on screen it is to the right
 *   of the edge. The bench rooms already use it for their outer rings, the tracer in
 *   vectorise.ts produces it, and triangulate.ts winds its triangles the same way.
 * - walkable region: the union of the areas, each area being its outer ring minus its holes,
 *   as CLOSED sets: a point on an outline (within EPSILON of predicates.ts) is inside.
 * - reflex vertex: a vertex of a normalised ring where the walkable region is locally
 *   non-convex, i.e. the ring turns against its own orientation. That is a concave corner of
 *   an outer ring or a convex corner of a hole: the vertices shortest paths bend around.
 * - line of sight: the whole segment stays in the walkable region.
 *
 * Units: room px.
 */
import {
  EPSILON,
  closestPointOnSegment,
  distanceToSegmentSquared,
  intersectionParameters,
  orientation,
  segmentIntersection,
} from './predicates'
import type { AreaPolygon, Point, Ring } from './types'
import { bucketEdges, nearEdgePairs } from './edge-grid'

/** Half the shoelace sum on y-down room px: positive for a normalised outer ring. */
export function signedArea(ring: Ring): number {
  const n = ring.length
  if (n < 3) return 0
  let sum = 0
  let prev = ring[n - 1]
  for (let i = 0; i < n; i++) {
    const p = ring[i]
    sum += prev.x * p.y - p.x * prev.y
    prev = p
  }
  return sum / 2
}

/** Unsigned area of a ring, px². */
export function ringArea(ring: Ring): number {
  return Math.abs(signedArea(ring))
}

/** Area of an area polygon: outer minus holes, px². */
export function areaPolygonArea(area: AreaPolygon): number {
  let a = ringArea(area.outer)
  for (const h of area.holes) a -= ringArea(h)
  return a
}

/** Total area of several areas (assumed not to overlap), px². */
export function areasArea(areas: readonly AreaPolygon[]): number {
  let a = 0
  for (const area of areas) a += areaPolygonArea(area)
  return a
}

/** Copy of the ring without repeated consecutive vertices (including last = first). */
export function withoutRepeats(ring: Ring): Ring {
  const out: Ring = []
  for (const p of ring) {
    const last = out[out.length - 1]
    if (!last || last.x !== p.x || last.y !== p.y) out.push({ x: p.x, y: p.y })
  }
  while (out.length > 1 && out[0].x === out[out.length - 1].x && out[0].y === out[out.length - 1].y) out.pop()
  return out
}

/** Copy of the ring, repeats removed, wound as an outer ring ('outer') or a hole ('hole'). */
export function normaliseRing(ring: Ring, role: 'outer' | 'hole'): Ring {
  const out = withoutRepeats(ring)
  const a = signedArea(out)
  if ((role === 'outer' && a < 0) || (role === 'hole' && a > 0)) out.reverse()
  return out
}

/** Copy of the area with the orientation rule applied (outer positive, holes negative). */
export function normaliseArea(area: AreaPolygon): AreaPolygon {
  return { outer: normaliseRing(area.outer, 'outer'), holes: area.holes.map((h) => normaliseRing(h, 'hole')) }
}

/** normaliseArea on each area. */
export function normaliseAreas(areas: readonly AreaPolygon[]): AreaPolygon[] {
  return areas.map(normaliseArea)
}

/** Where a point is relative to a ring. */
export type RingSide = 'inside' | 'boundary' | 'outside'

/** Is p strictly inside, on (within EPSILON), or outside the ring? Orientation does not matter. */
export function classifyPointInRing(ring: Ring, p: Point): RingSide {
  const n = ring.length
  if (n === 0) return 'outside'
  const eps2 = EPSILON * EPSILON
  let inside = false
  let a = ring[n - 1]
  for (let i = 0; i < n; i++) {
    const b = ring[i]
    // Boundary test only for edges whose box (grown by EPSILON) holds p.
    if (
      p.x >= Math.min(a.x, b.x) - EPSILON &&
      p.x <= Math.max(a.x, b.x) + EPSILON &&
      p.y >= Math.min(a.y, b.y) - EPSILON &&
      p.y <= Math.max(a.y, b.y) + EPSILON &&
      distanceToSegmentSquared(a, b, p) <= eps2
    ) {
      return 'boundary'
    }
    if (a.y > p.y !== b.y > p.y) {
      const x = a.x + ((p.y - a.y) * (b.x - a.x)) / (b.y - a.y)
      if (p.x < x) inside = !inside
    }
    a = b
  }
  return inside ? 'inside' : 'outside'
}

/** Is p inside the ring? The boundary counts as inside unless `boundaryInside` is false. */
export function pointInRing(ring: Ring, p: Point, boundaryInside = true): boolean {
  const side = classifyPointInRing(ring, p)
  return side === 'inside' || (boundaryInside && side === 'boundary')
}

/** Is p in the area (inside the outer ring and not strictly inside a hole)? Outlines count as inside. */
export function pointInArea(area: AreaPolygon, p: Point): boolean {
  const side = classifyPointInRing(area.outer, p)
  if (side === 'outside') return false
  if (side === 'boundary') return true
  for (const h of area.holes) if (classifyPointInRing(h, p) === 'inside') return false
  return true
}

/** Is p in the walkable region of these areas? Outlines count as inside. */
export function pointInAreas(areas: readonly AreaPolygon[], p: Point): boolean {
  return areaIndexAt(areas, p) >= 0
}

/** Index of the first area holding p (outlines count), or -1. */
export function areaIndexAt(areas: readonly AreaPolygon[], p: Point): number {
  for (let i = 0; i < areas.length; i++) if (pointInArea(areas[i], p)) return i
  return -1
}

/** The closest point of the walkable region to a query point. */
export interface ClosestPoint {
  point: Point
  /** The area it lies in, or -1 when there are no areas. */
  areaIndex: number
  /** Distance from the query point, room px (0 when the query point is inside; Infinity when there are no areas). */
  distance: number
}

/**
 * The closest point of the walkable region to p: p itself when p is inside (boundary
 * included), else the closest point on any outline (outer or hole). With no areas (or only
 * empty rings) the answer is p itself with areaIndex -1 and distance Infinity.
 */
export function closestPointOnAreas(areas: readonly AreaPolygon[], p: Point): ClosestPoint {
  const inside = areaIndexAt(areas, p)
  if (inside >= 0) return { point: { x: p.x, y: p.y }, areaIndex: inside, distance: 0 }
  let best = Infinity
  let bestPoint: Point = { x: p.x, y: p.y }
  let bestArea = -1
  for (let ai = 0; ai < areas.length; ai++) {
    const area = areas[ai]
    const rings = [area.outer, ...area.holes]
    for (const ring of rings) {
      const n = ring.length
      if (n === 0) continue
      let a = ring[n - 1]
      for (let i = 0; i < n; i++) {
        const b = ring[i]
        const d2 = distanceToSegmentSquared(a, b, p)
        if (d2 < best) {
          best = d2
          bestPoint = closestPointOnSegment(a, b, p)
          bestArea = ai
        }
        a = b
      }
    }
  }
  return { point: bestPoint, areaIndex: bestArea, distance: bestArea < 0 ? Infinity : Math.sqrt(best) }
}

/**
 * Line of sight: does the whole segment a-b stay in the walkable region? Running along an
 * outline and grazing a vertex are allowed; leaving every area or entering a hole is not.
 * Moving from one area into another that touches it is allowed (the region is their union).
 *
 * Method: every point where an outline meets the segment cuts it into pieces; inside-ness
 * can only change at those points, so each piece is tested at its midpoint.
 */
export function segmentInsideAreas(areas: readonly AreaPolygon[], a: Point, b: Point): boolean {
  if (a.x === b.x && a.y === b.y) return pointInAreas(areas, a)
  const minX = Math.min(a.x, b.x) - EPSILON
  const maxX = Math.max(a.x, b.x) + EPSILON
  const minY = Math.min(a.y, b.y) - EPSILON
  const maxY = Math.max(a.y, b.y) + EPSILON
  const ts: number[] = [0, 1]
  for (const area of areas) {
    forEachRing(area, (ring) => {
      const n = ring.length
      let c = ring[n - 1]
      for (let i = 0; i < n; i++) {
        const d = ring[i]
        if (!(
          Math.max(c.x, d.x) < minX ||
          Math.min(c.x, d.x) > maxX ||
          Math.max(c.y, d.y) < minY ||
          Math.min(c.y, d.y) > maxY
        )) {
          for (const t of intersectionParameters(a, b, c, d)) ts.push(t)
        }
        c = d
      }
    })
  }
  ts.sort((x, y) => x - y)
  const dx = b.x - a.x
  const dy = b.y - a.y
  for (let i = 1; i < ts.length; i++) {
    const t0 = ts[i - 1]
    const t1 = ts[i]
    if (t1 - t0 <= 1e-12) continue
    const tm = (t0 + t1) / 2
    if (!pointInAreas(areas, { x: a.x + tm * dx, y: a.y + tm * dy })) return false
  }
  return true
}

/** Calls `fn` on the outer ring and then each hole of an area (skipping rings under 2 vertices). */
export function forEachRing(area: AreaPolygon, fn: (ring: Ring, holeIndex: number) => void): void {
  if (area.outer.length >= 2) fn(area.outer, -1)
  for (let i = 0; i < area.holes.length; i++) if (area.holes[i].length >= 2) fn(area.holes[i], i)
}

/** Does any edge of ring r meet (cross or touch) any edge of ring s? */
export function ringsMeet(r: Ring, s: Ring): boolean {
  const n = r.length
  const m = s.length
  if (n < 2 || m < 2) return false
  let a = r[n - 1]
  for (let i = 0; i < n; i++) {
    const b = r[i]
    let c = s[m - 1]
    for (let j = 0; j < m; j++) {
      const d = s[j]
      if (segmentIntersection(a, b, c, d) !== 'none') return true
      c = d
    }
    a = b
  }
  return false
}

/**
 * Does `ring` lie wholly inside `area` with room to spare: strictly inside the outer ring,
 * strictly outside every hole, touching or crossing no outline, and holding no hole inside
 * it? When true, the ring can be added to the area as one more hole (a closed gate).
 */
export function ringInsideAreaClear(ring: Ring, area: AreaPolygon): boolean {
  const r = withoutRepeats(ring)
  if (r.length < 3 || area.outer.length < 3) return false
  if (ringsMeet(r, area.outer)) return false
  for (const h of area.holes) if (ringsMeet(r, h)) return false
  // No outline is met, so one vertex tells where the whole ring is.
  if (classifyPointInRing(area.outer, r[0]) !== 'inside') return false
  for (const h of area.holes) {
    if (h.length === 0) continue
    if (classifyPointInRing(h, r[0]) !== 'outside') return false
    if (classifyPointInRing(r, h[0]) !== 'outside') return false
  }
  return true
}

/**
 * Points where a ring is not simple: where two non-adjacent edges meet (cross or touch), where
 * two adjacent edges fold back over each other, and repeated consecutive vertices. Empty for a
 * simple ring. Meant for refusing invalid geometry with a marker at each point.
 */
export function findSelfIntersections(ring: Ring): Point[] {
  const n = ring.length
  const found: Point[] = []
  if (n < 3) return found
  // Repeated vertices and fold-backs at each vertex.
  for (let i = 0; i < n; i++) {
    const prev = ring[(i + n - 1) % n]
    const v = ring[i]
    const next = ring[(i + 1) % n]
    if (v.x === next.x && v.y === next.y) {
      found.push({ x: v.x, y: v.y })
      continue
    }
    if (orientation(prev, v, next) === 0) {
      const dot = (prev.x - v.x) * (next.x - v.x) + (prev.y - v.y) * (next.y - v.y)
      if (dot > 0) found.push({ x: v.x, y: v.y })
    }
  }
  if (n === 3) return found
  // Non-adjacent edges: sweep over edges sorted by their left end.
  const order: number[] = []
  for (let i = 0; i < n; i++) order.push(i)
  const minX = (i: number): number => Math.min(ring[i].x, ring[(i + 1) % n].x)
  const maxX = (i: number): number => Math.max(ring[i].x, ring[(i + 1) % n].x)
  order.sort((p, q) => minX(p) - minX(q))
  for (let oi = 0; oi < n; oi++) {
    const i = order[oi]
    const a = ring[i]
    const b = ring[(i + 1) % n]
    const reach = maxX(i) + EPSILON
    for (let oj = oi + 1; oj < n; oj++) {
      const j = order[oj]
      if (minX(j) > reach) break
      // Edges i and j are adjacent when they share a vertex index.
      if (j === (i + 1) % n || i === (j + 1) % n) continue
      const c = ring[j]
      const d = ring[(j + 1) % n]
      if (segmentIntersection(a, b, c, d) === 'none') continue
      const ts = intersectionParameters(a, b, c, d)
      const t = ts.length > 0 ? ts[0] : 0
      found.push({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) })
    }
  }
  return found
}

/**
 * Is v a reflex vertex between prev and next of a NORMALISED ring: does the walkable region
 * bend around it (concave corner of an outer ring, convex corner of a hole)? Collinear
 * vertices are not reflex.
 */
export function isReflexVertex(prev: Point, v: Point, next: Point): boolean {
  return orientation(prev, v, next) < 0
}

/** isReflexVertex for vertex i of a normalised ring. */
export function isReflexAt(ring: Ring, i: number): boolean {
  const n = ring.length
  return isReflexVertex(ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n])
}

/**
 * The reflex vertices of an area (normalised on the fly, so any input orientation works):
 * concave corners of the outer ring and convex corners of the holes.
 */
export function reflexVertices(area: AreaPolygon): Point[] {
  const norm = normaliseArea(area)
  const out: Point[] = []
  forEachRing(norm, (ring) => {
    for (let i = 0; i < ring.length; i++) if (isReflexAt(ring, i)) out.push(ring[i])
  })
  return out
}

/** An edge for `edgePairsNear`, with its x-range. */
export interface SweepEdge {
  a: Point
  b: Point
  minX: number
  maxX: number
}

/** An edge a to b with its x-range filled in (and any extra fields of the caller's). */
export function sweepEdge<T extends object>(a: Point, b: Point, extra: T): SweepEdge & T {
  return { ...extra, a, b, minX: Math.min(a.x, b.x), maxX: Math.max(a.x, b.x) }
}

/**
 * Calls `visit(e, other)` once for every pair of edges that come near each other (share a
 * bucket of an edge grid sized by the edges, geometry/edge-grid.ts), so that outlines that
 * stay apart cost little and a star whose spikes all overlap in x is not quadratic. Every
 * pair of edges that meet is visited. Stops, and returns true, as soon as `visit` returns
 * true. Checks the running step's budget (geometry/budget.ts).
 */
export function edgePairsNear<E extends SweepEdge>(edges: E[], visit: (e: E, other: E) => boolean): boolean {
  const flat = new Float64Array(edges.length * 4)
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  edges.forEach((e, i) => {
    flat.set([e.a.x, e.a.y, e.b.x, e.b.y], i * 4)
    minX = Math.min(minX, e.a.x, e.b.x)
    maxX = Math.max(maxX, e.a.x, e.b.x)
    minY = Math.min(minY, e.a.y, e.b.y)
    maxY = Math.max(maxY, e.a.y, e.b.y)
  })
  const grid = bucketEdges(flat, { minX, minY, maxX, maxY })
  return nearEdgePairs(grid, (i, j) => visit(edges[i], edges[j]))
}

/** Meetings `ringMeetings` collects before it picks the leftmost. */
const MAX_COLLECTED_MEETINGS = 10_000

/**
 * Points where an edge of ring r meets (crosses or touches) an edge of ring s, at most `max`
 * of them, leftmost first (x, then y; among the first 10,000 found).
 */
export function ringMeetings(r: Ring, s: Ring, max = 16): Point[] {
  const edges: (SweepEdge & { first: boolean })[] = []
  for (const [ring, first] of [
    [r, true],
    [s, false],
  ] as const) {
    for (let i = 0; i < ring.length; i++)
      edges.push(sweepEdge(ring[i], ring[(i + 1) % ring.length], { first }))
  }
  const found: Point[] = []
  edgePairsNear(edges, (e, other) => {
    if (other.first === e.first) return false
    const ts = intersectionParameters(e.a, e.b, other.a, other.b)
    if (ts.length > 0) found.push({ x: e.a.x + ts[0] * (e.b.x - e.a.x), y: e.a.y + ts[0] * (e.b.y - e.a.y) })
    return found.length >= MAX_COLLECTED_MEETINGS
  })
  found.sort((p, q) => p.x - q.x || p.y - q.y)
  return found.slice(0, max)
}
