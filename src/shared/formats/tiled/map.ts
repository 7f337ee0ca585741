/**
 * Walkbox room <-> Tiled map, in Tiled's JSON structure (what a .tmj holds); tmx.ts turns
 * the same structure into XML and back. Written for Tiled 1.8 (object `type`, typed
 * properties as a list) and read from 1.8 and later (`class` is read as the type).
 *
 * Layout of a map Walkbox writes:
 * - image layer "background" (and a hidden "walk mask" when the room has one);
 * - object layers: "walkable" (polygons, type walkable; holes, type hole, property `of` =
 *   the polygon's object), "gates", "zones" (events and flag expressions as properties),
 *   "node graph" (points of type node; joins as polylines of type join with `a`, `b`,
 *   `oneWay`, `cost`), "points";
 * - map properties: the room's id, name and exact size, areas, scaling, test walk and
 *   scene offset (JSON text where Tiled has no type for them).
 *
 * Glossary
 * - object reference: a property of type `object` whose value is another object's id.
 *
 * Units: px (Tiled's pixel coordinates are room px).
 */
import { idFromName } from '../../room/names'
import { emptyRoom, type Room, type Zone } from '../../room/schema'

export const TILE_PX = 16

export type TiledPropertyType = 'string' | 'int' | 'float' | 'bool' | 'object' | 'file' | 'color'

export interface TiledProperty {
  name: string
  type: TiledPropertyType
  value: string | number | boolean
}

export interface TiledObject {
  id: number
  name: string
  type: string
  x: number
  y: number
  width: number
  height: number
  rotation: number
  visible: boolean
  point?: boolean
  ellipse?: boolean
  polygon?: { x: number; y: number }[]
  polyline?: { x: number; y: number }[]
  properties?: TiledProperty[]
}

export type TiledLayer =
  | {
      id: number
      name: string
      type: 'objectgroup'
      draworder: 'topdown' | 'index'
      objects: TiledObject[]
      opacity: number
      visible: boolean
      x: number
      y: number
    }
  | {
      id: number
      name: string
      type: 'imagelayer'
      image: string
      opacity: number
      visible: boolean
      x: number
      y: number
      offsetx?: number
      offsety?: number
    }

export interface TiledMap {
  type: 'map'
  version: string
  tiledversion: string
  orientation: 'orthogonal'
  renderorder: 'right-down'
  infinite: boolean
  compressionlevel: number
  width: number
  height: number
  tilewidth: number
  tileheight: number
  nextlayerid: number
  nextobjectid: number
  layers: TiledLayer[]
  tilesets: unknown[]
  properties?: TiledProperty[]
}

const prop = (name: string, type: TiledPropertyType, value: string | number | boolean): TiledProperty => ({
  name,
  type,
  value,
})

/** The room as a Tiled map; `notes` names what Tiled keeps only as a property. */
export function roomToTiledMap(room: Room): { map: TiledMap; notes: string[] } {
  const notes: string[] = []
  let nextObject = 1
  let nextLayer = 1
  const layers: TiledLayer[] = []
  const object = (o: Omit<TiledObject, 'id' | 'width' | 'height' | 'rotation' | 'visible'>): TiledObject => ({
    id: nextObject++,
    width: 0,
    height: 0,
    rotation: 0,
    visible: true,
    ...o,
  })
  const polygonObject = (
    name: string,
    type: string,
    ring: [number, number][],
    properties: TiledProperty[],
  ): TiledObject => {
    const [x0, y0] = ring[0]
    return object({
      name,
      type,
      x: x0,
      y: y0,
      polygon: ring.map(([x, y]) => ({ x: x - x0, y: y - y0 })),
      properties,
    })
  }
  const group = (name: string, objects: TiledObject[], visible = true): void => {
    layers.push({
      id: nextLayer++,
      name,
      type: 'objectgroup',
      draworder: 'index',
      objects,
      opacity: 1,
      visible,
      x: 0,
      y: 0,
    })
  }

  if (room.background) {
    layers.push({
      id: nextLayer++,
      name: 'background',
      type: 'imagelayer',
      image: room.background,
      opacity: 1,
      visible: true,
      x: 0,
      y: 0,
    })
  }
  if (room.mask) {
    layers.push({
      id: nextLayer++,
      name: 'walk mask',
      type: 'imagelayer',
      image: room.mask,
      opacity: 0.5,
      visible: false,
      x: 0,
      y: 0,
    })
    notes.push(
      `walk mask: Tiled has no area masks; ${room.mask} is referenced by the hidden image layer 'walk mask'`,
    )
  }

  const walkable: TiledObject[] = []
  for (const p of room.polygons) {
    const outer = polygonObject(p.id, 'walkable', p.outer, [prop('areaId', 'int', p.areaId)])
    walkable.push(outer)
    p.holes.forEach((h, i) =>
      walkable.push(polygonObject(`${p.id} hole ${i + 1}`, 'hole', h, [prop('of', 'object', outer.id)])),
    )
  }
  group('walkable', walkable)

  const gates = room.gates.map((g) => {
    const properties = [
      prop('walkbox.id', 'string', g.id),
      prop('kind', 'string', g.kind),
      prop('flagExpression', 'string', g.flagExpression),
      ...(g.areaId !== undefined ? [prop('areaId', 'int', g.areaId)] : []),
    ]
    return g.polygon
      ? polygonObject(g.name, 'gate', g.polygon, properties)
      : object({ name: g.name, type: 'gate', x: 0, y: 0, point: true, properties })
  })
  group('gates', gates)

  const zones = room.zones.map((z) => {
    const properties: TiledProperty[] = [
      prop('walkbox.id', 'string', z.id),
      prop('enter', 'string', z.events.enter),
      prop('exit', 'string', z.events.exit),
      prop('stand', 'string', z.events.stand),
      ...(z.enabledBy !== undefined ? [prop('enabledBy', 'string', z.enabledBy)] : []),
      ...Object.entries(z.properties).map(([k, v]) => prop(`property.${k}`, 'string', v)),
    ]
    if (z.shape.kind === 'polygon') return polygonObject(z.name, 'zone', z.shape.outer, properties)
    return object({
      name: z.name,
      type: 'zone',
      x: 0,
      y: 0,
      point: true,
      properties: [...properties, prop('areaId', 'int', z.shape.areaId)],
    })
  })
  group('zones', zones)

  const nodeObjects = new Map<string, TiledObject>()
  const graph: TiledObject[] = []
  for (const n of room.nodeGraph.nodes) {
    const o = object({ name: n.id, type: 'node', x: n.x, y: n.y, point: true })
    nodeObjects.set(n.id, o)
    graph.push(o)
  }
  for (const j of room.nodeGraph.joins) {
    const a = nodeObjects.get(j.a)!
    const b = nodeObjects.get(j.b)!
    graph.push(
      object({
        name: `${j.a} - ${j.b}`,
        type: 'join',
        x: a.x,
        y: a.y,
        polyline: [
          { x: 0, y: 0 },
          { x: b.x - a.x, y: b.y - a.y },
        ],
        properties: [
          prop('a', 'object', a.id),
          prop('b', 'object', b.id),
          prop('oneWay', 'bool', j.oneWay),
          prop('cost', 'float', j.cost),
        ],
      }),
    )
  }
  group('node graph', graph)
  if (room.nodeGraph.joins.some((j) => j.cost !== 1 || j.oneWay)) {
    notes.push(
      'node graph: Tiled has no join costs or directions; kept as the properties cost and oneWay of each join',
    )
  }

  group(
    'points',
    (room.points ?? []).map((p) =>
      object({
        name: p.name,
        type: 'point',
        x: p.x,
        y: p.y,
        point: true,
        properties: [prop('walkbox.id', 'string', p.id)],
      }),
    ),
  )

  const properties: TiledProperty[] = [
    prop('walkbox.roomId', 'string', room.id),
    prop('walkbox.name', 'string', room.name),
    prop('walkbox.width', 'int', room.size.width),
    prop('walkbox.height', 'int', room.size.height),
    prop('walkbox.authoritative', 'string', room.authoritative),
    prop('walkbox.areas', 'string', JSON.stringify(room.areas)),
    prop('walkbox.scaling', 'string', JSON.stringify(room.scaling)),
    prop('walkbox.testWalk', 'string', JSON.stringify(room.testWalk)),
    ...(room.sceneOffset ? [prop('walkbox.sceneOffset', 'string', JSON.stringify(room.sceneOffset))] : []),
  ]
  if (room.scaling.mode !== 'none')
    notes.push(
      `scaling: Tiled has no character scaling; kept as the map property walkbox.scaling (${room.scaling.mode})`,
    )
  notes.push('areas: kept as the map property walkbox.areas; each walkable polygon has its areaId')

  return {
    map: {
      type: 'map',
      version: '1.8',
      tiledversion: '1.8.2',
      orientation: 'orthogonal',
      renderorder: 'right-down',
      infinite: false,
      compressionlevel: -1,
      width: Math.ceil(room.size.width / TILE_PX),
      height: Math.ceil(room.size.height / TILE_PX),
      tilewidth: TILE_PX,
      tileheight: TILE_PX,
      nextlayerid: nextLayer,
      nextobjectid: nextObject,
      layers,
      tilesets: [],
      properties,
    },
    notes,
  }
}

// ---------------------------------------------------------------------------------------
// Reading

function propsOf(list: TiledProperty[] | undefined): Map<string, TiledProperty['value']> {
  return new Map((list ?? []).map((p) => [p.name, p.value]))
}

function jsonProp<T>(
  props: Map<string, TiledProperty['value']>,
  name: string,
  notes: string[],
): T | undefined {
  const v = props.get(name)
  if (typeof v !== 'string') return undefined
  try {
    return JSON.parse(v) as T
  } catch {
    notes.push(`map property ${name} is not JSON; ignored`)
    return undefined
  }
}

/** An object's outline in map px: its polygon, or its rectangle; null for points, ellipses and lines. */
function outline(o: TiledObject): [number, number][] | null {
  if (o.rotation) return null
  if (o.polygon && o.polygon.length >= 3) return o.polygon.map((p) => [o.x + p.x, o.y + p.y])
  if (!o.point && !o.ellipse && !o.polyline && o.width > 0 && o.height > 0) {
    return [
      [o.x, o.y],
      [o.x + o.width, o.y],
      [o.x + o.width, o.y + o.height],
      [o.x, o.y + o.height],
    ]
  }
  return null
}

/** A Tiled map (JSON structure) as a room. Throws when it is not an orthogonal map. */
export function tiledMapToRoom(
  map: TiledMap,
  fileName: string,
  options: { roomId?: string } = {},
): { room: Room; notes: string[] } {
  const notes: string[] = []
  if (map?.type !== 'map' || !Array.isArray(map.layers))
    throw new Error(`${fileName}: not a Tiled map (no "type": "map" with layers)`)
  if (map.orientation !== 'orthogonal')
    throw new Error(`${fileName}: a ${String(map.orientation)} map; Walkbox reads orthogonal maps`)
  const mp = propsOf(map.properties)
  const width =
    typeof mp.get('walkbox.width') === 'number'
      ? (mp.get('walkbox.width') as number)
      : map.width * map.tilewidth
  const height =
    typeof mp.get('walkbox.height') === 'number'
      ? (mp.get('walkbox.height') as number)
      : map.height * map.tileheight
  const name =
    typeof mp.get('walkbox.name') === 'string'
      ? (mp.get('walkbox.name') as string)
      : fileName.replace(/\.[^.]*$/, '')
  const id =
    options.roomId ??
    (typeof mp.get('walkbox.roomId') === 'string'
      ? (mp.get('walkbox.roomId') as string)
      : idFromName(name, []))
  const room = emptyRoom({ id, name, width, height })
  const areas = jsonProp<Room['areas']>(mp, 'walkbox.areas', notes)
  if (Array.isArray(areas) && areas.length > 0) room.areas = areas
  const scaling = jsonProp<Room['scaling']>(mp, 'walkbox.scaling', notes)
  if (scaling) room.scaling = scaling
  const testWalk = jsonProp<Room['testWalk']>(mp, 'walkbox.testWalk', notes)
  if (testWalk) room.testWalk = testWalk
  const sceneOffset = jsonProp<Room['sceneOffset']>(mp, 'walkbox.sceneOffset', notes)
  if (sceneOffset) room.sceneOffset = sceneOffset

  const objects: TiledObject[] = []
  // Group layers hold layers of their own.
  const flat: TiledLayer[] = []
  const flatten = (list: unknown[], depth: number) => {
    for (const l of list as (TiledLayer | { type: 'group'; layers: unknown[] })[]) {
      if (l?.type === 'group' && Array.isArray(l.layers) && depth < 32) flatten(l.layers, depth + 1)
      else flat.push(l as TiledLayer)
    }
  }
  flatten(map.layers, 0)
  for (const layer of flat) {
    if (layer.type === 'imagelayer') {
      const image = layer.image
      if (layer.name === 'walk mask' || layer.name === 'mask') {
        room.mask = image
      } else if (!room.background && image) {
        room.background = image
        if ((layer.offsetx ?? 0) !== 0 || (layer.offsety ?? 0) !== 0 || layer.x !== 0 || layer.y !== 0) {
          notes.push(`image layer '${layer.name}' is offset; room px are map px`)
        }
      }
    } else if (layer.type === 'objectgroup') {
      for (const o of layer.objects ?? [])
        objects.push({ ...o, type: o.type || (o as { class?: string }).class || layerType(layer.name) })
    } else {
      notes.push(
        `layer '${(layer as { name?: string }).name}' (${(layer as { type?: string }).type}): not read`,
      )
    }
  }
  const authoritative = mp.get('walkbox.authoritative')
  room.authoritative = authoritative === 'mask' && room.mask ? 'mask' : 'polygons'

  const byId = new Map(objects.map((o) => [o.id, o]))
  const taken = (list: { id: string }[]) => list.map((x) => x.id)
  // Walkable polygons and their holes.
  for (const o of objects.filter((x) => x.type === 'walkable')) {
    const ring = outline(o)
    if (!ring) {
      notes.push(`object ${o.id} '${o.name}': a walkable object without a polygon or rectangle; skipped`)
      continue
    }
    const p = propsOf(o.properties)
    const areaId = typeof p.get('areaId') === 'number' ? (p.get('areaId') as number) : 1
    room.polygons.push({
      id: idFromName(o.name || 'polygon', taken(room.polygons), 'polygon'),
      areaId,
      outer: ring,
      holes: [],
    })
    ;(o as TiledObject & { polygonIndex?: number }).polygonIndex = room.polygons.length - 1
  }
  for (const o of objects.filter((x) => x.type === 'hole')) {
    const ring = outline(o)
    const of = propsOf(o.properties).get('of')
    const owner =
      typeof of === 'number'
        ? (byId.get(of) as (TiledObject & { polygonIndex?: number }) | undefined)
        : undefined
    if (!ring || owner?.polygonIndex === undefined) {
      notes.push(
        `object ${o.id} '${o.name}': a hole without a polygon or without 'of' naming a walkable object; skipped`,
      )
      continue
    }
    room.polygons[owner.polygonIndex].holes.push(ring)
  }
  // Gates.
  for (const o of objects.filter((x) => x.type === 'gate')) {
    const p = propsOf(o.properties)
    const kind = p.get('kind') === 'open-area' ? 'open-area' : 'block-polygon'
    const ring = outline(o)
    const areaId = p.get('areaId')
    room.gates.push({
      id:
        typeof p.get('walkbox.id') === 'string'
          ? (p.get('walkbox.id') as string)
          : idFromName(o.name || 'gate', taken(room.gates), 'gate'),
      name: o.name,
      kind,
      ...(ring && kind === 'block-polygon' ? { polygon: ring } : {}),
      ...(typeof areaId === 'number' ? { areaId } : {}),
      flagExpression:
        typeof p.get('flagExpression') === 'string' ? (p.get('flagExpression') as string) : 'true',
    })
  }
  // Zones.
  for (const o of objects.filter((x) => x.type === 'zone')) {
    const p = propsOf(o.properties)
    const ring = outline(o)
    const areaId = p.get('areaId')
    const shape: Zone['shape'] | null = ring
      ? { kind: 'polygon', outer: ring }
      : typeof areaId === 'number'
        ? { kind: 'area', areaId }
        : null
    if (!shape) {
      notes.push(`object ${o.id} '${o.name}': a zone without a polygon, rectangle or areaId; skipped`)
      continue
    }
    const text = (k: string) => (typeof p.get(k) === 'string' ? (p.get(k) as string) : '')
    const properties: Record<string, string> = {}
    for (const [k, v] of p) if (k.startsWith('property.')) properties[k.slice('property.'.length)] = String(v)
    room.zones.push({
      id:
        typeof p.get('walkbox.id') === 'string'
          ? (p.get('walkbox.id') as string)
          : idFromName(o.name || 'zone', taken(room.zones), 'zone'),
      name: o.name,
      shape,
      events: { enter: text('enter'), exit: text('exit'), stand: text('stand') },
      ...(typeof p.get('enabledBy') === 'string' ? { enabledBy: p.get('enabledBy') as string } : {}),
      properties,
    })
  }
  // Node graph.
  const nodeIdOf = new Map<number, string>()
  for (const o of objects.filter((x) => x.type === 'node')) {
    const id = idFromName(
      o.name || 'node',
      room.nodeGraph.nodes.map((n) => n.id),
      'node',
    )
    nodeIdOf.set(o.id, id)
    room.nodeGraph.nodes.push({ id, x: o.x, y: o.y })
  }
  for (const o of objects.filter((x) => x.type === 'join')) {
    const p = propsOf(o.properties)
    const a = nodeIdOf.get(p.get('a') as number)
    const b = nodeIdOf.get(p.get('b') as number)
    if (!a || !b || a === b) {
      notes.push(`object ${o.id} '${o.name}': a join whose a and b do not name two node objects; skipped`)
      continue
    }
    const cost = p.get('cost')
    room.nodeGraph.joins.push({
      a,
      b,
      oneWay: p.get('oneWay') === true,
      cost: typeof cost === 'number' && cost > 0 ? cost : 1,
    })
  }
  // Points.
  const points = objects
    .filter((x) => x.type === 'point')
    .map((o) => {
      const p = propsOf(o.properties)
      return {
        id:
          typeof p.get('walkbox.id') === 'string'
            ? (p.get('walkbox.id') as string)
            : o.name || `point-${o.id}`,
        name: o.name,
        x: o.x,
        y: o.y,
      }
    })
  if (points.length > 0) room.points = points

  const known = new Set(['walkable', 'hole', 'gate', 'zone', 'node', 'join', 'point'])
  const other = objects.filter((o) => !known.has(o.type))
  if (other.length > 0)
    notes.push(
      `${other.length} object${other.length === 1 ? '' : 's'} of other types not read (${[...new Set(other.map((o) => o.type || 'no type'))].join(', ')})`,
    )
  if (room.polygons.length === 0 && room.authoritative === 'polygons')
    notes.push('no walkable polygons: the room has no walkable area yet')
  return { room, notes }
}

/** Objects without a type take one from their layer's name (a hand-made map). */
function layerType(name: string): string {
  const n = name.toLowerCase()
  if (/walk/.test(n)) return 'walkable'
  if (/hole/.test(n)) return 'hole'
  if (/zone|trigger|region/.test(n)) return 'zone'
  if (/gate/.test(n)) return 'gate'
  if (/point|marker/.test(n)) return 'point'
  return ''
}
