/**
 * The message protocol between the comparison workspace (UI thread) and the nav worker,
 * and the pure helpers both sides share: how a result travels (debug layers as fresh
 * typed arrays that can be transferred), which buffers to transfer, and the coalescing
 * queue that keeps only the newest pending query.
 *
 * Glossary
 * - revision: a text that changes whenever the room, its mask or the flag state changes
 *   (the room-state store's `revision`); the worker builds one nav world per revision.
 * - query: one start/goal pair answered by every enabled algorithm. Queries carry an
 *   increasing id; a result whose id is older than the newest query sent is stale.
 * - coalescing: while the worker is busy, queries that arrive replace each other; only the
 *   newest pending one runs next (a drag sends many, the worker answers the last).
 * - wire result: a run result as posted: points, snapped ends, stats, the metrics the
 *   worker measured, and debug layers (only when asked for, downsampled so that a grid
 *   layer has at most `MAX_WIRE_CELLS_ACROSS` cells across).
 * - batch: N seeded random pairs over the current world, answered by every enabled
 *   algorithm through the one batch runner (measure/batch.ts); progress is posted as it
 *   goes (in pairs' worth of work), and it can be cancelled.
 *
 * Units: room px for points, lengths and clearances; ms for times; degrees for turning.
 */
import type { Point } from '../../shared/geometry/types'
import type { DebugLayer, OptionValues } from '../../shared/nav/types'
import type { AlgorithmId } from '../../shared/nav/registry'
import type { BatchAlgorithmSummary, BatchRunResult, BatchRunRow } from '../../shared/measure/batch'

/** Grid debug layers wider than this many cells are downsampled before posting. */
export const MAX_WIRE_CELLS_ACROSS = 960

/** An algorithm to run, with its options (faithful defaults fill what is not given). */
export interface AlgorithmRequest {
  id: AlgorithmId
  options: OptionValues
}

// ---------------------------------------------------------------------------------------
// UI thread -> worker

/** The room to work on: room JSON, a copy of its area-id mask (transferred), flag values. */
export interface WorldMessage {
  type: 'world'
  revision: string
  /** The room as JSON text (`JSON.stringify(room)`). */
  roomJson: string
  mask: Uint8Array | null
  flags: Record<string, boolean>
}

export interface QueryMessage {
  type: 'query'
  id: number
  revision: string
  from: Point
  to: Point
  algorithms: AlgorithmRequest[]
  /** Send each algorithm's debug layers (the side-by-side view draws them). */
  debug: boolean
}

export interface BatchMessage {
  type: 'batch'
  id: number
  revision: string
  pairs: number
  seed: number
  /** Pairs closer than this are redrawn (up to 100 times), px. */
  minDistance: number
  algorithms: AlgorithmRequest[]
}

export interface CancelBatchMessage {
  type: 'cancel-batch'
  id: number
}

export type MainToWorker = WorldMessage | QueryMessage | BatchMessage | CancelBatchMessage

// ---------------------------------------------------------------------------------------
// worker -> UI thread

/** What the worker measured about one path (see measure/metrics.ts). */
export interface WireMetrics {
  length: number
  /** length / optimal length; null when the path or the optimum did not reach. */
  lengthRatio: number | null
  /**
   * The optimal length the ratio is measured against: between the asked points, or between
   * the ends this algorithm used when it moved them (measure/metrics.ts `optimalLengthFor`).
   */
  optimum: number | null
  turns: number
  turningDeg: number
  clearance: number | null
  valid: boolean
  /** Defect messages, at most a few. */
  defects: string[]
}

/** An end the click rule moved (nav/click-snap.ts): where it landed and how far, whole px. */
export interface WireSnap {
  at: Point
  px: number
}

export interface WireResult {
  algorithm: AlgorithmId
  points: Point[]
  reached: boolean
  /** The requested start and goal. */
  from: Point
  to: Point
  /** The ends the click rule moved before any algorithm ran (the same for every algorithm of a query); null: as asked. */
  snap: { start: WireSnap | null; goal: WireSnap | null }
  /** Start and goal this algorithm used (after the click rule and its own snapping). */
  start: Point
  goal: Point
  reason?: string
  error?: string
  queryMs: number
  prepareMs: number
  expanded: number
  bytes: number
  metrics: WireMetrics
  debug: DebugLayer[]
}

export interface ResultMessage {
  type: 'result'
  queryId: number
  revision: string
  result: WireResult
}

export interface QueryDoneMessage {
  type: 'query-done'
  queryId: number
  revision: string
  optimalLength: number | null
  /** The query was overtaken by a newer one before every algorithm ran. */
  superseded: boolean
}

/** One algorithm on one batch pair: the one batch runner's row (measure/batch.ts). */
export type BatchRow = BatchRunRow

export interface BatchProgressMessage {
  type: 'batch-progress'
  id: number
  done: number
  total: number
}

export interface BatchDoneMessage {
  type: 'batch-done'
  id: number
  revision: string
  seed: number
  cancelled: boolean
  /** [fromX, fromY, toX, toY] per pair. */
  pairs: [number, number, number, number][]
  /** Yardstick length per pair (null: no optimum). */
  optimal: (number | null)[]
  rows: BatchRow[]
  /** Per algorithm, from the runner (the same as `walkbox batch`'s). */
  summary: BatchAlgorithmSummary[]
  /** How the queries were timed; null when the batch never started. */
  timing: BatchRunResult['timing'] | null
  prepareMs: Partial<Record<AlgorithmId, number>>
}

export interface ErrorMessage {
  type: 'error'
  message: string
  /** The query or batch it concerns, when there is one. */
  id?: number
}

export type WorkerToMain =
  | ResultMessage
  | QueryDoneMessage
  | BatchProgressMessage
  | BatchDoneMessage
  | ErrorMessage
  | TimingMessage
  | ClockMessage

/** A query's time re-measured by repetition after its answer was posted (see workers/query-timing.ts). */
export interface TimingMessage {
  type: 'timing'
  queryId: number
  revision: string
  algorithm: AlgorithmId
  /** Median, fastest and slowest run over the repeats, ms per call. */
  medianMs: number
  minMs: number
  maxMs: number
  /** ms per call of each run, in the order they ran. */
  samples: number[]
  /** Timed runs, and calls in each run. */
  runs: number
  calls: number
}

/** The worker's clock, measured once: its smallest step (ms) and whether it runs cross-origin isolated. */
export interface ClockMessage {
  type: 'clock'
  resolutionMs: number
  crossOriginIsolated: boolean
}

// ---------------------------------------------------------------------------------------
// Helpers

type CellsLayer = Extract<DebugLayer, { kind: 'cells' }>

/**
 * A copy of a grid layer with at most `maxAcross` cells across: blocks of f x f cells
 * become one cell of f times the size. 'mark' layers keep a block marked when any cell
 * is; 'heat' layers keep the largest value of the block (blocked cells, negative, only
 * when the whole block is blocked).
 */
export function downsampleCells(layer: CellsLayer, maxAcross = MAX_WIRE_CELLS_ACROSS): CellsLayer {
  const factor = Math.max(1, Math.ceil(Math.max(layer.cols, layer.rows) / maxAcross))
  if (factor === 1) return { ...layer, values: layer.values.slice() }
  const cols = Math.ceil(layer.cols / factor)
  const rows = Math.ceil(layer.rows / factor)
  const src = layer.values
  const srcCols = layer.cols
  // Source rows are read in order (each feeds one output row), which is what keeps this fast
  // on a full-resolution layer: tens of ms became a few for 1920 x 1080 cells.
  if (layer.mode === 'heat') {
    const out = new Float32Array(cols * rows).fill(-Infinity)
    for (let rr = 0; rr < layer.rows; rr++) {
      const o = Math.floor(rr / factor) * cols
      const base = rr * srcCols
      for (let c = 0, cc = 0; c < cols; c++) {
        const end = Math.min(srcCols, cc + factor)
        let best = out[o + c]
        for (; cc < end; cc++) {
          const v = src[base + cc]
          if (v > best) best = v
        }
        out[o + c] = best
      }
    }
    return { ...layer, cols, rows, cellSize: layer.cellSize * factor, values: out }
  }
  const out = new Uint8Array(cols * rows)
  for (let rr = 0; rr < layer.rows; rr++) {
    const o = Math.floor(rr / factor) * cols
    const base = rr * srcCols
    for (let cc = 0; cc < srcCols; cc++) if (src[base + cc] !== 0) out[o + Math.floor(cc / factor)] = 1
  }
  return { ...layer, cols, rows, cellSize: layer.cellSize * factor, values: out }
}

/**
 * Debug layers ready to post: every typed array is a fresh copy (algorithms hand out
 * arrays they keep, which must not be detached by a transfer), grids downsampled.
 */
export function wireDebugLayers(layers: readonly DebugLayer[]): DebugLayer[] {
  return layers.map((layer): DebugLayer => {
    switch (layer.kind) {
      case 'cells':
        return downsampleCells(layer)
      case 'points':
        return { ...layer, points: layer.points.slice() }
      case 'segments':
        return { ...layer, segments: layer.segments.slice() }
      case 'triangles':
        return {
          ...layer,
          vertices: layer.vertices.slice(),
          triangles: layer.triangles.slice(),
          highlight: layer.highlight?.slice(),
        }
    }
  })
}

/** The buffers of these layers, to transfer with the message (each listed once). */
export function debugTransferables(layers: readonly DebugLayer[]): ArrayBuffer[] {
  const seen = new Set<ArrayBuffer>()
  const add = (a: { buffer: ArrayBufferLike } | undefined) => {
    if (a && a.buffer instanceof ArrayBuffer) seen.add(a.buffer)
  }
  for (const layer of layers) {
    if (layer.kind === 'cells') add(layer.values)
    else if (layer.kind === 'points') add(layer.points)
    else if (layer.kind === 'segments') add(layer.segments)
    else {
      add(layer.vertices)
      add(layer.triangles)
      add(layer.highlight)
    }
  }
  return [...seen]
}

/**
 * Keeps the newest pending item only. `offer` replaces whatever was pending (the replaced
 * item is returned so that the caller can report it dropped); `take` hands the pending
 * item over and empties the slot; `overtaken(id)` says whether something newer than `id`
 * is waiting, so that a running job can stop early.
 */
export class LatestOnly<T extends { id: number }> {
  private pending: T | null = null

  offer(item: T): T | null {
    const dropped = this.pending
    this.pending = item
    return dropped
  }

  take(): T | null {
    const item = this.pending
    this.pending = null
    return item
  }

  get waiting(): boolean {
    return this.pending !== null
  }

  overtaken(id: number): boolean {
    return this.pending !== null && this.pending.id > id
  }
}

/** Is a message about query `id` stale, given the newest query id the UI has sent? */
export function isStale(id: number, newestSent: number): boolean {
  return id < newestSent
}

/** See measure/metrics.ts: ends moved further than this are measured against their own optimum, px. */
export { OWN_ENDS_PX } from '../../shared/measure/metrics'
