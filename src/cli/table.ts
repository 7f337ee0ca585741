/**
 * Plain-text tables and the small statistics the command line and the benchmarks print.
 *
 * Glossary
 * - markdown table: a header row, a separator row and one row per record, cells padded so
 *   that the columns line up in a terminal and render in markdown.
 * - median / p95: the middle value / the value below which 95% lie (nearest rank on the
 *   sorted values).
 *
 * Units: whatever the values carry; formatting helpers say their decimals.
 */

/** A markdown table; columns whose header starts with '>' are right-aligned (the '>' is dropped). */
export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const right = headers.map((h) => h.startsWith('>'))
  const names = headers.map((h) => (h.startsWith('>') ? h.slice(1) : h))
  const cells = rows.map((r) => r.map((c) => String(c)))
  const widths = names.map((h, i) => Math.max(h.length, 3, ...cells.map((r) => (r[i] ?? '').length)))
  const pad = (text: string, i: number) => (right[i] ? text.padStart(widths[i]) : text.padEnd(widths[i]))
  const line = (values: string[]) => `| ${values.map((v, i) => pad(v, i)).join(' | ')} |`
  const separator = `| ${widths.map((w, i) => (right[i] ? '-'.repeat(w - 1) + ':' : '-'.repeat(w))).join(' | ')} |`
  return [line(names), separator, ...cells.map(line)].join('\n')
}

/** Value at quantile q (0..1) of the values, nearest rank; NaN for no values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank]
}

/** Median: the mean of the two middle values for an even count; NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN
  let total = 0
  for (const v of values) total += v
  return total / values.length
}

/** A number with `decimals` decimals, or '-' when it is not a finite number. */
export function fixed(value: number | null | undefined, decimals: number): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(decimals)
}

/** null for NaN or infinities, so that JSON output stays honest. */
export function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null
}
