/**
 * A Tiled map (the JSON structure of map.ts, after external-files.ts) as a Walkbox room.
 *
 * What is read: object layers anywhere in the layer tree, each object moved by the offsets
 * of its layer and every group above it; rectangles, polygons, ellipses (polygons within
 * 0.5 px), closed polylines, rotated objects, tile objects (their outline hangs from their
 * anchor as their tileset's objectalignment says: bottom-left when unspecified); tile layers
 * (finite or in chunks) whose walkable tiles (tile-floor.ts) become walk polygons; holes
 * (given to the walk polygon their `of` names, else to every walk polygon they lie in).
 * Everything else is named in the notes, as is geometry outside the room.
 *
 * Glossary
 * - kind: what an object becomes (walkable, hole, gate, zone, node, join, point): its type
 *   (or Tiled 1.9's class), else a guess from its layer's name.
 * - placement: the sum of the offsets of a layer and its groups, px; parallax factors
 *   multiply down the tree (objects are read where they are at the parallax origin).
 * - infinite map: its room spans the tiles and objects it holds; when they reach left of or
 *   above the map's origin, the room's origin moves there and sceneOffset says by how much.
 *
 * Units: px (map px; room px = map px + sceneOffset).
 */
import { classifyPointInRing } from '../../geometry/polygon'
import * as limits from '../../room/limits'
import { emptyRoom, FlagIdSchema, type Flag, type Room, type Zone } from '../../room/schema'
import { MAX_LISTED_PROBLEMS, MAX_TILED_CELLS, TiledMapRefused } from './external-files'
import type { TiledLayer, TiledMap, TiledObject, TiledProperty } from './map-types'
import { flagExpressionError, flagsInExpression } from '../../room/flag-expression'
import { idBase, IdPool } from '../../room/names'
import { objectOutline, polylinePoints } from './object-shapes'
import { tileFloor, tileWalkability, type TileGrid } from './tile-floor'

type Ring = [number, number][]
type Value = TiledProperty['value']

export { idBase }

function propsOf(list: TiledProperty[] | undefined): Map<string, Value> {
  return new Map((Array.isArray(list) ? list : []).map((p) => [p.name, p.value]))
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

/** Objects without a type take one from their layer's name (a hand-made map). */
export function layerKind(name: string): string {
  const n = name.toLowerCase()
  if (/hole/.test(n)) return 'hole'
  if (/walk|floor/.test(n)) return 'walkable'
  if (/zone|trigger|region/.test(n)) return 'zone'
  if (/gate/.test(n)) return 'gate'
  if (/node|graph/.test(n)) return 'node'
  if (/point|marker/.test(n)) return 'point'
  return ''
}

interface Placed {
  o: TiledObject
  kind: string
  layer: string
  dx: number
  dy: number
}

export const KINDS = ['walkable', 'hole', 'gate', 'zone', 'node', 'join', 'point'] as const

/** A Tiled map (JSON structure) as a room. Throws when it is not an orthogonal map or is over a limit. */
export function tiledMapToRoom(
  map: TiledMap,
  fileName: string,
  options: { roomId?: string } = {},
): { room: Room; notes: string[]; imported: number[]; flags: Flag[] } {
  const notes: string[] = []
  /** Ids of the objects read into the room. */
  const imported: number[] = []
  if (map?.type !== 'map' || !Array.isArray(map.layers))
    throw new Error(`${fileName}: not a Tiled map (no "type": "map" with layers)`)
  if (map.orientation !== 'orthogonal')
    throw new Error(`${fileName}: a ${String(map.orientation)} map; Walkbox reads orthogonal maps`)
  const tw = map.tilewidth > 0 ? map.tilewidth : 1
  const th = map.tileheight > 0 ? map.tileheight : 1
  const mp = propsOf(map.properties)
  const given = (k: string) => (typeof mp.get(k) === 'number' ? (mp.get(k) as number) : undefined)
  let width = given('walkbox.width') ?? map.width * tw
  let height = given('walkbox.height') ?? map.height * th
  const name =
    typeof mp.get('walkbox.name') === 'string'
      ? (mp.get('walkbox.name') as string)
      : fileName.replace(/\.[^.]*$/, '')
  const id =
    options.roomId ??
    (typeof mp.get('walkbox.roomId') === 'string'
      ? (mp.get('walkbox.roomId') as string)
      : new IdPool().take(name, 'room'))

  // 1. The layer tree, flattened with each layer's placement; objects classified.
  const placed: Placed[] = []
  const tileLayers: { layer: Extract<TiledLayer, { type: 'tilelayer' }>; dx: number; dy: number }[] = []
  const images: Extract<TiledLayer, { type: 'imagelayer' }>[] = []
  const parallax = new Set<string>()
  const skipped = new Map<string, number[]>()
  const malformed: string[] = []
  const visit = (
    list: readonly TiledLayer[],
    dx: number,
    dy: number,
    px: number,
    py: number,
    depth: number,
  ) => {
    for (const l of list) {
      if (!l || typeof l !== 'object') continue
      const ox = dx + (Number((l as { offsetx?: number }).offsetx) || 0)
      const oy = dy + (Number((l as { offsety?: number }).offsety) || 0)
      const fx = px * (Number((l as { parallaxx?: number }).parallaxx ?? 1) || 0)
      const fy = py * (Number((l as { parallaxy?: number }).parallaxy ?? 1) || 0)
      if ((fx !== 1 || fy !== 1) && l.type !== 'group' && l.type !== 'imagelayer') parallax.add(l.name)
      if (l.type === 'group') {
        if (depth < 32 && Array.isArray(l.layers)) visit(l.layers, ox, oy, fx, fy, depth + 1)
      } else if (l.type === 'objectgroup') {
        const fromLayer = layerKind(String(l.name ?? ''))
        for (const o of Array.isArray(l.objects) ? l.objects : []) {
          if (!o || typeof o !== 'object') continue
          const shape =
            (o as { otherShape?: string }).otherShape ?? ((o as { text?: unknown }).text ? 'text' : '')
          if (shape) {
            const list = skipped.get(shape) ?? []
            list.push(o.id)
            skipped.set(shape, list)
            continue
          }
          const checked = checkObject(o)
          if (typeof checked === 'string') {
            malformed.push(`object ${String(o.id)}: ${checked}`)
            continue
          }
          const guessed = fromLayer === 'node' && checked.polyline ? 'join' : fromLayer
          const kind = checked.type || guessed
          placed.push({ o: checked, kind, layer: String(l.name ?? ''), dx: ox, dy: oy })
        }
      } else if (l.type === 'tilelayer') {
        tileLayers.push({ layer: l, dx: ox, dy: oy })
      } else if (l.type === 'imagelayer') {
        images.push(l)
      } else {
        notes.push(`layer '${(l as { name?: string }).name}' (${(l as { type?: string }).type}): not read`)
      }
    }
  }
  visit(map.layers, 0, 0, 1, 1, 0)
  for (const m of malformed.slice(0, MAX_LISTED_PROBLEMS)) notes.push(`${m}; skipped`)
  if (malformed.length > MAX_LISTED_PROBLEMS)
    notes.push(`and ${malformed.length - MAX_LISTED_PROBLEMS} more malformed objects skipped`)
  for (const [shape, list] of skipped)
    notes.push(
      `${list.length} ${shape} object${list.length === 1 ? '' : 's'} not read (object${list.length === 1 ? '' : 's'} ${list.slice(0, MAX_LISTED_PROBLEMS).join(', ')}${list.length > MAX_LISTED_PROBLEMS ? ', …' : ''})`,
    )

  // 2. Limits, before any work that grows with the objects.
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
  if (problems.length > 0) throw new TiledMapRefused(fileName, problems)

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

  for (const layer of images) {
    if (layer.name === 'walk mask' || layer.name === 'mask') room.mask = layer.image
    else if (!room.background && layer.image) {
      room.background = layer.image
      if ((layer.offsetx ?? 0) !== 0 || (layer.offsety ?? 0) !== 0)
        notes.push(`image layer '${layer.name}' is offset; room px are map px`)
    } else notes.push(`image layer '${layer.name}' (${layer.image}): not read (the room has one background)`)
  }
  room.authoritative = mp.get('walkbox.authoritative') === 'mask' && room.mask ? 'mask' : 'polygons'
  if (parallax.size > 0)
    notes.push(
      `parallax: layers ${[...parallax].map((n) => `'${n}'`).join(', ')} scroll at another speed; read where they are at the parallax origin`,
    )

  const label = (p: Placed) => `object ${p.o.id}${p.o.name ? ` '${p.o.name}'` : ''}`
  const ids = { polygons: new IdPool(), gates: new IdPool(), zones: new IdPool(), nodes: new IdPool() }
  const outlineOf = (p: Placed): Ring | null => objectOutline(p.o, p.dx, p.dy)
  const byKind = (k: string) => placed.filter((p) => p.kind === k)
  const read = { walkable: 0, tiles: 0, holes: 0 }

  // 3. Walk polygons: objects, then tile layers.
  const polygonOf = new Map<number, number>()
  for (const p of byKind('walkable')) {
    const ring = outlineOf(p)
    if (!ring) {
      notes.push(
        `${label(p)}: a walkable ${p.o.point ? 'point' : p.o.polyline ? 'open polyline' : 'object without an area'}; skipped`,
      )
      continue
    }
    const areaId = propsOf(p.o.properties).get('areaId')
    room.polygons.push({
      id: ids.polygons.take(p.o.name || 'polygon', 'polygon'),
      areaId: typeof areaId === 'number' ? areaId : 1,
      outer: ring,
      holes: [],
    })
    polygonOf.set(p.o.id, room.polygons.length - 1)
    imported.push(p.o.id)
    read.walkable++
  }
  const areaOf = tileWalkability(map.tilesets ?? [])
  for (const { layer, dx, dy } of tileLayers) {
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
    let walkableTiles = 0
    let patches = 0
    for (const g of grids) {
      const floor = tileFloor(g, areaOf, tw, th, dx, dy)
      walkableTiles += floor.walkableTiles
      for (const f of floor.patches) {
        if (room.polygons.length >= limits.MAX_POLYGONS)
          throw new TiledMapRefused(fileName, [
            `tile layer '${layer.name}' makes more than ${limits.MAX_POLYGONS} walk polygons`,
          ])
        room.polygons.push({
          id: ids.polygons.take(`${layer.name || 'tiles'}`, 'tiles'),
          areaId: f.areaId,
          outer: f.outer,
          holes: f.holes,
        })
        patches++
      }
    }
    if (grids.length === 0) continue
    read.tiles += walkableTiles
    notes.push(
      walkableTiles > 0
        ? `tile layer '${layer.name}': ${walkableTiles} walkable tile${walkableTiles === 1 ? '' : 's'} read as ${patches} walk polygon${patches === 1 ? '' : 's'}`
        : `tile layer '${layer.name}': no walkable tiles (no tile or tileset has the property walkable = true); not read`,
    )
  }

  // 4. Holes: the polygon `of` names, else every walk polygon the hole lies in.
  const boxes = room.polygons.map((poly) => bbox(poly.outer))
  for (const p of byKind('hole')) {
    const ring = outlineOf(p)
    if (!ring) {
      notes.push(`${label(p)}: a hole without an area; skipped`)
      continue
    }
    const of = propsOf(p.o.properties).get('of')
    const named = typeof of === 'number' ? polygonOf.get(of) : undefined
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
    imported.push(p.o.id)
    read.holes++
  }

  // 5. Gates and zones.
  for (const p of byKind('gate')) {
    const props = propsOf(p.o.properties)
    const kind = props.get('kind') === 'open-area' ? 'open-area' : 'block-polygon'
    const ring = outlineOf(p)
    const areaId = props.get('areaId')
    const given = props.get('walkbox.id')
    imported.push(p.o.id)
    room.gates.push({
      id: typeof given === 'string' ? ids.gates.keep(given) : ids.gates.take(p.o.name || 'gate', 'gate'),
      name: p.o.name,
      kind,
      ...(ring && kind === 'block-polygon' ? { polygon: ring } : {}),
      ...(typeof areaId === 'number' ? { areaId } : {}),
      flagExpression:
        typeof props.get('flagExpression') === 'string' ? (props.get('flagExpression') as string) : 'true',
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
      notes.push(`${label(p)}: a zone without a polygon, rectangle or areaId; skipped`)
      continue
    }
    const text = (k: string) => (typeof props.get(k) === 'string' ? (props.get(k) as string) : '')
    const properties: Record<string, string> = {}
    for (const [k, v] of props)
      if (k.startsWith('property.')) properties[k.slice('property.'.length)] = String(v)
    const given = props.get('walkbox.id')
    imported.push(p.o.id)
    room.zones.push({
      id: typeof given === 'string' ? ids.zones.keep(given) : ids.zones.take(p.o.name || 'zone', 'zone'),
      name: p.o.name,
      shape,
      events: { enter: text('enter'), exit: text('exit'), stand: text('stand') },
      ...(typeof props.get('enabledBy') === 'string' ? { enabledBy: props.get('enabledBy') as string } : {}),
      properties,
    })
  }

  // 6. Node graph: nodes; joins by `a` and `b`, or a polyline's vertices joined in order.
  const nodeIdOf = new Map<number, string>()
  const nodeAt = new Map<string, string>()
  const addNode = (name: string, x: number, y: number): string => {
    const at = `${x},${y}`
    const found = nodeAt.get(at)
    if (found) return found
    const nid = ids.nodes.take(name || 'node', 'node')
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

  // 7. Points: at their anchor.
  const pointIds = new IdPool()
  const points = byKind('point').map((p) => {
    imported.push(p.o.id)
    const given = propsOf(p.o.properties).get('walkbox.id')
    return {
      id:
        typeof given === 'string'
          ? pointIds.keep(given)
          : pointIds.take(p.o.name || `point-${p.o.id}`, 'point'),
      name: p.o.name,
      x: p.o.x + p.dx,
      y: p.o.y + p.dy,
    }
  })
  if (points.length > 0) room.points = points

  // 8. Room extent: an infinite map spans its content; geometry outside the room is named.
  const extent = roomExtent(room)
  if (map.infinite && given('walkbox.width') === undefined && extent) {
    // `|| 0`: no -0 in the room (it would read back as 0 and compare unequal).
    const x0 = Math.min(0, Math.floor(extent.x0)) || 0
    const y0 = Math.min(0, Math.floor(extent.y0)) || 0
    width = Math.max(1, Math.ceil(extent.x1) - x0)
    height = Math.max(1, Math.ceil(extent.y1) - y0)
    room.size = { width, height }
    if (x0 < 0 || y0 < 0) {
      shiftRoom(room, -x0 || 0, -y0 || 0)
      room.sceneOffset = { x: -x0 || 0, y: -y0 || 0 }
      notes.push(
        `infinite map: its content reaches (${x0}, ${y0}); room px = map px + (${-x0 || 0}, ${-y0 || 0}) (sceneOffset)`,
      )
    }
    notes.push(`infinite map: the room is the extent of its tiles and objects, ${width}x${height} px`)
  } else {
    const outside = outsideRoom(room)
    const shown = outside.slice(0, MAX_LISTED_PROBLEMS)
    for (const o of shown)
      notes.push(
        `${o}: lies partly or wholly outside the room (${room.size.width}x${room.size.height}); kept as drawn`,
      )
    if (outside.length > shown.length)
      notes.push(`and ${outside.length - shown.length} more outside the room`)
  }

  const other = placed.filter((p) => !(KINDS as readonly string[]).includes(p.kind))
  if (other.length > 0) {
    const byType = new Map<string, number[]>()
    for (const p of other)
      byType.set(p.kind || 'no type', [...(byType.get(p.kind || 'no type') ?? []), p.o.id])
    const listed = [...byType].map(([type, list]) => `${type}: ${objectList(list)}`)
    notes.push(
      `${other.length} object${other.length === 1 ? '' : 's'} of other types not read (${listed.join('; ')})`,
    )
  }
  notes.push(...unreadProperties(map, placed, label))
  notes.push(
    `read: ${read.walkable} walkable object${read.walkable === 1 ? '' : 's'}, ${read.tiles} walkable tiles, ${read.holes} hole${read.holes === 1 ? '' : 's'}, ${room.gates.length} gates, ${room.zones.length} zones, ${room.nodeGraph.nodes.length} nodes, ${room.nodeGraph.joins.length} joins, ${points.length} points`,
  )
  if (room.polygons.length === 0 && room.authoritative === 'polygons')
    notes.push('no walkable polygons: the room has no walkable area yet')
  return { room, notes, imported, flags: readFlags(mp, room, notes) }
}

/** The ids of the flags the room's expressions name (areas, zones, gates), in first-named order. */
export function flagsTheRoomNames(room: Room): string[] {
  const used: string[] = []
  const expressions = [
    ...room.areas.map((a) => a.enabledBy),
    ...room.zones.map((z) => z.enabledBy),
    ...room.gates.map((g) => g.flagExpression),
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

/** `object 5` or `objects 5, 7, …` (at most MAX_LISTED_PROBLEMS ids). */
function objectList(list: number[]): string {
  const shown = list.slice(0, MAX_LISTED_PROBLEMS).join(', ')
  return `object${list.length === 1 ? '' : 's'} ${shown}${list.length > MAX_LISTED_PROBLEMS ? ', …' : ''}`
}

/** The properties each kind of object is read with; `property.*` of zones are kept too. */
export const READ_PROPERTIES: Record<string, readonly string[]> = {
  walkable: ['areaId'],
  hole: ['of'],
  gate: ['walkbox.id', 'kind', 'flagExpression', 'areaId'],
  zone: ['walkbox.id', 'enter', 'exit', 'stand', 'enabledBy', 'areaId'],
  node: [],
  join: ['a', 'b', 'oneWay', 'cost'],
  point: ['walkbox.id'],
}

/** Notes naming the custom properties of the map, its layers and its read objects that Walkbox does not keep. */
function unreadProperties(map: TiledMap, placed: Placed[], label: (p: Placed) => string): string[] {
  const lines: string[] = []
  const names = (list: TiledProperty[] | undefined) =>
    (Array.isArray(list) ? list : []).map((p) => String(p?.name))
  const quoted = (list: string[]) => list.map((n) => `'${n}'`).join(', ')
  const own = names(map.properties).filter((n) => !n.startsWith('walkbox.'))
  if (own.length > 0) lines.push(`map propert${own.length === 1 ? 'y' : 'ies'} ${quoted(own)} not read`)
  const layerLines: string[] = []
  const visit = (list: readonly TiledLayer[], depth: number) => {
    for (const l of list) {
      if (!l || typeof l !== 'object') continue
      const props = names((l as { properties?: TiledProperty[] }).properties)
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
    const unread = names(p.o.properties).filter(
      (n) => !known.includes(n) && !(p.kind === 'zone' && n.startsWith('property.')),
    )
    if (unread.length > 0)
      objectLines.push(
        `${label(p)}: propert${unread.length === 1 ? 'y' : 'ies'} ${quoted(unread)} not read${p.kind === 'zone' ? ' (a zone keeps property.<name>)' : ''}`,
      )
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
}

const finiteOr0 = (v: unknown): number | null =>
  v === undefined || v === null ? 0 : typeof v === 'number' && Number.isFinite(v) ? v : null

/** An object with every field it uses of the right type, or what is wrong with it. */
function checkObject(o: TiledObject): TiledObject | string {
  const out = { ...o }
  for (const k of ['x', 'y', 'width', 'height', 'rotation'] as const) {
    const v = finiteOr0(o[k])
    if (v === null) return `${k} is not a number`
    out[k] = v
  }
  for (const k of ['polygon', 'polyline'] as const) {
    const list = o[k]
    if (list === undefined) continue
    if (!Array.isArray(list) || !list.every((p) => Number.isFinite(p?.x) && Number.isFinite(p?.y)))
      return `${k} is not a list of points`
  }
  out.name = typeof o.name === 'string' ? o.name : ''
  const type = typeof o.type === 'string' && o.type ? o.type : (o as { class?: unknown }).class
  out.type = typeof type === 'string' ? type : ''
  if (o.properties !== undefined && !Array.isArray(o.properties)) out.properties = []
  return out
}
