/**
 * Edges sorted into square buckets, so that questions about edges near a segment (or edges
 * near each other) look at few edges. The grid is sized by the number of edges, not by the
 * bounding box: an outline reaching ±1e6 px with 8 edges gets a handful of buckets, not four
 * billion, and memory stays linear in the edges whatever the coordinates.
 *
 * Glossary
 * - bucket: one square cell of the grid, `cell` px on a side, origin at the edges' top-left.
 * - cell size: at least `MIN_CELL_PX`; grown so that the grid holds at most about
 *   `BUCKETS_PER_EDGE` buckets per edge however large or thin the bounding box.
 * - an edge's buckets: every bucket the edge passes through (row by row, with a margin of a
 *   millionth of a cell so that an edge on a bucket border is listed on both sides), not
 *   every bucket of its box: a long diagonal edge costs rows + columns, not rows x columns.
 * - near pair: two edges that share a bucket; `nearEdgePairs` visits each such pair once.
 *
 * Units: room px; bucket coordinates in cells.
 */
import { checkBudget } from './budget'
import type { AreaPolygon } from './types'

/** Smallest side of a bucket, px. */
export const MIN_CELL_PX = 32
/** Buckets per edge, at most (about). */
const BUCKETS_PER_EDGE = 4

export interface EdgeGrid {
  /** x1, y1, x2, y2 per edge. */
  edges: Float64Array
  /** Side of a bucket, px. */
  cell: number
  cols: number
  rows: number
  originX: number
  originY: number
  /** Edge ids of bucket b are ids[start[b] .. start[b + 1]). */
  start: Uint32Array
  ids: Uint32Array
  /** Per edge: the number of the last walk that looked at it (so a walk sees each edge once). */
  seen: Uint32Array
  visit: number
}

/** The side of a bucket for `count` edges in a w x h px box, at least `minCell` (see the glossary). */
export function cellSizeFor(count: number, w: number, h: number, minCell = MIN_CELL_PX): number {
  const buckets = Math.max(1, BUCKETS_PER_EDGE * count)
  return Math.max(minCell, Math.sqrt((w * h) / buckets), (w + h) / buckets)
}

type GridShape = Pick<EdgeGrid, 'cell' | 'cols' | 'rows' | 'originX' | 'originY'>

/** Calls `visit(bucket)` for every bucket of `grid` that the segment passes through. */
export function eachBucketOfSegment(
  grid: GridShape,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  visit: (bucket: number) => void,
): void {
  const { cell, cols, rows, originX, originY } = grid
  const x1 = (ax - originX) / cell
  const y1 = (ay - originY) / cell
  const x2 = (bx - originX) / cell
  const y2 = (by - originY) / cell
  const margin = 1e-6
  const clampCol = (c: number) => Math.max(0, Math.min(cols - 1, c))
  const clampRow = (r: number) => Math.max(0, Math.min(rows - 1, r))
  const yLo = Math.min(y1, y2)
  const yHi = Math.max(y1, y2)
  const r0 = clampRow(Math.floor(yLo - margin))
  const r1 = clampRow(Math.floor(yHi + margin))
  for (let r = r0; r <= r1; r++) {
    // The part of the segment inside this row's strip (grown by the margin).
    let xa = x1
    let xb = x2
    if (y1 !== y2) {
      const t0 = (Math.max(yLo, r - margin) - y1) / (y2 - y1)
      const t1 = (Math.min(yHi, r + 1 + margin) - y1) / (y2 - y1)
      xa = x1 + t0 * (x2 - x1)
      xb = x1 + t1 * (x2 - x1)
    }
    const c0 = clampCol(Math.floor(Math.min(xa, xb) - margin))
    const c1 = clampCol(Math.floor(Math.max(xa, xb) + margin))
    for (let c = c0; c <= c1; c++) visit(r * cols + c)
  }
}

/** Buckets the flat edges (x1, y1, x2, y2 per edge) whose vertices lie in the given box. */
export function bucketEdges(
  edges: Float64Array,
  box: { minX: number; minY: number; maxX: number; maxY: number },
): EdgeGrid {
  const n = edges.length / 4
  if (n === 0) {
    return {
      edges,
      cell: MIN_CELL_PX,
      cols: 0,
      rows: 0,
      originX: 0,
      originY: 0,
      start: new Uint32Array(1),
      ids: new Uint32Array(0),
      seen: new Uint32Array(0),
      visit: 0,
    }
  }
  const w = box.maxX - box.minX
  const h = box.maxY - box.minY
  const cell = cellSizeFor(n, w, h)
  const shape: GridShape = {
    cell,
    cols: Math.max(1, Math.ceil(w / cell) + 1),
    rows: Math.max(1, Math.ceil(h / cell) + 1),
    originX: box.minX,
    originY: box.minY,
  }
  const each = (e: number, visit: (bucket: number) => void) =>
    eachBucketOfSegment(shape, edges[e * 4], edges[e * 4 + 1], edges[e * 4 + 2], edges[e * 4 + 3], visit)
  const counts = new Uint32Array(shape.cols * shape.rows + 1)
  for (let e = 0; e < n; e++) each(e, (b) => counts[b + 1]++)
  for (let b = 1; b < counts.length; b++) counts[b] += counts[b - 1]
  const start = Uint32Array.from(counts)
  const fill = Uint32Array.from(counts)
  const ids = new Uint32Array(counts[counts.length - 1])
  for (let e = 0; e < n; e++) each(e, (b) => (ids[fill[b]++] = e))
  return { edges, ...shape, start, ids, seen: new Uint32Array(n), visit: 0 }
}

/** The bucketed edges of every ring of `areas` (outlines and holes alike). */
export function buildEdgeGrid(areas: readonly AreaPolygon[]): EdgeGrid {
  const { edges, minX, minY, maxX, maxY } = flatEdges(areas)
  return bucketEdges(edges, { minX, minY, maxX, maxY })
}

/**
 * Calls `visit(i, j)` (i > j, edge ids of `grid`) once for every pair of edges that share a
 * bucket; stops, and returns true, as soon as `visit` returns true. Checks the step's budget
 * as it goes (geometry/budget.ts).
 */
export function nearEdgePairs(grid: EdgeGrid, visit: (i: number, j: number) => boolean): boolean {
  const { edges, start, ids } = grid
  const n = edges.length / 4
  // seen[j] === i + 1: pair (i, j) already visited from an earlier bucket of i.
  const seen = new Uint32Array(n)
  let stopped = false
  for (let i = 0; i < n && !stopped; i++) {
    eachBucketOfSegment(grid, edges[i * 4], edges[i * 4 + 1], edges[i * 4 + 2], edges[i * 4 + 3], (b) => {
      if (stopped) return
      for (let k = start[b]; k < start[b + 1]; k++) {
        const j = ids[k]
        if (j >= i || seen[j] === i + 1) continue
        seen[j] = i + 1
        checkBudget()
        if (visit(i, j)) {
          stopped = true
          return
        }
      }
    })
  }
  return stopped
}

/**
 * Every edge of the areas' rings, flat (x1, y1, x2, y2 per edge, the closing edge included),
 * and the box of their vertices (empty: Infinity / -Infinity for no edges). For edge indexes.
 */
export function flatEdges(areas: readonly AreaPolygon[]): {
  edges: Float64Array
  minX: number
  minY: number
  maxX: number
  maxY: number
} {
  const list: number[] = []
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const area of areas) {
    for (const ring of [area.outer, ...area.holes]) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]
        const b = ring[(i + 1) % ring.length]
        list.push(a.x, a.y, b.x, b.y)
        minX = Math.min(minX, a.x)
        maxX = Math.max(maxX, a.x)
        minY = Math.min(minY, a.y)
        maxY = Math.max(maxY, a.y)
      }
    }
  }
  return { edges: Float64Array.from(list), minX, minY, maxX, maxY }
}
