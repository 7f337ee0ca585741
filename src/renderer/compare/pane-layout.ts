/**
 * Where the panes of the comparison canvas go: the overlay is one pane filling the canvas;
 * the side-by-side view is a grid of equal panes, one per algorithm, filled row by row.
 * Every pane shows the room through the same viewport, relative to its own top-left
 * corner, so pan and zoom are synchronised by construction.
 *
 * Glossary
 * - pane rect: a pane's place on the canvas, CSS px from the canvas's top-left corner.
 * - pane-local point: CSS px from the pane's top-left corner (what the viewport maps).
 *
 * Units: CSS px.
 */
import type { ScreenPoint } from '../editing/canvas/viewport'

export interface PaneRect {
  x: number
  y: number
  width: number
  height: number
}

/** Gap between panes, CSS px. */
export const PANE_GAP = 4

/** Columns and rows for n panes in a canvas of this shape: as square as the panes can be. */
export function gridShape(n: number, width: number, height: number): { cols: number; rows: number } {
  if (n <= 1) return { cols: 1, rows: 1 }
  let best = { cols: n, rows: 1, score: -Infinity }
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols)
    const w = width / cols
    const h = height / rows
    // Prefer panes close to 16:9 that waste few slots.
    const aspect = w / Math.max(1, h)
    const score = -Math.abs(Math.log(aspect / (16 / 9))) - 0.15 * (cols * rows - n)
    if (score > best.score) best = { cols, rows, score }
  }
  return { cols: best.cols, rows: best.rows }
}

/** Rects of n panes in a canvas of width x height. */
export function paneRects(n: number, width: number, height: number, gap = PANE_GAP): PaneRect[] {
  if (n <= 1) return [{ x: 0, y: 0, width, height }]
  const { cols, rows } = gridShape(n, width, height)
  const w = (width - gap * (cols - 1)) / cols
  const h = (height - gap * (rows - 1)) / rows
  const rects: PaneRect[] = []
  for (let i = 0; i < n; i++) {
    const c = i % cols
    const r = Math.floor(i / cols)
    rects.push({
      x: Math.round(c * (w + gap)),
      y: Math.round(r * (h + gap)),
      width: Math.floor(w),
      height: Math.floor(h),
    })
  }
  return rects
}

/** The index of the pane holding a canvas point and the point relative to that pane, or null in a gap. */
export function paneAt(
  rects: readonly PaneRect[],
  p: ScreenPoint,
): { index: number; local: ScreenPoint } | null {
  for (let i = 0; i < rects.length; i++) {
    const r = rects[i]
    if (p.sx >= r.x && p.sx < r.x + r.width && p.sy >= r.y && p.sy < r.y + r.height) {
      return { index: i, local: { sx: p.sx - r.x, sy: p.sy - r.y } }
    }
  }
  return null
}
