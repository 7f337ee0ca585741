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
import { CARD, CLOSED, DIAG, DIR_MASK, HAS_PARENT, OctileGrid, WALK, octileCost } from '../grid/octile-grid'
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
export function octileAstarRun(
  s: OctileGrid,
  start: number,
  goal: number,
  useHeap: boolean,
  marks?: Uint8Array,
): OctileRun {
  // Imported constants copied to locals: module bindings can be getters under some loaders.
  const WALK_ = WALK
  const CLOSED_ = CLOSED
  const CARD_ = CARD
  const DIAG_ = DIAG
  const PARENT_D = WALK | HAS_PARENT
  const G = s.begin()
  const flags = s.flags
  const g = s.g
  const gen = s.gen
  const heap = s.heap
  const buckets = s.buckets
  const pw = s.pw
  const width = s.width
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
    let n: number
    if ((fc & CLOSED_) !== 0) continue
    flags[cur] = fc | CLOSED_
    expanded++
    const cx = cur % pw
    const cy = (cur - cx) / pw
    if (marks) marks[(cy - 1) * width + cx - 1] = 1
    if (cur === goal) return { end: cur, reached: true, expanded }
    const ex = cx - gx
    const ey = cy - gy
    const d2 = ex * ex + ey * ey
    if (d2 < bestD2) {
      bestD2 = d2
      best = cur
    }
    const gc = g[cur]
    // Walkability of the four cardinal neighbours; a diagonal needs both of its cardinals.
    const wE = flags[cur + 1] & WALK_
    const wS = flags[cur + pw] & WALK_
    const wW = flags[cur - 1] & WALK_
    const wN = flags[cur - pw] & WALK_
    n = cur + 1
    if (wE !== 0) {
      const ng = gc + CARD_
      if (gen[n] !== G || ng < g[n]) {
        gen[n] = G
        g[n] = ng
        flags[n] = PARENT_D | 0
        let hx = ex + 1
        let hy = ey
        if (hx < 0) hx = -hx
        if (hy < 0) hy = -hy
        const f = ng + (hx > hy ? CARD_ * (hx - hy) + DIAG_ * hy : CARD_ * (hy - hx) + DIAG_ * hx)
        if (useHeap) heap.push(f - ng * tb, n)
        else buckets.push(f, n)
      }
    }
    n = cur + pw
    if (wS !== 0) {
      const ng = gc + CARD_
      if (gen[n] !== G || ng < g[n]) {
        gen[n] = G
        g[n] = ng
        flags[n] = PARENT_D | 1
        let hx = ex
        let hy = ey + 1
        if (hx < 0) hx = -hx
        if (hy < 0) hy = -hy
        const f = ng + (hx > hy ? CARD_ * (hx - hy) + DIAG_ * hy : CARD_ * (hy - hx) + DIAG_ * hx)
        if (useHeap) heap.push(f - ng * tb, n)
        else buckets.push(f, n)
      }
    }
    n = cur - 1
    if (wW !== 0) {
      const ng = gc + CARD_
      if (gen[n] !== G || ng < g[n]) {
        gen[n] = G
        g[n] = ng
        flags[n] = PARENT_D | 2
        let hx = ex - 1
        let hy = ey
        if (hx < 0) hx = -hx
        if (hy < 0) hy = -hy
        const f = ng + (hx > hy ? CARD_ * (hx - hy) + DIAG_ * hy : CARD_ * (hy - hx) + DIAG_ * hx)
        if (useHeap) heap.push(f - ng * tb, n)
        else buckets.push(f, n)
      }
    }
    n = cur - pw
    if (wN !== 0) {
      const ng = gc + CARD_
      if (gen[n] !== G || ng < g[n]) {
        gen[n] = G
        g[n] = ng
        flags[n] = PARENT_D | 3
        let hx = ex
        let hy = ey - 1
        if (hx < 0) hx = -hx
        if (hy < 0) hy = -hy
        const f = ng + (hx > hy ? CARD_ * (hx - hy) + DIAG_ * hy : CARD_ * (hy - hx) + DIAG_ * hx)
        if (useHeap) heap.push(f - ng * tb, n)
        else buckets.push(f, n)
      }
    }
    n = cur + pw + 1
    if ((wE & wS) !== 0 && (flags[n] & WALK_) !== 0) {
      const ng = gc + DIAG_
      if (gen[n] !== G || ng < g[n]) {
        gen[n] = G
        g[n] = ng
        flags[n] = PARENT_D | 4
        let hx = ex + 1
        let hy = ey + 1
        if (hx < 0) hx = -hx
        if (hy < 0) hy = -hy
        const f = ng + (hx > hy ? CARD_ * (hx - hy) + DIAG_ * hy : CARD_ * (hy - hx) + DIAG_ * hx)
        if (useHeap) heap.push(f - ng * tb, n)
        else buckets.push(f, n)
      }
    }
    n = cur + pw - 1
    if ((wW & wS) !== 0 && (flags[n] & WALK_) !== 0) {
      const ng = gc + DIAG_
      if (gen[n] !== G || ng < g[n]) {
        gen[n] = G
        g[n] = ng
        flags[n] = PARENT_D | 5
        let hx = ex - 1
        let hy = ey + 1
        if (hx < 0) hx = -hx
        if (hy < 0) hy = -hy
        const f = ng + (hx > hy ? CARD_ * (hx - hy) + DIAG_ * hy : CARD_ * (hy - hx) + DIAG_ * hx)
        if (useHeap) heap.push(f - ng * tb, n)
        else buckets.push(f, n)
      }
    }
    n = cur - pw - 1
    if ((wW & wN) !== 0 && (flags[n] & WALK_) !== 0) {
      const ng = gc + DIAG_
      if (gen[n] !== G || ng < g[n]) {
        gen[n] = G
        g[n] = ng
        flags[n] = PARENT_D | 6
        let hx = ex - 1
        let hy = ey - 1
        if (hx < 0) hx = -hx
        if (hy < 0) hy = -hy
        const f = ng + (hx > hy ? CARD_ * (hx - hy) + DIAG_ * hy : CARD_ * (hy - hx) + DIAG_ * hx)
        if (useHeap) heap.push(f - ng * tb, n)
        else buckets.push(f, n)
      }
    }
    n = cur - pw + 1
    if ((wE & wN) !== 0 && (flags[n] & WALK_) !== 0) {
      const ng = gc + DIAG_
      if (gen[n] !== G || ng < g[n]) {
        gen[n] = G
        g[n] = ng
        flags[n] = PARENT_D | 7
        let hx = ex + 1
        let hy = ey - 1
        if (hx < 0) hx = -hx
        if (hy < 0) hy = -hy
        const f = ng + (hx > hy ? CARD_ * (hx - hy) + DIAG_ * hy : CARD_ * (hy - hx) + DIAG_ * hx)
        if (useHeap) heap.push(f - ng * tb, n)
        else buckets.push(f, n)
      }
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

export const octileAstar: Pathfinder<OctileAstarPrepared, 'octile-astar'> = {
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
    const search = world.cached('grid:octile-buffers', () => new OctileGrid(grid))
    const useHeap = options.openList === 'binary-heap'
    // Made now so that `bytes` counts it from the start (its entry pool still grows with use).
    if (!useHeap) void search.buckets
    search.freshMarks()
    return {
      grid,
      search,
      useHeap,
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
    // Expanded cells are marked during the search (cheaper than a pass over the grid afterwards), in a
    // reused buffer: a fresh 2 MB array per query makes the garbage collector run far more often.
    // The debug layer is therefore valid until the next query on this prepared data.
    const marks = s.freshMarks()
    const run = octileAstarRun(s, start, goal, prep.useHeap, marks)
    const points = paddedToPoints(s, tracePadded(s, run.end))
    const notes = [...q.notes]
    if (!run.reached) notes.push(unreachableNote(points[points.length - 1]))
    const debug: DebugLayer[] = [
      {
        kind: 'cells',
        label: 'expanded cells',
        cols: s.width,
        rows: s.height,
        cellSize: 1,
        originX: 0,
        originY: 0,
        values: marks,
        mode: 'mark',
      },
    ]
    return makeAnswer(points, run.reached, q.start.point, q.goal.point, notes, run.expanded, debug)
  },
}
