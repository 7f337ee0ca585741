/**
 * Reader for the plain polygon rooms of the benchmark set (../shared/bench/rooms/*.json):
 * an outer walkable outline with holes, optional extra disconnected regions, an optional
 * alternate state (a region switched on by a game event, e.g. escoria-room02's
 * `bridge_closed`) and named points (start, doors, characters).
 *
 * Glossary
 * - region: one walkable polygon with its holes; the default state is `walkable`+`holes`
 *   plus every `extra_regions` entry.
 * - alternate state: a named set of regions that replaces the default ones when its flag is
 *   set (one navigation polygon is active at a time, as in the source engine).
 * - named point: a position from the scene, keyed by its path in the JSON with '/' between
 *   levels (e.g. `r_door/Marker2D`, `characters/Popsy (NPC; hole 2 surrounds it)`, `start`).
 *
 * - limits: the room format's (src/shared/limits.ts): every coordinate within ±MAX_COORD_PX, at
 *   most MAX_RING_VERTICES points a ring, MAX_HOLES holes a region, MAX_POLYGONS regions,
 *   sides up to MAX_ROOM_SIDE_PX; a file over one is refused in one line, like a room file.
 *
 * Units: room px (image pixels, origin top-left, y down), as in the files.
 */
import { normaliseArea } from '../../geometry/polygon'
import type { AreaPolygon, Point, Ring } from '../../geometry/types'
import type { NavWorld } from '../../nav/types'
import { worldFromPolygons } from '../../nav/world'
import { MAX_COORD_PX, MAX_HOLES, MAX_POLYGONS, MAX_RING_VERTICES, MAX_ROOM_SIDE_PX } from '../../limits'

export interface BenchRoomState {
  name: string
  enabledByDefault: boolean
  areas: AreaPolygon[]
}

export interface BenchRoom {
  width: number
  height: number
  /** The regions of the default state. */
  areas: AreaPolygon[]
  /** Alternate states by name. */
  states: BenchRoomState[]
  points: Record<string, Point>
  source?: string
  license?: string
}

/** Thrown for a file that is not a bench room; the message says what was expected where. */
export class BenchRoomError extends Error {}

function fail(where: string, expected: string): never {
  throw new BenchRoomError(`${where}: expected ${expected}`)
}

function readPoint(value: unknown, where: string): Point {
  if (
    !Array.isArray(value) ||
    value.length < 2 ||
    typeof value[0] !== 'number' ||
    typeof value[1] !== 'number' ||
    !Number.isFinite(value[0]) ||
    !Number.isFinite(value[1])
  ) {
    fail(where, 'a point [x, y] of two finite numbers')
  }
  if (Math.abs(value[0]) > MAX_COORD_PX || Math.abs(value[1]) > MAX_COORD_PX)
    fail(
      where,
      `coordinates from -${MAX_COORD_PX} to ${MAX_COORD_PX} px (Walkbox's limit), found [${value[0]}, ${value[1]}]`,
    )
  return { x: value[0], y: value[1] }
}

function readRing(value: unknown, where: string): Ring {
  if (!Array.isArray(value) || value.length < 3) fail(where, 'a ring of at least 3 points [[x, y], ...]')
  if (value.length > MAX_RING_VERTICES)
    fail(where, `at most ${MAX_RING_VERTICES} points in a ring, found ${value.length} (Walkbox's limit)`)
  const ring = value.map((p, i) => readPoint(p, `${where}[${i}]`))
  const first = ring[0]
  const last = ring[ring.length - 1]
  // The format says rings are not closed; tolerate a repeated first point anyway.
  if (ring.length > 3 && first.x === last.x && first.y === last.y) ring.pop()
  return ring
}

function readRegion(value: unknown, where: string): AreaPolygon {
  if (typeof value !== 'object' || value === null) fail(where, 'an object with "walkable" and "holes"')
  const o = value as Record<string, unknown>
  const outer = readRing(o.walkable, `${where}.walkable`)
  const holesRaw = o.holes ?? []
  if (!Array.isArray(holesRaw)) fail(`${where}.holes`, 'a list of rings')
  if (holesRaw.length > MAX_HOLES)
    fail(`${where}.holes`, `at most ${MAX_HOLES} holes, found ${holesRaw.length} (Walkbox's limit)`)
  // Holes keep their source's orientation in the files; normalise (outer clockwise on screen, holes counter-clockwise).
  return normaliseArea({ outer, holes: holesRaw.map((h, i) => readRing(h, `${where}.holes[${i}]`)) })
}

function collectPoints(value: unknown, prefix: string, out: Record<string, Point>): void {
  if (Array.isArray(value)) {
    out[prefix] = readPoint(value, `points.${prefix}`)
    return
  }
  if (typeof value !== 'object' || value === null) return
  for (const [key, inner] of Object.entries(value))
    collectPoints(inner, prefix ? `${prefix}/${key}` : key, out)
}

/** Parse the JSON value of a bench room (already JSON.parse'd). Throws `BenchRoomError` with what was expected. */
export function parseBenchRoom(json: unknown, name = 'room'): BenchRoom {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    fail(name, 'a JSON object (a bench polygon room)')
  const o = json as Record<string, unknown>
  const size = (key: 'width' | 'height') => {
    const v = o[key]
    if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0 || v > MAX_ROOM_SIDE_PX)
      fail(`${name}.${key}`, `a positive integer of at most ${MAX_ROOM_SIDE_PX} (px)`)
    return v
  }
  const width = size('width')
  const height = size('height')
  if (!('walkable' in o)) fail(name, 'a "walkable" outline (bench polygon room format, see rooms/README.md)')
  const areas = [readRegion(o, name)]
  if (o.extra_regions !== undefined) {
    if (!Array.isArray(o.extra_regions)) fail(`${name}.extra_regions`, 'a list of {walkable, holes}')
    if (o.extra_regions.length >= MAX_POLYGONS)
      fail(
        `${name}.extra_regions`,
        `at most ${MAX_POLYGONS - 1} extra regions, found ${o.extra_regions.length} (Walkbox's limit)`,
      )
    o.extra_regions.forEach((r, i) => areas.push(readRegion(r, `${name}.extra_regions[${i}]`)))
  }
  const states: BenchRoomState[] = []
  if (o.alternate_state !== undefined) {
    const alt = o.alternate_state as Record<string, unknown>
    if (typeof alt !== 'object' || alt === null || typeof alt.name !== 'string') {
      fail(`${name}.alternate_state`, 'an object with a "name" and "walkable"')
    }
    states.push({
      name: alt.name,
      enabledByDefault: alt.enabled_by_default === true,
      areas: [readRegion(alt, `${name}.alternate_state`)],
    })
  }
  const points: Record<string, Point> = {}
  if (o.start !== undefined) points.start = readPoint(o.start, `${name}.start`)
  if (o.points !== undefined) collectPoints(o.points, '', points)
  return {
    width,
    height,
    areas,
    states,
    points,
    source: typeof o.source === 'string' ? o.source : undefined,
    license: typeof o.license === 'string' ? o.license : undefined,
  }
}

/**
 * The regions of a room state: `flags` maps a state name to on/off. A state that is on
 * replaces the default regions; unknown flag names are an error (listing the known ones).
 */
export function benchRoomAreas(room: BenchRoom, flags: Record<string, boolean> = {}): AreaPolygon[] {
  for (const key of Object.keys(flags)) {
    if (!room.states.some((s) => s.name === key)) {
      const known = room.states.map((s) => s.name).join(', ') || 'none'
      throw new BenchRoomError(`state flag "${key}": expected one of the room's states (${known})`)
    }
  }
  const active = room.states.filter((s) => flags[s.name] ?? s.enabledByDefault)
  return active.length > 0 ? active.flatMap((s) => s.areas) : room.areas
}

/** The nav world of a bench room in a state (see `benchRoomAreas`). */
export function benchRoomWorld(
  room: BenchRoom,
  flags: Record<string, boolean> = {},
  revision = 'bench',
): NavWorld {
  const areas = benchRoomAreas(room, flags)
  const stateKey = Object.keys(flags)
    .sort()
    .map((k) => `${k}=${flags[k] ? 1 : 0}`)
    .join(',')
  return worldFromPolygons(room.width, room.height, areas, `${revision}|${stateKey}`)
}
