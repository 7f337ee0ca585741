/**
 * Baseline tool (Walk-behinds layer): each walk-behind's baseline is a dashed horizontal
 * line; press on one and drag it up or down to move it, as one undo step on release. A
 * character whose feet are above a baseline is hidden where that walk-behind covers it.
 *
 * Modes: 'idle', 'dragging-baseline'.
 * Units: room px (baselines are whole px).
 */
import { updateWalkBehindCommand } from '../commands/walk-behind-commands'
import {
  escapeCancelsDrag,
  tryExecute,
  type Tool,
  type ToolContext,
  type ToolPointer,
  type ToolPreview,
} from './tool'

/** How near (screen px) a press must be to a baseline to grab it. */
export const BASELINE_HIT_SCREEN_PX = 6

export class BaselineTool implements Tool {
  readonly id = 'baseline'
  readonly cursor = 'ns-resize'
  mode: 'idle' | 'dragging-baseline' = 'idle'
  private drag: { id: number; from: number; y: number } | null = null

  constructor(private readonly ctx: ToolContext) {}

  private areas() {
    return this.ctx.target()?.room.walkBehinds?.areas ?? []
  }

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    const near = this.areas()
      .map((a) => ({ a, d: Math.abs(a.baseline - e.point.y) * e.zoom }))
      .filter((x) => x.d <= BASELINE_HIT_SCREEN_PX)
      .sort((p, q) => p.d - q.d)[0]
    if (!near) {
      // A click that grabs nothing says why, and where the baselines are.
      const areas = this.areas()
      if (areas.length === 0) this.ctx.report('error', 'Add a walk-behind first (Walk-behinds panel).')
      else {
        const closest = [...areas].sort(
          (p, q) => Math.abs(p.baseline - e.point.y) - Math.abs(q.baseline - e.point.y),
        )[0]
        const name = closest.name || `walk-behind ${closest.id}`
        this.ctx.report(
          'info',
          `No baseline here: press on a dashed baseline to drag it (the nearest, ${name}'s, is at y=${closest.baseline}, ${Math.round(Math.abs(closest.baseline - e.point.y))} px away).`,
        )
      }
      return
    }
    this.ctx.options.walkBehindId = near.a.id
    this.mode = 'dragging-baseline'
    this.drag = { id: near.a.id, from: near.a.baseline, y: near.a.baseline }
    this.ctx.previewChanged()
  }

  pointerMove(e: ToolPointer): void {
    if (!this.drag) return
    const height = this.ctx.target()?.room.size.height ?? 0
    this.drag.y = Math.max(0, Math.min(height, Math.round(e.point.y)))
    this.ctx.previewChanged()
  }

  pointerUp(e: ToolPointer): void {
    if (!this.drag) return
    this.pointerMove(e)
    const { id, from, y } = this.drag
    this.cancel()
    const target = this.ctx.target()
    if (!target || y === from) return
    tryExecute(this.ctx, () => updateWalkBehindCommand(target, id, { baseline: y }))
  }

  keyDown(key: string): boolean {
    return escapeCancelsDrag(key, this.drag !== null, () => this.cancel())
  }

  cancel(): void {
    this.drag = null
    this.mode = 'idle'
    this.ctx.previewChanged()
  }

  preview(): ToolPreview | null {
    if (!this.drag) return null
    const width = this.ctx.target()?.room.size.width ?? 0
    const { y } = this.drag
    return {
      rings: [
        {
          points: [
            { x: 0, y },
            { x: width, y },
          ],
          closed: false,
          colour: 0xffffff,
          dashed: true,
        },
      ],
    }
  }
}
