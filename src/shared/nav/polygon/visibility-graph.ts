/**
 * A visibility graph over the bend candidates of an outline, searched with A*,
 * shared by `visibility-polygon` and `any-angle-optimal`.
 *
 * Glossary
 * - node: a location where a shortest path may bend: a reflex occurrence (concave
 *   vertex of an outer ring, convex vertex of a hole) or a shared location (rings
 *   touching there).
 * - edge: two nodes in line of sight (every point of the segment walkable).
 * - taut edge: an edge tangent to the boundary at both ends (both boundary
 *   neighbours of each end lie on one side of the edge's line). Every bend of a
 *   shortest path is taut, so dropping the other edges never changes an answer;
 *   it only shrinks the graph.
 * - eager / lazy: the edges of all nodes are found when the graph is built, or the
 *   edges of a node the first time a search expands it (and then kept). Both give the same
 *   graph and the same paths.
 * - large graph: more than `EAGER_NODE_LIMIT` nodes. Finding every pair in sight is
 *   quadratic, and a 10,000-vertex circle rounded to 2 decimals has thousands of nearly flat
 *   concave corners that all see each other; so a large graph keeps only taut edges (the
 *   same paths: every bend of a shortest path is taut) and finds them lazily. The taut
 *   edges of nearly flat corners are short, so that graph stays small. Where even the taut
 *   candidates (pairs tangent at both ends, before any line-of-sight test) number more than
 *   `MAX_TAUT_CANDIDATES` (a 10,000-vertex star: its 5,000 inner corners all see each other
 *   tangentially), preparing is refused with `GeometryBudgetError`.
 * - start and goal nodes: added per query (ids nodeCount and nodeCount + 1),
 *   joined to the nodes they see and are tangent at (a first or last bend is always
 *   taut, so this never changes the path found); the goal's links are tested only
 *   for nodes the search expands.
 * - expanded: nodes popped from the open list (the goal included).
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'
import { GeometryBudgetError, checkBudget } from '../../geometry/budget'
import { MinHeap } from '../heap'
import { inLocationCone, lineOfSight, placeInside, type Outline, type Placement } from './outline'
import { norm } from './norm'
import { MAX_TAUT_CANDIDATES } from '../../limits'

export interface VisibilityGraph {
  readonly outline: Outline
  readonly areaCount: number
  readonly nodeCount: number
  readonly nx: Float64Array
  readonly ny: Float64Array
  /** Representative occurrence of each node. */
  readonly nodeOcc: Int32Array
  /** 1 for shared locations: always treated as taut. */
  readonly nodeFree: Uint8Array
  readonly nodeComponent: Int32Array
  readonly taut: boolean
  readonly adj: (Int32Array | undefined)[]
  readonly adjLen: (Float64Array | undefined)[]
  /** Search scratch, sized nodeCount + 2. */
  readonly g: Float64Array
  readonly parent: Int32Array
  readonly seen: Uint32Array
  readonly closed: Uint32Array
  readonly heap: MinHeap
  query: number
}

/** Most nodes of a graph that keeps every edge in sight (about 1.1 million pairs). */
export const EAGER_NODE_LIMIT = 1500

export function buildVisibilityGraph(
  outline: Outline,
  areaCount: number,
  taut: boolean,
  eager: boolean,
): VisibilityGraph {
  const locations = new Map<string, number>()
  const xs: number[] = []
  const ys: number[] = []
  const occ: number[] = []
  const free: number[] = []
  for (let i = 0; i < outline.n; i++) {
    const shared = outline.group[i] >= 0
    if (!outline.reflex[i] && !shared) continue
    const key = `${outline.x[i]},${outline.y[i]}`
    if (locations.has(key)) continue
    locations.set(key, xs.length)
    xs.push(outline.x[i])
    ys.push(outline.y[i])
    occ.push(i)
    free.push(shared ? 1 : 0)
  }
  const nodeCount = xs.length
  const large = nodeCount > EAGER_NODE_LIMIT
  const nodeComponent = new Int32Array(nodeCount)
  for (let k = 0; k < nodeCount; k++) nodeComponent[k] = outline.areaComponent[outline.area[occ[k]]]
  const graph: VisibilityGraph = {
    outline,
    areaCount,
    nodeCount,
    nx: Float64Array.from(xs),
    ny: Float64Array.from(ys),
    nodeOcc: Int32Array.from(occ),
    nodeFree: Uint8Array.from(free),
    nodeComponent,
    taut: taut || large,
    adj: new Array<Int32Array | undefined>(nodeCount).fill(undefined),
    adjLen: new Array<Float64Array | undefined>(nodeCount).fill(undefined),
    g: new Float64Array(nodeCount + 2),
    parent: new Int32Array(nodeCount + 2),
    seen: new Uint32Array(nodeCount + 2),
    closed: new Uint32Array(nodeCount + 2),
    heap: new MinHeap(64),
    query: 0,
  }
  if (large && tautCandidatesOver(graph, MAX_TAUT_CANDIDATES)) throw new GeometryBudgetError('prepare')
  if (eager && !large) buildAllEdges(graph)
  return graph
}

/** Is the segment from node i towards (tx, ty) tangent to the boundary at node i? */
export function tautAt(g: VisibilityGraph, i: number, tx: number, ty: number): boolean {
  if (g.nodeFree[i]) return true
  const o = g.outline
  const v = g.nodeOcc[i]
  const vx = g.nx[i]
  const vy = g.ny[i]
  const dx = tx - vx
  const dy = ty - vy
  const p = o.prev[v]
  const q = o.next[v]
  const s1 = dx * (o.y[p] - vy) - dy * (o.x[p] - vx)
  const s2 = dx * (o.y[q] - vy) - dy * (o.x[q] - vx)
  return !((s1 > 0 && s2 < 0) || (s1 < 0 && s2 > 0))
}

/** Does the segment from node i towards (tx, ty) leave i into the walkable area? (A cheap early reject.) */
function leavesInside(g: VisibilityGraph, i: number, tx: number, ty: number): boolean {
  return inLocationCone(g.outline, g.nodeOcc[i], tx - g.nx[i], ty - g.ny[i])
}

function linked(g: VisibilityGraph, i: number, j: number): boolean {
  if (g.nodeComponent[i] !== g.nodeComponent[j]) return false
  if (g.taut && (!tautAt(g, i, g.nx[j], g.ny[j]) || !tautAt(g, j, g.nx[i], g.ny[i]))) return false
  if (!leavesInside(g, i, g.nx[j], g.ny[j]) || !leavesInside(g, j, g.nx[i], g.ny[i])) return false
  return lineOfSight(g.outline, g.nx[i], g.ny[i], g.nx[j], g.ny[j])
}

/** Are there more than `max` pairs of nodes tangent at both ends and leaving both into the walkable side? */
function tautCandidatesOver(g: VisibilityGraph, max: number): boolean {
  let count = 0
  for (let i = 0; i < g.nodeCount; i++) {
    for (let j = i + 1; j < g.nodeCount; j++) {
      checkBudget()
      if (g.nodeComponent[i] !== g.nodeComponent[j]) continue
      if (!tautAt(g, i, g.nx[j], g.ny[j]) || !tautAt(g, j, g.nx[i], g.ny[i])) continue
      if (!leavesInside(g, i, g.nx[j], g.ny[j]) || !leavesInside(g, j, g.nx[i], g.ny[i])) continue
      if (++count > max) return true
    }
  }
  return false
}

function buildAllEdges(g: VisibilityGraph): void {
  const lists: number[][] = Array.from({ length: g.nodeCount }, () => [])
  for (let i = 0; i < g.nodeCount; i++) {
    for (let j = i + 1; j < g.nodeCount; j++) {
      checkBudget()
      if (linked(g, i, j)) {
        lists[i].push(j)
        lists[j].push(i)
      }
    }
  }
  for (let i = 0; i < g.nodeCount; i++) setEdges(g, i, lists[i])
}

function setEdges(g: VisibilityGraph, i: number, list: number[]): void {
  const adj = Int32Array.from(list)
  const len = new Float64Array(adj.length)
  for (let k = 0; k < adj.length; k++) len[k] = norm(g.nx[adj[k]] - g.nx[i], g.ny[adj[k]] - g.ny[i])
  g.adj[i] = adj
  g.adjLen[i] = len
}

function edgesOf(g: VisibilityGraph, i: number): Int32Array {
  let adj = g.adj[i]
  if (!adj) {
    const list: number[] = []
    for (let j = 0; j < g.nodeCount; j++) {
      checkBudget()
      if (j !== i && linked(g, i, j)) list.push(j)
    }
    setEdges(g, i, list)
    adj = g.adj[i]!
  }
  return adj
}

export function graphBytes(g: VisibilityGraph): number {
  let b =
    g.outline.bytes +
    g.nx.byteLength * 2 +
    g.nodeOcc.byteLength +
    g.nodeFree.byteLength +
    g.nodeComponent.byteLength
  b += g.g.byteLength + g.parent.byteLength + g.seen.byteLength + g.closed.byteLength + g.heap.bytes
  for (let i = 0; i < g.nodeCount; i++) b += (g.adj[i]?.byteLength ?? 0) + (g.adjLen[i]?.byteLength ?? 0)
  return b
}

/** Segments (x1, y1, x2, y2, ...) of the edges found so far, each once. */
export function edgeSegments(g: VisibilityGraph): Float32Array {
  const out: number[] = []
  for (let i = 0; i < g.nodeCount; i++) {
    const adj = g.adj[i]
    if (!adj) continue
    for (const j of adj) if (j > i || !g.adj[j]) out.push(g.nx[i], g.ny[i], g.nx[j], g.ny[j])
  }
  return Float32Array.from(out)
}

/** Nodes the last search expanded, as points (x, y, ...). */
export function expandedNodes(g: VisibilityGraph): Float32Array {
  let n = 0
  for (let i = 0; i < g.nodeCount; i++) if (g.closed[i] === g.query) n++
  const out = new Float32Array(2 * n)
  for (let i = 0, k = 0; i < g.nodeCount; i++) {
    if (g.closed[i] !== g.query) continue
    out[k++] = g.nx[i]
    out[k++] = g.ny[i]
  }
  return out
}

export interface GraphPath {
  points: Point[]
  expanded: number
}

/**
 * A* from s to t (both inside points). Undefined when t cannot be reached.
 * `directFirst` returns the straight segment at once when s sees t.
 */
export function searchVisibility(
  g: VisibilityGraph,
  s: Point,
  t: Point,
  directFirst: boolean,
): GraphPath | undefined {
  const o = g.outline
  if (directFirst && lineOfSight(o, s.x, s.y, t.x, t.y)) return { points: [s, t], expanded: 0 }
  const N = g.nodeCount
  const S = N
  const T = N + 1
  let q = ++g.query
  if (q === 0xffffffff) {
    g.seen.fill(0)
    g.closed.fill(0)
    q = g.query = 1
  }
  const { nx, ny, seen, closed, parent } = g
  const gv = g.g
  const heap = g.heap
  heap.clear()
  seen[S] = q
  gv[S] = 0
  parent[S] = -1
  if (!directFirst && lineOfSight(o, s.x, s.y, t.x, t.y)) relaxNode(g, q, T, S, norm(t.x - s.x, t.y - s.y), 0)
  // Only nodes the start's segment is tangent at can be a first bend (for any graph: a speed-up
  // that cannot change the path found), and the segment must leave the node into the walkable side.
  for (let j = 0; j < N; j++) {
    if (!tautAt(g, j, s.x, s.y) || !leavesInside(g, j, s.x, s.y)) continue
    if (lineOfSight(o, s.x, s.y, nx[j], ny[j]))
      relaxNode(g, q, j, S, norm(nx[j] - s.x, ny[j] - s.y), norm(nx[j] - t.x, ny[j] - t.y))
  }
  let expanded = 0
  for (;;) {
    const i = heap.pop()
    if (i < 0) return undefined
    if (closed[i] === q) continue
    closed[i] = q
    expanded++
    if (i === T) break
    const gi = gv[i]
    if (tautAt(g, i, t.x, t.y) && leavesInside(g, i, t.x, t.y) && lineOfSight(o, nx[i], ny[i], t.x, t.y)) {
      relaxNode(g, q, T, i, gi + norm(t.x - nx[i], t.y - ny[i]), 0)
    }
    const adj = edgesOf(g, i)
    const len = g.adjLen[i]!
    for (let k = 0; k < adj.length; k++) {
      const j = adj[k]
      if (closed[j] === q) continue
      relaxNode(g, q, j, i, gi + len[k], norm(nx[j] - t.x, ny[j] - t.y))
    }
  }
  const points: Point[] = [{ x: t.x, y: t.y }]
  for (let i = parent[T]; i !== S && i >= 0; i = parent[i]) points.push({ x: nx[i], y: ny[i] })
  points.push({ x: s.x, y: s.y })
  points.reverse()
  return { points, expanded }
}

/** A* relaxation: node j reached from `from` at `cost`; pushed with key cost + hj when better. */
function relaxNode(g: VisibilityGraph, q: number, j: number, from: number, cost: number, hj: number): void {
  if (g.seen[j] !== q || cost < g.g[j]) {
    g.seen[j] = q
    g.g[j] = cost
    g.parent[j] = from
    g.heap.push(cost + hj, j)
  }
}

export interface PlacedQuery {
  start: Placement
  goal: Placement
  /** Where the search goes: the goal, or the reachable point closest to it. */
  target: Placement
  reached: boolean
  reasons: string[]
}

/** Places start and goal inside the walkable area and picks the search target. Undefined when there is no walkable area. */
export function placeQuery(o: Outline, areaCount: number, from: Point, to: Point): PlacedQuery | undefined {
  const start = placeInside(o, areaCount, from)
  if (!start) return undefined
  const goal = placeInside(o, areaCount, to) ?? start
  const reasons: string[] = []
  if (start.moved > 1e-4) reasons.push('start outside the walkable area, snapped')
  if (goal.moved > 1e-4) reasons.push('goal outside the walkable area, snapped')
  if (goal.component === start.component) return { start, goal, target: goal, reached: true, reasons }
  const target = placeInside(o, areaCount, goal.point, start.component) ?? start
  reasons.push('goal is on another walkable island; the path goes to the reachable point closest to it')
  return { start, goal, target, reached: false, reasons }
}
