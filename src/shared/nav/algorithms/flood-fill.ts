/**
 * flood-fill: the pathfinder of "It's Flot" (a C-like engine), on the full-resolution
 * walk grid with the room's areas already applied (world.grid()).
 *
 * Glossary
 * - distance buffer: one Int32 per pixel; -1 = blocked, else the number of 4-connected
 *   steps to the destination (a Manhattan flood) plus the flood's base. The buffer has a
 *   blocked border, so the flood needs no bounds checks; grid/flood-kernel.ts has the
 *   layout (`layout.index(col, row)`) and the flood loop (WebAssembly where it can be
 *   compiled, else the same loop in TypeScript).
 * - base: each flood stores its distances above every value an earlier flood left, so a
 *   pixel counts as not yet reached when its value is below the base, and the buffer is
 *   never cleared between queries (only renumbered when the values near 2^31).
 * - flood: breadth-first from the destination, 4-connected, one distance layer at a
 *   time, stopping after the layer in which the start pixel gets its distance (every
 *   pixel as close to the destination as the start has its distance by then).
 * - trace: from the start, step to the neighbour (8 of them, diagonals included) with
 *   the smallest distance until the destination (distance 0).
 * - collinear simplification: drop trace points that continue the same direction.
 * - beeline: a straight Bresenham line between two pixels, walkable when every pixel
 *   it visits is.
 * - beautification: forward, from each kept point, skip the next point while a beeline
 *   reaches the one after it; then the same backward from the end.
 * - expanded: pixels the flood reached (all floods of the query); a beeline that
 *   succeeds first costs no flood and reports 0.
 * - heat layer: the distances of the last flood (-1 blocked, -2 not reached), one per
 *   room pixel, computed from the buffer when the layer's values are first read; read
 *   them before the next query on the same prepared data.
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
import { createFloodBuffers, type FloodBuffers, type FloodKernelKind } from '../grid/flood-kernel'

function kernelOption(options: OptionValues): FloodKernelKind | 'auto' {
  return options.loop === 'js' ? 'js' : 'auto'
}

/** Largest stored value before the buffer is renumbered from scratch. */
const RENUMBER_AT = 0x7fffffff

export interface FloodFillPrepared extends Prepared {
  grid: WalkGrid
  /**
   * The distance buffer (`dist`: -1 blocked, else base + distance for pixels this flood
   * reached, see `base`), its layout, the queue, and the flood loop over them;
   * `buffers.kind` says which loop runs.
   */
  buffers: FloodBuffers
  /** Offset of the current flood's distances: a stored value v >= base means distance v - base. */
  base: number
  /** Base for the next flood: one past the largest value stored so far. */
  nextBase: number
  /** Pixels reached by the last flood: queue[0..reached). */
  reached: number
  beelineFirst: boolean
  beautify: boolean
  /** Said in every answer that floods when the WebAssembly loop was asked for (loop=auto) but cannot run here. */
  loopNote: string | null
}

/** Start a flood: a new base past every stored value, renumbering the buffer when the values run out. */
function beginFlood(prep: FloodFillPrepared): number {
  const { dist } = prep.buffers
  if (prep.nextBase > RENUMBER_AT - dist.length) {
    for (let i = 0; i < dist.length; i++) if (dist[i] > 0) dist[i] = 0
    prep.nextBase = 1
  }
  prep.base = prep.nextBase
  return prep.base
}

/**
 * Breadth-first flood from buffer index `from`; stops after the layer in which `stopAt` is reached (-1 = flood
 * the whole region).
 * Returns the number of pixels reached; they are queue[0..count). The loop itself is in grid/flood-kernel.ts.
 */
function flood(prep: FloodFillPrepared, from: number, stopAt: number): number {
  const base = beginFlood(prep)
  // Index 0 is a border pixel, never reached: as the stop pixel it lets the flood cover the whole region.
  const tail = prep.buffers.flood(from, stopAt < 0 ? 0 : stopAt, base)
  // The last pixel queued holds the largest distance.
  prep.nextBase = prep.buffers.dist[prep.buffers.queue[tail - 1]] + 1
  prep.reached = tail
  return tail
}

/** Downhill trace from `start` to distance 0, 8 neighbours, diagonals included. Buffer indices. */
function trace(prep: FloodFillPrepared, start: number): number[] {
  const { base } = prep
  const { dist, layout } = prep.buffers
  const out = [start]
  let cur = start
  while (dist[cur] > base) {
    const c = layout.col(cur)
    const r = layout.row(cur)
    let best = cur
    let bestD = dist[cur]
    for (const [dc, dr] of STEPS) {
      const n = layout.index(c + dc, r + dr)
      const d = dist[n]
      if (d >= base && d < bestD) {
        bestD = d
        best = n
      }
    }
    if (best === cur) break // cannot happen after a flood that reached the start
    cur = best
    out.push(cur)
  }
  return out
}

/** The trace's neighbours in the order tried: 4-connected first, then the diagonals. */
const STEPS: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
]

/**
 * The distance buffer of the last flood as a heat layer: -1 blocked, -2 walkable but not reached,
 * else the distance. Made on first read of `values` (a pass over the buffer that queries do not
 * pay for unless the layer is looked at); read it before the next query on the same prepared data.
 */
function heatLayer(prep: FloodFillPrepared): DebugLayer {
  const { base } = prep
  const { dist, layout } = prep.buffers
  const { width, height } = layout
  let values: Int32Array | undefined
  return {
    kind: 'cells',
    label: 'flood distance (steps)',
    cols: width,
    rows: height,
    cellSize: 1,
    originX: 0,
    originY: 0,
    get values(): Int32Array {
      if (!values) {
        values = new Int32Array(width * height)
        for (let r = 0; r < height; r++) {
          for (let c = 0; c < width; c++) {
            const v = dist[layout.index(c, r)]
            values[r * width + c] = v < 0 ? -1 : v >= base ? v - base : -2
          }
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

export const floodFill: Pathfinder<FloodFillPrepared, 'flood-fill'> = {
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
    {
      key: 'loop',
      label: 'Flood loop',
      type: 'choice',
      faithful: 'auto',
      choices: ['auto', 'js'],
      help: 'Where the flood runs; the answers are the same. auto: WebAssembly when it can be compiled here, else TypeScript. js: always the TypeScript loop (what a page without WebAssembly gets), to compare speed.',
    },
  ],
  prepare(world: NavWorld, options: OptionValues): FloodFillPrepared {
    const grid = world.grid()
    const { width, height, cells } = grid
    let walkable = 0
    for (let i = 0; i < cells.length; i++) if (cells[i] !== 0) walkable++
    // A flood queues each walkable pixel at most once.
    const buffers = createFloodBuffers(width, height, cells, Math.max(1, walkable), kernelOption(options))
    return {
      grid,
      buffers,
      base: 1,
      nextBase: 1,
      reached: 0,
      loopNote:
        kernelOption(options) === 'auto' && buffers.kind === 'js'
          ? 'flood loop: TypeScript, because WebAssembly cannot be compiled here (a content security policy without ' +
            "'wasm-unsafe-eval'?)"
          : null,
      beelineFirst: options.beelineFirst !== false,
      beautify: options.beautify !== false,
      bytes: buffers.bytes,
    }
  },
  findPath(prep: FloodFillPrepared, from: Point, to: Point): GridAnswer {
    const q = snapQuery(prep.grid, from, to)
    if (typeof q === 'string') return noPathAnswer(from, to, q)
    const { grid } = prep
    const { layout, dist, queue } = prep.buffers
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
    // Only a flood runs the loop; a beeline answer above has no use for the note.
    if (prep.loopNote) notes.push(prep.loopNote)
    const start = layout.index(sc, sr)
    let dest = layout.index(gc, gr)
    let expanded = flood(prep, dest, start)
    let reached = true
    if (dist[start] < prep.base) {
      // The goal's region does not hold the start: flood the start's region for the pixel closest to the goal.
      reached = false
      expanded += flood(prep, start, -1)
      let bestD2 = Infinity
      for (let k = 0; k < prep.reached; k++) {
        const p = queue[k]
        const x = layout.col(p) - gc
        const y = layout.row(p) - gr
        const d2 = x * x + y * y
        if (d2 < bestD2) {
          bestD2 = d2
          dest = p
        }
      }
      expanded += flood(prep, dest, start)
    }
    const traced = trace(prep, start).map((p) => ({ x: layout.col(p) + 0.5, y: layout.row(p) + 0.5 }))
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
