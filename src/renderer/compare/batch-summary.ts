/**
 * Batch results: the per-algorithm summary table (the same rows go to the screen and to the
 * CSV export), distributions for the charts, and the CSV / JSON texts.
 *
 * Glossary
 * - pair: one random start/goal of the batch; each algorithm answers every pair.
 * - p50 / p95: the median and the 95th percentile (nearest rank) of an algorithm's query
 *   times over the pairs.
 * - length ratio: path length / yardstick length, only for reached pairs with an optimum.
 * - CSV: RFC 4180 text (comma separated, fields with commas, quotes or line breaks quoted,
 *   quotes doubled), first line the header, lines ended by CRLF.
 *
 * Units: ms for times, room px for lengths.
 */
import type { AlgorithmId } from '../../shared/nav/types'
import type { BatchDoneMessage, BatchRow } from './protocol'

export interface BatchSummaryRow {
  algorithm: AlgorithmId
  pairs: number
  reached: number
  invalid: number
  medianQueryMs: number | null
  p95QueryMs: number | null
  meanLengthRatio: number | null
  maxLengthRatio: number | null
  meanExpanded: number | null
  prepareMs: number | null
}

export const SUMMARY_COLUMNS: readonly { key: keyof BatchSummaryRow; label: string; digits?: number }[] = [
  { key: 'algorithm', label: 'algorithm' },
  { key: 'pairs', label: 'pairs', digits: 0 },
  { key: 'reached', label: 'reached', digits: 0 },
  { key: 'invalid', label: 'invalid', digits: 0 },
  { key: 'medianQueryMs', label: 'median query ms', digits: 3 },
  { key: 'p95QueryMs', label: 'p95 query ms', digits: 3 },
  { key: 'meanLengthRatio', label: 'mean length ratio', digits: 4 },
  { key: 'maxLengthRatio', label: 'max length ratio', digits: 4 },
  { key: 'meanExpanded', label: 'mean expanded', digits: 0 },
  { key: 'prepareMs', label: 'prepare ms', digits: 1 },
]

/** Nearest-rank quantile of sorted values (q in [0, 1]); null for none. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null
  const rank = Math.max(1, Math.ceil(q * sorted.length))
  return sorted[Math.min(sorted.length, rank) - 1]
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null
  return values.reduce((a, b) => a + b, 0) / values.length
}

export function rowsByAlgorithm(rows: readonly BatchRow[]): Map<AlgorithmId, BatchRow[]> {
  const map = new Map<AlgorithmId, BatchRow[]>()
  for (const row of rows) {
    let list = map.get(row.algorithm)
    if (!list) map.set(row.algorithm, (list = []))
    list.push(row)
  }
  return map
}

export function summariseBatch(done: Pick<BatchDoneMessage, 'rows' | 'prepareMs'>): BatchSummaryRow[] {
  const out: BatchSummaryRow[] = []
  for (const [algorithm, rows] of rowsByAlgorithm(done.rows)) {
    const times = rows.map((r) => r.queryMs).sort((a, b) => a - b)
    const ratios = rows.filter((r) => r.reached && r.lengthRatio !== null).map((r) => r.lengthRatio as number)
    out.push({
      algorithm,
      pairs: rows.length,
      reached: rows.filter((r) => r.reached).length,
      invalid: rows.filter((r) => !r.valid).length,
      medianQueryMs: quantile(times, 0.5),
      p95QueryMs: quantile(times, 0.95),
      meanLengthRatio: mean(ratios),
      maxLengthRatio: ratios.length > 0 ? Math.max(...ratios) : null,
      meanExpanded: mean(rows.map((r) => r.expanded)),
      prepareMs: done.prepareMs[algorithm] ?? null,
    })
  }
  return out
}

/** A summary cell as shown on screen and written to the CSV. */
export function formatSummaryCell(
  key: keyof BatchSummaryRow,
  value: BatchSummaryRow[keyof BatchSummaryRow],
): string {
  if (value === null) return ''
  const column = SUMMARY_COLUMNS.find((c) => c.key === key)
  if (typeof value === 'number') return value.toFixed(column?.digits ?? 3)
  return String(value)
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/** The summary table as CSV: one line per algorithm, the same cells as on screen. */
export function summaryCsv(summary: readonly BatchSummaryRow[]): string {
  return toCsv(
    SUMMARY_COLUMNS.map((c) => c.label),
    summary.map((row) => SUMMARY_COLUMNS.map((c) => formatSummaryCell(c.key, row[c.key]))),
  )
}

/** Every pair and every answer, for scripts. */
export function batchJson(
  done: BatchDoneMessage,
  roomId: string,
  summary: readonly BatchSummaryRow[],
): string {
  return JSON.stringify(
    {
      room: roomId,
      revision: done.revision,
      seed: done.seed,
      cancelled: done.cancelled,
      pairs: done.pairs,
      optimal: done.optimal,
      summary,
      rows: done.rows,
    },
    null,
    2,
  )
}
