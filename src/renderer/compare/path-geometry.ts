/**
 * Shapes the comparison view draws around paths: dashes along a polyline (for paths that
 * did not reach), and whether an end was snapped.
 *
 * Glossary
 * - dash pattern: `dash` px drawn, then `gap` px left out, repeated along the polyline
 *   without restarting at its vertices.
 * - snapped: the algorithm moved the requested point (start or goal) by more than
 *   `SNAP_EPSILON_PX` before searching.
 *
 * Units: room px (the caller divides screen px by the zoom).
 */
import type { Point } from '../../shared/geometry/types'

export const SNAP_EPSILON_PX = 0.5

/** Segments [x1, y1, x2, y2] that draw `points` dashed. */
export function dashSegments(points: readonly Point[], dash: number, gap: number): number[] {
  const out: number[] = []
  if (dash <= 0) return out
  let drawing = true
  let left = dash
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]
    const b = points[i]
    const len = Math.hypot(b.x - a.x, b.y - a.y)
    let t = 0
    // Stop a hair before the end: adding a step far below t's precision would not move t.
    while (len - t > 1e-9 * Math.max(1, len)) {
      const step = Math.min(left, len - t)
      if (drawing) {
        const t0 = t / len
        const t1 = (t + step) / len
        out.push(
          a.x + (b.x - a.x) * t0,
          a.y + (b.y - a.y) * t0,
          a.x + (b.x - a.x) * t1,
          a.y + (b.y - a.y) * t1,
        )
      }
      t += step
      left -= step
      if (left <= 1e-9) {
        drawing = !drawing
        left = drawing ? dash : gap
      }
    }
  }
  return out
}

export function wasSnapped(requested: Point, used: Point): boolean {
  return Math.hypot(requested.x - used.x, requested.y - used.y) > SNAP_EPSILON_PX
}
