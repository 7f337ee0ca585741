/**
 * Path tidying shared by the grid pathfinders.
 *
 * Glossary
 * - collinear point: a path point lying on the straight line through its neighbours,
 *   with the path going on in the same direction; removing it changes neither the
 *   length nor the validity of the path.
 * - duplicate point: a point equal to the one before it.
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'

const EPS = 1e-9

/** Drop duplicate and collinear points; the first and last point always stay. */
export function simplifyCollinear(points: Point[]): Point[] {
  const out: Point[] = []
  for (const p of points) {
    if (out.length > 0) {
      const last = out[out.length - 1]
      if (Math.abs(last.x - p.x) < EPS && Math.abs(last.y - p.y) < EPS) continue
    }
    while (out.length >= 2) {
      const a = out[out.length - 2]
      const b = out[out.length - 1]
      const abx = b.x - a.x
      const aby = b.y - a.y
      const bpx = p.x - b.x
      const bpy = p.y - b.y
      const cross = abx * bpy - aby * bpx
      const dot = abx * bpx + aby * bpy
      if (Math.abs(cross) < EPS * (Math.abs(abx) + Math.abs(aby) + Math.abs(bpx) + Math.abs(bpy)) && dot > 0)
        out.pop()
      else break
    }
    out.push(p)
  }
  return out
}

/** Sum of segment lengths, room px. */
export function pathLength(points: Point[]): number {
  let total = 0
  for (let i = 1; i < points.length; i++)
    total += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y)
  return total
}

/** Join notes into a reason, or undefined when there are none. */
export function joinReasons(notes: string[]): string | undefined {
  return notes.length > 0 ? notes.join('; ') : undefined
}
