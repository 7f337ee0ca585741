/**
 * The measure tool: drag from one room point to another to read the distance and the
 * angle between them. Nothing is edited; the last measurement stays on the canvas until
 * the next drag or Escape, and is also written on the status line. The ends snap like
 * placed points (grid, vertices, edges, whole px), so a measure from vertex to vertex is
 * exact.
 *
 * Glossary
 * - distance: the straight-line length from start to end, room px, one decimal.
 * - angle: the direction from start to end in degrees, measured from the +x axis (to
 *   the right) turning towards +y (down the room, as room y grows downwards), so
 *   clockwise on screen: right 0°, down 90°, left 180°, up -90°; range (-180°, 180°].
 *   A drag from (10,10) to (40,50) reads 50.0 px at 53.1°.
 *
 * Modes: 'idle', 'measuring' (the button is down).
 * Units: room px, degrees.
 */
import type { Point } from '../../../shared/geometry/types'
import type { SnapTarget } from './snapping'
import type { Tool, ToolContext, ToolPointer, ToolPreview } from './tool'

export interface Measurement {
  from: Point
  to: Point
  /** Room px. */
  distance: number
  /** Degrees, clockwise on screen from the +x axis, (-180, 180]. */
  angle: number
}

export function measure(from: Point, to: Point): Measurement {
  const dx = to.x - from.x
  const dy = to.y - from.y
  let angle = (Math.atan2(dy, dx) * 180) / Math.PI
  if (angle === -180) angle = 180
  return { from, to, distance: Math.hypot(dx, dy), angle }
}

/** "50.0 px · 53.1°" (minus zero printed as 0.0). */
export function formatMeasurement(m: Measurement): string {
  const fix = (v: number) => (Math.abs(v) < 0.05 ? 0 : v).toFixed(1)
  return `${fix(m.distance)} px · ${fix(m.angle)}°`
}

const COLOUR = 0x7fdbff

export class MeasureTool implements Tool {
  readonly id = 'measure' as const
  readonly cursor = 'crosshair'
  mode: 'idle' | 'measuring' = 'idle'
  private current: Measurement | null = null
  private hoverTarget: SnapTarget | null = null

  constructor(private readonly ctx: ToolContext) {}

  /** The measurement on the canvas (while dragging and after), or null. */
  get measurement(): Measurement | null {
    return this.current
  }

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    const p = this.ctx.snap(e.point, e.zoom).point
    this.current = measure(p, p)
    this.mode = 'measuring'
    this.ctx.previewChanged()
  }

  pointerMove(e: ToolPointer): void {
    const snapped = this.ctx.snap(e.point, e.zoom)
    this.hoverTarget = snapped.target
    if (this.mode === 'measuring' && this.current) this.current = measure(this.current.from, snapped.point)
    this.ctx.previewChanged()
  }

  pointerUp(e: ToolPointer): void {
    if (this.mode !== 'measuring' || !this.current) return
    this.current = measure(this.current.from, this.ctx.snap(e.point, e.zoom).point)
    this.mode = 'idle'
    this.ctx.report('info', `Measured ${formatMeasurement(this.current)}`)
    this.ctx.previewChanged()
  }

  pointerLeave(): void {
    this.hoverTarget = null
    this.ctx.previewChanged()
  }

  keyDown(key: string): boolean {
    if (key !== 'Escape' || !this.current) return false
    this.cancel()
    return true
  }

  cancel(): void {
    this.current = null
    this.hoverTarget = null
    this.mode = 'idle'
    this.ctx.previewChanged()
  }

  preview(): ToolPreview | null {
    const m = this.current
    if (!m) return this.hoverTarget ? { snap: this.hoverTarget } : null
    return {
      rings: [{ points: [m.from, m.to], closed: false, colour: COLOUR }],
      markers: [
        { point: m.from, colour: COLOUR, size: 3 },
        { point: m.to, colour: COLOUR, size: 3 },
      ],
      labels: [
        { at: { x: (m.from.x + m.to.x) / 2, y: (m.from.y + m.to.y) / 2 }, text: formatMeasurement(m) },
      ],
      snap: this.hoverTarget,
    }
  }
}
