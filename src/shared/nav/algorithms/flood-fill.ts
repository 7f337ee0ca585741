/**
 * flood-fill: the pathfinder of "It's Flot" (a C-like engine), on the full-resolution
 * walk grid with the room's areas already applied (world.grid()).
 *
 * Glossary
 * - distance buffer: one Int32 per pixel; -1 = blocked, else the number of 4-connected
 *   steps to the destination (a Manhattan flood) plus the flood's base. The buffer is
 *   padded with a blocked border so the flood needs no bounds checks: padded index
 *   p = (row + 1) * (width + 2) + (col + 1).
 * - base: each flood stores its distances above every value an earlier flood left, so a
 *   pixel counts as not yet reached when its value is below the base, and the buffer is
 *   never cleared between queries (only renumbered when the values near 2^31).
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
 * - heat layer: the distances of the last flood (-1 blocked, -2 not reached), computed
 *   from the buffer when the layer's values are first read; read them before the next
 *   query on the same prepared data.
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

/** Largest stored value before the buffer is renumbered from scratch. */
const RENUMBER_AT = 0x7fffffff

export interface FloodFillPrepared extends Prepared {
  grid: WalkGrid
  /** Padded width. */
  pw: number
  /** Stored values: -1 blocked, else base + distance for pixels this flood reached (see `base`). */
  dist: Int32Array
  queue: Int32Array
  /** Offset of the current flood's distances: a stored value v >= base means distance v - base. */
  base: number
  /** Base for the next flood: one past the largest value stored so far. */
  nextBase: number
  /** Pixels reached by the last flood: queue[0..reached). */
  reached: number
  beelineFirst: boolean
  beautify: boolean
}

/** Start a flood: a new base past every stored value, renumbering the buffer when the values run out. */
function beginFlood(prep: FloodFillPrepared): number {
  const { dist } = prep
  if (prep.nextBase > RENUMBER_AT - dist.length) {
    for (let i = 0; i < dist.length; i++) if (dist[i] > 0) dist[i] = 0
    prep.nextBase = 1
  }
  prep.base = prep.nextBase
  return prep.base
}

/**
 * Breadth-first flood from padded pixel `from`; stops once `stopAt` is reached (-1 = flood the whole region).
 * Returns the number of pixels reached; they are queue[0..count).
 */
function flood(prep: FloodFillPrepared, from: number, stopAt: number): number {
  const base = beginFlood(prep)
  const { dist, queue, pw } = prep
  let head = 0
  let tail = 0
  dist[from] = base
  queue[tail++] = from
  const whole = stopAt < 0
  // A pixel is unset for this flood when 0 <= value < base (-1 = blocked). Two signed
  // comparisons keep V8 on small integers; the unsigned trick (v >>> 0 < base) measured
  // about 1.6x slower, because -1 >>> 0 is outside the small-integer range.
  // The start is checked once per pixel taken from the queue: it is set by the time its neighbour is done.
  while (head < tail && (whole || dist[stopAt] < base)) {
    const cur = queue[head++]
    const nd = dist[cur] + 1
    let n = cur + 1
    let v = dist[n]
    if (v >= 0 && v < base) {
      dist[n] = nd
      queue[tail++] = n
    }
    n = cur - 1
    v = dist[n]
    if (v >= 0 && v < base) {
      dist[n] = nd
      queue[tail++] = n
    }
    n = cur + pw
    v = dist[n]
    if (v >= 0 && v < base) {
      dist[n] = nd
      queue[tail++] = n
    }
    n = cur - pw
    v = dist[n]
    if (v >= 0 && v < base) {
      dist[n] = nd
      queue[tail++] = n
    }
  }
  // The last pixel queued holds the largest distance.
  prep.nextBase = dist[queue[tail - 1]] + 1
  prep.reached = tail
  return tail
}

/** Downhill trace from `start` to distance 0, 8 neighbours, diagonals included. Padded indices. */
function trace(prep: FloodFillPrepared, start: number): number[] {
  const { dist, pw, base } = prep
  const steps = [1, -1, pw, -pw, pw + 1, pw - 1, -pw + 1, -pw - 1]
  const out = [start]
  let cur = start
  while (dist[cur] > base) {
    let best = cur
    let bestD = dist[cur]
    for (const s of steps) {
      const d = dist[cur + s]
      if (d >= base && d < bestD) {
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

/**
 * The distance buffer of the last flood as a heat layer: -1 blocked, -2 walkable but not reached,
 * else the distance. Made on first read of `values` (a pass over the buffer that queries do not
 * pay for unless the layer is looked at); read it before the next query on the same prepared data.
 */
function heatLayer(prep: FloodFillPrepared): DebugLayer {
  const { dist, base, pw } = prep
  let values: Int32Array | undefined
  return {
    kind: 'cells',
    label: 'flood distance (steps)',
    cols: pw,
    rows: dist.length / pw,
    cellSize: 1,
    originX: -1,
    originY: -1,
    get values(): Int32Array {
      if (!values) {
        values = new Int32Array(dist.length)
        for (let i = 0; i < dist.length; i++) {
          const v = dist[i]
          values[i] = v < 0 ? -1 : v >= base ? v - base : -2
        }
      }
      return values
    },
    mode: 'heat',
  }
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
    let walkable = 0
    for (let r = 0; r < height; r++) {
      const o = r * width
      const p = (r + 1) * pw + 1
      for (let c = 0; c < width; c++) {
        if (cells[o + c] !== 0) {
          dist[p + c] = 0
          walkable++
        }
      }
    }
    // A flood queues each walkable pixel at most once.
    const queue = new Int32Array(Math.max(1, walkable))
    return {
      grid,
      pw,
      dist,
      queue,
      base: 1,
      nextBase: 1,
      reached: 0,
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
    if (prep.dist[start] < prep.base) {
      // The goal's region does not hold the start: flood the start's region for the pixel closest to the goal.
      reached = false
      expanded += flood(prep, start, -1)
      let bestD2 = Infinity
      for (let k = 0; k < prep.reached; k++) {
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
    const debug: DebugLayer[] = [heatLayer(prep)]
    return makeAnswer(points, reached, q.start.point, q.goal.point, notes, expanded, debug)
  },
}
