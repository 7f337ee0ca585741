/**
 * The room's hotspots as the Compare panes show them, under the paths: painted hotspots as
 * a faint tint of their colour, polygon hotspots as a faint fill with an outline, and each
 * walk-to point as a small ring, so that a click on a hotspot in the test walk can be seen
 * going where it should.
 *
 * Units: room px (strokes in room px: the panes share one drawing).
 */
import type { GraphicsContext } from 'pixi.js'
import { coordsToRing } from '../../shared/room/convert'
import type { Room } from '../../shared/room/schema'
import { hotspotColour } from '../editing/canvas/hotspot-view'

/** How strongly painted hotspots tint the room (alpha, 0..255). */
const TINT_ALPHA = 70

/** RGBA pixels of the painted hotspots: each mask id in its hotspot's colour, the rest transparent. */
export function hotspotTintPixels(room: Room, cells: Uint8Array): Uint8ClampedArray {
  const colours = new Int32Array(256).fill(-1)
  ;(room.hotspots ?? []).forEach((h, i) => {
    if (h.shape.kind === 'mask') colours[h.shape.maskId] = hotspotColour(h, i)
  })
  const out = new Uint8ClampedArray(cells.length * 4)
  for (let i = 0, q = 0; i < cells.length; i++, q += 4) {
    const c = colours[cells[i]]
    if (cells[i] === 0 || c < 0) continue
    out[q] = (c >> 16) & 255
    out[q + 1] = (c >> 8) & 255
    out[q + 2] = c & 255
    out[q + 3] = TINT_ALPHA
  }
  return out
}

/** Polygon hotspots and every walk-to point into `context` (cleared first). */
export function drawCompareHotspots(context: GraphicsContext, room: Room | null): void {
  context.clear()
  for (const [i, h] of (room?.hotspots ?? []).entries()) {
    const colour = hotspotColour(h, i)
    if (h.shape.kind === 'polygon') {
      const flat = coordsToRing(h.shape.outer).flatMap((p) => [p.x, p.y])
      context.poly(flat).fill({ color: colour, alpha: 0.15 })
      context.poly(flat).stroke({ color: colour, width: 1.5, alpha: 0.8 })
    }
    if (h.walkTo) context.circle(h.walkTo.x, h.walkTo.y, 4).stroke({ color: colour, width: 1.5, alpha: 0.9 })
  }
}
