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
 *   differs between algorithms: cells, nodes, triangles) get none. Query times compare like
 *   with like: warm medians among the re-timed rows, never a warm median against a single
 *   cold reading (see `queryStarKind`).
 * - tie: values that read the same in the table are all best.
 * - sort: by one column, ascending or descending; empty values (null) always go last.
 * - snapped end: the click was not walkable (a closed area, a closed gate, a hole, outside)
 *   and the click rule (nav/click-snap.ts) moved it, before any algorithm ran, to the closest
 *   point reachable from the other end; every row then says so with the same distance: Reached
 *   reads "snapped, 21 px" for the goal, never a bare "yes", and "(start snapped, 64 px)" after
 *   it for the start.
 * - shown ratio: Length / optimum computed from the two figures as shown (1 decimal each),
 *   so that the cell can be checked by hand; the optimum is the row's own (the ends it used).
 * - cold / warm: a single reading is the first call of the query (cold: the data an
 *   algorithm keeps between queries, flood-fill's distance buffer, a visibility graph's
 *   arrays, are not in the CPU cache, nor is the code compiled yet); re-timed runs repeat the
 *   same call (warm, as in a game that asks often, and as in the batch).
 *
 * Units: room px for lengths and clearance; ms for times (shown in µs or ms).
 */
import { formatDuration } from '../../shared/measure/timing'
import { snappedText, SNAP_SHOWN_PX } from '../../shared/analysis/goal-snap'
import { ALGORITHMS } from '../../shared/nav/registry'
import type { AlgorithmId } from '../../shared/nav/registry'
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
  /** The optimal length the ratio is measured against (its own ends'), px; null: none. */
  optimum: number | null
  /** The single reading of the query (the first, cold call), ms. */
  firstMs: number
  /** Set when the click rule moved the goal `SNAP_SHOWN_PX` or more: how far (the same on every row) and why. */
  goalSnap: EndSnap | null
  /** The same for the start. */
  startSnap: EndSnap | null
}

/** An end the click rule moved: how far from the click (whole px) and why the click was not walkable. */
export interface EndSnap {
  px: number
  why: string
}

export type ColumnKey = Exclude<
  keyof MetricsRow,
  | 'algorithm'
  | 'sameEnds'
  | 'queryRepeats'
  | 'expandedUnit'
  | 'optimum'
  | 'firstMs'
  | 'goalSnap'
  | 'startSnap'
>

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
  /** The column's definition (the "?" on its header). */
  help: string
}

/** Fewer runs than this show no spread: the range of two or three runs says little. */
export const MIN_SPREAD_RUNS = 5

export const COLUMNS: readonly Column[] = [
  {
    key: 'label',
    label: 'Algorithm',
    better: null,
    help: 'The algorithm; hover a name for why it failed, if it did.',
  },
  {
    key: 'queryMs',
    label: 'Query',
    better: 'lower',
    time: true,
    help:
      'Time of one query. "(1 cold)": one reading of the first call (the algorithm\'s kept data, e.g. flood-fill\'s ' +
      "distance buffer, not yet in the CPU cache, the code not yet compiled), as a player's click meets it. " +
      `"(5 warm)": the median per call over 5 runs repeating the same query on the same prepared data, as in the batch; ± half the ` +
      `range of the runs without the fastest and slowest, shown from ${MIN_SPREAD_RUNS} runs on.`,
  },
  {
    key: 'prepareMs',
    label: 'Prepare',
    better: 'lower',
    time: true,
    help: '"(1 run)": one reading of building the data the algorithm keeps for this room state (grids, graphs, meshes), once per state.',
  },
  {
    key: 'length',
    label: 'Length',
    unit: 'px',
    better: 'lower',
    sameEnds: true,
    digits: 1,
    help: "Sum of the path's segment lengths, room px (1 decimal).",
  },
  {
    key: 'lengthRatio',
    label: 'Ratio',
    better: 'lower',
    digits: 3,
    help:
      'Length / optimum, computed from the two figures as shown (1 decimal each), 3 decimals. The optimum is the ' +
      'shortest possible path (any-angle optimal on the exact walkable outline) between the ends the algorithm used: ' +
      'the Optimum above when it kept the asked points, else its own (marked *). 1.000 = as short as possible.',
  },
  {
    key: 'expanded',
    label: 'Expanded',
    better: null,
    digits: 0,
    help: 'What the search expanded, in its own unit: grid cells, graph nodes or navmesh triangles (no star: the units differ).',
  },
  {
    key: 'turns',
    label: 'Turns',
    better: 'lower',
    digits: 0,
    help: 'Path vertices where the direction changes.',
  },
  {
    key: 'clearance',
    label: 'Clearance',
    unit: 'px',
    better: 'higher',
    digits: 1,
    help: 'Smallest distance from the path to a wall or hole outline, room px (0: it hugs a corner).',
  },
  {
    key: 'valid',
    label: 'Valid',
    better: null,
    help: 'The path stays in the walkable area (within 1 px) and starts and ends where it says.',
  },
  {
    key: 'reached',
    label: 'Reached',
    better: null,
    help:
      'yes: the path ends at the click. "snapped, 21 px": the click was not walkable (closed area, closed gate, hole, ' +
      'outside) and, before any algorithm ran, it moved to the closest point reachable from the start, 21 px away, for ' +
      'every algorithm alike (hover for why). "(start snapped, 64 px)": the same for the start. no: the goal cannot be reached.',
  },
]

const EXPANDED_UNITS = new Map<AlgorithmId, ExpandedUnit>(
  ALGORITHMS.map((a) => [a.pathfinder.id, a.expandedUnit]),
)

/** What an algorithm's "expanded" count counts (from the algorithm list). */
export function expandedUnitOf(id: AlgorithmId): ExpandedUnit {
  return EXPANDED_UNITS.get(id) ?? 'nodes'
}

/** Why the asked start and goal are not walkable (goal-snap.ts `whyNotWalkable`); null: they are. */
export interface ClickWhy {
  start?: string | null
  goal?: string | null
}

/**
 * A row for an answer; `timing` (the same query's re-timing, if any) replaces the single
 * reading; `why` says why the asked ends are not walkable (goal-snap.ts).
 */
export function rowOf(
  result: WireResult,
  label: string,
  timing?: TimingMessage | null,
  why: ClickWhy = {},
): MetricsRow {
  const hasPath = result.points.length > 0
  const near = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.hypot(a.x - b.x, a.y - b.y) <= OWN_ENDS_PX
  const repeated = timing && timing.algorithm === result.algorithm ? timing : null
  // The ends every algorithm ran between: the clicks, or where the click rule landed them.
  const start = result.snap?.start?.at ?? result.from
  const goal = result.snap?.goal?.at ?? result.to
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
    sameEnds: near(start, result.start) && near(goal, result.goal),
    optimum: result.metrics.optimum,
    firstMs: result.queryMs,
    goalSnap: endSnapOf(result.snap?.goal, why.goal),
    startSnap: endSnapOf(result.snap?.start, why.start),
  }
}

function endSnapOf(snap: { px: number } | null | undefined, why: string | null | undefined): EndSnap | null {
  if (!snap || snap.px < SNAP_SHOWN_PX) return null
  return { px: snap.px, why: why ?? 'is not walkable' }
}

/** A length as the table shows it (1 decimal), as a number. */
function shownLength(px: number): number {
  return Number(px.toFixed(1))
}

/** Length / optimum from the figures as shown; null without both, and with a zero optimum (start = goal: no ratio). */
export function shownRatio(row: Pick<MetricsRow, 'length' | 'optimum' | 'lengthRatio'>): number | null {
  if (row.lengthRatio === null || row.length === null || row.optimum === null) return row.lengthRatio
  const optimum = shownLength(row.optimum)
  if (optimum <= 0) return null
  return shownLength(row.length) / optimum
}

/** The row's optimum differs (as shown) from the one between the asked points, `askedOptimum`. */
export function ownOptimum(row: Pick<MetricsRow, 'optimum'>, askedOptimum: number | null): boolean {
  return row.optimum !== null && (askedOptimum === null || row.optimum.toFixed(1) !== askedOptimum.toFixed(1))
}

/** The tooltip of a ratio cell: the sum it is, with the figures shown. */
export function ratioTitle(row: MetricsRow, askedOptimum: number | null): string | undefined {
  const ratio = shownRatio(row)
  if (ratio === null || row.length === null || row.optimum === null) return undefined
  const sum = `${row.length.toFixed(1)} px / ${row.optimum.toFixed(1)} px = ${ratio.toFixed(3)}`
  const whose = ownOptimum(row, askedOptimum)
    ? '* The optimum between the ends this algorithm used (it moved its start or goal), not the Optimum above.'
    : 'The optimum between the asked points (the Optimum above).'
  return `Length / optimum: ${sum}, from the figures as shown. ${whose}`
}

/** The tooltip of a Reached cell. */
export function reachedTitle(row: MetricsRow): string {
  const goal = !row.reached
    ? 'The goal cannot be reached from the start.'
    : row.goalSnap
      ? `Reached the goal used, ${row.goalSnap.px} px from the click: the click ${row.goalSnap.why}.`
      : 'The path ends at its goal.'
  if (!row.startSnap) return goal
  return `${goal} The start moved ${row.startSnap.px} px before any algorithm ran: the start click ${row.startSnap.why}.`
}

/** The Reached cell: yes / no / "snapped, 21 px", then "(start snapped, 64 px)" when the start moved. */
function reachedText(row: MetricsRow): string {
  const goal = !row.reached ? 'no' : row.goalSnap ? snappedText(row.goalSnap.px) : 'yes'
  return row.startSnap ? `${goal} (start ${snappedText(row.startSnap.px)})` : goal
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
 * The spread of repeated runs as ± half their range in percent of the median ("±3%", "±<1%"),
 * only from `MIN_SPREAD_RUNS` runs on (else ''). The fastest and the slowest are left out, so that one run that the
 * machine interrupted (another process, a garbage collection) does not stand for all; the
 * tooltip still gives the full fastest–slowest range.
 */
export function formatSpread(medianMs: number, samples: readonly number[]): string {
  if (!(medianMs > 0) || samples.length < MIN_SPREAD_RUNS) return ''
  const sorted = [...samples].sort((a, b) => a - b)
  const kept = sorted.slice(1, -1)
  const pct = ((kept[kept.length - 1] - kept[0]) / 2 / medianMs) * 100
  return pct < 1 ? '±<1%' : `±${pct.toFixed(0)}%`
}

/** The text of a cell. */
export function formatCell(column: Column, row: MetricsRow, clockStepMs = DEFAULT_CLOCK_STEP_MS): string {
  const value = row[column.key]
  if (value === null || value === undefined) return '–'
  if (column.key === 'reached') return reachedText(row)
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'string') return value
  if (column.key === 'queryMs') {
    const r = row.queryRepeats
    // The run count beside every figure; a spread only when there were runs enough for one.
    if (!r) return `${formatReading(value, clockStepMs)} (1 cold)`
    const spread = formatSpread(value, r.samples)
    return `${formatDuration(value)}${spread ? ` ${spread}` : ''} (${r.samples.length} warm)`
  }
  // Prepare is one reading; it says so as the query cells give their run count.
  if (column.key === 'prepareMs') return `${formatReading(value, clockStepMs)} (1 run)`
  if (column.time) return formatReading(value, clockStepMs)
  if (column.key === 'lengthRatio') {
    const ratio = shownRatio(row)
    return ratio === null ? '–' : ratio.toFixed(column.digits ?? 3)
  }
  if (column.key === 'expanded') return `${value.toFixed(0)} ${row.expandedUnit}`
  return value.toFixed(column.digits ?? 2)
}

/** The tooltip of a query-time cell: how it was measured (and, for flood-fill without a flood, why it is quick). */
export function queryTimeTitle(row: MetricsRow, clockStepMs = DEFAULT_CLOCK_STEP_MS): string {
  const why =
    row.algorithm === 'flood-fill' && row.expanded === 0
      ? ' No flood ran: the straight line from start to goal is walkable (beeline), which is why it is quick.'
      : ''
  return queryTimeHow(row, clockStepMs) + why
}

function queryTimeHow(row: MetricsRow, clockStepMs: number): string {
  const r = row.queryRepeats
  if (r) {
    const total = r.runs * r.calls
    return (
      `Warm: median of ${r.runs} run${r.runs === 1 ? '' : 's'} of ${r.calls} calls each (${total} repeats of this query on the same prepared data); ` +
      `fastest–slowest run ${formatDuration(r.minMs)}–${formatDuration(r.maxMs)} per call` +
      (r.samples.length < MIN_SPREAD_RUNS ? `; no spread under ${MIN_SPREAD_RUNS} runs` : '') +
      `. The first (cold) call took ${formatReading(row.firstMs, clockStepMs)}.`
    )
  }
  if (row.queryMs < 1) {
    return `Cold: one reading of the first call (${formatReading(row.queryMs, clockStepMs)}); warm re-timing by repetition follows.`
  }
  return 'Cold: one reading of the first call; the query lasted over 1 ms, long enough for the clock.'
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
 * Which readings the Query column's star compares, like with like: 'warm' as soon as one
 * competing row was re-timed (then only re-timed rows compete, by their medians: a row kept
 * at its single cold reading took a millisecond or more on its first call, when every
 * re-timed row took less), else 'cold' (every row's single first call).
 */
export function queryStarKind(rows: readonly Pick<MetricsRow, 'queryRepeats'>[]): 'warm' | 'cold' {
  return rows.some((r) => r.queryRepeats !== null) ? 'warm' : 'cold'
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
    let competing = rows.filter(
      (r) =>
        r.reached && r.valid && (column.sameEnds ? r.sameEnds : true) && typeof r[column.key] === 'number',
    )
    if (competing.length === 0) continue
    // Query times compare like with like: warm medians among the re-timed rows, or (none
    // re-timed yet) the single cold readings.
    const warm = column.key === 'queryMs' && queryStarKind(competing) === 'warm'
    if (warm) competing = competing.filter((r) => r.queryRepeats !== null)
    const value = (r: MetricsRow) => r[column.key] as number
    const top = competing.reduce((a, b) =>
      column.better === 'lower' ? (value(b) < value(a) ? b : a) : value(b) > value(a) ? b : a,
    )
    // A tie is what reads the same: the figure without its spread.
    const shown = (r: MetricsRow) =>
      column.time ? formatReading(value(r), warm ? 0 : clockStepMs) : formatCell(column, r)
    const winners = competing.filter((r) => shown(r) === shown(top))
    best[column.key] = new Set(winners.map((r) => r.algorithm))
  }
  return best
}
