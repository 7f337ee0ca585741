/**
 * AGS hotspots and Walkbox's hotspot layer, both ways, for AGS 4 room folders: read from
 * `hotspots.png` (index = hotspot id) and data.xml's `<Hotspots>` (one `<RoomHotspot>` per id,
 * 0..49, as the AGS 4 editor's Room.cs and RoomHotspot.cs serialise them), written back in
 * place (only the hotspot fields that changed, each element rewritten alone) and into a new
 * room folder.
 *
 * Glossary
 * - AGS id: 1..49; 0 is "no hotspot" (the room's background). A painted Walkbox hotspot keeps
 *   its mask id as its AGS id; a polygon hotspot is drawn into the mask with the lowest id no
 *   painted hotspot uses.
 * - default entry: what the AGS editor makes for an unused id: script name `hHotspotN`, no
 *   description or `Hotspot N` (the editor's Room.cs gives new rooms that one, and rooms made
 *   from AGS 3 keep it), walk-to point 0,0, no properties. An id with pixels or with anything
 *   else is a hotspot of the room; the others are not brought in (the AGS 3 reader,
 *   crm-import.ts, takes the same default text).
 * - script name: AGS refuses a room whose hotspot has a name with characters other than
 *   letters, digits and '_' or starting with a digit (Utilities.ValidateScriptName); names are
 *   written so.
 * - walk-to point: AGS reads x < 1 as "none" (Engine/ac/hotspot.cpp); Walkbox leaves such a
 *   hotspot without one.
 * - field names: AGS 4 writes `ScriptName` and `DisplayName` (older AGS 4 rooms: `Name` and
 *   `Description`); both are read, and a write keeps the name the file uses.
 *
 * Units: room px.
 */
import { fillRingsEvenOdd } from '../../geometry/rasterise'
import { hotspotCells } from '../../analysis/hotspots'
import { coordsToRing } from '../../room/convert'
import { idFromName } from '../../room/names'
import type { Hotspot, Room } from '../../room/schema'
import { encodeWalkBehindRows } from '../../room/walk-behinds'
import { AGS_LIMITS, type AgsHotspot } from './ags-room'
import { child, childrenNamed, parseXml, type XmlElement } from '../../codecs/xml/xml-read'
import {
  agsPropertiesProblem,
  agsStringElement,
  readXmlProperties,
  sameAgsProperties,
  setXmlProperties,
} from './ags-properties'
import { applyXmlEdits, lineEndOf, replaceElement, type XmlEdit } from '../../codecs/xml/xml-patch'
import { AGS_XML_CEILINGS } from '../../limits'

const text = (el: XmlElement | null): string | null => (el ? el.text.trim() : null)

/** One `<RoomHotspot>` of data.xml. */
export function readOpenRoomHotspot(h: XmlElement): AgsHotspot {
  const [x, y] = (text(child(h, 'WalkToPoint')) ?? '0,0').split(',').map((v) => Number(v.trim()))
  const properties = readXmlProperties(child(h, 'Properties'))
  return {
    scriptName: text(child(h, 'ScriptName')) ?? text(child(h, 'Name')) ?? '',
    description: text(child(h, 'DisplayName')) ?? text(child(h, 'Description')) ?? '',
    walkTo: { x: Number.isFinite(x) ? x : 0, y: Number.isFinite(y) ? y : 0 },
    properties,
  }
}

/** A valid AGS script name from a Walkbox name: letters, digits and '_', not starting with a digit. */
export function scriptNameOf(name: string): string {
  const out = name.replace(/[^A-Za-z0-9_]/g, '_')
  return /^[0-9]/.test(out) || out === '' ? `h${out}` : out
}

/** The AGS editor's script name for an unused hotspot id. */
const defaultName = (id: number) => `hHotspot${id}`

function isDefault(h: AgsHotspot, id: number): boolean {
  return (
    (h.scriptName === '' || h.scriptName.toLowerCase() === defaultName(id).toLowerCase()) &&
    (h.description === '' || h.description === `Hotspot ${id}`) &&
    h.walkTo.x < 1 &&
    Object.keys(h.properties ?? {}).length === 0
  )
}

function pixelCounts(cells: Uint8Array | null): Map<number, number> {
  const counts = new Map<number, number>()
  if (cells) for (const v of cells) if (v !== 0) counts.set(v, (counts.get(v) ?? 0) + 1)
  return counts
}

/**
 * The hotspot layer of an AGS room: a painted hotspot for every id that has pixels in the
 * room-size hotspot mask `cells` or fields other than the default ones, in id order.
 */
export function hotspotLayerFromAgs(
  entries: readonly AgsHotspot[],
  cells: Uint8Array | null,
  size: { width: number; height: number },
  notes: string[],
): Pick<Room, 'hotspots' | 'hotspotMask'> {
  const counts = pixelCounts(cells)
  const ids = new Set<number>(counts.keys())
  entries.forEach((h, id) => {
    if (id > 0 && !isDefault(h, id)) ids.add(id)
  })
  const hotspots: Hotspot[] = []
  for (const id of [...ids].sort((a, b) => a - b)) {
    const h = entries[id] ?? { scriptName: '', description: '', walkTo: { x: 0, y: 0 } }
    const name = h.scriptName || defaultName(id)
    hotspots.push({
      id: idFromName(
        name,
        hotspots.map((o) => o.id),
        'hotspot',
      ),
      name,
      ...(h.description ? { description: h.description } : {}),
      shape: { kind: 'mask', maskId: id },
      ...(h.walkTo.x >= 1 ? { walkTo: { x: h.walkTo.x, y: h.walkTo.y } } : {}),
      properties: { ...(h.properties ?? {}) },
    })
  }
  const used = hotspots.map(
    (h) =>
      `${h.shape.kind === 'mask' ? h.shape.maskId : ''} ${h.name} ${counts.get(h.shape.kind === 'mask' ? h.shape.maskId : 0) ?? 0} px`,
  )
  notes.push(
    hotspots.length === 0
      ? 'hotspots: none'
      : `hotspots: ${used.join(', ')}; in the hotspot layer (names, descriptions, walk-to points, properties)`,
  )
  const empty = hotspots.filter((h) => h.shape.kind === 'mask' && !counts.has(h.shape.maskId))
  if (empty.length > 0)
    notes.push(`hotspots ${empty.map((h) => h.name).join(', ')}: named in data.xml but with no pixels`)
  if (hotspots.length === 0) return {}
  return {
    hotspots,
    hotspotMask: {
      rows: encodeWalkBehindRows(cells ?? new Uint8Array(size.width * size.height), size.width, size.height),
    },
  }
}

/**
 * The AGS id each hotspot of the room is written with: a painted one its mask id, a polygon
 * the lowest id (1..49) no painted hotspot takes; a polygon left without an id is a note.
 */
export function agsHotspotIds(room: Room, notes: string[]): Map<string, number> {
  const ids = new Map<string, number>()
  const hotspots = room.hotspots ?? []
  const taken = new Set<number>()
  for (const h of hotspots)
    if (h.shape.kind === 'mask') {
      ids.set(h.id, h.shape.maskId)
      taken.add(h.shape.maskId)
    }
  const over = hotspots.filter((h) => h.shape.kind === 'mask' && h.shape.maskId >= AGS_LIMITS.hotspots)
  if (over.length > 0)
    notes.push(
      `hotspots ${over.map((h) => h.name).join(', ')}: mask ids above AGS's ${AGS_LIMITS.hotspots - 1}; their pixels are written, AGS ignores them and their fields are not written`,
    )
  let next = 1
  for (const h of hotspots) {
    if (h.shape.kind !== 'polygon') continue
    while (taken.has(next)) next++
    if (next >= AGS_LIMITS.hotspots) {
      notes.push(`hotspot ${h.name}: AGS has hotspots 1..${AGS_LIMITS.hotspots - 1}, all taken; not written`)
      continue
    }
    ids.set(h.id, next)
    taken.add(next)
    notes.push(
      `hotspot ${h.name}: a polygon; written as AGS hotspot ${next}'s pixels (AGS hotspots are painted)`,
    )
  }
  return ids
}

/** The room's hotspots as an AGS hotspot mask at room size: painted pixels by their ids, polygons over them in list order. */
export function agsHotspotCells(room: Room, ids: ReadonlyMap<string, number>): Uint8Array {
  const { width, height } = room.size
  const painted = hotspotCells(room)
  const out = painted ? painted.slice() : new Uint8Array(width * height)
  for (const h of room.hotspots ?? []) {
    const id = ids.get(h.id)
    if (h.shape.kind === 'polygon' && id !== undefined)
      fillRingsEvenOdd(out, width, height, [coordsToRing(h.shape.outer)], id)
  }
  return out
}

/** The AGS fields a Walkbox hotspot gives (script name made valid, walk-to rounded, x < 1 none). */
function agsFieldsOf(h: Hotspot, notes: string[]): AgsHotspot {
  const scriptName = scriptNameOf(h.name)
  if (scriptName !== h.name)
    notes.push(`hotspot ${h.name}: written as ${scriptName} (AGS script names are letters, digits and _)`)
  const walkTo = h.walkTo ? { x: Math.round(h.walkTo.x), y: Math.round(h.walkTo.y) } : { x: 0, y: 0 }
  if (h.walkTo && walkTo.x < 1)
    notes.push(`hotspot ${h.name}: walk-to point at x=${walkTo.x}; AGS reads x < 1 as no walk-to point`)
  if (h.lookAt) notes.push(`hotspot ${h.name}: AGS hotspots have no look-at point; not written`)
  if (h.direction) notes.push(`hotspot ${h.name}: AGS hotspots have no facing direction; not written`)
  if (h.enabledBy)
    notes.push(
      `hotspot ${h.name}: AGS switches hotspots from scripts (Hotspot.Enabled); its condition is not written`,
    )
  return { scriptName, description: h.description ?? '', walkTo, properties: { ...h.properties } }
}

/** What to write of the hotspots into an AGS 4 room folder. */
export interface AgsHotspotWrite {
  /** The hotspot mask at room size. */
  cells: Uint8Array
  /** New fields per AGS id (only the ids whose fields change). */
  edits: Map<number, AgsHotspot>
}

/**
 * The hotspot writes for a room going back into the AGS room whose hotspots are `have` with
 * mask `haveCells`: the mask, and per id the fields that change (an id Walkbox brought in
 * whose hotspot the room no longer has goes back to AGS's default entry, its pixels
 * cleared). Null when the room has no hotspots at all: the game's hotspots are then kept as
 * they are (a room from before the hotspot layer, or one that never had any), said in the notes.
 */
export function openRoomHotspotWrite(
  room: Room,
  have: readonly AgsHotspot[],
  haveCells: Uint8Array | null,
  notes: string[],
): AgsHotspotWrite | null {
  const hotspots = room.hotspots ?? []
  const before = hotspotLayerFromAgs(have, haveCells, room.size, []).hotspots ?? []
  if (hotspots.length === 0) {
    if (before.length > 0)
      notes.push(
        `hotspots: the room has none; the game's ${before.length} (${before.map((h) => h.name).join(', ')}) are kept as they are (remove them in AGS)`,
      )
    return null
  }
  const ids = agsHotspotIds(room, notes)
  const cells = agsHotspotCells(room, ids)
  const want = new Map<number, AgsHotspot>()
  for (const h of hotspots) {
    const id = ids.get(h.id)
    if (id !== undefined && id < AGS_LIMITS.hotspots) want.set(id, agsFieldsOf(h, notes))
  }
  for (const h of before) {
    const id = h.shape.kind === 'mask' ? h.shape.maskId : 0
    if (id > 0 && id < AGS_LIMITS.hotspots && !want.has(id)) {
      want.set(id, { scriptName: defaultName(id), description: '', walkTo: { x: 0, y: 0 }, properties: {} })
      notes.push(
        `hotspot ${id} (${h.name}): not in the room any more; its pixels are cleared and its fields reset to AGS's defaults (its event functions are kept)`,
      )
    }
  }
  const names = new Map<string, number>()
  for (const [id, w] of want) {
    const key = w.scriptName.toLowerCase()
    if (names.has(key))
      notes.push(
        `hotspots ${names.get(key)} and ${id}: both named ${w.scriptName}; AGS needs names of their own`,
      )
    names.set(key, id)
  }
  if (hotspots.some((h) => Object.keys(h.properties).length > 0))
    notes.push(
      "hotspot properties: AGS keeps only the custom properties the game's schema defines (Game.agf)",
    )
  const edits = new Map<number, AgsHotspot>()
  for (const [id, w] of want) {
    const h = have[id]
    if (
      !h ||
      h.scriptName !== w.scriptName ||
      h.description !== w.description ||
      h.walkTo.x !== w.walkTo.x ||
      h.walkTo.y !== w.walkTo.y ||
      !sameAgsProperties(h.properties, w.properties)
    )
      edits.set(id, w)
  }
  return { cells, edits }
}

/**
 * data.xml's text with the hotspot fields of `edits` rewritten: each changed field element
 * alone (a script name in `ScriptName` or `Name`, a description in `DisplayName` or
 * `Description`, whichever the file has), `WalkToPoint`, and `<Properties>` with its
 * `<CustomProperty>` children; every other byte is kept.
 */
export function patchOpenRoomHotspots(
  source: string,
  edits: ReadonlyMap<number, AgsHotspot>,
  file = 'data.xml',
): string {
  if (edits.size === 0) return source
  const root = parseXml(source, file, AGS_XML_CEILINGS)
  const list = childrenNamed(child(root, 'Hotspots') ?? root, 'RoomHotspot')
  const eol = lineEndOf(source)
  const spans: XmlEdit[] = []
  for (const [id, w] of edits) {
    const el = list[id]
    if (!el)
      throw new Error(`${file}: no RoomHotspot ${id} (it has ${list.length}); AGS numbers hotspots 0..49`)
    const have = readOpenRoomHotspot(el)
    const field = (names: string[], value: string, current: string) => {
      const target = names.map((n) => child(el, n)).find((e) => e !== null)
      if (!target) throw new Error(`${file}: RoomHotspot ${id} has no <${names.join('> or <')}> to set`)
      if (current !== value) spans.push(replaceElement(target, agsStringElement(target.name, value)))
    }
    field(['ScriptName', 'Name'], w.scriptName, have.scriptName)
    field(['DisplayName', 'Description'], w.description, have.description)
    const walk = child(el, 'WalkToPoint')
    if (!walk) throw new Error(`${file}: RoomHotspot ${id} has no <WalkToPoint> to set`)
    const point = `${w.walkTo.x},${w.walkTo.y}`
    if (walk.text.trim() !== point) spans.push(replaceElement(walk, `<WalkToPoint>${point}</WalkToPoint>`))
    const props = child(el, 'Properties')
    if (!sameAgsProperties(have.properties, w.properties)) {
      if (!props) throw new Error(`${file}: RoomHotspot ${id} has no <Properties> to set`)
      const problem = agsPropertiesProblem(
        w.properties ?? {},
        have.properties ?? {},
        `hotspot ${w.scriptName}`,
      )
      if (problem) throw new Error(`${file}: ${problem}`)
      spans.push(setXmlProperties(source, props, w.properties ?? {}, eol))
    }
  }
  return applyXmlEdits(source, spans)
}

/**
 * The hotspots of a brand-new AGS 4 room: the mask at room size and the fields of ids 1..49
 * (null: the editor's default entry).
 */
export function newRoomHotspots(
  room: Room,
  notes: string[],
): { cells: Uint8Array; entries: (AgsHotspot | null)[] } {
  const ids = agsHotspotIds(room, notes)
  const entries: (AgsHotspot | null)[] = Array.from({ length: AGS_LIMITS.hotspots }, () => null)
  for (const h of room.hotspots ?? []) {
    const id = ids.get(h.id)
    if (id !== undefined && id < AGS_LIMITS.hotspots) entries[id] = agsFieldsOf(h, notes)
  }
  if ((room.hotspots ?? []).some((h) => Object.keys(h.properties).length > 0))
    notes.push(
      "hotspot properties: AGS keeps only the custom properties the game's schema defines (Game.agf)",
    )
  return { cells: agsHotspotCells(room, ids), entries }
}
