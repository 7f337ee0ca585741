/**
 * The nav service: what the nav worker does, written without the worker so that tests can
 * drive it directly. It keeps one nav world (the newest revision it was sent), prepares
 * each algorithm once per (world, options) through the core's cache, answers queries one
 * algorithm at a time (posting each result as soon as it is ready) and runs batches.
 *
 * Glossary
 * - yield: between two algorithms (batches: every ~10 ms) the service gives the event
 *   loop a turn, so that a newer query or a cancel can arrive; a query overtaken by a newer
 *   one stops there and the newer one runs (coalescing, see protocol.ts).
 * - landed ends: the start and goal after the click rule (nav/click-snap.ts): an end off the
 *   walkable area moves to the closest point reachable from the other end, once per query,
 *   before any algorithm runs; every answer carries where they landed (`snap`).
 * - optimum: the yardstick (any-angle-optimal on the exact walkable polygons) between the
 *   landed start and goal; length ratios are measured against it, except for an
 *   algorithm that moved an end by more than `OWN_ENDS_PX` (grids snap to cell centres, node-graph goes to the closest
 *   point of its joins): its ratio is against the optimum between the ends it used, so
 *   that stopping short never looks shorter than optimal.
 *
 * Units: room px, ms (performance.now()).
 */
import type { Point } from '../../shared/geometry/types'
import {
  measurePath,
  optimalLength as optimalLengthBetween,
  optimalLengthFor,
} from '../../shared/measure/metrics'
import { randomPairs } from '../../shared/measure/random'
import { runBatchAsync } from '../../shared/measure/batch'
import { navWorldForRoom } from '../../shared/analysis/room-world'
import { prepareAlgorithm, runBetween, type RunResult } from '../../shared/nav/run'
import { snapQueryEnds } from '../../shared/nav/click-snap'
import type { NavWorld } from '../../shared/nav/types'
import type { AlgorithmId } from '../../shared/nav/registry'
import type { Room } from '../../shared/room/schema'
import { createQueryTiming } from './query-timing'
import {
  debugTransferables,
  LatestOnly,
  OWN_ENDS_PX,
  wireDebugLayers,
  type BatchMessage,
  type MainToWorker,
  type QueryMessage,
  type WireResult,
  type WorkerToMain,
} from './protocol'

export { OWN_ENDS_PX }

export type Post = (message: WorkerToMain, transfer: Transferable[]) => void

/** Batch progress is posted at most this often (pairs). */
const PROGRESS_EVERY = 5
/** Defect messages kept per result. */
const MAX_DEFECTS = 3

export interface NavService {
  handle(message: MainToWorker): void
  /** Resolves when nothing is running or waiting (tests). */
  idle(): Promise<void>
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/** A result and its metrics, as posted. */
export function toWire(
  world: NavWorld,
  result: RunResult,
  from: Point,
  to: Point,
  optimalLength: number | null,
  debug: boolean,
): WireResult {
  const metrics = measurePath(world, result, optimalLength)
  const snap = (s: { at: Point; px: number } | null | undefined) =>
    s ? { at: { x: s.at.x, y: s.at.y }, px: s.px } : null
  return {
    algorithm: result.algorithm,
    points: result.points.map((p) => ({ x: p.x, y: p.y })),
    reached: result.reached,
    from,
    to,
    snap: { start: snap(result.ends?.startSnap), goal: snap(result.ends?.goalSnap) },
    start: { x: result.start.x, y: result.start.y },
    goal: { x: result.goal.x, y: result.goal.y },
    reason: result.reason,
    error: result.error,
    queryMs: result.stats.queryMs,
    prepareMs: result.stats.prepareMs,
    expanded: result.stats.expanded,
    bytes: result.stats.bytes,
    metrics: {
      length: metrics.length,
      lengthRatio: metrics.lengthRatio,
      optimum: optimalLength,
      turns: metrics.turns,
      turningDeg: metrics.turningDeg,
      clearance: metrics.clearance,
      valid: metrics.valid,
      defects: metrics.defects.slice(0, MAX_DEFECTS).map((d) => d.message),
    },
    debug: debug ? wireDebugLayers(result.debug) : [],
  }
}

export function createNavService(post: Post, yieldNow: () => Promise<void>): NavService {
  let world: NavWorld | null = null
  let revision = ''
  const queries = new LatestOnly<QueryMessage>()
  let batch: BatchMessage | null = null
  const cancelled = new Set<number>()
  let running = false
  let idleWaiters: (() => void)[] = []
  const timing = createQueryTiming(post)

  function setWorld(m: Extract<MainToWorker, { type: 'world' }>): void {
    try {
      const room = JSON.parse(m.roomJson) as Room
      world = navWorldForRoom(room, m.mask, m.flags, m.revision)
      revision = m.revision
    } catch (e) {
      world = null
      revision = m.revision
      post({ type: 'error', message: `Could not build the nav world: ${message(e)}` }, [])
    }
  }

  async function runQueryMessage(q: QueryMessage): Promise<void> {
    const w = world
    if (!w || q.revision !== revision) {
      post({ type: 'error', id: q.id, message: `No nav world for revision ${q.revision}.` }, [])
      return
    }
    // Where the clicks land: one rule, before any algorithm runs, the same for all.
    const ends = snapQueryEnds(w, q.from, q.to)
    let optimalLength: number | null = null
    try {
      optimalLength = optimalLengthBetween(w, ends.start, ends.goal)
    } catch (e) {
      post({ type: 'error', id: q.id, message: `The yardstick failed: ${message(e)}` }, [])
    }
    let superseded = false
    for (const a of q.algorithms) {
      await yieldNow()
      if (queries.overtaken(q.id) || world !== w) {
        superseded = true
        break
      }
      const prepared = prepareAlgorithm(w, a.id, a.options)
      const result = runBetween(prepared, ends)
      const wire = toWire(
        w,
        result,
        q.from,
        q.to,
        optimalLengthFor(w, result, ends.start, ends.goal, optimalLength),
        q.debug,
      )
      post(
        { type: 'result', queryId: q.id, revision: q.revision, result: wire },
        debugTransferables(wire.debug),
      )
      timing.note(q.id, q.revision, prepared, ends.start, ends.goal, result.stats.queryMs)
    }
    post({ type: 'query-done', queryId: q.id, revision: q.revision, optimalLength, superseded }, [])
    if (!superseded) await timing.retime(yieldNow, () => queries.waiting || world !== w)
  }

  async function runBatch(b: BatchMessage): Promise<void> {
    const w = world
    if (!w || b.revision !== revision) {
      post({ type: 'error', id: b.id, message: `No nav world for revision ${b.revision}.` }, [])
      return
    }
    const pairs = randomPairs(w, b.pairs, b.seed, b.minDistance)
    // Progress in pairs' worth of the runner's steps (each query timed, then measured).
    let posted = -1
    const result = await runBatchAsync(w, pairs, b.algorithms, {
      // Queries go first: a click during a batch is answered between two timed queries.
      yieldNow: async () => {
        await yieldNow()
        while (queries.waiting) {
          const q = queries.take()
          if (q) await runQueryMessage(q)
        }
      },
      shouldCancel: () => cancelled.has(b.id) || world !== w,
      onProgress: (done, total) => {
        const pairsDone = Math.floor((done / total) * pairs.length)
        if (pairsDone !== posted && (pairsDone - posted >= PROGRESS_EVERY || done === total)) {
          posted = pairsDone
          post({ type: 'batch-progress', id: b.id, done: pairsDone, total: pairs.length }, [])
        }
      },
    })
    cancelled.delete(b.id)
    const prepareMs: Partial<Record<AlgorithmId, number>> = {}
    for (const s of result.summary) prepareMs[s.id] = s.prepareMs
    post(
      {
        type: 'batch-done',
        id: b.id,
        revision: b.revision,
        seed: b.seed,
        cancelled: result.cancelled,
        pairs: result.pairs,
        optimal: result.optimal,
        rows: result.rows,
        summary: result.summary,
        timing: result.timing,
        prepareMs,
      },
      [],
    )
  }

  async function pump(): Promise<void> {
    if (running) return
    running = true
    try {
      for (;;) {
        const q = queries.take()
        if (q) {
          await runQueryMessage(q)
          continue
        }
        if (batch) {
          const b = batch
          batch = null
          await runBatch(b)
          continue
        }
        break
      }
    } catch (e) {
      post({ type: 'error', message: `The nav worker failed: ${message(e)}` }, [])
    } finally {
      running = false
      const waiters = idleWaiters
      idleWaiters = []
      for (const w of waiters) w()
    }
  }

  return {
    handle(m: MainToWorker): void {
      timing.wake()
      switch (m.type) {
        case 'world':
          setWorld(m)
          return
        case 'query':
          queries.offer(m)
          break
        case 'batch':
          batch = m
          break
        case 'cancel-batch':
          cancelled.add(m.id)
          if (batch?.id === m.id) {
            batch = null
            cancelled.delete(m.id)
            post(
              {
                type: 'batch-done',
                id: m.id,
                revision,
                seed: 0,
                cancelled: true,
                pairs: [],
                optimal: [],
                rows: [],
                summary: [],
                timing: null,
                prepareMs: {},
              },
              [],
            )
          }
          return
      }
      void pump()
    },
    idle(): Promise<void> {
      if (!running && !queries.waiting && !batch) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
  }
}
