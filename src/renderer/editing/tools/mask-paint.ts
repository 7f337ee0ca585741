/**
 * Pixel operations of the mask tools: stamp a brush, fill a rectangle, an
 * ellipse or a polygon, fill a 4-connected region (the bucket). Each writes area ids into the mask in
 * place and returns the dirty rectangle it touched (or null when it touched
 * nothing), so that only that part of the overlay is redrawn.
 *
 * Glossary
 * - dab: one stamp of the brush; a round dab paints the pixels whose centres lie in
 *   the circle, a square dab a size x size block. Size 1 paints exactly one pixel.
 * - value: the area id written (0 erases).
 * - counts: the mask's kept pixel counts per id (mask-counts.ts), when the buffer carries
 *   them: every operation here updates them for the pixels it changed, in the same pass.
 *
 * Units: mask px = room px; pixel (c, r) has its centre at (c + 0.5, r + 0.5).
 */
import { ringBox } from '../../../shared/geometry/bounds'
import { fillPolygonInto } from '../../../shared/geometry/rasterise'
import type { Point, Rect, Ring } from '../../../shared/geometry/types'
import { countRect, fillCounted } from '../commands/mask-counts'

export interface MaskBuffer {
  data: Uint8Array
  width: number
  height: number
  /** The mask's pixel counts per id, kept in step by every write here (absent: not counted). */
  counts?: Float64Array
}

/** Smallest rect holding both (either may be null). */
export function unionRect(a: Rect | null, b: Rect | null): Rect | null {
  if (!a) return b
  if (!b) return a
  const x = Math.min(a.x, b.x)
  const y = Math.min(a.y, b.y)
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  }
}

/** Clip a rect to the mask; null when nothing is left. */
export function clipRect(m: MaskBuffer, r: Rect): Rect | null {
  const x0 = Math.max(0, Math.floor(r.x))
  const y0 = Math.max(0, Math.floor(r.y))
  const x1 = Math.min(m.width, Math.ceil(r.x + r.width))
  const y1 = Math.min(m.height, Math.ceil(r.y + r.height))
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null
}

/** The top-left pixel of a dab of `size` px centred at room point p (so that it follows the cursor exactly). */
export function dabOrigin(p: Point, size: number): { x: number; y: number } {
  return { x: Math.floor(p.x - size / 2 + 0.5), y: Math.floor(p.y - size / 2 + 0.5) }
}

/** Stamp one dab with its top-left pixel at (ox, oy). */
export function stampDab(
  m: MaskBuffer,
  ox: number,
  oy: number,
  size: number,
  shape: 'round' | 'square',
  value: number,
): Rect | null {
  const rect = clipRect(m, { x: ox, y: oy, width: size, height: size })
  if (!rect) return null
  const c = size / 2
  const r2 = c * c
  const { data, counts } = m
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const dy = y - oy + 0.5 - c
    const row = y * m.width
    let x0 = rect.x
    let x1 = rect.x + rect.width
    if (shape === 'round') {
      // The pixels of this row whose centres lie in the circle, as one span.
      const left = r2 - dy * dy
      if (left < 0) continue
      const half = Math.sqrt(left)
      x0 = Math.max(x0, Math.ceil(ox + c - 0.5 - half))
      x1 = Math.min(x1, Math.floor(ox + c - 0.5 + half) + 1)
      // Rounding at the circle's edge: exactly the pixels whose centre passes the test.
      const inside = (x: number) => (x - ox + 0.5 - c) ** 2 + dy * dy <= r2
      while (x0 > rect.x && inside(x0 - 1)) x0--
      while (x0 < x1 && !inside(x0)) x0++
      while (x1 < rect.x + rect.width && inside(x1)) x1++
      while (x1 > x0 && !inside(x1 - 1)) x1--
      if (x1 <= x0) continue
    }
    fillCounted(data, row + x0, row + x1, value, counts)
  }
  return rect
}

/** Stamp dabs from a to b (room points), one per pixel step, so that fast strokes leave no gaps. */
export function strokeSegment(
  m: MaskBuffer,
  a: Point,
  b: Point,
  size: number,
  shape: 'round' | 'square',
  value: number,
): Rect | null {
  const oa = dabOrigin(a, size)
  const ob = dabOrigin(b, size)
  const steps = Math.max(Math.abs(ob.x - oa.x), Math.abs(ob.y - oa.y))
  let dirty: Rect | null = null
  let lastX = Number.NaN
  let lastY = Number.NaN
  for (let i = 0; i <= steps; i++) {
    const t = steps === 0 ? 0 : i / steps
    const x = Math.round(oa.x + (ob.x - oa.x) * t)
    const y = Math.round(oa.y + (ob.y - oa.y) * t)
    if (x === lastX && y === lastY) continue
    lastX = x
    lastY = y
    dirty = unionRect(dirty, stampDab(m, x, y, size, shape, value))
  }
  return dirty
}

/** Fill the pixels whose centres lie in the rectangle spanned by a and b. */
export function fillRect(m: MaskBuffer, a: Point, b: Point, value: number): Rect | null {
  const x0 = Math.round(Math.min(a.x, b.x))
  const y0 = Math.round(Math.min(a.y, b.y))
  const x1 = Math.round(Math.max(a.x, b.x))
  const y1 = Math.round(Math.max(a.y, b.y))
  const rect = clipRect(m, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 })
  if (!rect) return null
  for (let y = rect.y; y < rect.y + rect.height; y++)
    fillCounted(m.data, y * m.width + rect.x, y * m.width + rect.x + rect.width, value, m.counts)
  return rect
}

/** Fill the ellipse inscribed in the rectangle spanned by a and b (pixel centres inside). */
export function fillEllipse(m: MaskBuffer, a: Point, b: Point, value: number): Rect | null {
  const x0 = Math.round(Math.min(a.x, b.x))
  const y0 = Math.round(Math.min(a.y, b.y))
  const x1 = Math.round(Math.max(a.x, b.x))
  const y1 = Math.round(Math.max(a.y, b.y))
  const rect = clipRect(m, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 })
  if (!rect) return null
  const cx = (x0 + x1) / 2
  const cy = (y0 + y1) / 2
  const rx = (x1 - x0) / 2
  const ry = (y1 - y0) / 2
  let touched: Rect | null = null
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const dy = (y + 0.5 - cy) / ry
    if (dy * dy > 1) continue
    const half = rx * Math.sqrt(1 - dy * dy)
    const c0 = Math.max(rect.x, Math.ceil(cx - half - 0.5))
    const c1 = Math.min(rect.x + rect.width, Math.floor(cx + half - 0.5) + 1)
    if (c1 <= c0) continue
    fillCounted(m.data, y * m.width + c0, y * m.width + c1, value, m.counts)
    touched = unionRect(touched, { x: c0, y, width: c1 - c0, height: 1 })
  }
  return touched
}

/** Fill a polygon (pixel centres inside, even-odd). */
export function fillPolygon(m: MaskBuffer, ring: Ring, value: number): Rect | null {
  if (ring.length < 3) return null
  const { minX, minY, maxX, maxY } = ringBox(ring)
  const rect = clipRect(m, {
    x: Math.floor(minX),
    y: Math.floor(minY),
    width: Math.ceil(maxX) - Math.floor(minX) + 1,
    height: Math.ceil(maxY) - Math.floor(minY) + 1,
  })
  // The fill writes inside its box only: the box counted out before and in after.
  if (rect && m.counts) countRect(m.data, m.width, rect, m.counts, -1)
  fillPolygonInto(m.data, m.width, m.height, ring, value)
  if (rect && m.counts) countRect(m.data, m.width, rect, m.counts, 1)
  return rect
}

/**
 * 4-connected region fill from pixel (x, y): every pixel of the same id reachable from it
 * becomes `value`. Scanline spans, an explicit stack (no recursion). Null when nothing changed.
 */
export function fillRegion(m: MaskBuffer, x: number, y: number, value: number): Rect | null {
  const { data, width, height } = m
  if (x < 0 || y < 0 || x >= width || y >= height) return null
  const from = data[y * width + x]
  if (from === value) return null
  let minX = x
  let maxX = x
  let minY = y
  let maxY = y
  const stack: number[] = [x, y]
  while (stack.length > 0) {
    const sy = stack.pop()!
    const sx = stack.pop()!
    const row = sy * width
    if (data[row + sx] !== from) continue
    let l = sx
    while (l > 0 && data[row + l - 1] === from) l--
    let r = sx
    while (r < width - 1 && data[row + r + 1] === from) r++
    fillCounted(data, row + l, row + r + 1, value, m.counts)
    minX = Math.min(minX, l)
    maxX = Math.max(maxX, r)
    minY = Math.min(minY, sy)
    maxY = Math.max(maxY, sy)
    for (const ny of [sy - 1, sy + 1]) {
      if (ny < 0 || ny >= height) continue
      const nrow = ny * width
      let inSpan = false
      for (let c = l; c <= r; c++) {
        const match = data[nrow + c] === from
        if (match && !inSpan) stack.push(c, ny)
        inSpan = match
      }
    }
  }
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 }
}
