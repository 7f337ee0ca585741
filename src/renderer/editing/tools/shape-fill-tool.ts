/**
 * Rectangle and ellipse: drag from one corner to the other; on release the shape
 * is filled with the active area as one undo step. Shift keeps it square/round.
 *
 * Modes: 'idle', 'dragging'.
 * Units: room px; corners snap to whole pixels.
 */
import type { Point } from '../../../shared/geometry/types'
import { fillEllipse, fillRect } from './mask-paint'
import { MaskEditSession } from './mask-edit'
import {
  paintName,
  paintValue,
  type Tool,
  type ToolContext,
  type ToolId,
  type ToolPointer,
  type ToolPreview,
} from './tool'

abstract class ShapeFillTool implements Tool {
  abstract readonly id: ToolId
  abstract readonly label: string
  readonly cursor = 'crosshair'
  mode: 'idle' | 'dragging' = 'idle'
  private start: Point | null = null
  private end: Point | null = null

  constructor(protected readonly ctx: ToolContext) {}

  protected abstract fill(session: MaskEditSession, a: Point, b: Point): void
  protected abstract outline(a: Point, b: Point): Point[]

  private corner(e: ToolPointer): Point {
    const p = { x: Math.round(e.point.x), y: Math.round(e.point.y) }
    if (!e.shift || !this.start) return p
    const dx = p.x - this.start.x
    const dy = p.y - this.start.y
    const side = Math.max(Math.abs(dx), Math.abs(dy))
    return { x: this.start.x + Math.sign(dx || 1) * side, y: this.start.y + Math.sign(dy || 1) * side }
  }

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    this.mode = 'dragging'
    this.start = this.corner(e)
    this.end = this.start
  }
  pointerMove(e: ToolPointer): void {
    if (this.mode !== 'dragging') return
    this.end = this.corner(e)
    this.ctx.previewChanged()
  }
  pointerUp(e: ToolPointer): void {
    if (this.mode !== 'dragging' || !this.start) return
    this.end = this.corner(e)
    const session = MaskEditSession.begin(this.ctx)
    if (session) {
      this.fill(session, this.start, this.end)
      session.commit(this.ctx, `${this.label} in ${paintName(this.ctx)}`)
    }
    this.cancel()
  }
  keyDown(key: string): boolean {
    if (key === 'Escape' && this.mode === 'dragging') {
      this.cancel()
      return true
    }
    return false
  }
  cancel(): void {
    this.mode = 'idle'
    this.start = null
    this.end = null
    this.ctx.previewChanged()
  }
  preview(): ToolPreview | null {
    if (!this.start || !this.end) return null
    return {
      rings: [{ points: this.outline(this.start, this.end), closed: true, colour: 0xffffff, dashed: true }],
    }
  }
}

export class RectangleTool extends ShapeFillTool {
  readonly id = 'rectangle'
  readonly label = 'Rectangle'
  protected fill(session: MaskEditSession, a: Point, b: Point): void {
    session.touched(fillRect(session.buffer, a, b, paintValue(this.ctx)))
  }
  protected outline(a: Point, b: Point): Point[] {
    return [a, { x: b.x, y: a.y }, b, { x: a.x, y: b.y }]
  }
}

export class EllipseTool extends ShapeFillTool {
  readonly id = 'ellipse'
  readonly label = 'Ellipse'
  protected fill(session: MaskEditSession, a: Point, b: Point): void {
    session.touched(fillEllipse(session.buffer, a, b, paintValue(this.ctx)))
  }
  protected outline(a: Point, b: Point): Point[] {
    const cx = (a.x + b.x) / 2
    const cy = (a.y + b.y) / 2
    const rx = Math.abs(b.x - a.x) / 2
    const ry = Math.abs(b.y - a.y) / 2
    const out: Point[] = []
    for (let i = 0; i < 48; i++) {
      const t = (i / 48) * Math.PI * 2
      out.push({ x: cx + rx * Math.cos(t), y: cy + ry * Math.sin(t) })
    }
    return out
  }
}
