/**
 * The funnel algorithm (string pulling): the shortest path through a corridor of
 * portals, from a start to a goal.
 *
 * Glossary
 * - portal: a segment the path must cross, given by its left and right ends as seen
 *   walking along the corridor ("left" in the algebraic sense: cross(d, p) > 0).
 * - apex: the last corner of the path found so far; the funnel is the wedge between
 *   the apex's left and right boundary points. A new portal end that tightens the
 *   wedge narrows it; one that crosses the other side makes that side's point a corner.
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'

/**
 * Shortest path from s to t through the portals. `lx, ly, rx, ry` hold the portal
 * ends (portal i = (lx[i], ly[i]) .. (rx[i], ry[i])), `count` of them; the goal is
 * treated as a final zero-width portal.
 */
export function funnel(
  s: Point,
  t: Point,
  lx: Float64Array,
  ly: Float64Array,
  rx: Float64Array,
  ry: Float64Array,
  count: number,
): Point[] {
  const out: Point[] = [{ x: s.x, y: s.y }]
  let ax = s.x
  let ay = s.y
  let fl = -1 // portal index of the left boundary point (-1 = apex itself)
  let fr = -1
  let flx = ax
  let fly = ay
  let frx = ax
  let fry = ay
  let apexIndex = -1
  for (let i = apexIndex + 1; i <= count; i++) {
    const nlx = i < count ? lx[i] : t.x
    const nly = i < count ? ly[i] : t.y
    const nrx = i < count ? rx[i] : t.x
    const nry = i < count ? ry[i] : t.y
    // Right side: tighten when the new right end is left of (or on) apex->right.
    if ((frx - ax) * (nry - ay) - (fry - ay) * (nrx - ax) >= 0) {
      const sameAsApex = frx === ax && fry === ay
      if (sameAsApex || fl < 0 || (flx - ax) * (nry - ay) - (fly - ay) * (nrx - ax) <= 0) {
        frx = nrx
        fry = nry
        fr = i
      } else {
        // The right side crossed the left one: the left point becomes a corner.
        out.push({ x: flx, y: fly })
        ax = flx
        ay = fly
        apexIndex = fl
        frx = flx = ax
        fry = fly = ay
        fl = fr = apexIndex
        i = apexIndex
        continue
      }
    }
    // Left side: tighten when the new left end is right of (or on) apex->left.
    if ((flx - ax) * (nly - ay) - (fly - ay) * (nlx - ax) <= 0) {
      const sameAsApex = flx === ax && fly === ay
      if (sameAsApex || fr < 0 || (frx - ax) * (nly - ay) - (fry - ay) * (nlx - ax) >= 0) {
        flx = nlx
        fly = nly
        fl = i
      } else {
        out.push({ x: frx, y: fry })
        ax = frx
        ay = fry
        apexIndex = fr
        frx = flx = ax
        fry = fly = ay
        fl = fr = apexIndex
        i = apexIndex
        continue
      }
    }
  }
  const last = out[out.length - 1]
  if (last.x !== t.x || last.y !== t.y) out.push({ x: t.x, y: t.y })
  return out
}
