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
 * Reading is read-map.ts (after external-files.ts has read what the map names).
 *
 * Units: px (Tiled's pixel coordinates are room px).
 */
import { propertiesNotKeptNotes } from '../../room/property-notes'
import type { Room } from '../../room/schema'
import { flagsTheRoomNames } from './read-map'
import { customPropertyList } from './read-elements'
import type { TiledLayer, TiledMap, TiledObject, TiledProperty, TiledPropertyType } from './map-types'

export type {
  TiledChunk,
  TiledLayer,
  TiledLayerCommon,
  TiledLayerPlacement,
  TiledMap,
  TiledObject,
  TiledProperty,
  TiledPropertyType,
  TiledTile,
  TiledTileset,
} from './map-types'

export const TILE_PX = 16

const prop = (name: string, type: TiledPropertyType, value: string | number | boolean): TiledProperty => ({
  name,
  type,
  value,
})

/** The project's flags the room names, with their defaults (the map property walkbox.flags). */
export function flagsTheMapCarries(
  room: Room,
  flags: readonly { id: string; name?: string; default: boolean }[],
): { id: string; name: string; default: boolean }[] {
  const used = flagsTheRoomNames(room)
  return flags
    .filter((f) => used.includes(f.id))
    .map((f) => ({ id: f.id, name: f.name ?? f.id, default: f.default }))
}

function flagsProperty(
  room: Room,
  flags: readonly { id: string; name?: string; default: boolean }[],
): TiledProperty[] {
  const listed = flagsTheMapCarries(room, flags)
  return listed.length > 0 ? [prop('walkbox.flags', 'string', JSON.stringify(listed))] : []
}

/** The room as a Tiled map; `notes` names what Tiled keeps only as a property. */
export function roomToTiledMap(
  room: Room,
  flags: readonly { id: string; name?: string; default: boolean }[] = [],
): { map: TiledMap; notes: string[] } {
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
    const outer = polygonObject(p.id, 'walkable', p.outer, [
      prop('areaId', 'int', p.areaId),
      ...customPropertyList('walkable', p),
    ])
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
      ...customPropertyList('gate', g),
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
      ...customPropertyList('zone', z),
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
        properties: [
          prop('walkbox.id', 'string', p.id),
          ...(p.kind && p.kind !== 'marker' ? [prop('kind', 'string', p.kind)] : []),
          ...customPropertyList('point', p),
        ],
      }),
    ),
  )

  if (room.hotspots && room.hotspots.length > 0)
    group('hotspots', hotspotObjects(room, object, polygonObject))

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
    ...(room.walkBehinds ? [prop('walkbox.walkBehinds', 'string', JSON.stringify(room.walkBehinds))] : []),
    ...(room.hotspotMask ? [prop('walkbox.hotspotMask', 'string', JSON.stringify(room.hotspotMask))] : []),
    ...flagsProperty(room, flags),
  ]
  if (room.walkBehinds)
    notes.push(
      `walk-behinds: Tiled has no walk-behind layer; kept as the map property walkbox.walkBehinds (${room.walkBehinds.areas.length} with their baselines and mask rows)`,
    )
  if (room.hotspotMask)
    notes.push(
      'hotspots: Tiled has no painted hotspots; their mask is kept as the map property walkbox.hotspotMask and each painted hotspot is a point object with its maskId',
    )
  if (room.scaling.mode !== 'none')
    notes.push(
      `scaling: Tiled has no character scaling; kept as the map property walkbox.scaling (${room.scaling.mode})`,
    )
  notes.push('areas: kept as the map property walkbox.areas; each walkable polygon has its areaId')
  notes.push(
    ...propertiesNotKeptNotes(room, ['room'], 'Tiled (Walkbox keeps map properties for its own data)'),
  )

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

type MakeObject = (o: Omit<TiledObject, 'id' | 'width' | 'height' | 'rotation' | 'visible'>) => TiledObject
type MakePolygon = (
  name: string,
  type: string,
  ring: [number, number][],
  properties: TiledProperty[],
) => TiledObject

/** The middle of the pixels of `id` in a mask's rows of runs ('count' or 'count:id'), or (0, 0). */
function maskMiddle(rows: readonly string[], id: number): { x: number; y: number } {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  rows.forEach((row, y) => {
    let x = 0
    for (const run of row.split(' ')) {
      const [n, v] = run.split(':')
      const count = Number(n) || 0
      if (Number(v) === id && count > 0) {
        x0 = Math.min(x0, x)
        x1 = Math.max(x1, x + count)
        y0 = Math.min(y0, y)
        y1 = Math.max(y1, y + 1)
      }
      x += count
    }
  })
  return x0 <= x1 ? { x: (x0 + x1) / 2, y: (y0 + y1) / 2 } : { x: 0, y: 0 }
}

/**
 * The hotspots as objects of the layer `hotspots`: a polygon of type `hotspot` (a painted
 * hotspot: a point of type `hotspot` with its `maskId`, at the middle of its pixels), then its
 * walk-to and look-at points (types `walk-to`, `look-at`), which its properties `walkTo` and
 * `lookAt` name by object reference; `description`, `direction`, `enabledBy`, and its custom
 * properties under their names and types (`property.<name>` where Walkbox reads that name).
 */
function hotspotObjects(room: Room, object: MakeObject, polygonObject: MakePolygon): TiledObject[] {
  const out: TiledObject[] = []
  for (const h of room.hotspots ?? []) {
    const properties: TiledProperty[] = [
      prop('walkbox.id', 'string', h.id),
      ...(h.description !== undefined ? [prop('description', 'string', h.description)] : []),
      ...(h.direction !== undefined ? [prop('direction', 'string', h.direction)] : []),
      ...(h.enabledBy !== undefined ? [prop('enabledBy', 'string', h.enabledBy)] : []),
    ]
    const main =
      h.shape.kind === 'polygon'
        ? polygonObject(h.name, 'hotspot', h.shape.outer, properties)
        : object({
            name: h.name,
            type: 'hotspot',
            ...maskMiddle(room.hotspotMask?.rows ?? [], h.shape.maskId),
            point: true,
            properties: [...properties, prop('maskId', 'int', h.shape.maskId)],
          })
    out.push(main)
    for (const [key, type, at] of [
      ['walkTo', 'walk-to', h.walkTo],
      ['lookAt', 'look-at', h.lookAt],
    ] as const) {
      if (!at) continue
      const p = object({ name: `${h.name} ${type}`, type, x: at.x, y: at.y, point: true })
      main.properties!.push(prop(key, 'object', p.id))
      out.push(p)
    }
    main.properties!.push(...customPropertyList('hotspot', h))
  }
  return out
}

/** Reading lives in read-map.ts; re-exported for the callers that import it from here. */
export { tiledMapToRoom } from './read-map'
