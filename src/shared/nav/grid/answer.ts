/**
 * Building the answers of the grid pathfinders (the shape of Pathfinder.findPath).
 *
 * Glossary
 * - answer: a PathResult without its stats, plus `expanded`.
 * - notes: reasons collected during a query (snapping, unreachable goal), joined
 *   with '; ' into the answer's `reason`.
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'
import type { DebugLayer, PathResult } from '../types'
import { joinReasons } from './tidy'

export type GridAnswer = Omit<PathResult, 'stats'> & { expanded: number }

/** An answer with no path: only when there is nothing to walk on. */
export function noPathAnswer(from: Point, to: Point, reason: string): GridAnswer {
  return { points: [], reached: false, start: from, goal: to, reason, expanded: 0, debug: [] }
}

export function makeAnswer(
  points: Point[],
  reached: boolean,
  start: Point,
  goal: Point,
  notes: string[],
  expanded: number,
  debug: DebugLayer[],
): GridAnswer {
  const reason = joinReasons(notes)
  const answer: GridAnswer = { points, reached, start, goal, expanded, debug }
  if (reason !== undefined) answer.reason = reason
  return answer
}

/** The reason given when a goal cannot be reached. */
export function unreachableNote(closest: Point): string {
  return `goal not reachable from the start; the path ends at the closest reachable point (${closest.x}, ${closest.y})`
}
