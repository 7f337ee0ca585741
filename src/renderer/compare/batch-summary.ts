/**
 * Batch results for the Batch panel: the columns of its summary table (the summary itself is
 * the one batch runner's, measure/batch.ts, the same as `walkbox batch`'s), how a cell is
 * shown, the ratio histogram's bins, and the files it exports (CSV of the rows, CSV of the
 * summary, JSON of everything; measure/batch-csv.ts writes the CSV).
 *
 * Glossary
 * - pair: one random start/goal of the batch; each algorithm answers every pair.
 * - median / p95: over the pairs of each pair's query time (itself the median of repeated
 *   runs for a sub-millisecond query); p95 is nearest rank.
 * - length ratio: path length / optimal length, only for reached pairs with an optimum.
 * - ratio bin: a range (previous edge, edge] of length ratios; the first takes everything up
 *   to 1.001 (optimal within rounding), the last everything above 2.
 *
 * Units: ms for times (shown with formatDuration), room px for lengths.
 */
import type { BatchAlgorithmSummary } from '../../shared/measure/batch'
import { batchRowsCsv, batchSummaryCsv } from '../../shared/measure/batch-csv'
import { quantileSorted } from '../../shared/measure/stats'
import { formatDuration } from '../../shared/measure/timing'
import type { AlgorithmId } from '../../shared/nav/registry'
import type { BatchDoneMessage, BatchRow } from './protocol'

export type { BatchAlgorithmSummary }

export type SummaryKey = 'algorithm' | 'reached' | 'median' | 'p95' | 'ratio' | 'ratio95'

/** The on-screen summary columns: few and narrow, so that the table fits the side panel. */
export const SUMMARY_COLUMNS: readonly { key: SummaryKey; label: string; title: string }[] = [
  { key: 'algorithm', label: 'algorithm', title: 'The algorithm (its faithful options unless changed)' },
  {
    key: 'reached',
    label: 'reached / valid',
    title: 'Pairs whose goal it reached / pairs whose path stayed in the walkable area, of all pairs',
  },
  {
    key: 'median',
    label: 'median query',
    title: 'Median over the pairs of the query time (a query under 1 ms is timed by repetition)',
  },
  { key: 'p95', label: 'p95 query', title: '95th percentile over the pairs of the query time' },
  { key: 'ratio', label: 'median ratio', title: 'Median length / optimal length over the reached pairs' },
  { key: 'ratio95', label: 'p95 ratio', title: '95th percentile of length / optimal length' },
]

const time = (ms: number | null) => (ms === null ? '–' : formatDuration(ms))
const ratio = (r: number | null) => (r === null ? '–' : r.toFixed(3))

/**
 * A summary cell as shown on screen. `pairs`: the batch's pairs; an algorithm that answered
 * fewer (a cancelled batch) says of how many its counts are.
 */
export function formatSummaryCell(
  key: SummaryKey,
  s: BatchAlgorithmSummary,
  label = s.algorithm,
  pairs = s.pairs,
): string {
  switch (key) {
    case 'algorithm':
      return label
    case 'reached':
      return s.pairs < pairs ? `${s.reached}/${s.valid} of ${s.pairs}` : `${s.reached}/${s.valid}`
    case 'median':
      return time(s.medianQueryMs)
    case 'p95':
      return time(s.p95QueryMs)
    case 'ratio':
      return ratio(s.medianLengthRatio)
    case 'ratio95':
      return ratio(s.p95LengthRatio)
  }
}

/** What the table row's tooltip adds: the figures that have no column. */
export function summaryDetails(s: BatchAlgorithmSummary): string {
  return [
    `${s.pairs} pairs: ${s.reached} reached, ${s.valid} valid`,
    `mean ratio ${ratio(s.meanLengthRatio)}, max ${ratio(s.maxLengthRatio)}`,
    `mean expanded ${s.meanExpanded === null ? '–' : Math.round(s.meanExpanded)}`,
    `prepare ${formatDuration(s.prepareMs)}, ${s.bytes.toLocaleString('en')} bytes`,
    s.invalid > 0 ? `${s.invalid} invalid, e.g. pair ${s.defects[0]?.pair}: ${s.defects[0]?.message}` : '',
  ]
    .filter(Boolean)
    .join('\n')
}

/**
 * Why flood-fill's median can be under a microsecond: a pair whose straight line is walkable
 * (a beeline) is answered without a flood (0 cells expanded). The note for the batch table
 * when that applies (flood-fill's median under 1 µs and at least one beeline pair), else null.
 */
export function beelineNote(s: BatchAlgorithmSummary, rows: readonly BatchRow[]): string | null {
  if (s.id !== 'flood-fill' || s.medianQueryMs === null || s.medianQueryMs >= 0.001) return null
  const own = rows.filter((r) => r.id === s.id)
  const beelines = own.filter((r) => r.expanded === 0).length
  if (beelines === 0) return null
  return (
    `${s.algorithm}: median under 1 µs because ${beelines} of ${own.length} pairs are beelines ` +
    '(the straight line is walkable, so no flood runs); its other pairs take the flood time.'
  )
}

/** Nearest-rank quantile of sorted values (q in [0, 1]); null for none. */
export function quantileSortedOrNull(sorted: readonly number[], q: number): number | null {
  return sorted.length === 0 ? null : quantileSorted(sorted, q)
}

export function rowsByAlgorithm(rows: readonly BatchRow[]): Map<AlgorithmId, BatchRow[]> {
  const map = new Map<AlgorithmId, BatchRow[]>()
  for (const row of rows) {
    let list = map.get(row.id)
    if (!list) map.set(row.id, (list = []))
    list.push(row)
  }
  return map
}

/** Upper edges of the ratio bins; the last bin holds everything above the last edge. */
export const RATIO_BIN_EDGES: readonly number[] = [1.001, 1.01, 1.02, 1.05, 1.1, 1.25, 1.5, 2]

/** Short labels of the ratio bins (their upper edges), one more than the edges. */
export const RATIO_BIN_LABELS: readonly string[] = [
  ...RATIO_BIN_EDGES.map((e) => (e === 1.001 ? '1' : String(e))),
  '>2',
]

/** The range of each bin, for tooltips. */
export const RATIO_BIN_RANGES: readonly string[] = RATIO_BIN_EDGES.map((edge, i) =>
  i === 0 ? `≤ ${edge}` : `${RATIO_BIN_EDGES[i - 1]}–${edge}`,
).concat([`> ${RATIO_BIN_EDGES[RATIO_BIN_EDGES.length - 1]}`])

/** How many ratios fall in each bin (`RATIO_BIN_EDGES`, plus one bin above the last edge). */
export function ratioHistogram(ratios: readonly number[]): number[] {
  const counts = new Array<number>(RATIO_BIN_EDGES.length + 1).fill(0)
  for (const r of ratios) {
    let bin = RATIO_BIN_EDGES.findIndex((edge) => r <= edge)
    if (bin < 0) bin = RATIO_BIN_EDGES.length
    counts[bin]++
  }
  return counts
}

/** The rows as CSV, one line per pair and algorithm (the same text as `walkbox batch --csv`). */
export function rowsCsv(done: Pick<BatchDoneMessage, 'rows'>): string {
  return batchRowsCsv(done.rows)
}

/** The summary as CSV, one line per algorithm (the same text as `walkbox batch --summary-csv`). */
export function summaryCsv(done: Pick<BatchDoneMessage, 'summary'>): string {
  return batchSummaryCsv(done.summary)
}

/** Every pair, every answer and the summary, for scripts. */
export function batchJson(done: BatchDoneMessage, roomId: string): string {
  return JSON.stringify(
    {
      room: roomId,
      revision: done.revision,
      seed: done.seed,
      cancelled: done.cancelled,
      timing: done.timing,
      pairs: done.pairs,
      optimal: done.optimal,
      summary: done.summary,
      rows: done.rows,
    },
    null,
    2,
  )
}
