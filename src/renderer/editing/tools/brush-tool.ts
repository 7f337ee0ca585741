/**
 * Brush: paints the active area into the walk mask along the pointer's path. A
 * whole stroke (down, moves, up) is one undo step. The eraser is the same tool
 * writing 0.
 *
 * Modes: 'idle' (hovering: the brush outline follows the cursor), 'painting'.
 * Units: room px; the brush size is a diameter in room px, pixel-exact at any zoom.
 */
import type { Point } from '../../../shared/geometry/types'
import { dabOrigin, strokeSegment } from './mask-paint'
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

export class BrushTool implements Tool {
  readonly id: ToolId = 'brush'
  readonly cursor = 'crosshair'
  mode: 'idle' | 'painting' = 'idle'
  private session: MaskEditSession | null = null
  private last: Point | null = null
  private hover: Point | null = null

  constructor(protected readonly ctx: ToolContext) {}

  protected value(): number {
    return paintValue(this.ctx)
  }

  protected commandLabel(): string {
    return `Paint ${paintName(this.ctx)}`
  }

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    this.session = MaskEditSession.begin(this.ctx)
    if (!this.session) return
    this.mode = 'painting'
    this.last = e.point
    this.paint(e.point, e.point)
  }

  pointerMove(e: ToolPointer): void {
    this.hover = e.point
    if (this.mode === 'painting' && this.last) {
      this.paint(this.last, e.point)
      this.last = e.point
    }
    this.ctx.previewChanged()
  }

  pointerUp(e: ToolPointer): void {
    if (this.mode !== 'painting' || !this.session) return
    if (this.last) this.paint(this.last, e.point)
    this.session.commit(this.ctx, this.commandLabel())
    this.session = null
    this.last = null
    this.mode = 'idle'
  }

  pointerLeave(): void {
    this.hover = null
    this.ctx.previewChanged()
  }

  private paint(a: Point, b: Point): void {
    const { brushSize, brushShape } = this.ctx.options
    this.session?.touched(strokeSegment(this.session.buffer, a, b, brushSize, brushShape, this.value()))
  }

  keyDown(key: string): boolean {
    if (key === '[' || key === ']') {
      const size = this.ctx.options.brushSize
      this.ctx.options.brushSize = Math.max(
        1,
        Math.min(512, key === ']' ? Math.ceil(size * 1.25) : Math.floor(size / 1.25)),
      )
      this.ctx.previewChanged()
      return true
    }
    if (key === 'Escape' && this.mode === 'painting') {
      this.cancel()
      return true
    }
    return false
  }

  cancel(): void {
    this.session?.rollback()
    this.session = null
    this.last = null
    this.mode = 'idle'
  }

  preview(): ToolPreview | null {
    if (!this.hover) return null
    const { brushSize, brushShape } = this.ctx.options
    const o = dabOrigin(this.hover, brushSize)
    return { brush: { x: o.x + brushSize / 2, y: o.y + brushSize / 2, size: brushSize, shape: brushShape } }
  }
}

export class EraserTool extends BrushTool {
  override readonly id: ToolId = 'eraser'
  protected override value(): number {
    return 0
  }
  protected override commandLabel(): string {
    return 'Erase'
  }
}
