/**
 * Which walk-behind pixels hide a character: AGS's rule (Engine/ac/walkbehind.cpp,
 * walkbehinds_cropout): a sprite pixel is cut out where the walk-behind mask has an area
 * (id >= 1) whose baseline is below the character's feet, `baseline > feet y`; an area
 * whose baseline is at or above the feet leaves the character in front.
 *
 * Glossary
 * - cells: the room's walk-behind mask decoded (room/walk-behinds.ts), room size.
 * - character box: where the test-walk figure is drawn: `heightPx` tall above the feet,
 *   WALKER_WIDTH_RATIO of its height wide, centred on the feet.
 * - cut: a rect-size byte array, 1 where the character is hidden, 0 where it shows.
 *
 * Units: room px.
 */
import type { Point, Rect } from '../geometry/types'
import type { Room } from '../room/schema'
import { decodeWalkBehindRows } from '../room/walk-behinds'

/** Width of the test-walk figure as a share of its height (the editor draws it so). */
export const WALKER_WIDTH_RATIO = 0.28

const decoded = new WeakMap<readonly string[], Uint8Array>()

/** The room's walk-behind cells (decoded once per rows array), or null when it has none. */
export function walkBehindCells(room: Room): Uint8Array | null {
  const wb = room.walkBehinds
  if (!wb || wb.areas.length === 0) return null
  let cells = decoded.get(wb.rows)
  if (!cells) {
    cells = decodeWalkBehindRows(wb.rows, room.size.width, room.size.height)
    decoded.set(wb.rows, cells)
  }
  return cells
}

/** Baselines by id (index = id; NaN where no area), for the inner loops. */
function baselines(room: Room): Float64Array {
  const out = new Float64Array(256).fill(Number.NaN)
  for (const a of room.walkBehinds?.areas ?? []) out[a.id] = a.baseline
  return out
}

/** The character box for feet at `feet`, `heightPx` tall, clipped to the room (whole px). */
export function characterBox(room: Room, feet: Point, heightPx: number): Rect {
  const w = Math.max(1, heightPx * WALKER_WIDTH_RATIO)
  const x0 = Math.max(0, Math.floor(feet.x - w / 2))
  const x1 = Math.min(room.size.width, Math.ceil(feet.x + w / 2))
  const y0 = Math.max(0, Math.floor(feet.y - heightPx))
  const y1 = Math.min(room.size.height, Math.ceil(feet.y))
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) }
}

/**
 * 1 where a character with its feet at `feetY` is hidden inside `rect` (room px, whole),
 * 0 where it shows; `count` is how many pixels are hidden.
 */
export function walkBehindCut(
  room: Room,
  feetY: number,
  rect: Rect,
): { cut: Uint8Array; count: number; ids: number[] } {
  const cut = new Uint8Array(Math.max(0, rect.width * rect.height))
  const cells = walkBehindCells(room)
  if (!cells) return { cut, count: 0, ids: [] }
  const base = baselines(room)
  const { width } = room.size
  const ids = new Set<number>()
  let count = 0
  for (let r = 0; r < rect.height; r++) {
    const row = (rect.y + r) * width + rect.x
    for (let c = 0; c < rect.width; c++) {
      const id = cells[row + c]
      if (id === 0 || !(base[id] > feetY)) continue
      cut[r * rect.width + c] = 1
      ids.add(id)
      count++
    }
  }
  return { cut, count, ids: [...ids].sort((a, b) => a - b) }
}

/** Ids of the walk-behinds that hide part of a character `heightPx` tall standing at `feet`. */
export function hidingWalkBehinds(room: Room, feet: Point, heightPx: number): number[] {
  if (!room.walkBehinds || room.walkBehinds.areas.length === 0) return []
  return walkBehindCut(room, feet.y, characterBox(room, feet, heightPx)).ids
}

/** The walk-behind area at a point (room px), or null. */
export function walkBehindAt(room: Room, p: Point): NonNullable<Room['walkBehinds']>['areas'][number] | null {
  const cells = walkBehindCells(room)
  const x = Math.floor(p.x)
  const y = Math.floor(p.y)
  if (!cells || x < 0 || y < 0 || x >= room.size.width || y >= room.size.height) return null
  const id = cells[y * room.size.width + x]
  return id === 0 ? null : (room.walkBehinds!.areas.find((a) => a.id === id) ?? null)
}
