/**
 * The first difference between two rooms (or any JSON values), numbers compared within a
 * tolerance: round-trip tests report where two imports disagree, not just that they do.
 *
 * Units: those of the values (px for rooms).
 */

/** Deep equality with numbers within `tol`; returns the first difference's path, or null. */
export function difference(a: unknown, b: unknown, tol: number, at = 'room'): string | null {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= tol ? null : `${at}: ${a} != ${b}`
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}: ${a.length} items != ${b.length}`
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], b[i], tol, `${at}[${i}]`)
      if (d) return d
    }
    return null
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    for (const k of keys) {
      const d = difference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        tol,
        `${at}.${k}`,
      )
      if (d) return d
    }
    return null
  }
  return Object.is(a, b) ? null : `${at}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`
}
