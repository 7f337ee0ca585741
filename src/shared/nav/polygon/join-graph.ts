/**
 * A node graph for tap-to-move walking: nodes, joins (two-way or one-way, with a
 * cost multiplier), the closest point on the closest join, and A* between points
 * that lie on joins.
 *
 * Glossary
 * - node: a point in room px a character walks through.
 * - join: a straight walk between two nodes. A one-way join may be walked from a to
 *   b only; its cost is its length times its multiplier.
 * - on-join point: a point of a join (the join and its parameter 0..1 from a to b).
 *   Taps snap to the closest on-join point of the closest join; a character standing
 *   on a join may walk to either end it is allowed to walk towards.
 * - derived graph: for rooms without an authored graph: triangle centres and portal
 *   midpoints of the navmesh, each centre joined (two-way) to the midpoints of its portals.
 * - expanded: nodes popped from the open list (the goal included).
 *
 * Units: room px; costs in room px times the multipliers.
 */
import type { Point } from '../../geometry/types'
import type { NodeGraph } from '../types'
import { MinHeap } from '../heap'
import type { TriMesh } from './tri-mesh'
import { norm } from './norm'

export interface JoinGraph {
  readonly nodeCount: number
  readonly nx: Float64Array
  readonly ny: Float64Array
  readonly joinCount: number
  readonly ja: Int32Array
  readonly jb: Int32Array
  /** 1 when the join may be walked from b to a. */
  readonly twoWay: Uint8Array
  readonly mul: Float64Array
  /** Outgoing moves: node u's are out[outStart[u] .. outStart[u + 1]), each a target node and a cost. */
  readonly outStart: Int32Array
  readonly outTo: Int32Array
  readonly outCost: Float64Array
  /** Smallest multiplier (times straight-line distance: an admissible heuristic). */
  readonly minMul: number
  readonly g: Float64Array
  readonly parent: Int32Array
  readonly seen: Uint32Array
  readonly closed: Uint32Array
  readonly heap: MinHeap
  query: number
}

export function buildJoinGraph(
  nodes: { x: number; y: number }[],
  joins: { a: number; b: number; oneWay: boolean; cost: number }[],
): JoinGraph {
  const N = nodes.length
  const J = joins.length
  const nx = Float64Array.from(nodes, (n) => n.x)
  const ny = Float64Array.from(nodes, (n) => n.y)
  const ja = Int32Array.from(joins, (j) => j.a)
  const jb = Int32Array.from(joins, (j) => j.b)
  const twoWay = Uint8Array.from(joins, (j) => (j.oneWay ? 0 : 1))
  const mul = Float64Array.from(joins, (j) => (Number.isFinite(j.cost) && j.cost > 0 ? j.cost : 1))
  const counts = new Int32Array(N + 1)
  for (let k = 0; k < J; k++) {
    counts[ja[k]]++
    if (twoWay[k]) counts[jb[k]]++
  }
  const outStart = new Int32Array(N + 1)
  for (let u = 0; u < N; u++) outStart[u + 1] = outStart[u] + counts[u]
  const fill = outStart.slice(0, N)
  const outTo = new Int32Array(outStart[N])
  const outCost = new Float64Array(outStart[N])
  let minMul = Infinity
  for (let k = 0; k < J; k++) {
    const len = norm(nx[jb[k]] - nx[ja[k]], ny[jb[k]] - ny[ja[k]]) * mul[k]
    minMul = Math.min(minMul, mul[k])
    outTo[fill[ja[k]]] = jb[k]
    outCost[fill[ja[k]]++] = len
    if (twoWay[k]) {
      outTo[fill[jb[k]]] = ja[k]
      outCost[fill[jb[k]]++] = len
    }
  }
  return {
    nodeCount: N,
    nx,
    ny,
    joinCount: J,
    ja,
    jb,
    twoWay,
    mul,
    outStart,
    outTo,
    outCost,
    minMul: Number.isFinite(minMul) ? minMul : 1,
    g: new Float64Array(N + 1),
    parent: new Int32Array(N + 1),
    seen: new Uint32Array(N + 1),
    closed: new Uint32Array(N + 1),
    heap: new MinHeap(64),
    query: 0,
  }
}

/** The authored graph with string ids resolved; joins naming unknown nodes are dropped. */
export function joinGraphFromAuthored(graph: NodeGraph): JoinGraph {
  const index = new Map<string, number>()
  graph.nodes.forEach((n, i) => index.set(n.id, i))
  const joins: { a: number; b: number; oneWay: boolean; cost: number }[] = []
  for (const j of graph.joins) {
    const a = index.get(j.a)
    const b = index.get(j.b)
    if (a === undefined || b === undefined || a === b) continue
    joins.push({ a, b, oneWay: j.oneWay === true, cost: j.cost ?? 1 })
  }
  return buildJoinGraph(graph.nodes, joins)
}

/** Triangle centres and portal midpoints of a mesh; each centre joined to its portals' midpoints (a lone triangle's centre to its edges' midpoints). */
export function joinGraphFromMesh(m: TriMesh): JoinGraph {
  const nodes: { x: number; y: number }[] = []
  const joins: { a: number; b: number; oneWay: boolean; cost: number }[] = []
  const v = m.vertices
  for (let t = 0; t < m.triangleCount; t++) nodes.push({ x: m.cx[t], y: m.cy[t] })
  const portalNode = new Map<string, number>()
  for (let t = 0; t < m.triangleCount; t++) {
    for (let k = 0; k < 3; k++) {
      const w = m.neighbours[3 * t + k]
      if (w < 0) continue
      const a = m.corners[3 * t + k]
      const b = m.corners[3 * t + ((k + 1) % 3)]
      const key = a < b ? `${a},${b}` : `${b},${a}`
      let id = portalNode.get(key)
      if (id === undefined) {
        id = nodes.length
        nodes.push({ x: (v[2 * a] + v[2 * b]) / 2, y: (v[2 * a + 1] + v[2 * b + 1]) / 2 })
        portalNode.set(key, id)
      }
      joins.push({ a: t, b: id, oneWay: false, cost: 1 })
    }
    // A triangle with no neighbour (a region that is one triangle, e.g. a lobe of a bow-tie)
    // has no portals: join its centre to its edges' midpoints, so that it can be walked.
    if (m.neighbours[3 * t] < 0 && m.neighbours[3 * t + 1] < 0 && m.neighbours[3 * t + 2] < 0) {
      for (let k = 0; k < 3; k++) {
        const a = m.corners[3 * t + k]
        const b = m.corners[3 * t + ((k + 1) % 3)]
        nodes.push({ x: (v[2 * a] + v[2 * b]) / 2, y: (v[2 * a + 1] + v[2 * b + 1]) / 2 })
        joins.push({ a: t, b: nodes.length - 1, oneWay: false, cost: 1 })
      }
    }
  }
  return buildJoinGraph(nodes, joins)
}

export interface OnJoin {
  join: number
  /** 0 at the join's a, 1 at its b. */
  t: number
  point: Point
  dist: number
}

/**
 * A uniform grid of joins (each join in every cell its bounding box covers) for
 * closest-join queries: cells are searched in square rings around the query point
 * until no unseen join can be closer.
 */
export interface JoinGrid {
  minX: number
  minY: number
  maxX: number
  maxY: number
  cell: number
  cols: number
  rows: number
  cellStart: Int32Array
  cellJoins: Int32Array
  stamp: Uint32Array
  stampValue: number
}

export function buildJoinGrid(g: JoinGraph): JoinGrid {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i < g.nodeCount; i++) {
    minX = Math.min(minX, g.nx[i])
    maxX = Math.max(maxX, g.nx[i])
    minY = Math.min(minY, g.ny[i])
    maxY = Math.max(maxY, g.ny[i])
  }
  if (g.nodeCount === 0) minX = minY = maxX = maxY = 0
  const w = Math.max(maxX - minX, 1)
  const h = Math.max(maxY - minY, 1)
  const cell = Math.max(Math.sqrt((w * h) / Math.max(g.joinCount, 1)) * 1.5, 1e-3)
  const cols = Math.min(Math.max(1, Math.ceil(w / cell) + 1), 1024)
  const rows = Math.min(Math.max(1, Math.ceil(h / cell) + 1), 1024)
  const size = Math.max(w / (cols - 1 || 1), h / (rows - 1 || 1), cell)
  const buckets: number[][] = Array.from({ length: cols * rows }, () => [])
  for (let k = 0; k < g.joinCount; k++) {
    const ax = g.nx[g.ja[k]]
    const ay = g.ny[g.ja[k]]
    const bx = g.nx[g.jb[k]]
    const by = g.ny[g.jb[k]]
    const c0 = Math.floor((Math.min(ax, bx) - minX) / size)
    const c1 = Math.min(cols - 1, Math.floor((Math.max(ax, bx) - minX) / size))
    const r0 = Math.floor((Math.min(ay, by) - minY) / size)
    const r1 = Math.min(rows - 1, Math.floor((Math.max(ay, by) - minY) / size))
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) buckets[r * cols + c].push(k)
  }
  const cellStart = new Int32Array(cols * rows + 1)
  for (let i = 0; i < buckets.length; i++) cellStart[i + 1] = cellStart[i] + buckets[i].length
  const cellJoins = new Int32Array(cellStart[cols * rows])
  for (let i = 0; i < buckets.length; i++) cellJoins.set(buckets[i], cellStart[i])
  return {
    minX,
    minY,
    maxX,
    maxY,
    cell: size,
    cols,
    rows,
    cellStart,
    cellJoins,
    stamp: new Uint32Array(g.joinCount),
    stampValue: 0,
  }
}

export function joinGridBytes(grid: JoinGrid): number {
  return grid.cellStart.byteLength + grid.cellJoins.byteLength + grid.stamp.byteLength
}

/** The closest point on the closest join (ties: the lowest join index); undefined when there are no joins. */
export function closestOnJoins(g: JoinGraph, p: Point, grid?: JoinGrid): OnJoin | undefined {
  const px = Number.isFinite(p.x) ? p.x : 0
  const py = Number.isFinite(p.y) ? p.y : 0
  bestK = -1
  bestT = 0
  bestD = Infinity
  if (grid && px >= grid.minX && px <= grid.maxX && py >= grid.minY && py <= grid.maxY) {
    let sv = ++grid.stampValue
    if (sv === 0xffffffff) {
      grid.stamp.fill(0)
      sv = grid.stampValue = 1
    }
    const c = Math.min(grid.cols - 1, Math.floor((px - grid.minX) / grid.cell))
    const r = Math.min(grid.rows - 1, Math.floor((py - grid.minY) / grid.cell))
    const maxRing = Math.max(grid.cols, grid.rows)
    for (let ring = 0; ring <= maxRing; ring++) {
      if (ring === 0) visitCell(g, grid, sv, c, r, px, py)
      else {
        for (let cc = c - ring; cc <= c + ring; cc++) {
          visitCell(g, grid, sv, cc, r - ring, px, py)
          visitCell(g, grid, sv, cc, r + ring, px, py)
        }
        for (let rr = r - ring + 1; rr <= r + ring - 1; rr++) {
          visitCell(g, grid, sv, c - ring, rr, px, py)
          visitCell(g, grid, sv, c + ring, rr, px, py)
        }
      }
      // Every join not seen yet lies outside the block of cells searched, at least ring cells away.
      const reach = ring * grid.cell
      if (bestK >= 0 && bestD < reach * reach) break
    }
  } else {
    for (let k = 0; k < g.joinCount; k++) testJoin(g, k, px, py)
  }
  if (bestK < 0) return undefined
  const ax = g.nx[g.ja[bestK]]
  const ay = g.ny[g.ja[bestK]]
  const point = { x: ax + bestT * (g.nx[g.jb[bestK]] - ax), y: ay + bestT * (g.ny[g.jb[bestK]] - ay) }
  return { join: bestK, t: bestT, point, dist: Math.sqrt(bestD) }
}

// Best join so far of the running closestOnJoins query (queries are not re-entrant).
let bestK = -1
let bestT = 0
let bestD = Infinity

function testJoin(g: JoinGraph, k: number, px: number, py: number): void {
  const ax = g.nx[g.ja[k]]
  const ay = g.ny[g.ja[k]]
  const dx = g.nx[g.jb[k]] - ax
  const dy = g.ny[g.jb[k]] - ay
  const l2 = dx * dx + dy * dy
  let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0
  t = t < 0 ? 0 : t > 1 ? 1 : t
  const qx = ax + t * dx - px
  const qy = ay + t * dy - py
  const d = qx * qx + qy * qy
  if (d < bestD || (d === bestD && k < bestK)) {
    bestD = d
    bestK = k
    bestT = t
  }
}

function visitCell(
  g: JoinGraph,
  grid: JoinGrid,
  sv: number,
  c: number,
  r: number,
  px: number,
  py: number,
): void {
  if (c < 0 || r < 0 || c >= grid.cols || r >= grid.rows) return
  const cellIndex = r * grid.cols + c
  for (let i = grid.cellStart[cellIndex]; i < grid.cellStart[cellIndex + 1]; i++) {
    const k = grid.cellJoins[i]
    if (grid.stamp[k] === sv) continue
    grid.stamp[k] = sv
    testJoin(g, k, px, py)
  }
}

export interface JoinPath {
  points: Point[]
  /** Node id of each point, -1 for points between nodes (start, goal, closest reachable point). */
  nodes: number[]
  reached: boolean
  expanded: number
}

/** Walks from on-join point s to on-join point t; when t cannot be reached, to the reachable point closest to it. */
export function searchJoins(g: JoinGraph, s: OnJoin, t: OnJoin): JoinPath {
  const S = s.point
  const G = t.point
  const N = g.nodeCount
  const GOAL = N
  let q = ++g.query
  if (q === 0xffffffff) {
    g.seen.fill(0)
    g.closed.fill(0)
    q = g.query = 1
  }
  const { nx, ny, closed, heap } = g
  const gv = g.g
  heap.clear()
  const mm = g.minMul
  // Both on one join and allowed to walk straight there: a candidate (a detour may still be cheaper).
  if (s.join === t.join && (t.t >= s.t || g.twoWay[s.join]))
    relaxJoin(g, q, GOAL, -1, norm(G.x - S.x, G.y - S.y) * g.mul[s.join], 0)
  const sj = s.join
  const sa = g.ja[sj]
  const sb = g.jb[sj]
  relaxJoin(g, q, sb, -1, norm(nx[sb] - S.x, ny[sb] - S.y) * g.mul[sj], norm(nx[sb] - G.x, ny[sb] - G.y) * mm)
  if (g.twoWay[sj])
    relaxJoin(
      g,
      q,
      sa,
      -1,
      norm(nx[sa] - S.x, ny[sa] - S.y) * g.mul[sj],
      norm(nx[sa] - G.x, ny[sa] - G.y) * mm,
    )
  const tj = t.join
  const ta = g.ja[tj]
  const tb = g.jb[tj]
  let expanded = 0
  let found = false
  while (heap.size > 0) {
    const u = heap.pop()
    if (closed[u] === q) continue
    closed[u] = q
    expanded++
    if (u === GOAL) {
      found = true
      break
    }
    if (u === ta) relaxJoin(g, q, GOAL, u, gv[u] + norm(G.x - nx[u], G.y - ny[u]) * g.mul[tj], 0)
    if (u === tb && g.twoWay[tj])
      relaxJoin(g, q, GOAL, u, gv[u] + norm(G.x - nx[u], G.y - ny[u]) * g.mul[tj], 0)
    for (let k = g.outStart[u]; k < g.outStart[u + 1]; k++) {
      const w = g.outTo[k]
      relaxJoin(g, q, w, u, gv[u] + g.outCost[k], norm(nx[w] - G.x, ny[w] - G.y) * mm)
    }
  }
  if (found) {
    const path = trace(g, S, GOAL, G)
    return { points: path.points, nodes: path.nodes, reached: true, expanded }
  }
  // Unreachable: the closest point to G on anything walkable from S.
  let bestD = Infinity
  let bestPoint: Point = S
  let bestFrom = -2
  const consider = (from: number, ax: number, ay: number, bx: number, by: number): void => {
    const dx = bx - ax
    const dy = by - ay
    const l2 = dx * dx + dy * dy
    let r = l2 > 0 ? ((G.x - ax) * dx + (G.y - ay) * dy) / l2 : 0
    r = r < 0 ? 0 : r > 1 ? 1 : r
    const x = ax + r * dx
    const y = ay + r * dy
    const d = norm(x - G.x, y - G.y)
    if (d < bestD) {
      bestD = d
      bestPoint = { x, y }
      bestFrom = from
    }
  }
  consider(-1, S.x, S.y, nx[sb], ny[sb])
  if (g.twoWay[sj]) consider(-1, S.x, S.y, nx[sa], ny[sa])
  for (let u = 0; u < N; u++) {
    if (closed[u] !== q) continue
    for (let k = g.outStart[u]; k < g.outStart[u + 1]; k++)
      consider(u, nx[u], ny[u], nx[g.outTo[k]], ny[g.outTo[k]])
  }
  const path =
    bestFrom === -1
      ? { points: [S], nodes: [-1] }
      : trace(g, S, bestFrom, { x: nx[bestFrom], y: ny[bestFrom] })
  const last = path.points[path.points.length - 1]
  if (last.x !== bestPoint.x || last.y !== bestPoint.y) {
    path.points.push(bestPoint)
    path.nodes.push(-1)
  }
  return { points: path.points, nodes: path.nodes, reached: false, expanded }
}

/** A* relaxation (closed nodes are final): node u reached from `from` at `cost`, pushed with key cost + hu when better. */
function relaxJoin(g: JoinGraph, q: number, u: number, from: number, cost: number, hu: number): void {
  if (g.closed[u] === q) return
  if (g.seen[u] !== q || cost < g.g[u]) {
    g.seen[u] = q
    g.g[u] = cost
    g.parent[u] = from
    g.heap.push(cost + hu, u)
  }
}

/** Points from S through the parents of `end` (a node or the goal), ending at `endPoint`, with their node ids. */
function trace(g: JoinGraph, S: Point, end: number, endPoint: Point): { points: Point[]; nodes: number[] } {
  const points: Point[] = [{ x: endPoint.x, y: endPoint.y }]
  const nodes: number[] = [end === g.nodeCount ? -1 : end]
  for (let u = end === g.nodeCount ? g.parent[end] : end; u >= 0; u = g.parent[u]) {
    const last = points[points.length - 1]
    if (last.x !== g.nx[u] || last.y !== g.ny[u]) {
      points.push({ x: g.nx[u], y: g.ny[u] })
      nodes.push(u)
    } else if (nodes[nodes.length - 1] < 0) nodes[nodes.length - 1] = u
  }
  const last = points[points.length - 1]
  if (last.x !== S.x || last.y !== S.y) {
    points.push({ x: S.x, y: S.y })
    nodes.push(-1)
  }
  return { points: points.reverse(), nodes: nodes.reverse() }
}

/** 1 for nodes at either end of a one-way join (a shortcut must not skip them). */
export function oneWayEnds(g: JoinGraph): Uint8Array {
  const flags = new Uint8Array(g.nodeCount)
  for (let k = 0; k < g.joinCount; k++) {
    if (g.twoWay[k]) continue
    flags[g.ja[k]] = 1
    flags[g.jb[k]] = 1
  }
  return flags
}

export function joinGraphBytes(g: JoinGraph): number {
  return (
    g.nx.byteLength * 2 +
    g.ja.byteLength * 2 +
    g.twoWay.byteLength +
    g.mul.byteLength +
    g.outStart.byteLength +
    g.outTo.byteLength +
    g.outCost.byteLength +
    g.g.byteLength +
    g.parent.byteLength +
    g.seen.byteLength +
    g.closed.byteLength +
    g.heap.bytes
  )
}
