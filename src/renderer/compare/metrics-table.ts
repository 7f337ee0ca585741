/**
 * The live metrics table's columns, sorting and "best in column" marking, kept apart from
 * the component so that they can be tested alone.
 *
 * Glossary
 * - row: one algorithm's answer to the current query (a WireResult, flattened).
 * - best: per column, the rows with the best value; which direction is better is the
 *   column's `better`. Path-shape columns (length, ratio, turns, clearance) only compare
 *   paths that reached their goal and are valid: a short path that stops early or leaves
 *   the walkable area is not the best.
 * - sort: by one column, ascending or descending; empty values (null) always go last.
 *
 * Units: room px for lengths and clearance; ms for times.
 */
import type { AlgorithmId } from '../../shared/nav/types'
import type { WireResult } from './protocol'
import { OWN_ENDS_PX } from './protocol'

export type CellValue = number | boolean | string | null

export interface MetricsRow {
  algorithm: AlgorithmId
  label: string
  reached: boolean
  valid: boolean
  length: number | null
  lengthRatio: number | null
  queryMs: number
  prepareMs: number
  expanded: number
  turns: number | null
  clearance: number | null
  /** The path runs between the requested start and goal (neither moved more than 2 px). */
  sameEnds: boolean
}

export type ColumnKey = Exclude<keyof MetricsRow, 'algorithm' | 'sameEnds'>

export interface Column {
  key: ColumnKey
  label: string
  /** Which values are best: the lowest, the highest, true, or none (no marking). */
  better: 'lower' | 'higher' | 'true' | null
  /** Only reached, valid paths compete in this column. */
  pathShape?: boolean
  /** Only paths between the requested start and goal compete (a shorter walk to another goal does not win). */
  sameEnds?: boolean
  /** Unit shown in the header. */
  unit?: string
  digits?: number
}

export const COLUMNS: readonly Column[] = [
  { key: 'label', label: 'Algorithm', better: null },
  { key: 'queryMs', label: 'Query', unit: 'ms', better: 'lower', digits: 2 },
  { key: 'prepareMs', label: 'Prepare', unit: 'ms', better: 'lower', digits: 1 },
  { key: 'length', label: 'Length', unit: 'px', better: 'lower', pathShape: true, sameEnds: true, digits: 1 },
  { key: 'lengthRatio', label: 'Ratio', better: 'lower', pathShape: true, digits: 3 },
  { key: 'expanded', label: 'Expanded', better: 'lower', digits: 0 },
  { key: 'turns', label: 'Turns', better: 'lower', pathShape: true, digits: 0 },
  { key: 'clearance', label: 'Clearance', unit: 'px', better: 'higher', pathShape: true, digits: 1 },
  { key: 'valid', label: 'Valid', better: 'true' },
  { key: 'reached', label: 'Reached', better: 'true' },
]

/** Ends moved further than this do not count as the same ends, px. */

export function rowOf(result: WireResult, label: string): MetricsRow {
  const hasPath = result.points.length > 0
  const near = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.hypot(a.x - b.x, a.y - b.y) <= OWN_ENDS_PX
  return {
    algorithm: result.algorithm,
    label,
    reached: result.reached,
    valid: result.metrics.valid,
    length: hasPath ? result.metrics.length : null,
    lengthRatio: result.metrics.lengthRatio,
    queryMs: result.queryMs,
    prepareMs: result.prepareMs,
    expanded: result.expanded,
    turns: hasPath ? result.metrics.turns : null,
    clearance: result.metrics.clearance,
    sameEnds: near(result.from, result.start) && near(result.to, result.goal),
  }
}

export function formatCell(column: Column, value: CellValue): string {
  if (value === null || value === undefined) return '–'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'number') return value.toFixed(column.digits ?? 2)
  return value
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

/** Per column, the algorithms holding its best value (ties all marked; none when no row competes). */
export function bestByColumn(rows: readonly MetricsRow[]): Partial<Record<ColumnKey, Set<AlgorithmId>>> {
  const best: Partial<Record<ColumnKey, Set<AlgorithmId>>> = {}
  for (const column of COLUMNS) {
    if (!column.better) continue
    const competing = rows.filter(
      (r) =>
        (column.pathShape ? r.reached && r.valid : true) &&
        (column.sameEnds ? r.sameEnds : true) &&
        r[column.key] !== null,
    )
    if (competing.length === 0) continue
    let winners: MetricsRow[] = []
    if (column.better === 'true') {
      // Marked only when it tells something: some row is not true.
      winners = competing.filter((r) => r[column.key] === true)
      if (winners.length === competing.length) continue
    } else {
      const values = competing.map((r) => r[column.key] as number)
      const target = column.better === 'lower' ? Math.min(...values) : Math.max(...values)
      // Equal within display precision counts as a tie.
      const eps = 0.5 * Math.pow(10, -(column.digits ?? 2))
      winners = competing.filter((r) => Math.abs((r[column.key] as number) - target) <= eps)
    }
    if (winners.length > 0) best[column.key] = new Set(winners.map((r) => r.algorithm))
  }
  return best
}
