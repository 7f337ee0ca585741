/**
 * Test support for the polygon pathfinders: a brute-force reference (visibility
 * graph over ALL vertices, Dijkstra), a deliberately simple segment validity check,
 * random rooms with holes, and a minimal reader of the bench rooms' JSON.
 *
 * Glossary
 * - valid segment: every point of it lies in the walkable area, boundary allowed.
 *   Checked by cutting the segment at every boundary contact and testing the middle
 *   of each piece: slow, simple and independent of the code under test.
 * - tolerance: TOL px for "on the boundary" (snapped points sit 1e-6 px inside).
 *
 * Units: room px.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import type { AreaPolygon, Point, Ring } from '../../../../src/shared/geometry/types'
import { createRandom } from '../../../../src/shared/measure/random'
import { benchPath } from '../../../support/bench-data'

export const TOL = 1e-7

function rings(areas: AreaPolygon[]): Ring[] {
  return areas.flatMap((a) => [a.outer, ...a.holes])
}

function distToSegment(p: Point, a: Point, b: Point): number {
  const ex = b.x - a.x
  const ey = b.y - a.y
  const l2 = ex * ex + ey * ey
  let t = l2 > 0 ? ((p.x - a.x) * ex + (p.y - a.y) * ey) / l2 : 0
  t = Math.max(0, Math.min(1, t))
  return Math.hypot(a.x + t * ex - p.x, a.y + t * ey - p.y)
}

function inRing(ring: Ring, p: Point): boolean {
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]
    const b = ring[i]
    if (a.y > p.y !== b.y > p.y && p.x < a.x + ((p.y - a.y) * (b.x - a.x)) / (b.y - a.y)) inside = !inside
  }
  return inside
}

/** Closed point-in-areas with tolerance TOL for the boundary. */
export function walkable(areas: AreaPolygon[], p: Point, tol = TOL): boolean {
  for (const r of rings(areas))
    for (let i = 0; i < r.length; i++) if (distToSegment(p, r[i], r[(i + 1) % r.length]) <= tol) return true
  return areas.some((a) => inRing(a.outer, p) && !a.holes.some((h) => inRing(h, p)))
}

/** Every point of segment p-q walkable (boundary allowed, tolerance `tol`). */
export function segmentValid(areas: AreaPolygon[], p: Point, q: Point, tol = TOL): boolean {
  const dx = q.x - p.x
  const dy = q.y - p.y
  const len2 = dx * dx + dy * dy
  if (len2 === 0) return walkable(areas, p, tol)
  const ts = [0, 1]
  for (const r of rings(areas)) {
    for (let i = 0; i < r.length; i++) {
      const a = r[i]
      const b = r[(i + 1) % r.length]
      // Boundary vertices near the segment.
      for (const v of [a, b]) {
        const t = ((v.x - p.x) * dx + (v.y - p.y) * dy) / len2
        if (t > 0 && t < 1 && distToSegment(v, p, q) <= tol) ts.push(t)
      }
      // Proper crossing.
      const ex = b.x - a.x
      const ey = b.y - a.y
      const den = dx * ey - dy * ex
      if (den !== 0) {
        const t = ((a.x - p.x) * ey - (a.y - p.y) * ex) / den
        const u = ((a.x - p.x) * dy - (a.y - p.y) * dx) / den
        if (t > 0 && t < 1 && u >= 0 && u <= 1) ts.push(t)
      }
    }
  }
  ts.sort((u, v) => u - v)
  if (!walkable(areas, p, tol) || !walkable(areas, q, tol)) return false
  for (let k = 0; k + 1 < ts.length; k++) {
    const t0 = ts[k]
    const t1 = ts[k + 1]
    if (t1 - t0 < 1e-12) continue
    for (const f of [0.5, 0.25, 0.75]) {
      const t = t0 + (t1 - t0) * f
      if (!walkable(areas, { x: p.x + t * dx, y: p.y + t * dy }, tol)) return false
    }
  }
  return true
}

export function pathValid(areas: AreaPolygon[], points: Point[], tol = TOL): boolean {
  if (points.length === 1) return walkable(areas, points[0], tol)
  for (let i = 0; i + 1 < points.length; i++)
    if (!segmentValid(areas, points[i], points[i + 1], tol)) return false
  return true
}

export function pathLength(points: Point[]): number {
  let s = 0
  for (let i = 0; i + 1 < points.length; i++)
    s += Math.hypot(points[i + 1].x - points[i].x, points[i + 1].y - points[i].y)
  return s
}

/** Brute-force shortest path length from s to t: Dijkstra over ALL vertices, O(n^3). Infinity when unreachable. */
export function referenceLength(areas: AreaPolygon[], s: Point, t: Point): number {
  const nodes: Point[] = [s, t, ...rings(areas).flat()]
  const n = nodes.length
  const dist = new Array<number>(n).fill(Infinity)
  const done = new Array<boolean>(n).fill(false)
  dist[0] = 0
  for (;;) {
    let u = -1
    for (let i = 0; i < n; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i
    if (u < 0) return Infinity
    if (u === 1) return dist[1]
    done[u] = true
    for (let v = 0; v < n; v++) {
      if (done[v]) continue
      const d = dist[u] + Math.hypot(nodes[v].x - nodes[u].x, nodes[v].y - nodes[u].y)
      if (d < dist[v] && segmentValid(areas, nodes[u], nodes[v], 1e-9)) dist[v] = d
    }
  }
}

function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const o = (p: Point, q: Point, r: Point): number =>
    Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x))
  const o1 = o(a, b, c)
  const o2 = o(a, b, d)
  const o3 = o(c, d, a)
  const o4 = o(c, d, b)
  if (o1 !== o2 && o3 !== o4) return true
  const on = (p: Point, q: Point, r: Point): boolean =>
    Math.min(p.x, q.x) <= r.x &&
    r.x <= Math.max(p.x, q.x) &&
    Math.min(p.y, q.y) <= r.y &&
    r.y <= Math.max(p.y, q.y)
  return (
    (o1 === 0 && on(a, b, c)) ||
    (o2 === 0 && on(a, b, d)) ||
    (o3 === 0 && on(c, d, a)) ||
    (o4 === 0 && on(c, d, b))
  )
}

function ringSimple(r: Ring): boolean {
  const n = r.length
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue
      if (segmentsIntersect(r[i], r[(i + 1) % n], r[j], r[(j + 1) % n])) return false
    }
  }
  return true
}

function ringsApart(a: Ring, b: Ring): boolean {
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < b.length; j++)
      if (segmentsIntersect(a[i], a[(i + 1) % a.length], b[j], b[(j + 1) % b.length])) return false
  return true
}

function starRing(cx: number, cy: number, radii: number[], phase: number): Ring {
  const n = radii.length
  const out: Ring = []
  for (let i = 0; i < n; i++) {
    const ang = phase + (2 * Math.PI * i) / n
    const p = { x: Math.round(cx + radii[i] * Math.cos(ang)), y: Math.round(cy + radii[i] * Math.sin(ang)) }
    const last = out[out.length - 1]
    if (!last || last.x !== p.x || last.y !== p.y) out.push(p)
  }
  return out
}

/**
 * A random room in a 100 x 100 box: a star-shaped outer ring (integer vertices,
 * so collinear and grazing cases happen) and up to 3 small star-shaped holes.
 */
export const arbRoom: fc.Arbitrary<AreaPolygon[]> = fc
  .record({
    outer: fc.array(fc.integer({ min: 18, max: 49 }), { minLength: 4, maxLength: 12 }),
    phase: fc.double({ min: 0, max: 6.28, noNaN: true }),
    holes: fc.array(
      fc.record({
        cx: fc.integer({ min: 20, max: 80 }),
        cy: fc.integer({ min: 20, max: 80 }),
        radii: fc.array(fc.integer({ min: 2, max: 12 }), { minLength: 3, maxLength: 6 }),
        phase: fc.double({ min: 0, max: 6.28, noNaN: true }),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ outer, phase, holes }) => {
    const ring = starRing(50, 50, outer, phase)
    const area: AreaPolygon = { outer: ring, holes: [] }
    if (ring.length < 3 || !ringSimple(ring)) return undefined
    for (const h of holes) {
      const hole = starRing(h.cx, h.cy, h.radii, h.phase)
      if (hole.length < 3 || !ringSimple(hole)) continue
      if (!hole.every((p) => inRing(ring, p) && distToSegmentRing(ring, p) > 0.5)) continue
      if (
        !ringsApart(hole, ring) ||
        !area.holes.every((o) => ringsApart(o, hole) && !inRing(o, hole[0]) && !inRing(hole, o[0]))
      )
        continue
      area.holes.push(hole)
    }
    return [area]
  })
  .filter((a): a is AreaPolygon[] => a !== undefined)

function distToSegmentRing(ring: Ring, p: Point): number {
  let d = Infinity
  for (let i = 0; i < ring.length; i++)
    d = Math.min(d, distToSegment(p, ring[i], ring[(i + 1) % ring.length]))
  return d
}

const coordinate = (min: number, max: number): fc.Arbitrary<number> =>
  fc.noBias(fc.integer({ min: 0, max: 1_000_000 })).map((v) => min + ((max - min) * v) / 1_000_000)

/** A random point of the box around the room (walkable or not), more often near its middle. */
export const arbPoint: fc.Arbitrary<Point> = fc.oneof(
  { arbitrary: fc.record({ x: coordinate(-10, 110), y: coordinate(-10, 110) }), weight: 1 },
  { arbitrary: fc.record({ x: coordinate(15, 85), y: coordinate(15, 85) }), weight: 3 },
)

/** A random walkable point (rejection sampling with a seeded generator). */
export function randomWalkable(
  areas: AreaPolygon[],
  next: () => number,
  width: number,
  height: number,
): Point {
  for (let k = 0; k < 10000; k++) {
    const p = { x: next() * width, y: next() * height }
    if (walkable(areas, p, 0)) return p
  }
  return areas[0].outer[0]
}

// ---------------------------------------------------------------- bench rooms

interface RawArea {
  walkable: number[][]
  holes?: number[][][]
}
interface RawRoom extends RawArea {
  width: number
  height: number
  extra_regions?: RawArea[]
  alternate_state?: RawArea & { name: string }
}

export interface BenchRoom {
  name: string
  width: number
  height: number
  areas: AreaPolygon[]
}

const toRing = (pts: number[][]): Ring => pts.map(([x, y]) => ({ x, y }))
const toArea = (a: RawArea): AreaPolygon => ({
  outer: toRing(a.walkable),
  holes: (a.holes ?? []).map(toRing),
})

export const BENCH_POLYGON_ROOMS = [
  'adventurepathfinding-room1',
  'adventurepathfinding-room2',
  'popochiu-house',
  'escoria-room04',
  'escoria-room02',
]

/** The polygon bench rooms; escoria-room02 gives two states (default: two islands; bridge_closed: one polygon). */
export function loadBenchRooms(): BenchRoom[] {
  const out: BenchRoom[] = []
  for (const name of BENCH_POLYGON_ROOMS) {
    const raw = JSON.parse(readFileSync(benchPath('rooms', `${name}.json`), 'utf8')) as RawRoom
    out.push({
      name,
      width: raw.width,
      height: raw.height,
      areas: [toArea(raw), ...(raw.extra_regions ?? []).map(toArea)],
    })
    if (raw.alternate_state) {
      out.push({
        name: `${name}:${raw.alternate_state.name}`,
        width: raw.width,
        height: raw.height,
        areas: [toArea(raw.alternate_state)],
      })
    }
  }
  return out
}

/** A seeded generator in [0, 1). */
export function seeded(seed: number): () => number {
  return createRandom(seed).next
}

/** A larger synthetic room (1000 x 1000 px, 150 vertices), shared with the bench. */
export { syntheticRoom150 } from '../../../../bench/rooms/synthetic150'
