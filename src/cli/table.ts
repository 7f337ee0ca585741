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

// The statistics live in the shared core, so that the editor's figures mean the same.
export { mean, median, quantile } from '../shared/measure/stats'

/** A number with `decimals` decimals, or '-' when it is not a finite number. */
export function fixed(value: number | null | undefined, decimals: number): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(decimals)
}

/** null for NaN or infinities, so that JSON output stays honest. */
export function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null
}
