/**
 * Scaling tool: the linear scale stops of one area (or the default stops, area 0) are
 * horizontal handles; click to add a stop at that height (with the scale the room
 * has there now), drag a handle up or down to move it, Shift+drag sideways to change
 * its percent. A ghost character stands under the cursor at its real height there.
 *
 * Modes: 'idle', 'dragging-stop'.
 * Units: room px for y and heights; percent for scales.
 */
import type { Point } from '../../../shared/geometry/types'
import { setScaleStopCommand } from '../commands/room-commands'
import {
  escapeCancelsDrag,
  tryExecute,
  type Tool,
  type ToolContext,
  type ToolPointer,
  type ToolPreview,
} from './tool'

const STOP_HIT_SCREEN_PX = 6
/** Percent per screen px of a Shift-drag. */
const PERCENT_PER_SCREEN_PX = 0.5

export class ScaleTool implements Tool {
  readonly id = 'scale'
  readonly cursor = 'ns-resize'
  mode: 'idle' | 'dragging-stop' = 'idle'
  private hover: Point | null = null
  private drag: {
    index: number
    start: Point
    y: number
    scale: number
    zoom: number
    shift: boolean
  } | null = null

  constructor(private readonly ctx: ToolContext) {}

  /** The stops to grab: none while the room scales by its scale map (they are drawn dimmed then). */
  private stops(): { y: number; scale: number }[] {
    const room = this.ctx.target()?.room
    if (!room || room.scaling.mode === 'map') return []
    return room.scaling.linear.find((l) => l.areaId === this.ctx.options.scaleAreaId)?.stops ?? []
  }

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    const target = this.ctx.target()
    if (!target) return
    const areaId = this.ctx.options.scaleAreaId
    const stops = this.stops()
    const index = stops.findIndex((s) => Math.abs(s.y - e.point.y) * e.zoom <= STOP_HIT_SCREEN_PX)
    if (index >= 0) {
      this.ctx.select({ kind: 'scale-stop', areaId, index })
      this.mode = 'dragging-stop'
      this.drag = {
        index,
        start: e.point,
        y: stops[index].y,
        scale: stops[index].scale,
        zoom: e.zoom,
        shift: e.shift,
      }
      return
    }
    const y = Math.round(e.point.y)
    const scale = Math.round(this.ctx.scaleAt(e.point))
    if (tryExecute(this.ctx, () => setScaleStopCommand(target, areaId, { y, scale }))) {
      const at = this.stops().findIndex((s) => s.y === y)
      this.ctx.select({ kind: 'scale-stop', areaId, index: at })
    }
  }

  private dragged(p: Point): { y: number; scale: number } | null {
    const d = this.drag
    if (!d) return null
    if (d.shift) {
      const scale = Math.max(1, Math.round(d.scale + (p.x - d.start.x) * d.zoom * PERCENT_PER_SCREEN_PX))
      return { y: d.y, scale }
    }
    return { y: Math.round(d.y + p.y - d.start.y), scale: d.scale }
  }

  pointerMove(e: ToolPointer): void {
    this.hover = e.point
    this.ctx.previewChanged()
  }

  pointerLeave(): void {
    if (this.drag) return
    this.hover = null
    this.ctx.previewChanged()
  }

  pointerUp(e: ToolPointer): void {
    const d = this.drag
    const next = this.dragged(e.point)
    this.drag = null
    this.mode = 'idle'
    const target = this.ctx.target()
    if (!d || !next || !target || (next.y === d.y && next.scale === d.scale)) return
    const areaId = this.ctx.options.scaleAreaId
    if (tryExecute(this.ctx, () => setScaleStopCommand(target, areaId, next, d.index))) {
      const at = this.stops().findIndex((s) => s.y === next.y)
      this.ctx.select({ kind: 'scale-stop', areaId, index: at })
    }
  }

  keyDown(key: string): boolean {
    return escapeCancelsDrag(key, this.drag !== null, () => this.cancel())
  }

  cancel(): void {
    this.drag = null
    this.mode = 'idle'
    this.ctx.previewChanged()
  }

  /** The ghost's scale under the cursor, percent, and its height, room px (null off the canvas). */
  ghost(): { feet: Point; percent: number; height: number } | null {
    if (!this.hover) return null
    const percent = this.ctx.scaleAt(this.hover)
    return { feet: this.hover, percent, height: (this.ctx.characterHeight() * percent) / 100 }
  }

  preview(): ToolPreview | null {
    const ghost = this.ghost()
    const preview: ToolPreview = {}
    if (ghost)
      preview.ghost = { feet: ghost.feet, height: ghost.height, label: `${Math.round(ghost.percent)}%` }
    if (this.drag && this.hover) {
      const next = this.dragged(this.hover)
      const room = this.ctx.target()?.room
      if (next && room)
        preview.rings = [
          {
            points: [
              { x: 0, y: next.y },
              { x: room.size.width, y: next.y },
            ],
            closed: false,
            colour: 0xffe066,
            dashed: true,
          },
        ]
    }
    return preview
  }
}
