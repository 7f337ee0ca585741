/**
 * A room written back into the game's own .tmx in place: the object layers Walkbox owns are
 * rewritten and every other byte of the file is kept (other layers, tilesets, map
 * properties, comments, attribute order, the file's line endings elsewhere).
 *
 * Glossary
 * - owned layer: a top-level <objectgroup> named as Walkbox names its layers (`walkable`,
 *   `gates`, `zones`, `node graph`, `points`). Its start and end tags are kept (its id,
 *   colour, visibility, offsets...) and the objects between them are replaced; an owned
 *   layer the map lacks is added before </map> with the map's next layer id.
 * - foreign geometry: objects of a kind Walkbox reads (walkable, hole, gate, zone, node,
 *   join, point) in any other layer, or walk polygons Walkbox traced from a tile layer.
 *   Writing the room would then put them in the file twice, so the write is refused,
 *   naming them.
 * - new ids: written objects take ids from the map's nextobjectid up (object references
 *   `of`, `a`, `b` follow), and nextobjectid / nextlayerid are raised in the <map> tag.
 *
 * Units: px; text offsets in UTF-16 units.
 */
import type { Room } from '../../room/schema'
import { TiledMapRefused } from './external-files'
import { roomToTiledMap, type TiledLayer, type TiledObject } from './map'
import { KINDS, idBase, layerKind, shiftRoom } from './read-map'
import { objectOutline, polylinePoints } from './object-shapes'
import { layerXml, objectFromXml, parseXml, type XmlElement } from './tmx'

export const OWNED_LAYERS = ['walkable', 'gates', 'zones', 'node graph', 'points'] as const

interface Edit {
  start: number
  end: number
  text: string
}

/** What in the map other than the owned layers gives the room geometry (one line each). */
function foreignGeometry(root: XmlElement, room: Room): string[] {
  const problems: string[] = []
  const visit = (el: XmlElement, top: boolean, depth: number) => {
    for (const c of el.children) {
      const name = c.attrs.name ?? ''
      if (c.name === 'group' && depth < 32) visit(c, false, depth + 1)
      else if (c.name === 'objectgroup') {
        if (top && (OWNED_LAYERS as readonly string[]).includes(name)) continue
        const fromLayer = layerKind(name)
        const found = c.children.filter((o) => {
          if (o.name !== 'object') return false
          const kind = o.attrs.type ?? o.attrs.class ?? (o.attrs.template ? '' : fromLayer)
          return (
            (KINDS as readonly string[]).includes(kind) ||
            (o.attrs.template !== undefined && fromLayer !== '')
          )
        })
        if (found.length > 0)
          problems.push(
            `layer '${name}' holds ${found.length} object${found.length === 1 ? '' : 's'} Walkbox reads (object ${found
              .slice(0, 5)
              .map((o) => o.attrs.id)
              .join(
                ', ',
              )}${found.length > 5 ? ', …' : ''}); writing the room would put them in the map twice`,
          )
      } else if (c.name === 'layer') {
        const base = idBase(name || 'tiles', 'tiles')
        const traced = room.polygons.filter(
          (p) => p.id === base || new RegExp(`^${base.replace(/[.]/g, '\\.')}-\\d+$`).test(p.id),
        )
        if (traced.length > 0)
          problems.push(
            `tile layer '${name}' gave walk polygons (${traced.map((p) => p.id).join(', ')}); writing them as objects would put them in the map twice`,
          )
      }
    }
  }
  visit(root, true, 0)
  return problems
}

/**
 * The .tmx text with the room's object layers written in place, and notes. Throws
 * TiledMapRefused when other layers hold geometry the room would repeat.
 */
export function writeRoomIntoTmx(text: string, file: string, room: Room): { text: string; notes: string[] } {
  const root = parseXml(text, file)
  if (root.name !== 'map') throw new Error(`${file}: not a Tiled map (the root element is <${root.name}>)`)
  if (root.span.openEnd === root.span.end) throw new Error(`${file}: an empty <map/>`)
  const problems = foreignGeometry(root, room)
  if (problems.length > 0) throw new TiledMapRefused(file, problems)
  const notes: string[] = []

  let nextObject = Math.max(1, Number(root.attrs.nextobjectid) || 1)
  let nextLayer = Math.max(1, Number(root.attrs.nextlayerid) || 1)
  // Map px = room px - sceneOffset (an infinite map's room starts left of or above its origin).
  const placed: Room = room.sceneOffset ? (JSON.parse(JSON.stringify(room)) as Room) : room
  if (room.sceneOffset) shiftRoom(placed, -room.sceneOffset.x, -room.sceneOffset.y)
  const written = roomToTiledMap(placed)
  const owned = written.map.layers.filter(
    (l): l is Extract<TiledLayer, { type: 'objectgroup' }> => l.type === 'objectgroup',
  )
  const topLayers = root.children.filter((c) => c.name === 'objectgroup')
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const indentBefore = (at: number) => /[ \t]*$/.exec(text.slice(Math.max(0, at - 200), at))![0]

  // 1. Match each written object to the map's object of the same name and kind in the same
  //    layer: it keeps that id, and its very bytes when it reads back the same.
  const plans = owned.map((l) => {
    const existing = topLayers.filter((c) => c.attrs.name === l.name)
    if (existing.length > 1)
      notes.push(`${file}: ${existing.length} layers named '${l.name}'; the first is written`)
    const el = existing[0]
    const dx = Number(el?.attrs.offsetx) || 0
    const dy = Number(el?.attrs.offsety) || 0
    const kindOf = (o: XmlElement) => o.attrs.type ?? o.attrs.class ?? layerKind(l.name)
    const readable = (o: XmlElement) =>
      o.name === 'object' &&
      (KINDS as readonly string[]).includes(kindOf(o)) &&
      !o.children.some((x) => !['properties', 'point', 'ellipse', 'polygon', 'polyline'].includes(x.name))
    const theirs = el ? el.children.filter(readable) : []
    // By name and kind; then (holes have no names in a room) by kind and same shape; then
    // a hole the author moved takes the id of a hole no longer there.
    const used = new Set<XmlElement>()
    const matches: (XmlElement | undefined)[] = l.objects.map(() => undefined)
    const pass = (ok: (c: XmlElement, o: TiledObject) => boolean) =>
      l.objects.forEach((o, i) => {
        if (matches[i]) return
        const e = theirs.find((c) => !used.has(c) && kindOf(c) === o.type && ok(c, o))
        if (e) {
          used.add(e)
          matches[i] = e
        }
      })
    pass((c, o) => (c.attrs.name ?? '') === o.name)
    pass((c, o) => sameObject(c, { ...o, x: o.x - dx, y: o.y - dy }, o))
    pass((_, o) => o.type === 'hole')
    return { l, el, dx, dy, readable, matches }
  })
  const finalId = new Map<number, number>()
  for (const p of plans)
    p.l.objects.forEach((o, i) => {
      const e = p.matches[i]
      finalId.set(o.id, e && Number(e.attrs.id) > 0 ? Number(e.attrs.id) : nextObject++)
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

  // 2. The layers' new contents.
  const edits: Edit[] = []
  let kept = 0
  for (const { l, el, dx, dy, readable, matches } of plans) {
    const objects = l.objects.map((o) => renumber(o, dx, dy))
    // The text of written object i: the map's own bytes when it reads back the same.
    const textOf = (i: number): string => {
      const e = matches[i]
      if (e && sameObject(e, objects[i], l.objects[i])) {
        kept++
        return indentBefore(e.span.start) + text.slice(e.span.start, e.span.end)
      }
      return layerXml({ ...l, objects: [objects[i]] })
        .slice(1, -1)
        .join(eol)
    }
    const lines: string[] = []
    if (el && el.span.openEnd !== el.span.end) {
      // In the map's order: objects Walkbox does not read (other types, text) and the
      // layer's properties byte for byte, matched objects in their place, removed ones
      // gone; new objects after them. The tags and the indentation before </objectgroup> stay.
      const slot = new Map<XmlElement, number>()
      matches.forEach((e, i) => e && slot.set(e, i))
      let others = 0
      for (const c of el.children) {
        if (!readable(c)) {
          if (c.name === 'object') others++
          lines.push(indentBefore(c.span.start) + text.slice(c.span.start, c.span.end))
        } else if (slot.has(c)) lines.push(textOf(slot.get(c)!))
      }
      objects.forEach((_, i) => {
        if (!matches[i]) lines.push(textOf(i))
      })
      if (others > 0)
        notes.push(`${file}: layer '${l.name}': ${others} objects Walkbox does not read kept as they are`)
      if (el.children.some((c) => c.name === 'object' && c.attrs.template !== undefined))
        notes.push(`${file}: layer '${l.name}': template instances are written as plain objects`)
      const indent = /[ \t]*$/.exec(text.slice(el.span.openEnd, el.span.closeStart))![0]
      edits.push({
        start: el.span.openEnd,
        end: el.span.closeStart,
        text: lines.length > 0 ? `${eol}${lines.join(eol)}${eol}${indent}` : `${eol}${indent}`,
      })
    } else if (el) {
      if (objects.length === 0) continue
      objects.forEach((_, i) => lines.push(textOf(i)))
      const open = text.slice(el.span.start, el.span.end).replace(/\s*\/>$/, '>')
      edits.push({
        start: el.span.start,
        end: el.span.end,
        text: `${open}${eol}${lines.join(eol)}${eol}${indentBefore(el.span.start)}</objectgroup>`,
      })
    } else if (objects.length > 0) {
      const layer = layerXml({ ...l, id: nextLayer++, objects })
      edits.push({ start: root.span.closeStart, end: root.span.closeStart, text: `${layer.join(eol)}${eol}` })
      notes.push(`${file}: layer '${l.name}' added`)
    }
  }
  if (kept > 0) notes.push(`${file}: ${kept} objects unchanged, kept byte for byte`)

  // Raise nextobjectid / nextlayerid in the <map> tag (attributes added when missing).
  const mapTag = text.slice(root.span.start, root.span.openEnd)
  let newTag = mapTag
  for (const [attr, value] of [
    ['nextobjectid', nextObject],
    ['nextlayerid', nextLayer],
  ] as const) {
    const re = new RegExp(`(\\s${attr}\\s*=\\s*["'])(\\d*)(["'])`)
    newTag = re.test(newTag)
      ? newTag.replace(
          re,
          (_, a: string, old: string, c: string) => `${a}${Math.max(Number(old) || 0, value)}${c}`,
        )
      : newTag.replace(/\s*>$/, ` ${attr}="${value}">`)
  }
  if (newTag !== mapTag) edits.push({ start: root.span.start, end: root.span.openEnd, text: newTag })
  notes.push(
    `${file}: map properties, tilesets, image and tile layers are kept as they are; room data that lives in map properties (size, areas, scaling, test walk) is not rewritten`,
  )
  // Last edit first; edits at one offset (added layers) keep their order.
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.start - a.e.start || b.i - a.i)
  let out = text
  for (const { e } of order) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  return { text: out, notes: [...written.notes.filter((n) => !/^areas:/.test(n)), ...notes] }
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6

/**
 * Does the map's object `e` read back as the written object `o` (its geometry, and every
 * property Walkbox writes that is not simply its default)? `w` is `o` before renumbering.
 */
function sameObject(e: XmlElement, o: TiledObject, w: TiledObject): boolean {
  // objectFromXml leaves out what the element does not say; Tiled's defaults are 0.
  const given: Partial<TiledObject> = objectFromXml(e)
  const theirs = { x: 0, y: 0, width: 0, height: 0, rotation: 0, ...given } as TiledObject
  const shape = (x: TiledObject) => (x.point ? [[x.x, x.y]] : (objectOutline(x) ?? polylinePoints(x) ?? []))
  const a = shape(theirs)
  const b = shape(o)
  if (a.length !== b.length || a.some(([x, y], i) => !near(x, b[i][0]) || !near(y, b[i][1]))) return false
  const props = new Map((theirs.properties ?? []).map((p) => [p.name, String(p.value)]))
  for (const p of o.properties ?? []) {
    const have = props.get(p.name)
    if (have !== undefined) {
      if (have !== String(p.value)) return false
      continue
    }
    // Written but absent from the map: fine when the reader would give the same by default.
    const v = p.value
    if (p.name === 'walkbox.id' && v === idBase(w.name || '', '')) continue
    if (p.name === 'areaId' && v === 1) continue
    if (p.name === 'of' && w.type === 'hole') continue
    if ((p.name === 'enter' || p.name === 'exit' || p.name === 'stand') && v === '') continue
    if (p.name === 'flagExpression' && v === 'true') continue
    return false
  }
  return true
}
