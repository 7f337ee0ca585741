/**
 * Where a click lands: the one rule Compare, the test walk, the CLI and the runtime apply to
 * a query's start and goal before any algorithm runs, so that every algorithm answers the
 * same question and says the same thing about it.
 *
 * The rule: an end that is not walkable in the world (in a hole, outside the walk area or
 * the room, in a closed area, under a closed gate) moves to the centre of the walkable pixel
 * closest to it among the pixels reachable from the other end. When both ends are off the
 * walkable area, the start moves to the closest walkable pixel and the goal to the closest
 * one reachable from there. Walkable ends stay where they are, also when they cannot reach
 * each other (the algorithms then answer "not reached", each its own way).
 *
 * Glossary
 * - walkable: `world.isWalkable` (the authoritative representation: the polygons as drawn,
 *   or the mask), in the world's state (flags applied).
 * - reachable: in the same 4-connected component of the world's walk grid (grid/components.ts).
 * - landing point: a pixel centre, (col + 0.5, row + 0.5): where every grid algorithm would
 *   stand anyway, and inside the polygons of a polygon room (its grid is the polygons
 *   rasterised by pixel centres).
 * - snap distance: from the click to its landing point; `snapPx` rounds it to whole px, the
 *   figure every answer shows ("snapped, 21 px").
 *
 * Units: room px.
 */
import type { Point } from '../geometry/types'
import { GeometryBudgetError } from '../geometry/budget'
import { componentAt, componentOfCell, gridComponents, type GridComponents } from './grid/components'
import { cellCentre, nearestWalkableCell } from './grid/snap'
import type { NavWorld } from './types'

/** One end of a query that was moved. */
export interface SnappedEnd {
  /** Where it was asked for. */
  click: Point
  /** Where it landed (a pixel centre). */
  at: Point
  /** Snap distance rounded to whole px: what every answer shows. */
  px: number
}

/** The ends a query runs between, after the rule. */
export interface QueryEnds {
  start: Point
  goal: Point
  /** Set when the start was moved. */
  startSnap: SnappedEnd | null
  /** Set when the goal was moved. */
  goalSnap: SnappedEnd | null
}

/** Distance from a click to where it landed, whole px (rounded). */
export function snapPx(click: Point, at: Point): number {
  return Math.round(Math.hypot(click.x - at.x, click.y - at.y))
}

function walkable(world: NavWorld, p: Point): boolean {
  return Number.isFinite(p.x) && Number.isFinite(p.y) && world.isWalkable(p)
}

/** The world's grid components, made once per world (its key changes with the room and state). */
export function worldComponents(world: NavWorld): GridComponents {
  return world.cached('click-snap:components', () => gridComponents(world.grid()))
}

/** The component a walkable point belongs to (the pixel under it, else the closest walkable pixel's). */
function componentOfPoint(world: NavWorld, comps: GridComponents, p: Point): number {
  const own = componentAt(comps, Math.floor(p.x), Math.floor(p.y))
  if (own >= 0) return own
  const g = world.grid()
  const i = nearestWalkableCell(g.cells, g.width, g.height, p.x, p.y)
  return i < 0 ? -1 : componentOfCell(comps, i)
}

/** The landing point of `p` in component `component` (any component when -1); null when there is none. */
function land(world: NavWorld, comps: GridComponents, p: Point, component: number): SnappedEnd | null {
  const g = world.grid()
  const accept = component < 0 ? undefined : (i: number) => componentOfCell(comps, i) === component
  const i = nearestWalkableCell(g.cells, g.width, g.height, p.x, p.y, accept)
  if (i < 0) return null
  const at = cellCentre(i, g.width)
  return { click: { x: p.x, y: p.y }, at, px: snapPx(p, at) }
}

/**
 * Apply the rule to one query. Never throws: a world too large to rasterise (geometry
 * budget) or with nothing walkable leaves the ends as asked, for the algorithms to handle.
 */
export function snapQueryEnds(world: NavWorld, from: Point, to: Point): QueryEnds {
  const asked: QueryEnds = { start: from, goal: to, startSnap: null, goalSnap: null }
  const fromOk = walkable(world, from)
  const toOk = walkable(world, to)
  if (fromOk && toOk) return asked
  let comps: GridComponents
  try {
    comps = worldComponents(world)
  } catch (e) {
    if (e instanceof GeometryBudgetError) return asked
    throw e
  }
  if (comps.count === 0) return asked
  let startSnap: SnappedEnd | null = null
  let goalSnap: SnappedEnd | null = null
  if (!fromOk) {
    const other = toOk ? componentOfPoint(world, comps, to) : -1
    startSnap = land(world, comps, from, other)
  }
  if (!toOk) {
    const start = startSnap ? startSnap.at : from
    goalSnap = land(world, comps, to, componentOfPoint(world, comps, start))
  }
  return {
    start: startSnap ? startSnap.at : from,
    goal: goalSnap ? goalSnap.at : to,
    startSnap,
    goalSnap,
  }
}

/** The words an answer adds for the moved ends, e.g. "start snapped, 60 px (not walkable)". */
export function snapNotes(ends: Pick<QueryEnds, 'startSnap' | 'goalSnap'>): string[] {
  const notes: string[] = []
  if (ends.startSnap) notes.push(`start not walkable, snapped, ${ends.startSnap.px} px`)
  if (ends.goalSnap) notes.push(`goal not walkable, snapped, ${ends.goalSnap.px} px`)
  return notes
}
