/**
 * A triangulation prepared for corridor searches: triangles re-wound to one
 * orientation, centroids, components, a grid for point location, and snapping of
 * points onto the mesh.
 *
 * Glossary
 * - wound positively: cross(b - a, c - a) > 0 for triangle (a, b, c), the same sign
 *   as a normalised outer ring (geometry/polygon.ts). Edge k of a triangle runs from
 *   its corner k to corner k + 1 (mod 3); the triangle lies on the edge's left
 *   (algebraic sense).
 * - portal: an edge shared by two triangles. Leaving a triangle through edge k, the
 *   portal's left end (seen walking through it) is corner k + 1 and its right end is corner k.
 * - component: triangles connected through portals.
 * - located point: a point inside (or on) a triangle, with that triangle's index.
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'
import type { Triangulation } from '../types'
import { norm } from './norm'
import { TypedArena } from '../typed-arena'

export interface TriMesh {
  readonly triangleCount: number
  /** Vertex coordinates, interleaved x, y. */
  readonly vertices: Float64Array
  /** Corners, 3 per triangle, wound positively. */
  readonly corners: Uint32Array
  /** Neighbour across edge k (corner k to k + 1), -1 for a wall. */
  readonly neighbours: Int32Array
  readonly cx: Float64Array
  readonly cy: Float64Array
  readonly component: Int32Array
  readonly minX: number
  readonly minY: number
  readonly maxX: number
  readonly maxY: number
  /**
   * The point-location grid: made with the mesh, or with a lazy grid (a game's mesh, loaded
   * for a room) after LAZY_GRID_LOCATES locates; until then cols = rows = 0 and `locate`
   * tries every triangle, which gives the same answer (see locate).
   */
  cell: number
  cols: number
  rows: number
  cellStart: Int32Array
  cellTriangles: Int32Array
  /** Locates answered without the grid (a lazy grid not made yet). */
  scans: number
  bytes: number
}

/** Locates a lazy grid waits for before it is made (each tries every triangle meanwhile). */
export const LAZY_GRID_LOCATES = 16

/**
 * A triangulation as plain lists or typed arrays (a runtime file's navmesh gives lists): its
 * vertices are copied into the mesh's own buffer unless they already are a Float64Array.
 */
export interface TriangulationLike {
  readonly vertices: ArrayLike<number>
  readonly triangles: ArrayLike<number>
  readonly neighbours: ArrayLike<number>
}

export function buildTriMesh(
  tri: Triangulation | TriangulationLike,
  options: { lazyGrid?: boolean } = {},
): TriMesh {
  const T = Math.floor(tri.triangles.length / 3)
  const given = tri.vertices
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i < given.length; i += 2) {
    minX = Math.min(minX, given[i])
    maxX = Math.max(maxX, given[i])
    minY = Math.min(minY, given[i + 1])
    maxY = Math.max(maxY, given[i + 1])
  }
  if (given.length === 0) minX = minY = maxX = maxY = 0
  // One buffer for the mesh's arrays (typed-arena.ts); the grid's get their own.
  const copy = !(given instanceof Float64Array)
  const arena = new TypedArena(
    TypedArena.bytes([
      [copy ? given.length : 0, 8],
      [3 * T, 4],
      [3 * T, 4],
      [T, 8],
      [T, 8],
      [T, 4],
    ]),
  )
  let v: Float64Array
  if (given instanceof Float64Array) v = given
  else {
    v = arena.f64(given.length)
    for (let i = 0; i < given.length; i++) v[i] = given[i]
  }
  const corners = arena.u32(3 * T)
  const neighbours = arena.i32(3 * T)
  const cx = arena.f64(T)
  const cy = arena.f64(T)
  const component = arena.i32(T)
  // The components' stack: a working array kept between meshes.
  if (work.length < T) work = new Int32Array(T)
  const stack = work
  const tn = tri.neighbours
  for (let t = 0; t < T; t++) {
    const a = tri.triangles[3 * t]
    const b = tri.triangles[3 * t + 1]
    const c = tri.triangles[3 * t + 2]
    const cross =
      (v[2 * b] - v[2 * a]) * (v[2 * c + 1] - v[2 * a + 1]) -
      (v[2 * b + 1] - v[2 * a + 1]) * (v[2 * c] - v[2 * a])
    corners[3 * t] = a
    if (cross >= 0) {
      corners[3 * t + 1] = b
      corners[3 * t + 2] = c
      neighbours[3 * t] = tn[3 * t]
      neighbours[3 * t + 1] = tn[3 * t + 1]
      neighbours[3 * t + 2] = tn[3 * t + 2]
    } else {
      // (a, c, b): edges a-c, c-b, b-a were edges 2, 1, 0.
      corners[3 * t + 1] = c
      corners[3 * t + 2] = b
      neighbours[3 * t] = tn[3 * t + 2]
      neighbours[3 * t + 1] = tn[3 * t + 1]
      neighbours[3 * t + 2] = tn[3 * t]
    }
    cx[t] = (v[2 * a] + v[2 * b] + v[2 * c]) / 3
    cy[t] = (v[2 * a + 1] + v[2 * b + 1] + v[2 * c + 1]) / 3
  }
  component.fill(-1)
  let comp = 0
  for (let t = 0; t < T; t++) {
    if (component[t] >= 0) continue
    component[t] = comp
    let top = 0
    stack[top++] = t
    while (top > 0) {
      const u = stack[--top]
      for (let k = 0; k < 3; k++) {
        const w = neighbours[3 * u + k]
        if (w >= 0 && component[w] < 0) {
          component[w] = comp
          stack[top++] = w
        }
      }
    }
    comp++
  }
  const m: TriMesh = {
    triangleCount: T,
    vertices: v,
    corners,
    neighbours,
    cx,
    cy,
    component,
    minX,
    minY,
    maxX,
    maxY,
    cell: 1,
    cols: 0,
    rows: 0,
    cellStart: new Int32Array(0),
    cellTriangles: new Int32Array(0),
    scans: 0,
    bytes:
      v.byteLength + corners.byteLength + neighbours.byteLength + cx.byteLength * 2 + component.byteLength,
  }
  if (!options.lazyGrid) makeGrid(m)
  return m
}

/** Makes the mesh's point-location grid: about one triangle a cell, each cell listing the triangles that reach it. */
function makeGrid(m: TriMesh): void {
  const T = m.triangleCount
  const { minX, minY, vertices: v, corners } = m
  const w = Math.max(m.maxX - minX, 1)
  const h = Math.max(m.maxY - minY, 1)
  const target = Math.max(Math.sqrt((w * h) / Math.max(T, 1)), 1e-3)
  const cols = Math.min(Math.max(1, Math.ceil(w / target)), 2048)
  const rows = Math.min(Math.max(1, Math.ceil(h / target)), 2048)
  const cell = Math.max(w / cols, h / rows)
  const cellStart = new Int32Array(cols * rows + 1)
  // Each triangle goes into the cells it reaches: counted first (into cellStart[cell + 1]),
  // then written in triangle order, so each cell lists its triangles in ascending order.
  const grid = { minX, minY, cell, cols, rows }
  const runs = cellRuns(v, corners, T, grid, cellStart.subarray(1))
  for (let i = 0; i < cols * rows; i++) cellStart[i + 1] += cellStart[i]
  const cellTriangles = new Int32Array(cellStart[cols * rows])
  if (work.length < cols * rows) work = new Int32Array(cols * rows)
  const cursor = work
  cursor.set(cellStart.subarray(0, cols * rows))
  const found = runBuffer
  for (let i = 0; i < 3 * runs; i += 3) {
    const t = found[i]
    for (let c = found[i + 1]; c <= found[i + 2]; c++) cellTriangles[cursor[c]++] = t
  }
  // A big mesh's working arrays are not kept.
  if (runBuffer.length > RUNS_KEPT) runBuffer = new Int32Array(3 * 256)
  if (work.length > RUNS_KEPT) work = new Int32Array(256)
  m.cell = cell
  m.cols = cols
  m.rows = rows
  m.cellStart = cellStart
  m.cellTriangles = cellTriangles
  m.bytes += cellStart.byteLength + cellTriangles.byteLength
}

/** Tolerance of the grid's cell ranges, in cells. */
const GRID_EPS = 1e-7

/**
 * The cells each triangle reaches, as runs of cells in one row: (triangle, first cell, last
 * cell) into runBuffer, triangles in ascending order, each cell counted in `counts`; returns
 * the number of runs. Per row of cells, only the columns the triangle reaches within that row
 * (not its whole box): a long diagonal sliver, as a many-vertex outline gives, then costs its
 * length in cells instead of its box's area.
 */
function cellRuns(
  v: Float64Array,
  corners: Uint32Array,
  T: number,
  grid: { minX: number; minY: number; cell: number; cols: number; rows: number },
  counts: Int32Array,
): number {
  const { minX, minY, cell, cols, rows } = grid
  const eps = GRID_EPS
  let n = 0
  for (let t = 0; t < T; t++) {
    let x0 = Infinity
    let x1 = -Infinity
    let y0 = Infinity
    let y1 = -Infinity
    for (let k = 0; k < 3; k++) {
      const i = corners[3 * t + k]
      x0 = Math.min(x0, v[2 * i])
      x1 = Math.max(x1, v[2 * i])
      y0 = Math.min(y0, v[2 * i + 1])
      y1 = Math.max(y1, v[2 * i + 1])
    }
    const r0 = Math.max(0, Math.floor((y0 - minY) / cell - eps))
    const r1 = Math.min(rows - 1, Math.floor((y1 - minY) / cell + eps))
    for (let r = r0; r <= r1; r++) {
      triangleXRangeInBand(v, corners, t, minY + (r - eps) * cell, minY + (r + 1 + eps) * cell)
      const xa = band[0]
      const xb = band[1]
      if (xa > xb) continue
      const c0 = Math.max(0, Math.floor((Math.max(xa, x0) - minX) / cell - eps))
      const c1 = Math.min(cols - 1, Math.floor((Math.min(xb, x1) - minX) / cell + eps))
      if (c0 > c1) continue
      for (let c = c0; c <= c1; c++) counts[r * cols + c]++
      if (3 * n + 3 > runBuffer.length) {
        const bigger = new Int32Array(runBuffer.length * 2)
        bigger.set(runBuffer)
        runBuffer = bigger
      }
      runBuffer[3 * n] = t
      runBuffer[3 * n + 1] = r * cols + c0
      runBuffer[3 * n + 2] = r * cols + c1
      n++
    }
  }
  return n
}

/** Runs found by cellRuns (kept between meshes up to RUNS_KEPT numbers, so that small meshes allocate none). */
let runBuffer = new Int32Array(3 * 256)
/** buildTriMesh's working array (a stack, then a cursor per cell), kept likewise. */
let work = new Int32Array(256)
const RUNS_KEPT = 3 * 65536

/** The x-range triangleXRangeInBand found: [min, max]. */
const band = new Float64Array(2)

/**
 * The x-range of triangle t within the band y0 <= y <= y1, into `band`: over its corners
 * inside the band and the points where its edges cross the band's two lines. Empty (min >
 * max) when the triangle misses the band.
 */
function triangleXRangeInBand(
  v: Float64Array,
  corners: Uint32Array,
  t: number,
  y0: number,
  y1: number,
): void {
  let lo = Infinity
  let hi = -Infinity
  for (let k = 0; k < 3; k++) {
    const a = corners[3 * t + k]
    const b = corners[3 * t + ((k + 1) % 3)]
    const ax = v[2 * a]
    const ay = v[2 * a + 1]
    const bx = v[2 * b]
    const by = v[2 * b + 1]
    if (ay >= y0 && ay <= y1) {
      lo = Math.min(lo, ax)
      hi = Math.max(hi, ax)
    }
    if ((ay < y0 && by > y0) || (ay > y0 && by < y0)) {
      const x = ax + ((y0 - ay) * (bx - ax)) / (by - ay)
      lo = Math.min(lo, x)
      hi = Math.max(hi, x)
    }
    if ((ay < y1 && by > y1) || (ay > y1 && by < y1)) {
      const x = ax + ((y1 - ay) * (bx - ax)) / (by - ay)
      lo = Math.min(lo, x)
      hi = Math.max(hi, x)
    }
  }
  band[0] = lo
  band[1] = hi
}

/** Smallest of the three edge orientations of p in triangle t (>= 0: inside or on it). */
export function insideMargin(m: TriMesh, t: number, px: number, py: number): number {
  const v = m.vertices
  let least = Infinity
  for (let k = 0; k < 3; k++) {
    const a = m.corners[3 * t + k]
    const b = m.corners[3 * t + ((k + 1) % 3)]
    const ax = v[2 * a]
    const ay = v[2 * a + 1]
    const o = (v[2 * b] - ax) * (py - ay) - (v[2 * b + 1] - ay) * (px - ax)
    if (o < least) least = o
  }
  return least
}

/** The triangle containing p (closed), preferring one with p strictly inside; -1 when none. */
export function locate(m: TriMesh, px: number, py: number): number {
  if (m.rows === 0) {
    if (++m.scans < LAZY_GRID_LOCATES || m.triangleCount === 0) return locateInAll(m, px, py)
    makeGrid(m)
  }
  const c = Math.floor((px - m.minX) / m.cell)
  const r = Math.floor((py - m.minY) / m.cell)
  if (c < 0 || r < 0 || c >= m.cols || r >= m.rows) {
    // Points on the far edges of the box land one cell out.
    const cc = Math.min(Math.max(c, 0), m.cols - 1)
    const rr = Math.min(Math.max(r, 0), m.rows - 1)
    if (Math.abs(cc - c) > 1 || Math.abs(rr - r) > 1) return -1
    return locateInCell(m, rr * m.cols + cc, px, py)
  }
  return locateInCell(m, r * m.cols + c, px, py)
}

/**
 * locate without the grid: every triangle in ascending order. A cell lists every triangle that
 * reaches it in that order, so this finds the same one: the triangle holding p strictly
 * inside, else the last that holds it on an edge.
 */
function locateInAll(m: TriMesh, px: number, py: number): number {
  let best = -1
  for (let t = 0; t < m.triangleCount; t++) {
    const margin = holdsAt(m, t, px, py)
    if (margin > 0) return t
    if (margin === 0) best = t
  }
  return best
}

function locateInCell(m: TriMesh, cellIndex: number, px: number, py: number): number {
  let best = -1
  for (let k = m.cellStart[cellIndex]; k < m.cellStart[cellIndex + 1]; k++) {
    const t = m.cellTriangles[k]
    const margin = holdsAt(m, t, px, py)
    if (margin > 0) return t
    if (margin === 0) best = t
  }
  return best
}

/**
 * insideMargin for locating: the same value where it is >= 0, and -1 as soon as one edge
 * has p outside (the caller only asks > 0 or === 0).
 */
function holdsAt(m: TriMesh, t: number, px: number, py: number): number {
  const v = m.vertices
  const c = m.corners
  const a = c[3 * t]
  const b = c[3 * t + 1]
  const d = c[3 * t + 2]
  const ax = v[2 * a]
  const ay = v[2 * a + 1]
  const bx = v[2 * b]
  const by = v[2 * b + 1]
  const o0 = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
  if (o0 < 0) return -1
  const dx = v[2 * d]
  const dy = v[2 * d + 1]
  const o1 = (dx - bx) * (py - by) - (dy - by) * (px - bx)
  if (o1 < 0) return -1
  const o2 = (ax - dx) * (py - dy) - (ay - dy) * (px - dx)
  if (o2 < 0) return -1
  return o0 < o1 ? (o0 < o2 ? o0 : o2) : o1 < o2 ? o1 : o2
}

/** Closest point of triangle t to p. */
export function closestOnTriangle(m: TriMesh, t: number, px: number, py: number): Point {
  if (insideMargin(m, t, px, py) >= 0) return { x: px, y: py }
  const v = m.vertices
  let best = { x: px, y: py }
  let bestD = Infinity
  for (let k = 0; k < 3; k++) {
    const a = m.corners[3 * t + k]
    const b = m.corners[3 * t + ((k + 1) % 3)]
    const ax = v[2 * a]
    const ay = v[2 * a + 1]
    const ex = v[2 * b] - ax
    const ey = v[2 * b + 1] - ay
    const l2 = ex * ex + ey * ey
    let s = l2 > 0 ? ((px - ax) * ex + (py - ay) * ey) / l2 : 0
    s = s < 0 ? 0 : s > 1 ? 1 : s
    const qx = ax + s * ex
    const qy = ay + s * ey
    const d = (qx - px) * (qx - px) + (qy - py) * (qy - py)
    if (d < bestD) {
      bestD = d
      best = { x: qx, y: qy }
    }
  }
  return best
}

export interface MeshPlacement {
  point: Point
  triangle: number
  moved: number
}

/** How far a snapped point is pulled into its triangle (towards the centroid), room px. */
const NUDGE_PX = 1e-6

/**
 * Puts p on the mesh: unchanged when a triangle contains it, else the closest point
 * of the mesh (of component `component` when given), pulled NUDGE_PX into its
 * triangle. Undefined for an empty mesh.
 */
export function placeOnMesh(m: TriMesh, p: Point, component = -1): MeshPlacement | undefined {
  if (m.triangleCount === 0) return undefined
  const px = Number.isFinite(p.x) ? p.x : m.minX
  const py = Number.isFinite(p.y) ? p.y : m.minY
  const located = locate(m, px, py)
  if (located >= 0 && (component < 0 || m.component[located] === component)) {
    return { point: { x: px, y: py }, triangle: located, moved: norm(px - p.x, py - p.y) || 0 }
  }
  let bestT = -1
  let best: Point = { x: px, y: py }
  let bestD = Infinity
  for (let t = 0; t < m.triangleCount; t++) {
    if (component >= 0 && m.component[t] !== component) continue
    const q = closestOnTriangle(m, t, px, py)
    const d = (q.x - px) * (q.x - px) + (q.y - py) * (q.y - py)
    if (d < bestD) {
      bestD = d
      best = q
      bestT = t
    }
  }
  if (bestT < 0) return undefined
  const dx = m.cx[bestT] - best.x
  const dy = m.cy[bestT] - best.y
  const l = norm(dx, dy)
  const q = l > NUDGE_PX ? { x: best.x + (dx / l) * NUDGE_PX, y: best.y + (dy / l) * NUDGE_PX } : best
  return { point: q, triangle: bestT, moved: norm(q.x - p.x, q.y - p.y) }
}
