/**
 * What writing a room back into a game's own Tiled map changes, whatever the map's text
 * format (.tmx: write-in-place.ts, .tmj: write-in-place-json.ts): each kind of the room is
 * written where it came from, in the layers the same rules (layer-kinds.ts) give that kind,
 * and only the kinds the author edited are written at all.
 *
 * Steps:
 * 1. the map is read as it is now, with the same mapping (`fresh`); every kind of the room
 *    (walk area, gates, zones, node graph, points, hotspots) that reads back the same as
 *    the map gives it is left alone, so an unedited room changes no byte;
 * 2. an edited kind's objects are matched to the map's objects of that kind in whatever
 *    layer they are (by name, by the id the reader made, by shape; holes by their vertices)
 *    and each is written in its own layer, in place; objects the room no longer has are
 *    taken out; new ones go to the first layer of that kind (or a new layer of Walkbox's
 *    name);
 * 3. a walk area made from obstacles (the map minus them) is written back as obstacles:
 *    the obstacle objects it no longer reaches stay as they are, the rest of what it does
 *    not cover is written as obstacle polygons (into the objects it replaces, by overlap);
 *    one made from tiles is not written (Walkbox does not paint tiles), said in one line.
 *
 * Glossary
 * - readable object: one of a kind Walkbox reads (its type, else its layer's kind) with an
 *   area, a point or a line (not text, not a shape Walkbox does not read).
 * - piece: what a written layer holds after the write, in order: a child of the map's layer
 *   kept byte for byte (its properties, objects Walkbox does not read, objects that read back
 *   the same) or a written object.
 * - layer offset: the sum of the offsets of a layer and its groups; written objects are in
 *   map px less that offset.
 *
 * Units: px; offsets in UTF-16 units.
 */
import { normaliseRoom } from '../../room/normalise'
import type { Room } from '../../room/schema'
import { IdPool } from '../../room/names'
import { kindOfLayer, OBJECT_KIND_OF, type KindRule, type LayerKind, type LayerMapping } from './layer-kinds'
import {
  flagsTheMapCarries,
  roomToTiledMap,
  type TiledLayer,
  type TiledObject,
  type TiledProperty,
} from './map'
import { objectOutline, polylinePoints } from './object-shapes'
import { customPropertyKey, KINDS, READ_PROPERTIES, readCustomProperties } from './read-elements'
import { sameProperties } from '../../room/properties'
import { idBase, readFlags, shiftRoom, type TiledRoomRead } from './read-map'
import { planObstacles, type ObstacleCandidate, type ObstaclePlan } from './obstacle-plan'
import type { Ring } from './shape-ops'
import type { SourceChild, SourceLayer, TileObjectFacts } from './source-layers'

export type { SourceChild, SourceLayer } from './source-layers'

/** A kept child, or a written object (`replaces`: the map's child it is written over). */
export type Piece = { keep: SourceChild } | { write: TiledObject; replaces?: SourceChild }

export interface LayerPlan<Ref> {
  /** The layer as Walkbox writes it (name, draw order; the objects are the pieces). */
  written: Extract<TiledLayer, { type: 'objectgroup' }>
  /** The map's layer, when it has one. */
  existing?: SourceLayer<Ref>
  pieces: Piece[]
  /** Set when the layer is added: its new id. */
  newId?: number
}

export interface InPlacePlan<Ref> {
  layers: LayerPlan<Ref>[]
  nextObject: number
  nextLayer: number
  notes: string[]
  /** Why the write is refused (empty: it is not). */
  problems: string[]
  /** Layers the write added that need the mapping to be read back as their kind (name -> kind). */
  mapped: Record<string, LayerKind>
  /** Did the plan change anything in the map's layers? */
  changed: boolean
}

/** A layer of the map with what the rules say of it. */
interface Flat<Ref> {
  layer: SourceLayer<Ref>
  dx: number
  dy: number
  kind: { kind: LayerKind; rule: KindRule } | null
}

/** A readable object of the map, where it is. */
interface Candidate<Ref> {
  c: SourceChild
  at: Flat<Ref>
  kind: string
}

/** Twice the signed area of a polygon's points (the sign says which way it winds). */
function wind(points: readonly { x: number; y: number }[]): number {
  let s = 0
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]
    s += p.x * q.y - q.x * p.y
  })
  return s
}

/** The written groups (Walkbox's layers), the object kinds each holds, and the layer kind it is. */
const GROUPS: { name: string; kinds: readonly string[]; layer: LayerKind }[] = [
  { name: 'walkable', kinds: ['walkable', 'hole'], layer: 'walkable' },
  { name: 'gates', kinds: ['gate'], layer: 'gates' },
  { name: 'zones', kinds: ['zone'], layer: 'zones' },
  { name: 'node graph', kinds: ['node', 'join'], layer: 'nodes' },
  { name: 'points', kinds: ['point'], layer: 'points' },
  { name: 'hotspots', kinds: ['hotspot', 'walk-to', 'look-at'], layer: 'hotspots' },
]

/** Rules by which a layer's kind is implied, so that its objects need no type. */
const IMPLYING_RULES: readonly KindRule[] = ['mapping', 'map property', 'layer property', 'class', 'group']

const finite = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v))

/** The kind of a map object in a layer, or '' when Walkbox does not read it. */
function kindOf<Ref>(c: SourceChild, at: Flat<Ref>): string {
  const o = c.object
  if (!o || o.text || o.otherShape) return ''
  if (!finite(o.x) || !finite(o.y) || !finite(o.width) || !finite(o.height) || !finite(o.rotation)) return ''
  if (at.kind?.kind === 'none') return ''
  const type = typeof o.type === 'string' ? o.type : ''
  if ((KINDS as readonly string[]).includes(type)) return type
  if (!at.kind) return ''
  return at.kind.kind === 'nodes' && o.polyline ? 'join' : OBJECT_KIND_OF[at.kind.kind]
}

/** The map's layers depth first, with their offsets and kinds (the reader's order). */
function flatten<Ref>(top: SourceLayer<Ref>[], given: LayerMapping, remembered: LayerMapping): Flat<Ref>[] {
  const out: Flat<Ref>[] = []
  const visit = (
    list: SourceLayer<Ref>[],
    dx: number,
    dy: number,
    inherited: Flat<Ref>['kind'],
    depth: number,
  ) => {
    for (const l of list) {
      const kind = kindOfLayer(
        { name: l.name, className: l.className, walkboxProperty: l.walkboxProperty },
        given,
        remembered,
        inherited,
      )
      const at = { layer: l, dx: dx + l.offsetx, dy: dy + l.offsety, kind }
      out.push(at)
      if (l.type === 'group' && depth < 32) visit(l.layers, at.dx, at.dy, kind, depth + 1)
    }
  }
  visit(top, 0, 0, null, 0)
  return out
}

/**
 * Equal as the project keeps numbers: a room is saved with its points rounded to 0.01 px
 * (room/normalise.ts), so a map's 127.666667 reads back as 127.67 and is the same point.
 */
const near = (a: number, b: number) => Math.abs(a - b) <= 0.005 + 1e-9

/**
 * The points of an object's shape (a point, an outline or a polyline), made once per object
 * (`key`; neither the map's objects nor the written ones change once made): a plan compares
 * every written object with every map object of its kind.
 */
const shapes = new WeakMap<object, number[][]>()
function shapeOf(key: object, x: TiledObject): number[][] {
  let shape = shapes.get(key)
  if (!shape) {
    shape = x.point ? [[x.x, x.y]] : (objectOutline(x) ?? polylinePoints(x) ?? [])
    shapes.set(key, shape)
  }
  return shape
}

/** Kinds read as a point at the object's anchor, whatever its shape (a point, a rectangle, a tile). */
const POINT_KINDS = ['point', 'node', 'walk-to', 'look-at']

/** Does the reader give the value of `p` (written for `w`) when the map leaves the property out? */
function sameWhenAbsent(p: TiledProperty, w: TiledObject, readerId?: string): boolean {
  const v = p.value
  if (
    p.name === 'walkbox.id' &&
    (v === readerId || (readerId === undefined && v === idBase(w.name || '', '')))
  )
    return true
  if (p.name === 'areaId' && v === 1) return true
  if (p.name === 'kind' && v === 'block-polygon' && w.type === 'gate') return true
  if (p.name === 'of' && w.type === 'hole') return true
  if ((p.name === 'enter' || p.name === 'exit' || p.name === 'stand') && v === '') return true
  if (p.name === 'flagExpression' && v === 'true') return true
  return false
}

/**
 * Does the map's object `given` read back as the written object `o` (its geometry, and every
 * property Walkbox writes that is not simply its default)? `w` is `o` before renumbering.
 */
export function sameObject(
  given: Partial<TiledObject>,
  o: TiledObject,
  w: TiledObject,
  readerId?: string,
): boolean {
  // What the map leaves out is Tiled's default, 0.
  const theirs = { x: 0, y: 0, width: 0, height: 0, rotation: 0, ...given } as TiledObject
  if (o.point && POINT_KINDS.includes(o.type)) {
    // A point is read at the object's anchor whatever its shape.
    if (!near(theirs.x, o.x) || !near(theirs.y, o.y)) return false
  } else {
    const a = shapeOf(given, theirs)
    const b = shapeOf(o, o)
    // A room keeps its rings wound one way (room/normalise.ts reverses, never rotates, them):
    // a polygon the map winds the other way is the same polygon.
    const same = (c: number[][]) =>
      a.length === c.length && a.every(([x, y], i) => near(x, c[i][0]) && near(y, c[i][1]))
    if (!same(b) && !(o.polygon && same([...b].reverse()))) return false
  }
  // Custom properties are the same when they give the same keys, values and types, whatever
  // name the map gives them (`property.<name>` or the name itself).
  const theirList = Array.isArray(theirs.properties) ? theirs.properties : []
  if (!sameProperties(readCustomProperties(o.type, theirList), readCustomProperties(o.type, o.properties)))
    return false
  const props = new Map(theirList.map((p) => [p.name, String(p.value)]))
  for (const p of o.properties ?? []) {
    if (customPropertyKey(o.type, p) !== null) continue
    const have = props.get(p.name)
    if (have !== undefined) {
      if (have !== String(p.value)) return false
      continue
    }
    // Written but absent from the map: fine when the reader would give the same by default.
    if (!sameWhenAbsent(p, w, readerId)) return false
  }
  return true
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6

/** Property types a rewritten object keeps as the map gives them (a class value is not kept). */
const PLAIN_TYPES = ['string', 'int', 'float', 'bool', 'color', 'file', 'object']

/** Does Walkbox read the property `p` of an object of this kind (so the room's value replaces it)? */
function readsProperty(kind: string, p: TiledProperty): boolean {
  return (READ_PROPERTIES[kind] ?? []).includes(p.name) || customPropertyKey(kind, p) !== null
}

/**
 * The written object `o` as the map's object `given` it replaces has it, where the room does
 * not say otherwise: its name when `keepName` (a hole's name is no room data; a walk
 * polygon's, when it gives the polygon's id), its type, whether it is visible, and its
 * properties in the map's order: Walkbox's with the room's values, those the map leaves out
 * left out when the reader gives the same without them, the map's own (that Walkbox does not
 * read) kept. `w` is `o` before renumbering.
 */
function asTheMapHasIt(
  o: TiledObject,
  given: SourceChild['object'] & object,
  w: TiledObject,
  keepName: boolean,
  file: string,
  notes: string[],
  readerId?: string,
): TiledObject {
  const theirs: TiledProperty[] = Array.isArray(given.properties) ? given.properties : []
  const mine = new Map((o.properties ?? []).map((p) => [p.name, p]))
  const properties: TiledProperty[] = []
  // A custom property stays under the name the map gives it, with the room's value and type.
  const myCustom = new Map((o.properties ?? []).map((p) => [customPropertyKey(o.type, p), p]))
  myCustom.delete(null)
  const customDone = new Set<string>()
  for (const p of theirs) {
    if (typeof p?.name !== 'string') continue
    const key = customPropertyKey(o.type, p)
    if (key !== null) {
      const value = myCustom.get(key)
      if (value && !customDone.has(key)) properties.push({ ...value, name: p.name })
      customDone.add(key)
    } else if (readsProperty(o.type, p)) {
      const value = mine.get(p.name)
      if (value) properties.push(value)
    } else if (PLAIN_TYPES.includes(p.type ?? 'string') && p.value !== null && typeof p.value !== 'object')
      properties.push({
        name: p.name,
        type: p.type ?? 'string',
        value: p.value,
        ...(typeof p.propertytype === 'string' ? { propertytype: p.propertytype } : {}),
      })
    else
      notes.push(
        `${file}: object ${String(given.id)}: property '${p.name}' (${String(p.type)}) is not kept when the object is rewritten`,
      )
  }
  const listed = new Set(theirs.map((p) => p?.name))
  for (const p of o.properties ?? []) {
    const key = customPropertyKey(o.type, p)
    if (key !== null ? !customDone.has(key) : !listed.has(p.name) && !sameWhenAbsent(p, w, readerId))
      properties.push(p)
  }
  const { properties: _written, ...rest } = o
  // A point kept in an object of another shape (a rectangle, a tile object) keeps that shape.
  const shape =
    o.point && POINT_KINDS.includes(o.type) && !given.point
      ? {
          point: undefined,
          width: Number(given.width) || 0,
          height: Number(given.height) || 0,
          rotation: Number(given.rotation) || 0,
          ...(given.ellipse ? { ellipse: true } : {}),
          ...(given.gid !== undefined ? { gid: given.gid } : {}),
        }
      : given.gid !== undefined && !o.gid
        ? (notes.push(
            `${file}: object ${String(given.id)} ('${o.name}') was a tile object; written as a polygon (its tile left out)`,
          ),
          {})
        : {}
  return {
    ...rest,
    ...shape,
    type: typeof given.type === 'string' ? given.type : '',
    ...(keepName ? { name: typeof given.name === 'string' ? given.name : '' } : {}),
    ...(typeof given.visible === 'boolean' ? { visible: given.visible } : {}),
    ...(properties.length > 0 ? { properties } : {}),
  }
}

/**
 * The written polygon or polyline `o` hung from the anchor (x, y) of the map's object
 * `given` it replaces, so that moving one vertex changes one point pair (the writer hangs a
 * ring from its first vertex). An object the map rotates is written from its first vertex,
 * unrotated, as before (said in a note).
 */
export function anchored(
  o: TiledObject,
  given: Partial<TiledObject>,
  file: string,
  notes: string[],
  fromShapesToo = false,
): TiledObject {
  const key = o.polygon ? 'polygon' : o.polyline ? 'polyline' : null
  if (!key || (!fromShapesToo && !(given.polygon ?? given.polyline))) return o
  if (given.rotation) {
    notes.push(
      `${file}: object ${String(given.id)} ('${o.name}') is rotated in the map; it is written unrotated from its first vertex`,
    )
    return o
  }
  const ax = Number(given.x) || 0
  const ay = Number(given.y) || 0
  let points = o[key]!.map((p) => ({ x: round6(p.x + o.x - ax), y: round6(p.y + o.y - ay) }))
  // Wound as the map winds it (the room keeps rings one way), so that its points read as before.
  if (key === 'polygon' && given.polygon && Math.sign(wind(given.polygon)) * Math.sign(wind(points)) < 0)
    points = points.reverse()
  return { ...o, x: ax, y: ay, [key]: points }
}

/** The room's parts of one written group, in the normal form, as text (to tell edited from not). */
function groupText(room: Room, group: string, leaveOut: ReadonlySet<string> = new Set()): string {
  const n = normaliseRoom(room)
  switch (group) {
    case 'walkable':
      return JSON.stringify(n.polygons.filter((p) => !leaveOut.has(p.id)))
    case 'gates':
      return JSON.stringify(n.gates)
    case 'zones':
      return JSON.stringify(n.zones)
    case 'node graph':
      return JSON.stringify(n.nodeGraph)
    case 'points':
      return JSON.stringify(n.points ?? [])
    default:
      return JSON.stringify(n.hotspots ?? [])
  }
}

/**
 * The plan for writing `room` into a map whose layers are `top` (ids from the map's next
 * ids). `fresh` is the map as it reads now with the same mapping (`given` over the map's
 * `remembered` one).
 */
export function planInPlace<Ref>(
  top: SourceLayer<Ref>[],
  room: Room,
  next: { object: number; layer: number },
  file: string,
  map: { infinite: boolean },
  fresh: TiledRoomRead,
  given: LayerMapping,
  remembered: LayerMapping,
  tiles?: TileObjectFacts,
): InPlacePlan<Ref> {
  const notes: string[] = []
  const problems: string[] = []
  const mapped: Record<string, LayerKind> = {}
  let nextObject = Math.max(1, next.object)
  let nextLayer = Math.max(1, next.layer)
  // An infinite map's room starts where its content does (read-map.ts): map px = room px -
  // sceneOffset. A finite map's px are room px (a sceneOffset there is another engine's).
  const shift = map.infinite && room.sceneOffset ? room.sceneOffset : null
  const placed: Room = shift ? (JSON.parse(JSON.stringify(room)) as Room) : room
  if (shift) shiftRoom(placed, -shift.x, -shift.y)
  const freshPlaced: Room = shift ? (JSON.parse(JSON.stringify(fresh.room)) as Room) : fresh.room
  if (shift) shiftRoom(freshPlaced, -shift.x, -shift.y)

  const flat = flatten(top, given, remembered)
  // Only what the reader read is Walkbox's to rewrite or take out: an object it skipped (a
  // zone without an area, a spawn point of size 0) stays as it is.
  const read = new Set(fresh.imported)
  // An id the map gives twice (a hand-edited map) says nothing of which object was read.
  const seen = new Map<number, number>()
  for (const at of flat)
    for (const c of at.layer.children)
      if (typeof c.object?.id === 'number') seen.set(c.object.id, (seen.get(c.object.id) ?? 0) + 1)
  const readByReader = (c: SourceChild, kind: string): boolean => {
    const o = c.object!
    if (typeof o.id === 'number' && seen.get(o.id) === 1) return read.has(o.id)
    const filled = { x: 0, y: 0, width: 0, height: 0, rotation: 0, ...o } as TiledObject
    if (POINT_KINDS.includes(kind)) return !o.polyline && !o.polygon
    if (kind === 'join') return !!o.polyline
    return objectOutline(filled) !== null
  }
  const candidates: Candidate<Ref>[] = []
  for (const at of flat)
    if (at.layer.type === 'objectgroup')
      for (const c of at.layer.children) {
        // A tile object hangs from its anchor as its tileset says, the tile's size when it gives none.
        const gid = c.object?.gid
        if (tiles && c.object && typeof gid === 'number') {
          const t = tiles(gid)
          c.object = {
            ...c.object,
            tileAlignment: t.alignment,
            width: Number(c.object.width) > 0 ? c.object.width : t.width,
            height: Number(c.object.height) > 0 ? c.object.height : t.height,
          }
        }
        const kind = kindOf(c, at)
        if (kind && readByReader(c, kind)) candidates.push({ c, at, kind })
      }

  // 1. Which groups the author edited; the walk area: from objects, tiles or obstacles.
  const derived = new Set(fresh.derived)
  const edited = GROUPS.filter(
    (g) => groupText(room, g.name, derived) !== groupText(fresh.room, g.name, derived),
  )
  const walkEdited = groupText(room, 'walkable') !== groupText(fresh.room, 'walkable')
  const derivedEdited =
    derived.size > 0 &&
    JSON.stringify(normaliseRoom(room).polygons.filter((p) => derived.has(p.id))) !==
      JSON.stringify(normaliseRoom(fresh.room).polygons.filter((p) => derived.has(p.id)))
  const fromObstacles = fresh.obstacles > 0
  if (walkEdited && fromObstacles) {
    const result = planObstacles(
      placed,
      freshPlaced,
      candidates
        .filter((x) => x.kind === 'obstacle')
        .map((x): ObstacleCandidate<Ref> => ({ c: x.c, dx: x.at.dx, dy: x.at.dy, layer: x.at.layer })),
      fresh,
      file,
    )
    problems.push(...result.problems)
    notes.push(...result.notes)
    if (problems.length === 0) return writeObstacles(result, flat, nextObject, nextLayer, file, notes, mapped)
  } else if (walkEdited && derivedEdited)
    problems.push(
      `the walk area comes from tiles (${[...derived].slice(0, 5).join(', ')}${derived.size > 5 ? ', …' : ''}) and was edited; Walkbox does not paint tiles: edit them in Tiled`,
    )
  if (problems.length > 0)
    return { layers: [], nextObject, nextLayer, notes, problems, mapped, changed: false }

  // The groups to write: the walk area only when its objects (not tiles, not obstacles) changed.
  const toWrite = edited.filter((g) => g.name !== 'walkable' || (!fromObstacles && walkEdited))
  if (toWrite.length === 0)
    return { layers: [], nextObject, nextLayer, notes, problems, mapped, changed: false }
  const writtenRoom: Room = { ...placed, polygons: placed.polygons.filter((p) => !derived.has(p.id)) }
  const written = roomToTiledMap(writtenRoom)
  notes.push(...written.notes.filter((n) => !/^areas:/.test(n)))
  const byName = new Map(
    written.map.layers
      .filter((l): l is Extract<TiledLayer, { type: 'objectgroup' }> => l.type === 'objectgroup')
      .map((l) => [l.name, l]),
  )

  // The id the reader gives each readable object (read-map.ts: a walk polygon's from its
  // name; a gate's, zone's, point's or hotspot's its walkbox.id, else from its name).
  const filled = (c: SourceChild) =>
    ({ x: 0, y: 0, width: 0, height: 0, rotation: 0, ...c.object }) as TiledObject
  const readerId = new Map<SourceChild, string>()
  const pools = new Map<string, IdPool>()
  for (const x of candidates) {
    if (!['walkable', 'gate', 'zone', 'point', 'hotspot'].includes(x.kind)) continue
    if (x.kind === 'walkable' && !objectOutline(filled(x.c))) continue
    const pool = pools.get(x.kind) ?? new IdPool()
    pools.set(x.kind, pool)
    const props = Array.isArray(x.c.object!.properties) ? x.c.object!.properties : []
    const id = x.kind === 'walkable' ? undefined : props.find((p) => p?.name === 'walkbox.id')?.value
    const fallback = x.kind === 'walkable' ? 'polygon' : x.kind
    // read-elements.ts names a nameless point after its object's id.
    const name = x.c.object!.name || (x.kind === 'point' ? `point-${String(x.c.object!.id)}` : '')
    readerId.set(x.c, typeof id === 'string' ? pool.keep(id) : pool.take(name || fallback, fallback))
  }
  /**
   * The id the reader gives the map's object `c` when written as `o`: its own reader id while
   * it keeps its name (a second 'enemy1' is 'enemy1-2'); a renamed one's follows its new name.
   */
  const idIfNamed = (c: SourceChild, o: TiledObject): string | undefined =>
    (c.object?.name ?? '') === o.name ? readerId.get(c) : undefined
  /** The id of the room element a written object is (undefined: none to match by). */
  const roomId = (o: TiledObject): string | undefined => {
    if (o.type === 'walkable') return o.name
    const id = o.properties?.find((p) => p.name === 'walkbox.id')?.value
    return typeof id === 'string' ? id : undefined
  }
  /** Does the map's object `c` give the written object's name back (where a name is room data)? */
  const nameReadsBack = (c: SourceChild, o: TiledObject): boolean => {
    const theirs = c.object?.name ?? ''
    if (o.type === 'walkable') return theirs === o.name || readerId.get(c) === o.name
    if (['gate', 'zone', 'point', 'hotspot'].includes(o.type)) return theirs === o.name
    return true
  }
  const vertexKey = ([x, y]: [number, number]) => `${round6(x)},${round6(y)}`
  const vertexKeys = new Map<SourceChild, string[]>()

  // 2. Per edited group: match each written object to a map object of its kind, in any layer.
  const plans = new Map<Flat<Ref> | string, { at?: Flat<Ref>; name: string; adds: TiledObject[] }>()
  const replaced = new Map<SourceChild, TiledObject>()
  const removed = new Set<SourceChild>()
  let kept = 0
  for (const g of toWrite) {
    const layer = byName.get(g.name)
    if (!layer) continue
    const theirs = candidates.filter((x) => g.kinds.includes(x.kind))
    const used = new Set<Candidate<Ref>>()
    const matches: (Candidate<Ref> | undefined)[] = layer.objects.map(() => undefined)
    const shifted = (o: TiledObject, at: Flat<Ref>) => ({ ...o, x: o.x - at.dx, y: o.y - at.dy })
    const pass = (ok: (x: Candidate<Ref>, o: TiledObject, i: number) => boolean) =>
      layer.objects.forEach((o, i) => {
        if (matches[i]) return
        const x = theirs.find((t) => !used.has(t) && t.kind === o.type && ok(t, o, i))
        if (x) {
          used.add(x)
          matches[i] = x
        }
      })
    pass((x, o) => (x.c.object!.name ?? '') === o.name)
    pass((x, o) => roomId(o) !== undefined && readerId.get(x.c) === roomId(o))
    pass((x, o) => sameObject(x.c.object!, shifted(o, x.at), o, idIfNamed(x.c, o)))
    layer.objects.forEach((o, i) => {
      if (matches[i] || o.type !== 'hole') return
      const mine = new Set((objectOutline(o) ?? []).map(vertexKey))
      const of = o.properties?.find((p) => p.name === 'of')?.value
      const owner = matches[layer.objects.findIndex((x) => x.id === of)]?.c.object?.id
      let best: Candidate<Ref> | undefined
      let most = 0
      for (const x of theirs) {
        if (used.has(x) || x.kind !== 'hole') continue
        const theirOf = (Array.isArray(x.c.object!.properties) ? x.c.object!.properties : []).find(
          (p) => p?.name === 'of',
        )?.value
        if (theirOf !== undefined && owner !== undefined && Number(theirOf) !== Number(owner)) continue
        let keys = vertexKeys.get(x.c)
        if (!keys) {
          keys = (objectOutline(filled(x.c), x.at.dx, x.at.dy) ?? []).map(vertexKey)
          vertexKeys.set(x.c, keys)
        }
        const shared = keys.filter((k) => mine.has(k)).length
        if (shared > most) {
          most = shared
          best = x
        }
      }
      if (best) {
        used.add(best)
        matches[i] = best
      }
    })
    pass((_, o) => o.type === 'hole')
    // Ids: a matched object keeps its own; new ones take the map's next.
    // Ids: a matched object keeps its own (none, when the map gives it none); new ones take
    // the map's next, only when they are written.
    const finalId = new Map<number, number>()
    const index = new Map(layer.objects.map((o, i) => [o.id, i]))
    const idOf = (writtenId: number, allocate = true): number => {
      let id = finalId.get(writtenId)
      if (id === undefined) {
        const i = index.get(writtenId)
        const theirs = i === undefined ? undefined : matches[i]
        const own = Number(theirs?.c.object?.id)
        if (Number.isInteger(own) && own > 0) id = own
        // A map object without an id (older Tiled) is rewritten without one, as it was.
        else if (theirs) id = 0
        else if (!allocate) return 0
        else id = nextObject++
        finalId.set(writtenId, id)
      }
      return id
    }
    const renumber = (
      o: TiledObject,
      at: { dx: number; dy: number } | undefined,
      allocate = true,
    ): TiledObject => ({
      ...o,
      id: idOf(o.id, allocate),
      x: o.x - (at?.dx ?? 0),
      y: o.y - (at?.dy ?? 0),
      ...(o.properties
        ? {
            properties: o.properties.map((p) =>
              // Walkbox's own references name written objects; a custom property's names the map's.
              p.type === 'object' && typeof p.value === 'number' && customPropertyKey(o.type, p) === null
                ? { ...p, value: idOf(p.value, allocate) }
                : p,
            ),
          }
        : {}),
    })
    // Where new objects go: the first layer of this kind, else the first holding its objects.
    const home =
      flat.find((f) => f.layer.type === 'objectgroup' && f.kind?.kind === g.layer) ??
      theirs.find((x) => x.kind === g.kinds[0])?.at
    layer.objects.forEach((o, i) => {
      const x = matches[i]
      if (x) {
        const looked = renumber(o, x.at, false)
        if (sameObject(x.c.object!, looked, o, idIfNamed(x.c, o)) && nameReadsBack(x.c, looked)) {
          kept++
          return
        }
        const mine = renumber(o, x.at)
        const keepName = o.type === 'hole' || (o.type === 'walkable' && nameReadsBack(x.c, mine))
        const own = asTheMapHasIt(mine, x.c.object!, o, keepName, file, notes, idIfNamed(x.c, o))
        replaced.set(x.c, anchored(own, x.c.object!, file, notes))
        return
      }
      const key = home ?? g.name
      const plan = plans.get(key) ?? { ...(home ? { at: home } : {}), name: g.name, adds: [] }
      plans.set(key, plan)
      const mine = renumber(o, home)
      const implied =
        home?.kind && IMPLYING_RULES.includes(home.kind.rule) && OBJECT_KIND_OF[home.kind.kind] === o.type
      plan.adds.push(implied ? { ...mine, type: '' } : mine)
    })
    for (const x of theirs) if (!used.has(x)) removed.add(x.c)
  }

  // 3. The layers that change: their pieces in the map's order, new objects after them.
  const layers: LayerPlan<Ref>[] = []
  const templates = new Set<string>()
  for (const at of flat) {
    if (at.layer.type !== 'objectgroup') continue
    const plan = plans.get(at)
    const touched = plan !== undefined || at.layer.children.some((c) => replaced.has(c) || removed.has(c))
    if (!touched) continue
    const pieces: Piece[] = []
    for (const c of at.layer.children) {
      if (removed.has(c)) continue
      const r = replaced.get(c)
      if (r && c.object?.template !== undefined) templates.add(at.layer.name)
      pieces.push(r ? { write: r, replaces: c } : { keep: c })
    }
    for (const o of plan?.adds ?? []) pieces.push({ write: o })
    layers.push({ written: objectLayer(at.layer.name), existing: at.layer, pieces })
  }
  for (const [key, plan] of plans) {
    if (typeof key !== 'string') continue
    layers.push({
      written: objectLayer(plan.name),
      pieces: plan.adds.map((o) => ({ write: o })),
      newId: nextLayer++,
    })
    notes.push(`${file}: layer '${plan.name}' added`)
  }
  for (const name of templates)
    notes.push(`${file}: layer '${name}': template instances are written as plain objects`)
  if (removed.size > 0)
    notes.push(
      `${file}: ${removed.size} object${removed.size === 1 ? '' : 's'} the room no longer has taken out`,
    )
  if (kept > 0) notes.push(`${file}: ${kept} objects unchanged, kept byte for byte`)
  notes.push(
    `${file}: map properties, tilesets, image and tile layers are kept as they are; room data that lives in map properties (size, areas, scaling, test walk) is not rewritten`,
  )
  return { layers, nextObject, nextLayer, notes, problems, mapped, changed: layers.length > 0 }
}

/** An empty object layer of this name as Walkbox writes it. */
function objectLayer(name: string): Extract<TiledLayer, { type: 'objectgroup' }> {
  return {
    id: 0,
    name,
    type: 'objectgroup',
    draworder: 'index',
    objects: [],
    opacity: 1,
    visible: true,
    x: 0,
    y: 0,
  }
}

/** A polygon object of `ring` (map px) in a layer at offset (dx, dy). */
function polygonObject(id: number, ring: Ring, dx: number, dy: number, type: string): TiledObject {
  const [x0, y0] = ring[0]
  return {
    id,
    name: '',
    type,
    x: round6(x0 - dx),
    y: round6(y0 - dy),
    width: 0,
    height: 0,
    rotation: 0,
    visible: true,
    polygon: ring.map(([x, y]) => ({ x: round6(x - x0), y: round6(y - y0) })),
  }
}

/** The plan of an obstacle write (obstacle-plan.ts) as layers. */
function writeObstacles<Ref>(
  result: ObstaclePlan,
  flat: Flat<Ref>[],
  nextObject: number,
  nextLayer: number,
  file: string,
  notes: string[],
  mapped: Record<string, LayerKind>,
): InPlacePlan<Ref> {
  const home = flat.find((f) => f.layer.type === 'objectgroup' && f.kind?.kind === 'obstacles')
  const type = home?.kind && IMPLYING_RULES.includes(home.kind.rule) ? '' : 'obstacle'
  const adds = result.add.map((ring) => polygonObject(nextObject++, ring, home?.dx ?? 0, home?.dy ?? 0, type))
  const at = new Map<SourceChild, Flat<Ref>>()
  for (const f of flat) for (const c of f.layer.children) at.set(c, f)
  const rewrite = new Map<SourceChild, TiledObject>()
  for (const [c, ring] of result.rewrite) {
    const f = at.get(c)!
    const given = c.object!
    const o = polygonObject(Number(given.id) || nextObject++, ring, f.dx, f.dy, 'obstacle')
    rewrite.set(c, anchored(asTheMapHasIt(o, given, o, true, file, notes), given, file, notes, true))
  }
  const layers: LayerPlan<Ref>[] = []
  for (const f of flat) {
    if (f.layer.type !== 'objectgroup') continue
    const isHome = f === home && adds.length > 0
    if (!isHome && !f.layer.children.some((c) => rewrite.has(c) || result.remove.has(c))) continue
    const pieces: Piece[] = []
    for (const c of f.layer.children) {
      if (result.remove.has(c)) continue
      const r = rewrite.get(c)
      pieces.push(r ? { write: r, replaces: c } : { keep: c })
    }
    if (isHome) for (const o of adds) pieces.push({ write: o })
    layers.push({ written: objectLayer(f.layer.name), existing: f.layer, pieces })
  }
  if (!home && adds.length > 0) {
    const name = 'obstacles'
    layers.push({ written: objectLayer(name), pieces: adds.map((o) => ({ write: o })), newId: nextLayer++ })
    mapped[name] = 'obstacles'
    notes.push(
      `${file}: layer '${name}' added for the new obstacles (remembered in the map property walkbox.layers)`,
    )
  }
  return { layers, nextObject, nextLayer, notes, problems: [], mapped, changed: layers.length > 0 }
}

/**
 * The new text of the map property walkbox.flags, or null to leave the map as it is: only
 * when the project's flags the room names differ from what the map gives on import (its
 * walkbox.flags `current`, and the flags the room names, default false): another default,
 * another name than walkbox.flags gives, or walkbox.flags listing flags the room no longer
 * names. (A flag the map does not list has no name of the map's own: an unedited game
 * whose maps name one flag, one listing it with a name, writes nothing.)
 */
export function flagsPropertyText(
  room: Room,
  flags: readonly { id: string; name?: string; default: boolean }[],
  current: string | undefined,
): string | null {
  const wanted = flagsTheMapCarries(room, flags)
  if (wanted.length === 0) return null
  const props = new Map(current === undefined ? [] : [['walkbox.flags', current]])
  const given = readFlags(props, room, [])
  // The flags the map lists itself (the others it gives default false, named by their id:
  // no name of the map's own to differ from).
  const listed = new Set(
    readFlags(props, { ...room, areas: [], zones: [], gates: [], hotspots: [] }, []).map((f) => f.id),
  )
  const same =
    given.length === wanted.length &&
    wanted.every((f) => {
      const g = given.find((x) => x.id === f.id)
      return g !== undefined && g.default === f.default && (!listed.has(f.id) || g.name === f.name)
    })
  return same ? null : JSON.stringify(wanted)
}
