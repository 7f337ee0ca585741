/**
 * One point dragged on the canvas, press to release (a named point with the points tool, a
 * hotspot's walk-to point with the walk-to tool): the point follows the pointer (snapped),
 * a dashed line shows where it came from, and the release makes one command (one undo step)
 * when the point is somewhere new. The tools decide what a press takes; this keeps the drag.
 *
 * Glossary
 * - key: what is dragged, as the tool names it (a point id, a hotspot id).
 * - from: where the point was at the press (null: it had no place yet, e.g. a walk-to point
 *   placed by the press).
 *
 * Units: room px.
 */
import type { Point } from '../../../shared/geometry/types'
import type { Command } from '../commands/command'
import type { EditTarget } from '../commands/edit-target'
import type { SnapTarget } from './snapping'
import { tryExecute, type ToolContext, type ToolPointer, type ToolPreview } from './tool'

/** Colour of a point while dragged (the views draw them at rest). */
const DRAG_COLOUR = 0xffe066

export class PointDrag<K> {
  private drag: { key: K; from: Point | null; at: Point; target: SnapTarget | null } | null = null

  /** `commit` makes the command that puts `key`'s point at `at` (null: nothing to do). */
  constructor(
    private readonly ctx: ToolContext,
    private readonly commit: (target: EditTarget, key: K, at: Point) => Command | null,
  ) {}

  get active(): boolean {
    return this.drag !== null
  }

  /** Start dragging `key`'s point from `from` (null: it had none), now at `at`. */
  start(key: K, from: Point | null, at: Point, target: SnapTarget | null = null): void {
    this.drag = { key, from, at, target }
    this.ctx.previewChanged()
  }

  move(e: ToolPointer): void {
    if (!this.drag) return
    const snapped = this.ctx.snap(e.point, e.zoom)
    this.drag.at = snapped.point
    this.drag.target = snapped.target
    this.ctx.previewChanged()
  }

  /** End the drag at `e`: one command when the point is somewhere new. True when it moved. */
  release(e: ToolPointer): boolean {
    const d = this.drag
    if (!d) return false
    this.move(e)
    this.drag = null
    const target = this.ctx.target()
    const moved = !d.from || d.from.x !== d.at.x || d.from.y !== d.at.y
    if (target && moved) tryExecute(this.ctx, () => this.commit(target, d.key, d.at))
    this.ctx.previewChanged()
    return moved
  }

  cancel(): void {
    if (!this.drag) return
    this.drag = null
    this.ctx.previewChanged()
  }

  /** The dragged point and its line from where it was; with `onlyMoved`, nothing until it moves. */
  preview(onlyMoved = false): ToolPreview | null {
    const d = this.drag
    if (!d) return null
    if (onlyMoved && d.from && d.from.x === d.at.x && d.from.y === d.at.y) return null
    return {
      rings: d.from ? [{ points: [d.from, d.at], closed: false, colour: DRAG_COLOUR, dashed: true }] : [],
      markers: [{ point: d.at, colour: DRAG_COLOUR, size: 6 }],
      snap: d.target,
    }
  }
}
