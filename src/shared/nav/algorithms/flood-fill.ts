/**
 * flood-fill: the pathfinder of "It's Flot" (a C-like engine), on the full-resolution
 * walk grid with the room's areas already applied (world.grid()).
 *
 * Glossary
 * - distance buffer: one Int32 per pixel; -1 = blocked, UNSET (-2) = walkable but not yet
 *   reached, else the number of 4-connected steps to the destination (a Manhattan
 *   flood). The buffer is padded with a blocked border so the flood needs no bounds
 *   checks: padded index p = (row + 1) * (width + 2) + (col + 1).
 * - flood: breadth-first from the destination, 4-connected, stopping as soon as the
 *   start pixel gets its distance (every pixel closer to the destination has its
 *   distance by then).
 * - trace: from the start, step to the neighbour (8 of them, diagonals included) with
 *   the smallest distance until the destination (distance 0).
 * - collinear simplification: drop trace points that continue the same direction.
 * - beeline: a straight Bresenham line between two pixels, walkable when every pixel
 *   it visits is.
 * - beautification: forward, from each kept point, skip the next point while a beeline
 *   reaches the one after it; then the same backward from the end.
 * - expanded: pixels the flood reached (all floods of the query); a beeline that
 *   succeeds first costs no flood and reports 0.
 * - heat layer: the debug layer is the distance buffer itself, not a copy (copying 4 bytes
 *   per pixel would cost about as much as the flood). It stays as the query left it until
 *   the next query on the same prepared data; post or copy it before running another.
 *
 * Unreachable goal: the engine's flood would run out without meeting the start. Here
 * the start's region is flooded instead to find the pixel closest to the goal
 * (Euclidean), and the path is planned to that pixel (reached = false).
 *
 * Units: room px; path points are pixel centres (c + 0.5, r + 0.5).
 */
import type { Point } from '../../geometry/types'
import type { DebugLayer, NavWorld, OptionValues, Pathfinder, Prepared, WalkGrid } from '../types'
import { makeAnswer, noPathAnswer, unreachableNote, type GridAnswer } from '../grid/answer'
import { bresenhamClear } from '../grid/line-of-sight'
import { simplifyCollinear } from '../grid/tidy'
import { snapQuery } from '../grid/snap'

/** Walkable but not reached yet; negative, so a heat layer draws it like a blocked pixel. */
const UNSET = -2

export interface FloodFillPrepared extends Prepared {
  grid: WalkGrid
  /** Padded width. */
  pw: number
  dist: Int32Array
  queue: Int32Array
  /** How many pixels the last query's floods left set (reset at the next query). */
  dirty: number
  beelineFirst: boolean
  beautify: boolean
}

/** Reset the pixels the previous floods set (they are still listed in the queue). */
function resetDist(prep: FloodFillPrepared): void {
  const { dist, queue } = prep
  for (let k = 0; k < prep.dirty; k++) dist[queue[k]] = UNSET
  prep.dirty = 0
}

/**
 * Breadth-first flood from padded pixel `from`; stops once `stopAt` is reached (-1 = flood the whole region).
 * Returns the number of pixels reached; they are queue[0..count).
 */
function flood(prep: FloodFillPrepared, from: number, stopAt: number): number {
  resetDist(prep)
  const { dist, queue, pw } = prep
  const unset = UNSET
  let head = 0
  let tail = 0
  dist[from] = 0
  queue[tail++] = from
  const whole = stopAt < 0
  // The start is checked once per pixel taken from the queue: it is set by the time its neighbour is done.
  while (head < tail && (whole || dist[stopAt] === unset)) {
    const cur = queue[head++]
    const nd = dist[cur] + 1
    let n = cur + 1
    if (dist[n] === unset) {
      dist[n] = nd
      queue[tail++] = n
    }
    n = cur - 1
    if (dist[n] === unset) {
      dist[n] = nd
      queue[tail++] = n
    }
    n = cur + pw
    if (dist[n] === unset) {
      dist[n] = nd
      queue[tail++] = n
    }
    n = cur - pw
    if (dist[n] === unset) {
      dist[n] = nd
      queue[tail++] = n
    }
  }
  prep.dirty = tail
  return tail
}

/** Downhill trace from `start` to distance 0, 8 neighbours, diagonals included. Padded indices. */
function trace(prep: FloodFillPrepared, start: number): number[] {
  const { dist, pw } = prep
  const steps = [1, -1, pw, -pw, pw + 1, pw - 1, -pw + 1, -pw - 1]
  const out = [start]
  let cur = start
  while (dist[cur] > 0) {
    let best = cur
    let bestD = dist[cur]
    for (const s of steps) {
      const d = dist[cur + s]
      if (d >= 0 && d < bestD) {
        bestD = d
        best = cur + s
      }
    }
    if (best === cur) break // cannot happen after a flood that reached the start
    cur = best
    out.push(cur)
  }
  return out
}

/** One beautification pass: from each kept point, skip the next while a beeline reaches the one after. */
function beautifyPass(points: Point[], clear: (a: Point, b: Point) => boolean): Point[] {
  if (points.length <= 2) return points
  const out = [points[0]]
  let anchor = points[0]
  for (let k = 1; k < points.length - 1; k++) {
    if (clear(anchor, points[k + 1])) continue
    out.push(points[k])
    anchor = points[k]
  }
  out.push(points[points.length - 1])
  return out
}

export const floodFill: Pathfinder<FloodFillPrepared> = {
  id: 'flood-fill',
  label: 'Flood fill (It’s Flot)',
  origin: '"It’s Flot" adventure engine (C-like)',
  summary:
    'Tries a straight Bresenham beeline first. Otherwise fills an Int32 distance buffer with a 4-connected flood from ' +
    'the destination until it reaches the start, walks downhill from the start (diagonals allowed), drops collinear ' +
    'points, and beautifies the result by replacing runs of points with beelines, first forward and then backward.',
  options: [
    {
      key: 'beelineFirst',
      label: 'Beeline first',
      type: 'boolean',
      faithful: true,
      help: 'Walk straight when the Bresenham line between start and goal is walkable, without flooding.',
    },
    {
      key: 'beautify',
      label: 'Beautify',
      type: 'boolean',
      faithful: true,
      help: 'Replace runs of traced points with Bresenham beelines, forward then backward. Off: the simplified trace.',
    },
  ],
  prepare(world: NavWorld, options: OptionValues): FloodFillPrepared {
    const grid = world.grid()
    const { width, height, cells } = grid
    const pw = width + 2
    const dist = new Int32Array(pw * (height + 2)).fill(-1)
    for (let r = 0; r < height; r++) {
      const o = r * width
      const p = (r + 1) * pw + 1
      for (let c = 0; c < width; c++) if (cells[o + c] !== 0) dist[p + c] = UNSET
    }
    const queue = new Int32Array(Math.max(1, width * height))
    return {
      grid,
      pw,
      dist,
      queue,
      dirty: 0,
      beelineFirst: options.beelineFirst !== false,
      beautify: options.beautify !== false,
      bytes: dist.byteLength + queue.byteLength,
    }
  },
  findPath(prep: FloodFillPrepared, from: Point, to: Point): GridAnswer {
    const q = snapQuery(prep.grid, from, to)
    if (typeof q === 'string') return noPathAnswer(from, to, q)
    const { grid, pw } = prep
    const { width, height, cells } = grid
    const notes = [...q.notes]
    const sc = q.start.index % width
    const sr = (q.start.index - sc) / width
    const gc = q.goal.index % width
    const gr = (q.goal.index - gc) / width
    const clear = (a: Point, b: Point) =>
      bresenhamClear(cells, width, height, Math.floor(a.x), Math.floor(a.y), Math.floor(b.x), Math.floor(b.y))
    if (prep.beelineFirst && bresenhamClear(cells, width, height, sc, sr, gc, gr)) {
      const points = q.start.index === q.goal.index ? [q.start.point] : [q.start.point, q.goal.point]
      return makeAnswer(points, true, q.start.point, q.goal.point, notes, 0, [])
    }
    const start = (sr + 1) * pw + sc + 1
    let dest = (gr + 1) * pw + gc + 1
    let expanded = flood(prep, dest, start)
    let reached = true
    if (prep.dist[start] === UNSET) {
      // The goal's region does not hold the start: flood the start's region for the pixel closest to the goal.
      reached = false
      expanded += flood(prep, start, -1)
      let bestD2 = Infinity
      for (let k = 0; k < prep.dirty; k++) {
        const p = prep.queue[k]
        const x = p % pw
        const y = (p - x) / pw
        const d2 = (x - gc - 1) * (x - gc - 1) + (y - gr - 1) * (y - gr - 1)
        if (d2 < bestD2) {
          bestD2 = d2
          dest = p
        }
      }
      expanded += flood(prep, dest, start)
    }
    const traced = trace(prep, start).map((p) => {
      const x = p % pw
      return { x: x - 0.5, y: (p - x) / pw - 0.5 }
    })
    let points = simplifyCollinear(traced)
    if (prep.beautify) {
      points = beautifyPass(points, clear)
      points = beautifyPass(points.slice().reverse(), clear).reverse()
    }
    if (!reached) notes.push(unreachableNote(points[points.length - 1]))
    const debug: DebugLayer[] = [
      {
        kind: 'cells',
        label: 'flood distance (steps)',
        cols: pw,
        rows: height + 2,
        cellSize: 1,
        originX: -1,
        originY: -1,
        values: prep.dist,
        mode: 'heat',
      },
    ]
    return makeAnswer(points, reached, q.start.point, q.goal.point, notes, expanded, debug)
  },
}
