/**
 * downscaled-grid: the pathfinder of "Tick's Tales" (Clojure): the walk mask scaled to
 * 1/2, an 8-connected grid search on it, then path smoothing.
 *
 * Glossary
 * - coarse cell: a 2x2 block of pixels, cell (i, j) covering pixels 2i..2i+1 x 2j..2j+1.
 *   Its point is the block's centre (2i + 1, 2j + 1) room px.
 * - coarse walkability (conservative rule): a coarse cell is walkable only when all four of
 *   its pixels are inside the room and walkable. So every straight step between walkable
 *   coarse cells stays on walkable pixels (a diagonal step between two blocked cells only
 *   touches their common corner), and every path is valid; the price is that passages
 *   narrower than 2 px (or not aligned with the 2x2 blocks) disappear.
 * - 8-connected: each coarse cell steps to its 8 neighbours at cost 1 (step count).
 *   Faithfully, a diagonal step needs only its target walkable (corners may be cut);
 *   the 'cornerCutting' option off requires both cells beside it walkable.
 * - search 'bfs': breadth-first from the start (fewest steps). 'astar': A* with the
 *   step-count cost and the Manhattan distance (in cells) as heuristic, which
 *   overestimates on an 8-connected grid, so paths may take more steps than BFS's.
 * - smoothing: from each kept point, drop the next while the point after it is in clear
 *   line of sight on the full walk grid (grid/line-of-sight.ts).
 * - connector: the straight segment between a query point and its coarse cell (see
 *   grid/coarse.ts); a point with no walkable coarse cell in clear sight within 3 cells
 *   cannot use the grid.
 * - expanded: coarse cells dequeued (bfs) or popped from the open list (astar).
 *
 * Units: room px; coarse cells are 2 px.
 */
import type { Point } from '../../geometry/types'
import type { NavWorld, OptionValues, Pathfinder, Prepared, WalkGrid } from '../types'
import { noPathAnswer, type GridAnswer } from '../grid/answer'
import { CoarseBuffers, coarseAnswer, smoothGreedy, type CoarseRun, type NodeLayout } from '../grid/coarse'
import { snapQuery } from '../grid/snap'

export interface DownscaledPrepared extends Prepared {
  grid: WalkGrid
  layout: NodeLayout
  buffers: CoarseBuffers
  search: 'bfs' | 'astar'
  smoothing: boolean
  /** Allowed steps per coarse cell (see neighbourMasks). */
  masks: Uint8Array
}

const DI = [1, 0, -1, 0, 1, -1, -1, 1]
const DJ = [0, 1, 0, -1, 1, 1, -1, -1]

/** Coarse walkability: all four pixels of the block inside the room and walkable. */
export function downscaleMask(grid: WalkGrid): NodeLayout {
  const { width, height, cells } = grid
  const cols = Math.ceil(width / 2)
  const rows = Math.ceil(height / 2)
  const walk = new Uint8Array(cols * rows)
  for (let j = 0; j < rows; j++) {
    const y = 2 * j
    if (y + 1 >= height) continue
    for (let i = 0; i < cols; i++) {
      const x = 2 * i
      if (x + 1 >= width) continue
      const a = y * width + x
      if (cells[a] !== 0 && cells[a + 1] !== 0 && cells[a + width] !== 0 && cells[a + width + 1] !== 0)
        walk[j * cols + i] = 1
    }
  }
  return { cols, rows, originX: 1, originY: 1, spacing: 2, walk }
}

/**
 * Per coarse cell, which of its 8 neighbours it may step to (bit d for direction d of DI/DJ),
 * so that the search needs no bounds or corner checks.
 */
export function neighbourMasks(layout: NodeLayout, cornerCutting: boolean): Uint8Array {
  const { cols, rows, walk } = layout
  const masks = new Uint8Array(cols * rows)
  const ok = (i: number, j: number) => i >= 0 && j >= 0 && i < cols && j < rows && walk[j * cols + i] !== 0
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) {
      if (walk[j * cols + i] === 0) continue
      let m = 0
      for (let d = 0; d < 8; d++) {
        const ni = i + DI[d]
        const nj = j + DJ[d]
        if (!ok(ni, nj)) continue
        if (d >= 4 && !cornerCutting && (!ok(ni, j) || !ok(i, nj))) continue
        m |= 1 << d
      }
      masks[j * cols + i] = m
    }
  return masks
}

function search(prep: DownscaledPrepared, start: number, goal: number, goalPoint: Point): CoarseRun {
  const { layout, buffers, masks } = prep
  const cols = layout.cols
  const { g, parent, gen, closed, queue, heap } = buffers
  const G = buffers.begin()
  const marks = buffers.marks
  const useAstar = prep.search === 'astar'
  const off = [1, cols, -1, -cols, cols + 1, cols - 1, -cols - 1, -cols + 1]
  // Goal in cell units (for the heuristic and the closest-cell fallback).
  const gx = (goalPoint.x - layout.originX) / layout.spacing
  const gy = (goalPoint.y - layout.originY) / layout.spacing
  gen[start] = G
  g[start] = 0
  parent[start] = -1
  let head = 0
  let tail = 0
  if (useAstar) heap.push(0, start)
  else queue[tail++] = start
  let best = start
  let bestD2 = Infinity
  let expanded = 0
  for (;;) {
    let cur: number
    if (useAstar) {
      if (heap.size === 0) break
      cur = heap.pop()
      if (closed[cur] === G) continue
    } else {
      if (head === tail) break
      cur = queue[head++]
    }
    closed[cur] = G
    marks[cur] = 1
    expanded++
    if (cur === goal) return { end: cur, reached: true, expanded }
    const cj = (cur / cols) | 0
    const ci = cur - cj * cols
    const d2 = (ci - gx) * (ci - gx) + (cj - gy) * (cj - gy)
    if (d2 < bestD2) {
      bestD2 = d2
      best = cur
    }
    const ng = g[cur] + 1
    const m = masks[cur]
    for (let d = 0; d < 8; d++) {
      if ((m & (1 << d)) === 0) continue
      const n = cur + off[d]
      if (gen[n] === G) {
        // BFS reaches every cell first by a shortest route; A* may improve an open cell.
        if (!useAstar || closed[n] === G || ng >= g[n]) continue
      }
      gen[n] = G
      g[n] = ng
      parent[n] = cur
      if (useAstar) heap.push(ng + Math.abs(ci + DI[d] - gx) + Math.abs(cj + DJ[d] - gy), n)
      else queue[tail++] = n
    }
  }
  return { end: best, reached: false, expanded }
}

export const downscaledGrid: Pathfinder<DownscaledPrepared, 'downscaled-grid'> = {
  id: 'downscaled-grid',
  label: 'Downscaled grid (Tick’s Tales)',
  origin: '"Tick’s Tales" adventure game (Clojure)',
  summary:
    'Scales the walk mask down to half size (a 2x2 block is walkable only if all its pixels are), searches the ' +
    '8-connected coarse grid breadth-first (or with A*, step-count cost and Manhattan heuristic), and smooths the ' +
    'path by skipping points while the next-but-one is in straight line of sight.',
  options: [
    {
      key: 'search',
      label: 'Search',
      type: 'choice',
      faithful: 'bfs',
      choices: ['bfs', 'astar'],
      help: 'bfs: breadth-first, fewest steps. astar: step-count cost with the Manhattan heuristic (fewer cells visited, paths may take more steps).',
    },
    {
      key: 'smoothing',
      label: 'Smoothing',
      type: 'boolean',
      faithful: true,
      help: 'Skip path points while the next-but-one point is in clear line of sight. Off: the raw coarse path (collinear points dropped).',
    },
    {
      key: 'cornerCutting',
      label: 'Cut corners',
      type: 'boolean',
      faithful: true,
      help: 'Allow a diagonal step between two blocked coarse cells (it touches only their common corner). Off: both must be walkable.',
    },
  ],
  prepare(world: NavWorld, options: OptionValues): DownscaledPrepared {
    const grid = world.grid()
    const layout = world.cached('grid:downscaled-2', () => downscaleMask(grid))
    const buffers = world.cached('grid:downscaled-2:buffers', () => new CoarseBuffers(layout.walk.length))
    const cornerCutting = options.cornerCutting !== false
    const masks = world.cached(`grid:downscaled-2:steps:${cornerCutting}`, () =>
      neighbourMasks(layout, cornerCutting),
    )
    return {
      grid,
      layout,
      buffers,
      search: options.search === 'astar' ? 'astar' : 'bfs',
      smoothing: options.smoothing !== false,
      masks,
      get bytes() {
        return layout.walk.byteLength + masks.byteLength + buffers.bytes
      },
    }
  },
  findPath(prep: DownscaledPrepared, from: Point, to: Point): GridAnswer {
    const q = snapQuery(prep.grid, from, to)
    if (typeof q === 'string') return noPathAnswer(from, to, q)
    const run = (s: number, t: number) => search(prep, s, t, q.goal.point)
    const smooth = prep.smoothing ? (points: Point[]) => smoothGreedy(prep.grid, points) : undefined
    return coarseAnswer(
      prep.grid,
      prep.layout,
      prep.buffers,
      q.start.point,
      q.goal.point,
      q.notes,
      'coarse',
      run,
      smooth,
      () => ({
        kind: 'cells',
        label: 'visited coarse cells',
        cols: prep.layout.cols,
        rows: prep.layout.rows,
        cellSize: 2,
        originX: 0,
        originY: 0,
        values: prep.buffers.marks,
        mode: 'mark',
      }),
    )
  },
}
