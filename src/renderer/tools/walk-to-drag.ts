/**
 * Dragging a hotspot's walk-to point on the canvas, for the walk-to tool and the select
 * tool on the hotspot layer: press on a walk-to marker (the selected hotspot's first) and
 * drag it; with `place`, a press away from every marker puts the selected hotspot's walk-to
 * point there and drags it on. The whole press-drag-release is one command, so one undo step.
 *
 * Modes: 'idle', 'dragging-walk-to'.
 * Units: room px; the hit tolerance in screen px.
 */
import type { Point } from '../../shared/geometry/types'
import { updateHotspotCommand } from '../commands/hotspot-commands'
import type { SnapTarget } from './snapping'
import { tryExecute, type ToolContext, type ToolPointer, type ToolPreview } from './tool'

/** Screen px within which a press takes a walk-to marker. */
export const WALK_TO_HIT_SCREEN_PX = 9

/** Colour of walk-to markers while dragged (the hotspot view draws them at rest). */
const DRAG_COLOUR = 0xffe066

export class WalkToDrag {
  private drag: { hotspotId: string; from: Point | null; at: Point; target: SnapTarget | null } | null = null

  constructor(private readonly ctx: ToolContext) {}

  get active(): boolean {
    return this.drag !== null
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
      this.drag = { hotspotId: hit.id, from: hit.at, at: hit.at, target: null }
      this.ctx.previewChanged()
      return true
    }
    const s = this.ctx.selection()
    if (!place || s?.kind !== 'hotspot') return false
    const h = this.ctx.target()?.room.hotspots?.find((x) => x.id === s.hotspotId)
    if (!h) return false
    const snapped = this.ctx.snap(e.point, e.zoom)
    this.drag = { hotspotId: h.id, from: h.walkTo ?? null, at: snapped.point, target: snapped.target }
    this.ctx.previewChanged()
    return true
  }

  move(e: ToolPointer): void {
    if (!this.drag) return
    const snapped = this.ctx.snap(e.point, e.zoom)
    this.drag.at = snapped.point
    this.drag.target = snapped.target
    this.ctx.previewChanged()
  }

  /** End the drag: one command when the point is somewhere new. */
  release(e: ToolPointer): void {
    const d = this.drag
    if (!d) return
    this.move(e)
    this.drag = null
    const target = this.ctx.target()
    if (target && (!d.from || d.from.x !== d.at.x || d.from.y !== d.at.y))
      tryExecute(this.ctx, () => updateHotspotCommand(target, d.hotspotId, { walkTo: d.at }))
    this.ctx.previewChanged()
  }

  cancel(): void {
    if (!this.drag) return
    this.drag = null
    this.ctx.previewChanged()
  }

  preview(): ToolPreview | null {
    const d = this.drag
    if (!d) return null
    return {
      rings: d.from ? [{ points: [d.from, d.at], closed: false, colour: DRAG_COLOUR, dashed: true }] : [],
      markers: [{ point: d.at, colour: DRAG_COLOUR, size: 6 }],
      snap: d.target,
    }
  }
}
