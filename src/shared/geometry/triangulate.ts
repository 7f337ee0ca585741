/**
 * Constrained Delaunay triangulation of walkable areas (polygons with holes).
 *
 * Glossary
 * - constrained edge: an edge of an outline (outer ring or hole). It is always an edge of
 *   the triangulation (or, where earcut skipped a vertex lying exactly on an outline, part
 *   of one) and is never flipped.
 * - wall: a triangle edge with nothing walkable across it; its neighbour is -1.
 * - constrained Delaunay (CDT): no triangle's circumcircle strictly contains the opposite
 *   vertex of a neighbour across a non-constrained edge. This maximises the smallest angles,
 *   so corridors have few slivers.
 * - triangle orientation: every triangle (i, j, k) has POSITIVE orient2d, i.e. it is wound
 *   like a normalised outer ring (polygon.ts): clockwise as seen on screen with y down.
 * - edge k of triangle t joins its vertex k and vertex (k + 1) % 3; neighbours[3t + k] is the
 *   triangle across it, or -1 for a wall. Neighbours are symmetric.
 *
 * Method: each area is first cut into triangles by earcut (Mapbox's ear-clipping library,
 * v3: maintained, small, handles holes and degenerate input robustly, MIT), vertices with
 * equal coordinates are merged across rings and areas (so rings touching at a corner, and
 * areas sharing an edge, are joined), and then Lawson's edge flips are applied to every
 * non-constrained interior edge until the triangulation is constrained Delaunay. Zero-area
 * triangles are flipped away where possible and dropped otherwise. Earcut may leave a vertex
 * in the middle of another triangle's edge (a T-junction, after it dropped a vertex that
 * became collinear); such triangles are split at that vertex first, so that neighbours are
 * always found. Areas may touch but must not overlap.
 *
 * Units: room px.
 */
import earcut from 'earcut'
import { withoutRepeats } from './polygon'
import type { AreaPolygon, Point, Triangulation } from './types'

/** Relative tolerance of the in-circle test: below it, four points count as co-circular (no flip). */
const INCIRCLE_EPS = 1e-10

/** Triangulates walkable areas into a constrained Delaunay triangulation (see the glossary). */
export function triangulateAreas(areas: readonly AreaPolygon[]): Triangulation {
  // Vertices merged by exact coordinates.
  const xs: number[] = []
  const ys: number[] = []
  const idOf = new Map<number, Map<number, number>>()
  const vertexId = (p: Point): number => {
    let column = idOf.get(p.x)
    if (!column) {
      column = new Map()
      idOf.set(p.x, column)
    }
    let id = column.get(p.y)
    if (id === undefined) {
      id = xs.length
      column.set(p.y, id)
      xs.push(p.x)
      ys.push(p.y)
    }
    return id
  }

  const tris: number[] = []
  const ringEdges: [number, number][] = []
  for (const area of areas) {
    const outer = withoutRepeats(area.outer)
    if (outer.length < 3) continue
    const rings = [outer, ...area.holes.map(withoutRepeats).filter((h) => h.length >= 3)]
    const coords: number[] = []
    const holeIndices: number[] = []
    const ids: number[] = []
    for (let r = 0; r < rings.length; r++) {
      if (r > 0) holeIndices.push(coords.length / 2)
      const ring = rings[r]
      const first = ids.length
      for (const p of ring) {
        coords.push(p.x, p.y)
        ids.push(vertexId(p))
      }
      for (let i = 0; i < ring.length; i++)
        ringEdges.push([ids[first + i], ids[first + ((i + 1) % ring.length)]])
    }
    const local = earcut(coords, holeIndices.length > 0 ? holeIndices : undefined, 2)
    for (let i = 0; i < local.length; i += 3) {
      const a = ids[local[i]]
      const b = ids[local[i + 1]]
      const c = ids[local[i + 2]]
      if (a === b || b === c || a === c) continue
      if (orient(xs, ys, a, b, c) < 0) tris.push(a, c, b)
      else tris.push(a, b, c)
    }
  }

  const nv = xs.length
  const constrained = new Set<number>()
  for (const [a, b] of ringEdges) constrained.add(edgeKey(a, b, nv))

  splitTJunctions(tris, xs, ys, constrained)
  const triangles = Int32Array.from(tris)
  const neighbours = linkNeighbours(triangles, nv)
  legalise(triangles, neighbours, xs, ys, constrained, nv)
  return compact(triangles, neighbours, xs, ys)
}

/**
 * Earcut drops a vertex that became collinear while clipping (e.g. after bridging a hole),
 * so a triangle edge can run over another triangle's vertex (a T-junction), and the two
 * triangles on either side would not be neighbours. Splits such triangles at that vertex,
 * in place, until no edge holds a vertex strictly inside it.
 */
function splitTJunctions(tris: number[], xs: number[], ys: number[], constrained: Set<number>): void {
  const nv = xs.length
  if (nv === 0 || tris.length === 0) return
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i < nv; i++) {
    minX = Math.min(minX, xs[i])
    minY = Math.min(minY, ys[i])
    maxX = Math.max(maxX, xs[i])
    maxY = Math.max(maxY, ys[i])
  }
  const cell = Math.max(1e-9, Math.sqrt(((maxX - minX + 1) * (maxY - minY + 1)) / nv) * 2)
  const cols = Math.floor((maxX - minX) / cell) + 1
  const rows = Math.floor((maxY - minY) / cell) + 1
  // Vertices bucketed by cell (counting sort): cell k holds cellVertices[cellStart[k] .. cellStart[k + 1]).
  const cellOf = new Int32Array(nv)
  const cellStart = new Int32Array(cols * rows + 1)
  for (let i = 0; i < nv; i++) {
    cellOf[i] = Math.floor((ys[i] - minY) / cell) * cols + Math.floor((xs[i] - minX) / cell)
    cellStart[cellOf[i] + 1]++
  }
  for (let k = 0; k < cols * rows; k++) cellStart[k + 1] += cellStart[k]
  const cellVertices = new Int32Array(nv)
  const fill = cellStart.slice(0, cols * rows)
  for (let i = 0; i < nv; i++) cellVertices[fill[cellOf[i]]++] = i
  const vertexOn = (a: number, b: number): number => {
    const c0 = Math.floor((Math.min(xs[a], xs[b]) - minX) / cell)
    const c1 = Math.min(cols - 1, Math.floor((Math.max(xs[a], xs[b]) - minX) / cell))
    const r0 = Math.floor((Math.min(ys[a], ys[b]) - minY) / cell)
    const r1 = Math.min(rows - 1, Math.floor((Math.max(ys[a], ys[b]) - minY) / cell))
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const k = r * cols + c
        for (let q = cellStart[k]; q < cellStart[k + 1]; q++) {
          const v = cellVertices[q]
          if (v !== a && v !== b && strictlyBetween(xs, ys, a, b, v)) return v
        }
      }
    }
    return -1
  }
  // Only a triangle with an edge that no other triangle shares and that is not an outline edge
  // can have a T-junction on it; the triangles made by splitting are checked again.
  const uses = new Map<number, number>()
  for (let e = 0; e < tris.length; e++) {
    const key = edgeKey(tris[e], tris[e - (e % 3) + ((e + 1) % 3)], nv)
    uses.set(key, (uses.get(key) ?? 0) + 1)
  }
  const queue: number[] = []
  for (let t = 0; t < tris.length / 3; t++) {
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(tris[3 * t + k], tris[3 * t + ((k + 1) % 3)], nv)
      if (uses.get(key) === 1 && !constrained.has(key)) {
        queue.push(t)
        break
      }
    }
  }
  while (queue.length > 0) {
    const t = queue.pop()!
    for (let k = 0; k < 3; k++) {
      const a = tris[3 * t + k]
      const b = tris[3 * t + ((k + 1) % 3)]
      const c = tris[3 * t + ((k + 2) % 3)]
      const v = vertexOn(a, b)
      if (v < 0) continue
      // (a, b, c) becomes (a, v, c) and (v, b, c); both keep the orientation.
      tris[3 * t] = a
      tris[3 * t + 1] = v
      tris[3 * t + 2] = c
      const u = tris.length / 3
      tris.push(v, b, c)
      queue.push(t, u)
      break
    }
  }
}

function edgeKey(a: number, b: number, nv: number): number {
  return a < b ? a * nv + b : b * nv + a
}

function orient(xs: number[], ys: number[], a: number, b: number, c: number): number {
  return (xs[b] - xs[a]) * (ys[c] - ys[a]) - (ys[b] - ys[a]) * (xs[c] - xs[a])
}

/** Pairs triangle edges that join the same two vertices in opposite directions. */
function linkNeighbours(triangles: Int32Array, nv: number): Int32Array {
  const nt = triangles.length / 3
  const neighbours = new Int32Array(nt * 3).fill(-1)
  const open = new Map<number, number>()
  for (let t = 0; t < nt; t++) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[3 * t + k]
      const b = triangles[3 * t + ((k + 1) % 3)]
      const key = edgeKey(a, b, nv)
      const other = open.get(key)
      if (other === undefined) {
        open.set(key, 3 * t + k)
        continue
      }
      if (other < 0) continue // already paired: a third triangle on one edge stays a wall
      const ot = Math.floor(other / 3)
      const ok = other % 3
      // Opposite directions only (same direction would mean overlapping triangles).
      if (triangles[3 * ot + ok] === b && triangles[3 * ot + ((ok + 1) % 3)] === a) {
        neighbours[3 * t + k] = ot
        neighbours[other] = t
        open.set(key, -1)
      }
    }
  }
  return neighbours
}

/** In-circle test: > 0 when d is strictly inside the circumcircle of positive triangle a, b, c. */
function inCircle(xs: number[], ys: number[], a: number, b: number, c: number, d: number): number {
  const adx = xs[a] - xs[d]
  const ady = ys[a] - ys[d]
  const bdx = xs[b] - xs[d]
  const bdy = ys[b] - ys[d]
  const cdx = xs[c] - xs[d]
  const cdy = ys[c] - ys[d]
  const al = adx * adx + ady * ady
  const bl = bdx * bdx + bdy * bdy
  const cl = cdx * cdx + cdy * cdy
  const t1 = al * (bdx * cdy - cdx * bdy)
  const t2 = bl * (cdx * ady - adx * cdy)
  const t3 = cl * (adx * bdy - bdx * ady)
  const det = t1 + t2 + t3
  const scale = Math.abs(t1) + Math.abs(t2) + Math.abs(t3)
  return det > INCIRCLE_EPS * scale ? det : 0
}

/** Lawson flips on non-constrained interior edges until Delaunay (and zero-area triangles are gone). */
function legalise(
  triangles: Int32Array,
  neighbours: Int32Array,
  xs: number[],
  ys: number[],
  constrained: Set<number>,
  nv: number,
): void {
  const nt = triangles.length / 3
  const stack: number[] = []
  for (let e = 0; e < nt * 3; e++) if (neighbours[e] > Math.floor(e / 3)) stack.push(e)
  let budget = 100 * nt + 1000
  while (stack.length > 0 && budget-- > 0) {
    const e = stack.pop()!
    const t = Math.floor(e / 3)
    const k = e % 3
    const u = neighbours[e]
    if (u < 0) continue
    const a = triangles[3 * t + k]
    const b = triangles[3 * t + ((k + 1) % 3)]
    const c = triangles[3 * t + ((k + 2) % 3)]
    if (constrained.has(edgeKey(a, b, nv))) continue
    let m = 0
    while (m < 3 && !(triangles[3 * u + m] === b && triangles[3 * u + ((m + 1) % 3)] === a)) m++
    if (m === 3) continue
    const d = triangles[3 * u + ((m + 2) % 3)]
    const flatT = orient(xs, ys, a, b, c) <= 0
    const flatU = orient(xs, ys, b, a, d) <= 0
    if (flatT && flatU) continue
    if (flatT || flatU) {
      // A zero-area triangle is flipped away only across its long edge: its third vertex must
      // lie strictly inside a-b, so the two new triangles split the other one.
      if (!strictlyBetween(xs, ys, a, b, flatT ? c : d)) continue
    } else {
      if (inCircle(xs, ys, a, b, c, d) <= 0) continue
      // The flip must give two proper triangles: the quad a, d, b, c strictly convex.
      if (orient(xs, ys, a, d, b) <= 0 || orient(xs, ys, b, c, a) <= 0) continue
    }
    if (orient(xs, ys, c, a, d) <= 0 || orient(xs, ys, d, b, c) <= 0) continue
    const nBC = neighbours[3 * t + ((k + 1) % 3)]
    const nCA = neighbours[3 * t + ((k + 2) % 3)]
    const nAD = neighbours[3 * u + ((m + 1) % 3)]
    const nDB = neighbours[3 * u + ((m + 2) % 3)]
    // t becomes (c, a, d), u becomes (d, b, c).
    triangles[3 * t] = c
    triangles[3 * t + 1] = a
    triangles[3 * t + 2] = d
    neighbours[3 * t] = nCA
    neighbours[3 * t + 1] = nAD
    neighbours[3 * t + 2] = u
    triangles[3 * u] = d
    triangles[3 * u + 1] = b
    triangles[3 * u + 2] = c
    neighbours[3 * u] = nDB
    neighbours[3 * u + 1] = nBC
    neighbours[3 * u + 2] = t
    if (nAD >= 0) repoint(neighbours, nAD, u, t)
    if (nBC >= 0) repoint(neighbours, nBC, t, u)
    stack.push(3 * t, 3 * t + 1, 3 * u, 3 * u + 1)
  }
}

/** Is p on the open segment a-b (collinear, strictly between the ends)? */
function strictlyBetween(xs: number[], ys: number[], a: number, b: number, p: number): boolean {
  if (orient(xs, ys, a, b, p) !== 0) return false
  const dot = (xs[p] - xs[a]) * (xs[b] - xs[a]) + (ys[p] - ys[a]) * (ys[b] - ys[a])
  const len2 = (xs[b] - xs[a]) ** 2 + (ys[b] - ys[a]) ** 2
  return dot > 0 && dot < len2
}

/** In triangle s, the edge that pointed at `from` now points at `to`. */
function repoint(neighbours: Int32Array, s: number, from: number, to: number): void {
  for (let k = 0; k < 3; k++) {
    if (neighbours[3 * s + k] === from) {
      neighbours[3 * s + k] = to
      return
    }
  }
}

/** Drops zero-area triangles (walling off their neighbours) and unused vertices. */
function compact(triangles: Int32Array, neighbours: Int32Array, xs: number[], ys: number[]): Triangulation {
  const nt = triangles.length / 3
  const newIndex = new Int32Array(nt).fill(-1)
  let kept = 0
  for (let t = 0; t < nt; t++) {
    if (orient(xs, ys, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]) > 0) newIndex[t] = kept++
  }
  const vertexIndex = new Int32Array(xs.length).fill(-1)
  let nvOut = 0
  const outTris = new Uint32Array(kept * 3)
  const outNb = new Int32Array(kept * 3)
  for (let t = 0; t < nt; t++) {
    const nt2 = newIndex[t]
    if (nt2 < 0) continue
    for (let k = 0; k < 3; k++) {
      const v = triangles[3 * t + k]
      if (vertexIndex[v] < 0) vertexIndex[v] = nvOut++
      outTris[3 * nt2 + k] = vertexIndex[v]
      const nb = neighbours[3 * t + k]
      outNb[3 * nt2 + k] = nb >= 0 ? newIndex[nb] : -1
    }
  }
  const vertices = new Float64Array(nvOut * 2)
  for (let v = 0; v < xs.length; v++) {
    const o = vertexIndex[v]
    if (o < 0) continue
    vertices[2 * o] = xs[v]
    vertices[2 * o + 1] = ys[v]
  }
  return { vertices, triangles: outTris, neighbours: outNb }
}

/** Twice the signed area of triangle t of a triangulation (positive by construction). */
export function triangleDoubleArea(tri: Triangulation, t: number): number {
  const v = tri.vertices
  const a = tri.triangles[3 * t]
  const b = tri.triangles[3 * t + 1]
  const c = tri.triangles[3 * t + 2]
  return (
    (v[2 * b] - v[2 * a]) * (v[2 * c + 1] - v[2 * a + 1]) -
    (v[2 * b + 1] - v[2 * a + 1]) * (v[2 * c] - v[2 * a])
  )
}

/** Index of a triangle holding p (edges count), or -1. Linear scan; fine for tests and one-off queries. */
export function findTriangle(tri: Triangulation, p: Point): number {
  const v = tri.vertices
  const n = tri.triangles.length / 3
  for (let t = 0; t < n; t++) {
    const a = tri.triangles[3 * t]
    const b = tri.triangles[3 * t + 1]
    const c = tri.triangles[3 * t + 2]
    const ax = v[2 * a]
    const ay = v[2 * a + 1]
    const bx = v[2 * b]
    const by = v[2 * b + 1]
    const cx = v[2 * c]
    const cy = v[2 * c + 1]
    const eps = -1e-9
    if ((bx - ax) * (p.y - ay) - (by - ay) * (p.x - ax) < eps * Math.hypot(bx - ax, by - ay)) continue
    if ((cx - bx) * (p.y - by) - (cy - by) * (p.x - bx) < eps * Math.hypot(cx - bx, cy - by)) continue
    if ((ax - cx) * (p.y - cy) - (ay - cy) * (p.x - cx) < eps * Math.hypot(ax - cx, ay - cy)) continue
    return t
  }
  return -1
}
