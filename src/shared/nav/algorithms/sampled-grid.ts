/**
 * sampled-grid: the pathfinder of the "neptune" engine (Haskell): the walk mask sampled
 * every n px, a 4-connected A* over the samples, then divide-and-conquer shortening.
 *
 * Glossary
 * - sample (node): node (i, j) reads pixel (i * n + o, j * n + o) with o = floor(n / 2),
 *   so samples sit near the middle of each n x n block; its point is that pixel's centre.
 * - walkable node: its sample pixel is walkable.
 * - edge: a 4-connected step between neighbouring nodes. An edge exists only when every
 *   pixel on the straight run between the two sample pixels is walkable (the seed only
 *   looked at the samples; checking the run keeps every path valid).
 * - cost 'squared' (the seed's): each step costs n² (its squared length) and the
 *   heuristic is the squared Euclidean distance to the goal; with that heuristic A* is
 *   greedy and not optimal. 'euclidean': steps cost n, heuristic the Euclidean distance.
 *   'manhattan': steps cost n, heuristic the Manhattan distance (admissible and tight on
 *   a 4-connected grid, so the fewest steps).
 * - shortening (divide and conquer): for a node path a..b, if the straight segment a-b is
 *   clear on the full walk grid keep only a and b, else split at the middle point and
 *   shorten both halves.
 * - connector: the straight segment between a query point and a nearby node (see
 *   grid/coarse.ts).
 * - expanded: nodes popped from the open list.
 *
 * Units: room px; the sample spacing n is in px.
 */
import type { Point } from '../../geometry/types'
import type { DebugLayer, NavWorld, OptionValues, Pathfinder, Prepared, WalkGrid } from '../types'
import { noPathAnswer, type GridAnswer } from '../grid/answer'
import { CoarseBuffers, coarseAnswer, type CoarseRun, type NodeLayout } from '../grid/coarse'
import { segmentClear } from '../grid/line-of-sight'
import { simplifyCollinear } from '../grid/tidy'
import { snapQuery } from '../grid/snap'

export type SampledCost = 'squared' | 'euclidean' | 'manhattan'

export interface SampledGrid extends NodeLayout {
  /** Per node: bit 0 = edge to the east neighbour, bit 1 = edge to the south neighbour. */
  edges: Uint8Array
  /** Points of the walkable nodes (x, y interleaved), for the debug layer. */
  nodePoints: Float32Array
}

export interface SampledPrepared extends Prepared {
  grid: WalkGrid
  nodes: SampledGrid
  buffers: CoarseBuffers
  cost: SampledCost
  shortening: boolean
}

/** Sample the walk grid every `n` px (see the glossary). */
export function sampleMask(grid: WalkGrid, n: number): SampledGrid {
  const { width, height, cells } = grid
  const o = Math.floor(n / 2)
  const cols = width > o ? Math.floor((width - 1 - o) / n) + 1 : 0
  const rows = height > o ? Math.floor((height - 1 - o) / n) + 1 : 0
  const walk = new Uint8Array(cols * rows)
  const edges = new Uint8Array(cols * rows)
  let count = 0
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) {
      if (cells[(j * n + o) * width + i * n + o] === 0) continue
      walk[j * cols + i] = 1
      count++
    }
  for (let j = 0; j < rows; j++) {
    const y = j * n + o
    for (let i = 0; i < cols; i++) {
      const node = j * cols + i
      if (walk[node] === 0) continue
      const x = i * n + o
      if (i + 1 < cols && walk[node + 1] !== 0) {
        let ok = true
        for (let k = 1; k < n && ok; k++) ok = cells[y * width + x + k] !== 0
        if (ok) edges[node] |= 1
      }
      if (j + 1 < rows && walk[node + cols] !== 0) {
        let ok = true
        for (let k = 1; k < n && ok; k++) ok = cells[(y + k) * width + x] !== 0
        if (ok) edges[node] |= 2
      }
    }
  }
  const nodePoints = new Float32Array(count * 2)
  let k = 0
  for (let node = 0; node < walk.length; node++) {
    if (walk[node] === 0) continue
    const j = Math.floor(node / cols)
    nodePoints[k++] = (node - j * cols) * n + o + 0.5
    nodePoints[k++] = j * n + o + 0.5
  }
  return { cols, rows, originX: o + 0.5, originY: o + 0.5, spacing: n, walk, edges, nodePoints }
}

function search(prep: SampledPrepared, start: number, goal: number, goalPoint: Point): CoarseRun {
  const { nodes, buffers, cost } = prep
  const { cols, edges, spacing } = nodes
  const { g, parent, gen, closed, heap } = buffers
  const G = buffers.begin()
  const marks = buffers.marks
  const step = cost === 'squared' ? spacing * spacing : spacing
  const gx = goalPoint.x
  const gy = goalPoint.y
  const heuristic = (node: number): number => {
    const j = Math.floor(node / cols)
    const dx = Math.abs(nodes.originX + (node - j * cols) * spacing - gx)
    const dy = Math.abs(nodes.originY + j * spacing - gy)
    if (cost === 'squared') return dx * dx + dy * dy
    if (cost === 'euclidean') return Math.sqrt(dx * dx + dy * dy)
    return dx + dy
  }
  gen[start] = G
  g[start] = 0
  parent[start] = -1
  heap.push(heuristic(start), start)
  let best = start
  let bestD2 = Infinity
  let expanded = 0
  const neighbours = [0, 0, 0, 0]
  while (heap.size > 0) {
    const cur = heap.pop()
    if (closed[cur] === G) continue
    closed[cur] = G
    marks[cur] = 1
    expanded++
    if (cur === goal) return { end: cur, reached: true, expanded }
    const j = Math.floor(cur / cols)
    const dx = nodes.originX + (cur - j * cols) * spacing - gx
    const dy = nodes.originY + j * spacing - gy
    if (dx * dx + dy * dy < bestD2) {
      bestD2 = dx * dx + dy * dy
      best = cur
    }
    let count = 0
    if ((edges[cur] & 1) !== 0) neighbours[count++] = cur + 1
    if ((edges[cur] & 2) !== 0) neighbours[count++] = cur + cols
    if (cur % cols > 0 && (edges[cur - 1] & 1) !== 0) neighbours[count++] = cur - 1
    if (cur >= cols && (edges[cur - cols] & 2) !== 0) neighbours[count++] = cur - cols
    const ng = g[cur] + step
    for (let k = 0; k < count; k++) {
      const n = neighbours[k]
      if (gen[n] === G && (closed[n] === G || ng >= g[n])) continue
      gen[n] = G
      g[n] = ng
      parent[n] = cur
      heap.push(ng + heuristic(n), n)
    }
  }
  return { end: best, reached: false, expanded }
}

/** Divide-and-conquer shortening of points[a..b] into `out` (which already holds points[a]). */
function shorten(grid: WalkGrid, points: Point[], a: number, b: number, out: Point[]): void {
  const p = points[a]
  const q = points[b]
  if (b - a <= 1 || segmentClear(grid.cells, grid.width, grid.height, p.x, p.y, q.x, q.y)) {
    out.push(q)
    return
  }
  const mid = (a + b) >> 1
  shorten(grid, points, a, mid, out)
  shorten(grid, points, mid, b, out)
}

/** Shorten a whole path (see the glossary). */
export function shortenPath(grid: WalkGrid, points: Point[]): Point[] {
  if (points.length <= 2) return points
  const out = [points[0]]
  shorten(grid, points, 0, points.length - 1, out)
  return simplifyCollinear(out)
}

export const sampledGrid: Pathfinder<SampledPrepared, 'sampled-grid'> = {
  id: 'sampled-grid',
  label: 'Sampled grid (neptune)',
  origin: '"neptune" adventure engine (Haskell)',
  summary:
    'Samples the walk mask every n px into a 4-connected grid of nodes, runs A* over it (the original used the squared ' +
    'distance both as step cost and as heuristic), then shortens the path by divide and conquer: keep the straight ' +
    'line between the two ends if it is walkable, else split the path in half and shorten each half.',
  options: [
    {
      key: 'spacing',
      label: 'Sample spacing',
      type: 'number',
      faithful: 4,
      min: 1,
      max: 32,
      step: 1,
      help: 'Distance between samples, px. Larger is faster but loses passages narrower than about the spacing.',
    },
    {
      key: 'cost',
      label: 'Cost and heuristic',
      type: 'choice',
      faithful: 'squared',
      choices: ['squared', 'euclidean', 'manhattan'],
      help: 'squared: step n², heuristic squared distance (the original; greedy, not optimal). euclidean: step n, Euclidean heuristic. manhattan: step n, Manhattan heuristic (fewest steps).',
    },
    {
      key: 'shortening',
      label: 'Shortening',
      type: 'boolean',
      faithful: true,
      help: 'Divide and conquer: the straight line between the ends if walkable, else split in half and recurse. Off: the node path (collinear points dropped).',
    },
  ],
  prepare(world: NavWorld, options: OptionValues): SampledPrepared {
    const grid = world.grid()
    const raw = Number(options.spacing ?? 4)
    const n = Number.isFinite(raw) ? Math.min(32, Math.max(1, Math.round(raw))) : 4
    const nodes = world.cached(`grid:sampled-${n}`, () => sampleMask(grid, n))
    const buffers = world.cached(`grid:sampled-${n}:buffers`, () => new CoarseBuffers(nodes.walk.length))
    const cost = options.cost === 'euclidean' || options.cost === 'manhattan' ? options.cost : 'squared'
    return {
      grid,
      nodes,
      buffers,
      cost,
      shortening: options.shortening !== false,
      get bytes() {
        return nodes.walk.byteLength + nodes.edges.byteLength + nodes.nodePoints.byteLength + buffers.bytes
      },
    }
  },
  findPath(prep: SampledPrepared, from: Point, to: Point): GridAnswer {
    const q = snapQuery(prep.grid, from, to)
    if (typeof q === 'string') return noPathAnswer(from, to, q)
    const { nodes } = prep
    const run = (s: number, t: number) => search(prep, s, t, q.goal.point)
    const post = prep.shortening ? (points: Point[]) => shortenPath(prep.grid, points) : undefined
    const answer = coarseAnswer(
      prep.grid,
      nodes,
      prep.buffers,
      q.start.point,
      q.goal.point,
      q.notes,
      'sample',
      run,
      post,
      () => ({
        kind: 'cells',
        label: 'expanded samples',
        cols: nodes.cols,
        rows: nodes.rows,
        cellSize: nodes.spacing,
        originX: nodes.originX - 0.5 - Math.floor(nodes.spacing / 2),
        originY: nodes.originY - 0.5 - Math.floor(nodes.spacing / 2),
        values: prep.buffers.marks,
        mode: 'mark',
      }),
    )
    const samples: DebugLayer = { kind: 'points', label: 'walkable samples', points: nodes.nodePoints }
    answer.debug.push(samples)
    return answer
  },
}
