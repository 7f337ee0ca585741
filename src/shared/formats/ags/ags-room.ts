/**
 * One Adventure Game Studio room as both AGS 3 (`roomN.crm`) and AGS 4 (`Rooms/N/data.xml`)
 * describe it, and that room as a Walkbox room: the walkable-area mask becomes the room's
 * authoritative mask, each area's scaling becomes linear stops, regions become zones traced
 * from their pixels, hotspot walk-to points become room points; what Walkbox has no layer
 * walk-behinds become the walk-behind layer (mask and baselines); what Walkbox has no layer
 * for (hotspot masks, objects, lighting, edges) is named in the notes.
 *
 * Glossary
 * - id: AGS numbers areas, hotspots, regions and walk-behinds from 0; 0 is "none" and the
 *   mask value is the id.
 * - mask resolution: AGS keeps masks at 1:1 to 1:4 of the room (MaskResolution); `cells`
 *   here are always at room size, scaled up by repeating each mask pixel.
 * - continuous scaling: AGS interpolates an area's scale from `min` at its top row to `max`
 *   at its bottom row (room px); otherwise the whole area has `level`.
 *
 * Units: px (room), percent (scaling).
 */
import { simplifyAreas, traceMask } from '../../geometry/vectorise'
import { idFromName } from '../../room/names'
import { defaultAreaColour, emptyRoom, type Room, type Zone } from '../../room/schema'
import { encodeWalkBehindRows } from '../../room/walk-behinds'

/** AGS's own limits (Common/game/roomdata.h, the editor's Room.cs): ids 1..count-1. */
export const AGS_LIMITS = {
  walkableAreas: 16,
  hotspots: 50,
  regions: 16,
  walkBehinds: 16,
  backgrounds: 5,
  objects: 256,
} as const

/** AGS region event order (the editor's RoomRegion schema): Standing, WalksOnto, WalksOff. */
export const REGION_EVENTS = { stand: 0, enter: 1, exit: 2 } as const

export interface AgsAreaScaling {
  continuous: boolean
  /** Percent, used when not continuous. */
  level: number
  /** Percent at the area's top and bottom rows, used when continuous. */
  min: number
  max: number
}

/** One AGS hotspot's fields (the mask says where it is: pixel value = its id). */
export interface AgsHotspot {
  scriptName: string
  description: string
  /** Room px; AGS reads x < 1 as "no walk-to point" (Engine/ac/hotspot.cpp). */
  walkTo: { x: number; y: number }
  /** Custom properties (AGS 4 data.xml `<Properties>`), when the reader has them. */
  properties?: Record<string, string>
}

export interface AgsRoomData {
  /** Which file described it. */
  kind: 'ags3' | 'ags4'
  width: number
  height: number
  /** 1..4: walkable, regions and hotspot masks are stored at 1:maskResolution of the room (walk-behinds at 1:1). */
  maskResolution: number
  edges: { left: number; right: number; top: number; bottom: number }
  backgroundCount: number
  /** Game loops per frame when AGS animates the backgrounds (BackgroundAnimationDelay, BgAnimSpeed). */
  backgroundAnimationDelay?: number
  /** AGS 4's BackgroundAnimationEnabled (false: the frames stay until the script switches them); AGS 3 has no such flag. */
  backgroundAnimationEnabled?: boolean
  /** Index = area id (0..15). */
  walkableAreas: AgsAreaScaling[]
  /** Index = hotspot id (0 = none). */
  hotspots: AgsHotspot[]
  /** Index = walk-behind id: its baseline, room px. */
  walkBehindBaselines: number[]
  regionCount: number
  /** Each region's event functions by AGS's event index (REGION_EVENTS), by region id; '' = none. */
  regionEvents?: string[][]
  objects: { scriptName: string; description: string }[]
  /** The room's own custom properties (data.xml's top `<Properties>`, the .crm's properties block), when the reader has them. */
  properties?: Record<string, string>
  /** What the reader skipped or assumed. */
  notes: string[]
}

/** An indexed mask as stored (at mask resolution). */
export interface AgsMask {
  width: number
  height: number
  indices: Uint8Array
}

export interface AgsRoomMasks {
  walkable: Uint8Array
  regions: Uint8Array | null
  hotspots: Uint8Array | null
  walkBehinds: Uint8Array | null
}

/** A stored mask scaled up to the room's size; throws when it is not 1:1..1:4 of it. */
export function maskToRoomSize(mask: AgsMask, room: { width: number; height: number }, file: string) {
  const scale = room.width / mask.width
  if (
    !Number.isInteger(scale) ||
    scale < 1 ||
    scale > 4 ||
    mask.height * scale !== room.height ||
    mask.indices.length !== mask.width * mask.height
  )
    throw new Error(
      `${file}: mask is ${mask.width}x${mask.height}; the room is ${room.width}x${room.height} (masks are 1:1 to 1:4 of it)`,
    )
  if (scale === 1) return mask.indices
  const out = new Uint8Array(room.width * room.height)
  for (let y = 0; y < room.height; y++) {
    const from = Math.floor(y / scale) * mask.width
    for (let x = 0; x < room.width; x++) out[y * room.width + x] = mask.indices[from + Math.floor(x / scale)]
  }
  return out
}

/** A room-size mask down to 1:scale by taking each block's top-left pixel. */
export function maskToStoredSize(cells: Uint8Array, width: number, height: number, scale: number): AgsMask {
  if (scale === 1) return { width, height, indices: cells }
  const w = Math.floor(width / scale)
  const h = Math.floor(height / scale)
  const out = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) out[y * w + x] = cells[y * scale * width + x * scale]
  return { width: w, height: h, indices: out }
}

/** Pixels of each id 1..255 present, in id order (one pass, counted in an array). */
export function countIds(cells: Uint8Array): Map<number, number> {
  const tally = new Uint32Array(256)
  for (let i = 0; i < cells.length; i++) tally[cells[i]]++
  const counts = new Map<number, number>()
  for (let id = 1; id < 256; id++) if (tally[id] > 0) counts.set(id, tally[id])
  return counts
}

/** Top and bottom rows (room px) of each area id present. */
export function areaRows(cells: Uint8Array, width: number): Map<number, { top: number; bottom: number }> {
  // First and last row of each id in arrays, then the ids present in first-seen order.
  const top = new Int32Array(256).fill(-1)
  const bottom = new Int32Array(256)
  const order: number[] = []
  for (let y = 0, i = 0; i < cells.length; y++) {
    for (const end = i + width; i < end; i++) {
      const a = cells[i]
      if (a === 0) continue
      if (top[a] < 0) {
        top[a] = y
        order.push(a)
      }
      bottom[a] = y
    }
  }
  const rows = new Map<number, { top: number; bottom: number }>()
  for (const a of order) rows.set(a, { top: top[a], bottom: bottom[a] })
  return rows
}

/** The Walkbox linear scaling AGS's settings give for the areas present. */
export function scalingFromAgs(data: AgsRoomData, walkable: Uint8Array): Room['scaling'] {
  const rows = areaRows(walkable, data.width)
  const linear: Room['scaling']['linear'] = []
  for (const [area, { top, bottom }] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
    const s = data.walkableAreas[area]
    if (!s) continue
    if (s.continuous && s.min !== s.max) {
      linear.push({
        areaId: area,
        stops: [
          { y: top + 0.5, scale: s.min },
          { y: bottom + 0.5, scale: s.max },
        ],
      })
    } else {
      const level = s.continuous ? s.min : s.level
      if (level !== 100) linear.push({ areaId: area, stops: [{ y: top + 0.5, scale: level }] })
    }
  }
  return { mode: linear.length > 0 ? 'linear' : 'none', linear }
}

/** Zones traced from a room-size regions mask, one per outline, named "Region N". */
export function zonesFromRegions(
  regions: Uint8Array,
  width: number,
  height: number,
  notes: string[],
): Zone[] {
  const zones: Zone[] = []
  for (const id of [...countIds(regions).keys()].sort((a, b) => a - b)) {
    const traced = simplifyAreas(
      traceMask(width, height, (i) => regions[i] === id),
      0.5,
    )
    traced.forEach((area, k) => {
      const name = `Region ${id}` + (traced.length > 1 ? ` ${k + 1}` : '')
      zones.push({
        id: idFromName(
          name,
          zones.map((z) => z.id),
          'zone',
        ),
        name,
        shape: { kind: 'polygon', outer: area.outer.map((p): [number, number] => [p.x, p.y]) },
        events: { enter: '', exit: '', stand: '' },
        properties: { agsRegion: String(id) },
      })
      if (area.holes.length > 0)
        notes.push(`region ${id}: the holes in it are filled (a Walkbox zone is one outline)`)
    })
  }
  return zones
}

/** A walkable pixel near (x, y), searching outwards row by row; (x, y) when none. */
function walkableNear(cells: Uint8Array, width: number, height: number, x: number, y: number) {
  let best: { x: number; y: number; d: number } | null = null
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === 0) continue
    const px = i % width
    const py = Math.floor(i / width)
    const d = (px - x) ** 2 + (py - y) ** 2
    if (!best || d < best.d) best = { x: px, y: py, d }
  }
  return best ? { x: best.x + 0.5, y: best.y + 0.5 } : { x, y: Math.min(y, height - 1) }
}

export interface AgsRoomImport {
  room: Room
  mask: Uint8Array
  notes: string[]
}

/** An AGS room (its data and room-size masks) as a Walkbox room. */
export function agsRoomToWalkbox(
  data: AgsRoomData,
  masks: AgsRoomMasks,
  options: {
    id: string
    name: string
    background?: string
    /** The caller puts the hotspots into the room's hotspot layer itself (AGS 4 rooms): no walk-to points as room points, no note. */
    hotspotLayer?: boolean
  },
): AgsRoomImport {
  const notes = [...data.notes]
  const { width, height } = data
  const room = emptyRoom({ id: options.id, name: options.name, width, height })
  if (options.background) room.background = options.background
  const walkCounts = countIds(masks.walkable)
  room.areas = [...walkCounts.keys()]
    .sort((a, b) => a - b)
    .map((id) => ({ id, name: `Area ${id}`, colour: defaultAreaColour(id) }))
  room.mask = 'walkmask.png'
  room.authoritative = 'mask'
  notes.push(
    `walkable areas: ${walkCounts.size === 0 ? 'none' : [...walkCounts.entries()].map(([id, n]) => `${id} (${n} px)`).join(', ')}${data.maskResolution > 1 ? `; masks stored at 1:${data.maskResolution} (walkable areas, regions, hotspots; walk-behinds at 1:1)` : ''}`,
  )
  const over = [...walkCounts.keys()].filter((id) => id >= AGS_LIMITS.walkableAreas)
  if (over.length > 0)
    notes.push(
      `walkable areas ${over.join(', ')}: above AGS's ${AGS_LIMITS.walkableAreas - 1}; kept, but AGS will not read them back`,
    )
  const limit = (mask: Uint8Array | null, max: number, what: string) => {
    if (!mask) return
    const over = [...countIds(mask).keys()].filter((id) => id >= max).sort((a, b) => a - b)
    if (over.length > 0) notes.push(`${what} ${over.join(', ')}: above AGS's ${max - 1}; AGS ignores them`)
  }
  limit(masks.regions, AGS_LIMITS.regions, 'regions')
  limit(masks.hotspots, AGS_LIMITS.hotspots, 'hotspots')
  limit(masks.walkBehinds, AGS_LIMITS.walkBehinds, 'walk-behinds')
  room.scaling = scalingFromAgs(data, masks.walkable)
  if (masks.regions) {
    room.zones = zonesFromRegions(masks.regions, width, height, notes)
    // Each zone gets its region's event functions (regionN_WalksOnto...), as the game names them.
    for (const z of room.zones) {
      const names = data.regionEvents?.[Number(z.properties.agsRegion)] ?? []
      z.events = {
        enter: names[REGION_EVENTS.enter] ?? '',
        exit: names[REGION_EVENTS.exit] ?? '',
        stand: names[REGION_EVENTS.stand] ?? '',
      }
    }
    const named = room.zones.filter((z) => z.events.enter || z.events.exit || z.events.stand)
    if (named.length > 0)
      notes.push(
        `region events: ${named.map((z) => `${z.name} (${[z.events.enter, z.events.exit, z.events.stand].filter(Boolean).join(', ')})`).join('; ')}; functions of the room script`,
      )
    const ids = countIds(masks.regions)
    notes.push(
      `regions: ${ids.size} used (${room.zones.length} zone${room.zones.length === 1 ? '' : 's'}); light levels and tints are not carried`,
    )
  }
  const points: NonNullable<Room['points']> = []
  data.hotspots.forEach((h, id) => {
    if (options.hotspotLayer || id === 0 || (h.walkTo.x === 0 && h.walkTo.y === 0)) return
    points.push({
      id: idFromName(
        `${h.scriptName || `hotspot${id}`}-walk-to`,
        points.map((p) => p.id),
        'point',
      ),
      name: `${h.description || h.scriptName || `Hotspot ${id}`} (walk-to)`,
      x: h.walkTo.x,
      y: h.walkTo.y,
    })
  })
  if (points.length > 0) room.points = points
  if (masks.hotspots && !options.hotspotLayer) {
    const used = [...countIds(masks.hotspots).entries()].sort((a, b) => a[0] - b[0])
    notes.push(
      `hotspots: ${used.length} drawn (${used.map(([id, n]) => `${id} ${data.hotspots[id]?.scriptName || '?'} ${n} px`).join(', ') || 'none'}); Walkbox has no hotspot layer, their mask stays in the game`,
    )
  }
  if (masks.walkBehinds) {
    const used = [...countIds(masks.walkBehinds).entries()].sort((a, b) => a[0] - b[0])
    if (used.length > 0) {
      room.walkBehinds = {
        areas: used.map(([id]) => ({
          id,
          name: `Walk-behind ${id}`,
          baseline: data.walkBehindBaselines[id] ?? 0,
        })),
        rows: encodeWalkBehindRows(masks.walkBehinds, width, height),
      }
      notes.push(
        `walk-behinds: ${used.map(([id, n]) => `${id} (${n} px, baseline y=${data.walkBehindBaselines[id] ?? 0})`).join(', ')}; in the walk-behind layer`,
      )
    }
  }
  if (data.objects.length > 0)
    notes.push(
      `room objects: ${data.objects.map((o) => o.scriptName || o.description).join(', ')} (not carried; Walkbox has no objects)`,
    )
  notes.push(
    `room edges: left x=${data.edges.left}, right x=${data.edges.right}, top y=${data.edges.top}, bottom y=${data.edges.bottom} (not carried)`,
  )
  const properties = Object.keys(data.properties ?? {})
  if (properties.length > 0) {
    room.properties = { ...data.properties }
    notes.push(
      `room properties: ${properties.join(', ')} (values the game's schema defaults to are not in the room file)`,
    )
  }
  const start = walkableNear(masks.walkable, width, height, room.testWalk.start.x, room.testWalk.start.y)
  room.testWalk.start = start
  return { room, mask: masks.walkable, notes }
}
