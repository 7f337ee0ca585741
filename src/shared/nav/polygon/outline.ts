/**
 * The walkable outline of a set of area polygons as flat typed arrays, with a
 * uniform grid of its edges, for fast and exact line-of-sight tests, closest
 * boundary points and "which area is this point in" queries.
 *
 * Glossary
 * - occurrence: one vertex of one ring. A location where rings touch (a pinch, a
 *   hole touching the outer ring) has several occurrences; they form a shared group.
 * - edge i: the boundary segment from occurrence i to next[i]. Rings are re-oriented
 *   so that the walkable side of every edge is on its LEFT in the algebraic sense:
 *   cross(b - a, p - a) > 0 for a point p just on the walkable side. (Outer rings get
 *   a positive shoelace sum, holes a negative one; which way that looks on a y-down
 *   screen does not matter to this module.)
 * - cone of an occurrence: the directions leaving it that stay (locally) in the
 *   walkable area, boundary included, as far as its own ring tells.
 * - walkable directions at a shared location: not the union of its occurrences'
 *   cones (a hole touching its outer ring has a cone covering the gap beside the
 *   touch): the sectors between the edges leaving the location, each walkable when
 *   the edge bounding it clockwise (algebraically) leaves it walkable on its left.
 * - reflex occurrence: interior (walkable) angle above 180 degrees: a concave vertex
 *   of an outer ring or a convex vertex of a hole. Only these (and shared locations)
 *   can be bends of a shortest path.
 * - component: areas that touch at a shared location are one component; points in
 *   different components cannot reach each other.
 * - inside point: a point strictly inside the walkable area (not on its boundary).
 *   Line-of-sight endpoints must be inside points or occurrence locations.
 *
 * Units: room px.
 */
import type { AreaPolygon, Point, Ring } from '../../geometry/types'
import { norm } from './norm'

export interface Outline {
  /** Number of occurrences (= number of edges). */
  readonly n: number
  readonly x: Float64Array
  readonly y: Float64Array
  readonly next: Int32Array
  readonly prev: Int32Array
  /** Area index of each occurrence (index into the areas given). */
  readonly area: Int32Array
  /** 1 when the walkable angle at the occurrence is above 180 degrees. */
  readonly reflex: Uint8Array
  /** Shared group of each occurrence, -1 when its location is not shared. */
  readonly group: Int32Array
  /** Occurrences of each shared group. */
  readonly groups: Int32Array[]
  /** Component of each area. */
  readonly areaComponent: Int32Array
  /** Bounding box and grid. */
  readonly minX: number
  readonly minY: number
  readonly maxX: number
  readonly maxY: number
  readonly cell: number
  readonly cols: number
  readonly rows: number
  /** Edges of cell c are cellEdges[cellStart[c] .. cellStart[c + 1]). */
  readonly cellStart: Int32Array
  readonly cellEdges: Int32Array
  /** Scratch for de-duplicating edges during one query. */
  readonly stamp: Uint32Array
  stampValue: number
  /** Scratch for areaAt. */
  parity: Uint8Array
  readonly bytes: number
}

function shoelace(ring: Ring): number {
  let s = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    s += ring[j].x * ring[i].y - ring[i].x * ring[j].y
  return s
}

/** Drops repeated consecutive points (a ring must not have zero-length edges). */
function cleanRing(ring: Ring): Ring {
  const out: Ring = []
  for (const p of ring) {
    const last = out[out.length - 1]
    if (!last || last.x !== p.x || last.y !== p.y) out.push(p)
  }
  while (out.length > 1 && out[0].x === out[out.length - 1].x && out[0].y === out[out.length - 1].y) out.pop()
  return out
}

const REGISTER_EPS = 1e-7

/** Builds the outline of `areas`. Rings with fewer than 3 distinct points are ignored. */
export function buildOutline(areas: AreaPolygon[]): Outline {
  const rings: { pts: Ring; area: number }[] = []
  areas.forEach((a, k) => {
    const outer = cleanRing(a.outer)
    if (outer.length < 3) return
    rings.push({ pts: shoelace(outer) > 0 ? outer : [...outer].reverse(), area: k })
    for (const h of a.holes) {
      const hole = cleanRing(h)
      if (hole.length < 3) continue
      rings.push({ pts: shoelace(hole) < 0 ? hole : [...hole].reverse(), area: k })
    }
  })
  let n = 0
  for (const r of rings) n += r.pts.length
  const x = new Float64Array(n)
  const y = new Float64Array(n)
  const next = new Int32Array(n)
  const prev = new Int32Array(n)
  const area = new Int32Array(n)
  let o = 0
  for (const r of rings) {
    const m = r.pts.length
    for (let i = 0; i < m; i++) {
      x[o + i] = r.pts[i].x
      y[o + i] = r.pts[i].y
      next[o + i] = o + ((i + 1) % m)
      prev[o + i] = o + ((i + m - 1) % m)
      area[o + i] = r.area
    }
    o += m
  }
  const reflex = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const p = prev[i]
    const q = next[i]
    const turn = (x[i] - x[p]) * (y[q] - y[i]) - (y[i] - y[p]) * (x[q] - x[i])
    reflex[i] = turn < 0 ? 1 : 0
  }
  // Shared locations.
  const byLocation = new Map<string, number[]>()
  for (let i = 0; i < n; i++) {
    const key = `${x[i]},${y[i]}`
    const list = byLocation.get(key)
    if (list) list.push(i)
    else byLocation.set(key, [i])
  }
  const group = new Int32Array(n).fill(-1)
  const groups: Int32Array[] = []
  const parent = areas.map((_, k) => k)
  const find = (k: number): number => {
    while (parent[k] !== k) k = parent[k] = parent[parent[k]]
    return k
  }
  for (const list of byLocation.values()) {
    if (list.length < 2) continue
    for (const i of list) group[i] = groups.length
    groups.push(Int32Array.from(list))
    for (const i of list) parent[find(area[i])] = find(area[list[0]])
  }
  const areaComponent = new Int32Array(areas.length)
  for (let k = 0; k < areas.length; k++) areaComponent[k] = find(k)

  // Grid.
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i < n; i++) {
    if (x[i] < minX) minX = x[i]
    if (x[i] > maxX) maxX = x[i]
    if (y[i] < minY) minY = y[i]
    if (y[i] > maxY) maxY = y[i]
  }
  if (n === 0) minX = minY = maxX = maxY = 0
  const w = Math.max(maxX - minX, 1)
  const h = Math.max(maxY - minY, 1)
  // About one edge per cell on average (edges are thin, so most cells stay empty).
  const cell = Math.max(Math.sqrt((w * h) / Math.max(n, 1)), 1e-3)
  const cols = Math.min(Math.max(1, Math.ceil(w / cell) + 1), 4096)
  const rows = Math.min(Math.max(1, Math.ceil(h / cell) + 1), 4096)
  const cellSize = Math.max(w / (cols - 1 || 1), h / (rows - 1 || 1), cell)
  const counts = new Int32Array(cols * rows + 1)
  const lists: number[] = []
  const geom = { minX, minY, cell: cellSize, cols, rows }
  for (let i = 0; i < n; i++) {
    const j = next[i]
    forEachCell(geom, x[i], y[i], x[j], y[j], REGISTER_EPS, (c) => {
      counts[c]++
      lists.push(c, i)
    })
  }
  const cellStart = new Int32Array(cols * rows + 1)
  for (let c = 0; c < cols * rows; c++) cellStart[c + 1] = cellStart[c] + counts[c]
  const fill = cellStart.slice(0, cols * rows)
  const cellEdges = new Int32Array(cellStart[cols * rows])
  for (let k = 0; k < lists.length; k += 2) cellEdges[fill[lists[k]]++] = lists[k + 1]
  const stamp = new Uint32Array(n)
  const bytes =
    x.byteLength * 2 +
    next.byteLength * 3 +
    reflex.byteLength +
    group.byteLength +
    cellStart.byteLength +
    cellEdges.byteLength +
    stamp.byteLength
  return {
    n,
    x,
    y,
    next,
    prev,
    area,
    reflex,
    group,
    groups,
    areaComponent,
    minX,
    minY,
    maxX,
    maxY,
    cell: cellSize,
    cols,
    rows,
    cellStart,
    cellEdges,
    stamp,
    stampValue: 0,
    parity: new Uint8Array(Math.max(1, areas.length)),
    bytes,
  }
}

interface GridGeom {
  minX: number
  minY: number
  cell: number
  cols: number
  rows: number
}

/** Calls `fn` for every grid cell the segment may touch (row by row; `eps` in cell units widens it). */
function forEachCell(
  g: GridGeom,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  eps: number,
  fn: (c: number) => void,
): void {
  const inv = 1 / g.cell
  const y0 = Math.min(ay, by)
  const y1 = Math.max(ay, by)
  let r0 = Math.floor((y0 - g.minY) * inv - eps)
  let r1 = Math.floor((y1 - g.minY) * inv + eps)
  if (r0 < 0) r0 = 0
  if (r1 > g.rows - 1) r1 = g.rows - 1
  const dy = by - ay
  const dx = bx - ax
  for (let r = r0; r <= r1; r++) {
    const bandLo = Math.max(g.minY + r * g.cell, y0)
    const bandHi = Math.min(g.minY + (r + 1) * g.cell, y1)
    let xa: number
    let xb: number
    if (dy === 0) {
      xa = ax
      xb = bx
    } else {
      xa = ax + ((bandLo - ay) * dx) / dy
      xb = ax + ((bandHi - ay) * dx) / dy
    }
    let c0 = Math.floor((Math.min(xa, xb) - g.minX) * inv - eps)
    let c1 = Math.floor((Math.max(xa, xb) - g.minX) * inv + eps)
    if (c0 < 0) c0 = 0
    if (c1 > g.cols - 1) c1 = g.cols - 1
    for (let c = c0; c <= c1; c++) fn(r * g.cols + c)
  }
}

/** Is direction (dx, dy) leaving occurrence i inside its closed cone? */
export function inCone(o: Outline, i: number, dx: number, dy: number): boolean {
  const { x, y } = o
  const p = o.prev[i]
  const q = o.next[i]
  const ux = x[i] - x[p]
  const uy = y[i] - y[p]
  const wx = x[q] - x[i]
  const wy = y[q] - y[i]
  const c1 = ux * dy - uy * dx
  const c2 = wx * dy - wy * dx
  const turn = ux * wy - uy * wx
  if (turn > 0) return c1 >= 0 && c2 >= 0
  if (turn < 0) return c1 >= 0 || c2 >= 0
  if (ux * wx + uy * wy > 0) return c2 >= 0
  return c1 >= 0 && c2 >= 0
}

/**
 * Is the direction (dx, dy) leaving the location of occurrence i walkable there
 * (boundary included)? For a shared location this is NOT the union of the
 * occurrences' cones: a hole touching its own outer ring has a cone that covers
 * the outer ring's outside, and the other way round. The edges at the location
 * are rays out of it; the walkable side of an outgoing edge (to next) is on its
 * left, of an incoming one (from prev) on its right. So a direction along a ray is
 * walkable, and any other direction is walkable exactly when the first ray met
 * turning clockwise (algebraically: negative cross products) from it is outgoing,
 * which is the same as the first ray met turning counter-clockwise being incoming.
 * Both are asked, so that two rays in one direction (rings sharing an edge) count
 * as walkable on both sides.
 */
export function inLocationCone(o: Outline, i: number, dx: number, dy: number): boolean {
  const g = o.group[i]
  if (g < 0) return inCone(o, i, dx, dy)
  const { x, y, next, prev } = o
  const vx = x[i]
  const vy = y[i]
  // Best ray turning clockwise (cw*) and counter-clockwise (ccw*) from d, and whether one such is outgoing / incoming.
  let cwX = 0
  let cwY = 0
  let cwHalf = 3
  let cwOut = false
  let ccwX = 0
  let ccwY = 0
  let ccwHalf = 3
  let ccwIn = false
  for (const k of o.groups[g]) {
    for (let end = 0; end < 2; end++) {
      const outgoing = end === 0
      const w = outgoing ? next[k] : prev[k]
      const rx = x[w] - vx
      const ry = y[w] - vy
      const c = dx * ry - dy * rx
      if (c === 0 && dx * rx + dy * ry > 0) return true
      // Half of the turn from d to the ray, clockwise: 0 below 180 degrees, 1 at 180, 2 above.
      const half = c < 0 ? 0 : c === 0 ? 1 : 2
      // Within one half, the ray r comes first clockwise when the best so far lies clockwise of it.
      const cwCross = rx * cwY - ry * cwX
      const cwCmp = half !== cwHalf ? half - cwHalf : cwCross === 0 ? 0 : cwCross < 0 ? -1 : 1
      if (cwCmp < 0) {
        cwX = rx
        cwY = ry
        cwHalf = half
        cwOut = outgoing
      } else if (cwCmp === 0 && outgoing) cwOut = true
      // The same turning counter-clockwise: halves mirror.
      const chalf = 2 - half
      const ccwCross = rx * ccwY - ry * ccwX
      const ccwCmp = chalf !== ccwHalf ? chalf - ccwHalf : ccwCross === 0 ? 0 : ccwCross > 0 ? -1 : 1
      if (ccwCmp < 0) {
        ccwX = rx
        ccwY = ry
        ccwHalf = chalf
        ccwIn = !outgoing
      } else if (ccwCmp === 0 && !outgoing) ccwIn = true
    }
  }
  return cwOut || ccwIn
}

/**
 * Exact line of sight between two points that are each an inside point or an
 * occurrence location: true when every point of the segment is walkable
 * (boundary allowed).
 */
export function lineOfSight(o: Outline, px: number, py: number, qx: number, qy: number): boolean {
  if (px === qx && py === qy) return true
  const { x, y, next, cellStart, cellEdges, stamp } = o
  let sv = ++o.stampValue
  if (sv === 0xffffffff) {
    stamp.fill(0)
    sv = o.stampValue = 1
  }
  const dx = qx - px
  const dy = qy - py
  const len2 = dx * dx + dy * dy
  const inv = 1 / o.cell
  const y0 = Math.min(py, qy)
  const y1 = Math.max(py, qy)
  const eps = 1e-9
  let r0 = Math.floor((y0 - o.minY) * inv - eps)
  let r1 = Math.floor((y1 - o.minY) * inv + eps)
  if (r0 < 0) r0 = 0
  if (r1 > o.rows - 1) r1 = o.rows - 1
  for (let r = r0; r <= r1; r++) {
    const bandLo = Math.max(o.minY + r * o.cell, y0)
    const bandHi = Math.min(o.minY + (r + 1) * o.cell, y1)
    let xa: number
    let xb: number
    if (dy === 0) {
      xa = px
      xb = qx
    } else {
      xa = px + ((bandLo - py) * dx) / dy
      xb = px + ((bandHi - py) * dx) / dy
    }
    let c0 = Math.floor((Math.min(xa, xb) - o.minX) * inv - eps)
    let c1 = Math.floor((Math.max(xa, xb) - o.minX) * inv + eps)
    if (c0 < 0) c0 = 0
    if (c1 > o.cols - 1) c1 = o.cols - 1
    const rowBase = r * o.cols
    for (let c = c0; c <= c1; c++) {
      const cellIndex = rowBase + c
      for (let k = cellStart[cellIndex], end = cellStart[cellIndex + 1]; k < end; k++) {
        const e = cellEdges[k]
        if (stamp[e] === sv) continue
        stamp[e] = sv
        const ax = x[e]
        const ay = y[e]
        const f = next[e]
        const bx = x[f]
        const by = y[f]
        const d1 = dx * (ay - py) - dy * (ax - px)
        const d2 = dx * (by - py) - dy * (bx - px)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) {
          const ex = bx - ax
          const ey = by - ay
          const d3 = ex * (py - ay) - ey * (px - ax)
          const d4 = ex * (qy - ay) - ey * (qx - ax)
          if ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) return false
          // An end of the segment lies on the open edge: it must leave to the walkable (left) side.
          if (d3 === 0 && d4 < 0) return false
          if (d4 === 0 && d3 < 0) return false
        } else if (d1 === 0) {
          // Occurrence e lies on the line of the segment: is it on the closed segment?
          const t = (ax - px) * dx + (ay - py) * dy
          if (t < 0 || t > len2) continue
          if ((ax !== px || ay !== py) && !inLocationCone(o, e, px - ax, py - ay)) return false
          if ((ax !== qx || ay !== qy) && !inLocationCone(o, e, qx - ax, qy - ay)) return false
        }
      }
    }
  }
  return true
}

/** Closest point on the boundary edges (optionally only of areas in component `component`). */
export interface BoundaryHit {
  x: number
  y: number
  /** Edge index. */
  edge: number
  /** Position along the edge, 0..1. */
  t: number
  dist2: number
}

export function closestBoundaryPoint(o: Outline, px: number, py: number, component = -1): BoundaryHit {
  const { x, y, next } = o
  let best: BoundaryHit = { x: px, y: py, edge: -1, t: 0, dist2: Infinity }
  for (let e = 0; e < o.n; e++) {
    if (component >= 0 && o.areaComponent[o.area[e]] !== component) continue
    const f = next[e]
    const ex = x[f] - x[e]
    const ey = y[f] - y[e]
    const l2 = ex * ex + ey * ey
    let t = l2 > 0 ? ((px - x[e]) * ex + (py - y[e]) * ey) / l2 : 0
    if (t < 0) t = 0
    else if (t > 1) t = 1
    const cx = x[e] + t * ex
    const cy = y[e] + t * ey
    const d2 = (cx - px) * (cx - px) + (cy - py) * (cy - py)
    if (d2 < best.dist2) best = { x: cx, y: cy, edge: e, t, dist2: d2 }
  }
  return best
}

/**
 * The area containing the point (even-odd over the area's rings), -1 when none.
 * Points exactly on the boundary may be reported either way; callers that care
 * check the boundary distance.
 */
export function areaAt(o: Outline, px: number, py: number, areaCount: number): number {
  if (o.n === 0 || !(py >= o.minY && py <= o.maxY && px <= o.maxX)) return -1
  if (o.parity.length < areaCount) o.parity = new Uint8Array(areaCount)
  const parity = o.parity
  parity.fill(0)
  const { x, y, next, cellStart, cellEdges, stamp } = o
  let sv = ++o.stampValue
  if (sv === 0xffffffff) {
    stamp.fill(0)
    sv = o.stampValue = 1
  }
  // Crossings of the ray from p towards +x: only edges registered in p's row of cells, from p's column on.
  const r = Math.min(o.rows - 1, Math.max(0, Math.floor((py - o.minY) / o.cell)))
  const c0 = Math.min(o.cols - 1, Math.max(0, Math.floor((px - o.minX) / o.cell)))
  for (let c = c0; c < o.cols; c++) {
    const cellIndex = r * o.cols + c
    for (let k = cellStart[cellIndex], end = cellStart[cellIndex + 1]; k < end; k++) {
      const e = cellEdges[k]
      if (stamp[e] === sv) continue
      stamp[e] = sv
      const f = next[e]
      const ay = y[e]
      const by = y[f]
      if (ay > py !== by > py) {
        const xi = x[e] + ((py - ay) * (x[f] - x[e])) / (by - ay)
        if (px < xi) parity[o.area[e]] ^= 1
      }
    }
  }
  for (let k = 0; k < areaCount; k++) if (parity[k]) return k
  return -1
}

/** A point strictly inside the walkable area, and whether and how far it was moved. */
export interface Placement {
  point: Point
  area: number
  component: number
  /** Distance moved, room px (0 when the point was already strictly inside). */
  moved: number
}

/** How far a snapped point is pushed off the boundary into the walkable area, room px. */
export const INSIDE_NUDGE_PX = 1e-6

/**
 * Places a point strictly inside the walkable area: unchanged when it already is,
 * else the closest boundary point (of `component` when given) nudged by
 * INSIDE_NUDGE_PX into the walkable side. Undefined when there is no area.
 */
export function placeInside(o: Outline, areaCount: number, p: Point, component = -1): Placement | undefined {
  if (o.n === 0 || !Number.isFinite(p.x) || !Number.isFinite(p.y)) {
    if (o.n === 0) return undefined
    p = { x: Number.isFinite(p.x) ? p.x : o.minX, y: Number.isFinite(p.y) ? p.y : o.minY }
  }
  const a = areaAt(o, p.x, p.y, areaCount)
  const hit = closestBoundaryPoint(o, p.x, p.y, component)
  if (hit.edge < 0) return undefined
  if (
    a >= 0 &&
    (component < 0 || o.areaComponent[a] === component) &&
    hit.dist2 > INSIDE_NUDGE_PX * INSIDE_NUDGE_PX
  ) {
    return { point: { x: p.x, y: p.y }, area: a, component: o.areaComponent[a], moved: 0 }
  }
  const dirs = nudgeDirections(o, hit)
  for (const scale of [1, 4, 0.25, 16]) {
    for (const [ux, uy] of dirs) {
      const q = { x: hit.x + ux * INSIDE_NUDGE_PX * scale, y: hit.y + uy * INSIDE_NUDGE_PX * scale }
      const qa = areaAt(o, q.x, q.y, areaCount)
      if (qa < 0 || (component >= 0 && o.areaComponent[qa] !== component)) continue
      const back = closestBoundaryPoint(o, q.x, q.y)
      if (back.dist2 <= 0) continue
      return { point: q, area: qa, component: o.areaComponent[qa], moved: norm(q.x - p.x, q.y - p.y) }
    }
  }
  return undefined
}

function nudgeDirections(o: Outline, hit: BoundaryHit): [number, number][] {
  const { x, y, next, prev } = o
  const leftNormal = (e: number): [number, number] => {
    const f = next[e]
    const ex = x[f] - x[e]
    const ey = y[f] - y[e]
    const l = norm(ex, ey) || 1
    return [-ey / l, ex / l]
  }
  const out: [number, number][] = []
  let vertex = -1
  if (hit.t <= 0) vertex = hit.edge
  else if (hit.t >= 1) vertex = next[hit.edge]
  if (vertex >= 0) {
    const a = leftNormal(prev[vertex])
    const b = leftNormal(vertex)
    const sx = a[0] + b[0]
    const sy = a[1] + b[1]
    const l = norm(sx, sy)
    if (l > 1e-12) out.push([sx / l, sy / l])
    out.push(a, b)
  } else out.push(leftNormal(hit.edge))
  for (let k = 0; k < 8; k++) out.push([Math.cos((k * Math.PI) / 4), Math.sin((k * Math.PI) / 4)])
  return out
}
