/**
 * From a room as authored plus the game state (flag values) to the nav world every
 * pathfinder works on. The editor's worker, the CLI and tests all go through here,
 * so a room state means the same thing everywhere.
 *
 * Glossary
 * - flag values: project flag id -> true/false; flags the state does not mention take
 *   the project's defaults.
 * - disabled area: an area whose `enabledBy` does not hold, or whose 'open-area' gate
 *   is closed (its expression does not hold). Its mask pixels and its polygons are not walkable.
 * - closed gate: a 'block-polygon' gate whose expression holds; its polygon blocks walking.
 * - an expression naming a flag the project lacks counts as false (checkRoomAgainstProject
 *   reports such names to the author).
 *
 * Units: room px.
 */
import type { AreaPolygon, Point, Ring } from '../geometry/types'
import { pointInRing } from '../geometry/polygon'
import { segmentsIntersect } from '../geometry/predicates'
import { evaluateFlagExpression, parseFlagExpression, type FlagExpression } from '../room/flag-expression'
import { coordsToRing, walkPolygonToArea } from '../room/convert'
import type { Project, Room } from '../room/schema'
import type { NavWorld, NodeGraph } from '../nav/types'
import { createNavWorld } from '../nav/world'

export type FlagState = Readonly<Record<string, boolean>>

/** The project's default flag values, overridden by `state`. */
export function flagValues(
  project: Pick<Project, 'flags'> | null,
  state: FlagState = {},
): Record<string, boolean> {
  const values: Record<string, boolean> = {}
  for (const flag of project?.flags ?? []) values[flag.id] = flag.default
  return { ...values, ...state }
}

/** Parsed expressions by their text (null: not an expression), so that each is parsed once; cleared past PARSED_KEPT. */
const parsed = new Map<string, FlagExpression | null>()
const PARSED_KEPT = 1024

/** Does the expression hold? Absent expressions hold; unknown flags read as false. */
export function holds(expression: string | undefined, flags: FlagState): boolean {
  if (expression === undefined || expression.trim() === '') return true
  let tree = parsed.get(expression)
  if (tree === undefined) {
    try {
      tree = parseFlagExpression(expression)
    } catch {
      tree = null
    }
    if (parsed.size >= PARSED_KEPT) parsed.clear()
    parsed.set(expression, tree)
  }
  if (tree === null) return false
  return evaluateFlagExpression(tree, (id) => flags[id] ?? false)
}

export interface RoomNavState {
  /** Area ids that are walkable in this state. */
  enabledAreas: Set<number>
  /** Polygons of closed gates. */
  blockers: AreaPolygon[]
  /** A stable description for cache keys, e.g. 'gateOpen=1'. */
  key: string
}

/** What the flags do to the room: enabled areas and closed gates. */
export function roomNavState(room: Room, flags: FlagState): RoomNavState {
  const enabledAreas = new Set<number>()
  for (const area of room.areas) if (holds(area.enabledBy, flags)) enabledAreas.add(area.id)
  const blockers: AreaPolygon[] = []
  for (const gate of room.gates) {
    const open = holds(gate.flagExpression, flags)
    if (gate.kind === 'open-area' && gate.areaId !== undefined && !open) enabledAreas.delete(gate.areaId)
    if (gate.kind === 'block-polygon' && gate.polygon && open)
      blockers.push({ outer: coordsToRing(gate.polygon), holes: [] })
  }
  const key = Object.keys(flags)
    .sort()
    .map((k) => `${k}=${flags[k] ? 1 : 0}`)
    .join(',')
  return { enabledAreas, blockers, key }
}

/** Does the segment a-b touch the ring (cross an edge, or lie inside)? */
function segmentTouchesRing(a: Point, b: Point, ring: Ring): boolean {
  if (pointInRing(ring, a) || pointInRing(ring, b)) return true
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    if (segmentsIntersect(a, b, ring[j], ring[i])) return true
  }
  return false
}

/**
 * The authored node graph in this state: joins that cross a closed gate are left out
 * (the gate blocks them as it blocks walking); nodes stay.
 */
export function roomGraph(room: Room, blockers: AreaPolygon[] = []): NodeGraph | undefined {
  if (room.nodeGraph.nodes.length === 0) return undefined
  const at = new Map(room.nodeGraph.nodes.map((n) => [n.id, { x: n.x, y: n.y }]))
  const open = (a: string, b: string): boolean => {
    const pa = at.get(a)
    const pb = at.get(b)
    if (!pa || !pb) return false
    return !blockers.some((blocker) => segmentTouchesRing(pa, pb, blocker.outer))
  }
  return {
    nodes: room.nodeGraph.nodes.map((n) => ({ id: n.id, x: n.x, y: n.y })),
    joins: room.nodeGraph.joins
      .filter((j) => open(j.a, j.b))
      .map((j) => ({ a: j.a, b: j.b, oneWay: j.oneWay, cost: j.cost })),
  }
}

/**
 * The nav world of a room in a state. `mask` is the room's area-id mask (required when
 * the mask is authoritative); `revision` should change whenever the room or mask is edited.
 */
export function navWorldForRoom(
  room: Room,
  mask: Uint8Array | null,
  flags: FlagState,
  revision = 'r0',
): NavWorld {
  const state = roomNavState(room, flags)
  const { width, height } = room.size
  const polygons = room.polygons.filter((p) => state.enabledAreas.has(p.areaId)).map(walkPolygonToArea)
  if (room.authoritative === 'mask' && !mask) {
    throw new Error(`Room '${room.id}' says its mask is authoritative but has no mask.`)
  }
  return createNavWorld(
    {
      width,
      height,
      authoritative: room.authoritative,
      mask: mask ? { width, height, cells: mask } : undefined,
      polygons,
      graph: roomGraph(room, state.blockers),
      revision: `${room.id}@${revision}`,
    },
    { areaEnabled: (id) => state.enabledAreas.has(id), blockers: state.blockers, key: state.key },
  )
}

/**
 * Why nothing in the world is walkable, or null when something is: a polygon room whose
 * outlines enclose no area (zero-area or fully holed), a mask without a walkable pixel.
 */
export function nothingWalkable(world: NavWorld): string | null {
  if (world.authoritative === 'polygons') {
    return world.polygons().length === 0 ? 'the walk polygons enclose no area' : null
  }
  const { cells } = world.grid()
  for (let i = 0; i < cells.length; i++) if (cells[i] !== 0) return null
  return 'the walk mask has no walkable pixel in this state'
}
