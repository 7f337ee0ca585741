/**
 * What the room view draws for the walk-behind layer: the colour of each walk-behind id,
 * its baselines and labels, and the cover that hides the scaling tool's ghost where a
 * walk-behind's baseline is below its feet (AGS's rule, shared/analysis/walk-behind-cut.ts).
 *
 * Units: room px.
 */
import { characterBox, walkBehindCut } from '../../shared/analysis/walk-behind-cut'
import type { Point } from '../../shared/geometry/types'
import type { RgbaImage } from '../../shared/host'
import type { Room } from '../../shared/room/schema'
import type { RoomView } from './room-view'

const WALK_BEHIND_COLOURS = [
  '#ff4fd8',
  '#ffb020',
  '#40e0d0',
  '#b07cff',
  '#ff6b6b',
  '#9be15d',
  '#4da3ff',
  '#ffe14d',
]

/** Display colour of walk-behind `id` (the format stores none). */
export function walkBehindColour(id: number): string {
  return WALK_BEHIND_COLOURS[(id - 1) % WALK_BEHIND_COLOURS.length]
}

/** The baselines and labels of the room's walk-behinds. */
export function drawWalkBehindBaselines(
  view: RoomView,
  room: Room | null,
  zoom: number,
  visible: boolean,
  opacity: number,
): void {
  const lines = (room?.walkBehinds?.areas ?? []).map((a) => ({
    id: a.id,
    label: a.name ?? `Walk-behind ${a.id}`,
    baseline: a.baseline,
    colour: walkBehindColour(a.id),
  }))
  view.setWalkBehindBaselines(lines, room?.size.width ?? 0, zoom, visible, opacity)
}

/** Cover the ghost (feet, height) where a walk-behind hides it; no ghost or nothing hidden removes the cover. */
export function coverGhost(
  view: RoomView,
  room: Room | null,
  background: RgbaImage | null,
  ghost: { feet: Point; height: number } | null,
): void {
  if (!room || !ghost || !room.walkBehinds) {
    view.setCover(null)
    return
  }
  const rect = characterBox(room, ghost.feet, ghost.height)
  const { cut, count, ids } = walkBehindCut(room, ghost.feet.y, rect)
  view.setCover(count === 0 ? null : { rect, cut, background, tint: walkBehindColour(ids[0]) })
}
