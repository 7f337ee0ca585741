/**
 * Where Duplicate (and a paste with no pointer over the canvas) puts its copy: 10 px right
 * and below; where that would leave the room, 10 px the other way on that axis (left,
 * above); where neither fits, the largest offset up to 10 px that keeps the copy inside.
 * One rule for every object kind.
 *
 * Glossary
 * - box: the extent of what is copied, in room px edges: a vertex or point at (x, y) spans
 *   x..x, a pixel (x, y) spans x..x+1 (so a walk-behind's box is its pixels' outer edges).
 * - fits: the moved box lies within 0..width x 0..height.
 * - pixels: walk-behind pixels must stay in the room (there is no pixel outside it to hold
 *   them); outlines and points may lie outside the room (imports keep them as drawn), so when
 *   no offset of at least MIN_DUPLICATE_OFFSET keeps them in, they move the usual 10 px.
 *
 * Units: room px (whole px offsets).
 */
import type { Coord } from '../../../shared/room/schema'

/** The usual offset of a duplicate, room px (right and below). */
export const DUPLICATE_OFFSET = 10
/** Below this on both axes a copy would hide its original: refused (pixels) or moved the usual way. */
export const MIN_DUPLICATE_OFFSET = 3

/** An extent in room px edges. */
export interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** A box grown to hold `b` (either may be null: empty). */
export function unionBox(a: Box | null, b: Box | null): Box | null {
  if (!a || !b) return a ?? b
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  }
}

/** The box of vertices or points (null when there are none). */
export function boxOfPoints(points: Iterable<Coord>): Box | null {
  let box: Box | null = null
  for (const [x, y] of points) box = unionBox(box, { x0: x, y0: y, x1: x, y1: y })
  return box
}

/** The box of walk-behind runs `[y, x0, x1]` (pixels x0..x1-1 of row y), null when there are none. */
export function boxOfRuns(runs: Iterable<readonly [number, number, number]>): Box | null {
  let box: Box | null = null
  for (const [y, x0, x1] of runs) box = unionBox(box, { x0, y0: y, x1, y1: y + 1 })
  return box
}

/**
 * The offset along one axis for an extent lo..hi in a room 0..size: +10 if it fits, else
 * -10, else the fitting value of largest size (positive on a tie); null when none fits (the
 * extent is longer than the room or already lies outside it on both sides).
 */
function axisOffset(lo: number, hi: number, size: number): number | null {
  const min = -lo
  const max = size - hi
  if (min > max) return null
  const d = DUPLICATE_OFFSET
  if (min <= d && d <= max) return d
  if (min <= -d && -d <= max) return -d
  const up = Math.min(d, max)
  const down = Math.max(-d, min)
  return Math.abs(down) > Math.abs(up) ? down : up
}

/** The offset that keeps `box` in the room, or null when none of at least MIN_DUPLICATE_OFFSET does. */
function fittingOffset(box: Box, size: { width: number; height: number }): { dx: number; dy: number } | null {
  const dx = axisOffset(box.x0, box.x1, size.width)
  const dy = axisOffset(box.y0, box.y1, size.height)
  if (dx === null || dy === null) return null
  if (Math.max(Math.abs(dx), Math.abs(dy)) < MIN_DUPLICATE_OFFSET) return null
  return { dx: Math.round(dx), dy: Math.round(dy) }
}

/**
 * The whole-px offset of a duplicate of what spans `all` (outlines, points and pixels
 * together), of which `pixels` is the walk-behind part (null: none). The whole copy stays in
 * the room when an offset allows it; else its pixels stay in and outlines may leave; null
 * when even the pixels have no place (a walk-behind as large as the room): the caller
 * refuses, saying so.
 */
export function duplicateOffset(
  all: Box | null,
  pixels: Box | null,
  size: { width: number; height: number },
): { dx: number; dy: number } | null {
  const whole = all ? fittingOffset(all, size) : null
  if (whole) return whole
  if (pixels) return fittingOffset(pixels, size)
  return { dx: DUPLICATE_OFFSET, dy: DUPLICATE_OFFSET }
}

/** The duplicate offset of outlines or points alone (never refused). */
export function outlineDuplicateOffset(
  points: Iterable<Coord>,
  size: { width: number; height: number },
): { dx: number; dy: number } {
  return duplicateOffset(boxOfPoints(points), null, size) ?? { dx: DUPLICATE_OFFSET, dy: DUPLICATE_OFFSET }
}

/** The one line said when a walk-behind's copy has no place in the room; `verb`: "duplicated", "pasted". */
export function noPlaceMessage(verb: string): string {
  return `The walk-behind is nearly as large as the room: a copy ${MIN_DUPLICATE_OFFSET} px or more away would leave it; nothing was ${verb}.`
}
