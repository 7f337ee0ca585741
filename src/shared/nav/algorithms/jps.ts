/**
 * jps: jump point search (Harabor & Grastien 2011) in the no-corner-cutting form of
 * their later work (2012, 2014), the pathfinder of Adventure Game Studio since 3.5.
 *
 * Glossary
 * - movement model: as octile-astar. 8-connected, cardinal cost 1, diagonal √2, a
 *   diagonal step only when both cardinal cells beside it are walkable.
 * - jump: from a node, scan in one direction until a jump point, a wall or the grid
 *   edge. Cells scanned over are not put on the open list. Straight scans test 32 cells
 *   at a time on bit-packed rows and columns (grid/line-bits.ts), as in Harabor &
 *   Grastien's block-based jumping (2014); the points found are the same.
 * - forced neighbour: moving straight (say east) into cell c, the cell beside c
 *   (north or south) is forced when it is walkable and the cell behind it (north-west
 *   or south-west) is blocked: the only optimal way around that corner goes through c.
 * - jump point: the goal; a cell with a forced neighbour; or, on a diagonal scan, a
 *   cell from which a straight scan along either component direction finds one.
 * - pruned successors: from a node entered straight: ahead, plus each forced
 *   neighbour and the diagonal between ahead and it; from a node entered diagonally:
 *   its two components and the diagonal; from the start: all eight.
 * - expanded: jump points popped from the open list.
 * - parent recovery: each node keeps only the direction it was entered by (3 bits), so
 *   the search needs no parent array; the path walks back along that direction to the
 *   first closed node whose g plus the run between them equals the node's g exactly
 *   (integer costs): the parent, or a node with an equally short path.
 * - unreachable goal: when the open list runs dry, a breadth-first flood of the start's
 *   region finds the cell closest to the goal and the search runs again to that cell;
 *   both count in `expanded`.
 *
 * Units: room px (cell centres); integer scaled costs inside (see grid/octile-grid.ts).
 */
import type { Point } from '../../geometry/types'
import type { DebugLayer, NavWorld, OptionValues, Pathfinder, Prepared, WalkGrid } from '../types'
import { makeAnswer, noPathAnswer, unreachableNote, type GridAnswer } from '../grid/answer'
import {
  CARD,
  CLOSED,
  DIAG,
  DIR_DX,
  DIR_DY,
  DIR_MASK,
  HAS_PARENT,
  OctileGrid,
  WALK,
  octileCost,
} from '../grid/octile-grid'
import { LineBits } from '../grid/line-bits'
import { simplifyCollinear } from '../grid/tidy'
import { snapQuery } from '../grid/snap'

export interface JpsPrepared extends Prepared {
  grid: WalkGrid
  search: OctileGrid
  lines: JumpLines
}

/** Row bits and transposed column bits of the padded grid, for 32-cells-at-a-time scans. */
export interface JumpLines {
  rows: LineBits
  cols: LineBits
}

export function makeJumpLines(s: OctileGrid): JumpLines {
  const { flags, pw } = s
  const ph = s.height + 2
  const rows = new LineBits(flags, pw, ph, WALK, false)
  const cols = new LineBits(flags, pw, ph, WALK, true)
  return { rows, cols }
}

/** Horizontal scan along row y from column x by dx (±1); padded index of a jump point or -1. */
function jumpH(
  lines: JumpLines,
  pw: number,
  x: number,
  y: number,
  dx: number,
  gx: number,
  gy: number,
): number {
  const pos = lines.rows.scan(y, x, dx, gy === y ? gx : -1)
  return pos < 0 ? -1 : y * pw + pos
}

/** Vertical scan along column x from row y by dy (±1); padded index of a jump point or -1. */
function jumpV(
  lines: JumpLines,
  pw: number,
  x: number,
  y: number,
  dy: number,
  gx: number,
  gy: number,
): number {
  const pos = lines.cols.scan(x, y, dy, gx === x ? gy : -1)
  return pos < 0 ? -1 : pos * pw + x
}

/** Diagonal scan from (x, y) by (dx, dy); padded index of a jump point or -1. */
function jumpD(
  flags: Uint8Array,
  lines: JumpLines,
  pw: number,
  x: number,
  y: number,
  dx: number,
  dy: number,
  gx: number,
  gy: number,
): number {
  const sy = dy * pw
  let n = y * pw + x
  for (;;) {
    // No corner cutting: both cardinal cells beside the step must be walkable.
    if ((flags[n + dx] & flags[n + sy] & 0x80) === 0) return -1
    n += dx + sy
    x += dx
    y += dy
    if ((flags[n] & 0x80) === 0) return -1
    if (x === gx && y === gy) return n
    if (
      lines.rows.scan(y, x, dx, gy === y ? gx : -1) >= 0 ||
      lines.cols.scan(x, y, dy, gx === x ? gy : -1) >= 0
    )
      return n
  }
}

/** Direction index (0..7, see DIR_DX/DIR_DY) of a unit step (dx, dy). */
const DIR_OF = Int8Array.of(6, 3, 7, 2, -1, 0, 5, 1, 4) // index (dy + 1) * 3 + (dx + 1)

export interface JpsRun {
  end: number
  reached: boolean
  expanded: number
  /** Padded indices of the popped jump points. */
  jumpPoints: number[]
}

/** Jump point search from `start` to `goal` (padded indices); parents in the flags as for octile-astar. */
export function jpsRun(
  s: OctileGrid,
  lines: JumpLines,
  start: number,
  goal: number,
  collect: boolean,
): JpsRun {
  const WALK_ = WALK
  const CLOSED_ = CLOSED
  const CARD_ = CARD
  const DIAG_ = DIAG
  const PARENT = WALK | HAS_PARENT
  const DIRMASK = DIR_MASK
  const ddx = DIR_DX
  const ddy = DIR_DY
  const dirOf = DIR_OF
  const G = s.begin()
  const flags = s.flags
  const g = s.g
  const gen = s.gen
  const heap = s.heap
  const pw = s.pw
  const gx = goal % pw
  const gy = (goal - gx) / pw
  const tb = 1 / 8589934592
  const jumpPoints: number[] = []
  // Successor directions of the current node, as (dx, dy) pairs.
  const succ = new Int8Array(16)
  gen[start] = G
  g[start] = 0
  flags[start] = WALK_
  heap.push(octileCost((start % pw) - gx, Math.floor(start / pw) - gy), start)
  let expanded = 0
  while (heap.size > 0) {
    const cur = heap.pop()
    const fc = flags[cur]
    if ((fc & CLOSED_) !== 0) continue
    flags[cur] = fc | CLOSED_
    expanded++
    if (collect) jumpPoints.push(cur)
    if (cur === goal) return { end: cur, reached: true, expanded, jumpPoints }
    const cx = cur % pw
    const cy = (cur - cx) / pw
    const gc = g[cur]
    let ns = 0
    if ((fc & HAS_PARENT) === 0) {
      for (let d = 0; d < 8; d++) {
        succ[ns++] = ddx[d]
        succ[ns++] = ddy[d]
      }
    } else {
      const d = fc & DIRMASK
      const dx = ddx[d]
      const dy = ddy[d]
      if (dx !== 0 && dy !== 0) {
        succ[ns++] = dx
        succ[ns++] = 0
        succ[ns++] = 0
        succ[ns++] = dy
        succ[ns++] = dx
        succ[ns++] = dy
      } else {
        succ[ns++] = dx
        succ[ns++] = dy
        // Forced neighbours beside the cell, perpendicular to the motion.
        const px = dy
        const py = dx
        const step = dx + dy * pw
        const perp = px + py * pw
        const back = cur - step
        if ((flags[cur + perp] & WALK_) !== 0 && (flags[back + perp] & WALK_) === 0) {
          succ[ns++] = px
          succ[ns++] = py
          succ[ns++] = dx + px
          succ[ns++] = dy + py
        }
        if ((flags[cur - perp] & WALK_) !== 0 && (flags[back - perp] & WALK_) === 0) {
          succ[ns++] = -px
          succ[ns++] = -py
          succ[ns++] = dx - px
          succ[ns++] = dy - py
        }
      }
    }
    for (let k = 0; k < ns; k += 2) {
      const dx = succ[k]
      const dy = succ[k + 1]
      let jp: number
      if (dx !== 0 && dy !== 0) jp = jumpD(flags, lines, pw, cx, cy, dx, dy, gx, gy)
      else if (dx !== 0) jp = jumpH(lines, pw, cx, cy, dx, gx, gy)
      else jp = jumpV(lines, pw, cx, cy, dy, gx, gy)
      if (jp < 0) continue
      const jx = jp % pw
      const jy = (jp - jx) / pw
      let ax = jx - cx
      let ay = jy - cy
      if (ax < 0) ax = -ax
      if (ay < 0) ay = -ay
      const ng = gc + (ax > ay ? CARD_ * (ax - ay) + DIAG_ * ay : CARD_ * (ay - ax) + DIAG_ * ax)
      if (gen[jp] !== G) gen[jp] = G
      else if (ng >= g[jp]) continue
      g[jp] = ng
      flags[jp] = PARENT | dirOf[(dy + 1) * 3 + (dx + 1)]
      let hx = jx - gx
      let hy = jy - gy
      if (hx < 0) hx = -hx
      if (hy < 0) hy = -hy
      const h = hx > hy ? CARD_ * (hx - hy) + DIAG_ * hy : CARD_ * (hy - hx) + DIAG_ * hx
      heap.push(ng + h - ng * tb, jp)
    }
  }
  return { end: -1, reached: false, expanded, jumpPoints }
}

/**
 * Walk back from `end` to the start through the recorded directions; padded jump points, start first.
 * A closed cell met on the way is taken as the parent only when its g plus the run between them equals
 * the node's g exactly (integer costs), which the true parent satisfies; a cell closed with a worse g
 * (reached by another route) is walked past.
 */
export function traceJumpPoints(s: OctileGrid, end: number): number[] {
  const { flags, gen, g, dirOff, generation } = s
  const out: number[] = [end]
  let p = end
  while ((flags[p] & HAS_PARENT) !== 0) {
    const d = flags[p] & DIR_MASK
    const back = dirOff[d]
    const unit = d < 4 ? CARD : DIAG
    const gp = g[p]
    let q = p
    let steps = 0
    for (;;) {
      q -= back
      steps++
      if (gen[q] === generation && (flags[q] & CLOSED) !== 0 && g[q] + steps * unit === gp) break
      if ((flags[q] & WALK) === 0) return out.reverse() // cannot happen; guards against a broken trail
    }
    p = q
    out.push(p)
  }
  return out.reverse()
}

export const jps: Pathfinder<JpsPrepared, 'jps'> = {
  id: 'jps',
  label: 'Jump point search',
  origin: 'Harabor & Grastien (AAAI 2011, no corner cutting as in ICAPS 2014); Adventure Game Studio 3.5+',
  summary:
    'A* on the pixel grid that never puts the cells of a straight or diagonal run on the open list: from each node it ' +
    'jumps along the allowed directions until it meets a wall, the goal or a cell with a forced neighbour (a corner ' +
    'the optimal path must turn around). Same moves and costs as octile A* (no corner cutting), so the same optimal ' +
    'lengths, with far fewer nodes expanded.',
  options: [],
  prepare(world: NavWorld, _options: OptionValues): JpsPrepared {
    const grid = world.grid()
    const search = world.cached('grid:octile-buffers', () => new OctileGrid(grid))
    const lines = world.cached('grid:jump-lines', () => makeJumpLines(search))
    return {
      grid,
      search,
      lines,
      get bytes() {
        return search.bytes + lines.rows.bytes + lines.cols.bytes
      },
    }
  },
  findPath(prep: JpsPrepared, from: Point, to: Point): GridAnswer {
    const q = snapQuery(prep.grid, from, to)
    if (typeof q === 'string') return noPathAnswer(from, to, q)
    const s = prep.search
    const start = s.toPadded(q.start.index)
    let goal = s.toPadded(q.goal.index)
    let run = jpsRun(s, prep.lines, start, goal, true)
    let expanded = run.expanded
    const notes = [...q.notes]
    if (!run.reached) {
      // Unreachable: find the reachable cell closest to the goal, then jump there instead.
      const near = s.closestReachable(start, goal)
      expanded += near.visited
      goal = near.cell
      run = jpsRun(s, prep.lines, start, goal, true)
      expanded += run.expanded
    }
    const jumpPoints = traceJumpPoints(s, run.end)
    const points = simplifyCollinear(jumpPoints.map((p) => paddedCentre(s, p)))
    if (goal !== s.toPadded(q.goal.index)) notes.push(unreachableNote(points[points.length - 1]))
    const popped = new Float32Array(run.jumpPoints.length * 2)
    run.jumpPoints.forEach((p, k) => {
      const c = paddedCentre(s, p)
      popped[2 * k] = c.x
      popped[2 * k + 1] = c.y
    })
    const debug: DebugLayer[] = [{ kind: 'points', label: 'jump points', points: popped }]
    return makeAnswer(
      points,
      goal === s.toPadded(q.goal.index),
      q.start.point,
      q.goal.point,
      notes,
      expanded,
      debug,
    )
  },
}

function paddedCentre(s: OctileGrid, p: number): Point {
  const x = p % s.pw
  return { x: x - 0.5, y: (p - x) / s.pw - 0.5 }
}
