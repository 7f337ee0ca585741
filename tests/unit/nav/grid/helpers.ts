/**
 * Test helpers for the grid pathfinders: masks from ASCII pictures, an independent
 * validity check, a reference flood, running an algorithm with its faithful options.
 *
 * Glossary
 * - picture: rows of characters, '.' walkable, anything else blocked.
 * - valid path: every point of every segment (sampled every 0.1 px) is within 1 px of a
 *   walkable pixel square (the contract of nav/types.ts).
 *
 * Units: room px.
 */
import type { Point } from '../../../../src/shared/geometry/types'
import type { NavWorld, OptionValues, Pathfinder, PathResult } from '../../../../src/shared/nav/types'
import { worldFromGrid } from '../../../../src/shared/nav/world'
import { getPathfinder, GRID_ALGORITHM_IDS } from '../../../../src/shared/nav/registry'

export interface Mask {
  width: number
  height: number
  cells: Uint8Array
}

/** Every grid algorithm of the registry (a new one is held to the contract tests by its registry line). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const GRID_PATHFINDERS: Pathfinder<any>[] = GRID_ALGORITHM_IDS.map(getPathfinder)

export function maskFromPicture(rows: string[]): Mask {
  const height = rows.length
  const width = rows[0].length
  const cells = new Uint8Array(width * height)
  rows.forEach((row, r) => {
    if (row.length !== width) throw new Error(`row ${r} has ${row.length} characters, expected ${width}`)
    for (let c = 0; c < width; c++) if (row[c] === '.') cells[r * width + c] = 1
  })
  return { width, height, cells }
}

export function worldOf(mask: Mask, revision = 'test'): NavWorld {
  return worldFromGrid(mask.width, mask.height, mask.cells, revision)
}

export function faithfulOptions(p: Pathfinder): OptionValues {
  return Object.fromEntries(p.options.map((o) => [o.key, o.faithful]))
}

/** Prepare with faithful options overridden by `options`, answer one query. */
export function solve(
  p: Pathfinder,
  world: NavWorld,
  from: Point,
  to: Point,
  options: OptionValues = {},
): Omit<PathResult, 'stats'> & { expanded: number } {
  const prepared = p.prepare(world, { ...faithfulOptions(p), ...options })
  return p.findPath(prepared, from, to)
}

export function lengthOf(points: Point[]): number {
  let total = 0
  for (let i = 1; i < points.length; i++)
    total += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y)
  return total
}

function walkable(mask: Mask, c: number, r: number): boolean {
  return c >= 0 && r >= 0 && c < mask.width && r < mask.height && mask.cells[r * mask.width + c] !== 0
}

/** Distance from p to the nearest walkable pixel square, searched within 2 px (Infinity beyond). */
export function distanceToWalkable(mask: Mask, p: Point): number {
  let best = Infinity
  const c0 = Math.floor(p.x)
  const r0 = Math.floor(p.y)
  for (let r = r0 - 2; r <= r0 + 2; r++)
    for (let c = c0 - 2; c <= c0 + 2; c++) {
      if (!walkable(mask, c, r)) continue
      const dx = Math.max(c - p.x, 0, p.x - (c + 1))
      const dy = Math.max(r - p.y, 0, p.y - (r + 1))
      best = Math.min(best, Math.hypot(dx, dy))
    }
  return best
}

/** The first point of the path more than 1 px from walkable pixels, or undefined when the path is valid. */
export function invalidPoint(mask: Mask, points: Point[]): Point | undefined {
  for (const p of points) if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return p
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]
    const b = points[i + 1]
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.1))
    for (let s = 0; s <= steps; s++) {
      const p = { x: a.x + ((b.x - a.x) * s) / steps, y: a.y + ((b.y - a.y) * s) / steps }
      if (distanceToWalkable(mask, p) > 1 + 1e-9) return p
    }
  }
  if (points.length === 1 && distanceToWalkable(mask, points[0]) > 1 + 1e-9) return points[0]
  return undefined
}

/** 4-connected component labels (0 = blocked), the reference for reachability. */
export function components(mask: Mask): Int32Array {
  const { width, height, cells } = mask
  const label = new Int32Array(width * height)
  let next = 0
  const stack: number[] = []
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === 0 || label[i] !== 0) continue
    label[i] = ++next
    stack.push(i)
    while (stack.length > 0) {
      const k = stack.pop()!
      const c = k % width
      const r = (k - c) / width
      for (const [dc, dr] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const nc = c + dc
        const nr = r + dr
        if (!walkable(mask, nc, nr)) continue
        const n = nr * width + nc
        if (label[n] === 0) {
          label[n] = next
          stack.push(n)
        }
      }
    }
  }
  return label
}

export function cellOf(mask: Mask, p: Point): number {
  return Math.floor(p.y) * mask.width + Math.floor(p.x)
}

/** Transform a mask: 'mirror-x', 'mirror-y' or 'rotate' (90° clockwise); and map a point the same way. */
export function transformMask(
  mask: Mask,
  kind: 'mirror-x' | 'mirror-y' | 'rotate',
): { mask: Mask; map: (p: Point) => Point } {
  const { width, height, cells } = mask
  const w2 = kind === 'rotate' ? height : width
  const h2 = kind === 'rotate' ? width : height
  const out = new Uint8Array(w2 * h2)
  const mapCell = (c: number, r: number): [number, number] =>
    kind === 'mirror-x' ? [width - 1 - c, r] : kind === 'mirror-y' ? [c, height - 1 - r] : [height - 1 - r, c]
  for (let r = 0; r < height; r++)
    for (let c = 0; c < width; c++) {
      const [c2, r2] = mapCell(c, r)
      out[r2 * w2 + c2] = cells[r * width + c]
    }
  const map = (p: Point): Point => {
    const [c2, r2] = mapCell(Math.floor(p.x), Math.floor(p.y))
    return { x: c2 + (p.x - Math.floor(p.x)), y: r2 + (p.y - Math.floor(p.y)) }
  }
  return { mask: { width: w2, height: h2, cells: out }, map }
}
