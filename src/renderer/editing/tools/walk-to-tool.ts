/**
 * The walk-to tool of the hotspot layer: where characters walk when the player clicks a
 * hotspot. Press on a walk-to marker and drag it; with a hotspot selected, press anywhere
 * to put its walk-to point there (and drag on); press inside a hotspot with none selected
 * to select it. One press-drag-release is one undo step (walk-to-drag.ts). Escape drops a
 * drag in progress.
 *
 * Modes: 'idle', 'dragging-walk-to'.
 * Units: room px.
 */
import { editableRings } from './shape-rings'
import { pointInRing } from '../../../shared/geometry/polygon'
import { paintedHotspotSelection } from './hotspot-pick'
import { WalkToDrag } from './walk-to-drag'
import { escapeCancelsDrag, type Tool, type ToolContext, type ToolPointer, type ToolPreview } from './tool'

export class WalkToTool implements Tool {
  readonly id = 'walk-to'
  readonly cursor = 'crosshair'
  private readonly drag: WalkToDrag

  constructor(private readonly ctx: ToolContext) {
    this.drag = new WalkToDrag(ctx)
  }

  get mode(): string {
    return this.drag.active ? 'dragging-walk-to' : 'idle'
  }

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    if (this.drag.press(e, true)) return
    const room = this.ctx.target()?.room
    if (!room) return
    const ring = editableRings(room, 'hotspots').find((r) => pointInRing(r.points, e.point))
    const picked = ring?.selection ?? paintedHotspotSelection(room, e.point)
    if (picked) this.ctx.select(picked)
    else this.ctx.report('info', 'Select a hotspot (click it), then click where characters walk to.')
  }

  pointerMove(e: ToolPointer): void {
    this.drag.move(e)
  }

  pointerUp(e: ToolPointer): void {
    this.drag.release(e)
  }

  keyDown(key: string): boolean {
    return escapeCancelsDrag(key, this.drag.active, () => this.cancel())
  }

  cancel(): void {
    this.drag.cancel()
  }

  preview(): ToolPreview | null {
    return this.drag.preview()
  }
}
