/**
 * The one batch runner (measure/batch): many start/goal pairs answered by several
 * algorithms, measured the same way wherever it runs, the editor's worker, `walkbox batch`
 * and the benchmark, so that their figures agree by construction.
 *
 * Glossary
 * - pair: [fromX, fromY, toX, toY], room px (measure/random.ts draws seeded ones).
 * - warm-up: before its timed pass, each algorithm answers the first `warmUp` pairs once,
 *   untimed, so that the timed queries run warm code.
 * - timed pass: one algorithm answers every pair in a row, nothing else in between (no
 *   metrics, no other algorithm); the next algorithm's pass follows.
 * - repeated timing: a query whose single run took less than `repeatBelowMs` is timed again
 *   with `timeRepeated` (measure/timing.ts): runs of back-to-back calls lasting at least
 *   `minRunMs` each, so that the clock's step does not decide the figure. Its time is the
 *   median per call over the runs, with the fastest and slowest run beside it. When the
 *   median run came out shorter than half `minRunMs` (a stalled calibration run picked too
 *   few calls), it is timed again, up to `RETIMES` times in all.
 * - measuring: after every timed pass, each answer's metrics (measure/metrics.ts: validity,
 *   length, ratio to the optimum). The optimum between the asked points is computed once per
 *   pair and shared by every algorithm; an algorithm that moved its ends is measured against
 *   the optimum between its own ends (`optimalLengthFor`).
 * - step: one timed query or one measured answer; progress counts steps.
 * - cancel: checked between timed queries; a cancelled batch measures (and returns) the
 *   answers it has, and says so.
 * - p95: the 95th percentile, nearest rank.
 *
 * Units: room px for points and lengths, ms for times.
 */
import type { Point } from '../geometry/types'
import {
  prepareAlgorithm,
  preparePathfinder,
  runQuery,
  type PreparedAlgorithm,
  type RunResult,
} from '../nav/run'
import { completeOptions, type AlgorithmId } from '../nav/registry'
import type { NavWorld, OptionValues, Pathfinder } from '../nav/types'
import { measurePath, optimalLength, optimalLengthFor } from './metrics'
import { clockResolutionMs, QUERY_TIMING, runLengthMs, timeQueryRepeated } from './timing'
import { mean, median, quantile } from './stats'

export type Pair = [number, number, number, number]

/** Pairs each algorithm answers untimed before its timed pass (the one policy, QUERY_TIMING). */
export const DEFAULT_WARM_UP = QUERY_TIMING.warmUpQueries
/** Queries faster than this (one run) are timed again by repetition, ms (QUERY_TIMING). */
export const REPEAT_BELOW_MS = QUERY_TIMING.repeatBelowMs
/** Timed runs of a repeated query (QUERY_TIMING). */
export const DEFAULT_RUNS = QUERY_TIMING.runs
/** Defects kept per algorithm in the summary. */
const MAX_SUMMARY_DEFECTS = 5

export interface BatchAlgorithm {
  id: AlgorithmId
  /** Options given (faithful defaults fill the rest). */
  options?: OptionValues
  /** The row's name (default: the id). */
  label?: string
  /** A pathfinder object to run instead of the registered one (tests, experiments). */
  pathfinder?: Pathfinder
}

export type BatchPhase = 'timing' | 'measuring'

export interface BatchOptions {
  /** Pairs each algorithm answers untimed first (default `DEFAULT_WARM_UP`). */
  warmUp?: number
  /** Queries under this are timed by repetition, ms (default `REPEAT_BELOW_MS`; 0: never). */
  repeatBelowMs?: number
  /**
   * A repeated run lasts at least this, ms (default: `runLengthMs` of the clock, QUERY_TIMING).
   */
  minRunMs?: number
  /** Runs of a repeated query (default `DEFAULT_RUNS`). */
  runs?: number
  /**
   * Time one repeated query may take in all, ms (default QUERY_TIMING.budgetMs).
   */
  queryBudgetMs?: number
  /**
   * Timed runs of a query at or over `repeatBelowMs` (default 1): its time is their median,
   * the fastest and slowest beside it.
   */
  slowRuns?: number
  /** Optimal lengths between the asked points, per pair, when already known (else computed). */
  optimal?: readonly (number | null)[]
  /** The clock of the timed queries, ms (default performance.now; tests give a fake one). */
  now?: () => number
  /** The clock's step, ms (default: measured with `clockResolutionMs`). */
  clockResolutionMs?: number
  /** Called after every step with the steps done and the steps in all. */
  onProgress?: (done: number, total: number, phase: BatchPhase) => void
  /** Checked between timed queries; true stops the timed passes. */
  shouldCancel?: () => boolean
}

/** One algorithm's answer to one pair. */
export interface BatchRunRow {
  pair: number
  /** The algorithm's label (its id unless given). */
  algorithm: string
  id: AlgorithmId
  /** The asked start and goal. */
  fromX: number
  fromY: number
  toX: number
  toY: number
  /** The ends the algorithm used (snapped to its grid or joins, or the asked ones). */
  startX: number
  startY: number
  goalX: number
  goalY: number
  /** Where the path ended: the goal when reached. */
  endX: number
  endY: number
  reached: boolean
  valid: boolean
  /** Path length, px. */
  length: number
  /** The optimal length the ratio is measured against (null: none). */
  optimal: number | null
  lengthRatio: number | null
  /** Query time, ms per call: the median over runs for a repeated query, else the one run. */
  queryMs: number
  /** Fastest and slowest run, ms per call (both `queryMs` when timed once). */
  queryMinMs: number
  queryMaxMs: number
  /** Calls per timed run (1 when timed once). */
  repeats: number
  /** Timed runs. */
  runs: number
  expanded: number
  /** The first defect of the path (or the algorithm's error), when it is not valid. */
  defect?: string
}

export interface BatchAlgorithmSummary {
  algorithm: string
  id: AlgorithmId
  options: OptionValues
  /** Pairs it answered (all of them unless cancelled). */
  pairs: number
  reached: number
  valid: number
  invalid: number
  /** Median and p95 over the pairs of the per-pair query times, ms. */
  medianQueryMs: number | null
  p95QueryMs: number | null
  /** Length ratios of reached pairs with an optimum. */
  medianLengthRatio: number | null
  p95LengthRatio: number | null
  meanLengthRatio: number | null
  maxLengthRatio: number | null
  meanExpanded: number | null
  prepareMs: number
  bytes: number
  /** The first few defects, with their pair. */
  defects: { pair: number; message: string }[]
}

export interface BatchRunResult {
  pairs: Pair[]
  /** Optimal length between the asked points, per pair (null: none, or not measured). */
  optimal: (number | null)[]
  /** Pair-major (pair 0 for every algorithm, then pair 1, ...); only answered queries. */
  rows: BatchRunRow[]
  summary: BatchAlgorithmSummary[]
  cancelled: boolean
  /** How it was timed. */
  timing: {
    warmUp: number
    repeatBelowMs: number
    minRunMs: number
    runs: number
    slowRuns: number
    clockResolutionMs: number
  }
  /** Wall time of the timed passes and of the measuring, ms. */
  timingMs: number
  measuringMs: number
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null
}

interface Answer {
  result: RunResult
  queryMs: number
  queryMinMs: number
  queryMaxMs: number
  repeats: number
  runs: number
}

function prepareFor(world: NavWorld, a: BatchAlgorithm): PreparedAlgorithm {
  if (!a.pathfinder) return prepareAlgorithm(world, a.id, a.options ?? {})
  let options = a.options ?? {}
  try {
    options = completeOptions(a.id, options)
  } catch {
    // An unregistered pathfinder takes the options as given.
  }
  return preparePathfinder(world, a.pathfinder, options)
}

const point = (x: number, y: number): Point => ({ x, y })

/**
 * The batch as a sequence of steps: the generator yields after every timed query and every
 * measured answer, and returns the result. The drivers (`runBatch`, `runBatchAsync`) decide
 * what happens between steps.
 */
export function* batchSteps(
  world: NavWorld,
  pairs: readonly Pair[],
  algorithms: readonly BatchAlgorithm[],
  options: BatchOptions = {},
): Generator<void, BatchRunResult, void> {
  const resolution = options.clockResolutionMs ?? clockResolutionMs()
  const warmUp = Math.max(0, Math.floor(options.warmUp ?? DEFAULT_WARM_UP))
  const repeatBelowMs = options.repeatBelowMs ?? REPEAT_BELOW_MS
  const minRunMs = options.minRunMs ?? runLengthMs(resolution)
  const runs = Math.max(1, Math.floor(options.runs ?? DEFAULT_RUNS))
  const queryBudgetMs = options.queryBudgetMs ?? QUERY_TIMING.budgetMs
  const slowRuns = Math.max(1, Math.floor(options.slowRuns ?? 1))
  const total = 2 * pairs.length * algorithms.length
  let done = 0
  const step = (phase: BatchPhase) => options.onProgress?.(++done, total, phase)

  // 1. Timed passes, one algorithm after the other.
  const t0 = performance.now()
  const prepared: PreparedAlgorithm[] = []
  const answers: Answer[][] = []
  let cancelled = false
  for (const a of algorithms) {
    if (cancelled) break
    const p = prepareFor(world, a)
    prepared.push(p)
    for (const pair of pairs.slice(0, warmUp)) runQuery(p, point(pair[0], pair[1]), point(pair[2], pair[3]))
    const list: Answer[] = []
    answers.push(list)
    for (const pair of pairs) {
      if (options.shouldCancel?.()) {
        cancelled = true
        break
      }
      const from = point(pair[0], pair[1])
      const to = point(pair[2], pair[3])
      const result = runQuery(p, from, to, options.now)
      let answer: Answer = {
        result: { ...result, debug: [] },
        queryMs: result.stats.queryMs,
        queryMinMs: result.stats.queryMs,
        queryMaxMs: result.stats.queryMs,
        repeats: 1,
        runs: 1,
      }
      const { pathfinder, data } = p
      if (result.stats.queryMs < repeatBelowMs && result.error === undefined && pathfinder && data) {
        const call = () => pathfinder.findPath(data, from, to)
        const t = timeQueryRepeated(call, { minRunMs, runs, budgetMs: queryBudgetMs, now: options.now })
        answer = {
          ...answer,
          queryMs: t.medianMs,
          queryMinMs: t.minMs,
          queryMaxMs: t.maxMs,
          repeats: t.calls,
          runs: t.samples.length,
        }
      } else if (slowRuns > 1 && result.error === undefined) {
        const samples = [result.stats.queryMs]
        for (let k = 1; k < slowRuns; k++) samples.push(runQuery(p, from, to).stats.queryMs)
        answer = {
          ...answer,
          queryMs: median(samples),
          queryMinMs: Math.min(...samples),
          queryMaxMs: Math.max(...samples),
          runs: samples.length,
        }
      }
      list.push(answer)
      step('timing')
      yield
    }
  }
  const timingMs = performance.now() - t0

  // 2. Measuring: metrics of every answer, one optimum per pair shared by every algorithm.
  const t1 = performance.now()
  const answered = answers.reduce((n, list) => Math.max(n, list.length), 0)
  const optimal: (number | null)[] = []
  const rows: BatchRunRow[] = []
  for (let i = 0; i < answered; i++) {
    const pair = pairs[i]
    const from = point(pair[0], pair[1])
    const to = point(pair[2], pair[3])
    let asked: number | null = options.optimal?.[i] ?? null
    if (options.optimal?.[i] === undefined) {
      try {
        asked = optimalLength(world, from, to)
      } catch {
        asked = null
      }
    }
    optimal.push(asked)
    answers.forEach((list, k) => {
      const answer = list[i]
      if (!answer) return
      const a = algorithms[k]
      const r = answer.result
      const against = optimalLengthFor(world, r, from, to, asked)
      const m = measurePath(world, r, against, { clearance: false })
      const end = r.points[r.points.length - 1] ?? r.start
      rows.push({
        pair: i,
        algorithm: a.label ?? a.id,
        id: a.id,
        fromX: pair[0],
        fromY: pair[1],
        toX: pair[2],
        toY: pair[3],
        startX: r.start.x,
        startY: r.start.y,
        goalX: r.goal.x,
        goalY: r.goal.y,
        endX: end.x,
        endY: end.y,
        reached: r.reached,
        valid: m.valid,
        length: m.length,
        optimal: against,
        lengthRatio: m.lengthRatio,
        queryMs: answer.queryMs,
        queryMinMs: answer.queryMinMs,
        queryMaxMs: answer.queryMaxMs,
        repeats: answer.repeats,
        runs: answer.runs,
        expanded: r.stats.expanded,
        defect: m.valid ? undefined : m.defects[0]?.message,
      })
    })
    for (const list of answers) {
      if (!list[i]) continue
      step('measuring')
      yield
    }
  }
  const measuringMs = performance.now() - t1
  return {
    pairs: pairs.slice(0, answered),
    optimal,
    rows,
    summary: summariseRows(rows, algorithms, prepared),
    cancelled,
    timing: { warmUp, repeatBelowMs, minRunMs, runs, slowRuns, clockResolutionMs: resolution },
    timingMs,
    measuringMs,
  }
}

/** The per-algorithm summary of a batch's rows, in the order the algorithms were given. */
export function summariseRows(
  rows: readonly BatchRunRow[],
  algorithms: readonly BatchAlgorithm[],
  prepared: readonly (Pick<PreparedAlgorithm, 'prepareMs' | 'bytes'> | undefined)[] = [],
): BatchAlgorithmSummary[] {
  return algorithms.map((a, k) => {
    const label = a.label ?? a.id
    const own = rows.filter((r) => r.algorithm === label)
    const times = own.map((r) => r.queryMs)
    const ratios = own.filter((r) => r.reached && r.lengthRatio !== null).map((r) => r.lengthRatio as number)
    const reached = own.filter((r) => r.reached).length
    const valid = own.filter((r) => r.valid).length
    return {
      algorithm: label,
      id: a.id,
      options: a.options ?? {},
      pairs: own.length,
      reached,
      valid,
      invalid: own.length - valid,
      medianQueryMs: finite(median(times)),
      p95QueryMs: finite(quantile(times, 0.95)),
      medianLengthRatio: finite(median(ratios)),
      p95LengthRatio: finite(quantile(ratios, 0.95)),
      meanLengthRatio: finite(mean(ratios)),
      maxLengthRatio: ratios.length ? Math.max(...ratios) : null,
      meanExpanded: own.length ? own.reduce((s, r) => s + r.expanded, 0) / own.length : null,
      prepareMs: prepared[k]?.prepareMs ?? 0,
      bytes: prepared[k]?.bytes ?? 0,
      defects: own
        .filter((r) => !r.valid)
        .slice(0, MAX_SUMMARY_DEFECTS)
        .map((r) => ({ pair: r.pair, message: r.defect ?? 'invalid' })),
    }
  })
}

/** Run a batch to the end without pausing (the command line, the benchmark, tests). */
export function runBatch(
  world: NavWorld,
  pairs: readonly Pair[],
  algorithms: readonly BatchAlgorithm[],
  options: BatchOptions = {},
): BatchRunResult {
  const steps = batchSteps(world, pairs, algorithms, options)
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
  }
}

export interface AsyncBatchOptions extends BatchOptions {
  /** Gives the event loop a turn (the worker: so that a cancel or a query can arrive). */
  yieldNow: () => Promise<void>
  /** Yield between steps once this long has passed since the last turn, ms (default 10). */
  yieldEveryMs?: number
}

/**
 * Run a batch, yielding to the event loop between steps at most every `yieldEveryMs`, never
 * inside a timed query. The time spent away is not in any query's time.
 */
export async function runBatchAsync(
  world: NavWorld,
  pairs: readonly Pair[],
  algorithms: readonly BatchAlgorithm[],
  options: AsyncBatchOptions,
): Promise<BatchRunResult> {
  const every = options.yieldEveryMs ?? 10
  const steps = batchSteps(world, pairs, algorithms, options)
  let last = performance.now()
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
    if (performance.now() - last >= every) {
      await options.yieldNow()
      last = performance.now()
    }
  }
}
