/**
 * A click on a hotspot in the test walk, as a player's click: the character goes to the
 * hotspot's walk-to point, else to the pixel of the hotspot a walk from where it stands
 * reaches first (analysis/hotspots.ts), in the state the flags give; a hotspot switched off
 * by its enabling expression is not clicked. What happened is one line for the timeline.
 *
 * Units: room px.
 */
import { hotspotAt, hotspotWalkTarget } from '../../../shared/analysis/hotspots'
import { navWorldForRoom, type FlagState } from '../../../shared/analysis/room-world'
import type { Point } from '../../../shared/geometry/types'
import type { Room } from '../../../shared/room/schema'

export interface HotspotClick {
  /** Where the character walks. */
  goal: Point
  /** The hotspot's name (else its id). */
  name: string
  /** For the timeline: what the click did. */
  text: string
}

const at = (p: Point) => `(${Math.round(p.x)}, ${Math.round(p.y)})`

/**
 * Where a click at `click` sends a character standing at `from` when it lands on a hotspot
 * (null: no enabled hotspot there, the click is a plain walk). `flags` are complete flag values.
 */
export function hotspotClick(
  room: Room,
  mask: Uint8Array | null,
  flags: FlagState,
  from: Point,
  click: Point,
): HotspotClick | null {
  const h = hotspotAt(room, click, flags)
  if (!h) return null
  const name = h.name || h.id
  if (h.walkTo)
    return { goal: { ...h.walkTo }, name, text: `clicked ${name}: to its walk-to point ${at(h.walkTo)}` }
  const grid = navWorldForRoom(room, mask, flags).grid()
  const reached = hotspotWalkTarget(room, h, grid, from)
  if (reached)
    return {
      goal: reached,
      name,
      text: `clicked ${name} (no walk-to point): to its nearest reachable point ${at(reached)}`,
    }
  return {
    goal: { ...click },
    name,
    text: `clicked ${name} (no walk-to point): none of it can be reached; toward the click`,
  }
}
