/**
 * The live metrics table's columns, cell texts, sorting and "best in column" marking, kept
 * apart from the component so that they can be tested alone.
 *
 * Glossary
 * - row: one algorithm's answer to the current query (a WireResult, flattened), with its
 *   re-timed query time when the worker sent one (workers/query-timing.ts).
 * - repeats: a query that ran under a millisecond is timed again by repetition; its time is
 *   then the median over `runs` runs of `calls` calls each, with the fastest and slowest run.
 * - clock step: the smallest step of the worker's clock (0.1 ms in a page that is not
 *   cross-origin isolated); a single reading below it says only "under one step".
 * - best (★): per column where lower (or higher) is better for every algorithm alike, the
 *   rows with the best value, among answers that reached their goal and are valid only. A
 *   failed or invalid answer never gets a star; yes/no columns and "expanded" (whose unit
 *   differs between algorithms: cells, nodes, triangles) get none.
 * - tie: values that read the same in the table are all best.
 * - sort: by one column, ascending or descending; empty values (null) always go last.
 *
 * Units: room px for lengths and clearance; ms for times (shown in µs or ms).
 */
import { formatDuration } from '../../shared/measure/timing'
import { ALGORITHMS } from '../../shared/nav/registry'
import type { AlgorithmId } from '../../shared/nav/types'
import type { ClockMessage, TimingMessage, WireResult } from './protocol'
import { OWN_ENDS_PX } from './protocol'

export type CellValue = number | boolean | string | null

export type ExpandedUnit = (typeof ALGORITHMS)[number]['expandedUnit']

/** A query time measured by repetition. */
export interface Repeats {
  runs: number
  calls: number
  /** Fastest and slowest run, ms per call. */
  minMs: number
  maxMs: number
  /** ms per call of each run. */
  samples: number[]
}

export interface MetricsRow {
  algorithm: AlgorithmId
  label: string
  reached: boolean
  valid: boolean
  length: number | null
  lengthRatio: number | null
  /** The median over repeats when `queryRepeats` is set, else the single reading, ms. */
  queryMs: number
  /** Set when the query time was measured by repetition. */
  queryRepeats: Repeats | null
  prepareMs: number
  expanded: number
  /** What `expanded` counts for this algorithm. */
  expandedUnit: ExpandedUnit
  turns: number | null
  clearance: number | null
  /** The path runs between the requested start and goal (neither moved more than 2 px). */
  sameEnds: boolean
}

export type ColumnKey = Exclude<keyof MetricsRow, 'algorithm' | 'sameEnds' | 'queryRepeats' | 'expandedUnit'>

export interface Column {
  key: ColumnKey
  label: string
  /** Which values are best for every algorithm alike, or null: no star in this column. */
  better: 'lower' | 'higher' | null
  /** Only paths between the requested start and goal compete (a shorter walk to another goal does not win). */
  sameEnds?: boolean
  /** A duration: shown with its own unit (µs or ms), never as 0.00. */
  time?: boolean
  /** Unit shown in the header. */
  unit?: string
  digits?: number
}

export const COLUMNS: readonly Column[] = [
  { key: 'label', label: 'Algorithm', better: null },
  { key: 'queryMs', label: 'Query', better: 'lower', time: true },
  { key: 'prepareMs', label: 'Prepare', better: 'lower', time: true },
  { key: 'length', label: 'Length', unit: 'px', better: 'lower', sameEnds: true, digits: 1 },
  { key: 'lengthRatio', label: 'Ratio', better: 'lower', digits: 3 },
  { key: 'expanded', label: 'Expanded', better: null, digits: 0 },
  { key: 'turns', label: 'Turns', better: 'lower', digits: 0 },
  { key: 'clearance', label: 'Clearance', unit: 'px', better: 'higher', digits: 1 },
  { key: 'valid', label: 'Valid', better: null },
  { key: 'reached', label: 'Reached', better: null },
]

const EXPANDED_UNITS = new Map<AlgorithmId, ExpandedUnit>(
  ALGORITHMS.map((a) => [a.pathfinder.id, a.expandedUnit]),
)

/** What an algorithm's "expanded" count counts (from the algorithm list). */
export function expandedUnitOf(id: AlgorithmId): ExpandedUnit {
  return EXPANDED_UNITS.get(id) ?? 'nodes'
}

/** A row for an answer; `timing` (the same query's re-timing, if any) replaces the single reading. */
export function rowOf(result: WireResult, label: string, timing?: TimingMessage | null): MetricsRow {
  const hasPath = result.points.length > 0
  const near = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.hypot(a.x - b.x, a.y - b.y) <= OWN_ENDS_PX
  const repeated = timing && timing.algorithm === result.algorithm ? timing : null
  return {
    algorithm: result.algorithm,
    label,
    reached: result.reached,
    valid: result.metrics.valid,
    length: hasPath ? result.metrics.length : null,
    lengthRatio: result.metrics.lengthRatio,
    queryMs: repeated ? repeated.medianMs : result.queryMs,
    queryRepeats: repeated
      ? {
          runs: repeated.runs,
          calls: repeated.calls,
          minMs: repeated.minMs,
          maxMs: repeated.maxMs,
          samples: repeated.samples.slice(),
        }
      : null,
    prepareMs: result.prepareMs,
    expanded: result.expanded,
    expandedUnit: expandedUnitOf(result.algorithm),
    turns: hasPath ? result.metrics.turns : null,
    clearance: result.metrics.clearance,
    sameEnds: near(result.from, result.start) && near(result.to, result.goal),
  }
}

/** Clock step assumed until the worker has measured its own: a page that is not cross-origin isolated. */
export const DEFAULT_CLOCK_STEP_MS = 0.1

/**
 * A single reading of a duration: below one clock step it only says "under one step"
 * (e.g. "< 0.10 ms"); otherwise the duration with its unit, as a whole number of clock
 * steps, rounded down (a reading of 0.0999999 ms on a 0.1 ms clock is one step, "0.10 ms"). Never "0.00".
 */
export function formatReading(ms: number, clockStepMs = DEFAULT_CLOCK_STEP_MS): string {
  if (!Number.isFinite(ms)) return '–'
  const steps = clockStepMs > 0 ? Math.floor(ms / clockStepMs + 1e-6) : Infinity
  if (steps < 1 || ms <= 0) return `< ${formatDuration(clockStepMs)}`
  return formatDuration(clockStepMs > 0 ? steps * clockStepMs : ms)
}

/**
 * The spread of repeated runs as ± half their range in percent of the median ("±3%", "±<1%").
 * With five runs or more the fastest and the slowest are left out, so that one run that the
 * machine interrupted (another process, a garbage collection) does not stand for all; the
 * tooltip still gives the full fastest–slowest range.
 */
export function formatSpread(medianMs: number, samples: readonly number[]): string {
  if (!(medianMs > 0) || samples.length < 2) return ''
  const sorted = [...samples].sort((a, b) => a - b)
  const kept = sorted.length >= 5 ? sorted.slice(1, -1) : sorted
  const pct = ((kept[kept.length - 1] - kept[0]) / 2 / medianMs) * 100
  return pct < 1 ? '±<1%' : `±${pct.toFixed(0)}%`
}

/** The text of a cell. */
export function formatCell(column: Column, row: MetricsRow, clockStepMs = DEFAULT_CLOCK_STEP_MS): string {
  const value = row[column.key]
  if (value === null || value === undefined) return '–'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'string') return value
  if (column.key === 'queryMs' && row.queryRepeats) {
    const r = row.queryRepeats
    // One run has no spread to give: say so rather than look exact.
    if (r.samples.length < 2) return `${formatDuration(value)} (1 run)`
    return `${formatDuration(value)} ${formatSpread(value, r.samples)}`
  }
  if (column.time) return formatReading(value, clockStepMs)
  if (column.key === 'expanded') return `${value.toFixed(0)} ${row.expandedUnit}`
  return value.toFixed(column.digits ?? 2)
}

/** The tooltip of a query-time cell: how it was measured. */
export function queryTimeTitle(row: MetricsRow, clockStepMs = DEFAULT_CLOCK_STEP_MS): string {
  const r = row.queryRepeats
  if (r) {
    const total = r.runs * r.calls
    return (
      `Median of ${r.runs} run${r.runs === 1 ? '' : 's'} of ${r.calls} calls each (${total} repeats of this query); ` +
      `fastest–slowest run ${formatDuration(r.minMs)}–${formatDuration(r.maxMs)} per call.`
    )
  }
  if (row.queryMs < 1) {
    return `One reading (${formatReading(row.queryMs, clockStepMs)}); re-timing by repetition follows.`
  }
  return 'One reading: the query lasted over 1 ms, long enough for the clock.'
}

/** The tooltip of the time columns' headers: the clock, and whether the page is cross-origin isolated. */
export function timeHeaderTitle(
  column: Column,
  clock: Pick<ClockMessage, 'resolutionMs' | 'crossOriginIsolated'> | null,
  pageIsolated: boolean,
): string {
  const what =
    column.key === 'queryMs'
      ? 'Query time: a query under 1 ms is repeated until one run lasts at least a few ms; ' +
        'the figure is the median over the runs, ± half the range of the runs without the fastest and the slowest. ' +
        'Longer queries: one reading.'
      : 'Prepare time: one reading, when the algorithm first built its data for this room state.'
  const step = clock
    ? `Clock step in the worker: ${formatDuration(clock.resolutionMs)}.`
    : 'Clock step in the worker: not measured yet.'
  const isolated = pageIsolated
    ? 'The page is cross-origin isolated (fine clock).'
    : 'The page is not cross-origin isolated (the clock steps in 0.1 ms).'
  return `${what} ${step} ${isolated}`
}

function compareValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  return String(a).localeCompare(String(b))
}

/** Rows sorted by `key`; null values last in both directions; ties keep their order. */
export function sortRows(
  rows: readonly MetricsRow[],
  key: ColumnKey,
  direction: 'asc' | 'desc',
): MetricsRow[] {
  const sign = direction === 'asc' ? 1 : -1
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const va = a.row[key]
      const vb = b.row[key]
      if (va === null && vb === null) return a.index - b.index
      if (va === null) return 1
      if (vb === null) return -1
      return sign * compareValues(va, vb) || a.index - b.index
    })
    .map((x) => x.row)
}

/**
 * Per column, the algorithms holding its best value: only columns where lower (or higher)
 * is better for every algorithm alike, only among answers that reached their goal and are
 * valid; ties (the same text in the table) are all marked; none when no row competes.
 */
export function bestByColumn(
  rows: readonly MetricsRow[],
  clockStepMs = DEFAULT_CLOCK_STEP_MS,
): Partial<Record<ColumnKey, Set<AlgorithmId>>> {
  const best: Partial<Record<ColumnKey, Set<AlgorithmId>>> = {}
  for (const column of COLUMNS) {
    if (!column.better) continue
    const competing = rows.filter(
      (r) =>
        r.reached && r.valid && (column.sameEnds ? r.sameEnds : true) && typeof r[column.key] === 'number',
    )
    if (competing.length === 0) continue
    const value = (r: MetricsRow) => r[column.key] as number
    const top = competing.reduce((a, b) =>
      column.better === 'lower' ? (value(b) < value(a) ? b : a) : value(b) > value(a) ? b : a,
    )
    // A tie is what reads the same: the figure without its spread.
    const shown = (r: MetricsRow) =>
      column.time
        ? formatReading(value(r), column.key === 'queryMs' && r.queryRepeats ? 0 : clockStepMs)
        : formatCell(column, r)
    const winners = competing.filter((r) => shown(r) === shown(top))
    best[column.key] = new Set(winners.map((r) => r.algorithm))
  }
  return best
}
