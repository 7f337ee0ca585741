/**
 * The command line's three commands as plain functions returning their JSON report and a
 * text table: compare (one query, every algorithm), batch (many seeded pairs) and scen
 * (Moving AI scenario files).
 *
 * Glossary
 * - pair: [fromX, fromY, toX, toY] in room px.
 * - optimal length: the any-angle-optimal length (see measure/metrics.ts) for compare and
 *   batch; the length listed in the .scen file for scen. A result whose ends moved
 *   (grid cell centres, snapped clicks) gets its ratio against the optimum between its
 *   own ends (measure/metrics.ts `optimalLengthFor`), so no ratio falls below 1.
 * - solved (scen): the algorithm reached the goal with a valid path.
 * - optimal (scen): solved with a length within `SCEN_TOLERANCE` of the listed one.
 * - warm-up: every algorithm answers the first query once (batch: the first few pairs),
 *   untimed, before the timed queries (so the times are of warm code, as in the editor).
 * - timed pass (batch, scen): an algorithm answers all its queries in a row; their metrics
 *   are computed afterwards, since that work between two timed queries (allocation,
 *   cache traffic) made microsecond queries about twice as slow. batch runs through the
 *   one batch runner (measure/batch.ts), as the editor's worker and the benchmark do, and
 *   times a sub-millisecond query by repetition.
 *
 * Units: room px for points and lengths, ms for times, bytes for memory. Moving AI cells
 * (x, y) are queried at their centres (x + 0.5, y + 0.5), so lengths equal grid lengths.
 */
import type { Point } from '../shared/geometry/types'
import type { Pair } from '../shared/measure/batch'
import { measurePath, optimalLength, optimalLengthFor } from '../shared/measure/metrics'
import { randomPairs } from '../shared/measure/random'
import { prepareAlgorithm, runBetween, runQuery } from '../shared/nav/run'
import { snapQueryEnds, type SnappedEnd } from '../shared/nav/click-snap'
import type { AlgorithmRun } from '../shared/nav/algorithm-spec'
import type { NavWorld, OptionValues } from '../shared/nav/types'
import {
  runBatch,
  type BatchAlgorithmSummary,
  type BatchOptions,
  type BatchRunResult,
  type BatchRunRow,
} from '../shared/measure/batch'
import { clockResolutionMs, formatDuration, QUERY_TIMING, timeQuery } from '../shared/measure/timing'
import { finiteOrNull, fixed, markdownTable, mean, median } from './table'

/** Listed optimal lengths have about 6 significant digits; closer than this counts as optimal, px. */
export const SCEN_TOLERANCE = 0.01

export type { Pair }

export interface CompareRow {
  /** The algorithm id, with its options when they are not the defaults (see nav/algorithm-spec.ts). */
  algorithm: string
  options: OptionValues
  reached: boolean
  length: number
  lengthRatio: number | null
  valid: boolean
  prepareMs: number
  queryMs: number
  expanded: number
  turns: number
  turningDeg: number
  clearance: number | null
  bytes: number
  reason?: string
  /** What is wrong with the path, with where (room px). */
  defects: { kind: string; message: string; at?: [number, number]; segment?: number; distance?: number }[]
  points: [number, number][]
  /** Where this algorithm's path starts and the goal it went for (its own snapping included). */
  start: [number, number]
  goal: [number, number]
  /** The ends the click rule moved (the same for every row): where they landed and how far, whole px. */
  snapped: CompareSnap
}

/** The ends the click rule (nav/click-snap.ts) moved before any algorithm ran. */
export interface CompareSnap {
  start?: { at: [number, number]; px: number }
  goal?: { at: [number, number]; px: number }
}

export interface CompareReport {
  room: string
  from: [number, number]
  to: [number, number]
  /** The ends every algorithm ran between, after the click rule. */
  snapped: CompareSnap
  /** Optimal length between the ends every algorithm ran between. */
  optimalLength: number | null
  results: CompareRow[]
}

function snapOf(start: SnappedEnd | null, goal: SnappedEnd | null): CompareSnap {
  const one = (s: SnappedEnd) => ({ at: [s.at.x, s.at.y] as [number, number], px: s.px })
  return { ...(start ? { start: one(start) } : {}), ...(goal ? { goal: one(goal) } : {}) }
}

export function compare(
  room: string,
  world: NavWorld,
  from: Point,
  to: Point,
  algorithms: AlgorithmRun[],
): CompareReport {
  // One rule for where the clicks land, before any algorithm runs (the same for all).
  const ends = snapQueryEnds(world, from, to)
  const snapped = snapOf(ends.startSnap, ends.goalSnap)
  const asked = optimalLength(world, ends.start, ends.goal)
  const results = algorithms.map(({ id, options, label }): CompareRow => {
    const prepared = prepareAlgorithm(world, id, options)
    runQuery(prepared, ends.start, ends.goal) // warm-up, untimed
    const result = runBetween(prepared, ends)
    const m = measurePath(world, result, optimalLengthFor(world, result, ends.start, ends.goal, asked))
    return {
      algorithm: label,
      options,
      reached: result.reached,
      length: m.length,
      lengthRatio: m.lengthRatio,
      valid: m.valid,
      prepareMs: prepared.prepareMs,
      queryMs: result.stats.queryMs,
      expanded: result.stats.expanded,
      turns: m.turns,
      turningDeg: m.turningDeg,
      clearance: m.clearance,
      bytes: prepared.bytes,
      reason: result.reason,
      defects: m.defects.map((d) => ({
        kind: d.kind,
        message: d.message,
        at: d.at ? [d.at.x, d.at.y] : undefined,
        segment: d.segment,
        distance: d.distance !== undefined && Number.isFinite(d.distance) ? d.distance : undefined,
      })),
      points: result.points.map((p) => [p.x, p.y]),
      start: [result.start.x, result.start.y],
      goal: [result.goal.x, result.goal.y],
      snapped,
    }
  })
  return { room, from: [from.x, from.y], to: [to.x, to.y], snapped, optimalLength: asked, results }
}

/**
 * The table's Reached cell: "snapped, 21 px" for a goal the click rule moved, else yes or
 * no; "(start snapped, 64 px)" after it when the start moved.
 */
function reachedText(r: CompareRow): string {
  const goal = r.snapped.goal && r.reached ? `snapped, ${r.snapped.goal.px} px` : r.reached ? 'yes' : 'no'
  return r.snapped.start ? `${goal} (start snapped, ${r.snapped.start.px} px)` : goal
}

/** One line per moved end, for the table's head. */
function snapLines(report: CompareReport): string[] {
  const line = (which: string, asked: [number, number], s: { at: [number, number]; px: number }) =>
    `${which} (${asked.join(', ')}) is not walkable: snapped, ${s.px} px, to (${s.at.join(', ')}) for every algorithm`
  const out: string[] = []
  if (report.snapped.start) out.push(line('start', report.from, report.snapped.start))
  if (report.snapped.goal) out.push(line('goal', report.to, report.snapped.goal))
  return out
}

export function compareTable(report: CompareReport): string {
  const table = markdownTable(
    ['algorithm', 'reached', '>length', '>ratio', '>query ms', '>expanded', '>turns', 'valid'],
    report.results.map((r) => [
      r.algorithm,
      reachedText(r),
      fixed(r.length, 1),
      fixed(r.lengthRatio, 3),
      fixed(r.queryMs, 3),
      r.expanded,
      r.turns,
      r.valid ? 'yes' : `NO: ${r.defects[0]?.message ?? ''}`,
    ]),
  )
  const head = [
    `${report.room}: (${report.from.join(', ')}) -> (${report.to.join(', ')}), optimal length ${fixed(report.optimalLength, 2)} px`,
    ...snapLines(report),
  ].join('\n')
  const foot =
    'ratio: length / the optimal length between the ends the algorithm used ' +
    '(grids start and stop at pixel or cell centres, and a click outside the floor is snapped).'
  return `${head}\n\n${table}\n\n${foot}`
}

export interface BatchRow {
  /** The algorithm id, with its options when they are not the defaults. */
  algorithm: string
  options: OptionValues
  reachedCount: number
  validCount: number
  invalidCount: number
  /** Median and p95 over the pairs of each pair's query time (see measure/batch.ts). */
  medianQueryMs: number | null
  p95QueryMs: number | null
  medianLengthRatio: number | null
  p95LengthRatio: number | null
  meanLengthRatio: number | null
  maxLengthRatio: number | null
  prepareMs: number
  bytes: number
  /** The first few defects, for finding them again. */
  defects: { pair: Pair; message: string }[]
}

export interface BatchReport {
  room: string
  pairs: number
  seed: number | null
  /** One summary row per algorithm. */
  results: BatchRow[]
  /** The runner's summary (the same as the editor's batch export). */
  summary: BatchAlgorithmSummary[]
  /** One row per pair and algorithm, pair-major (measure/batch.ts). */
  rows: BatchRunRow[]
  /** The pairs and the optimal length between their asked points. */
  pairList: Pair[]
  optimal: (number | null)[]
  /** How the queries were timed (warm-up, repetition, the clock's step). */
  timing: BatchRunResult['timing']
}

/** Seeded random pairs of walkable points (see measure/random.ts). */
export function seededPairs(world: NavWorld, count: number, seed: number): Pair[] {
  return randomPairs(world, count, seed)
}

/** Every pair answered by every algorithm through the one batch runner (measure/batch.ts). */
export function batch(
  room: string,
  world: NavWorld,
  pairs: Pair[],
  seed: number | null,
  algorithms: AlgorithmRun[],
  options: BatchOptions = {},
): BatchReport {
  const run = runBatch(world, pairs, algorithms, options)
  const results = run.summary.map((s): BatchRow => ({
    algorithm: s.algorithm,
    options: s.options,
    reachedCount: s.reached,
    validCount: s.valid,
    invalidCount: s.invalid,
    medianQueryMs: s.medianQueryMs,
    p95QueryMs: s.p95QueryMs,
    medianLengthRatio: s.medianLengthRatio,
    p95LengthRatio: s.p95LengthRatio,
    meanLengthRatio: s.meanLengthRatio,
    maxLengthRatio: s.maxLengthRatio,
    prepareMs: s.prepareMs,
    bytes: s.bytes,
    defects: s.defects.map((d) => ({ pair: pairs[d.pair], message: d.message })),
  }))
  return {
    room,
    pairs: pairs.length,
    seed,
    results,
    summary: run.summary,
    rows: run.rows,
    pairList: run.pairs,
    optimal: run.optimal,
    timing: run.timing,
  }
}

const duration = (ms: number | null) => (ms === null ? '-' : formatDuration(ms))

export function batchTable(report: BatchReport): string {
  const table = markdownTable(
    [
      'algorithm',
      '>reached',
      '>invalid',
      '>median query',
      '>p95 query',
      '>median ratio',
      '>p95 ratio',
      '>max ratio',
      '>prepare ms',
    ],
    report.results.map((r) => [
      r.algorithm,
      `${r.reachedCount}/${report.pairs}`,
      r.invalidCount,
      duration(r.medianQueryMs),
      duration(r.p95QueryMs),
      fixed(r.medianLengthRatio, 4),
      fixed(r.p95LengthRatio, 4),
      fixed(r.maxLengthRatio, 4),
      fixed(r.prepareMs, 1),
    ]),
  )
  const seed = report.seed === null ? 'pairs from file' : `seed ${report.seed}`
  const t = report.timing
  const how =
    `Each algorithm warmed up on ${t.warmUp} pairs, then answered every pair in a row; a query under ` +
    `${formatDuration(t.repeatBelowMs)} was repeated in ${t.runs} runs of at least ${formatDuration(t.minRunMs)} ` +
    `(clock step ${formatDuration(t.clockResolutionMs)}); times are per pair (median over runs), ` +
    'then median and 95th percentile over the pairs. Metrics were measured after the timing.'
  const defects = report.results.flatMap((r) =>
    r.defects.map((d) => `- ${r.algorithm} [${d.pair.join(', ')}]: ${d.message}`),
  )
  return [
    `${report.room}: ${report.pairs} pairs, ${seed}`,
    '',
    table,
    '',
    how,
    ...(defects.length ? ['', ...defects] : []),
  ].join('\n')
}

export interface Scenario {
  bucket: number
  from: Point
  to: Point
  optimal: number
}

export interface ScenRow {
  /** The algorithm id, with its options when they are not the defaults. */
  algorithm: string
  options: OptionValues
  solved: number
  optimal: number
  invalid: number
  meanLengthRatio: number | null
  medianQueryMs: number | null
  prepareMs: number
}

export interface ScenReport {
  map: string
  scenarios: number
  results: ScenRow[]
}

export function scen(
  map: string,
  world: NavWorld,
  scenarios: Scenario[],
  algorithms: AlgorithmRun[],
): ScenReport {
  const resolutionMs = clockResolutionMs()
  const results = algorithms.map(({ id, options, label }): ScenRow => {
    const prepared = prepareAlgorithm(world, id, options)
    for (const s of scenarios.slice(0, QUERY_TIMING.warmUpQueries)) runQuery(prepared, s.from, s.to)
    const times: number[] = []
    const ratios: number[] = []
    let solved = 0
    let optimal = 0
    let invalid = 0
    // All scenarios timed in a row under the one timing policy (a fast one again by
    // repetition), the metrics after (see the glossary: timed pass).
    const answers = scenarios.map((s) => {
      const t = timeQuery(
        () => {
          const answer = runQuery(prepared, s.from, s.to)
          return { answer, ms: answer.stats.queryMs }
        },
        () => void runQuery(prepared, s.from, s.to),
        { resolutionMs },
      )
      return { ...t.answer, stats: { ...t.answer.stats, queryMs: t.ms } }
    })
    scenarios.forEach((s, k) => {
      const result = answers[k]
      const m = measurePath(world, result, s.optimal, { clearance: false })
      times.push(result.stats.queryMs)
      if (!m.valid) invalid++
      if (!result.reached || !m.valid) return
      solved++
      if (Math.abs(m.length - s.optimal) <= SCEN_TOLERANCE) optimal++
      if (m.lengthRatio !== null) ratios.push(m.lengthRatio)
    })
    return {
      algorithm: label,
      options,
      solved,
      optimal,
      invalid,
      meanLengthRatio: finiteOrNull(mean(ratios)),
      medianQueryMs: finiteOrNull(median(times)),
      prepareMs: prepared.prepareMs,
    }
  })
  return { map, scenarios: scenarios.length, results }
}

export function scenTable(report: ScenReport): string {
  const table = markdownTable(
    ['algorithm', '>solved', '>optimal', '>invalid', '>mean ratio', '>median ms', '>prepare ms'],
    report.results.map((r) => [
      r.algorithm,
      `${r.solved}/${report.scenarios}`,
      r.optimal,
      r.invalid,
      fixed(r.meanLengthRatio, 4),
      fixed(r.medianQueryMs, 3),
      fixed(r.prepareMs, 1),
    ]),
  )
  return `${report.map}: ${report.scenarios} scenarios\n\n${table}`
}
