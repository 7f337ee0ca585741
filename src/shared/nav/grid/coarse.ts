/**
 * Shared machinery of the coarse-grid pathfinders (downscaled-grid, sampled-grid): node
 * grids coarser than the walk grid, their search buffers, and how a query point joins them.
 *
 * Glossary
 * - node: a cell of the coarse grid, index j * cols + i. Its point (room px) is
 *   (originX + i * spacing, originY + j * spacing).
 * - connector: the straight segment from a snapped query point (a pixel centre) to a
 *   nearby walkable node; it must be clear on the full walk grid (grid/line-of-sight.ts).
 *   The node chosen is the closest (Euclidean) walkable one with a clear connector within
 *   CONNECT_RINGS rings of nodes around the point.
 * - generation: per-node stamp that makes g and parent valid for the current query only.
 *
 * Units: room px for points; node indices for nodes; bytes for memory.
 */
import type { Point } from '../../geometry/types'
import type { DebugLayer, WalkGrid } from '../types'
import { makeAnswer, unreachableNote, type GridAnswer } from './answer'
import { MinHeap } from '../heap'
import { segmentClear } from './line-of-sight'
import { formatPoint } from './snap'
import { simplifyCollinear } from './tidy'

/** How far (in node rings) a query point looks for a node it can walk straight to. */
export const CONNECT_RINGS = 3

export interface NodeLayout {
  cols: number
  rows: number
  originX: number
  originY: number
  spacing: number
  /** 1 = walkable node. */
  walk: Uint8Array
}

export function nodePoint(layout: NodeLayout, node: number): Point {
  const j = Math.floor(node / layout.cols)
  const i = node - j * layout.cols
  return { x: layout.originX + i * layout.spacing, y: layout.originY + j * layout.spacing }
}

/** The closest walkable node with a clear connector from `p`, or -1. */
export function connectToNodes(grid: WalkGrid, layout: NodeLayout, p: Point): number {
  const { cols, rows, originX, originY, spacing, walk } = layout
  const ci = Math.round((p.x - originX) / spacing)
  const cj = Math.round((p.y - originY) / spacing)
  const candidates: { node: number; d2: number }[] = []
  for (let j = cj - CONNECT_RINGS; j <= cj + CONNECT_RINGS; j++) {
    if (j < 0 || j >= rows) continue
    for (let i = ci - CONNECT_RINGS; i <= ci + CONNECT_RINGS; i++) {
      if (i < 0 || i >= cols) continue
      const node = j * cols + i
      if (walk[node] === 0) continue
      const dx = originX + i * spacing - p.x
      const dy = originY + j * spacing - p.y
      candidates.push({ node, d2: dx * dx + dy * dy })
    }
  }
  candidates.sort((a, b) => a.d2 - b.d2 || a.node - b.node)
  for (const c of candidates) {
    const q = nodePoint(layout, c.node)
    if (segmentClear(grid.cells, grid.width, grid.height, p.x, p.y, q.x, q.y)) return c.node
  }
  return -1
}

/** Per-query search state over the nodes of a coarse grid. */
export class CoarseBuffers {
  readonly g: Int32Array
  readonly parent: Int32Array
  readonly gen: Uint32Array
  readonly closed: Uint32Array
  readonly queue: Int32Array
  readonly heap: MinHeap
  generation = 0

  constructor(nodes: number) {
    this.g = new Int32Array(nodes)
    this.parent = new Int32Array(nodes)
    this.gen = new Uint32Array(nodes)
    this.closed = new Uint32Array(nodes)
    this.queue = new Int32Array(Math.max(1, nodes))
    this.marks = new Uint8Array(nodes)
    this.heap = new MinHeap(Math.max(1024, Math.sqrt(nodes) * 16))
  }

  get bytes(): number {
    return (
      this.g.byteLength +
      this.parent.byteLength +
      this.gen.byteLength +
      this.closed.byteLength +
      this.queue.byteLength +
      this.marks.byteLength +
      this.heap.bytes
    )
  }

  /**
   * Nodes closed by the current query (1 = closed), for the debug layer; cleared and reused by every
   * query, so a layer built on it stays valid until the next query on these buffers.
   */
  readonly marks: Uint8Array

  begin(): number {
    this.generation++
    this.heap.clear()
    this.marks.fill(0)
    return this.generation
  }

  /** Nodes from the search's start to `end`, start first. */
  trace(end: number): number[] {
    const out = [end]
    let n = end
    while (this.parent[n] >= 0) {
      n = this.parent[n]
      out.push(n)
    }
    return out.reverse()
  }
}

/** Greedy smoothing: from each kept point, skip the next while the one after is in clear line of sight. */
export function smoothGreedy(grid: WalkGrid, points: Point[]): Point[] {
  if (points.length <= 2) return points
  const { cells, width, height } = grid
  const out = [points[0]]
  let anchor = points[0]
  for (let k = 1; k < points.length - 1; k++) {
    const next = points[k + 1]
    if (segmentClear(cells, width, height, anchor.x, anchor.y, next.x, next.y)) continue
    out.push(points[k])
    anchor = points[k]
  }
  out.push(points[points.length - 1])
  return out
}

/** Outcome of a coarse search: the node it ended on (the goal node, or the visited node closest to the goal). */
export interface CoarseRun {
  end: number
  reached: boolean
  expanded: number
}

/**
 * The part of a coarse-grid query shared by downscaled-grid and sampled-grid: connect the snapped
 * endpoints to nodes, run the search, turn nodes into points, post-process (smooth or shorten) the raw
 * path, then drop collinear points.
 * `run` gets goal node -1 when the goal cannot join the grid; it then ends on the closest node.
 */
export function coarseAnswer(
  grid: WalkGrid,
  layout: NodeLayout,
  buffers: CoarseBuffers,
  start: Point,
  goal: Point,
  snapNotes: string[],
  nodeName: string,
  run: (startNode: number, goalNode: number) => CoarseRun,
  postProcess: ((points: Point[]) => Point[]) | undefined,
  visitedLayer: () => DebugLayer,
): GridAnswer {
  const notes = [...snapNotes]
  if (start.x === goal.x && start.y === goal.y) return makeAnswer([start], true, start, goal, notes, 0, [])
  const s = connectToNodes(grid, layout, start)
  if (s < 0) {
    notes.push(
      `start ${formatPoint(start)} has no walkable ${nodeName} node in clear sight nearby; the path stays at the start`,
    )
    return makeAnswer([start], false, start, goal, notes, 0, [])
  }
  const t = connectToNodes(grid, layout, goal)
  const result = run(s, t)
  let points = [start, ...buffers.trace(result.end).map((n) => nodePoint(layout, n))]
  if (result.reached) points.push(goal)
  // Smoothing / shortening see the raw node path, as in the originals; tidying comes after.
  if (postProcess) points = postProcess(points)
  points = simplifyCollinear(points)
  if (!result.reached) {
    if (t < 0) notes.push(`goal ${formatPoint(goal)} has no walkable ${nodeName} node in clear sight nearby`)
    notes.push(unreachableNote(points[points.length - 1]))
  }
  return makeAnswer(points, result.reached, start, goal, notes, result.expanded, [visitedLayer()])
}
