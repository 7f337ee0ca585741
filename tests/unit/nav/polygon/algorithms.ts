/**
 * The polygon pathfinders of the registry as one list for the tests, with their faithful
 * options and a helper to run one on a world.
 */
import type { Point } from '../../../../src/shared/geometry/types'
import { getPathfinder, POLYGON_ALGORITHM_IDS } from '../../../../src/shared/nav/registry'
import type {
  NavWorld,
  OptionValues,
  PathResult,
  Pathfinder,
  Prepared,
} from '../../../../src/shared/nav/types'

/** Every polygon algorithm of the registry (a new one is held to the contract tests by its registry line). */
export const POLYGON_ALGORITHMS: Pathfinder[] = POLYGON_ALGORITHM_IDS.map(getPathfinder)

export function faithful(alg: Pathfinder): OptionValues {
  return Object.fromEntries(alg.options.map((o) => [o.key, o.faithful]))
}

export type Query = (from: Point, to: Point) => Omit<PathResult, 'stats'> & { expanded: number }

export function prepared(alg: Pathfinder, world: NavWorld, options: OptionValues = {}): Query {
  const p: Prepared = alg.prepare(world, { ...faithful(alg), ...options })
  return (from, to) => alg.findPath(p, from, to)
}
