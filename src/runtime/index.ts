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
 * Tree-shaking: the runtime imports only navmesh-funnel (the default); the other registered
 * algorithms are named exports (src/shared/nav/pathfinder-exports.ts, the list the registry
 * reads) that a bundler leaves out unless the game imports them.
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
import { hotspotAt as hotspotAtPoint, hotspotWalkTarget } from '../shared/analysis/hotspots'
import { zonesAt as zonesAtPoint } from '../shared/analysis/zones'
import type { Point } from '../shared/geometry/types'
import { inNavState, walkFingerprint } from '../shared/formats/runtime-navmesh'
import { navmeshFunnel, navmeshOf } from '../shared/nav/algorithms/navmesh-funnel'
import { navmeshRoute, routeState, type RouteState } from '../shared/nav/algorithms/navmesh-route'
import { snapNotes, snapQueryEnds, type QueryEnds } from '../shared/nav/click-snap'
import { buildTriMesh, locate, type TriMesh } from '../shared/nav/polygon/tri-mesh'
import type { NavWorld, OptionValues, Pathfinder, Prepared } from '../shared/nav/types'
import { readRoomFile } from './read-room'
import type {
  RuntimeFlags,
  RuntimeHotspot,
  RuntimeNamedPoint,
  RuntimePoint,
  RuntimeRoomInfo,
  RuntimeWalkBehind,
  RuntimeZone,
} from './types'

// Every registered algorithm by name (the registry reads the same file), so a game imports
// any of them and its bundler leaves out the rest.
export * from '../shared/nav/pathfinder-exports'
export type { OptionValues, Pathfinder, Point, Prepared }
export type {
  RuntimeFlags,
  RuntimeHotspot,
  RuntimeNamedPoint,
  RuntimePoint,
  RuntimeRoomInfo,
  RuntimeWalkBehind,
  RuntimeZone,
}
/** The room as a game reads it (RuntimeRoomInfo). */
export type Room = RuntimeRoomInfo
/** A trigger zone (RuntimeZone). */
export type Zone = RuntimeZone
/** A hotspot (RuntimeHotspot). */
export type Hotspot = RuntimeHotspot
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

/**
 * An algorithm with option values, checked once by `room.prepare`: pass it to `findPath`
 * in place of `{ algorithm, options }`, at no cost per call.
 */
export interface PreparedFind {
  readonly algorithm: Pathfinder<Prepared, string>
  readonly options: Readonly<OptionValues>
}

export interface RuntimeRoom {
  readonly room: RuntimeRoomInfo
  /** The current flag values (the project's starting values the export carried, then the game's). */
  readonly flags: Readonly<Record<string, boolean>>
  setFlag(id: string, value: boolean): void
  isWalkable(p: Point): boolean
  /** A path; `options` as given, or a prepared option set of this room (`prepare`). */
  findPath(from: Point, to: Point, options?: FindPathOptions | PreparedFind): RuntimePath
  /**
   * An algorithm and option values (unknown options refused here), checked once: `findPath`
   * takes the result with no work per call, after flag changes too.
   */
  prepare(options?: FindPathOptions): PreparedFind
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
  /**
   * The hotspot under a point: of the hotspots enabled in the current flags (`flags` given:
   * those values over the current ones, for this answer only), the last in the room's list
   * that holds the point (a polygon's inside or outline, a painted hotspot's pixels), or null.
   */
  hotspotAt(p: Point, flags?: RuntimeFlags): RuntimeHotspot | null
  /**
   * Where a click on `hotspot` sends a character standing at `from`: its walk-to point, else
   * the first pixel of its shape a walk from `from` reaches (current flags), else null.
   */
  walkTarget(hotspot: RuntimeHotspot, from: Point): Point | null
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

/** A key for complete option values, in the algorithm's option order. */
function optionsKey(pathfinder: Pathfinder<Prepared, string>, values: OptionValues): string {
  let key = ''
  for (const spec of pathfinder.options) key += `${typeof values[spec.key]}:${String(values[spec.key])}\u0000`
  return key
}

/**
 * The last plain options a room was given, as their values per option of the algorithm (in
 * `pathfinder.options` order): a later call whose object has these values and no other key
 * reuses what they prepared, read field by field with no key made and nothing allocated.
 */
interface GivenOptions {
  pathfinder: Pathfinder<Prepared, string>
  /** The algorithm's option keys, in its order. */
  keys: readonly string[]
  /** The value given for each key (undefined: not given). */
  values: unknown[]
  /** How many keys the object had (all of them the algorithm's, none undefined). */
  count: number
  prepared: Prepared
}

/** The option keys of an algorithm, made once per algorithm. */
const optionKeys = new WeakMap<object, readonly string[]>()
function keysOf(pathfinder: Pathfinder<Prepared, string>): readonly string[] {
  let keys = optionKeys.get(pathfinder)
  if (!keys) optionKeys.set(pathfinder, (keys = pathfinder.options.map((s) => s.key)))
  return keys
}

/** Has `given` the values `last` remembers in the algorithm's known fields? */
function sameValues(given: OptionValues, last: GivenOptions): boolean {
  const { keys, values } = last
  for (let i = 0; i < keys.length; i++) if (given[keys[i]] !== values[i]) return false
  return true
}

/** How many enumerable keys an object has, without making a list. */
function countKeys(given: OptionValues): number {
  let n = 0
  for (const _ in given) n++
  return n
}

/** What sameGiven compares later, or null when `given` has a key the algorithm lacks or an undefined value. */
function givenOptions(
  pathfinder: Pathfinder<Prepared, string>,
  given: OptionValues,
  prepared: Prepared,
): GivenOptions | null {
  const keys = keysOf(pathfinder)
  let count = 0
  for (const key in given) {
    if (given[key] === undefined || !keys.includes(key)) return null
    count++
  }
  return { pathfinder, keys, values: keys.map((k) => given[k]), count, prepared }
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
/** navmesh-funnel's options are `entry` then `corridors`: findPath reads them by name. */
const DEFAULT_BY_NAME = keysOf(DEFAULT_PATHFINDER).join() === 'entry,corridors'

/** A prepared option set (room.prepare): checked once; findPath reads its prepared data with no work per call. */
class OptionSet implements PreparedFind {
  readonly algorithm: Pathfinder<Prepared, string>
  readonly options: Readonly<OptionValues>
  /** The room that made it (another room reads it as plain options). */
  readonly owner: object
  /** Complete option values, and their key. */
  readonly values: OptionValues
  readonly key: string
  prepared: Prepared | null = null
  generation = -1

  constructor(algorithm: Pathfinder<Prepared, string>, given: OptionValues, owner: object) {
    this.algorithm = algorithm
    this.options = Object.freeze({ ...given })
    this.owner = owner
    this.values = completeOptions(algorithm, given)
    this.key = optionsKey(algorithm, this.values)
    Object.freeze(this.values)
  }
}

/** Is p in one of the mesh's triangles (edges included)? */
function inMesh(mesh: TriMesh, p: Point): boolean {
  return Number.isFinite(p.x) && Number.isFinite(p.y) && locate(mesh, p.x, p.y) >= 0
}

export function loadRoom(data: unknown, options: { flags?: RuntimeFlags; file?: string } = {}): RuntimeRoom {
  const read = readRoomFile(data, options.file ?? 'room.walkbox.json')
  const { room, navmesh } = read
  // The mask and scale map, decoded when first needed.
  let maskCells: Uint8Array | null | undefined
  const mask = (): Uint8Array | null =>
    maskCells === undefined ? (maskCells = read.mask?.() ?? null) : maskCells
  let scaleValues: ReturnType<NonNullable<typeof read.scaleMap>> | null | undefined
  const scaleMap = () => (scaleValues === undefined ? (scaleValues = read.scaleMap?.() ?? null) : scaleValues)
  const flags: Record<string, boolean> = { ...read.flags, ...(options.flags ?? {}) }
  // The nav world and what each algorithm prepared on it, for the current flags. A query
  // does no bookkeeping beyond a map lookup: everything is dropped when a flag changes.
  let world: NavWorld | null = null
  /** Per algorithm: its prepared data with the faithful options (the common case). */
  let preparedDefault: Map<Pathfinder<Prepared, string>, Prepared> | null = null
  /** Per algorithm and option values (`options` given): prepared data by values key. */
  let preparedWith: Map<Pathfinder<Prepared, string>, Map<string, Prepared>> | null = null
  const currentWorld = (): NavWorld => {
    world ??= navWorldForRoom(room, mask(), flags, JSON.stringify(Object.entries(flags).sort()))
    return world
  }
  // The file's navmesh, while the flags are in the state it was made for and it is this
  // room's (its fingerprint): checked on the first path, then kept.
  let fileMesh: TriMesh | null | undefined
  const preparedMesh = (): TriMesh | null => {
    if (!navmesh || !inNavState(navmesh, room, flags)) return null
    fileMesh ??=
      walkFingerprint(room, read.maskRuns) === navmesh.source
        ? buildTriMesh(navmesh.mesh, { lazyGrid: true })
        : null
    return fileMesh
  }
  // navmesh-funnel gets a route state (navmesh-route.ts) on the file's navmesh or the world's;
  // the others their prepared data on the world.
  const prepareFresh = (pathfinder: Pathfinder<Prepared, string>, values: OptionValues): Prepared =>
    pathfinder === DEFAULT_PATHFINDER
      ? routeState(preparedMesh() ?? navmeshOf(currentWorld()), values)
      : withoutDebug(pathfinder.prepare(currentWorld(), values))
  // The last algorithm asked for with its faithful options: a game mostly asks one.
  let lastPathfinder: Pathfinder<Prepared, string> | null = null
  let lastPrepared: Prepared | null = null
  const prepareDefault = (pathfinder: Pathfinder<Prepared, string>): Prepared => {
    if (pathfinder === lastPathfinder) return lastPrepared!
    // The one asked for before is kept by algorithm once a second is asked for.
    if (lastPathfinder) (preparedDefault ??= new Map()).set(lastPathfinder, lastPrepared!)
    const prepared = preparedDefault?.get(pathfinder) ?? prepareFresh(pathfinder, completeOptions(pathfinder))
    lastPathfinder = pathfinder
    lastPrepared = prepared
    return prepared
  }
  /** Prepared data for complete option values (`key` = optionsKey of them). */
  const preparedFor = (
    pathfinder: Pathfinder<Prepared, string>,
    values: OptionValues,
    key: string,
  ): Prepared => {
    if (key === optionsKey(pathfinder, completeOptions(pathfinder))) return prepareDefault(pathfinder)
    preparedWith ??= new Map()
    let byValues = preparedWith.get(pathfinder)
    if (!byValues) preparedWith.set(pathfinder, (byValues = new Map()))
    let prepared = byValues.get(key)
    if (!prepared) byValues.set(key, (prepared = prepareFresh(pathfinder, values)))
    return prepared
  }
  // The last options given (their values, so that a game changing its object is seen): a
  // call whose options have the same keys and values reuses what they prepared, reading the
  // algorithm's known fields and counting keys, without making a key or a copy.
  // The options given last are compared field by field (a game's constant, or a fresh literal
  // of the same values), keys counted so that an unknown key added later is refused; other
  // objects given before (a few constants in turn) are found by object, then compared alike.
  let lastGiven: GivenOptions | null = null
  let byObject: WeakMap<OptionValues, GivenOptions> | null = null
  const prepareWith = (pathfinder: Pathfinder<Prepared, string>, given: OptionValues): Prepared => {
    const last = lastGiven
    if (last !== null && last.pathfinder === pathfinder) {
      // navmesh-funnel's two options read by name (the common case), others by key.
      const same =
        pathfinder === DEFAULT_PATHFINDER && DEFAULT_BY_NAME
          ? given.entry === last.values[0] && given.corridors === last.values[1]
          : sameValues(given, last)
      if (same && countKeys(given) === last.count) return last.prepared
    }
    const known = byObject?.get(given)
    let found: GivenOptions | null
    if (
      known !== undefined &&
      known.pathfinder === pathfinder &&
      sameValues(given, known) &&
      countKeys(given) === known.count
    )
      found = known
    else {
      const values = completeOptions(pathfinder, given)
      const prepared = preparedFor(pathfinder, values, optionsKey(pathfinder, values))
      found = givenOptions(pathfinder, given, prepared)
      if (found === null) return prepared
      ;(byObject ??= new WeakMap()).set(given, found)
    }
    lastGiven = found
    return found.prepared
  }
  // Prepared option sets (room.prepare) of this room, checked once: a call with one reads its
  // prepared data straight away, made again only after a flag changed (`generation`).
  let generation = 0
  const owner = {}
  const fromSet = (set: OptionSet): Prepared => {
    if (set.generation !== generation || set.prepared === null) {
      set.prepared = preparedFor(set.algorithm, set.values, set.key)
      set.generation = generation
    }
    return set.prepared
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
      generation++
      world = null
      lastPathfinder = lastPrepared = lastGiven = byObject = null
      preparedDefault = preparedWith = null
    },
    isWalkable: (p) => currentWorld().isWalkable(p),
    prepare: (opts) => new OptionSet(opts?.algorithm ?? DEFAULT_PATHFINDER, opts?.options ?? {}, owner),
    findPath(from, to, opts) {
      let pathfinder: Pathfinder<Prepared, string>
      let prepared: Prepared
      if (opts instanceof OptionSet && opts.owner === owner) {
        pathfinder = opts.algorithm
        prepared = fromSet(opts)
      } else {
        pathfinder = opts?.algorithm ?? DEFAULT_PATHFINDER
        const given = opts?.options
        prepared = given === undefined ? prepareDefault(pathfinder) : prepareWith(pathfinder, given)
      }
      // Where the clicks land: the editor's one rule (nav/click-snap.ts), before the algorithm.
      // Ends inside navmesh-funnel's own triangles are walkable as they are: no world is built
      // for them (the file's navmesh answers a warm room's first path alone).
      const ends: QueryEnds =
        pathfinder === DEFAULT_PATHFINDER &&
        inMesh((prepared as RouteState).mesh, from) &&
        inMesh((prepared as RouteState).mesh, to)
          ? { start: from, goal: to, startSnap: null, goalSnap: null }
          : snapQueryEnds(currentWorld(), from, to)
      // navmesh-funnel answers through its route for games: the same points with less work.
      const result =
        pathfinder === DEFAULT_PATHFINDER
          ? navmeshRoute(prepared as RouteState, ends.start, ends.goal)
          : pathfinder.findPath(prepared, ends.start, ends.goal)
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
    zonesAt: (p) => zonesAtPoint(room, mask(), flags, p),
    scaleAt: (p) => scaleAtPoint(room, mask(), scaleMap(), p).percent,
    walkBehindAt: (p) => walkBehindAtPoint(room, p),
    isBehind(p, feetY) {
      const area = walkBehindAtPoint(room, p)
      return area !== null && area.baseline > feetY
    },
    hotspotAt: (p, given) => hotspotAtPoint(room, p, given ? { ...flags, ...given } : flags),
    walkTarget(hotspot, from) {
      const own = room.hotspots?.find((h) => h.id === hotspot.id)
      if (!own) throw new Error(`walkTarget: the room has no hotspot '${hotspot.id}'`)
      return hotspotWalkTarget(room, own, currentWorld().grid(), from)
    },
    point(name) {
      const p = room.points?.find((q) => q.name === name || q.id === name)
      if (p) return { x: p.x, y: p.y }
      return name === 'start' ? { ...room.testWalk.start } : null
    },
  }
}
