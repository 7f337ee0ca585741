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
 * - warm-up: every algorithm answers the first query once, untimed, before the timed
 *   queries (so the times are of warm code, as in the editor).
 * - timed pass (batch, scen): an algorithm answers all its queries in a row; their metrics
 *   are computed afterwards, since that work between two timed queries (allocation,
 *   cache traffic) made microsecond queries about twice as slow.
 *
 * Units: room px for points and lengths, ms for times, bytes for memory. Moving AI cells
 * (x, y) are queried at their centres (x + 0.5, y + 0.5), so lengths equal grid lengths.
 */
import type { Point } from '../shared/geometry/types'
import { measurePath, optimalLength, optimalLengthFor } from '../shared/measure/metrics'
import { randomPairs } from '../shared/measure/random'
import { prepareAlgorithm, runQuery } from '../shared/nav/run'
import type { AlgorithmRun } from '../shared/nav/algorithm-spec'
import type { NavWorld, OptionValues } from '../shared/nav/types'
import { finiteOrNull, fixed, markdownTable, mean, median, quantile } from './table'

/** Listed optimal lengths have about 6 significant digits; closer than this counts as optimal, px. */
export const SCEN_TOLERANCE = 0.01

export type Pair = [number, number, number, number]

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
}

export interface CompareReport {
  room: string
  from: [number, number]
  to: [number, number]
  optimalLength: number | null
  results: CompareRow[]
}

export function compare(
  room: string,
  world: NavWorld,
  from: Point,
  to: Point,
  algorithms: AlgorithmRun[],
): CompareReport {
  const asked = optimalLength(world, from, to)
  const results = algorithms.map(({ id, options, label }): CompareRow => {
    const prepared = prepareAlgorithm(world, id, options)
    runQuery(prepared, from, to) // warm-up, untimed
    const result = runQuery(prepared, from, to)
    const m = measurePath(world, result, optimalLengthFor(world, result, from, to, asked))
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
    }
  })
  return { room, from: [from.x, from.y], to: [to.x, to.y], optimalLength: asked, results }
}

export function compareTable(report: CompareReport): string {
  const table = markdownTable(
    ['algorithm', 'reached', '>length', '>ratio', '>query ms', '>expanded', '>turns', 'valid'],
    report.results.map((r) => [
      r.algorithm,
      r.reached ? 'yes' : 'no',
      fixed(r.length, 1),
      fixed(r.lengthRatio, 3),
      fixed(r.queryMs, 3),
      r.expanded,
      r.turns,
      r.valid ? 'yes' : `NO: ${r.defects[0]?.message ?? ''}`,
    ]),
  )
  const head = `${report.room}: (${report.from.join(', ')}) -> (${report.to.join(', ')}), optimal length ${fixed(report.optimalLength, 2)} px`
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
  invalidCount: number
  medianQueryMs: number | null
  p95QueryMs: number | null
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
  results: BatchRow[]
}

/** Seeded random pairs of walkable points (see measure/random.ts). */
export function seededPairs(world: NavWorld, count: number, seed: number): Pair[] {
  return randomPairs(world, count, seed)
}

export function batch(
  room: string,
  world: NavWorld,
  pairs: Pair[],
  seed: number | null,
  algorithms: AlgorithmRun[],
): BatchReport {
  const optimal = pairs.map((p) => optimalLength(world, { x: p[0], y: p[1] }, { x: p[2], y: p[3] }))
  const results = algorithms.map(({ id, options, label }): BatchRow => {
    const prepared = prepareAlgorithm(world, id, options)
    const first = pairs[0]
    if (first) runQuery(prepared, { x: first[0], y: first[1] }, { x: first[2], y: first[3] }) // warm-up
    const times: number[] = []
    const ratios: number[] = []
    const defects: BatchRow['defects'] = []
    let reachedCount = 0
    let invalidCount = 0
    // All pairs timed in a row, the metrics after (see the glossary: timed pass).
    const answers = pairs.map((pair) =>
      runQuery(prepared, { x: pair[0], y: pair[1] }, { x: pair[2], y: pair[3] }),
    )
    answers.forEach((result, i) => {
      const pair = pairs[i]
      const from = { x: pair[0], y: pair[1] }
      const to = { x: pair[2], y: pair[3] }
      const m = measurePath(world, result, optimalLengthFor(world, result, from, to, optimal[i]), {
        clearance: false,
      })
      times.push(result.stats.queryMs)
      if (result.reached) reachedCount++
      if (!m.valid) {
        invalidCount++
        if (defects.length < 5) defects.push({ pair, message: m.defects[0].message })
      }
      if (m.lengthRatio !== null) ratios.push(m.lengthRatio)
    })
    return {
      algorithm: label,
      options,
      reachedCount,
      invalidCount,
      medianQueryMs: finiteOrNull(median(times)),
      p95QueryMs: finiteOrNull(quantile(times, 0.95)),
      meanLengthRatio: finiteOrNull(mean(ratios)),
      maxLengthRatio: ratios.length > 0 ? Math.max(...ratios) : null,
      prepareMs: prepared.prepareMs,
      bytes: prepared.bytes,
      defects,
    }
  })
  return { room, pairs: pairs.length, seed, results }
}

export function batchTable(report: BatchReport): string {
  const table = markdownTable(
    [
      'algorithm',
      '>reached',
      '>invalid',
      '>median ms',
      '>p95 ms',
      '>mean ratio',
      '>max ratio',
      '>prepare ms',
    ],
    report.results.map((r) => [
      r.algorithm,
      `${r.reachedCount}/${report.pairs}`,
      r.invalidCount,
      fixed(r.medianQueryMs, 3),
      fixed(r.p95QueryMs, 3),
      fixed(r.meanLengthRatio, 4),
      fixed(r.maxLengthRatio, 4),
      fixed(r.prepareMs, 1),
    ]),
  )
  const seed = report.seed === null ? 'pairs from file' : `seed ${report.seed}`
  const defects = report.results.flatMap((r) =>
    r.defects.map((d) => `- ${r.algorithm} [${d.pair.join(', ')}]: ${d.message}`),
  )
  return [
    `${report.room}: ${report.pairs} pairs, ${seed}`,
    '',
    table,
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
  const results = algorithms.map(({ id, options, label }): ScenRow => {
    const prepared = prepareAlgorithm(world, id, options)
    if (scenarios.length > 0) runQuery(prepared, scenarios[0].from, scenarios[0].to) // warm-up
    const times: number[] = []
    const ratios: number[] = []
    let solved = 0
    let optimal = 0
    let invalid = 0
    // All scenarios timed in a row, the metrics after (see the glossary: timed pass).
    const answers = scenarios.map((s) => runQuery(prepared, s.from, s.to))
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
