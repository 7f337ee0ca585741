/**
 * Turns a visibility-graph search into a pathfinder answer: snapping, islands,
 * reasons, and never throwing.
 *
 * Glossary
 * - snapped start / goal: the query's points moved strictly inside the walkable
 *   area (see outline.ts `placeInside`).
 * - target: the snapped goal, or the reachable point closest to it when the goal
 *   is on another island.
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'
import type { PathResult, Prepared } from '../types'
import { expandedNodes, placeQuery, searchVisibility, type VisibilityGraph } from './visibility-graph'

export interface PolygonPrepared extends Prepared {
  graph: VisibilityGraph
}

export type Answer = Omit<PathResult, 'stats'> & { expanded: number }

export function buildPolygonAnswer(
  prepared: PolygonPrepared,
  from: Point,
  to: Point,
  directFirst: boolean,
): Answer {
  const g = prepared.graph
  const placed = placeQuery(g.outline, g.areaCount, from, to)
  if (!placed) {
    return {
      points: [],
      reached: false,
      start: from,
      goal: to,
      reason: 'the room has no walkable area',
      expanded: 0,
      debug: [],
    }
  }
  const { start, goal, target, reasons } = placed
  const found = searchVisibility(g, start.point, target.point, directFirst)
  if (!found) {
    reasons.push('no path found to the goal; staying at the start')
    return {
      points: [start.point],
      reached: false,
      start: start.point,
      goal: goal.point,
      reason: reasons.join('; '),
      expanded: 0,
      debug: [],
    }
  }
  return {
    points: found.points,
    reached: placed.reached,
    start: start.point,
    goal: goal.point,
    reason: reasons.length > 0 ? reasons.join('; ') : undefined,
    expanded: found.expanded,
    debug: found.expanded > 0 ? [{ kind: 'points', label: 'expanded nodes', points: expandedNodes(g) }] : [],
  }
}
