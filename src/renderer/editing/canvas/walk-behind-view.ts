/**
 * What the room view draws for the walk-behind layer: the colour of each walk-behind id,
 * its baselines and labels, and the cover that hides the scaling tool's ghost (Edit) and
 * the test walker (Compare) where a walk-behind's baseline is below its feet (AGS's rule, shared/analysis/walk-behind-cut.ts).
 *
 * Units: room px.
 */
import { characterBox, walkBehindCut } from '../../../shared/analysis/walk-behind-cut'
import type { Point, Rect } from '../../../shared/geometry/types'
import type { RgbaImage } from '../../../shared/host'
import type { Room } from '../../../shared/room/schema'
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

/**
 * The picture that hides a character `heightPx` tall with its feet at `feet`: the
 * background's pixels (or the walk-behind's tint without a background) where a walk-behind
 * whose baseline is below the feet covers it, transparent elsewhere; null when nothing hides it.
 */
export function walkBehindCover(
  room: Room | null,
  background: RgbaImage | null,
  feet: Point,
  heightPx: number,
): { rect: Rect; canvas: HTMLCanvasElement } | null {
  if (!room?.walkBehinds) return null
  const rect = characterBox(room, feet, heightPx)
  const { cut, count, ids } = walkBehindCut(room, feet.y, rect)
  if (count === 0) return null
  const canvas = document.createElement('canvas')
  canvas.width = rect.width
  canvas.height = rect.height
  const ctx = canvas.getContext('2d')
  if (!ctx) return null
  const out = ctx.createImageData(rect.width, rect.height)
  const tint = parseInt(walkBehindColour(ids[0]).slice(1), 16)
  for (let r = 0; r < rect.height; r++) {
    for (let c = 0; c < rect.width; c++) {
      const k = r * rect.width + c
      if (!cut[k]) continue
      const x = rect.x + c
      const y = rect.y + r
      const o = k * 4
      if (background && x < background.width && y < background.height) {
        const s = (y * background.width + x) * 4
        out.data[o] = background.data[s]
        out.data[o + 1] = background.data[s + 1]
        out.data[o + 2] = background.data[s + 2]
      } else {
        out.data[o] = (tint >> 16) & 255
        out.data[o + 1] = (tint >> 8) & 255
        out.data[o + 2] = tint & 255
      }
      out.data[o + 3] = 255
    }
  }
  ctx.putImageData(out, 0, 0)
  return { rect, canvas }
}

/** Cover the ghost (feet, height) where a walk-behind hides it; no ghost or nothing hidden removes the cover. */
export function coverGhost(
  view: RoomView,
  room: Room | null,
  background: RgbaImage | null,
  ghost: { feet: Point; height: number } | null,
): void {
  view.setCover(ghost ? walkBehindCover(room, background, ghost.feet, ghost.height) : null)
}
