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
import type { OptionSpec, OptionValues, Pathfinder, Prepared } from './types'
import * as byName from './pathfinder-exports'

/** One line per algorithm: its pathfinder (id, label, options, prepare, findPath), family and colour. */
export interface AlgorithmDescriptor {
  readonly pathfinder: Pathfinder<Prepared, string>
  /** 'grid': searches a grid of cells (answers Moving AI scenarios); 'polygon': polygons, triangles or a node graph. */
  readonly family: 'grid' | 'polygon'
  /** '#rrggbb', the same in every view that shows the algorithm. */
  readonly colour: string
  /** What its `expanded` count counts: grid cells, graph nodes or navmesh triangles. */
  readonly expandedUnit: 'cells' | 'nodes' | 'triangles'
}

/**
 * Every algorithm, in display order: the five systems of DESIGN.md, then the engines'
 * classics. A new algorithm is its file in algorithms/, its export line in
 * pathfinder-exports.ts (which the game runtime re-exports) and one line here; ids, lists,
 * colours and the tests' lists all come from this one.
 */
export const ALGORITHMS = [
  { pathfinder: byName.sampledGrid, family: 'grid', colour: '#ff9f1c', expandedUnit: 'cells' },
  { pathfinder: byName.visibilityPolygon, family: 'polygon', colour: '#2ec4b6', expandedUnit: 'nodes' },
  { pathfinder: byName.downscaledGrid, family: 'grid', colour: '#e71d73', expandedUnit: 'cells' },
  { pathfinder: byName.floodFill, family: 'grid', colour: '#f9e900', expandedUnit: 'cells' },
  { pathfinder: byName.nodeGraph, family: 'polygon', colour: '#a06cd5', expandedUnit: 'nodes' },
  { pathfinder: byName.navmeshFunnel, family: 'polygon', colour: '#3a86ff', expandedUnit: 'triangles' },
  { pathfinder: byName.jps, family: 'grid', colour: '#ff5d5d', expandedUnit: 'cells' },
  { pathfinder: byName.octileAstar, family: 'grid', colour: '#8ac926', expandedUnit: 'cells' },
  { pathfinder: byName.anyAngleOptimal, family: 'polygon', colour: '#ffffff', expandedUnit: 'nodes' },
] as const satisfies readonly AlgorithmDescriptor[]

/** The id of a registered algorithm. */
export type AlgorithmId = (typeof ALGORITHMS)[number]['pathfinder']['id']

/** Every algorithm id, in display order. */
export const ALGORITHM_IDS: readonly AlgorithmId[] = ALGORITHMS.map((a) => a.pathfinder.id)

/** Algorithms that search a grid of cells. */
export const GRID_ALGORITHM_IDS: readonly AlgorithmId[] = ALGORITHMS.filter((a) => a.family === 'grid').map(
  (a) => a.pathfinder.id,
)

/** Algorithms that work on polygons, triangles or a node graph. */
export const POLYGON_ALGORITHM_IDS: readonly AlgorithmId[] = ALGORITHMS.filter(
  (a) => a.family === 'polygon',
).map((a) => a.pathfinder.id)

/** The algorithm every path length is compared with. */
export const YARDSTICK_ID: AlgorithmId = 'any-angle-optimal'

const byId = new Map<string, AlgorithmDescriptor>(ALGORITHMS.map((a) => [a.pathfinder.id, a]))

/** The pathfinders, in display order. */
/** A registered pathfinder: its id is one of the registered ids. */
export type RegisteredPathfinder = Pathfinder<Prepared, AlgorithmId>

export const pathfinders: readonly RegisteredPathfinder[] = ALGORITHMS.map(
  (a) => a.pathfinder as unknown as RegisteredPathfinder,
)

function descriptorOf(id: string): AlgorithmDescriptor {
  const d = byId.get(id)
  if (!d) throw new Error(`Unknown or unregistered algorithm "${id}". Known: ${ALGORITHM_IDS.join(', ')}.`)
  return d
}

export function isAlgorithmId(value: string): value is AlgorithmId {
  return (ALGORITHM_IDS as readonly string[]).includes(value)
}

/** The pathfinder with this id; throws for an id that is not registered. */
export function getPathfinder(id: AlgorithmId): RegisteredPathfinder {
  return descriptorOf(id).pathfinder as unknown as RegisteredPathfinder
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
