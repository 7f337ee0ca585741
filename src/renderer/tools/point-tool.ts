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
import type { Point } from '../../shared/geometry/types'
import { addPointCommand, updatePointCommand } from '../commands/point-commands'
import type { SnapTarget } from './snapping'
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

/** Colour of a point while dragged (the point view draws them at rest). */
const DRAG_COLOUR = 0xffe066

export class PointTool implements Tool {
  readonly id = 'point'
  readonly cursor = 'crosshair'
  private drag: { pointId: string; from: Point; at: Point; target: SnapTarget | null } | null = null
  private lastPress: { pointId: string; time: number } | null = null

  constructor(
    private readonly ctx: ToolContext,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get mode(): string {
    return this.drag ? 'dragging-point' : 'idle'
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
      this.drag = { pointId: hit.id, from: hit.at, at: hit.at, target: null }
      this.ctx.previewChanged()
      return
    }
    this.lastPress = null
    const at = this.ctx.snap(e.point, e.zoom).point
    const made = tryExecute(this.ctx, () => addPointCommand(target, at))?.created
    if (typeof made === 'string') this.ctx.select({ kind: 'point', pointId: made })
  }

  pointerMove(e: ToolPointer): void {
    if (!this.drag) return
    const snapped = this.ctx.snap(e.point, e.zoom)
    this.drag.at = snapped.point
    this.drag.target = snapped.target
    this.ctx.previewChanged()
  }

  /** End the drag: one command when the point is somewhere new. */
  pointerUp(e: ToolPointer): void {
    const d = this.drag
    if (!d) return
    this.pointerMove(e)
    this.drag = null
    const target = this.ctx.target()
    if (target && (d.from.x !== d.at.x || d.from.y !== d.at.y)) {
      this.lastPress = null
      tryExecute(this.ctx, () => updatePointCommand(target, d.pointId, { x: d.at.x, y: d.at.y }))
    }
    this.ctx.previewChanged()
  }

  keyDown(key: string): boolean {
    if (key === 'F2') {
      const s = this.ctx.selection()
      if (s?.kind !== 'point' || !this.ctx.rename) return false
      this.ctx.rename(s)
      return true
    }
    return escapeCancelsDrag(key, this.drag !== null, () => this.cancel())
  }

  cancel(): void {
    if (!this.drag) return
    this.drag = null
    this.ctx.previewChanged()
  }

  preview(): ToolPreview | null {
    const d = this.drag
    if (!d || (d.from.x === d.at.x && d.from.y === d.at.y)) return null
    return {
      rings: [{ points: [d.from, d.at], closed: false, colour: DRAG_COLOUR, dashed: true }],
      markers: [{ point: d.at, colour: DRAG_COLOUR, size: 6 }],
      snap: d.target,
    }
  }
}
