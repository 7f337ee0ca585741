/**
 * A Walkbox room written back into the AGS 3 room it came from (`roomN.crm`, formats 29 to
 * 33 and 36306), in place: the room is compared with what the file holds now, and only the
 * bytes of what differs are replaced; every other byte is copied as it is, so an unedited
 * room gives the file's own bytes. The main block's masks are packed again as the AGS
 * editor packs them (crm-rle.ts: the same packing, row by row or whole, as the file's own
 * masks, and their own palettes kept), and the block lengths that change with them are set
 * again. Written when they changed:
 * - the walkable area mask (and each area's top and bottom rows, worked out from it as the
 *   editor's calculate_walkable_areas does), the regions mask (from the zones, when their
 *   shapes changed), the walk-behind mask and baselines, the hotspot mask;
 * - each area's scaling (ScalingFar / ScalingNear);
 * - each hotspot's script name, description, walk-to point and custom properties;
 * - the room's own custom properties (the first map of block 8, room_file.cpp ReadPropertiesBlock);
 * - each region's event functions (Standing, WalksOnto, WalksOff from the zones' events);
 * - the edges and the objects' start points (from the room points crm-import.ts names);
 * - the background animation delay (block 6) and whether the frames animate (options).
 * What cannot be written is refused before anything is: another room size, a background
 * or frame other than the file's (Walkbox does not write AGS's LZW backgrounds), a hotspot
 * beyond the room's AGS hotspots, a script name AGS cannot use.
 *
 * Glossary
 * - stored mask: a mask at the size the file keeps it (1:MaskResolution; walk-behinds 1:1).
 * - slot: an AGS hotspot number (1..count-1; 0 is "no hotspot"); a painted hotspot's maskId.
 * - edit: bytes [at, end) of the file replaced by others, inside one block.
 *
 * Units: px (room), bytes (offsets), percent (scaling).
 */
import { walkBehindCells } from '../../analysis/walk-behind-cut'
import { rasterisePolygons } from '../../geometry/rasterise'
import type { RgbaImage } from '../../room/rgba-image'
import type { Hotspot, Room } from '../../room/schema'
import { decodeWalkBehindRows } from '../../room/walk-behinds'
import {
  AGS_LIMITS,
  countIds,
  areaRows,
  maskToRoomSize,
  maskToStoredSize,
  zonesFromRegions,
  type AgsAreaScaling,
} from './ags-room'
import { readCrm, type CrmBackground, type CrmLayout, type CrmRoom } from './crm'
import { crmHotspotList, edgesFromPoints, objectPointId } from './crm-import'
import { packingOf, packMask, type CrmPacking } from './crm-rle'
import {
  AGS_LEGACY_PROPERTY_BYTES,
  agsPropertiesProblem,
  agsStoredProperties,
  sameAgsProperties,
} from './ags-properties'
import {
  agsScalingFor,
  keepsGameScaling,
  regionEventsOfZones,
  regionEventTable,
  regionsOf,
  walkableOf,
  zonesChanged,
} from './open-room-export'

/** AGS's NOT_VECTOR_SCALED: ScalingNear of an area with one scale. */
const NOT_VECTOR_SCALED = -10000

/** The room as the project holds it now. */
export interface CrmRoomState {
  room: Room
  /** The area-id mask (room size), when the room has one. */
  mask: Uint8Array | null
  /** The room's background as the project has it, when the host gives it (then compared with the file's). */
  background?: RgbaImage | null
  /** Frames 2..N as the project has them, when the host gives them. */
  backgroundFrames?: (RgbaImage | null)[]
}

export interface CrmWrite {
  /** The new file; the same bytes as `before` when nothing Walkbox carries changed. */
  after: Uint8Array
  /** What changed, in words ("walkable area mask", "hotspot names"), in file order. */
  changed: string[]
  notes: string[]
}

/** Why a room cannot be written into its .crm: one line, nothing written. */
export class CrmWriteError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CrmWriteError'
  }
}

interface Edit {
  at: number
  end: number
  bytes: Uint8Array
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let i = 0
  // Four bytes at a time where both are aligned (masks are whole buffers), then the rest.
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const n = a.length >> 2
    const wa = new Uint32Array(a.buffer, a.byteOffset, n)
    const wb = new Uint32Array(b.buffer, b.byteOffset, n)
    for (; i < n; i++) if (wa[i] !== wb[i]) return false
    i = n << 2
  }
  for (; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

const i16 = (value: number) => {
  const out = new Uint8Array(2)
  new DataView(out.buffer).setInt16(0, value, true)
  return out
}

const i32 = (value: number) => {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setInt32(0, value, true)
  return out
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

const utf8 = new TextEncoder()

/** A text as the room stores it (UTF-8, or one byte a character); throws naming `what` when it cannot be. */
export function encodeCrmText(text: string, encoding: CrmLayout['text'], what: string): Uint8Array {
  if (text.includes('\0')) throw new CrmWriteError(`${what}: a text with a 0 character cannot be stored`)
  if (encoding === 'utf-8') return utf8.encode(text)
  const out = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c > 255)
      throw new CrmWriteError(
        `${what}: '${text[i]}' cannot be stored in this room's 8-bit text (AGS 3.6 games set to UTF-8 can)`,
      )
    out[i] = c
  }
  return out
}

/** The AGS effective scale of an area's fields ('60' or '60..100'). */
function effective(s: AgsAreaScaling): string {
  return s.continuous && s.min !== s.max ? `${s.min}..${s.max}` : String(s.continuous ? s.min : s.level)
}

/**
 * Is `b` the .crm's picture `a`? Each channel within 2 (a host's decoder may round colours
 * on the way through the project's PNG), alpha not compared (AGS backgrounds are opaque).
 */
function samePicture(a: CrmBackground, b: RgbaImage): boolean {
  if (a.width !== b.width || a.height !== b.height) return false
  const near = (i: number) => Math.abs(a.rgba[i] - b.data[i]) <= 2
  for (let i = 0; i < a.rgba.length; i += 4) if (!near(i) || !near(i + 1) || !near(i + 2)) return false
  return true
}

/** The file with `edits` made and the length of every block they change set again. */
export function applyCrmEdits(before: Uint8Array, layout: CrmLayout, edits: readonly Edit[]): Uint8Array {
  const sorted = [...edits].sort((a, b) => a.at - b.at)
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].at < sorted[i - 1].end) throw new Error('two edits of one .crm overlap')
  const all = [...sorted]
  for (const b of layout.blocks) {
    let delta = 0
    for (const e of sorted) if (e.at >= b.at && e.end <= b.end) delta += e.bytes.length - (e.end - e.at)
    if (delta === 0) continue
    const length = b.end - b.at + delta
    const field = new Uint8Array(b.lengthBytes)
    const view = new DataView(field.buffer)
    if (b.lengthBytes === 8) {
      view.setUint32(0, length % 2 ** 32, true)
      view.setUint32(4, Math.floor(length / 2 ** 32), true)
    } else view.setUint32(0, length, true)
    all.push({ at: b.lengthAt, end: b.lengthAt + b.lengthBytes, bytes: field })
  }
  all.sort((a, b) => a.at - b.at)
  const parts: Uint8Array[] = []
  let at = 0
  for (const e of all) {
    parts.push(before.subarray(at, e.at), e.bytes)
    at = e.end
  }
  parts.push(before.subarray(at))
  return concat(parts)
}

/** One thing's custom properties as Properties::WriteValues writes them (names in AGS's case-insensitive order). */
function propertyBytes(
  values: Record<string, string>,
  version: number,
  encoding: CrmLayout['text'],
  what: string,
) {
  const keys = Object.keys(values).sort((a, b) => {
    const x = a.toLowerCase()
    const y = b.toLowerCase()
    return x < y ? -1 : x > y ? 1 : 0
  })
  const text = (s: string) => {
    const bytes = encodeCrmText(s, encoding, what)
    return version === 1 ? [bytes, new Uint8Array(1)] : [i32(bytes.length), bytes]
  }
  return concat([i32(version), i32(keys.length), ...keys.flatMap((k) => [...text(k), ...text(values[k])])])
}

/**
 * Refuses properties a version 1 map cannot hold (AGS reads a name up to 200 bytes and a
 * value up to 500, each with its 0 byte), for the values that are new or changed.
 */
function legacyPropertyBounds(
  want: Record<string, string>,
  have: Record<string, string>,
  what: string,
  encoding: CrmLayout['text'],
): void {
  for (const [name, value] of Object.entries(want)) {
    if (have[name] === value && Object.hasOwn(have, name)) continue
    const sizes = {
      name: encodeCrmText(name, encoding, what).length,
      value: encodeCrmText(value, encoding, what).length,
    }
    for (const part of ['name', 'value'] as const)
      if (sizes[part] >= AGS_LEGACY_PROPERTY_BYTES[part])
        throw new CrmWriteError(
          `${what}: property '${name.slice(0, 40)}' has a ${part} of ${sizes[part]} bytes; this room (before AGS 3.4) holds at most ${AGS_LEGACY_PROPERTY_BYTES[part] - 1}`,
        )
  }
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a)
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] === a[k])
}

const SCRIPT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** An interaction table: i32 count, then each function name and a 0 byte. */
function eventTableBytes(names: readonly string[], encoding: CrmLayout['text'], what: string): Uint8Array {
  return concat([
    i32(names.length),
    ...names.flatMap((n) => [encodeCrmText(n, encoding, what), new Uint8Array(1)]),
  ])
}

/** Which hotspot goes to which AGS hotspot number: painted ones by maskId, polygons to free numbers. */
function hotspotSlots(room: Room, crm: CrmRoom, listed: Set<number>, notes: string[]): Map<Hotspot, number> {
  const slots = new Map<Hotspot, number>()
  const used = new Set<number>()
  for (const h of room.hotspots ?? [])
    if (h.shape.kind === 'mask') {
      slots.set(h, h.shape.maskId)
      used.add(h.shape.maskId)
    }
  const count = crm.data.hotspots.length
  for (const h of room.hotspots ?? []) {
    if (h.shape.kind !== 'polygon') continue
    let n = 1
    while (n < count && (used.has(n) || listed.has(n))) n++
    if (n >= count)
      throw new CrmWriteError(
        `hotspot ${h.name}: a polygon, and all ${count - 1} AGS hotspots of the room are taken; paint it over a hotspot's pixels instead`,
      )
    used.add(n)
    slots.set(h, n)
    notes.push(
      `hotspot ${h.name}: a polygon; written as AGS hotspot ${n}'s pixels (AGS hotspots are painted)`,
    )
  }
  return slots
}

/**
 * The new bytes of the AGS 3 room `before` (file name `file`) for the room `state`, with
 * what changed and notes. Throws CrmWriteError (one line) when the room cannot be written.
 */
export function planCrmRoom(before: Uint8Array, file: string, state: CrmRoomState): CrmWrite {
  const images = state.background !== undefined || state.backgroundFrames !== undefined
  const crm = readCrm(before, file, { images })
  const { data, layout } = crm
  const { room } = state
  const { width, height } = room.size
  const notes: string[] = []
  const changed: string[] = []
  const edits: Edit[] = []
  if (width !== data.width || height !== data.height)
    throw new CrmWriteError(
      `room '${room.id}' is ${width}x${height}; the AGS room is ${data.width}x${data.height} (AGS takes the size from the background, which Walkbox does not write into a .crm)`,
    )
  // Backgrounds: AGS's LZW pictures are kept as they are; one that the author replaced is refused.
  if (state.background !== undefined) {
    if (state.background && (!crm.background || !samePicture(crm.background, state.background)))
      throw new CrmWriteError(
        `room '${room.id}': its background is not the one in ${file}; Walkbox does not write AGS 3 backgrounds (LZW) yet: replace it in the AGS editor`,
      )
  }
  if (state.backgroundFrames !== undefined) {
    const frames = state.backgroundFrames
    if (frames.length !== crm.frames.length)
      throw new CrmWriteError(
        `room '${room.id}' has ${frames.length + 1} backgrounds, ${file} ${crm.frames.length + 1}; Walkbox does not write AGS 3 backgrounds (LZW) yet: add or remove frames in the AGS editor`,
      )
    frames.forEach((f, i) => {
      if (f && !samePicture(crm.frames[i], f))
        throw new CrmWriteError(
          `room '${room.id}': background frame ${i + 2} is not the one in ${file}; Walkbox does not write AGS 3 backgrounds (LZW) yet`,
        )
    })
  }

  // Masks: packed again only when their stored pixels changed, as the file packs its own.
  const scale = data.maskResolution
  const order: (keyof CrmLayout['masks'])[] = ['regions', 'walkable', 'walkBehinds', 'hotspots']
  let fallback: CrmPacking | null = null
  const packingFor = (name: keyof CrmLayout['masks']): CrmPacking => {
    const own = (m: keyof CrmLayout['masks']) => {
      const p = layout.masks[m]
      return packingOf(before, p.packedAt, p.paletteAt, crm.masks[m].indices, p.width, p.height)
    }
    const mine = own(name)
    if (mine) return mine
    if (!fallback) fallback = order.map(own).find((p) => p !== null) ?? (crm.version < 33 ? 'rows' : 'whole')
    return fallback
  }
  const maskEdit = (name: keyof CrmLayout['masks'], cells: Uint8Array, label: string) => {
    const place = layout.masks[name]
    const stored =
      place.width === width && place.height === height
        ? cells
        : maskToStoredSize(cells, width, height, width / place.width).indices
    if (sameBytes(stored, crm.masks[name].indices)) return false
    edits.push({
      at: place.packedAt,
      end: place.paletteAt,
      bytes: packMask(stored, place.width, place.height, packingFor(name)),
    })
    changed.push(label)
    return true
  }

  // Walkable areas, and each area's rows as the editor works them out (mask px; Top = the
  // room's height and Bottom = 0 for an area with no pixel).
  const walk = walkableOf({ room, mask: state.mask, background: null, scaleMap: null })
  const walkRows = areaRows(walk, width)
  const over = [...walkRows.keys()].filter((a) => a >= layout.areas.count)
  if (over.length > 0)
    notes.push(
      `walkable areas ${[...over].sort((a, b) => a - b).join(', ')}: above AGS's ${layout.areas.count - 1}; written, AGS will not read them`,
    )
  if (maskEdit('walkable', walk, 'walkable area mask')) {
    const m = maskToStoredSize(walk, width, height, scale)
    const top = new Array<number>(layout.areas.count).fill(data.height)
    const bottom = new Array<number>(layout.areas.count).fill(0)
    for (let y = 0; y < m.height; y++)
      for (let x = 0; x < m.width; x++) {
        const v = m.indices[y * m.width + x]
        if (v >= layout.areas.count) continue
        if (top[v] > y) top[v] = y
        if (bottom[v] < y) bottom[v] = y
      }
    edits.push({
      at: layout.areas.topAt,
      end: layout.areas.topAt + top.length * 2,
      bytes: concat(top.map(i16)),
    })
    edits.push({
      at: layout.areas.bottomAt,
      end: layout.areas.bottomAt + bottom.length * 2,
      bytes: concat(bottom.map(i16)),
    })
    if (scale > 1) notes.push(`walkable area mask written at 1:${scale}, the room's mask resolution`)
  }

  // Scaling of each area the mask has (one the file had no pixel of keeps its scaling while
  // the room gives none of its own).
  let scaling = false
  for (const [area, rows] of walkRows) {
    if (area >= layout.areas.count || keepsGameScaling(room, area, crm.masks.walkable.indices)) continue
    const want = agsScalingFor(room, area, rows.top, rows.bottom, notes)
    if (effective(want) === effective(data.walkableAreas[area])) continue
    const far = (want.continuous ? want.min : want.level) - 100
    const near = want.continuous ? want.max - 100 : NOT_VECTOR_SCALED
    edits.push({ at: layout.areas.farAt + area * 2, end: layout.areas.farAt + area * 2 + 2, bytes: i16(far) })
    edits.push({
      at: layout.areas.nearAt + area * 2,
      end: layout.areas.nearAt + area * 2 + 2,
      bytes: i16(near),
    })
    scaling = true
  }
  if (scaling) changed.push('area scaling')

  // Regions: written when the zones' shapes changed and so their pixels.
  const regionsNow = maskToRoomSize(crm.masks.regions, data, `${file} regions mask`)
  if (zonesChanged(room.zones, zonesFromRegions(regionsNow, width, height, [])))
    maskEdit('regions', regionsOf(room, walk, notes), 'regions mask')

  // Region events: Standing, WalksOnto, WalksOff from the zones of each region.
  let events = false
  for (const [id, ev] of regionEventsOfZones(room, notes)) {
    const current = crm.extras.events.regions[id]
    if (!current) {
      if (ev.stand || ev.enter || ev.exit)
        notes.push(`region ${id}: beyond the room's ${data.regionCount} regions; its events are not written`)
      continue
    }
    const names = regionEventTable(current, ev)
    if (!names) continue
    for (const n of [ev.stand, ev.enter, ev.exit])
      if (n && !SCRIPT_NAME.test(n))
        throw new CrmWriteError(`region ${id}: '${n}' is not a function name AGS can call`)
    const span = layout.events.regions[id]
    edits.push({
      at: span.at,
      end: span.end,
      bytes: eventTableBytes(names, layout.text, `region ${id} events`),
    })
    events = true
  }
  if (events) {
    changed.push('region events')
    notes.push('region events: the functions they name must be in the room script (roomN.asc)')
  }

  // Walk-behinds: the mask, and the baselines of the ids the file has.
  const wbCells = walkBehindCells(room) ?? new Uint8Array(width * height)
  maskEdit('walkBehinds', wbCells, 'walk-behind mask')
  let baselines = false
  for (const a of room.walkBehinds?.areas ?? []) {
    if (a.id >= data.walkBehindBaselines.length) {
      notes.push(
        `walk-behind ${a.id}: beyond the room's ${data.walkBehindBaselines.length - 1} (AGS's ${AGS_LIMITS.walkBehinds - 1}); its baseline is not written`,
      )
      continue
    }
    const value = Math.round(a.baseline)
    if (value === data.walkBehindBaselines[a.id]) continue
    edits.push({
      at: layout.baselinesAt + a.id * 2,
      end: layout.baselinesAt + a.id * 2 + 2,
      bytes: i16(value),
    })
    baselines = true
  }
  if (baselines) changed.push('walk-behind baselines')

  // Hotspots: the mask, then each one's text, walk-to point and properties.
  const listed = new Set(
    crmHotspotList(crm, countIds(crm.masks.hotspots.indices)).map((h) =>
      h.shape.kind === 'mask' ? h.shape.maskId : 0,
    ),
  )
  const slots = hotspotSlots(room, crm, listed, notes)
  const hsCells = room.hotspotMask
    ? decodeWalkBehindRows(room.hotspotMask.rows, width, height).slice()
    : new Uint8Array(width * height)
  for (const [h, n] of slots)
    if (h.shape.kind === 'polygon')
      rasterisePolygons(
        [{ outer: h.shape.outer.map(([x, y]) => ({ x, y })), holes: [] }],
        width,
        height,
        n,
        hsCells,
      )
  maskEdit('hotspots', hsCells, 'hotspot mask')
  const count = data.hotspots.length
  const text = new Map<number, { description?: Uint8Array; scriptName?: Uint8Array }>()
  let walkTo = false
  let properties = false
  for (const [h, n] of slots) {
    if (n >= count) {
      notes.push(
        `hotspot ${h.name}: AGS hotspot ${n} is beyond the room's ${count - 1}; only its pixels are written`,
      )
      continue
    }
    const was = data.hotspots[n]
    const scriptName = h.name === `hHotspot${n}` && was.scriptName === '' ? '' : h.name
    const description = h.description ?? ''
    const what = `hotspot ${h.name}`
    if (scriptName !== was.scriptName) {
      if (!SCRIPT_NAME.test(scriptName))
        throw new CrmWriteError(
          `${what}: not a script name AGS can use (letters, digits and _, not starting with a digit)`,
        )
      const bytes = encodeCrmText(scriptName, layout.text, what)
      if (crm.version < 31 && bytes.length > 19)
        throw new CrmWriteError(
          `${what}: a script name of ${bytes.length} characters; rooms before AGS 3.4.1 hold 19`,
        )
      text.set(n, { ...text.get(n), scriptName: bytes })
    }
    if (description !== was.description)
      text.set(n, {
        ...text.get(n),
        description: encodeCrmText(description, layout.text, `${what}'s description`),
      })
    const point = h.walkTo ? { x: Math.round(h.walkTo.x), y: Math.round(h.walkTo.y) } : { x: 0, y: 0 }
    if (point.x !== was.walkTo.x || point.y !== was.walkTo.y) {
      const at = layout.walkToAt + n * 4
      edits.push({ at, end: at + 4, bytes: concat([i16(point.x), i16(point.y)]) })
      walkTo = true
    }
    const map = layout.properties?.hotspots[n]
    if (map && !sameRecord(h.properties, map.values)) {
      const problem = agsPropertiesProblem(h.properties, map.values, what)
      if (problem) throw new CrmWriteError(problem)
      if (map.version === 1) legacyPropertyBounds(h.properties, map.values, what, layout.text)
      edits.push({
        at: map.at,
        end: map.end,
        bytes: propertyBytes(h.properties, map.version, layout.text, what),
      })
      properties = true
    } else if (!map && Object.keys(h.properties).length > 0)
      notes.push(
        `${what}: ${file} has no custom properties block Walkbox reads; its properties are not written`,
      )
    if (h.lookAt || h.direction)
      notes.push(
        `${what}: AGS 3 hotspots have a walk-to point only; its look-at point and direction are not written`,
      )
    if (h.enabledBy)
      notes.push(`${what}: AGS hotspots are switched on and off by the script; its condition is not written`)
  }
  if (properties) {
    changed.push('hotspot properties')
    notes.push('hotspot properties: AGS shows only the properties its schema (Game.agf) defines')
  }
  if (walkTo) changed.push('hotspot walk-to points')
  for (const n of listed)
    if (![...slots.values()].includes(n))
      notes.push(
        `AGS hotspot ${n} (${data.hotspots[n]?.scriptName || 'unnamed'}) is no longer in the room: its pixels are cleared, its name and functions stay in ${file}`,
      )
  if (text.size > 0) {
    edits.push({ ...layout.hotspotText, bytes: hotspotTextBytes(before, crm, text) })
    changed.push('hotspot names')
  }

  // The room's own custom properties, the first map of the properties block.
  const roomMap = layout.properties?.room
  const want = agsStoredProperties(room)
  const have = data.properties ?? {}
  if (roomMap && !sameAgsProperties(want, have)) {
    const problem = agsPropertiesProblem(want, have, 'room properties')
    if (problem) throw new CrmWriteError(problem)
    if (roomMap.version === 1) legacyPropertyBounds(want, have, 'room properties', layout.text)
    // Entries the room could not hold (an empty name, `__proto__`) stay in the file as they are.
    const kept = Object.entries(roomMap.values).filter(([k]) => !Object.hasOwn(have, k))
    const values = { ...want }
    for (const [k, v] of kept) Object.defineProperty(values, k, { value: v, enumerable: true })
    edits.push({
      at: roomMap.at,
      end: roomMap.end,
      bytes: propertyBytes(values, roomMap.version, layout.text, 'room properties'),
    })
    changed.push('room properties')
    notes.push('room properties: AGS shows only the properties its schema (Game.agf) defines for rooms')
  } else if (!roomMap && Object.keys(want).length > 0)
    notes.push(`room properties: ${file} has no custom properties block Walkbox reads; they are not written`)

  // Edges and objects, from the room points of the same ids.
  const edges = edgesFromPoints(room, data.edges)
  const order4 = ['top', 'bottom', 'left', 'right'] as const
  if (order4.some((side) => edges[side] !== data.edges[side])) {
    edits.push({
      at: layout.edgesAt,
      end: layout.edgesAt + 8,
      bytes: concat(order4.map((s) => i16(edges[s]))),
    })
    changed.push('room edges')
  }
  let objects = false
  crm.extras.objectPlaces.forEach((o, i) => {
    const p = room.points?.find((q) => q.id === objectPointId(i))
    if (!p) return
    const x = Math.round(p.x)
    const y = Math.round(p.y)
    if (x === o.x && y === o.y) return
    const at = layout.objectsAt + i * 10 + 2
    edits.push({ at, end: at + 4, bytes: concat([i16(x), i16(y)]) })
    objects = true
  })
  if (objects) changed.push('object start points')

  // Background animation: block 6's delay, the options' frame lock.
  const delay = room.backgroundAnimationDelay
  if (delay !== undefined && layout.frameDelayAt !== undefined && delay !== crm.frameDelay) {
    edits.push({ at: layout.frameDelayAt, end: layout.frameDelayAt + 1, bytes: Uint8Array.of(delay) })
    changed.push('background animation delay')
  }
  const animate = room.backgroundAnimationEnabled
  if (animate !== undefined && animate !== (data.backgroundAnimationEnabled ?? true)) {
    const flags = (before[layout.flagsAt] & ~1) | (animate ? 0 : 1)
    edits.push({ at: layout.flagsAt, end: layout.flagsAt + 1, bytes: Uint8Array.of(flags) })
    changed.push('background animation switch')
    if (crm.version < 33) notes.push('background animation switch: engines before AGS 3.6 do not read it')
  }

  if (room.gates.length > 0)
    notes.push(
      `gates: AGS switches walkable areas from scripts (RemoveWalkableArea); ${room.gates.length} not written`,
    )
  if (room.nodeGraph.nodes.length > 0)
    notes.push('node graph: AGS finds paths on the walkable areas itself; not written')
  if (room.scaling.mode === 'map')
    notes.push('scaling: AGS scales per walkable area, not from a scale map; not written')
  if (edits.length === 0) return { after: before, changed, notes: [...new Set(notes)] }
  return { after: applyCrmEdits(before, layout, edits), changed, notes: [...new Set(notes)] }
}

/**
 * The hotspots' descriptions then script names with `text`'s replacements, as the file
 * stores them: each after its i32 length (format 31 on), else each description ending in a
 * 0 byte and each script name in a 20-byte field (the other fields' bytes kept as they are).
 */
function hotspotTextBytes(
  before: Uint8Array,
  crm: CrmRoom,
  text: Map<number, { description?: Uint8Array; scriptName?: Uint8Array }>,
): Uint8Array {
  const raw = crm.layout.hotspotRaw
  const wide = crm.version >= 31
  const parts: Uint8Array[] = []
  raw.forEach((r, n) => {
    const d = text.get(n)?.description ?? r.description
    parts.push(...(wide ? [i32(d.length), d] : [d, new Uint8Array(1)]))
  })
  const fieldsAt = crm.layout.hotspotText.end - raw.length * 20
  raw.forEach((r, n) => {
    const s = text.get(n)?.scriptName
    if (wide) parts.push(i32((s ?? r.scriptName).length), s ?? r.scriptName)
    else if (s) {
      const field = new Uint8Array(20)
      field.set(s)
      parts.push(field)
    } else parts.push(before.subarray(fieldsAt + n * 20, fieldsAt + n * 20 + 20))
  })
  return concat(parts)
}

/** One line for the write list: what a .crm's new bytes change. */
export function crmChangeSummary(write: Pick<CrmWrite, 'changed'>, before: number, after: number): string {
  return `room file: ${write.changed.join(', ') || 'no change'} (${before} bytes before, ${after} after)`
}

/**
 * The game store's planner for an AGS 3 room (its GAME_ENGINE_WRITERS slot): the linked
 * `.crm` read from the game as it is now, its new bytes and the write list's line. Writes
 * nothing; a room that cannot be written throws one line.
 */
export async function planCrmInGame(input: {
  files: { read(path: string): Promise<Uint8Array | null> }
  link: { file: string }
  state: CrmRoomState
}): Promise<{ files: { path: string; bytes: Uint8Array; summary: string }[]; notes: string[] }> {
  const { file } = input.link
  const before = await input.files.read(file)
  if (before === null) throw new CrmWriteError(`${file}: not in the game any more`)
  const out = planCrmRoom(before, file.slice(file.lastIndexOf('/') + 1), input.state)
  const summary = crmChangeSummary(out, before.length, out.after.length)
  return { files: [{ path: file, bytes: out.after, summary }], notes: out.notes }
}
