/**
 * The points tool: named points for the game (markers, entrances, walk-to spots, the player
 * start). Click where no point is to add one there (selected, ready for its name); press on a
 * point to select it and drag it (the whole press-drag-release is one undo step); F2 or a
 * double-click on a point asks for its name (the Points panel's field takes the keys); Escape
 * drops a drag. Delete removes the selected point (the Edit menu's Delete, selection-actions.ts).
 *
 * Modes: 'idle', 'dragging-point'.
 * Units: room px; the hit tolerance in screen px, the double-click window in ms.
 */
import type { Point } from '../../../shared/geometry/types'
import { addPointCommand, updatePointCommand } from '../commands/point-commands'
import { PointDrag } from './point-drag'
import {
  escapeCancelsDrag,
  tryExecute,
  type Tool,
  type ToolContext,
  type ToolPointer,
  type ToolPreview,
} from './tool'

/** Screen px within which a press takes a point. */
export const POINT_HIT_SCREEN_PX = 10

/** Two presses on one point within this many ms are a double-click (rename). */
const DOUBLE_CLICK_MS = 400

export class PointTool implements Tool {
  readonly id = 'point'
  readonly cursor = 'crosshair'
  private readonly drag: PointDrag<string>
  private lastPress: { pointId: string; time: number } | null = null

  constructor(
    private readonly ctx: ToolContext,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.drag = new PointDrag(ctx, (target, pointId, at) =>
      updatePointCommand(target, pointId, { x: at.x, y: at.y }),
    )
  }

  get mode(): string {
    return this.drag.active ? 'dragging-point' : 'idle'
  }

  /** The point under `e` (the selected one first, then the topmost), or null. */
  private hit(e: ToolPointer): { id: string; at: Point } | null {
    const points = this.ctx.target()?.room.points ?? []
    const s = this.ctx.selection()
    const selected = s?.kind === 'point' ? s.pointId : null
    const near = (p: { x: number; y: number }) =>
      Math.hypot(p.x - e.point.x, p.y - e.point.y) * e.zoom <= POINT_HIT_SCREEN_PX
    const first = points.find((p) => p.id === selected && near(p)) ?? [...points].reverse().find(near)
    return first ? { id: first.id, at: { x: first.x, y: first.y } } : null
  }

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    const target = this.ctx.target()
    if (!target) return
    const hit = this.hit(e)
    if (hit) {
      const selection = { kind: 'point' as const, pointId: hit.id }
      this.ctx.select(selection)
      const t = this.now()
      if (this.lastPress?.pointId === hit.id && t - this.lastPress.time <= DOUBLE_CLICK_MS) {
        this.lastPress = null
        this.ctx.rename?.(selection)
        return
      }
      this.lastPress = { pointId: hit.id, time: t }
      this.drag.start(hit.id, hit.at, hit.at)
      return
    }
    this.lastPress = null
    const at = this.ctx.snap(e.point, e.zoom).point
    const made = tryExecute(this.ctx, () => addPointCommand(target, at))?.created
    if (typeof made === 'string') this.ctx.select({ kind: 'point', pointId: made })
  }

  pointerMove(e: ToolPointer): void {
    this.drag.move(e)
  }

  /** End the drag: one command when the point is somewhere new (and no double-click after it). */
  pointerUp(e: ToolPointer): void {
    if (this.drag.release(e)) this.lastPress = null
  }

  keyDown(key: string): boolean {
    if (key === 'F2') {
      const s = this.ctx.selection()
      if (s?.kind !== 'point' || !this.ctx.rename) return false
      this.ctx.rename(s)
      return true
    }
    return escapeCancelsDrag(key, this.drag.active, () => this.cancel())
  }

  cancel(): void {
    this.drag.cancel()
  }

  preview(): ToolPreview | null {
    return this.drag.preview(true)
  }
}
