/**
 * What a command edits: the open room (its JSON model) and its area-id mask, plus
 * the two ways of telling the views that something changed. Commands receive a
 * target instead of reaching into the stores, so that they can be tested on plain
 * objects.
 *
 * Glossary
 * - mask: the room's area-id mask, room width x height bytes, row-major; 0 = not
 *   walkable, 1..255 = area id. Null while the room has none.
 * - dirty rect: the part of the mask a change touched, in mask px (= room px).
 * - walk-behind target: the same shape for the walk-behind layer: `mask` is its decoded
 *   cells (walk-behind ids), and each written rectangle is encoded back into the room's
 *   `walkBehinds.rows`, so the mask tools paint walk-behinds unchanged; the hotspot target
 *   likewise for the painted hotspots' `hotspotMask.rows` (stores/hotspot-target.ts).
 *
 * Units: room px.
 */
import type { Rect } from '../../../shared/geometry/types'
import type { Room } from '../../../shared/room/schema'

export interface EditTarget {
  readonly room: Room
  readonly mask: Uint8Array | null
  /** Replace the mask array (a new one, or null). Commands report the change through their `changes`. */
  setMask(mask: Uint8Array | null): void
  /**
   * Live feedback while a tool works, before its command exists (a brush stroke): the mask
   * changed inside `rect` (already written in place), or everywhere (null).
   */
  maskChanged(rect: Rect | null): void
  /** Which layer `mask` is: the walk mask (default), the walk-behind layer's or the painted hotspots' cells. */
  readonly maskKind?: 'walk-mask' | 'walk-behinds' | 'hotspots'
  /** A command wrote `rect` of the mask (the walk-behind layer keeps its rows in step). */
  maskWritten?(rect: Rect): void
}

/** Deep copy of plain JSON data (rooms hold only JSON values). */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}
