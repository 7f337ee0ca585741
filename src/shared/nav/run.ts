/**
 * Running pathfinders: prepare an algorithm for a world once, then answer queries with
 * timing and memory figures attached. Nothing here throws for bad points or a failing
 * algorithm: the failure becomes an unreached result whose `error` says what happened
 * (metrics count it as a defect).
 *
 * Glossary
 * - prepared algorithm: an algorithm's per-world data (its derived representation and
 *   indexes) with the options it was built with and how long building it took.
 * - prepare time: wall time of `Pathfinder.prepare`, including any world representation
 *   (grid, polygons, triangulation) it asked for first. A cached preparation keeps the
 *   time of its first build.
 * - query time: wall time of one `findPath` call.
 *
 * Units: ms for times (performance.now()), bytes for memory, room px for points.
 */
import type { Point } from '../geometry/types'
import { GeometryBudgetError, withBudget } from '../geometry/budget'
import { completeOptions, getPathfinder, type AlgorithmId } from './registry'
import { snapNotes, type QueryEnds } from './click-snap'
import type { NavWorld, OptionValues, PathResult, PathStats, Pathfinder, Prepared } from './types'

export interface RunStats extends PathStats {
  /** Time the preparation took (once per world and options), ms. */
  prepareMs: number
  /** Memory the prepared data holds, bytes (the algorithm's estimate). */
  bytes: number
}

export interface RunResult extends PathResult {
  algorithm: AlgorithmId
  stats: RunStats
  /** Set when the algorithm threw (in prepare or in the query); the path is then empty. */
  error?: string
  /** The query after the click rule (click-snap.ts), when it ran through `runBetween`. */
  ends?: QueryEnds
}

export interface PreparedAlgorithm {
  id: AlgorithmId
  world: NavWorld
  /** Complete option values (faithful defaults overlaid with what was given). */
  options: OptionValues
  prepareMs: number
  bytes: number
  /** The algorithm's prepared data; undefined when preparing failed (see `error`). */
  data: Prepared | undefined
  error?: string
  /** True when preparing gave up on its budget (geometry/budget.ts); `error` is then the one line to show. */
  refused?: boolean
  pathfinder: Pathfinder | undefined
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/** A stable text for option values: keys sorted. */
function optionsKey(options: OptionValues): string {
  return Object.keys(options)
    .sort()
    .map((k) => `${k}=${String(options[k])}`)
    .join(',')
}

/**
 * Prepare `id` for `world` with `options` (faithful defaults fill the rest). Cached in the
 * world (so per world.key) by algorithm and options; a second call returns the same object.
 * Unknown ids or invalid options do not throw: the result carries `error`.
 */
export function prepareAlgorithm(
  world: NavWorld,
  id: AlgorithmId,
  options: OptionValues = {},
): PreparedAlgorithm {
  let pathfinder: Pathfinder
  let complete: OptionValues
  try {
    pathfinder = getPathfinder(id)
    complete = completeOptions(id, options)
  } catch (e) {
    return {
      id,
      world,
      options,
      prepareMs: 0,
      bytes: 0,
      data: undefined,
      error: message(e),
      pathfinder: undefined,
    }
  }
  return preparePathfinder(world, pathfinder, complete)
}

/**
 * Prepare a pathfinder object that need not be registered (tests, experiments), with
 * complete options. Cached like `prepareAlgorithm`; never throws.
 */
export function preparePathfinder(
  world: NavWorld,
  pathfinder: Pathfinder,
  options: OptionValues,
): PreparedAlgorithm {
  // An unregistered pathfinder (a test's, an experiment's) is reported under its own id.
  const id = pathfinder.id as AlgorithmId
  return world.cached(`run:prepared:${id}:${pathfinder.label}:${optionsKey(options)}`, () => {
    const t0 = performance.now()
    try {
      const data = withBudget(`prepare ${id}`, () => pathfinder.prepare(world, options))
      const prepareMs = performance.now() - t0
      return { id, world, options, prepareMs, bytes: data.bytes, data, pathfinder }
    } catch (e) {
      const prepareMs = performance.now() - t0
      const refused = e instanceof GeometryBudgetError ? true : undefined
      return {
        id,
        world,
        options,
        prepareMs,
        bytes: 0,
        data: undefined,
        error: message(e),
        refused,
        pathfinder,
      }
    }
  })
}

/** Answer one query. Never throws: an exception becomes `reached: false` with `error` and `reason` set. */
export function runQuery(
  prepared: PreparedAlgorithm,
  from: Point,
  to: Point,
  now: () => number = () => performance.now(),
): RunResult {
  const base = { algorithm: prepared.id, start: from, goal: to, debug: [] }
  if (!prepared.pathfinder || !prepared.data) {
    const error = prepared.error ?? 'not prepared'
    return {
      ...base,
      points: [],
      reached: false,
      // A refusal (geometry/budget.ts) is the algorithm's row message as it is: one line.
      reason: prepared.refused ? error : `error: ${error}`,
      error,
      stats: { queryMs: 0, expanded: 0, prepareMs: prepared.prepareMs, bytes: prepared.bytes },
    }
  }
  const t0 = now()
  try {
    const answer = prepared.pathfinder.findPath(prepared.data, from, to)
    const queryMs = now() - t0
    if (!answer || !Array.isArray(answer.points)) throw new Error('findPath returned no points array')
    const { expanded, ...rest } = answer
    return {
      ...rest,
      algorithm: prepared.id,
      stats: { queryMs, expanded, prepareMs: prepared.prepareMs, bytes: prepared.bytes },
    }
  } catch (e) {
    const queryMs = now() - t0
    const error = message(e)
    return {
      ...base,
      points: [],
      reached: false,
      reason: `error: ${error}`,
      error,
      stats: { queryMs, expanded: 0, prepareMs: prepared.prepareMs, bytes: prepared.bytes },
    }
  }
}

/**
 * Answer a query whose ends went through the click rule (click-snap.ts `snapQueryEnds`,
 * once per query for every algorithm): the algorithm runs between the landed ends, and the
 * result carries them (`ends`) and says in its reason which end moved and how far.
 */
export function runBetween(
  prepared: PreparedAlgorithm,
  ends: QueryEnds,
  now: () => number = () => performance.now(),
): RunResult {
  const result = runQuery(prepared, ends.start, ends.goal, now)
  const notes = snapNotes(ends)
  if (notes.length > 0) result.reason = [...notes, result.reason].filter(Boolean).join('; ')
  result.ends = ends
  return result
}
