/**
 * The registry of pathfinders: every algorithm of DESIGN.md once, in the order the
 * editor and the command line list them, with its options and their faithful values.
 *
 * Glossary
 * - faithful options: the values of the original write-up (`OptionSpec.faithful`); an
 *   algorithm run with them behaves as its source did. Improvements are opt-in options.
 * - grid algorithm: one that searches the world's walk grid (or a grid derived from it);
 *   these are the ones that can answer Moving AI scenarios on their own terms.
 * - polygon algorithm: one that works on the walkable polygons, a triangulation or an
 *   authored node graph.
 *
 * Units: none of its own; option values carry the units their specs state.
 */
import type { AlgorithmId, OptionSpec, OptionValues, Pathfinder } from './types'
import { anyAngleOptimal } from './algorithms/any-angle-optimal'
import { downscaledGrid } from './algorithms/downscaled-grid'
import { floodFill } from './algorithms/flood-fill'
import { jps } from './algorithms/jps'
import { navmeshFunnel } from './algorithms/navmesh-funnel'
import { nodeGraph } from './algorithms/node-graph'
import { octileAstar } from './algorithms/octile-astar'
import { sampledGrid } from './algorithms/sampled-grid'
import { visibilityPolygon } from './algorithms/visibility-polygon'

/** Every algorithm id, in display order: the five systems of DESIGN.md, then the engines' classics. */
export const ALGORITHM_IDS: readonly AlgorithmId[] = [
  'sampled-grid',
  'visibility-polygon',
  'downscaled-grid',
  'flood-fill',
  'node-graph',
  'navmesh-funnel',
  'jps',
  'octile-astar',
  'any-angle-optimal',
]

/** Algorithms that search a grid of cells. */
export const GRID_ALGORITHM_IDS: readonly AlgorithmId[] = [
  'octile-astar',
  'jps',
  'flood-fill',
  'downscaled-grid',
  'sampled-grid',
]

/** Algorithms that work on polygons, triangles or a node graph. */
export const POLYGON_ALGORITHM_IDS: readonly AlgorithmId[] = [
  'visibility-polygon',
  'any-angle-optimal',
  'navmesh-funnel',
  'node-graph',
]

/** The algorithm every path length is compared with. */
export const YARDSTICK_ID: AlgorithmId = 'any-angle-optimal'

const byId = new Map<AlgorithmId, Pathfinder>()
for (const p of [
  sampledGrid,
  visibilityPolygon,
  downscaledGrid,
  floodFill,
  nodeGraph,
  navmeshFunnel,
  jps,
  octileAstar,
  anyAngleOptimal,
] as Pathfinder[]) {
  byId.set(p.id, p)
}

/** The pathfinders that are registered, in display order. */
export const pathfinders: readonly Pathfinder[] = ALGORITHM_IDS.filter((id) => byId.has(id)).map((id) =>
  byId.get(id)!,
)

export function isAlgorithmId(value: string): value is AlgorithmId {
  return (ALGORITHM_IDS as readonly string[]).includes(value)
}

/** The pathfinder with this id; throws for an id that is not registered. */
export function getPathfinder(id: AlgorithmId): Pathfinder {
  const p = byId.get(id)
  if (!p) throw new Error(`Unknown or unregistered algorithm "${id}". Known: ${ALGORITHM_IDS.join(', ')}.`)
  return p
}

/** The option values of the original write-up for this algorithm. */
export function defaultOptions(id: AlgorithmId): OptionValues {
  const values: OptionValues = {}
  for (const spec of getPathfinder(id).options) values[spec.key] = spec.faithful
  return values
}

/**
 * Faithful defaults overlaid with `given`. Unknown keys and values of the wrong type are
 * errors (a message naming the option and what was expected); numbers are clamped to
 * [min, max] of their spec.
 */
export function completeOptions(id: AlgorithmId, given: OptionValues = {}): OptionValues {
  const specs = getPathfinder(id).options
  const values = defaultOptions(id)
  for (const [key, value] of Object.entries(given)) {
    const spec = specs.find((s) => s.key === key)
    if (!spec) {
      const known = specs.map((s) => s.key).join(', ') || 'none'
      throw new Error(`Algorithm ${id} has no option "${key}" (options: ${known}).`)
    }
    values[key] = checkOption(id, spec, value)
  }
  return values
}

function checkOption(
  id: AlgorithmId,
  spec: OptionSpec,
  value: number | boolean | string,
): number | boolean | string {
  if (spec.type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new Error(`Option ${id}.${spec.key} expects a number, got ${JSON.stringify(value)}.`)
    }
    return Math.min(spec.max ?? Infinity, Math.max(spec.min ?? -Infinity, value))
  }
  if (spec.type === 'boolean') {
    if (typeof value !== 'boolean') {
      throw new Error(`Option ${id}.${spec.key} expects true or false, got ${JSON.stringify(value)}.`)
    }
    return value
  }
  if (typeof value !== 'string' || !spec.choices.includes(value)) {
    throw new Error(
      `Option ${id}.${spec.key} expects one of ${spec.choices.join(', ')}, got ${JSON.stringify(value)}.`,
    )
  }
  return value
}
