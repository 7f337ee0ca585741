/**
 * Bucket fill: a click replaces the 4-connected region of the clicked pixel's area
 * id (or of unwalkable pixels) with the active area; one undo step.
 *
 * Modes: 'idle' only (the fill happens on click).
 * Units: room px.
 */
import { fillRegion } from './mask-paint'
import { MaskEditSession } from './mask-edit'
import {
  paintName,
  paintValue,
  type Tool,
  type ToolContext,
  type ToolPointer,
  type ToolPreview,
} from './tool'

export class BucketFillTool implements Tool {
  readonly id = 'bucket-fill'
  readonly cursor = 'cell'
  readonly mode = 'idle'
  constructor(private readonly ctx: ToolContext) {}
  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    const session = MaskEditSession.begin(this.ctx)
    if (!session) return
    session.touched(
      fillRegion(session.buffer, Math.floor(e.point.x), Math.floor(e.point.y), paintValue(this.ctx)),
    )
    session.commit(this.ctx, `Bucket fill ${paintName(this.ctx)}`)
  }
  pointerMove(): void {}
  pointerUp(): void {}
  keyDown(): boolean {
    return false
  }
  cancel(): void {}
  preview(): ToolPreview | null {
    return null
  }
}
