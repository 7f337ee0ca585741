/**
 * What writing a room back into a game's own Tiled map changes, whatever the map's text
 * format (.tmx: write-in-place.ts, .tmj: write-in-place-json.ts): which object layers are
 * Walkbox's, which of their objects keep their bytes, which ids the written objects take,
 * and what in the map would make the write put geometry in twice.
 *
 * Glossary
 * - owned layer: a top-level object layer named as Walkbox names its layers (`walkable`,
 *   `gates`, `zones`, `node graph`, `points`); its objects are the room's.
 * - readable object: one of a kind Walkbox reads (walkable, hole, gate, zone, node, join,
 *   point; by type or by its layer's name) with an area, a point or a line (not text).
 * - piece: what an owned layer holds after the write, in order: a child of the map's layer
 *   kept byte for byte (its properties, objects Walkbox does not read, objects that read back
 *   the same) or a written object.
 * - foreign geometry: readable objects in any other layer, or walk polygons Walkbox traced
 *   from a tile layer: the write is refused, naming them.
 *
 * Units: px; offsets in UTF-16 units.
 */
import type { Room } from '../../room/schema'
import { IdPool } from '../../room/names'
import {
  flagsTheMapCarries,
  roomToTiledMap,
  type TiledLayer,
  type TiledObject,
  type TiledProperty,
} from './map'
import { objectOutline, polylinePoints } from './object-shapes'
import { KINDS, READ_PROPERTIES, idBase, layerKind, readFlags, shiftRoom } from './read-map'

export const OWNED_LAYERS = ['walkable', 'gates', 'zones', 'node graph', 'points'] as const

/** A child of an object layer in the map's text (TMX: also <properties>). */
export interface SourceChild {
  start: number
  end: number
  /** Set for objects: the object as far as the map says it (Tiled's defaults not filled). */
  object?: Partial<TiledObject> & { text?: unknown; otherShape?: string }
}

/** A layer of the map's text. */
export interface SourceLayer<Ref> {
  type: 'objectgroup' | 'group' | 'tilelayer' | 'other'
  name: string
  offsetx: number
  offsety: number
  children: SourceChild[]
  layers: SourceLayer<Ref>[]
  /** The format's own handle (an XML element, a JSON node). */
  ref: Ref
}

export type Piece = { keep: SourceChild } | { write: TiledObject }

export interface LayerPlan<Ref> {
  /** The layer as Walkbox writes it (objects renumbered, moved by the layer's offset). */
  written: Extract<TiledLayer, { type: 'objectgroup' }>
  /** The map's top-level layer of that name, when it has one. */
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
}

const isKind = (k: string) => (KINDS as readonly string[]).includes(k)

const kindOf = (o: SourceChild['object'], layer: string): string =>
  (typeof o?.type === 'string' && o.type) || layerKind(layer)

/** Is this child an object Walkbox reads (and so writes)? */
function readable(c: SourceChild, layer: string): boolean {
  const o = c.object
  return !!o && !o.text && !o.otherShape && isKind(kindOf(o, layer))
}

function foreignGeometry<Ref>(layers: SourceLayer<Ref>[], room: Room): string[] {
  const problems: string[] = []
  const visit = (list: SourceLayer<Ref>[], top: boolean, depth: number) => {
    for (const l of list) {
      if (l.type === 'group' && depth < 32) visit(l.layers, false, depth + 1)
      else if (l.type === 'objectgroup') {
        if (top && (OWNED_LAYERS as readonly string[]).includes(l.name)) continue
        const found = l.children.filter((c) => readable(c, l.name))
        if (found.length > 0)
          problems.push(
            `layer '${l.name}' holds ${found.length} object${found.length === 1 ? '' : 's'} Walkbox reads (object ${found
              .slice(0, 5)
              .map((c) => c.object?.id)
              .join(
                ', ',
              )}${found.length > 5 ? ', …' : ''}); writing the room would put them in the map twice`,
          )
      } else if (l.type === 'tilelayer') {
        const base = idBase(l.name || 'tiles', 'tiles')
        const traced = room.polygons.filter(
          (p) => p.id === base || (p.id.startsWith(`${base}-`) && /^\d+$/.test(p.id.slice(base.length + 1))),
        )
        if (traced.length > 0)
          problems.push(
            `tile layer '${l.name}' gave walk polygons (${traced.map((p) => p.id).join(', ')}); writing them as objects would put them in the map twice`,
          )
      }
    }
  }
  visit(layers, true, 0)
  return problems
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6

/**
 * The points of an object's shape (a point, an outline or a polyline), made once per object
 * (`key`; neither the map's objects nor the written ones change once made): a plan compares
 * every written object with every map object of its layer.
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

/** Does the reader give the value of `p` (written for `w`) when the map leaves the property out? */
function sameWhenAbsent(p: TiledProperty, w: TiledObject): boolean {
  const v = p.value
  if (p.name === 'walkbox.id' && v === idBase(w.name || '', '')) return true
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
export function sameObject(given: Partial<TiledObject>, o: TiledObject, w: TiledObject): boolean {
  // What the map leaves out is Tiled's default, 0.
  const theirs = { x: 0, y: 0, width: 0, height: 0, rotation: 0, ...given } as TiledObject
  const a = shapeOf(given, theirs)
  const b = shapeOf(o, o)
  if (a.length !== b.length || a.some(([x, y], i) => !near(x, b[i][0]) || !near(y, b[i][1]))) return false
  const props = new Map(
    (Array.isArray(theirs.properties) ? theirs.properties : []).map((p) => [p.name, String(p.value)]),
  )
  for (const p of o.properties ?? []) {
    const have = props.get(p.name)
    if (have !== undefined) {
      if (have !== String(p.value)) return false
      continue
    }
    // Written but absent from the map: fine when the reader would give the same by default.
    if (!sameWhenAbsent(p, w)) return false
  }
  return true
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6

/** Property types a rewritten object keeps as the map gives them (a class value is not kept). */
const PLAIN_TYPES = ['string', 'int', 'float', 'bool', 'color', 'file', 'object']

/**
 * The written object `o` as the map's object `given` it replaces has it, where the room does
 * not say otherwise: its name when `keepName` (a hole's name is no room data; a walk
 * polygon's, when it gives the polygon's id), whether it is visible, and its properties in
 * the map's order: Walkbox's with the room's values, those the map leaves out left out when
 * the reader gives the same without them, the map's own (that Walkbox does not read) kept.
 * `w` is `o` before renumbering.
 */
function asTheMapHasIt(
  o: TiledObject,
  given: SourceChild['object'] & object,
  w: TiledObject,
  keepName: boolean,
  file: string,
  notes: string[],
): TiledObject {
  const theirs: TiledProperty[] = Array.isArray(given.properties) ? given.properties : []
  const reads = (name: string) =>
    (READ_PROPERTIES[o.type] ?? []).includes(name) || (o.type === 'zone' && name.startsWith('property.'))
  const mine = new Map((o.properties ?? []).map((p) => [p.name, p]))
  const properties: TiledProperty[] = []
  for (const p of theirs) {
    if (typeof p?.name !== 'string') continue
    if (reads(p.name)) {
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
  for (const p of o.properties ?? []) if (!listed.has(p.name) && !sameWhenAbsent(p, w)) properties.push(p)
  const { properties: _written, ...rest } = o
  return {
    ...rest,
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
function anchored(o: TiledObject, given: Partial<TiledObject>, file: string, notes: string[]): TiledObject {
  const key = o.polygon ? 'polygon' : o.polyline ? 'polyline' : null
  if (!key || !(given.polygon ?? given.polyline)) return o
  if (given.rotation) {
    notes.push(
      `${file}: object ${String(given.id)} ('${o.name}') is rotated in the map; it is written unrotated from its first vertex`,
    )
    return o
  }
  const ax = Number(given.x) || 0
  const ay = Number(given.y) || 0
  const points = o[key]!.map((p) => ({ x: round6(p.x + o.x - ax), y: round6(p.y + o.y - ay) }))
  return { ...o, x: ax, y: ay, [key]: points }
}

/** The plan for writing `room` into a map whose layers are `top` (ids from the map's next ids). */
export function planInPlace<Ref>(
  top: SourceLayer<Ref>[],
  room: Room,
  next: { object: number; layer: number },
  file: string,
  map: { infinite: boolean },
): InPlacePlan<Ref> {
  const notes: string[] = []
  const problems = foreignGeometry(top, room)
  if (problems.length > 0)
    return { layers: [], nextObject: next.object, nextLayer: next.layer, notes, problems }
  let nextObject = Math.max(1, next.object)
  let nextLayer = Math.max(1, next.layer)
  // An infinite map's room starts where its content does (read-map.ts): map px = room px -
  // sceneOffset. A finite map's px are room px (a sceneOffset there is another engine's).
  const shift = map.infinite && room.sceneOffset ? room.sceneOffset : null
  const placed: Room = shift ? (JSON.parse(JSON.stringify(room)) as Room) : room
  if (shift) shiftRoom(placed, -shift.x, -shift.y)
  const written = roomToTiledMap(placed)
  notes.push(...written.notes.filter((n) => !/^areas:/.test(n)))
  const owned = written.map.layers.filter(
    (l): l is Extract<TiledLayer, { type: 'objectgroup' }> => l.type === 'objectgroup',
  )

  // The id the reader gives each object of the owned layers (read-map.ts: a walk polygon's
  // from its name; a gate's, zone's or point's its walkbox.id, else from its name).
  const filled = (c: SourceChild) =>
    ({ x: 0, y: 0, width: 0, height: 0, rotation: 0, ...c.object }) as TiledObject
  const readerId = new Map<SourceChild, string>()
  const pools = new Map<string, IdPool>()
  for (const l of top) {
    if (l.type !== 'objectgroup' || !(OWNED_LAYERS as readonly string[]).includes(l.name)) continue
    for (const c of l.children) {
      const kind = kindOf(c.object, l.name)
      if (!readable(c, l.name) || !['walkable', 'gate', 'zone', 'point'].includes(kind)) continue
      if (kind === 'walkable' && !objectOutline(filled(c))) continue
      const pool = pools.get(kind) ?? new IdPool()
      pools.set(kind, pool)
      const props = Array.isArray(c.object!.properties) ? c.object!.properties : []
      const given = kind === 'walkable' ? undefined : props.find((p) => p?.name === 'walkbox.id')?.value
      const fallback = kind === 'walkable' ? 'polygon' : kind
      readerId.set(
        c,
        typeof given === 'string' ? pool.keep(given) : pool.take(c.object!.name || fallback, fallback),
      )
    }
  }
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
    if (o.type === 'gate' || o.type === 'zone' || o.type === 'point') return theirs === o.name
    return true
  }
  const vertexKey = ([x, y]: [number, number]) => `${round6(x)},${round6(y)}`
  /** The map holes' vertices as keys, made once each. */
  const vertexKeys = new Map<SourceChild, string[]>()

  // 1. Match each written object to the map's object of the same name and kind in that layer;
  //    then to the one the reader made its id from (a renamed zone, a walk polygon named
  //    'Main Floor'); then of the same kind and shape; then, as holes have no names in a
  //    room, a hole of the same walk polygon sharing the most vertices with it (an edited
  //    hole); then a hole the author moved takes the id of one no longer there.
  const matched = owned.map((l) => {
    const same = top.filter((x) => x.type === 'objectgroup' && x.name === l.name)
    if (same.length > 1) notes.push(`${file}: ${same.length} layers named '${l.name}'; the first is written`)
    const existing = same[0]
    const dx = existing?.offsetx ?? 0
    const dy = existing?.offsety ?? 0
    const theirs = existing ? existing.children.filter((c) => readable(c, l.name)) : []
    const used = new Set<SourceChild>()
    const matches: (SourceChild | undefined)[] = l.objects.map(() => undefined)
    const pass = (ok: (c: SourceChild, o: TiledObject) => boolean) =>
      l.objects.forEach((o, i) => {
        if (matches[i]) return
        const c = theirs.find((t) => !used.has(t) && kindOf(t.object, l.name) === o.type && ok(t, o))
        if (c) {
          used.add(c)
          matches[i] = c
        }
      })
    pass((c, o) => (c.object!.name ?? '') === o.name)
    pass((c, o) => roomId(o) !== undefined && readerId.get(c) === roomId(o))
    const shifted = l.objects.map((o) => ({ ...o, x: o.x - dx, y: o.y - dy }))
    const at = new Map(l.objects.map((o, i) => [o, i]))
    pass((c, o) => sameObject(c.object!, shifted[at.get(o)!], o))
    l.objects.forEach((o, i) => {
      if (matches[i] || o.type !== 'hole') return
      const mine = new Set((objectOutline(shifted[i]) ?? []).map(vertexKey))
      const of = o.properties?.find((p) => p.name === 'of')?.value
      const owner = matches[l.objects.findIndex((x) => x.id === of)]?.object?.id
      let best: SourceChild | undefined
      let most = 0
      for (const c of theirs) {
        if (used.has(c) || kindOf(c.object, l.name) !== 'hole') continue
        const theirOf = (Array.isArray(c.object!.properties) ? c.object!.properties : []).find(
          (p) => p?.name === 'of',
        )?.value
        if (theirOf !== undefined && owner !== undefined && Number(theirOf) !== Number(owner)) continue
        let keys = vertexKeys.get(c)
        if (!keys) {
          keys = (objectOutline(filled(c)) ?? []).map(vertexKey)
          vertexKeys.set(c, keys)
        }
        const shared = keys.filter((k) => mine.has(k)).length
        if (shared > most) {
          most = shared
          best = c
        }
      }
      if (best) {
        used.add(best)
        matches[i] = best
      }
    })
    pass((_, o) => o.type === 'hole')
    return { l, existing, dx, dy, matches }
  })
  const finalId = new Map<number, number>()
  for (const m of matched)
    m.l.objects.forEach((o, i) => {
      const id = Number(m.matches[i]?.object?.id)
      finalId.set(o.id, Number.isInteger(id) && id > 0 ? id : nextObject++)
    })
  const renumber = (o: TiledObject, dx: number, dy: number): TiledObject => ({
    ...o,
    id: finalId.get(o.id)!,
    x: o.x - dx,
    y: o.y - dy,
    ...(o.properties
      ? {
          properties: o.properties.map((p) =>
            p.type === 'object' && typeof p.value === 'number'
              ? { ...p, value: finalId.get(p.value) ?? 0 }
              : p,
          ),
        }
      : {}),
  })

  // 2. Each owned layer's pieces, in the map's order; new objects after the map's.
  let kept = 0
  const layers: LayerPlan<Ref>[] = []
  for (const { l, existing, dx, dy, matches } of matched) {
    const objects = l.objects.map((o) => renumber(o, dx, dy))
    const writtenLayer = { ...l, objects }
    const pieceOf = (i: number): Piece => {
      const c = matches[i]
      if (c && sameObject(c.object!, objects[i], l.objects[i]) && nameReadsBack(c, objects[i])) {
        kept++
        return { keep: c }
      }
      if (!c) return { write: objects[i] }
      const o = objects[i]
      const keepName = o.type === 'hole' || (o.type === 'walkable' && nameReadsBack(c, o))
      const own = asTheMapHasIt(o, c.object!, l.objects[i], keepName, file, notes)
      return { write: anchored(own, c.object!, file, notes) }
    }
    if (!existing) {
      if (objects.length > 0) {
        layers.push({ written: writtenLayer, pieces: objects.map((o) => ({ write: o })), newId: nextLayer++ })
        notes.push(`${file}: layer '${l.name}' added`)
      }
      continue
    }
    const slot = new Map<SourceChild, number>()
    matches.forEach((c, i) => c && slot.set(c, i))
    const pieces: Piece[] = []
    let others = 0
    for (const c of existing.children) {
      if (!readable(c, l.name)) {
        if (c.object) others++
        pieces.push({ keep: c })
      } else if (slot.has(c)) pieces.push(pieceOf(slot.get(c)!))
    }
    objects.forEach((_, i) => {
      if (!matches[i]) pieces.push(pieceOf(i))
    })
    if (others > 0)
      notes.push(`${file}: layer '${l.name}': ${others} objects Walkbox does not read kept as they are`)
    if (existing.children.some((c) => c.object?.template !== undefined && readable(c, l.name)))
      notes.push(`${file}: layer '${l.name}': template instances are written as plain objects`)
    layers.push({ written: writtenLayer, existing, pieces })
  }
  if (kept > 0) notes.push(`${file}: ${kept} objects unchanged, kept byte for byte`)
  notes.push(
    `${file}: map properties, tilesets, image and tile layers are kept as they are; room data that lives in map properties (size, areas, scaling, test walk) is not rewritten`,
  )
  return { layers, nextObject, nextLayer, notes, problems }
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
  const listed = new Set(readFlags(props, { ...room, areas: [], zones: [], gates: [] }, []).map((f) => f.id))
  const same =
    given.length === wanted.length &&
    wanted.every((f) => {
      const g = given.find((x) => x.id === f.id)
      return g !== undefined && g.default === f.default && (!listed.has(f.id) || g.name === f.name)
    })
  return same ? null : JSON.stringify(wanted)
}
