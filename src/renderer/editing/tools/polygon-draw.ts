/**
 * Drawing a closed outline point by point, shared by the tools that draw one:
 * walk polygon, hole, gate, trigger zone and mask polygon-fill. Click adds a point,
 * clicking the first point again or pressing Enter closes the outline, Backspace
 * removes the last point, Escape abandons it. An outline that would cross itself is
 * refused and the crossings are marked until the author moves on.
 *
 * Modes: 'idle' (no points yet), 'drawing'.
 * Units: room px; points go where the context's snapping puts them (grid, a vertex or
 * an edge of the room, or whole px), and the snap target under the pointer is highlighted.
 */
import { findSelfIntersections } from '../../../shared/geometry/polygon'
import type { Point } from '../../../shared/geometry/types'
import { RingError } from '../commands/room-commands'
import type { SnapTarget } from './snapping'
import { type Tool, type ToolContext, type ToolId, type ToolPointer, type ToolPreview } from './tool'

/** Screen px within which a click on the first point closes the outline. */
const CLOSE_RADIUS_SCREEN_PX = 8

export abstract class PolygonDrawTool implements Tool {
  abstract readonly id: ToolId
  readonly cursor = 'crosshair'
  mode: 'idle' | 'drawing' = 'idle'
  protected points: Point[] = []
  private hover: Point | null = null
  private hoverTarget: SnapTarget | null = null
  private refused: Point[] = []
  private zoom = 1
  /** Outline colour of the preview. */
  protected colour = 0xffe066

  constructor(protected readonly ctx: ToolContext) {}

  /** Make the edit from a closed outline (throws RingError / Error to refuse). */
  protected abstract finish(ring: Point[]): void

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    this.zoom = e.zoom
    const p = this.ctx.snap(e.point, e.zoom, this.points).point
    this.refused = []
    if (this.points.length >= 3) {
      const first = this.points[0]
      if (Math.hypot(first.x - e.point.x, first.y - e.point.y) * e.zoom <= CLOSE_RADIUS_SCREEN_PX) {
        this.close()
        return
      }
    }
    const last = this.points.at(-1)
    if (last && last.x === p.x && last.y === p.y) return
    this.points.push(p)
    this.mode = 'drawing'
    this.ctx.previewChanged()
  }

  pointerMove(e: ToolPointer): void {
    this.zoom = e.zoom
    const snapped = this.ctx.snap(e.point, e.zoom, this.points)
    const had = this.hoverTarget
    this.hover = snapped.point
    this.hoverTarget = snapped.target
    if (this.mode === 'drawing' || had || snapped.target) this.ctx.previewChanged()
  }

  pointerLeave(): void {
    this.hoverTarget = null
    this.ctx.previewChanged()
  }

  pointerUp(): void {}

  /** Close the outline and make the edit; on refusal keep the points and mark the problem. */
  close(): void {
    if (this.points.length < 3) {
      this.ctx.report('error', 'An outline needs at least 3 points.')
      return
    }
    const crossings = findSelfIntersections(this.points)
    if (crossings.length > 0) {
      this.refused = crossings
      this.ctx.report(
        'error',
        `The outline crosses itself (marked in red); it was not added. Backspace removes the last point.`,
      )
      this.ctx.previewChanged()
      return
    }
    try {
      this.finish(this.points)
      this.points = []
      this.mode = 'idle'
    } catch (error) {
      if (error instanceof RingError) this.refused = error.at
      this.ctx.report('error', error instanceof Error ? error.message : String(error))
    }
    this.ctx.previewChanged()
  }

  keyDown(key: string): boolean {
    if (this.mode !== 'drawing') return false
    if (key === 'Enter') {
      this.close()
      return true
    }
    if (key === 'Backspace') {
      this.points.pop()
      this.refused = []
      if (this.points.length === 0) this.mode = 'idle'
      this.ctx.previewChanged()
      return true
    }
    if (key === 'Escape') {
      this.cancel()
      return true
    }
    return false
  }

  cancel(): void {
    this.points = []
    this.refused = []
    this.hoverTarget = null
    this.mode = 'idle'
    this.ctx.previewChanged()
  }

  preview(): ToolPreview | null {
    const markers: NonNullable<ToolPreview['markers']> = this.points.map((point, i) => ({
      point,
      colour: i === 0 ? 0xffffff : this.colour,
      size: i === 0 ? CLOSE_RADIUS_SCREEN_PX / 2 : 3,
    }))
    for (const point of this.refused) markers.push({ point, colour: 0xff3b3b, size: 7, cross: true })
    const snap = this.hoverTarget
    if (this.points.length === 0) return markers.length || snap ? { markers, snap } : null
    const path = this.hover && this.refused.length === 0 ? [...this.points, this.hover] : this.points
    return { rings: [{ points: path, closed: false, colour: this.colour }], markers, snap }
  }

  /** For tests and the status line: the points so far. */
  get draft(): readonly Point[] {
    return this.points
  }
  get zoomSeen(): number {
    return this.zoom
  }
}
