/**
 * A Tiled map (the JSON structure of map.ts, after external-files.ts) as a Walkbox room.
 *
 * Which layers hold what is decided by documented rules (layer-kinds.ts): the mapping given
 * with the import, the map's remembered mapping, a layer's `walkbox` property, its class, its
 * exact name. An object's own type (Tiled 1.9: class) names its kind outright when it is one
 * of KINDS (`walkable`, `hole`, `obstacle`, `gate`, `zone`, `node`, `join`, `point`,
 * `hotspot`, `walk-to`, `look-at`), in any layer; the other objects of a layer of a kind are
 * of that kind; the objects of a layer no rule names are left alone and the layer is named in
 * a note.
 *
 * What is read: object layers anywhere in the layer tree, each object moved by the offsets
 * of its layer and every group above it; rectangles, polygons, ellipses (polygons within
 * 0.5 px), closed polylines, rotated objects, tile objects (their outline hangs from their
 * anchor as their tileset's objectalignment says: bottom-left when unspecified); tile layers
 * (finite or in chunks): walkable cells (a layer of kind walkable, tiles with the property
 * `walkable`, mapped tile sources) become walk polygons, obstacle cells (a layer of kind
 * obstacles, mapped tile sources) and tile collision shapes become obstacles; holes (given to
 * the walk polygon their `of` names, else to every walk polygon they lie in). When the map
 * has obstacles, the walk polygons are the walkable shapes (or, when it has none, the whole
 * map) minus the obstacles. Everything else is named in the notes, as is geometry outside
 * the room. A polyline is never a point: it is named.
 *
 * Glossary
 * - kind: what an object becomes: its type when that is one of KINDS, else its layer's.
 * - placement: the sum of the offsets of a layer and its groups, px; parallax factors
 *   multiply down the tree (objects are read where they are at the parallax origin).
 * - derived walk polygon: one made from tiles or cut by obstacles rather than drawn as one
 *   object; written back (in-place-plan.ts) as the obstacles it leaves, never as an object.
 * - infinite map: its room spans the tiles and objects it holds; when they reach left of or
 *   above the map's origin, the room's origin moves there and sceneOffset says by how much.
 *
 * Units: px (map px; room px = map px + sceneOffset).
 */
import { classifyPointInRing } from '../../geometry/polygon'
import * as limits from '../../limits'
import { emptyRoom, FlagIdSchema, type Flag, type Room } from '../../room/schema'
import { MAX_LISTED_PROBLEMS, TiledMapRefused } from './external-files'
import type { TiledLayer, TiledMap, TiledProperty } from './map-types'
import { flagExpressionError, flagsInExpression } from '../../room/flag-expression'
import { idBase, IdPool } from '../../room/names'
import {
  LAYERS_PROPERTY,
  PROPERTY_SOURCE,
  SHAPES_SOURCE,
  rememberedMapping,
  tileSources,
  type LayerKind,
  type LayerMapping,
} from './layer-kinds'
import { objectOutline } from './object-shapes'
import {
  KINDS,
  label,
  noArea,
  propsOf,
  readGatesAndZones,
  readHotspots,
  readNodeGraph,
  readPoints,
  READ_PROPERTIES,
  customPropertyKey,
  customOf,
  readCustomProperties,
  type Placed,
  type Value,
} from './read-elements'
import { areaOf, boxOf, difference, union, type Shape } from './shape-ops'
import { tileFloor, tileWalkability, type TileGrid } from './tile-floor'
import {
  flattenLayers,
  type LayerRules,
  type LayerTree,
  type LayerUse,
  type TileLayerAt,
} from './read-layers'
import { placedShapes, tileLookup, tilePropertyTrue, tileSourcesOffered } from './tile-sources'
import { MAX_TILE_SHAPE_VERTICES, MAX_TILED_CELLS } from '../../limits'

type Ring = [number, number][]

export { idBase, KINDS, READ_PROPERTIES }
export type { LayerUse } from './read-layers'

/** How the note naming the layers no rule gives a kind begins (then their names, as JSON texts). */
export const LEFT_ALONE = 'layers not read:'
/** How the note naming the tile sources the tilesets offer but no mapping names begins. */
export const UNMAPPED_SOURCES = 'tile sources not read:'

/**
 * The layer names and tile sources a Tiled import's notes say were not read (the notes
 * LEFT_ALONE and UNMAPPED_SOURCES): what the game-read dialog offers to map.
 */
export function unreadInNotes(notes: readonly string[]): { name: string; tiles: boolean }[] {
  const out: { name: string; tiles: boolean }[] = []
  for (const n of notes) {
    const at = Math.max(n.indexOf(LEFT_ALONE), n.indexOf(UNMAPPED_SOURCES))
    if (at < 0) continue
    for (const m of n.slice(at).matchAll(/"((?:[^"\\]|\\.)*)" \(([^)]*)\)/g)) {
      const name = JSON.parse(`"${m[1]}"`) as string
      const tiles = m[2] === 'tiles' || name.startsWith('@')
      if (!out.some((x) => x.name === name)) out.push({ name, tiles })
    }
  }
  return out
}

function jsonProp<T>(props: Map<string, Value>, name: string, notes: string[]): T | undefined {
  const v = props.get(name)
  if (typeof v !== 'string') return undefined
  try {
    return JSON.parse(v) as T
  } catch {
    notes.push(`map property ${name} is not JSON; ignored`)
    return undefined
  }
}

export interface TiledReadOptions {
  roomId?: string
  /** The author's mapping of layers (and tile sources) to kinds; wins over the map's own. */
  layers?: LayerMapping
}

export interface TiledRoomRead {
  room: Room
  notes: string[]
  /** Ids of the objects read into the room. */
  imported: number[]
  flags: Flag[]
  /** Every layer, depth first, with the kind it was read as. */
  layers: LayerUse[]
  /** The tile sources the tilesets offer (tiles with collision shapes, true/false tile properties). */
  offered: { shapes: number; properties: string[] }
  /** The mapping in force: the given one over the one the map remembers. */
  mapping: Record<string, LayerKind>
  /** Ids of the walk polygons not drawn as one object (made from tiles, cut by obstacles). */
  derived: string[]
  /** How many obstacles cut the walk area. */
  obstacles: number
  /** The map's box the obstacles were cut from (map px), when the walk area is the map minus them. */
  walkBase: { x0: number; y0: number; x1: number; y1: number } | null
}

/** What the sections of one map's reading share. */
interface MapRead {
  map: TiledMap
  fileName: string
  notes: string[]
  /** Ids of the objects read into the room. */
  imported: number[]
  /** Tile size, px (1 when the map gives none). */
  tw: number
  th: number
  /** The map's size, px (walkbox.width/height, else its tiles'), before the room's 1 px floor. */
  width: number
  height: number
  /** The map's own properties. */
  mp: Map<string, Value>
  rules: LayerRules
  tree: LayerTree
  room: Room
  /** Ids of the room's walk polygons. */
  ids: IdPool
  /** Ids of the walk polygons not drawn as one object. */
  derived: Set<string>
  obstacles: Shape[]
  /** Where the obstacles came from, one line per layer or tile source. */
  obstacleLines: string[]
  /** Each walkable object's id -> its walk polygon's index (for holes that name it). */
  polygonOf: Map<number, number>
  read: { walkable: number; tiles: number; holes: number }
  byKind(k: string): Placed[]
  outlineOf(p: Placed): Ring | null
}

/** A Tiled map (JSON structure) as a room. Throws when it is not an orthogonal map or is over a limit. */
export function tiledMapToRoom(
  map: TiledMap,
  fileName: string,
  options: TiledReadOptions = {},
): TiledRoomRead {
  const notes: string[] = []
  checkMapKind(map, fileName)
  const mp = propsOf(map.properties)
  const rules: LayerRules = {
    mapping: options.layers ?? {},
    remembered: rememberedMapping(mp.get(LAYERS_PROPERTY), notes),
  }
  const tree = flattenLayers(map.layers, rules, notes)
  checkLimits(tree.placed, fileName)
  const { room, hotspotMask, width, height } = roomFromMapProperties(map, fileName, mp, options, notes)
  readImageLayers(room, tree, mp, notes)
  const byKind = (k: string) => tree.placed.filter((p) => p.kind === k)
  const m: MapRead = {
    map,
    fileName,
    notes,
    imported: [],
    tw: map.tilewidth > 0 ? map.tilewidth : 1,
    th: map.tileheight > 0 ? map.tileheight : 1,
    width,
    height,
    mp,
    rules,
    tree,
    room,
    ids: new IdPool(),
    derived: new Set(),
    obstacles: [],
    obstacleLines: [],
    polygonOf: new Map(),
    read: { walkable: 0, tiles: 0, holes: 0 },
    byKind,
    outlineOf: (p) => objectOutline(p.o, p.dx, p.dy),
  }
  readWalkableObjects(m)
  readObstacleObjects(m)
  readTiles(m)
  readHoles(m)
  const walkBase = cutWalkArea(m)
  readOtherObjects(m, hotspotMask)
  fitRoomExtent(m)
  const offered = tileSourcesOffered(map.tilesets ?? [])
  closingNotes(m, offered)
  return {
    room,
    notes,
    imported: m.imported,
    flags: readFlags(mp, room, notes),
    layers: tree.layers,
    offered,
    mapping: { ...rules.remembered, ...rules.mapping },
    derived: [...m.derived],
    obstacles: m.obstacles.length,
    walkBase,
  }
}

/** Refuses what is not an orthogonal Tiled map. */
function checkMapKind(map: TiledMap, fileName: string): void {
  if (map?.type !== 'map' || !Array.isArray(map.layers))
    throw new Error(`${fileName}: not a Tiled map (no "type": "map" with layers)`)
  if (map.orientation !== 'orthogonal')
    throw new Error(
      `${fileName}: ${/^[aeiou]/i.test(String(map.orientation)) ? 'an' : 'a'} ${String(map.orientation)} map; Walkbox reads orthogonal maps`,
    )
}

/** Limits, before any work that grows with the objects: refuses a map over one, listing every one. */
function checkLimits(placed: readonly Placed[], fileName: string): void {
  const count = new Map<string, number>()
  for (const p of placed) count.set(p.kind, (count.get(p.kind) ?? 0) + 1)
  const problems: string[] = []
  const over = (kind: string, limit: number, what: string) => {
    const c = count.get(kind) ?? 0
    if (c > limit) problems.push(`${c} ${what}; a room holds at most ${limit}`)
  }
  over('walkable', limits.MAX_POLYGONS, 'walkable objects')
  over('gate', limits.MAX_GATES, 'gate objects')
  over('zone', limits.MAX_ZONES, 'zone objects')
  over('node', limits.MAX_NODES, 'node objects')
  over('join', limits.MAX_JOINS, 'join objects')
  over('point', limits.MAX_POINTS, 'point objects')
  over('hotspot', limits.MAX_HOTSPOTS, 'hotspot objects')
  if (problems.length > 0) throw new TiledMapRefused(fileName, problems)
}

/** The room's name, id, size and what Walkbox's own export keeps in the map's properties. */
function roomFromMapProperties(
  map: TiledMap,
  fileName: string,
  mp: Map<string, Value>,
  options: TiledReadOptions,
  notes: string[],
): { room: Room; hotspotMask: Room['hotspotMask'] | undefined; width: number; height: number } {
  const tw = map.tilewidth > 0 ? map.tilewidth : 1
  const th = map.tileheight > 0 ? map.tileheight : 1
  const given = (k: string) => (typeof mp.get(k) === 'number' ? (mp.get(k) as number) : undefined)
  const width = given('walkbox.width') ?? map.width * tw
  const height = given('walkbox.height') ?? map.height * th
  const name =
    typeof mp.get('walkbox.name') === 'string'
      ? (mp.get('walkbox.name') as string)
      : fileName.replace(/\.[^.]*$/, '')
  const id =
    options.roomId ??
    (typeof mp.get('walkbox.roomId') === 'string'
      ? (mp.get('walkbox.roomId') as string)
      : new IdPool().take(name, 'room'))
  const room = emptyRoom({ id, name, width: Math.max(1, width), height: Math.max(1, height) })
  const areas = jsonProp<Room['areas']>(mp, 'walkbox.areas', notes)
  if (Array.isArray(areas) && areas.length > 0) room.areas = areas
  const scaling = jsonProp<Room['scaling']>(mp, 'walkbox.scaling', notes)
  if (scaling) room.scaling = scaling
  const testWalk = jsonProp<Room['testWalk']>(mp, 'walkbox.testWalk', notes)
  if (testWalk) room.testWalk = testWalk
  const sceneOffset = jsonProp<Room['sceneOffset']>(mp, 'walkbox.sceneOffset', notes)
  if (sceneOffset) room.sceneOffset = sceneOffset
  const walkBehinds = jsonProp<Room['walkBehinds']>(mp, 'walkbox.walkBehinds', notes)
  if (walkBehinds) room.walkBehinds = walkBehinds
  const hotspotMask = jsonProp<Room['hotspotMask']>(mp, 'walkbox.hotspotMask', notes)
  return { room, hotspotMask, width, height }
}

/** Image layers: the walk mask (by its name) and the background (the first other one). */
function readImageLayers(room: Room, tree: LayerTree, mp: Map<string, Value>, notes: string[]): void {
  for (const layer of tree.images) {
    if (layer.name === 'walk mask' || layer.name === 'mask') room.mask = layer.image
    else if (!room.background && layer.image) {
      room.background = layer.image
      if ((layer.offsetx ?? 0) !== 0 || (layer.offsety ?? 0) !== 0)
        notes.push(`image layer '${layer.name}' is offset; room px are map px`)
    } else notes.push(`image layer '${layer.name}' (${layer.image}): not read (the room has one background)`)
  }
  room.authoritative = mp.get('walkbox.authoritative') === 'mask' && room.mask ? 'mask' : 'polygons'
  if (tree.parallax.size > 0)
    notes.push(
      `parallax: layers ${[...tree.parallax].map((n) => `'${n}'`).join(', ')} scroll at another speed; read where they are at the parallax origin`,
    )
}

/** Walkable objects -> walk polygons (their `areaId`, custom properties kept). */
function readWalkableObjects(m: MapRead): void {
  const { room } = m
  for (const p of m.byKind('walkable')) {
    const ring = m.outlineOf(p)
    if (!ring) {
      m.notes.push(`${label(p)}: a walkable ${noArea(p.o)}; skipped`)
      continue
    }
    const areaId = propsOf(p.o.properties).get('areaId')
    room.polygons.push({
      id: m.ids.take(p.o.name || 'polygon', 'polygon'),
      areaId: typeof areaId === 'number' ? areaId : 1,
      outer: ring,
      holes: [],
      ...customOf(readCustomProperties('walkable', p.o.properties)),
    })
    m.polygonOf.set(p.o.id, room.polygons.length - 1)
    m.imported.push(p.o.id)
    m.read.walkable++
  }
}

/** Obstacle objects -> shapes cut from the walk area; one without an area is named. */
function readObstacleObjects(m: MapRead): void {
  const fromObjects = new Map<string, number>()
  const openLines: string[] = []
  for (const p of m.byKind('obstacle')) {
    const ring = m.outlineOf(p)
    if (!ring) {
      openLines.push(`${label(p)} in layer '${p.layer}': ${noArea(p.o)}`)
      continue
    }
    m.obstacles.push({ outer: ring, holes: [] })
    fromObjects.set(p.layer, (fromObjects.get(p.layer) ?? 0) + 1)
    m.imported.push(p.o.id)
  }
  for (const [layer, n] of fromObjects)
    m.obstacleLines.push(`layer '${layer}': ${n} object${n === 1 ? '' : 's'}`)
  if (openLines.length > 0)
    m.notes.push(
      `${openLines.length} obstacle${openLines.length === 1 ? '' : 's'} without an area (${openLines.slice(0, MAX_LISTED_PROBLEMS).join('; ')}${openLines.length > MAX_LISTED_PROBLEMS ? '; …' : ''}): an obstacle needs an area; not read`,
    )
}

/** Holes: the polygon `of` names, else every walk polygon the hole lies in. */
function readHoles(m: MapRead): void {
  const { room, notes } = m
  const boxes = room.polygons.map((poly) => bbox(poly.outer))
  for (const p of m.byKind('hole')) {
    const ring = m.outlineOf(p)
    if (!ring) {
      notes.push(`${label(p)}: a hole that is ${noArea(p.o)}; skipped`)
      continue
    }
    const of = propsOf(p.o.properties).get('of')
    const named = typeof of === 'number' ? m.polygonOf.get(of) : undefined
    let owners: number[] = named !== undefined ? [named] : []
    if (named === undefined) {
      const b = bbox(ring)
      const inner = interiorPoint(ring)
      owners = room.polygons
        .map((_, i) => i)
        .filter(
          (i) =>
            overlaps(boxes[i], b) &&
            classifyPointInRing(toPoints(room.polygons[i].outer), inner) === 'inside',
        )
      if (owners.length === 0) {
        notes.push(`${label(p)}: a hole that lies in no walk polygon; skipped`)
        continue
      }
      for (const i of owners) {
        const outer = toPoints(room.polygons[i].outer)
        if (ring.some(([x, y]) => classifyPointInRing(outer, { x, y }) === 'outside'))
          notes.push(`${label(p)}: a hole that crosses the outline of walk polygon '${room.polygons[i].id}'`)
      }
    }
    for (const i of owners) room.polygons[i].holes.push(ring)
    m.imported.push(p.o.id)
    m.read.holes++
  }
}

/**
 * Obstacles cut the walkable shapes, or the whole map when it has none; returns the map's box
 * the walk area was cut from when it is the map minus the obstacles.
 */
function cutWalkArea(m: MapRead): TiledRoomRead['walkBase'] {
  const { room, obstacles } = m
  if (obstacles.length === 0) return null
  const mapBox = m.map.infinite
    ? contentBox(obstacles, room, m.tree.tileLayers, m.tw, m.th)
    : { x0: 0, y0: 0, x1: m.width, y1: m.height }
  const base = room.polygons.length > 0 ? 'the walkable shapes' : 'the map'
  const walkBase = room.polygons.length === 0 ? mapBox : null
  cutObstacles(room, obstacles, mapBox, m.derived)
  const area = room.polygons.reduce((s, p) => s + areaOf([{ outer: p.outer, holes: p.holes }]), 0)
  m.notes.push(
    `obstacles (${m.obstacleLines.join('; ')}): the walk area is ${base} minus them: ${room.polygons.length} walk polygon${room.polygons.length === 1 ? '' : 's'}, ${Math.round(area)} px²`,
  )
  return walkBase
}

/** Gates, zones, the node graph, points, hotspots (read-elements.ts). */
function readOtherObjects(m: MapRead, hotspotMask: Room['hotspotMask'] | undefined): void {
  const { room, notes, byKind } = m
  const context = { room, notes, imported: m.imported, byKind, outlineOf: m.outlineOf, fileName: m.fileName }
  readGatesAndZones(context)
  readNodeGraph(context)
  const hotspotPoints = readHotspots(context, m.tree.placed, hotspotMask !== undefined)
  if (room.hotspots?.some((h) => h.shape.kind === 'mask')) room.hotspotMask = hotspotMask
  for (const k of ['walk-to', 'look-at']) {
    const loose = byKind(k).filter((p) => !hotspotPoints.has(p.o.id))
    if (loose.length > 0)
      notes.push(
        `${loose.length} ${k} point${loose.length === 1 ? '' : 's'} no hotspot names (${loose.map(label).slice(0, MAX_LISTED_PROBLEMS).join(', ')}); not read`,
      )
  }
  readPoints({ ...context, byKind: (k) => byKind(k).filter((p) => !hotspotPoints.has(p.o.id)) })
}

/** Room extent: an infinite map spans its content; geometry outside the room is named. */
function fitRoomExtent(m: MapRead): void {
  const { room, notes } = m
  const extent = roomExtent(room)
  if (m.map.infinite && typeof m.mp.get('walkbox.width') !== 'number' && extent) {
    // `|| 0`: no -0 in the room (it would read back as 0 and compare unequal).
    const x0 = Math.min(0, Math.floor(extent.x0)) || 0
    const y0 = Math.min(0, Math.floor(extent.y0)) || 0
    const width = Math.max(1, Math.ceil(extent.x1) - x0)
    const height = Math.max(1, Math.ceil(extent.y1) - y0)
    room.size = { width, height }
    if (x0 < 0 || y0 < 0) {
      shiftRoom(room, -x0 || 0, -y0 || 0)
      room.sceneOffset = { x: -x0 || 0, y: -y0 || 0 }
      notes.push(
        `infinite map: its content reaches (${x0}, ${y0}); room px = map px + (${-x0 || 0}, ${-y0 || 0}) (sceneOffset)`,
      )
    }
    notes.push(`infinite map: the room is the extent of its tiles and objects, ${width}x${height} px`)
    return
  }
  const outside = outsideRoom(room)
  const shown = outside.slice(0, MAX_LISTED_PROBLEMS)
  for (const o of shown)
    notes.push(
      `${o}: lies partly or wholly outside the room (${room.size.width}x${room.size.height}); kept as drawn`,
    )
  if (outside.length > shown.length) notes.push(`and ${outside.length - shown.length} more outside the room`)
}

/** What was left alone (layers, tile sources, properties) and what was read, as the last notes. */
function closingNotes(m: MapRead, offered: TiledRoomRead['offered']): void {
  const { room, notes, read } = m
  const { leftAlone } = m.tree
  if (leftAlone.length > 0)
    notes.push(
      `${LEFT_ALONE} ${leftAlone.slice(0, MAX_LISTED_PROBLEMS).join(', ')}${leftAlone.length > MAX_LISTED_PROBLEMS ? `, and ${leftAlone.length - MAX_LISTED_PROBLEMS} more` : ''}: no rule gives ${leftAlone.length === 1 ? 'it' : 'them'} a kind; not read (map one with --layer NAME=KIND or in the import dialog)`,
    )
  const inForce = { ...m.rules.remembered, ...m.rules.mapping }
  const sources = [
    ...(offered.shapes > 0 && inForce[SHAPES_SOURCE] === undefined
      ? [
          `${JSON.stringify(SHAPES_SOURCE)} (${offered.shapes} tile${offered.shapes === 1 ? '' : 's'} with collision shapes)`,
        ]
      : []),
    ...offered.properties
      .filter((n) => n !== 'walkable' && inForce[`${PROPERTY_SOURCE}${n}`] === undefined)
      .map((n) => `${JSON.stringify(`${PROPERTY_SOURCE}${n}`)} (a true/false tile property)`),
  ]
  if (sources.length > 0)
    notes.push(
      `${UNMAPPED_SOURCES} ${sources.slice(0, MAX_LISTED_PROBLEMS).join(', ')}${sources.length > MAX_LISTED_PROBLEMS ? `, and ${sources.length - MAX_LISTED_PROBLEMS} more` : ''}; not read (map one with --layer @shapes=obstacles or in the import dialog)`,
    )
  notes.push(...unreadProperties(m.map, m.tree.placed))
  notes.push(
    `read: ${read.walkable} walkable object${read.walkable === 1 ? '' : 's'}, ${read.tiles} walkable tiles, ${read.holes} hole${read.holes === 1 ? '' : 's'}, ${m.obstacles.length} obstacle${m.obstacles.length === 1 ? '' : 's'}, ${room.gates.length} gates, ${room.zones.length} zones, ${room.nodeGraph.nodes.length} nodes, ${room.nodeGraph.joins.length} joins, ${room.points?.length ?? 0} points, ${room.hotspots?.length ?? 0} hotspots`,
  )
  if (room.polygons.length === 0 && room.authoritative === 'polygons')
    notes.push('no walkable polygons: the room has no walkable area yet')
}

/**
 * The tile layers: walkable cells (a layer of kind walkable: every tile; an unmapped one: the
 * tiles the `walkable` property or a mapped tile source makes walkable) become walk polygons;
 * obstacle cells (a layer of kind obstacles: every tile; an unmapped one: mapped tile
 * sources) and tile collision shapes become obstacles.
 */
function readTiles(m: MapRead): void {
  const { map, room, ids, derived, obstacles, obstacleLines, notes, read, fileName, tw, th } = m
  const { tileLayers, leftAlone } = m.tree
  const { mapping, remembered } = m.rules
  const tilesets = map.tilesets ?? []
  const shapeBudget = { vertices: 0, over: false }
  const walkableByProperty = tileWalkability(tilesets)
  const facts = tileLookup(tilesets)
  const sources = tileSources(mapping, remembered)
  const byProperty = (kind: LayerKind) => sources.properties.filter((p) => p.kind === kind).map((p) => p.name)
  const walkProps = byProperty('walkable')
  const blockProps = byProperty('obstacles')
  const areaOfTile = (gid: number) => {
    const a = walkableByProperty(gid)
    if (a) return a
    const f = facts(gid)
    if (!f) return 0
    const own = propsOf(f.tile?.properties).get('areaId') ?? propsOf(f.tileset.properties).get('areaId')
    return typeof own === 'number' && Number.isInteger(own) && own >= 1 && own <= 255 ? own : 1
  }
  for (const { layer, dx, dy, kind } of tileLayers) {
    if (kind === 'none') continue
    const grids = gridsOf(layer)
    if (grids.length === 0) continue
    const label = `tile layer '${layer.name}'`
    if (kind && kind !== 'walkable' && kind !== 'obstacles') {
      notes.push(`${label}: a tile layer holds cells, not ${kind}; not read`)
      continue
    }
    // Which cells are walkable (their area) and which are obstacles.
    const walkArea = (gid: number): number => {
      if (!gid) return 0
      if (kind === 'walkable') return areaOfTile(gid)
      if (kind === 'obstacles') return 0
      const a = walkableByProperty(gid)
      if (a) return a
      const f = facts(gid)
      return f && walkProps.some((n) => tilePropertyTrue(f, n)) ? areaOfTile(gid) : 0
    }
    const blocked = (gid: number): boolean => {
      if (!gid) return false
      if (kind === 'obstacles') return true
      if (kind === 'walkable') return false
      const f = facts(gid)
      return !!f && blockProps.some((n) => tilePropertyTrue(f, n))
    }
    let walkableTiles = 0
    let blockedTiles = 0
    let shapedTiles = 0
    let patches = 0
    const shapes: Shape[] = []
    const walkShapes: Shape[] = []
    for (const g of grids) {
      const floor = tileFloor(g, walkArea, tw, th, dx, dy)
      walkableTiles += floor.walkableTiles
      for (const f of floor.patches) {
        if (room.polygons.length >= limits.MAX_POLYGONS)
          throw new TiledMapRefused(fileName, [
            `${label} makes more than ${limits.MAX_POLYGONS} walk polygons`,
          ])
        const pid = ids.take(`${layer.name || 'tiles'}`, 'tiles')
        room.polygons.push({ id: pid, areaId: f.areaId, outer: f.outer, holes: f.holes })
        derived.add(pid)
        patches++
      }
      const wall = tileFloor(g, (gid) => (blocked(gid) ? 1 : 0), tw, th, dx, dy)
      blockedTiles += wall.walkableTiles
      for (const f of wall.patches) obstacles.push({ outer: f.outer, holes: f.holes })
      // Tile collision shapes, on cells that are neither blocked nor walkable as a whole.
      if (sources.shapes && kind === null) {
        for (let r = 0; r < g.height; r++)
          for (let c = 0; c < g.width; c++) {
            const gid = g.gids[r * g.width + c]
            if (!gid || blocked(gid) || walkArea(gid)) continue
            const f = facts(gid)
            if (!f || f.shapes.length === 0) continue
            const size = f.shapes.reduce((n, ring) => n + ring.length, 0)
            if (shapeBudget.vertices + size > MAX_TILE_SHAPE_VERTICES) {
              shapeBudget.over = true
              continue
            }
            shapeBudget.vertices += size
            shapedTiles++
            for (const ring of placedShapes(f, gid, g.x + c, g.y + r, tw, th, dx, dy))
              (sources.shapes === 'obstacles' ? shapes : walkShapes).push({ outer: ring, holes: [] })
          }
      }
    }
    read.tiles += walkableTiles
    if (shapes.length > 0) obstacles.push(...union(shapes))
    if (walkShapes.length > 0)
      for (const s of union(walkShapes)) {
        const pid = ids.take(`${layer.name || 'tiles'} shapes`, 'tiles')
        room.polygons.push({ id: pid, areaId: 1, outer: s.outer, holes: s.holes })
        derived.add(pid)
        patches++
      }
    if (blockedTiles > 0) obstacleLines.push(`${label}: ${blockedTiles} cell${blockedTiles === 1 ? '' : 's'}`)
    if (shapedTiles > 0 && sources.shapes === 'obstacles')
      obstacleLines.push(`${label}: collision shapes of ${shapedTiles} tile${shapedTiles === 1 ? '' : 's'}`)
    if (walkableTiles > 0 || (shapedTiles > 0 && sources.shapes === 'walkable'))
      notes.push(
        `${label}: ${walkableTiles} walkable tile${walkableTiles === 1 ? '' : 's'}${shapedTiles > 0 && sources.shapes === 'walkable' ? ` and the collision shapes of ${shapedTiles}` : ''} read as ${patches} walk polygon${patches === 1 ? '' : 's'}`,
      )
    else if (kind === null && blockedTiles === 0 && shapedTiles === 0)
      leftAlone.push(`${JSON.stringify(layer.name)} (tiles)`)
  }
  if (shapeBudget.over)
    notes.push(
      `tile collision shapes: more than ${MAX_TILE_SHAPE_VERTICES} vertices in all the cells that hold them; the cells past that are not read`,
    )
}

/** A tile layer's decoded cells: one grid (chunks merged), or none when it has no cells read. */
function gridsOf(layer: Extract<TiledLayer, { type: 'tilelayer' }>): TileGrid[] {
  const grids: TileGrid[] = []
  if (Array.isArray(layer.chunks)) {
    for (const c of layer.chunks)
      if (c.gids) grids.push({ x: c.x, y: c.y, width: c.width, height: c.height, gids: c.gids })
    const merged = mergeChunks(grids)
    if (merged) grids.splice(0, grids.length, merged)
  } else if (layer.gids) {
    grids.push({
      x: Number(layer.startx) || 0,
      y: Number(layer.starty) || 0,
      width: layer.width,
      height: layer.height,
      gids: layer.gids,
    })
  } else if (
    Array.isArray(layer.data) &&
    Number.isInteger(layer.width) &&
    Number.isInteger(layer.height) &&
    layer.width >= 0 &&
    layer.height >= 0 &&
    layer.data.length === layer.width * layer.height
  ) {
    grids.push({ x: 0, y: 0, width: layer.width, height: layer.height, gids: Uint32Array.from(layer.data) })
  }
  return grids
}

/** The box an infinite map's content spans (obstacles, walk shapes, tile layers), px. */
function contentBox(
  obstacles: readonly Shape[],
  room: Room,
  tileLayers: readonly TileLayerAt[],
  tw: number,
  th: number,
): { x0: number; y0: number; x1: number; y1: number } {
  let b = boxOf([...obstacles, ...room.polygons.map((p) => ({ outer: p.outer, holes: [] }))]) ?? {
    x0: 0,
    y0: 0,
    x1: 1,
    y1: 1,
  }
  for (const { layer, dx, dy } of tileLayers)
    for (const g of gridsOf(layer)) {
      b = {
        x0: Math.min(b.x0, g.x * tw + dx),
        y0: Math.min(b.y0, g.y * th + dy),
        x1: Math.max(b.x1, (g.x + g.width) * tw + dx),
        y1: Math.max(b.y1, (g.y + g.height) * th + dy),
      }
    }
  return b
}

/**
 * The walk polygons minus the obstacles: each walk polygon (or, when there is none, the map's
 * box as one of area 1) becomes its pieces, the first keeping its id.
 */
function cutObstacles(
  room: Room,
  obstacles: readonly Shape[],
  box: { x0: number; y0: number; x1: number; y1: number },
  derived: Set<string>,
): void {
  const base =
    room.polygons.length > 0
      ? room.polygons
      : [
          {
            id: 'walkable',
            areaId: 1,
            outer: [
              [box.x0, box.y0],
              [box.x1, box.y0],
              [box.x1, box.y1],
              [box.x0, box.y1],
            ] as Ring,
            holes: [] as Ring[],
          },
        ]
  const boxes = obstacles.map((o) => boxOf([o])!)
  const out: Room['polygons'] = []
  const ids = new IdPool()
  for (const p of base) ids.keep(p.id)
  for (const p of base) {
    const b = boxOf([{ outer: p.outer, holes: [] }])!
    const near = obstacles.filter((_, i) => overlaps(boxes[i], b))
    const pieces = difference([{ outer: p.outer, holes: p.holes }], near)
    pieces.forEach((s, i) => {
      const pid = i === 0 ? p.id : ids.take(p.id, 'walkable')
      out.push({ id: pid, areaId: p.areaId, outer: s.outer, holes: s.holes })
      derived.add(pid)
    })
  }
  room.polygons = out
}

/** The ids of the flags the room's expressions name (areas, zones, gates, hotspots), in first-named order. */
export function flagsTheRoomNames(room: Room): string[] {
  const used: string[] = []
  const expressions = [
    ...room.areas.map((a) => a.enabledBy),
    ...room.zones.map((z) => z.enabledBy),
    ...room.gates.map((g) => g.flagExpression),
    ...(room.hotspots ?? []).map((h) => h.enabledBy),
  ]
  for (const e of expressions) {
    if (e === undefined || flagExpressionError(e)) continue
    for (const id of flagsInExpression(e)) if (!used.includes(id)) used.push(id)
  }
  return used
}

/**
 * The flags of the map property walkbox.flags (Walkbox's export: the project's flags the
 * room names, with their defaults); the flags the room's expressions name that it does not
 * list (a hand-made map) are added with default false, said in a note.
 */
export function readFlags(mp: Map<string, Value>, room: Room, notes: string[]): Flag[] {
  const flags: Flag[] = []
  const given = jsonProp<unknown>(mp, 'walkbox.flags', notes)
  if (given !== undefined) {
    if (!Array.isArray(given)) notes.push('map property walkbox.flags is not a list; ignored')
    else
      for (const f of given.slice(0, limits.MAX_FLAGS)) {
        const o = f as Partial<Flag> | null
        if (
          !o ||
          typeof o.id !== 'string' ||
          !FlagIdSchema.safeParse(o.id).success ||
          typeof o.default !== 'boolean'
        ) {
          notes.push(`map property walkbox.flags: ${JSON.stringify(f)} is not a flag (id, default); ignored`)
          continue
        }
        if (flags.some((x) => x.id === o.id)) continue
        flags.push({ id: o.id, name: typeof o.name === 'string' ? o.name : o.id, default: o.default })
      }
  }
  const derived = flagsTheRoomNames(room).filter((id) => !flags.some((f) => f.id === id))
  for (const id of derived) flags.push({ id, name: id, default: false })
  if (derived.length > 0)
    notes.push(
      `flags ${derived.join(', ')}: named by the room's expressions but not listed in the map property walkbox.flags; added with default false`,
    )
  return flags
}

/** Notes naming the custom properties of the map, its layers and its read objects that Walkbox does not keep. */
function unreadProperties(map: TiledMap, placed: Placed[]): string[] {
  const lines: string[] = []
  const names = (list: TiledProperty[] | undefined) => [...propsOf(list).keys()].map(String)
  const quoted = (list: string[]) => list.map((n) => `'${n}'`).join(', ')
  const own = names(map.properties).filter((n) => !n.startsWith('walkbox.'))
  if (own.length > 0) lines.push(`map propert${own.length === 1 ? 'y' : 'ies'} ${quoted(own)} not read`)
  const layerLines: string[] = []
  const visit = (list: readonly TiledLayer[], depth: number) => {
    for (const l of list) {
      if (!l || typeof l !== 'object') continue
      const props = names((l as { properties?: TiledProperty[] }).properties).filter((n) => n !== 'walkbox')
      if (props.length > 0)
        layerLines.push(
          `layer '${l.name}': propert${props.length === 1 ? 'y' : 'ies'} ${quoted(props)} not read`,
        )
      if (l.type === 'group' && depth < 32 && Array.isArray(l.layers)) visit(l.layers, depth + 1)
    }
  }
  visit(map.layers, 0)
  const objectLines: string[] = []
  for (const p of placed) {
    const known = READ_PROPERTIES[p.kind]
    if (!known) continue
    const unread = (Array.isArray(p.o.properties) ? p.o.properties : [])
      .filter((q) => !known.includes(String(q?.name)) && customPropertyKey(p.kind, q) === null)
      .map((q) => String(q?.name))
    if (unread.length > 0)
      objectLines.push(`${label(p)}: propert${unread.length === 1 ? 'y' : 'ies'} ${quoted(unread)} not read`)
  }
  for (const group of [layerLines, objectLines]) {
    lines.push(...group.slice(0, MAX_LISTED_PROBLEMS))
    if (group.length > MAX_LISTED_PROBLEMS)
      lines.push(`and ${group.length - MAX_LISTED_PROBLEMS} more with properties not read`)
  }
  return lines
}

// ---------------------------------------------------------------------------------------

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

function bbox(ring: Ring): Box {
  const b = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }
  for (const [x, y] of ring) {
    if (x < b.x0) b.x0 = x
    if (y < b.y0) b.y0 = y
    if (x > b.x1) b.x1 = x
    if (y > b.y1) b.y1 = y
  }
  return b
}

const overlaps = (a: Box, b: Box) => a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1
const toPoints = (ring: Ring) => ring.map(([x, y]) => ({ x, y }))

/** A point strictly inside a simple ring: the middle of the widest span of a scanline through it. */
function interiorPoint(ring: Ring): { x: number; y: number } {
  const b = bbox(ring)
  const y = (b.y0 + b.y1) / 2
  const xs: number[] = []
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i]
    const [bx, by] = ring[(i + 1) % ring.length]
    if (ay > y !== by > y) xs.push(ax + ((y - ay) * (bx - ax)) / (by - ay))
  }
  xs.sort((a, c) => a - c)
  let best = { x: (b.x0 + b.x1) / 2, w: -1 }
  for (let i = 0; i + 1 < xs.length; i += 2)
    if (xs[i + 1] - xs[i] > best.w) best = { x: (xs[i] + xs[i + 1]) / 2, w: xs[i + 1] - xs[i] }
  return { x: best.x, y }
}

/** One grid over chunks (empty cells between them), or null when it would be too large. */
function mergeChunks(grids: TileGrid[]): TileGrid | null {
  if (grids.length === 0) return null
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const g of grids) {
    x0 = Math.min(x0, g.x)
    y0 = Math.min(y0, g.y)
    x1 = Math.max(x1, g.x + g.width)
    y1 = Math.max(y1, g.y + g.height)
  }
  const w = x1 - x0
  const h = y1 - y0
  if (w * h > MAX_TILED_CELLS) return null
  const gids = new Uint32Array(w * h)
  for (const g of grids)
    for (let r = 0; r < g.height; r++)
      gids.set(g.gids.subarray(r * g.width, (r + 1) * g.width), (g.y - y0 + r) * w + (g.x - x0))
  return { x: x0, y: y0, width: w, height: h, gids }
}

function* roomRings(room: Room): Generator<{ what: string; ring: Ring }> {
  for (const p of room.polygons) {
    yield { what: `walk polygon '${p.id}'`, ring: p.outer }
    for (const h of p.holes) yield { what: `a hole of '${p.id}'`, ring: h }
  }
  for (const g of room.gates) if (g.polygon) yield { what: `gate '${g.id}'`, ring: g.polygon }
  for (const z of room.zones)
    if (z.shape.kind === 'polygon') yield { what: `zone '${z.id}'`, ring: z.shape.outer }
  for (const n of room.nodeGraph.nodes) yield { what: `node '${n.id}'`, ring: [[n.x, n.y]] }
  for (const p of room.points ?? []) yield { what: `point '${p.id}'`, ring: [[p.x, p.y]] }
  for (const h of room.hotspots ?? []) {
    if (h.shape.kind === 'polygon') yield { what: `hotspot '${h.id}'`, ring: h.shape.outer }
    for (const p of [h.walkTo, h.lookAt])
      if (p) yield { what: `a point of hotspot '${h.id}'`, ring: [[p.x, p.y]] }
  }
}

function roomExtent(room: Room): Box | null {
  let b: Box | null = null
  for (const { ring } of roomRings(room)) {
    const r = bbox(ring)
    b = b
      ? {
          x0: Math.min(b.x0, r.x0),
          y0: Math.min(b.y0, r.y0),
          x1: Math.max(b.x1, r.x1),
          y1: Math.max(b.y1, r.y1),
        }
      : r
  }
  return b
}

function outsideRoom(room: Room): string[] {
  const { width, height } = room.size
  const out: string[] = []
  for (const { what, ring } of roomRings(room)) {
    const b = bbox(ring)
    if (b.x0 < 0 || b.y0 < 0 || b.x1 > width || b.y1 > height) out.push(what)
  }
  return out
}

export function shiftRoom(room: Room, dx: number, dy: number): void {
  const move = (ring: Ring) => ring.map(([x, y]) => [x + dx, y + dy] as [number, number])
  for (const p of room.polygons) {
    p.outer = move(p.outer)
    p.holes = p.holes.map(move)
  }
  for (const g of room.gates) if (g.polygon) g.polygon = move(g.polygon)
  for (const z of room.zones) if (z.shape.kind === 'polygon') z.shape.outer = move(z.shape.outer)
  for (const n of room.nodeGraph.nodes) {
    n.x += dx
    n.y += dy
  }
  for (const p of room.points ?? []) {
    p.x += dx
    p.y += dy
  }
  for (const h of room.hotspots ?? []) {
    if (h.shape.kind === 'polygon') h.shape.outer = move(h.shape.outer)
    for (const p of [h.walkTo, h.lookAt])
      if (p) {
        p.x += dx
        p.y += dy
      }
  }
}
