/**
 * Polygons to masks: scanline filling of rings and area polygons.
 *
 * Glossary
 * - mask: a row-major Uint8Array of width x height pixels; pixel (c, r) is at r * width + c.
 * - centre rule: a pixel is filled when its centre (c + 0.5, r + 0.5) is inside the polygon.
 * - even-odd: a point is inside when a ray from it crosses the given rings an odd number of
 *   times. For an area polygon (outer ring + holes inside it) that is exactly "in the outer
 *   ring and not in a hole", whatever the ring orientation.
 * - tie rule: a centre lying exactly on an outline is filled on left and top edges and not
 *   on right and bottom edges (spans are [left, right), an edge covers rows from its top y
 *   included to its bottom y excluded). Two polygons sharing an edge thus never both fill
 *   the same pixel, and never both miss it.
 * - union: several areas are filled one after the other into the same mask, so overlapping
 *   areas do not cancel each other.
 *
 * Units: room px (1 mask pixel = 1 room px).
 */
import type { AreaPolygon, Ring } from './types'

/**
 * Fills `value` into every pixel of `mask` whose centre is inside the rings under the
 * even-odd rule (see the glossary). Pixels outside the mask are clipped. Returns `mask`.
 */
export function fillRingsEvenOdd(
  mask: Uint8Array,
  width: number,
  height: number,
  rings: readonly Ring[],
  value: number,
): Uint8Array {
  if (width <= 0 || height <= 0) return mask
  // Pass 1: how many crossings each scanline gets.
  const counts = new Int32Array(height + 1)
  let total = 0
  for (const ring of rings) {
    const n = ring.length
    if (n < 3) continue
    let a = ring[n - 1]
    for (let i = 0; i < n; i++) {
      const b = ring[i]
      if (a.y !== b.y) {
        const r0 = Math.max(0, Math.ceil(Math.min(a.y, b.y) - 0.5))
        const r1 = Math.min(height, Math.ceil(Math.max(a.y, b.y) - 0.5))
        for (let r = r0; r < r1; r++) counts[r + 1]++
        if (r1 > r0) total += r1 - r0
      }
      a = b
    }
  }
  if (total === 0) return mask
  for (let r = 0; r < height; r++) counts[r + 1] += counts[r]
  // Pass 2: the x of each crossing, bucketed by row.
  const xs = new Float64Array(total)
  const fillAt = counts.slice(0, height)
  for (const ring of rings) {
    const n = ring.length
    if (n < 3) continue
    let a = ring[n - 1]
    for (let i = 0; i < n; i++) {
      const b = ring[i]
      if (a.y !== b.y) {
        const top = a.y < b.y ? a : b
        const bottom = a.y < b.y ? b : a
        const r0 = Math.max(0, Math.ceil(top.y - 0.5))
        const r1 = Math.min(height, Math.ceil(bottom.y - 0.5))
        const slope = (bottom.x - top.x) / (bottom.y - top.y)
        for (let r = r0; r < r1; r++) xs[fillAt[r]++] = top.x + (r + 0.5 - top.y) * slope
      }
      a = b
    }
  }
  // Pass 3: sort each row's crossings and fill between pairs.
  for (let r = 0; r < height; r++) {
    const s = counts[r]
    const e = counts[r + 1]
    if (e - s < 2) continue
    if (e - s <= 16) {
      for (let i = s + 1; i < e; i++) {
        const v = xs[i]
        let j = i - 1
        while (j >= s && xs[j] > v) {
          xs[j + 1] = xs[j]
          j--
        }
        xs[j + 1] = v
      }
    } else {
      xs.subarray(s, e).sort()
    }
    const row = r * width
    for (let k = s; k + 1 < e; k += 2) {
      const c0 = Math.max(0, Math.ceil(xs[k] - 0.5))
      const c1 = Math.min(width, Math.ceil(xs[k + 1] - 0.5))
      if (c1 > c0) mask.fill(value, row + c0, row + c1)
    }
  }
  return mask
}

/** Fills one ring (centre rule, even-odd) into a mask with `value`; for paint tools. Returns `mask`. */
export function fillPolygonInto(
  mask: Uint8Array,
  width: number,
  height: number,
  ring: Ring,
  value: number,
): Uint8Array {
  return fillRingsEvenOdd(mask, width, height, [ring], value)
}

/** Fills one area polygon (outer minus holes) into a mask with `value`. Returns `mask`. */
export function fillAreaInto(
  mask: Uint8Array,
  width: number,
  height: number,
  area: AreaPolygon,
  value: number,
): Uint8Array {
  return fillRingsEvenOdd(mask, width, height, [area.outer, ...area.holes], value)
}

/**
 * Rasterises walkable areas into a width x height mask: `value` where the pixel centre is in
 * some area, untouched elsewhere (0 in a new mask). Writes into `target` when given (it must
 * hold width * height pixels). Returns the mask.
 */
export function rasterisePolygons(
  areas: readonly AreaPolygon[],
  width: number,
  height: number,
  value = 1,
  target?: Uint8Array,
): Uint8Array {
  const mask = target ?? new Uint8Array(Math.max(0, width * height))
  if (target && target.length < width * height)
    throw new Error(`Mask too small: ${target.length} < ${width}x${height}.`)
  for (const area of areas) fillAreaInto(mask, width, height, area, value)
  return mask
}
