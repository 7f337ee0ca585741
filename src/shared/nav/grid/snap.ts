/**
 * Snapping query points to the walk grid: a point outside the walkable area (or
 * outside the room) moves to the centre of the closest walkable pixel.
 *
 * Glossary
 * - walk grid: row-major cells, 1 cell = 1 room px, 0 = blocked (see nav/types.ts).
 * - ring: the cells at Chebyshev distance r from a centre cell; the search visits
 *   rings outwards and stops once no farther ring can hold a closer cell.
 * - snapped endpoint: the pixel a grid search starts or ends on, and its centre.
 *
 * Units: room px for points; cell indices are row * width + col.
 */
import type { Point } from '../../geometry/types'
import type { WalkGrid } from '../types'

/**
 * Index of the walkable cell whose centre is closest (Euclidean) to (x, y), or -1 when
 * the grid has no walkable cell. A walkable cell under the point wins outright.
 * `accept` narrows which walkable cells count (e.g. cells of one component).
 */
export function nearestWalkableCell(
  cells: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  accept?: (index: number) => boolean,
): number {
  if (width <= 0 || height <= 0) return -1
  if (!Number.isFinite(x)) x = 0
  if (!Number.isFinite(y)) y = 0
  // q = the point clamped into the room; every cell centre is at least as far from p as from q.
  const qx = Math.min(Math.max(x, 0), width)
  const qy = Math.min(Math.max(y, 0), height)
  const outside2 = (x - qx) * (x - qx) + (y - qy) * (y - qy)
  const cx = Math.min(Math.floor(qx), width - 1)
  const cy = Math.min(Math.floor(qy), height - 1)
  let best = -1
  let bestD2 = Infinity
  const maxRing = Math.max(width, height)
  for (let r = 0; r <= maxRing; r++) {
    const near = Math.max(0, r - 1)
    // Cells on ring r have centres at least r - 1 px (r - 0.5 really) from q.
    if (outside2 + near * near > bestD2) break
    const c0 = cx - r
    const c1 = cx + r
    const r0 = cy - r
    const r1 = cy + r
    for (let row = Math.max(r0, 0); row <= Math.min(r1, height - 1); row++) {
      // Edge rows of the ring are walked in full; rows between only at their two ends.
      const step = row === r0 || row === r1 ? 1 : c1 - c0
      for (let col = c0; col <= c1; col += step) {
        if (col < 0 || col >= width) continue
        const i = row * width + col
        if (cells[i] === 0 || (accept && !accept(i))) continue
        const dx = col + 0.5 - x
        const dy = row + 0.5 - y
        const d2 = dx * dx + dy * dy
        if (d2 < bestD2) {
          bestD2 = d2
          best = i
        }
      }
    }
  }
  return best
}

/** One snapped endpoint of a grid query. */
export interface SnappedEndpoint {
  /** Cell index in the walk grid. */
  index: number
  /** Centre of that cell, room px. */
  point: Point
  /** The query point was not on a walkable pixel and was moved. */
  moved: boolean
}

/** Snap a query point to the walk grid; undefined when nothing is walkable. */
export function snapToGrid(grid: WalkGrid, p: Point): SnappedEndpoint | undefined {
  const { width, height, cells } = grid
  const col = Math.floor(p.x)
  const row = Math.floor(p.y)
  const inside = col >= 0 && row >= 0 && col < width && row < height
  let index: number
  let moved = false
  if (inside && cells[row * width + col] !== 0) {
    index = row * width + col
  } else {
    index = nearestWalkableCell(cells, width, height, p.x, p.y)
    if (index < 0) return undefined
    moved = true
  }
  return { index, point: cellCentre(index, width), moved }
}

/** Centre of cell `index` of a grid `width` cells wide, room px. */
export function cellCentre(index: number, width: number): Point {
  const row = Math.floor(index / width)
  return { x: index - row * width + 0.5, y: row + 0.5 }
}

/** Format a point for reasons, e.g. "(12.5, 40.5)". */
export function formatPoint(p: Point): string {
  const f = (v: number) => (Number.isInteger(v * 100) ? String(v) : v.toFixed(2))
  return `(${f(p.x)}, ${f(p.y)})`
}

export interface SnappedQuery {
  start: SnappedEndpoint
  goal: SnappedEndpoint
  /** Reasons for the moves, joined into the result's `reason`. */
  notes: string[]
}

/** Snap both endpoints of a query; a string when the grid has nothing walkable. */
export function snapQuery(grid: WalkGrid, from: Point, to: Point): SnappedQuery | string {
  const start = snapToGrid(grid, from)
  const goal = snapToGrid(grid, to)
  if (!start || !goal) return 'the room has no walkable pixel'
  const notes: string[] = []
  if (start.moved) notes.push(`start outside the walkable area, snapped to ${formatPoint(start.point)}`)
  if (goal.moved) notes.push(`goal outside the walkable area, snapped to ${formatPoint(goal.point)}`)
  return { start, goal, notes }
}
