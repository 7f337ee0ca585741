/**
 * A Walkbox room written back into the AGS 4 room folder it came from, in place: the room
 * is compared with what the folder holds now (read with the same importer), and only what
 * differs is written: `walkableareas.png` when the mask changed, `regions.png` when the
 * zones changed, and in `data.xml` only the scaling fields of areas whose scale changed and
 * the walk-to points that moved; `walkbehinds.png` when the walk-behind layer's pixels
 * changed and the `<Baseline>` of each walk-behind whose baseline changed; `hotspots.png`
 * when the hotspots' pixels changed and the fields of each hotspot that changed
 * (open-room-hotspots.ts); the room's `<Properties>` when its custom properties changed. Overlapping zones
 * and zones with no pixel in the one-region-per-pixel mask are named in the notes. An
 * unedited room writes no file at all, so the folder stays byte-identical. Masks keep the file's own palette and the room's mask resolution (walk-behinds: room size, as AGS keeps them).
 *
 * Glossary
 * - effective scaling: what AGS does with an area's fields (a fixed level, or min..max
 *   continuous); two spellings of the same scale are equal.
 * - agsRegion: the zone property naming the region id a zone came from.
 *
 * Units: px (room), percent (scaling).
 */
import { scaleFromStops, stopsForArea } from '../../analysis/scaling'
import { walkBehindCells } from '../../analysis/walk-behind-cut'
import { rasterisePolygons } from '../../geometry/rasterise'
import { walkPolygonToArea } from '../../room/convert'
import { idFromName } from '../../room/names'
import { readPngPalette } from '../../room/mask-image'
import type { Room } from '../../room/schema'
import type { ExportInput, ExportResult, ExportFile, ImportSource } from '../format-io'
import { maskPalette, regionMaskNotes, zonesToRegionMask } from './ags'
import {
  AGS_LIMITS,
  areaRows,
  maskToStoredSize,
  REGION_EVENTS,
  zonesFromRegions,
  type AgsAreaScaling,
} from './ags-room'
import { readOpenRoomMask, utf8Text } from './import-room'
import { OPEN_ROOM_MASKS, patchOpenRoom, readOpenRoom } from './open-room'
import { openRoomHotspotWrite, patchOpenRoomHotspots } from './open-room-hotspots'
import { agsStoredProperties } from './ags-properties'

function effective(s: AgsAreaScaling): string {
  return s.continuous && s.min !== s.max ? `${s.min}..${s.max}` : String(s.continuous ? s.min : s.level)
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** The room's walkable mask at room size (the mask, or its polygons rasterised with the area ids of the mask where it has one). */
export function walkableOf(input: ExportInput): Uint8Array {
  const { room, mask } = input
  const { width, height } = room.size
  if (room.authoritative === 'mask') {
    if (!mask || mask.length !== width * height)
      throw new Error(
        `room '${room.id}': its mask is authoritative but no mask of ${width}x${height} was given`,
      )
    return mask
  }
  const out = new Uint8Array(width * height)
  for (const p of room.polygons) rasterisePolygons([walkPolygonToArea(p)], width, height, p.areaId, out)
  // A polygon room's area mask still says which area each walkable pixel is in (as in the
  // editor and the runtime); the polygons say where one can walk.
  if (mask && mask.length === width * height)
    for (let i = 0; i < out.length; i++) if (out[i] !== 0 && mask[i] !== 0) out[i] = mask[i]
  return out
}

/** Each zone's region id: its agsRegion, else the next id no zone has. */
export function zoneRegionIds(room: Room): number[] {
  const taken = new Set(
    room.zones.map((z) => Number(z.properties.agsRegion)).filter((n) => n >= 1 && n <= 255),
  )
  let next = 1
  return room.zones.map((z) => {
    let id = Number(z.properties.agsRegion)
    if (!(Number.isInteger(id) && id >= 1 && id <= 255)) {
      while (taken.has(next)) next++
      id = next
      taken.add(id)
    }
    return id
  })
}

/**
 * Each region's events from its zones (a region's first zone says them; another of the same
 * region with other events is a note), by region id, for every region a zone has.
 */
export function regionEventsOfZones(
  room: Room,
  notes: string[],
): Map<number, { stand: string; enter: string; exit: string }> {
  const ids = zoneRegionIds(room)
  const out = new Map<number, { stand: string; enter: string; exit: string }>()
  const by = new Map<number, string>()
  room.zones.forEach((z, i) => {
    const id = ids[i]
    const had = out.get(id)
    if (!had) {
      out.set(id, { ...z.events })
      by.set(id, z.name)
    } else if (had.stand !== z.events.stand || had.enter !== z.events.enter || had.exit !== z.events.exit)
      notes.push(
        `zones ${by.get(id)} and ${z.name} are both region ${id} with other events; AGS has one set per region, ${by.get(id)}'s is written`,
      )
  })
  return out
}

/**
 * A region's event table (function names by AGS's event index) with `events` in it, or null
 * when it already holds them; entries past the three region events are kept, empty ones at
 * the end that the table did not have are not added.
 */
export function regionEventTable(
  current: readonly string[],
  events: { stand: string; enter: string; exit: string },
): string[] | null {
  const names = [...current]
  while (names.length < 3) names.push('')
  names[REGION_EVENTS.stand] = events.stand
  names[REGION_EVENTS.enter] = events.enter
  names[REGION_EVENTS.exit] = events.exit
  while (names.length > current.length && names[names.length - 1] === '') names.pop()
  return names.length === current.length && names.every((n, k) => n === current[k]) ? null : names
}

/** Do the zones differ in shape, region or condition from those traced from a regions mask? */
export function zonesChanged(zones: Room['zones'], traced: Room['zones']): boolean {
  const shape = (list: Room['zones']) =>
    JSON.stringify(list.map((z) => [z.shape, z.properties.agsRegion ?? '', z.enabledBy ?? null]))
  return shape(zones) !== shape(traced)
}

/** The zones as a regions mask: a zone's agsRegion id, else the next free id; a zone that follows a walk area over that area's pixels. */
export function regionsOf(room: Room, walk: Uint8Array, notes: string[]): Uint8Array {
  const { width, height } = room.size
  const ids = zoneRegionIds(room)
  room.zones.forEach((z, i) => {
    const id = ids[i]
    if (id >= AGS_LIMITS.regions)
      notes.push(
        `zone ${z.name}: region ${id} is above AGS's ${AGS_LIMITS.regions - 1}; written, AGS will not read it`,
      )
    if (z.shape.kind === 'area')
      notes.push(
        `zone ${z.name}: it follows walk area ${z.shape.areaId}; written as region ${id} over that area's pixels`,
      )
    if (z.enabledBy)
      notes.push(`zone ${z.name}: AGS regions have no flag conditions; its condition is not written`)
  })
  const painted = zonesToRegionMask(room.zones, ids, walk, width, height)
  notes.push(...regionMaskNotes(room.zones, ids, painted, 'AGS will never raise it'))
  return painted.mask
}

/**
 * Is `area` one the game's mask has no pixel of (so the room was read without its scaling)
 * and the room gives no scale stops of its own? Then the game's scaling for it is kept.
 */
export function keepsGameScaling(room: Room, area: number, gameMask: Uint8Array): boolean {
  if (room.scaling.mode === 'linear' && room.scaling.linear.some((l) => l.areaId === area || l.areaId === 0))
    return false
  return !gameMask.includes(area)
}

/** The AGS scaling fields that give the room's scale on `area` (rows top..bottom). */
export function agsScalingFor(
  room: Room,
  area: number,
  top: number,
  bottom: number,
  notes: string[],
): AgsAreaScaling {
  const stops = room.scaling.mode === 'linear' ? stopsForArea(room, area) : []
  if (room.scaling.mode === 'map')
    notes.push('scaling: AGS scales per walkable area, not from a scale map; not written')
  if (stops.length === 0) return { continuous: false, level: 100, min: 100, max: 100 }
  const min = Math.round(scaleFromStops(stops, top + 0.5))
  const max = Math.round(scaleFromStops(stops, bottom + 0.5))
  if (stops.length > 2)
    notes.push(
      `area ${area}: ${stops.length} scale stops; AGS interpolates top to bottom, written as ${min}%..${max}%`,
    )
  if (min > max)
    notes.push(
      `area ${area}: scale shrinks downwards (${min}% to ${max}%); AGS's continuous scaling is written as it is`,
    )
  return min === max
    ? { continuous: false, level: min, min, max }
    : { continuous: true, level: min, min, max }
}

/**
 * The files to write into an AGS 4 room folder (`target`, which holds data.xml) for the
 * edits in `input`; none when nothing Walkbox carries has changed.
 */
export async function exportOpenRoomInPlace(input: ExportInput, target: ImportSource): Promise<ExportResult> {
  const notes: string[] = []
  const xmlBytes = await target.readBytes('data.xml')
  if (!xmlBytes)
    throw new Error(
      'data.xml: not in the folder; ags4 writes into an AGS 4 room folder (make the room in AGS first)',
    )
  const text = utf8Text(xmlBytes, 'data.xml')
  const { data } = readOpenRoom(text)
  const { room } = input
  const { width, height } = room.size
  if (width !== data.width || height !== data.height)
    throw new Error(
      `room '${room.id}' is ${width}x${height}; the AGS room is ${data.width}x${data.height}; nothing written (AGS takes the size from the background)`,
    )
  const readNotes: string[] = []
  const current = await readOpenRoomMask(target, '', OPEN_ROOM_MASKS.walkable, data, readNotes)
  if (!current) throw new Error(`${OPEN_ROOM_MASKS.walkable}: not in the folder`)
  const files: ExportFile[] = []
  const stored = (cells: Uint8Array, bytes: Uint8Array | null, path: string, scale = data.maskResolution) => {
    const m = maskToStoredSize(cells, width, height, scale)
    let top = 0
    for (const v of m.indices) if (v > top) top = v
    const own = bytes ? readPngPalette(bytes) : undefined
    const palette = own && own.length > top ? own : maskPalette(Math.max(16, top + 1))
    // The file's own ancillary chunks (sRGB, gAMA, pHYs...) are kept.
    files.push({
      path,
      indexed: {
        width: m.width,
        height: m.height,
        indices: m.indices,
        palette,
        ...(bytes ? { replaces: bytes } : {}),
      },
    })
  }

  const walk = walkableOf(input)
  if (!sameBytes(walk, current.cells)) {
    const over = new Set<number>()
    for (const v of walk) if (v >= AGS_LIMITS.walkableAreas) over.add(v)
    if (over.size > 0)
      notes.push(
        `walkable areas ${[...over].sort((a, b) => a - b).join(', ')}: above AGS's ${AGS_LIMITS.walkableAreas - 1}; written, AGS will not read them`,
      )
    stored(walk, current.bytes, OPEN_ROOM_MASKS.walkable)
    if (data.maskResolution > 1)
      notes.push(
        `walkable area mask written at 1:${data.maskResolution}, the room's mask resolution (MaskResolution)`,
      )
  }

  const regionsNow = await readOpenRoomMask(target, '', OPEN_ROOM_MASKS.regions, data, readNotes)
  const zonesNow = regionsNow ? zonesFromRegions(regionsNow.cells, width, height, []) : []
  if (zonesChanged(room.zones, zonesNow)) {
    // Written when its pixels change (a zone that follows a walk area is always a new shape).
    const cells = regionsOf(room, walk, notes)
    if (!regionsNow || !sameBytes(cells, regionsNow.cells))
      stored(cells, regionsNow?.bytes ?? null, OPEN_ROOM_MASKS.regions)
  }
  // Region events: each region's Standing, WalksOnto, WalksOff from its zones, where they changed.
  const eventEdits = new Map<number, string[]>()
  for (const [id, events] of regionEventsOfZones(room, notes)) {
    const current = data.regionEvents?.[id]
    if (!current) {
      if (events.stand || events.enter || events.exit)
        notes.push(`region ${id}: data.xml has no RoomRegion ${id}; its events are not written`)
      continue
    }
    const names = regionEventTable(current, events)
    if (names) eventEdits.set(id, names)
  }
  if (eventEdits.size > 0)
    notes.push('region events: the functions they name must be in the room script (roomN.asc)')

  // Walk-behinds: the mask when its pixels changed, the baselines that changed.
  const walkBehindsNow = await readOpenRoomMask(target, '', OPEN_ROOM_MASKS.walkBehinds, data, readNotes)
  const wbCells = walkBehindCells(room) ?? new Uint8Array(width * height)
  const wbBefore = walkBehindsNow?.cells ?? new Uint8Array(width * height)
  const wbOver = (room.walkBehinds?.areas ?? []).filter((a) => a.id >= AGS_LIMITS.walkBehinds)
  if (wbOver.length > 0)
    notes.push(
      `walk-behinds ${wbOver.map((a) => a.id).join(', ')}: above AGS's ${AGS_LIMITS.walkBehinds - 1} (AGS 3 and AGS 4 alike); their pixels are written, AGS ignores them and their baselines are not written`,
    )
  if (!sameBytes(wbCells, wbBefore)) {
    // At room size whatever MaskResolution says, as AGS keeps walk-behinds (Room.GetMaskScale).
    stored(wbCells, walkBehindsNow?.bytes ?? null, OPEN_ROOM_MASKS.walkBehinds, 1)
  }
  const baselineEdits = new Map<number, number>()
  for (const a of room.walkBehinds?.areas ?? []) {
    if (a.id >= AGS_LIMITS.walkBehinds) continue
    if (Math.round(a.baseline) !== (data.walkBehindBaselines[a.id] ?? 0)) baselineEdits.set(a.id, a.baseline)
  }

  // Scaling per area present in the mask (an area painted anew keeps the game's scaling
  // for it while Walkbox has none: the reading had no pixel of it to carry it on).
  const rows = areaRows(walk, width)
  const areaEdits = new Map<number, AgsAreaScaling>()
  for (const [area, { top, bottom }] of rows) {
    if (area >= data.walkableAreas.length || keepsGameScaling(room, area, current.cells)) continue
    const want = agsScalingFor(room, area, top, bottom, notes)
    if (effective(want) !== effective(data.walkableAreas[area])) areaEdits.set(area, want)
  }

  // Hotspots: the mask when its pixels changed, the fields of the hotspots that changed
  // (open-room-hotspots.ts); a room without hotspots leaves the game's as they are.
  const hotspotsNow = await readOpenRoomMask(target, '', OPEN_ROOM_MASKS.hotspots, data, readNotes)
  const hotspotWrite = openRoomHotspotWrite(room, data.hotspots, hotspotsNow?.cells ?? null, notes)
  if (hotspotWrite && !sameBytes(hotspotWrite.cells, hotspotsNow?.cells ?? new Uint8Array(width * height)))
    stored(hotspotWrite.cells, hotspotsNow?.bytes ?? null, OPEN_ROOM_MASKS.hotspots)

  // Walk-to points of a room from before the hotspot layer, by the ids the importer gave them.
  const walkTo = new Map<number, { x: number; y: number }>()
  const ids: string[] = []
  data.hotspots.forEach((h, id) => {
    if (hotspotWrite || id === 0 || (h.walkTo.x === 0 && h.walkTo.y === 0)) return
    const pid = idFromName(`${h.scriptName || `hotspot${id}`}-walk-to`, ids, 'point')
    ids.push(pid)
    const p = room.points?.find((q) => q.id === pid)
    if (p && (Math.round(p.x) !== h.walkTo.x || Math.round(p.y) !== h.walkTo.y))
      walkTo.set(id, { x: p.x, y: p.y })
  })

  // BackgroundAnimationEnabled: only when the room says otherwise than the file (AGS's default is True).
  const animate = room.backgroundAnimationEnabled
  const animateEdit =
    animate !== undefined && animate !== (data.backgroundAnimationEnabled ?? true)
      ? { backgroundAnimationEnabled: animate }
      : {}

  // BackgroundAnimationDelay likewise (AGS's default is 5 game loops).
  const delay = room.backgroundAnimationDelay
  const delayEdit =
    delay !== undefined && delay !== (data.backgroundAnimationDelay ?? 5)
      ? { backgroundAnimationDelay: delay }
      : {}

  const patched = patchOpenRoomHotspots(
    patchOpenRoom(text, {
      walkableAreas: areaEdits,
      walkTo,
      walkBehindBaselines: baselineEdits,
      regionEvents: eventEdits,
      ...animateEdit,
      ...delayEdit,
      // The room's own custom properties: the room's <Properties> rewritten when they differ.
      properties: agsStoredProperties(room),
    }),
    hotspotWrite?.edits ?? new Map(),
  )
  if (patched !== text) files.push({ path: 'data.xml', bytes: new TextEncoder().encode(patched) })
  if (room.gates.length > 0)
    notes.push(
      `gates: AGS switches walkable areas from scripts (RemoveWalkableArea); ${room.gates.length} not written`,
    )
  if (room.nodeGraph.nodes.length > 0)
    notes.push('node graph: AGS finds paths on the walkable areas itself; not written')
  notes.push('background: not written; AGS keeps background0.png')
  const frames = room.backgroundFrames?.length ?? 0
  if (frames > 0 || data.backgroundCount > 1)
    notes.push(
      frames + 1 === data.backgroundCount
        ? `background frames: not written; AGS keeps background1..${frames}.png`
        : `background frames: the room has ${frames + 1} backgrounds, data.xml BackgroundCount ${data.backgroundCount}; not written (Walkbox does not edit backgrounds, add them in AGS)`,
    )
  if (files.length === 0) notes.push('nothing Walkbox carries has changed; no file written')
  return { files, notes: [...new Set(notes)] }
}
