/**
 * The few statistics Walkbox reports (measure/stats), one definition for the CLI, the bench,
 * the batch runner and the editor, so that a median means the same everywhere.
 *
 * Glossary
 * - median: the middle value; the mean of the two middle values for an even count.
 * - quantile (nearest rank): the value at rank ceil(q * n) of the sorted values (1-based,
 *   at least 1), so the p95 of 20 values is the 19th.
 *
 * Units: those of the values. Every function returns NaN for no values.
 */

/** Median of the values (they are not changed). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Nearest-rank quantile (q in 0..1) of values already sorted ascending. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]
}

/** Nearest-rank quantile (q in 0..1) of the values (they are not changed). */
export function quantile(values: readonly number[], q: number): number {
  return quantileSorted(
    [...values].sort((a, b) => a - b),
    q,
  )
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN
  let total = 0
  for (const v of values) total += v
  return total / values.length
}
