/**
 * Honest timing of short calls (measure/timing): a call that runs under a millisecond
 * cannot be timed once with a clock that steps in 0.1 ms (a page that is not cross-origin
 * isolated) or 5 µs (one that is). So it is repeated until one timed run lasts at least
 * `minRunMs`, and the per-call time is that run's length divided by its calls. Several
 * such runs give a median and a spread.
 *
 * Glossary
 * - clock resolution: the smallest step `performance.now()` takes here, measured by
 *   `clockResolutionMs` (about 0.005 ms in a cross-origin isolated page or in Node,
 *   0.1 ms in a page that is not isolated).
 * - run: `calls` back-to-back calls of the function, timed together.
 * - sample: one run's time divided by its calls, ms per call.
 *
 * Units: ms.
 */
import { median } from './stats'

export { median }

export interface RepeatedTiming {
  /** Median of the samples, ms per call. */
  medianMs: number
  /** Smallest and largest sample, ms per call. */
  minMs: number
  maxMs: number
  /** ms per call of each run. */
  samples: number[]
  /** Calls in each run (the same for every run). */
  calls: number
}

export interface RepeatOptions {
  /** A run must last at least this long, ms (default 5). */
  minRunMs?: number
  /** Runs to take the median of (default 5). */
  runs?: number
  /** Never more calls in one run than this (default 100,000). */
  maxCalls?: number
  /** Stop early once this much time was spent in total, ms (default 250). */
  budgetMs?: number
  /** The clock, ms (default performance.now). */
  now?: () => number
}

/**
 * Time `call` honestly: calibrate how many calls make a run of at least `minRunMs`
 * (doubling), then take `runs` runs of that many calls. A call that alone lasts longer than
 * `minRunMs` is timed once per run. The budget caps the total time; at least one run is
 * always taken.
 */
export function timeRepeated(call: () => void, options: RepeatOptions = {}): RepeatedTiming {
  const now = options.now ?? (() => performance.now())
  const minRunMs = options.minRunMs ?? 5
  const runs = Math.max(1, options.runs ?? 5)
  const maxCalls = Math.max(1, options.maxCalls ?? 100_000)
  const budgetMs = options.budgetMs ?? 250
  const start = now()

  const timeRun = (calls: number): number => {
    const t0 = now()
    for (let i = 0; i < calls; i++) call()
    return now() - t0
  }

  let calls = 1
  let elapsed = timeRun(calls)
  while (elapsed < minRunMs && calls < maxCalls && now() - start < budgetMs) {
    calls = Math.min(maxCalls, calls * 2)
    elapsed = timeRun(calls)
  }
  const samples = [elapsed / calls]
  while (samples.length < runs && now() - start < budgetMs) samples.push(timeRun(calls) / calls)
  return {
    medianMs: median(samples),
    minMs: Math.min(...samples),
    maxMs: Math.max(...samples),
    samples,
    calls,
  }
}

/** The smallest step the clock takes here, ms (the least positive difference seen in `tries` reads). */
export function clockResolutionMs(now: () => number = () => performance.now(), tries = 200): number {
  let best = Infinity
  for (let i = 0; i < tries; i++) {
    const t0 = now()
    let t1 = now()
    let guard = 0
    while (t1 === t0 && guard++ < 1_000_000) t1 = now()
    if (t1 > t0) best = Math.min(best, t1 - t0)
  }
  return best
}

/**
 * A time as people read it, never "0.00": ms with three significant digits at most,
 * µs below 0.1 ms (e.g. "0.84 µs", "42.1 µs", "1.23 ms", "312 ms").
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '–'
  if (ms <= 0) return '< 0.01 µs'
  if (ms < 0.1) {
    const us = ms * 1000
    if (us < 0.01) return '< 0.01 µs'
    return `${us < 10 ? us.toFixed(2) : us < 100 ? us.toFixed(1) : us.toFixed(0)} µs`
  }
  return `${ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0)} ms`
}

/**
 * The one policy for timing a pathfinder query, used by every timed loop (the batch runner,
 * Compare's live re-timing in the worker, `walkbox scen`, the bench's peers and hostile
 * rooms): a query is timed once; one that took under `repeatBelowMs` is timed again by
 * repetition (`timeQueryRepeated`), runs of at least `runLengthMs(clock)` each, the median
 * of up to `runs` runs within `budgetMs`; a calibration stretched by a pause is tried again
 * up to `attempts` times. Each timed pass answers `warmUpQueries` queries untimed first.
 */
export const QUERY_TIMING = {
  /** Queries each timed pass answers untimed first (JIT, caches). */
  warmUpQueries: 3,
  /** A query that took under this once is timed again by repetition, ms. */
  repeatBelowMs: 1,
  /** Runs of a repeated query; its time is their median. */
  runs: 5,
  /** Most time one repeated timing takes, ms (a run stalled by another process leaves room for the runs that outvote it). */
  budgetMs: 40,
  /** Timings of one query at most, when its runs came out shorter than half a run's length. */
  attempts: 3,
  /** Clock steps a run lasts at least; see `runLengthMs`. */
  runClockSteps: 20,
  /** Bounds of a run's length, ms. Compare's live re-timing, which times one query at a time and not thousands, takes the longest. */
  minRunMs: 0.25,
  maxRunMs: 3,
} as const

/** How long one run of a repeated query lasts at least on a clock of this resolution, ms. */
export function runLengthMs(resolutionMs: number): number {
  const { runClockSteps, minRunMs, maxRunMs } = QUERY_TIMING
  return Math.max(minRunMs, Math.min(maxRunMs, runClockSteps * resolutionMs))
}

export interface QueryRepeatOptions {
  /** The clock's resolution, ms (default: measured). */
  resolutionMs?: number
  /** The clock, ms (default performance.now). */
  now?: () => number
  /** Override the policy's run length, runs or budget (tests, the batch runner's options). */
  minRunMs?: number
  runs?: number
  budgetMs?: number
}

/**
 * Time a fast query by repetition under QUERY_TIMING: calibrated runs, their median; when a
 * pause during calibration left runs shorter than half the run length (too coarse for the
 * clock), time it again and keep the attempt with the longer runs.
 */
export function timeQueryRepeated(call: () => void, options: QueryRepeatOptions = {}): RepeatedTiming {
  const minRunMs = options.minRunMs ?? runLengthMs(options.resolutionMs ?? clockResolutionMs(options.now))
  const repeat = {
    minRunMs,
    runs: options.runs ?? QUERY_TIMING.runs,
    budgetMs: options.budgetMs ?? QUERY_TIMING.budgetMs,
    now: options.now,
  }
  const length = (t: RepeatedTiming) => t.medianMs * t.calls
  let best = timeRepeated(call, repeat)
  for (let attempt = 1; attempt < QUERY_TIMING.attempts && length(best) < minRunMs / 2; attempt++) {
    const again = timeRepeated(call, repeat)
    if (length(again) > length(best)) best = again
  }
  return best
}

/**
 * Time one query under QUERY_TIMING: `run` once (its own reading, ms), and when that took
 * under `repeatBelowMs`, `repeat` by repetition; returns the answer and its time, ms per call.
 */
export function timeQuery<T>(
  run: () => { answer: T; ms: number },
  repeat: () => void,
  options: QueryRepeatOptions = {},
): { answer: T; ms: number; timing: RepeatedTiming | null } {
  const once = run()
  if (once.ms >= QUERY_TIMING.repeatBelowMs) return { ...once, timing: null }
  const timing = timeQueryRepeated(repeat, options)
  return { answer: once.answer, ms: timing.medianMs, timing }
}
