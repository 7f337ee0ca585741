/**
 * Normal form of project and room data, so that saving the same room twice gives the
 * same bytes and small edits give small diffs.
 *
 * What normalising does:
 * - key order: every object is rebuilt in the order the schema lists its fields;
 *   `properties` and `propertyTypes` maps are sorted by key (properties.ts); empty ones are
 *   left out, except a zone's and a hotspot's `properties`.
 * - numbers: coordinates, scale stops and costs are rounded to COORD_DECIMALS places;
 *   -0 becomes 0.
 * - orientation: the rule of geometry/polygon.ts: outer rings get a positive signed area
 *   and holes a negative one (shoelace sum over the raw [x, y] numbers; in y-down room px
 *   a positive area is clockwise on screen). Zone polygons and gate polygons count as
 *   outer rings. Repeated consecutive vertices are dropped. Rings are reversed when
 *   needed, never rotated, so one moved vertex stays a one-line diff.
 * - order of lists whose order means nothing: areas by id, linear scaling by area id,
 *   stops by y, graph nodes by id (natural order, 'n2' before 'n10'), joins by their
 *   ends; a two-way join is written with its smaller end as `a`.
 * - text: colours in lower case; flag expressions in canonical spacing
 *   (`a && !(b || c)`).
 * Lists whose order the author sees (rooms, flags, characters, polygons, gates, zones)
 * keep their order.
 *
 * Units: room px; percent for scales.
 */
import type { Coord, CoordRing, Hotspot, Project, Room, Zone } from './schema'
import { formatFlagExpression } from './flag-expression'
import { normaliseRing, signedArea } from '../geometry/polygon'
import { coordsToRing, ringToCoords } from './convert'
import { normaliseProperties } from './properties'

/** Decimal places kept for coordinates (0.01 px). */
export const COORD_DECIMALS = 2

const factor = 10 ** COORD_DECIMALS

/** Round to COORD_DECIMALS places; -0 becomes 0. */
export function roundCoordinate(value: number): number {
  const r = Math.round(value * factor) / factor
  return r === 0 ? 0 : r
}

/** Round a value that must stay above 0 (costs, scales, sizes): never below one step. */
export function roundPositive(value: number): number {
  return Math.max(roundCoordinate(value), 1 / factor)
}

function roundRing(ring: CoordRing): CoordRing {
  return ring.map(([x, y]): Coord => [roundCoordinate(x), roundCoordinate(y)])
}

/**
 * A copy of the ring, rounded, without repeated consecutive vertices, wound as an outer
 * ring (+1: positive signed area) or a hole (-1: negative), by geometry/polygon.ts's rule.
 * If dropping repeats would leave fewer than 3 vertices, the repeats are kept (the ring is
 * degenerate either way, and the schema's "at least 3 points" must still hold).
 */
export function orientRing(ring: CoordRing, sign: 1 | -1): CoordRing {
  const rounded = coordsToRing(roundRing(ring))
  const role = sign > 0 ? 'outer' : 'hole'
  const tidy = normaliseRing(rounded, role)
  if (tidy.length >= 3) return ringToCoords(tidy)
  const area = signedArea(rounded)
  return ringToCoords(area * sign < 0 ? rounded.reverse() : rounded)
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' })

/** Natural order for ids: 'n2' < 'n10'; ties broken by plain code-unit order so it is total. */
export function compareIds(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)
}

function normaliseZone(zone: Zone): Zone {
  return {
    id: zone.id,
    name: zone.name,
    shape:
      zone.shape.kind === 'polygon'
        ? { kind: 'polygon', outer: orientRing(zone.shape.outer, 1) }
        : { kind: 'area', areaId: zone.shape.areaId },
    events: { enter: zone.events.enter, exit: zone.events.exit, stand: zone.events.stand },
    ...(zone.enabledBy !== undefined ? { enabledBy: formatFlagExpression(zone.enabledBy) } : {}),
    ...normaliseProperties(zone, compareIds, true),
  }
}

const roundPoint = (p: { x: number; y: number }) => ({ x: roundCoordinate(p.x), y: roundCoordinate(p.y) })

function normaliseHotspot(h: Hotspot): Hotspot {
  return {
    id: h.id,
    name: h.name,
    ...(h.description !== undefined ? { description: h.description } : {}),
    shape:
      h.shape.kind === 'polygon'
        ? { kind: 'polygon', outer: orientRing(h.shape.outer, 1) }
        : { kind: 'mask', maskId: h.shape.maskId },
    ...(h.walkTo !== undefined ? { walkTo: roundPoint(h.walkTo) } : {}),
    ...(h.lookAt !== undefined ? { lookAt: roundPoint(h.lookAt) } : {}),
    ...(h.direction !== undefined ? { direction: h.direction } : {}),
    ...(h.enabledBy !== undefined ? { enabledBy: formatFlagExpression(h.enabledBy) } : {}),
    ...normaliseProperties(h, compareIds, true),
  }
}

/** The normal form of a room (a new object; the input is not changed). Expects a valid room. */
export function normaliseRoom(room: Room): Room {
  const out: Room = {
    formatVersion: room.formatVersion,
    id: room.id,
    name: room.name,
    size: { width: room.size.width, height: room.size.height },
    ...(room.background !== undefined ? { background: room.background } : {}),
    ...(room.backgroundFrames?.length
      ? {
          backgroundFrames: room.backgroundFrames.map((f) => ({
            file: f.file,
            ...(f.name !== undefined ? { name: f.name } : {}),
          })),
        }
      : {}),
    ...(room.backgroundAnimationDelay !== undefined
      ? { backgroundAnimationDelay: room.backgroundAnimationDelay }
      : {}),
    ...(room.backgroundAnimationEnabled !== undefined
      ? { backgroundAnimationEnabled: room.backgroundAnimationEnabled }
      : {}),
    areas: [...room.areas]
      .sort((a, b) => a.id - b.id)
      .map((a) => ({
        id: a.id,
        name: a.name,
        colour: a.colour.toLowerCase(),
        ...(a.enabledBy !== undefined ? { enabledBy: formatFlagExpression(a.enabledBy) } : {}),
        ...normaliseProperties(a, compareIds),
      })),
    ...(room.mask !== undefined ? { mask: room.mask } : {}),
    polygons: room.polygons.map((p) => ({
      id: p.id,
      areaId: p.areaId,
      outer: orientRing(p.outer, 1),
      holes: p.holes.map((h) => orientRing(h, -1)),
      ...normaliseProperties(p, compareIds),
    })),
    authoritative: room.authoritative,
    gates: room.gates.map((g) => ({
      id: g.id,
      name: g.name,
      kind: g.kind,
      ...(g.polygon !== undefined ? { polygon: orientRing(g.polygon, 1) } : {}),
      ...(g.areaId !== undefined ? { areaId: g.areaId } : {}),
      flagExpression: formatFlagExpression(g.flagExpression),
      ...normaliseProperties(g, compareIds),
    })),
    nodeGraph: {
      nodes: [...room.nodeGraph.nodes]
        .sort((a, b) => compareIds(a.id, b.id))
        .map((n) => ({ id: n.id, x: roundCoordinate(n.x), y: roundCoordinate(n.y) })),
      joins: room.nodeGraph.joins
        .map((j) => {
          const swap = !j.oneWay && compareIds(j.a, j.b) > 0
          return {
            a: swap ? j.b : j.a,
            b: swap ? j.a : j.b,
            oneWay: j.oneWay,
            cost: roundPositive(j.cost),
          }
        })
        .sort((x, y) => compareIds(x.a, y.a) || compareIds(x.b, y.b) || Number(x.oneWay) - Number(y.oneWay)),
    },
    scaling: {
      mode: room.scaling.mode,
      linear: [...room.scaling.linear]
        .sort((a, b) => a.areaId - b.areaId)
        .map((l) => ({
          areaId: l.areaId,
          stops: [...l.stops]
            .sort((a, b) => a.y - b.y)
            .map((s) => ({ y: roundCoordinate(s.y), scale: roundPositive(s.scale) })),
        })),
      ...(room.scaling.map !== undefined
        ? {
            map: {
              file: room.scaling.map.file,
              min: roundPositive(room.scaling.map.min),
              max: roundPositive(room.scaling.map.max),
            },
          }
        : {}),
    },
    zones: room.zones.map(normaliseZone),
    ...(room.points !== undefined && room.points.length > 0
      ? {
          points: room.points.map((p) => ({
            id: p.id,
            name: p.name,
            x: roundCoordinate(p.x),
            y: roundCoordinate(p.y),
            // 'marker' is the default: left out, so older rooms read back unchanged.
            ...(p.kind !== undefined && p.kind !== 'marker' ? { kind: p.kind } : {}),
            ...normaliseProperties(p, compareIds),
          })),
        }
      : {}),
    ...(room.hotspots !== undefined && room.hotspots.length > 0
      ? { hotspots: room.hotspots.map(normaliseHotspot) }
      : {}),
    ...(room.hotspotMask !== undefined && room.hotspots?.some((h) => h.shape.kind === 'mask')
      ? { hotspotMask: { rows: [...room.hotspotMask.rows] } }
      : {}),
    ...(room.walkBehinds !== undefined
      ? {
          walkBehinds: {
            areas: [...room.walkBehinds.areas]
              .sort((a, b) => a.id - b.id)
              .map((a) => ({
                id: a.id,
                ...(a.name !== undefined ? { name: a.name } : {}),
                baseline: roundCoordinate(a.baseline),
                ...normaliseProperties(a, compareIds),
              })),
            rows: [...room.walkBehinds.rows],
          },
        }
      : {}),
    ...(room.sceneOffset !== undefined && (room.sceneOffset.x !== 0 || room.sceneOffset.y !== 0)
      ? { sceneOffset: { x: roundCoordinate(room.sceneOffset.x), y: roundCoordinate(room.sceneOffset.y) } }
      : {}),
    testWalk: {
      start: { x: roundCoordinate(room.testWalk.start.x), y: roundCoordinate(room.testWalk.start.y) },
      ...(room.testWalk.characterId !== undefined ? { characterId: room.testWalk.characterId } : {}),
      height: roundPositive(room.testWalk.height),
      speed: roundPositive(room.testWalk.speed),
    },
    ...normaliseProperties(room, compareIds),
  }
  return out
}

/** The normal form of a project (a new object). Expects a valid project. */
export function normaliseProject(project: Project): Project {
  return {
    formatVersion: project.formatVersion,
    appVersion: project.appVersion,
    name: project.name,
    rooms: project.rooms.map((r) => ({ id: r.id, name: r.name, folder: r.folder.replace(/\\/g, '/') })),
    flags: project.flags.map((f) => ({ id: f.id, name: f.name, default: f.default })),
    characters: project.characters.map((c) => ({
      id: c.id,
      name: c.name,
      height: roundPositive(c.height),
      footWidth: roundCoordinate(c.footWidth),
      speed: roundPositive(c.speed),
      speedScales: c.speedScales,
    })),
  }
}
