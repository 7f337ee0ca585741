/**
 * Path metrics (measure/metrics): how long a path is, how it compares with the shortest
 * possible one, how much it turns, how close it comes to a wall, and whether it stays in
 * the walkable area. Every figure is measured here, the same way for every algorithm,
 * never taken from the algorithm's own report.
 *
 * Glossary
 * - length: sum of the Euclidean lengths of the path's segments.
 * - optimum / yardstick: the any-angle-optimal path between the same two points. For a
 *   polygon world it runs on the authored polygons; for a mask world on the mask's
 *   pixel-exact polygons (`world.exactPolygons()`), so no grid path (which stays inside
 *   walkable pixels) can be shorter.
 * - length ratio: length / optimal length between the points that were asked for (1 = as
 *   short as possible). An algorithm that moves its ends (to a cell centre of a coarser
 *   grid, say) can come out slightly under 1 on short paths; queries at pixel centres avoid
 *   that for full-resolution grids (measure/random.ts draws pairs there).
 * - turn: a path vertex where the direction changes by more than `TURN_EPSILON_DEG`;
 *   turning angle: the sum of those direction changes.
 * - clearance: the smallest distance from any point of the path to the boundary of the
 *   walkable area (walls and hole outlines). Paths that hug corners have clearance 0.
 * - defect: something wrong with a path: a point further than `VALIDITY_TOLERANCE_PX` out
 *   of the walkable area (reported with where), a coordinate that is not a finite number,
 *   a reached result without points, a path that does not start at the result's start
 *   (or, when reached, end at its goal) within the tolerance, or an algorithm that threw.
 * - validity check: each segment is sampled every `SAMPLE_STEP_PX`; a sample that the world
 *   says is not walkable is measured against the walkable area exactly: in a mask world
 *   against the walkable pixel squares, in a polygon world against the polygon outlines.
 *   Sampling means an excursion of at most tolerance + step/2 can go unreported.
 *
 * Units: room px for lengths and distances, degrees for angles.
 */
import type { Point } from '../geometry/types'
import { supercoverLine } from '../geometry/line-walk'
import { intersectionParameters, segmentIntersection } from '../geometry/predicates'
import { buildEdgeGrid, type EdgeGrid } from '../geometry/edge-grid'
import { checkBudget, withBudget } from '../geometry/budget'
import { YARDSTICK_ID } from '../nav/registry'
import { prepareAlgorithm, runQuery, type RunResult } from '../nav/run'
import type { NavWorld, WalkGrid } from '../nav/types'
import { worldFromPolygons } from '../nav/world'

/** How far out of the walkable area a path point may be and still count as valid, px. */
export const VALIDITY_TOLERANCE_PX = 1
/** Distance between validity samples along a segment, px. */
export const SAMPLE_STEP_PX = 0.25
/** Direction changes at or below this are not turns (rounding noise), degrees. */
export const TURN_EPSILON_DEG = 0.01

export interface PathDefect {
  kind: 'outside' | 'not-finite' | 'empty' | 'error' | 'ends'
  message: string
  /** Where: the worst point of the offending stretch, room px. */
  at?: Point
  /** Index of the segment (points[i] to points[i+1]) it lies on. */
  segment?: number
  /** How far out of the walkable area, px (at least this much; searched up to `MAX_REPORTED_DISTANCE_PX`). */
  distance?: number
}

export interface Validity {
  valid: boolean
  defects: PathDefect[]
}

export interface PathMetrics {
  length: number
  /** length / optimal length; null when either path does not reach its goal or there is no optimum. */
  lengthRatio: number | null
  turns: number
  turningDeg: number
  /** Smallest distance to a wall, px; null for a path without points. */
  clearance: number | null
  valid: boolean
  defects: PathDefect[]
}

/** Distances out of the walkable area are searched up to this far (further ones are reported as this), px. */
export const MAX_REPORTED_DISTANCE_PX = 64

export function pathLength(points: readonly Point[]): number {
  let total = 0
  for (let i = 1; i < points.length; i++) {
    total += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y)
  }
  return total
}

/** Turns and total turning angle (degrees). Zero-length segments are skipped. */
export function turnStats(points: readonly Point[]): { turns: number; turningDeg: number } {
  let turns = 0
  let turningDeg = 0
  let prev: { dx: number; dy: number } | undefined
  for (let i = 1; i < points.length; i++) {
    const dx = points[i].x - points[i - 1].x
    const dy = points[i].y - points[i - 1].y
    if (dx === 0 && dy === 0) continue
    if (prev) {
      const cross = prev.dx * dy - prev.dy * dx
      const dot = prev.dx * dx + prev.dy * dy
      const deg = Math.abs(Math.atan2(cross, dot)) * (180 / Math.PI)
      if (deg > TURN_EPSILON_DEG) {
        turns++
        turningDeg += deg
      }
    }
    prev = { dx, dy }
  }
  return { turns, turningDeg }
}

// ---------------------------------------------------------------------------------------
// Boundary edges in buckets (geometry/edge-grid.ts), so that distance questions do not scan every edge.

function edgeIndexOf(world: NavWorld): EdgeGrid {
  return world.cached('metrics:edge-index', () => buildEdgeGrid(world.exactPolygons()))
}

function pointSegmentDistance(
  px: number,
  py: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): number {
  const dx = x2 - x1
  const dy = y2 - y1
  const len2 = dx * dx + dy * dy
  let t = len2 === 0 ? 0 : ((px - x1) * dx + (py - y1) * dy) / len2
  t = Math.max(0, Math.min(1, t))
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
}

/** Exact distance between two segments (0 when they touch or cross). */
export function segmentSegmentDistance(a: Point, b: Point, c: Point, d: Point): number {
  const o1 = orient(a.x, a.y, b.x, b.y, c.x, c.y)
  const o2 = orient(a.x, a.y, b.x, b.y, d.x, d.y)
  const o3 = orient(c.x, c.y, d.x, d.y, a.x, a.y)
  const o4 = orient(c.x, c.y, d.x, d.y, b.x, b.y)
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return 0
  return Math.min(
    pointSegmentDistance(a.x, a.y, c.x, c.y, d.x, d.y),
    pointSegmentDistance(b.x, b.y, c.x, c.y, d.x, d.y),
    pointSegmentDistance(c.x, c.y, a.x, a.y, b.x, b.y),
    pointSegmentDistance(d.x, d.y, a.x, a.y, b.x, b.y),
  )
}

/**
 * Smallest distance from segment a-b to any edge of the index, looking no further than
 * `limit`; Infinity when nothing is that close. Rings of buckets grow until the answer is sure.
 */
function segmentToEdges(index: EdgeGrid, a: Point, b: Point, limit: number): number {
  if (index.cols === 0) return Infinity
  const seen = new Set<number>()
  let best = Infinity
  const cell = index.cell
  let reach = Math.min(limit, cell)
  const span = Math.max(index.cols, index.rows) * cell
  for (;;) {
    const c0 = Math.max(0, Math.floor((Math.min(a.x, b.x) - reach - index.originX) / cell))
    const c1 = Math.min(index.cols - 1, Math.floor((Math.max(a.x, b.x) + reach - index.originX) / cell))
    const r0 = Math.max(0, Math.floor((Math.min(a.y, b.y) - reach - index.originY) / cell))
    const r1 = Math.min(index.rows - 1, Math.floor((Math.max(a.y, b.y) + reach - index.originY) / cell))
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const bucket = r * index.cols + c
        for (let k = index.start[bucket]; k < index.start[bucket + 1]; k++) {
          const e = index.ids[k]
          if (seen.has(e)) continue
          seen.add(e)
          const q = e * 4
          const d = segmentSegmentDistance(
            a,
            b,
            { x: index.edges[q], y: index.edges[q + 1] },
            { x: index.edges[q + 2], y: index.edges[q + 3] },
          )
          if (d < best) best = d
        }
      }
    }
    if (best <= reach || reach >= limit || reach > span + Math.hypot(a.x - b.x, a.y - b.y)) break
    reach = Math.min(limit, reach * 2)
  }
  return best <= limit ? best : Infinity
}

// ---------------------------------------------------------------------------------------
// Distance out of the walkable area.

/** Distance from p to the nearest walkable pixel square of the grid, searched up to `limit` px. */
function distanceToWalkableCells(grid: WalkGrid, p: Point, limit: number): number {
  let best = Infinity
  for (let radius = 1; ; radius = Math.min(limit + 1, radius * 2)) {
    const c0 = Math.max(0, Math.floor(p.x - radius))
    const c1 = Math.min(grid.width - 1, Math.floor(p.x + radius))
    const r0 = Math.max(0, Math.floor(p.y - radius))
    const r1 = Math.min(grid.height - 1, Math.floor(p.y + radius))
    for (let r = r0; r <= r1; r++) {
      const dy = Math.max(r - p.y, 0, p.y - (r + 1))
      if (dy >= best) continue
      for (let c = c0; c <= c1; c++) {
        if (grid.cells[r * grid.width + c] === 0) continue
        const dx = Math.max(c - p.x, 0, p.x - (c + 1))
        const d = Math.hypot(dx, dy)
        if (d < best) best = d
      }
    }
    if (best <= radius || radius > limit) break
  }
  return best
}

/**
 * How far p lies out of the walkable area of the world: 0 when walkable, else the distance
 * to the walkable area (capped at `MAX_REPORTED_DISTANCE_PX`; Infinity beyond it).
 */
export function distanceOutside(world: NavWorld, p: Point): number {
  if (world.isWalkable(p)) return 0
  if (world.authoritative === 'mask')
    return distanceToWalkableCells(world.grid(), p, MAX_REPORTED_DISTANCE_PX)
  return segmentToEdges(edgeIndexOf(world), p, p, MAX_REPORTED_DISTANCE_PX)
}

/** Does every point of the path lie in the walkable area or within `tolerance` px of it? Lists every offending stretch. */
export function checkPath(
  world: NavWorld,
  points: readonly Point[],
  tolerance = VALIDITY_TOLERANCE_PX,
): Validity {
  return withBudget('check', () => checkPathNow(world, points, tolerance))
}

function checkPathNow(world: NavWorld, points: readonly Point[], tolerance: number): Validity {
  const defects: PathDefect[] = []
  for (let i = 0; i < points.length; i++) {
    if (!Number.isFinite(points[i].x) || !Number.isFinite(points[i].y)) {
      defects.push({
        kind: 'not-finite',
        message: `point ${i} is (${points[i].x}, ${points[i].y})`,
        segment: i,
      })
    }
  }
  if (defects.length > 0) return { valid: false, defects }
  // One defect per offending stretch of a segment, reported at its worst sample.
  let worst: { at: Point; distance: number } | undefined
  const flush = (segment: number) => {
    if (!worst) return
    const far = Number.isFinite(worst.distance)
      ? `${worst.distance.toFixed(2)} px`
      : `more than ${MAX_REPORTED_DISTANCE_PX} px`
    defects.push({
      kind: 'outside',
      message: `segment ${segment} leaves the walkable area by ${far} at (${worst.at.x.toFixed(2)}, ${worst.at.y.toFixed(2)})`,
      at: worst.at,
      segment,
      distance: worst.distance,
    })
    worst = undefined
  }
  const sample = (p: Point, segment: number) => {
    const d = distanceOutside(world, p)
    if (d <= tolerance) flush(segment)
    else if (!worst || d > worst.distance) worst = { at: p, distance: d }
  }
  if (points.length === 1) sample(points[0], 0)
  const exact = world.authoritative === 'polygons'
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]
    const b = points[i + 1]
    if (exact && segmentClearInside(world, a, b)) continue
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / SAMPLE_STEP_PX))
    for (let s = 0; s <= steps; s++) {
      checkBudget()
      const t = s / steps
      sample({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, i)
    }
    flush(i)
  }
  flush(0)
  return { valid: defects.length === 0, defects }
}

/**
 * A polygon world's fast accept: the segment's ends and middle are walkable and no outline
 * meets the segment except at its ends, so the whole segment is inside (it cannot leave the
 * region without meeting an outline). Only the edge buckets the segment passes through are
 * looked at. False means "not sure": the caller samples the segment.
 */
function segmentClearInside(world: NavWorld, a: Point, b: Point): boolean {
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
  if (!world.isWalkable(a) || !world.isWalkable(b) || !world.isWalkable(mid)) return false
  const index = edgeIndexOf(world)
  if (index.cols === 0) return false
  const stamp = ++index.visit
  const c = { x: 0, y: 0 }
  const d = { x: 0, y: 0 }
  return supercoverLine(
    (a.x - index.originX) / index.cell,
    (a.y - index.originY) / index.cell,
    (b.x - index.originX) / index.cell,
    (b.y - index.originY) / index.cell,
    (col, row) => {
      // Beyond the outlines' box (an end within the tolerance of an outline): the nearest bucket.
      col = Math.max(0, Math.min(index.cols - 1, col))
      row = Math.max(0, Math.min(index.rows - 1, row))
      const bucket = row * index.cols + col
      for (let k = index.start[bucket]; k < index.start[bucket + 1]; k++) {
        const e = index.ids[k]
        if (index.seen[e] === stamp) continue
        index.seen[e] = stamp
        const q = e * 4
        c.x = index.edges[q]
        c.y = index.edges[q + 1]
        d.x = index.edges[q + 2]
        d.y = index.edges[q + 3]
        const kind = segmentIntersection(a, b, c, d)
        if (kind === 'none') continue
        if (kind === 'proper') return false
        for (const t of intersectionParameters(a, b, c, d)) if (t > 1e-9 && t < 1 - 1e-9) return false
      }
      return true
    },
  )
}

/** Smallest distance from the path to the boundary of the walkable area, px (null for no points). */
export function pathClearance(world: NavWorld, points: readonly Point[]): number | null {
  if (points.length === 0) return null
  const index = edgeIndexOf(world)
  let best = Infinity
  const span = Math.hypot(world.width, world.height)
  if (points.length === 1) return segmentToEdges(index, points[0], points[0], span)
  for (let i = 0; i + 1 < points.length; i++) {
    const d = segmentToEdges(index, points[i], points[i + 1], Math.min(best, span))
    if (d < best) best = d
    if (best === 0) break
  }
  return Number.isFinite(best) ? best : null
}

// ---------------------------------------------------------------------------------------
// The yardstick.

/** The world the optimum is measured in: the world itself when polygon-authored, else its pixel-exact polygons. */
export function yardstickWorld(world: NavWorld): NavWorld {
  if (world.authoritative === 'polygons') return world
  return world.cached('metrics:yardstick-world', () =>
    worldFromPolygons(world.width, world.height, world.exactPolygons(), `${world.key}|exact`),
  )
}

/** The any-angle-optimal path between two points of the world (see `yardstickWorld`). */
export function optimalPath(world: NavWorld, from: Point, to: Point): RunResult {
  return runQuery(prepareAlgorithm(yardstickWorld(world), YARDSTICK_ID), from, to)
}

/** The length of the optimal path between two points, or null when there is none. */
export function optimalLength(world: NavWorld, from: Point, to: Point): number | null {
  const best = optimalPath(world, from, to)
  return best.reached && !best.error ? pathLength(best.points) : null
}

/**
 * An algorithm whose start or goal moved further than this from the requested point
 * (grids snap to cell centres, node-graph to its joins) is measured against the optimum
 * between the ends it used, and does not compete for the shortest length, px.
 */
export const OWN_ENDS_PX = 0.01

/**
 * The optimal length to measure `result` (asked from `from` to `to`) against: `asked`, the
 * optimum between the asked points, unless the result reached the goal from ends that moved
 * more than OWN_ENDS_PX; then the optimum between its own ends. So no path beats its optimum
 * only because it snapped its ends elsewhere.
 */
export function optimalLengthFor(
  world: NavWorld,
  result: RunResult,
  from: Point,
  to: Point,
  asked: number | null,
): number | null {
  const moved = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y) > OWN_ENDS_PX
  if (!result.reached || (!moved(from, result.start) && !moved(to, result.goal))) return asked
  try {
    return optimalLength(world, result.start, result.goal)
  } catch {
    return null
  }
}

/**
 * Every metric of one result. `optimalLength` is the yardstick's length for the same query
 * (undefined or null: no ratio). `clearance: false` skips the clearance (then null), which
 * needs the world's exact outlines.
 */
export function measurePath(
  world: NavWorld,
  result: RunResult,
  optimalLength?: number | null,
  options: { clearance?: boolean } = {},
): PathMetrics {
  const points = result.points
  const validity = checkPath(world, points)
  const defects = [...validity.defects]
  if (result.error !== undefined)
    defects.unshift({ kind: 'error', message: `algorithm threw: ${result.error}` })
  if (result.reached && points.length === 0)
    defects.push({ kind: 'empty', message: 'reached, but the path has no points' })
  if (points.length > 0) {
    const first = points[0]
    const last = points[points.length - 1]
    const off = Math.hypot(first.x - result.start.x, first.y - result.start.y)
    if (!(off <= VALIDITY_TOLERANCE_PX)) {
      defects.push({
        kind: 'ends',
        message: `the path starts ${off.toFixed(2)} px from the reported start`,
        at: first,
        segment: 0,
      })
    }
    const miss = Math.hypot(last.x - result.goal.x, last.y - result.goal.y)
    if (result.reached && !(miss <= VALIDITY_TOLERANCE_PX)) {
      defects.push({
        kind: 'ends',
        message: `reached, but the path ends ${miss.toFixed(2)} px from the reported goal`,
        at: last,
        segment: Math.max(0, points.length - 2),
      })
    }
  }
  const length = pathLength(points)
  const { turns, turningDeg } = turnStats(points)
  let lengthRatio: number | null = null
  if (
    result.reached &&
    optimalLength !== undefined &&
    optimalLength !== null &&
    Number.isFinite(optimalLength)
  ) {
    // A start equal to its goal has no ratio (0 / 0 says nothing about the path).
    lengthRatio = optimalLength > 1e-9 ? length / optimalLength : null
  }
  return {
    length,
    lengthRatio,
    turns,
    turningDeg,
    clearance: options.clearance === false ? null : validity.valid ? pathClearance(world, points) : 0,
    valid: defects.length === 0,
    defects,
  }
}
