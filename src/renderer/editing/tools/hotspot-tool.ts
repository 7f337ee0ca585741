/**
 * The hotspot tool: draws a polygon hotspot point by point (PolygonDrawTool: click adds a
 * point, click the first point or Enter closes, Backspace takes the last back, Escape drops
 * it); the new hotspot is selected, ready for its name and walk-to point. Painted hotspots
 * are added in the Hotspots panel and painted with the mask tools.
 *
 * Units: room px.
 */
import type { Point } from '../../../shared/geometry/types'
import { ringToCoords } from '../../../shared/room/convert'
import { addPolygonHotspotCommand } from '../commands/hotspot-commands'
import { PolygonDrawTool } from './polygon-draw'

/** The hotspot layer's colour (0xrrggbb), for previews and the hotspot view. */
export const HOTSPOT_COLOUR = 0x4dd0e1

export class HotspotTool extends PolygonDrawTool {
  readonly id = 'hotspot'
  protected override colour = HOTSPOT_COLOUR
  protected finish(ring: Point[]): void {
    const target = this.ctx.target()
    if (!target) throw new Error('Open a room first.')
    const made = this.ctx.execute(addPolygonHotspotCommand(target, ringToCoords(ring)))?.created
    if (typeof made === 'string') this.ctx.select({ kind: 'hotspot', hotspotId: made })
  }
}
