/**
 * Dragging a hotspot's walk-to point on the canvas, for the walk-to tool and the select
 * tool on the hotspot layer: press on a walk-to marker (the selected hotspot's first) and
 * drag it; with `place`, a press away from every marker puts the selected hotspot's walk-to
 * point there and drags it on. The whole press-drag-release is one command, so one undo step.
 *
 * Modes: 'idle', 'dragging-walk-to'.
 * Units: room px; the hit tolerance in screen px.
 */
import type { Point } from '../../../shared/geometry/types'
import { updateHotspotCommand } from '../commands/hotspot-commands'
import { PointDrag } from './point-drag'
import type { ToolContext, ToolPointer, ToolPreview } from './tool'

/** Screen px within which a press takes a walk-to marker. */
export const WALK_TO_HIT_SCREEN_PX = 9

export class WalkToDrag {
  private readonly drag: PointDrag<string>

  constructor(private readonly ctx: ToolContext) {
    this.drag = new PointDrag(ctx, (target, hotspotId, at) =>
      updateHotspotCommand(target, hotspotId, { walkTo: at }),
    )
  }

  get active(): boolean {
    return this.drag.active
  }

  /** The hotspots with a walk-to point, the selected one first. */
  private candidates(): { id: string; at: Point }[] {
    const room = this.ctx.target()?.room
    const s = this.ctx.selection()
    const selected = s?.kind === 'hotspot' ? s.hotspotId : null
    const list = (room?.hotspots ?? [])
      .filter((h) => h.walkTo)
      .map((h) => ({ id: h.id, at: { x: h.walkTo!.x, y: h.walkTo!.y } }))
    return [...list.filter((c) => c.id === selected), ...list.filter((c) => c.id !== selected)]
  }

  /** Take a press: true when it starts a drag (the tool then leaves the press alone). */
  press(e: ToolPointer, place: boolean): boolean {
    if (e.button !== 0) return false
    const hit = this.candidates().find(
      (c) => Math.hypot(c.at.x - e.point.x, c.at.y - e.point.y) * e.zoom <= WALK_TO_HIT_SCREEN_PX,
    )
    if (hit) {
      this.ctx.select({ kind: 'hotspot', hotspotId: hit.id })
      this.drag.start(hit.id, hit.at, hit.at)
      return true
    }
    const s = this.ctx.selection()
    if (!place || s?.kind !== 'hotspot') return false
    const h = this.ctx.target()?.room.hotspots?.find((x) => x.id === s.hotspotId)
    if (!h) return false
    const snapped = this.ctx.snap(e.point, e.zoom)
    this.drag.start(h.id, h.walkTo ?? null, snapped.point, snapped.target)
    return true
  }

  move(e: ToolPointer): void {
    this.drag.move(e)
  }

  /** End the drag: one command when the point is somewhere new. */
  release(e: ToolPointer): void {
    this.drag.release(e)
  }

  cancel(): void {
    this.drag.cancel()
  }

  preview(): ToolPreview | null {
    return this.drag.preview()
  }
}
