/**
 * Which walkable pixels of a walk grid can reach each other: 4-connected components,
 * kept as runs of pixels (not a label per pixel), so that a 4096x2304 grid costs the
 * memory of its runs, not of its 9.4 M pixels.
 *
 * Glossary
 * - run: a maximal horizontal stretch of walkable pixels in one row, [x0, x1).
 * - component: walkable pixels joined by steps to a side neighbour (4-connected). An
 *   8-connected walk that may not cut corners (jps, octile A*) connects exactly the same
 *   pixels, so this is what "reachable" means for every grid and for the rasterised polygons.
 * - label: a component's number, 0..count-1, in order of first appearance (top-left first).
 *
 * Units: grid cells (1 cell = 1 room px); cell indices are row * width + col.
 */
import type { WalkGrid } from '../types'

export interface GridComponents {
  readonly width: number
  readonly height: number
  /** Number of components. */
  readonly count: number
  /** Runs of row r are runs rowStart[r] .. rowStart[r + 1] - 1, left to right. */
  readonly rowStart: Int32Array
  readonly runX0: Int32Array
  readonly runX1: Int32Array
  readonly runLabel: Int32Array
  /** Memory held, bytes. */
  readonly bytes: number
}

/** Label the 4-connected walkable components of `grid` (a union-find over runs, two passes). */
export function gridComponents(grid: WalkGrid): GridComponents {
  const { width, height, cells } = grid
  const rowStart = new Int32Array(height + 1)
  let x0s: number[] = []
  let x1s: number[] = []
  for (let r = 0; r < height; r++) {
    rowStart[r] = x0s.length
    const base = r * width
    let c = 0
    while (c < width) {
      while (c < width && cells[base + c] === 0) c++
      if (c >= width) break
      const start = c
      while (c < width && cells[base + c] !== 0) c++
      x0s.push(start)
      x1s.push(c)
    }
  }
  rowStart[height] = x0s.length
  const runs = x0s.length
  const runX0 = Int32Array.from(x0s)
  const runX1 = Int32Array.from(x1s)
  x0s = x1s = []
  // Union-find over runs: a run joins every run of the row above that overlaps it.
  const parent = new Int32Array(runs)
  for (let i = 0; i < runs; i++) parent[i] = i
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]]
      i = parent[i]
    }
    return i
  }
  for (let r = 1; r < height; r++) {
    let a = rowStart[r - 1]
    const aEnd = rowStart[r]
    for (let b = rowStart[r]; b < rowStart[r + 1]; b++) {
      while (a < aEnd && runX1[a] <= runX0[b]) a++
      for (let k = a; k < aEnd && runX0[k] < runX1[b]; k++) {
        const ra = find(k)
        const rb = find(b)
        if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb)
      }
    }
  }
  const runLabel = new Int32Array(runs)
  const labelOfRoot = new Int32Array(runs).fill(-1)
  let count = 0
  for (let i = 0; i < runs; i++) {
    const root = find(i)
    if (labelOfRoot[root] < 0) labelOfRoot[root] = count++
    runLabel[i] = labelOfRoot[root]
  }
  const bytes = rowStart.byteLength + runX0.byteLength + runX1.byteLength + runLabel.byteLength
  return { width, height, count, rowStart, runX0, runX1, runLabel, bytes }
}

/** The component of cell (col, row), or -1 when it is blocked or outside the grid. */
export function componentAt(c: GridComponents, col: number, row: number): number {
  if (row < 0 || row >= c.height || col < 0 || col >= c.width) return -1
  let lo = c.rowStart[row]
  let hi = c.rowStart[row + 1] - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (col < c.runX0[mid]) hi = mid - 1
    else if (col >= c.runX1[mid]) lo = mid + 1
    else return c.runLabel[mid]
  }
  return -1
}

/** The component of cell `index` (row * width + col), or -1 when it is blocked. */
export function componentOfCell(c: GridComponents, index: number): number {
  const row = Math.floor(index / c.width)
  return componentAt(c, index - row * c.width, row)
}
