/**
 * Batch results as CSV (measure/batch-csv): one line per pair and algorithm, or one line per
 * algorithm for the summary. The command line and the editor's export write the same text.
 *
 * Glossary
 * - CSV: RFC 4180 text: comma separated, a field with a comma, a quote or a line break is
 *   quoted and its quotes doubled, the first line is the header, lines end with CRLF.
 * - cell: numbers at full precision (scripts read them back exactly), booleans as
 *   true/false, a missing value (no optimum, no ratio) as an empty field.
 *
 * Units: room px for coordinates and lengths, ms for times (the headers say so).
 */
import type { BatchAlgorithmSummary, BatchRunRow } from './batch'

type Cell = string | number | boolean | null | undefined

/** The columns of the per-pair CSV, with the row field each comes from. */
export const ROW_COLUMNS: readonly { header: string; cell: (r: BatchRunRow) => Cell }[] = [
  { header: 'pair', cell: (r) => r.pair },
  { header: 'algorithm', cell: (r) => r.algorithm },
  { header: 'from_x', cell: (r) => r.fromX },
  { header: 'from_y', cell: (r) => r.fromY },
  { header: 'to_x', cell: (r) => r.toX },
  { header: 'to_y', cell: (r) => r.toY },
  { header: 'start_x', cell: (r) => r.startX },
  { header: 'start_y', cell: (r) => r.startY },
  { header: 'goal_x', cell: (r) => r.goalX },
  { header: 'goal_y', cell: (r) => r.goalY },
  { header: 'reached', cell: (r) => r.reached },
  { header: 'valid', cell: (r) => r.valid },
  { header: 'length_px', cell: (r) => r.length },
  { header: 'optimal_px', cell: (r) => r.optimal },
  { header: 'ratio', cell: (r) => r.lengthRatio },
  { header: 'query_ms', cell: (r) => r.queryMs },
  { header: 'query_min_ms', cell: (r) => r.queryMinMs },
  { header: 'query_max_ms', cell: (r) => r.queryMaxMs },
  { header: 'repeats', cell: (r) => r.repeats },
  { header: 'runs', cell: (r) => r.runs },
  { header: 'expanded', cell: (r) => r.expanded },
  { header: 'defect', cell: (r) => r.defect },
]

/** The columns of the summary CSV. */
export const SUMMARY_CSV_COLUMNS: readonly { header: string; cell: (s: BatchAlgorithmSummary) => Cell }[] = [
  { header: 'algorithm', cell: (s) => s.algorithm },
  { header: 'pairs', cell: (s) => s.pairs },
  { header: 'reached', cell: (s) => s.reached },
  { header: 'valid', cell: (s) => s.valid },
  { header: 'invalid', cell: (s) => s.invalid },
  { header: 'median_query_ms', cell: (s) => s.medianQueryMs },
  { header: 'p95_query_ms', cell: (s) => s.p95QueryMs },
  { header: 'median_ratio', cell: (s) => s.medianLengthRatio },
  { header: 'p95_ratio', cell: (s) => s.p95LengthRatio },
  { header: 'mean_ratio', cell: (s) => s.meanLengthRatio },
  { header: 'max_ratio', cell: (s) => s.maxLengthRatio },
  { header: 'mean_expanded', cell: (s) => s.meanExpanded },
  { header: 'prepare_ms', cell: (s) => s.prepareMs },
  { header: 'bytes', cell: (s) => s.bytes },
]

function field(value: Cell): string {
  const text = value === null || value === undefined ? '' : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** RFC 4180 text of a header and rows. */
export function toCsv(header: readonly Cell[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n'
}

/** One line per pair and algorithm. */
export function batchRowsCsv(rows: readonly BatchRunRow[]): string {
  return toCsv(
    ROW_COLUMNS.map((c) => c.header),
    rows.map((r) => ROW_COLUMNS.map((c) => c.cell(r))),
  )
}

/** One line per algorithm. */
export function batchSummaryCsv(summary: readonly BatchAlgorithmSummary[]): string {
  return toCsv(
    SUMMARY_CSV_COLUMNS.map((c) => c.header),
    summary.map((s) => SUMMARY_CSV_COLUMNS.map((c) => c.cell(s))),
  )
}

/** Reads RFC 4180 text back into lines of fields (quoted fields may hold commas, quotes, line breaks). */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = []
  let line: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      line.push(cell)
      cell = ''
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      line.push(cell)
      lines.push(line)
      line = []
      cell = ''
    } else cell += ch
  }
  if (cell !== '' || line.length > 0) {
    line.push(cell)
    lines.push(line)
  }
  return lines
}
