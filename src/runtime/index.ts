/**
 * The Walkbox runtime: what a JavaScript game ships to walk its characters through rooms
 * authored in Walkbox. It reads a runtime room file (`walkbox export <project> --room <id>
 * --format runtime`), keeps the game's flags, and answers paths with Walkbox's algorithms
 * (the same code the editor compares), zones at a point, the character scale at a
 * point and the walk-behinds that hide a character (walkBehindAt, isBehind). Pure
 * TypeScript without dependencies: runs in browsers, workers and Node.
 *
 *   import { loadRoom, jps } from 'walkbox-runtime'   // packages/runtime
 *   const room = loadRoom(await (await fetch('porch.walkbox.json')).json(), { flags: { doorOpen: true } })
 *   const { points, reached } = room.findPath({ x: 40, y: 180 }, { x: 300, y: 170 })
 *   room.findPath(a, b, { algorithm: jps })   // another algorithm: import it by name
 *
 * Tree-shaking: the runtime imports only navmesh-funnel (the default); the other eight are
 * named exports that a bundler leaves out unless the game imports them.
 *
 * Speed: a query is the algorithm's own findPath on data prepared once per algorithm and
 * flag state (dropped when setFlag changes a value), without the editor's debug layers;
 * nothing else is computed per query but the path's length.
 *
 * Glossary
 * - flags: the game's state; areas, gates and zones switch with them as authored.
 * - algorithm: a Pathfinder (navmeshFunnel, jps, …), run with its faithful options unless
 *   `options` says otherwise.
 *
 * Units: room px; scale in percent.
 */
import { navWorldForRoom } from '../shared/analysis/room-world'
import { scaleAt as scaleAtPoint } from '../shared/analysis/scaling'
import { walkBehindAt as walkBehindAtPoint } from '../shared/analysis/walk-behind-cut'
import { zonesAt as zonesAtPoint } from '../shared/analysis/zones'
import type { Point } from '../shared/geometry/types'
import { navmeshFunnel } from '../shared/nav/algorithms/navmesh-funnel'
import { snapNotes, snapQueryEnds } from '../shared/nav/click-snap'
import type { NavWorld, OptionValues, Pathfinder, Prepared } from '../shared/nav/types'
import { readRoomFile } from './read-room'
import type {
  RuntimeFlags,
  RuntimeNamedPoint,
  RuntimePoint,
  RuntimeRoomInfo,
  RuntimeWalkBehind,
  RuntimeZone,
} from './types'

export { anyAngleOptimal } from '../shared/nav/algorithms/any-angle-optimal'
export { downscaledGrid } from '../shared/nav/algorithms/downscaled-grid'
export { floodFill } from '../shared/nav/algorithms/flood-fill'
export { jps } from '../shared/nav/algorithms/jps'
export { nodeGraph } from '../shared/nav/algorithms/node-graph'
export { octileAstar } from '../shared/nav/algorithms/octile-astar'
export { sampledGrid } from '../shared/nav/algorithms/sampled-grid'
export { visibilityPolygon } from '../shared/nav/algorithms/visibility-polygon'
export { navmeshFunnel }
export type { OptionValues, Pathfinder, Point, Prepared }
export type { RuntimeFlags, RuntimeNamedPoint, RuntimePoint, RuntimeRoomInfo, RuntimeWalkBehind, RuntimeZone }
/** The room as a game reads it (RuntimeRoomInfo). */
export type Room = RuntimeRoomInfo
/** A trigger zone (RuntimeZone). */
export type Zone = RuntimeZone
/** A walk-behind area (RuntimeWalkBehind). */
export type WalkBehindArea = RuntimeWalkBehind

export interface RuntimePath {
  /** From the start (moved onto the walkable area if it was off it) to the goal or the closest reachable point. */
  points: Point[]
  reached: boolean
  /** Length of `points`, room px. */
  length: number
  /** Why the goal was not reached or was moved, when it was. */
  reason?: string
  /**
   * The ends that were not walkable and moved before the algorithm ran (the editor's click
   * rule: the closest point reachable from the other end): where to, and how far in whole px.
   */
  snapped?: { start?: RuntimeSnap; goal?: RuntimeSnap }
}

/** An end of a path that moved onto the walkable area. */
export interface RuntimeSnap {
  at: Point
  /** Distance from the asked point, whole px (the figure Compare and the CLI show). */
  px: number
}

export interface FindPathOptions {
  /** Default navmeshFunnel. */
  algorithm?: Pathfinder<Prepared, string>
  /** Option values over the algorithm's faithful ones. */
  options?: OptionValues
}

export interface RuntimeRoom {
  readonly room: RuntimeRoomInfo
  /** The current flag values (the project's starting values the export carried, then the game's). */
  readonly flags: Readonly<Record<string, boolean>>
  setFlag(id: string, value: boolean): void
  isWalkable(p: Point): boolean
  findPath(from: Point, to: Point, options?: FindPathOptions): RuntimePath
  /** Zones (enabled in the current flags) that contain the point. */
  zonesAt(p: Point): RuntimeZone[]
  /** Character scale at the point, percent. */
  scaleAt(p: Point): number
  /** A named point of the room (by name or id), or 'start' for the test-walk start. */
  point(name: string): Point | null
  /** The walk-behind area at a point (its id, name and baseline), or null. */
  walkBehindAt(p: Point): RuntimeWalkBehind | null
  /**
   * Is a character's pixel at `p` hidden when its feet are at `feetY`? True where a
   * walk-behind covers `p` and its baseline is below the feet (baseline > feetY), AGS's rule.
   */
  isBehind(p: Point, feetY: number): boolean
}

/** The faithful option values of an algorithm, overlaid with `given` (unknown keys refused). */
function completeOptions(pathfinder: Pathfinder<Prepared, string>, given: OptionValues = {}): OptionValues {
  const values: OptionValues = {}
  for (const spec of pathfinder.options) values[spec.key] = spec.faithful
  for (const [key, value] of Object.entries(given)) {
    if (!pathfinder.options.some((s) => s.key === key))
      throw new Error(`${pathfinder.id} has no option '${key}'`)
    values[key] = value
  }
  return values
}

/** Length of a polyline, room px. */
function polylineLength(points: readonly Point[]): number {
  let length = 0
  for (let i = 1; i < points.length; i++) {
    const dx = points[i].x - points[i - 1].x
    const dy = points[i].y - points[i - 1].y
    length += Math.sqrt(dx * dx + dy * dy)
  }
  return length
}

/** A game draws no debug layers: the algorithms that can skip making them do (same points). */
function withoutDebug(prepared: Prepared): Prepared {
  prepared.debug = false
  return prepared
}

const DEFAULT_PATHFINDER = navmeshFunnel as unknown as Pathfinder<Prepared, string>

export function loadRoom(data: unknown, options: { flags?: RuntimeFlags; file?: string } = {}): RuntimeRoom {
  const read = readRoomFile(data, options.file ?? 'room.walkbox.json')
  const { room, mask, scaleMap } = read
  const flags: Record<string, boolean> = { ...read.flags, ...(options.flags ?? {}) }
  // The nav world and what each algorithm prepared on it, for the current flags. A query
  // does no bookkeeping beyond a map lookup: everything is dropped when a flag changes.
  let world: NavWorld | null = null
  /** Per algorithm: its prepared data with the faithful options (the common case). */
  const preparedDefault = new Map<Pathfinder<Prepared, string>, Prepared>()
  /** Per algorithm and option values (`options` given): prepared data by values key. */
  const preparedWith = new Map<Pathfinder<Prepared, string>, Map<string, Prepared>>()
  const currentWorld = (): NavWorld => {
    world ??= navWorldForRoom(room, mask, flags, JSON.stringify(Object.entries(flags).sort()))
    return world
  }
  // The last algorithm asked for with its faithful options: a game mostly asks one.
  let lastPathfinder: Pathfinder<Prepared, string> | null = null
  let lastPrepared: Prepared | null = null
  const prepare = (pathfinder: Pathfinder<Prepared, string>, given: OptionValues | undefined): Prepared => {
    if (given === undefined) {
      if (pathfinder === lastPathfinder) return lastPrepared!
      let prepared = preparedDefault.get(pathfinder)
      if (!prepared) {
        prepared = withoutDebug(pathfinder.prepare(currentWorld(), completeOptions(pathfinder)))
        preparedDefault.set(pathfinder, prepared)
      }
      lastPathfinder = pathfinder
      lastPrepared = prepared
      return prepared
    }
    const values = completeOptions(pathfinder, given)
    const key = JSON.stringify(Object.entries(values).sort())
    let byValues = preparedWith.get(pathfinder)
    if (!byValues) preparedWith.set(pathfinder, (byValues = new Map()))
    let prepared = byValues.get(key)
    if (!prepared) {
      prepared = withoutDebug(pathfinder.prepare(currentWorld(), values))
      byValues.set(key, prepared)
    }
    return prepared
  }
  return {
    room,
    get flags() {
      return { ...flags }
    },
    setFlag(id, value) {
      // A misspelt flag would otherwise change nothing and say nothing.
      if (!Object.hasOwn(flags, id)) {
        const known = Object.keys(flags)
          .map((f) => `'${f}'`)
          .join(', ')
        throw new Error(`setFlag: the room has no flag '${id}'; its flags are ${known || 'none'}`)
      }
      if (typeof value !== 'boolean') throw new Error(`setFlag: expected true or false for '${id}'`)
      if (flags[id] === value) return
      flags[id] = value
      world = null
      lastPathfinder = lastPrepared = null
      preparedDefault.clear()
      preparedWith.clear()
    },
    isWalkable: (p) => currentWorld().isWalkable(p),
    findPath(from, to, opts) {
      const pathfinder = opts?.algorithm ?? DEFAULT_PATHFINDER
      // Where the clicks land: the editor's one rule (nav/click-snap.ts), before the algorithm.
      const ends = snapQueryEnds(currentWorld(), from, to)
      const result = pathfinder.findPath(prepare(pathfinder, opts?.options), ends.start, ends.goal)
      const path: RuntimePath = {
        points: result.points,
        reached: result.reached,
        length: polylineLength(result.points),
      }
      const reason = [...snapNotes(ends), result.reason].filter(Boolean).join('; ')
      if (reason) path.reason = reason
      if (ends.startSnap || ends.goalSnap) {
        path.snapped = {}
        if (ends.startSnap) path.snapped.start = { at: ends.startSnap.at, px: ends.startSnap.px }
        if (ends.goalSnap) path.snapped.goal = { at: ends.goalSnap.at, px: ends.goalSnap.px }
      }
      return path
    },
    zonesAt: (p) => zonesAtPoint(room, mask, flags, p),
    scaleAt: (p) => scaleAtPoint(room, mask, scaleMap, p).percent,
    walkBehindAt: (p) => walkBehindAtPoint(room, p),
    isBehind(p, feetY) {
      const area = walkBehindAtPoint(room, p)
      return area !== null && area.baseline > feetY
    },
    point(name) {
      const p = room.points?.find((q) => q.name === name || q.id === name)
      if (p) return { x: p.x, y: p.y }
      return name === 'start' ? { ...room.testWalk.start } : null
    },
  }
}
