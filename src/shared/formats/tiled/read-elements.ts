/**
 * The room elements a map's objects give once each object has its kind (read-map.ts):
 * gates, zones, the node graph, points and hotspots.
 *
 * Glossary
 * - placed object: a map object with its kind, its layer and the offset of that layer and
 *   every group above it (px).
 * - object reference: a property of type `object` whose value is another object's id.
 * - hotspot point: a point object a hotspot's `walkTo` or `lookAt` property names (Walkbox
 *   writes them with types `walk-to` and `look-at`); it is read as that hotspot's point.
 *
 * Units: px (map px).
 */
import * as limits from '../../limits'
import {
  FACING_DIRECTIONS,
  POINT_KINDS,
  type Hotspot,
  type PointKind,
  type Room,
  type Zone,
} from '../../room/schema'
import { IdPool } from '../../room/names'
import {
  PROPERTY_TYPES,
  propertyValueError,
  type PropertyType,
  type PropertyTypes,
  type WithProperties,
} from '../../room/properties'
import { MAX_LISTED_PROBLEMS, TiledMapRefused } from './external-files'
import type { TiledObject, TiledProperty } from './map-types'
import { polylinePoints } from './object-shapes'

type Ring = [number, number][]
export type Value = TiledProperty['value']

/** Kinds an object's type (Tiled 1.9: class) may name outright. */
export const KINDS = [
  'walkable',
  'hole',
  'gate',
  'zone',
  'node',
  'join',
  'point',
  'hotspot',
  'obstacle',
  'walk-to',
  'look-at',
] as const

export interface Placed {
  o: TiledObject
  kind: string
  layer: string
  dx: number
  dy: number
}

/**
 * Custom properties by name: a list of `{ name, type, value }`, or the object of names and
 * values Tiled's JSON used before 1.2 (its reader still takes it).
 */
export function propsOf(list: TiledProperty[] | Record<string, Value> | undefined): Map<string, Value> {
  if (Array.isArray(list)) return new Map(list.map((p) => [p?.name, p?.value]))
  if (list && typeof list === 'object') return new Map(Object.entries(list))
  return new Map()
}

export const label = (p: Placed): string => `object ${p.o.id}${p.o.name ? ` '${p.o.name}'` : ''}`

/** What an object that has no area is, for a note ('a point', 'an open polyline of 20 vertices'). */
export function noArea(o: TiledObject): string {
  if (o.point) return 'a point'
  if (o.polyline) return `an open polyline of ${o.polyline.length} vertices`
  if (o.polygon) return `a polygon of ${o.polygon.length} vertices`
  return 'a rectangle without an area'
}

/** Properties each kind of object is read with; its other properties are its custom properties (customPropertyKey). */
export const READ_PROPERTIES: Record<string, readonly string[]> = {
  walkable: ['areaId'],
  hole: ['of'],
  obstacle: [],
  gate: ['walkbox.id', 'kind', 'flagExpression', 'areaId'],
  zone: ['walkbox.id', 'enter', 'exit', 'stand', 'enabledBy', 'areaId'],
  node: [],
  join: ['a', 'b', 'oneWay', 'cost'],
  point: ['walkbox.id', 'kind'],
  hotspot: ['walkbox.id', 'description', 'direction', 'enabledBy', 'walkTo', 'lookAt', 'maskId'],
  'walk-to': [],
  'look-at': [],
}

/** The kinds of object whose other properties are the room object's custom properties. */
export const CUSTOM_PROPERTY_KINDS: readonly string[] = ['walkable', 'gate', 'zone', 'point', 'hotspot']

/** Tiled property types a room object keeps (with their type, properties.ts); a class value is not kept. */
const KEPT_TYPES: readonly (string | undefined)[] = [undefined, 'string', ...PROPERTY_TYPES]

/**
 * The custom property key of the map's property `p` of an object of `kind` (null when it is
 * none): `property.<name>` is `<name>` (how a name Walkbox reads is written); any other
 * property Walkbox does not read for that kind, of a plain type, under its own name.
 */
export function customPropertyKey(kind: string, p: TiledProperty): string | null {
  if (!CUSTOM_PROPERTY_KINDS.includes(kind) || typeof p?.name !== 'string' || p.name === '') return null
  if (p.name.startsWith('property.'))
    return p.name.length > 9 && p.name !== 'property.__proto__' ? p.name.slice(9) : null
  if ((READ_PROPERTIES[kind] ?? []).includes(p.name) || p.name === '__proto__') return null
  if (!KEPT_TYPES.includes(p.type) || (typeof p.propertytype === 'string' && p.propertytype !== ''))
    return null
  return typeof p.value === 'string' || typeof p.value === 'number' || typeof p.value === 'boolean'
    ? p.name
    : null
}

/** The name a custom property `key` of an object of `kind` is written under (its own, unless Walkbox reads that name). */
export const customPropertyName = (kind: string, key: string): string =>
  (READ_PROPERTIES[kind] ?? []).includes(key) || key.startsWith('property.') || key.startsWith('walkbox.')
    ? `property.${key}`
    : key

/** An object's custom properties and their types, from its Tiled properties (at most MAX_PROPERTIES). */
export function readCustomProperties(kind: string, list: unknown): Required<WithProperties> {
  const properties: Record<string, string> = {}
  const propertyTypes: Record<string, PropertyType> = {}
  for (const p of Array.isArray(list) ? (list as TiledProperty[]) : []) {
    const key = customPropertyKey(kind, p)
    if (key === null || Object.hasOwn(properties, key)) continue
    if (Object.keys(properties).length >= limits.MAX_PROPERTIES) break
    const type = p.type === undefined || p.type === 'string' ? undefined : (p.type as PropertyType)
    const text = String(p.value)
    // A value that does not fit its type (a colour Tiled left empty) is kept as text.
    if (type && propertyValueError(type, text) === null) propertyTypes[key] = type
    properties[key] = text
  }
  return { properties, propertyTypes }
}

/** `x`'s custom properties as Tiled properties of an object of `kind`, each with its type. */
export function customPropertyList(kind: string, x: WithProperties): TiledProperty[] {
  return Object.entries(x.properties ?? {}).map(([key, text]) => {
    const type = x.propertyTypes?.[key]
    const value =
      type === 'int' || type === 'float' || type === 'object'
        ? Number(text)
        : type === 'bool'
          ? text === 'true'
          : text
    return { name: customPropertyName(kind, key), type: type ?? 'string', value }
  })
}

/** Only the types of `read` (spread into a room object: absent when none). */
export const typesOf = (read: WithProperties): { propertyTypes?: PropertyTypes } =>
  Object.keys(read.propertyTypes ?? {}).length > 0 ? { propertyTypes: read.propertyTypes } : {}

/** The custom properties of `read`, spread into an object that may have none. */
export const customOf = (read: WithProperties): WithProperties =>
  Object.keys(read.properties ?? {}).length > 0 ? { properties: read.properties, ...typesOf(read) } : {}

interface Context {
  room: Room
  notes: string[]
  imported: number[]
  byKind: (k: string) => Placed[]
  outlineOf: (p: Placed) => Ring | null
  fileName: string
}

/** Gates and zones. */
export function readGatesAndZones({ room, notes, imported, byKind, outlineOf }: Context): void {
  const gates = new IdPool()
  const zones = new IdPool()
  for (const p of byKind('gate')) {
    const props = propsOf(p.o.properties)
    const kind = props.get('kind') === 'open-area' ? 'open-area' : 'block-polygon'
    const ring = outlineOf(p)
    const areaId = props.get('areaId')
    const given = props.get('walkbox.id')
    imported.push(p.o.id)
    room.gates.push({
      id: typeof given === 'string' ? gates.keep(given) : gates.take(p.o.name || 'gate', 'gate'),
      name: p.o.name,
      kind,
      ...(ring && kind === 'block-polygon' ? { polygon: ring } : {}),
      ...(typeof areaId === 'number' ? { areaId } : {}),
      flagExpression:
        typeof props.get('flagExpression') === 'string' ? (props.get('flagExpression') as string) : 'true',
      ...customOf(readCustomProperties('gate', p.o.properties)),
    })
  }
  for (const p of byKind('zone')) {
    const props = propsOf(p.o.properties)
    const ring = outlineOf(p)
    const areaId = props.get('areaId')
    const shape: Zone['shape'] | null = ring
      ? { kind: 'polygon', outer: ring }
      : typeof areaId === 'number'
        ? { kind: 'area', areaId }
        : null
    if (!shape) {
      notes.push(`${label(p)}: a zone that is ${noArea(p.o)} (no area and no areaId); skipped`)
      continue
    }
    const text = (k: string) => (typeof props.get(k) === 'string' ? (props.get(k) as string) : '')
    const custom = readCustomProperties('zone', p.o.properties)
    const given = props.get('walkbox.id')
    imported.push(p.o.id)
    room.zones.push({
      id: typeof given === 'string' ? zones.keep(given) : zones.take(p.o.name || 'zone', 'zone'),
      name: p.o.name,
      shape,
      events: { enter: text('enter'), exit: text('exit'), stand: text('stand') },
      ...(typeof props.get('enabledBy') === 'string' ? { enabledBy: props.get('enabledBy') as string } : {}),
      properties: custom.properties,
      ...typesOf(custom),
    })
  }
}

/** The node graph: nodes; joins by `a` and `b`, or a polyline's vertices joined in order. */
export function readNodeGraph({ room, notes, imported, byKind, fileName }: Context): void {
  const ids = new IdPool()
  const nodeIdOf = new Map<number, string>()
  const nodeAt = new Map<string, string>()
  const addNode = (name: string, x: number, y: number): string => {
    const at = `${x},${y}`
    const found = nodeAt.get(at)
    if (found) return found
    const nid = ids.take(name || 'node', 'node')
    room.nodeGraph.nodes.push({ id: nid, x, y })
    nodeAt.set(at, nid)
    return nid
  }
  for (const p of byKind('node')) {
    nodeIdOf.set(p.o.id, addNode(p.o.name, p.o.x + p.dx, p.o.y + p.dy))
    imported.push(p.o.id)
  }
  for (const p of byKind('join')) {
    const props = propsOf(p.o.properties)
    const oneWay = props.get('oneWay') === true
    const cost = props.get('cost')
    const join = (a: string, b: string) =>
      room.nodeGraph.joins.push({ a, b, oneWay, cost: typeof cost === 'number' && cost > 0 ? cost : 1 })
    if (props.has('a') || props.has('b')) {
      const a = nodeIdOf.get(props.get('a') as number)
      const b = nodeIdOf.get(props.get('b') as number)
      if (!a || !b || a === b)
        notes.push(`${label(p)}: a join whose a and b do not name two node objects; skipped`)
      else {
        join(a, b)
        imported.push(p.o.id)
      }
      continue
    }
    const line = polylinePoints(p.o, p.dx, p.dy)
    if (!line) {
      notes.push(`${label(p)}: a join that is neither a polyline nor has a and b; skipped`)
      continue
    }
    imported.push(p.o.id)
    const nodes = line.map(([x, y], i) => addNode(`${p.o.name || 'join'} ${i + 1}`, x, y))
    for (let i = 1; i < nodes.length; i++) if (nodes[i] !== nodes[i - 1]) join(nodes[i - 1], nodes[i])
  }
  if (room.nodeGraph.joins.length > limits.MAX_JOINS || room.nodeGraph.nodes.length > limits.MAX_NODES)
    throw new TiledMapRefused(fileName, [
      `the node graph has ${room.nodeGraph.nodes.length} nodes and ${room.nodeGraph.joins.length} joins; a room holds at most ${limits.MAX_NODES} and ${limits.MAX_JOINS}`,
    ])
}

/**
 * Points, at their anchor (a point object's position, a rectangle's top-left). A polyline
 * is never a point: it is named in a note with its vertices, whatever layer it is in.
 */
export function readPoints({ room, notes, imported, byKind }: Context): void {
  const ids = new IdPool()
  const lines: string[] = []
  const points: NonNullable<Room['points']> = []
  for (const p of byKind('point')) {
    if (p.o.polyline || p.o.polygon) {
      const shape = p.o.polyline ? 'polyline' : 'polygon'
      const count = (p.o.polyline ?? p.o.polygon ?? []).length
      lines.push(
        `${label(p)} in layer '${p.layer}': a ${shape} of ${count} vertices is not a point; not read`,
      )
      continue
    }
    imported.push(p.o.id)
    const props = propsOf(p.o.properties)
    const given = props.get('walkbox.id')
    const kind = props.get('kind')
    if (kind !== undefined && !(POINT_KINDS as readonly unknown[]).includes(kind))
      notes.push(
        `${label(p)}: kind '${String(kind)}' is not one of ${POINT_KINDS.join(', ')}; read as a marker`,
      )
    points.push({
      id: typeof given === 'string' ? ids.keep(given) : ids.take(p.o.name || `point-${p.o.id}`, 'point'),
      name: p.o.name,
      x: p.o.x + p.dx,
      y: p.o.y + p.dy,
      ...(kind !== 'marker' && (POINT_KINDS as readonly unknown[]).includes(kind)
        ? { kind: kind as PointKind }
        : {}),
      ...customOf(readCustomProperties('point', p.o.properties)),
    })
  }
  notes.push(...lines.slice(0, MAX_LISTED_PROBLEMS))
  if (lines.length > MAX_LISTED_PROBLEMS)
    notes.push(`and ${lines.length - MAX_LISTED_PROBLEMS} more polylines and polygons not read as points`)
  if (points.length > 0) room.points = points
}

/** A `walkTo`/`lookAt` value: an object reference to a placed object, or the text "x,y". */
function pointOf(
  v: Value | undefined,
  byId: ReadonlyMap<number, Placed>,
  used: Set<number>,
): { x: number; y: number } | null | undefined {
  if (v === undefined || v === '' || v === 0) return undefined
  if (typeof v === 'number') {
    const target = byId.get(v)
    if (!target) return null
    used.add(v)
    return { x: target.o.x + target.dx, y: target.o.y + target.dy }
  }
  if (typeof v === 'string') {
    const m = /^\s*(-?[\d.]+(?:e[-+]?\d+)?)\s*,\s*(-?[\d.]+(?:e[-+]?\d+)?)\s*$/i.exec(v)
    if (!m || !Number.isFinite(Number(m[1])) || !Number.isFinite(Number(m[2]))) return null
    return { x: Number(m[1]), y: Number(m[2]) }
  }
  return null
}

/**
 * Hotspots: objects with an area (a polygon hotspot), or with `maskId` (a painted hotspot,
 * its pixels in the map property walkbox.hotspotMask); their walk-to and look-at points by
 * object reference (a point object) or as the text "x,y"; `description`, `direction`,
 * `enabledBy`, and their other text properties kept as the hotspot's properties. Returns
 * the ids of the point objects taken as hotspot points.
 */
export function readHotspots(
  { room, notes, imported, byKind, outlineOf }: Context,
  all: readonly Placed[],
  hasMask: boolean,
): Set<number> {
  const ids = new IdPool()
  const byId = new Map(all.map((p) => [p.o.id, p]))
  const used = new Set<number>()
  const masks = new Set<number>()
  const hotspots: Hotspot[] = []
  for (const p of byKind('hotspot')) {
    const props = propsOf(p.o.properties)
    const ring = outlineOf(p)
    const maskId = props.get('maskId')
    const isMask =
      typeof maskId === 'number' && Number.isInteger(maskId) && maskId >= 1 && maskId <= 255 && hasMask
    if (!isMask && !ring) {
      notes.push(`${label(p)}: a hotspot that is ${noArea(p.o)}; skipped`)
      continue
    }
    if (isMask && masks.has(maskId)) {
      notes.push(`${label(p)}: a second hotspot of mask id ${maskId}; skipped`)
      continue
    }
    if (isMask) masks.add(maskId)
    const at = (name: 'walkTo' | 'lookAt') => {
      const point = pointOf(props.get(name), byId, used)
      if (point === null) notes.push(`${label(p)}: ${name} names no point object and is not "x,y"; left out`)
      return point ?? undefined
    }
    const walkTo = at('walkTo')
    const lookAt = at('lookAt')
    const direction = props.get('direction')
    const custom = readCustomProperties('hotspot', p.o.properties)
    const given = props.get('walkbox.id')
    const description = props.get('description')
    imported.push(p.o.id)
    hotspots.push({
      id: typeof given === 'string' ? ids.keep(given) : ids.take(p.o.name || 'hotspot', 'hotspot'),
      name: p.o.name,
      ...(typeof description === 'string' && description !== ''
        ? { description: description.slice(0, limits.MAX_HOTSPOT_DESCRIPTION_LENGTH) }
        : {}),
      shape: isMask ? { kind: 'mask', maskId } : { kind: 'polygon', outer: ring! },
      ...(walkTo ? { walkTo } : {}),
      ...(lookAt ? { lookAt } : {}),
      ...(typeof direction === 'string' && (FACING_DIRECTIONS as readonly string[]).includes(direction)
        ? { direction: direction as Hotspot['direction'] }
        : {}),
      ...(typeof props.get('enabledBy') === 'string' ? { enabledBy: props.get('enabledBy') as string } : {}),
      properties: custom.properties,
      ...typesOf(custom),
    })
  }
  for (const id of used) imported.push(id)
  if (hotspots.length > 0) room.hotspots = hotspots
  return used
}
