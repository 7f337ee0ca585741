/**
 * Query timing in the nav worker: a query that ran under `RETIME_UNDER_MS` was too short
 * for one reading of the clock (0.1 ms steps in a page that is not cross-origin isolated),
 * so after its answer was posted it is timed again by repetition (measure/timing.ts
 * `timeRepeated`) and the median over the runs goes to the page as a 'timing' message.
 * The clock's resolution is measured once and sent as a 'clock' message before the first
 * timing.
 *
 * Glossary
 * - noted answer: an algorithm's answer to the current query, kept with a way to repeat the
 *   very call that was timed (`findPath` on the prepared data, as run.ts times it).
 * - re-timing: after the query's answers are all posted and a quiet spell
 *   (`RETIME_SETTLE_MS` without a new message: a drag is never re-timed, where the hand
 *   stops is), one noted answer per turn of the event loop; it stops as soon as `stop()`
 *   says a newer query is waiting, so the live answers wait for at most one attempt
 *   (`RETIME_BUDGET_MS`).
 * - repeats: the same query with the same prepared data again and again (warm caches, as in
 *   a game that asks often).
 *
 * Units: ms.
 */
import {
  clockResolutionMs,
  QUERY_TIMING,
  timeRepeated,
  type RepeatedTiming,
} from '../../shared/measure/timing'
import type { PreparedAlgorithm } from '../../shared/nav/run'
import type { Point } from '../../shared/geometry/types'
import type { AlgorithmId } from '../../shared/nav/registry'
import type { ClockMessage, TimingMessage, WorkerToMain } from './protocol'

/** Queries that ran under this are timed again by repetition, ms (the one policy, QUERY_TIMING). */
export const RETIME_UNDER_MS = QUERY_TIMING.repeatBelowMs
/** One timed run lasts at most this long at least, ms: `runLengthMs` of the clock (QUERY_TIMING). */
export const RETIME_RUN_MS = QUERY_TIMING.maxRunMs
/** Runs whose median is shown (QUERY_TIMING). */
export const RETIME_RUNS = QUERY_TIMING.runs
/** Most time one timing attempt spends, ms (a newer query waits at most about this long: `stop()` is asked between attempts). */
export const RETIME_BUDGET_MS = QUERY_TIMING.budgetMs

/**
 * Re-timing starts only after this long without a new message, ms: during a drag the
 * queries follow each other closely and none is re-timed; the one where the hand stops is.
 */
export const RETIME_SETTLE_MS = 100
/** Calls before timing starts (JIT, caches), ms. */
export const WARM_UP_MS = 1
/** Most attempts at one algorithm's timing when runs came out too short for the clock (QUERY_TIMING). */
export const ATTEMPTS = QUERY_TIMING.attempts

export type TimingPost = (message: WorkerToMain, transfer: Transferable[]) => void

export interface QueryTimingOptions {
  /** The clock repeats are timed with (default performance.now); the 'clock' message always measures performance.now. */
  now?: () => number
  /** Whether this context is cross-origin isolated (default: the global's own flag). */
  crossOriginIsolated?: boolean
  /** Wait before re-timing, ms (default RETIME_SETTLE_MS); `wake()` ends the wait early. */
  settleMs?: number
}

export interface QueryTiming {
  /** Note an answer that was just posted; only one that ran under RETIME_UNDER_MS is kept. */
  note(
    queryId: number,
    revision: string,
    prepared: PreparedAlgorithm,
    from: Point,
    to: Point,
    queryMs: number,
  ): void
  /**
   * After a quiet spell (RETIME_SETTLE_MS without `wake()`), re-time the noted answers one
   * by one (a turn of the event loop between them) until done or `stop()`.
   */
  retime(yieldNow: () => Promise<void>, stop: () => boolean): Promise<void>
  /** A message arrived: end the quiet spell at once (the caller's `stop()` then decides). */
  wake(): void
}

interface Noted {
  queryId: number
  revision: string
  algorithm: AlgorithmId
  call: () => void
}

export function createQueryTiming(post: TimingPost, options: QueryTimingOptions = {}): QueryTiming {
  const now = options.now ?? (() => performance.now())
  const settleMs = options.settleMs ?? RETIME_SETTLE_MS
  let noted: Noted[] = []
  let clockSent = false
  let waking: (() => void) | null = null

  /** Resolves after `settleMs`, or as soon as `wake()` is called. */
  function settle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, settleMs)
      function done(): void {
        clearTimeout(timer)
        waking = null
        resolve()
      }
      waking = done
    })
  }

  function sendClock(): void {
    if (clockSent) return
    clockSent = true
    const isolated =
      options.crossOriginIsolated ?? (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated
    const clock: ClockMessage = {
      type: 'clock',
      // Rounded to 1 ns: two reads of a 0.1 ms clock differ by 0.09999999 ms in floating point.
      resolutionMs: Math.round(clockResolutionMs() * 1e6) / 1e6,
      crossOriginIsolated: isolated === true,
    }
    post(clock, [])
  }

  /** How long `RETIME_RUNS` runs of the chosen number of calls last together, ms. */
  const runLength = (t: RepeatedTiming) => t.calls * t.medianMs

  /**
   * Warm the call up (about WARM_UP_MS of calls), then time it by repetition. A run the
   * machine interrupted while the number of calls was being chosen leaves runs far shorter
   * than RETIME_RUN_MS (too coarse for the clock): then it is timed once more and the
   * attempt with the longer runs is kept. Null when `stop()` said to give up.
   */
  async function measure(
    call: () => void,
    yieldNow: () => Promise<void>,
    stop: () => boolean,
  ): Promise<RepeatedTiming | null> {
    const t0 = now()
    for (let i = 0; i < 10_000 && now() - t0 < WARM_UP_MS; i++) call()
    const options = { now, minRunMs: RETIME_RUN_MS, runs: RETIME_RUNS, budgetMs: RETIME_BUDGET_MS }
    let best = timeRepeated(call, options)
    for (let attempt = 1; attempt < ATTEMPTS && runLength(best) < RETIME_RUN_MS / 2; attempt++) {
      await yieldNow()
      if (stop()) return null
      const again = timeRepeated(call, options)
      if (runLength(again) > runLength(best)) best = again
    }
    return best
  }

  return {
    note(queryId, revision, prepared, from, to, queryMs): void {
      // A newer query's answers replace what an older one left.
      if (noted.length > 0 && noted[0].queryId !== queryId) noted = []
      const { pathfinder, data } = prepared
      if (!pathfinder || !data || !(queryMs < RETIME_UNDER_MS)) return
      const a = { x: from.x, y: from.y }
      const b = { x: to.x, y: to.y }
      noted.push({
        queryId,
        revision,
        algorithm: prepared.id,
        call: () => void pathfinder.findPath(data, a, b),
      })
    },

    async retime(yieldNow, stop): Promise<void> {
      sendClock()
      if (noted.length === 0) return
      await settle()
      const work = noted
      noted = []
      for (const n of work) {
        await yieldNow()
        if (stop()) return
        let timing: RepeatedTiming | null
        try {
          timing = await measure(n.call, yieldNow, stop)
        } catch {
          continue // It answered once; a repeat that throws leaves the single figure standing.
        }
        if (!timing) return
        const message: TimingMessage = {
          type: 'timing',
          queryId: n.queryId,
          revision: n.revision,
          algorithm: n.algorithm,
          medianMs: timing.medianMs,
          minMs: timing.minMs,
          maxMs: timing.maxMs,
          samples: timing.samples,
          runs: timing.samples.length,
          calls: timing.calls,
        }
        post(message, [])
      }
    },

    wake(): void {
      waking?.()
    },
  }
}
