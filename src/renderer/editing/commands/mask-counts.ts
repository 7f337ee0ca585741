/**
 * How many pixels of an indexed mask (the walk mask, the walk-behind cells) hold each id,
 * counted once per mask array and then kept in step by the writes themselves: a brush dab
 * changes the counts of the pixels it changed, an undo those of its rectangle. So the Walk
 * areas and Walk-behinds panels never rescan a 9.4 M pixel mask while the author paints.
 *
 * Glossary
 * - counts: 256 numbers, counts[id] = pixels holding id (counts[0]: the unwalkable ones).
 * - kept: counts exist for a mask array once something asked for them (`countsOf`); writers
 *   update kept counts only. A new array (an import, a replaced mask) is counted afresh when
 *   first asked.
 * - counted write: a write that updates the kept counts of the pixels it changes.
 *
 * Units: pixels; rects in mask px (= room px).
 */
import type { Rect } from '../../../shared/geometry/types'

const kept = new WeakMap<Uint8Array, Float64Array>()

/** The counts of `mask`, counted now if nobody asked before (one pass over the mask). */
export function countsOf(mask: Uint8Array): Float64Array {
  let counts = kept.get(mask)
  if (!counts) {
    counts = new Float64Array(256)
    for (let i = 0; i < mask.length; i++) counts[mask[i]]++
    kept.set(mask, counts)
  }
  return counts
}

/** The counts kept for `mask`, or undefined when nobody asked for them yet (writers then skip counting). */
export function keptCounts(mask: Uint8Array): Float64Array | undefined {
  return kept.get(mask)
}

/** Write `value` into mask[start, end), counting the pixels that change. */
export function fillCounted(
  mask: Uint8Array,
  start: number,
  end: number,
  value: number,
  counts: Float64Array | undefined,
): void {
  if (counts) {
    for (let i = start; i < end; i++) {
      const old = mask[i]
      if (old !== value) {
        counts[old]--
        counts[value]++
      }
    }
  }
  mask.fill(value, start, end)
}

/** Add (`sign` 1) or take away (-1) the pixels of `rect` from `counts`. */
export function countRect(
  mask: Uint8Array,
  width: number,
  rect: Rect,
  counts: Float64Array,
  sign: 1 | -1,
): void {
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const row = y * width
    for (let x = rect.x; x < rect.x + rect.width; x++) counts[mask[row + x]] += sign
  }
}

/** Write rect-sized `bytes` (row-major) into `rect` of a mask `width` px wide, counting what changes. */
export function writeRectCounted(mask: Uint8Array, width: number, rect: Rect, bytes: Uint8Array): void {
  const counts = kept.get(mask)
  for (let r = 0; r < rect.height; r++) {
    const at = (rect.y + r) * width + rect.x
    const src = r * rect.width
    if (counts) {
      for (let c = 0; c < rect.width; c++) {
        const old = mask[at + c]
        const now = bytes[src + c]
        if (old !== now) {
          counts[old]--
          counts[now]++
        }
      }
    }
    mask.set(bytes.subarray(src, src + rect.width), at)
  }
}
