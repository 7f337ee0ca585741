/**
 * octile-astar: plain A* on the full-resolution walk grid, the grid optimum under the
 * Moving AI convention.
 *
 * Glossary
 * - cell: one pixel of the walk grid (world.grid(); cell != 0 walkable).
 * - 8-connected, no corner cutting: a cell steps to its 8 neighbours; a diagonal
 *   step needs both cardinal cells beside it walkable.
 * - octile distance: the heuristic, exact on an empty grid, so A* is optimal.
 * - expanded: cells popped from the open list (stale duplicates not counted).
 * - open list: a bucket queue (Dial's buckets, one per integer f; ties pop last in,
 *   first out) or a binary heap (ties pop larger g first). Both pop the smallest f
 *   first, so both give optimal lengths; plain A* leaves the tie order open.
 *
 * Units: room px (a cell centre (c + 0.5, r + 0.5)); costs inside the search are
 * scaled integers (see grid/octile-grid.ts).
 */
import type { Point } from '../../geometry/types'
import type { DebugLayer, NavWorld, OptionValues, Pathfinder, Prepared, WalkGrid } from '../types'
import { makeAnswer, noPathAnswer, unreachableNote, type GridAnswer } from '../grid/answer'
import {
  CARD,
  CLOSED,
  DIAG,
  DIAG_A,
  DIAG_B,
  DIR_DX,
  DIR_DY,
  DIR_MASK,
  HAS_PARENT,
  OctileGrid,
  WALK,
  octileCost,
} from '../grid/octile-grid'
import { simplifyCollinear } from '../grid/tidy'
import { snapQuery } from '../grid/snap'

export interface OctileAstarPrepared extends Prepared {
  grid: WalkGrid
  search: OctileGrid
  useHeap: boolean
}

/** Result of one run of the search, in padded cell indices. */
export interface OctileRun {
  end: number
  reached: boolean
  expanded: number
}

/** A* from `start` to `goal` (padded indices). Leaves parents in the flags for `tracePadded`. */
export function octileAstarRun(s: OctileGrid, start: number, goal: number, useHeap: boolean): OctileRun {
  // Imported constants copied to locals: module bindings can be getters under some loaders.
  const WALK_ = WALK
  const CLOSED_ = CLOSED
  const CARD_ = CARD
  const DIAG_ = DIAG
  const PARENT_D = WALK | HAS_PARENT
  const dirA = DIAG_A
  const dirB = DIAG_B
  const ddx = DIR_DX
  const ddy = DIR_DY
  const G = s.begin()
  const flags = s.flags
  const g = s.g
  const gen = s.gen
  const heap = s.heap
  const buckets = s.buckets
  const dirOff = s.dirOff
  const pw = s.pw
  const gx = goal % pw
  const gy = (goal - gx) / pw
  // Heap: larger g pops first among equal f (subtracting g * 2^-33 stays inside one integer step of f).
  const tb = 1 / 8589934592
  gen[start] = G
  g[start] = 0
  flags[start] = WALK
  const f0 = octileCost((start % pw) - gx, Math.floor(start / pw) - gy)
  buckets.reset(f0)
  if (useHeap) heap.push(f0, start)
  else buckets.push(f0, start)
  let best = start
  let bestD2 = Infinity
  let expanded = 0
  for (;;) {
    let cur: number
    if (useHeap) {
      if (heap.size === 0) break
      cur = heap.pop()
    } else {
      if (buckets.size === 0) break
      cur = buckets.pop()
    }
    const fc = flags[cur]
    if ((fc & CLOSED_) !== 0) continue
    flags[cur] = fc | CLOSED_
    expanded++
    if (cur === goal) return { end: cur, reached: true, expanded }
    const cx = cur % pw
    const cy = (cur - cx) / pw
    const ex = cx - gx
    const ey = cy - gy
    const d2 = ex * ex + ey * ey
    if (d2 < bestD2) {
      bestD2 = d2
      best = cur
    }
    const gc = g[cur]
    for (let d = 0; d < 8; d++) {
      const n = cur + dirOff[d]
      if ((flags[n] & WALK_) === 0) continue
      let ng: number
      if (d < 4) ng = gc + CARD_
      else {
        if ((flags[cur + dirOff[dirA[d]]] & flags[cur + dirOff[dirB[d]]] & WALK_) === 0) continue
        ng = gc + DIAG_
      }
      if (gen[n] !== G) gen[n] = G
      else if (ng >= g[n]) continue
      g[n] = ng
      flags[n] = PARENT_D | d
      let dx = ex + ddx[d]
      let dy = ey + ddy[d]
      if (dx < 0) dx = -dx
      if (dy < 0) dy = -dy
      const h = dx > dy ? CARD_ * (dx - dy) + DIAG_ * dy : CARD_ * (dy - dx) + DIAG_ * dx
      if (useHeap) heap.push(ng + h - ng * tb, n)
      else buckets.push(ng + h, n)
    }
  }
  return { end: best, reached: false, expanded }
}

/** Follow parent directions from `end` back to the start; padded indices, start first. */
export function tracePadded(s: OctileGrid, end: number): number[] {
  const cells: number[] = [end]
  let p = end
  while ((s.flags[p] & HAS_PARENT) !== 0) {
    p -= s.dirOff[s.flags[p] & DIR_MASK]
    cells.push(p)
  }
  return cells.reverse()
}

/** Centres (room px) of padded cells, with collinear points dropped. */
export function paddedToPoints(s: OctileGrid, cells: number[]): Point[] {
  const pw = s.pw
  return simplifyCollinear(
    cells.map((p) => {
      const x = p % pw
      return { x: x - 0.5, y: (p - x) / pw - 0.5 }
    }),
  )
}

/** The closed cells of the last search as a mark layer (full grid). */
export function closedCellsLayer(s: OctileGrid, label: string): DebugLayer {
  const { width, height, pw, gen, flags, generation } = s
  const values = new Uint8Array(width * height)
  for (let r = 0; r < height; r++) {
    let p = (r + 1) * pw + 1
    const o = r * width
    for (let c = 0; c < width; c++, p++)
      if (gen[p] === generation && (flags[p] & CLOSED) !== 0) values[o + c] = 1
  }
  return {
    kind: 'cells',
    label,
    cols: width,
    rows: height,
    cellSize: 1,
    originX: 0,
    originY: 0,
    values,
    mode: 'mark',
  }
}

export const octileAstar: Pathfinder<OctileAstarPrepared> = {
  id: 'octile-astar',
  label: 'Octile A*',
  origin: 'Moving AI grid benchmark convention (Sturtevant 2012); textbook A* (Hart, Nilsson, Raphael 1968)',
  summary:
    'Plain A* over every walkable pixel: 8 neighbours, cardinal steps cost 1 and diagonal steps √2, a diagonal only when ' +
    'both cells beside it are walkable (no corner cutting), octile distance as the heuristic. The path is the shortest ' +
    'one on the pixel grid, the optimum every grid method is measured against.',
  options: [
    {
      key: 'openList',
      label: 'Open list',
      type: 'choice',
      faithful: 'bucket-queue',
      choices: ['bucket-queue', 'binary-heap'],
      help:
        'Bucket queue: one bucket per integer f, O(1) push and pop, ties last in first out. Binary heap: O(log n), ties ' +
        'larger g first. Same optimal lengths; the expansions differ only among equal f.',
    },
  ],
  prepare(world: NavWorld, options: OptionValues): OctileAstarPrepared {
    const grid = world.grid()
    const search = world.cached('grid:octile-buffers:astar', () => new OctileGrid(grid))
    return {
      grid,
      search,
      useHeap: options.openList === 'binary-heap',
      get bytes() {
        return search.bytes
      },
    }
  },
  findPath(prep: OctileAstarPrepared, from: Point, to: Point): GridAnswer {
    const q = snapQuery(prep.grid, from, to)
    if (typeof q === 'string') return noPathAnswer(from, to, q)
    const s = prep.search
    const start = s.toPadded(q.start.index)
    const goal = s.toPadded(q.goal.index)
    const run = octileAstarRun(s, start, goal, prep.useHeap)
    const points = paddedToPoints(s, tracePadded(s, run.end))
    const notes = [...q.notes]
    if (!run.reached) notes.push(unreachableNote(points[points.length - 1]))
    const debug = [closedCellsLayer(s, 'expanded cells')]
    return makeAnswer(points, run.reached, q.start.point, q.goal.point, notes, run.expanded, debug)
  },
}
