/**
 * The four polygon pathfinders as one list for the tests, with their faithful
 * options and a helper to run one on a world.
 */
import type { Point } from '../../../../src/shared/geometry/types'
import { anyAngleOptimal } from '../../../../src/shared/nav/algorithms/any-angle-optimal'
import { navmeshFunnel } from '../../../../src/shared/nav/algorithms/navmesh-funnel'
import { nodeGraph } from '../../../../src/shared/nav/algorithms/node-graph'
import { visibilityPolygon } from '../../../../src/shared/nav/algorithms/visibility-polygon'
import type {
  NavWorld,
  OptionValues,
  PathResult,
  Pathfinder,
  Prepared,
} from '../../../../src/shared/nav/types'

export const POLYGON_ALGORITHMS = [
  visibilityPolygon,
  anyAngleOptimal,
  navmeshFunnel,
  nodeGraph,
] as unknown as Pathfinder[]

export function faithful(alg: Pathfinder): OptionValues {
  return Object.fromEntries(alg.options.map((o) => [o.key, o.faithful]))
}

export type Query = (from: Point, to: Point) => Omit<PathResult, 'stats'> & { expanded: number }

export function prepared(alg: Pathfinder, world: NavWorld, options: OptionValues = {}): Query {
  const p: Prepared = alg.prepare(world, { ...faithful(alg), ...options })
  return (from, to) => alg.findPath(p, from, to)
}
