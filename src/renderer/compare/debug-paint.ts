/**
 * Paints an algorithm's debug layers (protocol.ts, from the core's `debug` payload) onto a
 * 2D canvas the size of the room times a scale; the side-by-side panes show that canvas as
 * a texture under the path. One canvas per pane, redrawn when its result changes.
 *
 * Glossary
 * - scale: canvas px per room px (below 1 for big rooms, so that nine panes stay cheap).
 * - mark cells: drawn in the algorithm's colour; heat cells: a blue-to-red ramp over the
 *   layer's own range (0 = coldest), blocked (negative) cells left clear.
 * - accent: the algorithm's colour ('#rrggbb').
 *
 * Units: room px in the layers; canvas px after scaling.
 */
import type { DebugLayer } from '../../shared/nav/types'
import { canvasFromPixels, type AnyCanvas } from '../platform/host/png'

type CellsLayer = Extract<DebugLayer, { kind: 'cells' }>

function rgb(colour: string): [number, number, number] {
  const n = parseInt(colour.replace('#', ''), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** Heat ramp: t in [0, 1] to RGB (dark blue, cyan, yellow, red). */
export function heatColour(t: number): [number, number, number] {
  const stops: [number, number, number][] = [
    [30, 40, 160],
    [0, 190, 220],
    [250, 230, 60],
    [235, 50, 40],
  ]
  const x = Math.min(1, Math.max(0, t)) * (stops.length - 1)
  const i = Math.min(stops.length - 2, Math.floor(x))
  const f = x - i
  const a = stops[i]
  const b = stops[i + 1]
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]
}

/** heatColour at 256 steps, RGB triples: a full-room heat layer is millions of cells. */
const HEAT_STEPS = 256
const HEAT_TABLE = (() => {
  const table = new Uint8ClampedArray(HEAT_STEPS * 3)
  for (let k = 0; k < HEAT_STEPS; k++) table.set(heatColour(k / (HEAT_STEPS - 1)), 3 * k)
  return table
})()

/** RGBA pixels of a heat layer: value v in 0..max on the ramp, negative values clear. */
export function heatPixels(values: ArrayLike<number>, count: number, out: Uint8ClampedArray): void {
  let max = 0
  for (let i = 0; i < count; i++) if (values[i] > max) max = values[i]
  if (max <= 0) return
  const steps = (HEAT_STEPS - 1) / max
  for (let i = 0; i < count; i++) {
    const v = values[i]
    if (v < 0) continue
    const k = 3 * Math.round(v * steps)
    out[4 * i] = HEAT_TABLE[k]
    out[4 * i + 1] = HEAT_TABLE[k + 1]
    out[4 * i + 2] = HEAT_TABLE[k + 2]
    out[4 * i + 3] = 170
  }
}

function cellsImage(layer: CellsLayer, accent: string): AnyCanvas | null {
  const { cols, rows, values } = layer
  if (cols <= 0 || rows <= 0) return null
  return canvasFromPixels(cols, rows, (px) => {
    if (layer.mode === 'mark') {
      const [r, g, b] = rgb(accent)
      for (let i = 0; i < cols * rows; i++) {
        if (values[i] === 0) continue
        px[4 * i] = r
        px[4 * i + 1] = g
        px[4 * i + 2] = b
        px[4 * i + 3] = 150
      }
    } else {
      heatPixels(values, cols * rows, px)
    }
  })
}

/** Clear `ctx` and paint `layers` at `scale` canvas px per room px. */
export function paintDebugLayers(
  ctx: CanvasRenderingContext2D,
  layers: readonly DebugLayer[],
  scale: number,
  accent: string,
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height)
  ctx.setTransform(scale, 0, 0, scale, 0, 0)
  ctx.imageSmoothingEnabled = false
  const px = 1 / scale
  for (const layer of layers) {
    switch (layer.kind) {
      case 'cells': {
        const image = cellsImage(layer, accent)
        if (!image) break
        ctx.drawImage(
          image,
          layer.originX,
          layer.originY,
          layer.cols * layer.cellSize,
          layer.rows * layer.cellSize,
        )
        break
      }
      case 'triangles': {
        const v = layer.vertices
        const t = layer.triangles
        if (layer.highlight && layer.highlight.length > 0) {
          ctx.fillStyle = accent
          ctx.globalAlpha = 0.3
          ctx.beginPath()
          for (const k of layer.highlight) {
            const a = t[3 * k]
            const b = t[3 * k + 1]
            const c = t[3 * k + 2]
            ctx.moveTo(v[2 * a], v[2 * a + 1])
            ctx.lineTo(v[2 * b], v[2 * b + 1])
            ctx.lineTo(v[2 * c], v[2 * c + 1])
            ctx.closePath()
          }
          ctx.fill()
          ctx.globalAlpha = 1
        }
        ctx.strokeStyle = 'rgba(220, 225, 235, 0.55)'
        ctx.lineWidth = px
        ctx.beginPath()
        for (let k = 0; k + 2 < t.length; k += 3) {
          const a = t[k]
          const b = t[k + 1]
          const c = t[k + 2]
          ctx.moveTo(v[2 * a], v[2 * a + 1])
          ctx.lineTo(v[2 * b], v[2 * b + 1])
          ctx.lineTo(v[2 * c], v[2 * c + 1])
          ctx.closePath()
        }
        ctx.stroke()
        break
      }
      case 'segments': {
        const s = layer.segments
        ctx.strokeStyle = layer.directed ? 'rgba(255, 170, 60, 0.9)' : 'rgba(120, 220, 255, 0.45)'
        ctx.lineWidth = layer.directed ? 2 * px : px
        ctx.beginPath()
        for (let k = 0; k + 3 < s.length; k += 4) {
          ctx.moveTo(s[k], s[k + 1])
          ctx.lineTo(s[k + 2], s[k + 3])
        }
        ctx.stroke()
        break
      }
      case 'points': {
        const p = layer.points
        // Dense layers (sampled nodes) get one canvas px a point, sparse ones (graph nodes) three.
        const dense = p.length / 2 > 2000
        const size = dense ? px : 3 * px
        ctx.fillStyle = dense ? 'rgba(255, 255, 255, 0.6)' : 'rgba(255, 255, 255, 0.9)'
        ctx.beginPath()
        for (let k = 0; k + 1 < p.length; k += 2) ctx.rect(p[k] - size / 2, p[k + 1] - size / 2, size, size)
        ctx.fill()
        break
      }
    }
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0)
}
