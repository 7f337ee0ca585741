/**
 * The outline tools, one class each, all drawing with PolygonDrawTool:
 * - WalkPolygonTool: a new walkable polygon in the active area;
 * - HoleTool: a hole inside the walk polygon that holds the first point;
 * - GateTool: a 'block-polygon' gate (flag expression set in the properties panel);
 * - ZoneTool: a polygon trigger zone;
 * - PolygonFillTool: fills the outline into the mask with the active area.
 * The file format normalises ring orientation on save, so any drawing direction is fine.
 *
 * Units: room px.
 */
import { pointInRing } from '../../../shared/geometry/polygon'
import type { Point } from '../../../shared/geometry/types'
import { coordsToRing, ringToCoords } from '../../../shared/room/convert'
import {
  addGateCommand,
  addHoleCommand,
  addPolygonCommand,
  addZoneCommand,
  holeFitProblem,
  RingError,
} from '../commands/room-commands'
import { fillPolygon } from './mask-paint'
import { MaskEditSession } from './mask-edit'
import { PolygonDrawTool } from './polygon-draw'
import { paintName, paintValue, type ToolContext } from './tool'
import type { EditTarget } from '../commands/edit-target'

function needTarget(ctx: ToolContext): EditTarget {
  const target = ctx.target()
  if (!target) throw new Error('Open a room first.')
  return target
}

export class WalkPolygonTool extends PolygonDrawTool {
  readonly id = 'polygon'
  protected finish(ring: Point[]): void {
    const target = needTarget(this.ctx)
    const areaId = target.room.areas.some((a) => a.id === this.ctx.options.areaId)
      ? this.ctx.options.areaId
      : (target.room.areas[0]?.id ?? 1)
    const made = this.ctx.execute(addPolygonCommand(target, ringToCoords(ring), areaId))?.created
    if (typeof made === 'string') this.ctx.select({ kind: 'polygon', polygonId: made })
  }
}

export class HoleTool extends PolygonDrawTool {
  readonly id = 'hole'
  protected override colour = 0xff7a59
  protected finish(ring: Point[]): void {
    const target = needTarget(this.ctx)
    const owner = target.room.polygons.find((p) => pointInRing(coordsToRing(p.outer), ring[0], false))
    if (!owner) throw new Error('Start a hole inside a walk polygon.')
    const misfit = holeFitProblem(owner.outer, ringToCoords(ring), owner.id)
    if (misfit) throw new RingError(misfit.message, misfit.at)
    const hole = owner.holes.length
    if (this.ctx.execute(addHoleCommand(target, owner.id, ringToCoords(ring))))
      this.ctx.select({ kind: 'polygon', polygonId: owner.id, hole })
  }
}

export class GateTool extends PolygonDrawTool {
  readonly id = 'gate'
  protected override colour = 0xff5050
  protected finish(ring: Point[]): void {
    const target = needTarget(this.ctx)
    const made = this.ctx.execute(
      addGateCommand(target, { kind: 'block-polygon', polygon: ringToCoords(ring) }),
    )?.created
    if (typeof made === 'string') this.ctx.select({ kind: 'gate', gateId: made })
  }
}

export class ZoneTool extends PolygonDrawTool {
  readonly id = 'zone'
  protected override colour = 0xf5a623
  protected finish(ring: Point[]): void {
    const target = needTarget(this.ctx)
    const made = this.ctx.execute(
      addZoneCommand(target, { kind: 'polygon', outer: ringToCoords(ring) }),
    )?.created
    if (typeof made === 'string') this.ctx.select({ kind: 'zone', zoneId: made })
  }
}

export class PolygonFillTool extends PolygonDrawTool {
  readonly id = 'polygon-fill'
  protected finish(ring: Point[]): void {
    const session = MaskEditSession.begin(this.ctx)
    if (!session) throw new Error('Open a room first.')
    session.touched(fillPolygon(session.buffer, ring, paintValue(this.ctx)))
    session.commit(this.ctx, `Polygon fill ${paintName(this.ctx)}`)
  }
}
