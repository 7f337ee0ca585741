/**
 * Search buffers for the full-resolution octile searches (octile-astar, jps).
 *
 * Glossary
 * - padded grid: the walk grid with a one-cell blocked border, so that neighbour
 *   lookups never need bounds checks. Padded index p = (row + 1) * pw + (col + 1)
 *   with pw = width + 2.
 * - flags (one byte per padded cell): bit 7 WALK (static), bit 6 CLOSED, bit 3
 *   HAS_PARENT, bits 0..2 the direction the cell was entered by (see DIRS). Only
 *   WALK is meaningful when the cell's generation is not the current one.
 * - generation: a per-cell byte stamp; a cell's g and dynamic flags belong to the
 *   current query only when its stamp equals the query's generation, so buffers
 *   are reset by incrementing one counter instead of clearing arrays (the stamps
 *   are cleared once every 255 queries, when the counter wraps).
 * - scaled cost: costs are integers, a cardinal step = CARD, a diagonal = DIAG with
 *   DIAG / CARD ≈ √2 (error 3.6e-7 px per diagonal step). Integer sums are exact,
 *   so ties and optimality are not blurred by rounding. A Uint32 g holds paths up
 *   to 4.3 million px long.
 * - octile distance: max(dx, dy) - min(dx, dy) cardinal steps + min(dx, dy) diagonal
 *   steps, the exact cost on an empty 8-connected grid.
 *
 * - sharing: octile-astar and jps of one world use the same buffers (world.cached key
 *   'grid:octile-buffers'); queries run one at a time, and every query starts a new
 *   generation, so neither sees the other's state. Each reports them in its `bytes`.
 *
 * Units: cells (= room px), scaled cost units (CARD per px), bytes.
 */
import type { WalkGrid } from '../types'
import { BucketQueue } from './bucket-queue'
import { MinHeap } from '../heap'

export const WALK = 0x80
export const CLOSED = 0x40
export const HAS_PARENT = 0x08
export const DIR_MASK = 0x07
export const CARD = 985
export const DIAG = 1393

/** Directions 0..3 are cardinal (E, S, W, N), 4..7 diagonal (SE, SW, NW, NE). */
export const DIR_DX = Int8Array.of(1, 0, -1, 0, 1, -1, -1, 1)
export const DIR_DY = Int8Array.of(0, 1, 0, -1, 1, 1, -1, -1)
/** For a diagonal d (4..7), its two cardinal components. */
export const DIAG_A = Int8Array.of(-1, -1, -1, -1, 0, 2, 2, 0)
export const DIAG_B = Int8Array.of(-1, -1, -1, -1, 1, 1, 3, 3)

export class OctileGrid {
  readonly width: number
  readonly height: number
  /** Padded width. */
  readonly pw: number
  readonly flags: Uint8Array
  readonly g: Uint32Array
  readonly gen: Uint8Array
  /** Padded-index offset of each direction. */
  readonly dirOff: Int32Array
  readonly heap: MinHeap
  /** Made on first use: only octile-astar's default open list needs it. */
  private bucketQueue: BucketQueue | undefined
  generation = 0
  /** Extra bytes held by lazily made buffers (e.g. a flood queue). */
  extraBytes = 0
  queue: Int32Array | undefined
  private expandedMarks: Uint8Array | undefined

  constructor(grid: WalkGrid) {
    const { width, height, cells } = grid
    this.width = width
    this.height = height
    const pw = width + 2
    this.pw = pw
    const size = pw * (height + 2)
    this.flags = new Uint8Array(size)
    this.g = new Uint32Array(size)
    this.gen = new Uint8Array(size)
    for (let r = 0; r < height; r++) {
      const src = r * width
      const dst = (r + 1) * pw + 1
      for (let c = 0; c < width; c++) if (cells[src + c] !== 0) this.flags[dst + c] = WALK
    }
    this.dirOff = new Int32Array(8)
    for (let d = 0; d < 8; d++) this.dirOff[d] = DIR_DY[d] * pw + DIR_DX[d]
    this.heap = new MinHeap(Math.max(1024, (width + height) * 8))
  }

  get buckets(): BucketQueue {
    if (!this.bucketQueue) this.bucketQueue = new BucketQueue()
    return this.bucketQueue
  }

  /**
   * One byte per (unpadded) cell for marking the cells a query expands, cleared and reused by every
   * query: a debug layer built on it stays valid until the next query on these buffers.
   */
  freshMarks(): Uint8Array {
    if (!this.expandedMarks) this.expandedMarks = new Uint8Array(this.width * this.height)
    else this.expandedMarks.fill(0)
    return this.expandedMarks
  }

  get bytes(): number {
    const marks = this.expandedMarks ? this.expandedMarks.byteLength : 0
    const buckets = this.bucketQueue ? this.bucketQueue.bytes : 0
    return (
      this.flags.byteLength +
      this.g.byteLength +
      this.gen.byteLength +
      this.heap.bytes +
      buckets +
      marks +
      this.extraBytes
    )
  }

  /** Start a query: a fresh generation (clearing the stamps when the counter wraps). */
  begin(): number {
    this.generation++
    if (this.generation > 0xff) {
      this.gen.fill(0)
      this.generation = 1
    }
    this.heap.clear()
    return this.generation
  }

  toPadded(index: number): number {
    const row = Math.floor(index / this.width)
    return (row + 1) * this.pw + (index - row * this.width) + 1
  }

  col(p: number): number {
    return (p % this.pw) - 1
  }

  row(p: number): number {
    return Math.floor(p / this.pw) - 1
  }

  /**
   * The cell reachable from `start` (8-connected, no corner cutting) whose centre is closest
   * to `target` (Euclidean); a breadth-first flood of the start's component. Uses the
   * generation stamps, so call it between searches, and begin() again afterwards.
   */
  closestReachable(start: number, target: number): { cell: number; visited: number } {
    const gen = this.gen
    const flags = this.flags
    const pw = this.pw
    const G = this.begin()
    let queue: Int32Array = this.queue ?? new Int32Array(Math.max(1024, this.width * 4))
    this.queue = queue
    const tx = target % pw
    const ty = Math.floor(target / pw)
    let head = 0
    let tail = 0
    queue[tail++] = start
    gen[start] = G
    let best = start
    let bestD2 = Infinity
    while (head < tail) {
      const cur = queue[head++]
      const cx = cur % pw
      const cy = (cur - cx) / pw
      const d2 = (cx - tx) * (cx - tx) + (cy - ty) * (cy - ty)
      if (d2 < bestD2) {
        bestD2 = d2
        best = cur
      }
      for (let d = 0; d < 8; d++) {
        const n = cur + this.dirOff[d]
        if ((flags[n] & WALK) === 0 || gen[n] === G) continue
        if (
          d >= 4 &&
          ((flags[cur + this.dirOff[DIAG_A[d]]] & WALK) === 0 ||
            (flags[cur + this.dirOff[DIAG_B[d]]] & WALK) === 0)
        )
          continue
        gen[n] = G
        if (tail === queue.length) {
          const bigger: Int32Array = new Int32Array(queue.length * 2)
          bigger.set(queue)
          queue = bigger
          this.queue = queue
        }
        queue[tail++] = n
      }
    }
    this.extraBytes = queue.byteLength
    return { cell: best, visited: tail }
  }
}

/** Octile distance between padded cells a and b, in scaled cost units. */
export function octileCost(dx: number, dy: number): number {
  if (dx < 0) dx = -dx
  if (dy < 0) dy = -dy
  return dx > dy ? CARD * (dx - dy) + DIAG * dy : CARD * (dy - dx) + DIAG * dx
}
