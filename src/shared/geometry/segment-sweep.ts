/**
 * Do any two of a set of segments meet? A sweep over x that keeps the segments the sweep
 * line crosses in their order along it and tests only segments that become neighbours in
 * that order (Shamos and Hoey, 1976): O(n log n) comparisons plus the array moves of
 * insertion, whatever the shape. A grid of buckets cannot do this for a star whose 10,000
 * spikes all meet near its centre: there every bucket holds hundreds of edges.
 *
 * Glossary
 * - left / right end: the lexicographically smaller / larger end (x first, then y).
 * - events: each segment is inserted at its left end and removed at its right end; events
 *   are taken by x, then y, inserts before removals at one point (so a segment that starts
 *   where another ends is compared with it).
 * - active list: the segments the sweep line crosses, from lowest to highest y along it.
 *   The first meeting of two segments (leftmost) always happens between two segments that
 *   were neighbours in this list at some earlier event, so testing neighbours finds it.
 * - allowed: a pair the caller exempts (neighbouring edges of one ring at their shared
 *   vertex); every other pair that meets (crosses, touches, overlaps) is a meeting.
 *
 * Units: room px.
 */
import { checkBudget } from './budget'
import { orientation, segmentIntersection } from './predicates'
import type { Point } from './types'

export interface SweepSegment {
  a: Point
  b: Point
}

const before = (p: Point, q: Point) => p.x < q.x || (p.x === q.x && p.y < q.y)

/**
 * True when two segments meet (see the glossary), except pairs for which `allowed(s, t)`
 * says their meeting is fine (checked only for pairs that do meet).
 */
export function anySegmentsMeet<S extends SweepSegment>(
  segments: readonly S[],
  allowed: (s: S, t: S) => boolean,
): boolean {
  const n = segments.length
  const left: Point[] = new Array<Point>(n)
  const right: Point[] = new Array<Point>(n)
  for (let i = 0; i < n; i++) {
    const { a, b } = segments[i]
    const aFirst = before(a, b)
    left[i] = aFirst ? a : b
    right[i] = aFirst ? b : a
  }
  // Event k: segment k >> 1, insert when k is even.
  const events = new Int32Array(2 * n)
  for (let k = 0; k < 2 * n; k++) events[k] = k
  const at = (k: number) => ((k & 1) === 0 ? left[k >> 1] : right[k >> 1])
  events.sort((k, m) => {
    const p = at(k)
    const q = at(m)
    if (p.x !== q.x) return p.x - q.x
    if (p.y !== q.y) return p.y - q.y
    return (k & 1) - (m & 1)
  })
  const meets = (i: number, j: number) =>
    segmentIntersection(segments[i].a, segments[i].b, segments[j].a, segments[j].b) !== 'none' &&
    !allowed(segments[i], segments[j])
  const active: number[] = []
  for (let e = 0; e < events.length; e++) {
    checkBudget()
    const k = events[e]
    const s = k >> 1
    if ((k & 1) === 0) {
      // Insert s: the first active segment that lies above s's left end (ties: by s's right end).
      const p = left[s]
      let lo = 0
      let hi = active.length
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        const f = active[mid]
        let side = orientation(left[f], right[f], p)
        if (side === 0) {
          if (meets(f, s)) return true
          side = orientation(left[f], right[f], right[s])
        }
        // side > 0: p lies to the left of f's direction (f goes rightwards): above f.
        if (side > 0) lo = mid + 1
        else hi = mid
      }
      active.splice(lo, 0, s)
      if (lo > 0 && meets(active[lo - 1], s)) return true
      if (lo + 1 < active.length && meets(active[lo + 1], s)) return true
    } else {
      const i = active.indexOf(s)
      if (i < 0) continue
      active.splice(i, 1)
      if (i > 0 && i < active.length && meets(active[i - 1], active[i])) return true
    }
  }
  return false
}
