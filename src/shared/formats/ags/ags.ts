/**
 * Adventure Game Studio rooms: the walkable areas as an 8-bit indexed mask at room size
 * (colour index = area number, 0 = not walkable), the trigger zones as a regions mask of
 * the same kind, and a sidecar (JSON) with each area's scaling as AGS sets it
 * (continuous scaling: min at the area's top row, max at its bottom row) for the author
 * to enter in the AGS editor; and the same masks and sidecar read back.
 *
 * Glossary
 * - AGS limits: walkable areas and regions 1..15 (index 0 = none) in AGS 3 and AGS 4 alike
 *   (MAX_WALK_AREAS and MAX_ROOM_REGIONS are 16 in both); more are written and named in the
 *   notes, since other engines read them.
 *
 * Units: px; scaling in percent.
 */
import { propertiesNotKeptNotes } from '../../room/property-notes'
import { walkBehindCells } from '../../analysis/walk-behind-cut'
import { ringBounds } from '../../geometry/bounds'
import { rasterisePolygons } from '../../geometry/rasterise'
import { simplifyAreas, traceMask } from '../../geometry/vectorise'
import { stopsForArea, scaleFromStops } from '../../analysis/scaling'
import { walkPolygonToArea } from '../../room/convert'
import { idFromName } from '../../room/names'
import { readMaskImage, type MaskPixels } from '../../room/mask-image'
import { defaultAreaColour, type Room, type Zone } from '../../room/schema'
import { encodeWalkBehindRows, walkBehindPixelCounts } from '../../room/walk-behinds'
import type { IndexedImage } from '../../codecs/indexed-png'

export const AGS3_MAX_AREAS = 15

/** AGS's MAX_WALK_BEHINDS (Common/game/roomdata.h in AGS 3, roomstruct.h in AGS 4): ids 1..15. */
export const AGS_WALK_BEHINDS = 16

/** A palette where each index has its own colour (index 0 black), like AGS's mask colours. */
export function maskPalette(count: number): string[] {
  const fixed = [
    '#000000',
    '#0000aa',
    '#00aa00',
    '#00aaaa',
    '#aa0000',
    '#aa00aa',
    '#aa5500',
    '#aaaaaa',
    '#555555',
    '#5555ff',
    '#55ff55',
    '#55ffff',
    '#ff5555',
    '#ff55ff',
    '#ffff55',
    '#ffffff',
  ]
  const out = fixed.slice(0, Math.max(1, Math.min(16, count)))
  for (let i = 16; i < count; i++) {
    const h = (i * 137.5) % 360
    const c = (n: number) => {
      const k = (n + h / 30) % 12
      return Math.round(255 * (0.5 - 0.4 * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
    }
    out.push('#' + [c(0), c(8), c(4)].map((v) => v.toString(16).padStart(2, '0')).join(''))
  }
  return out
}

/**
 * Zones into one indexed mask (one region per pixel): zone `i` paints `ids[i]` over what is
 * there, so a later zone wins where zones overlap. Returns the mask, the pixels each zone
 * kept and the pixels each zone lost to later ones, by zone index.
 */
export function zonesToRegionMask(
  zones: readonly Zone[],
  ids: readonly number[],
  walk: Uint8Array,
  width: number,
  height: number,
): { mask: Uint8Array; pixels: number[]; lost: number[] } {
  const mask = new Uint8Array(width * height)
  const owner = new Int32Array(width * height).fill(-1)
  const scratch = new Uint8Array(width * height)
  const lost = zones.map(() => 0)
  const take = (k: number, i: number) => {
    const before = owner[k]
    if (before === i) return
    // Two outlines of one region (same id) lose nothing to each other.
    if (before >= 0 && ids[before] !== ids[i]) lost[before]++
    owner[k] = i
    mask[k] = ids[i]
  }
  zones.forEach((z, i) => {
    if (!(ids[i] >= 1 && ids[i] <= 255)) return
    if (z.shape.kind === 'polygon') {
      const outer = z.shape.outer.map(([x, y]) => ({ x, y }))
      rasterisePolygons([{ outer, holes: [] }], width, height, 1, scratch)
      const b = ringBounds(outer)
      const x0 = Math.max(0, Math.floor(b.x))
      const y0 = Math.max(0, Math.floor(b.y))
      const x1 = Math.min(width, Math.ceil(b.x + b.width) + 1)
      const y1 = Math.min(height, Math.ceil(b.y + b.height) + 1)
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const k = y * width + x
          if (scratch[k] === 0) continue
          scratch[k] = 0
          take(k, i)
        }
    } else {
      const areaId = z.shape.areaId
      for (let k = 0; k < walk.length; k++) if (walk[k] === areaId) take(k, i)
    }
  })
  const pixels = zones.map(() => 0)
  for (const o of owner) if (o >= 0) pixels[o]++
  return { mask, pixels, lost }
}

/** The notes for zones that lost pixels to later ones, and for zones with no pixel at all. */
export function regionMaskNotes(
  zones: readonly Zone[],
  ids: readonly number[],
  result: { pixels: number[]; lost: number[] },
  zeroPixelAction: string,
): string[] {
  const notes: string[] = []
  const losers = zones
    .map((z, i) => ({ z, i }))
    .filter(({ i }) => result.lost[i] > 0)
    .map(({ z, i }) => `${z.name} (region ${ids[i]}) lost ${result.lost[i]} px`)
  if (losers.length > 0)
    notes.push(
      `zones overlap and an AGS regions mask holds one region per pixel (a later zone wins): ${losers.join(', ')}`,
    )
  zones.forEach((z, i) => {
    if (ids[i] >= 1 && ids[i] <= 255 && result.pixels[i] === 0)
      notes.push(`zone ${z.name} (region ${ids[i]}): 0 px in the regions mask; ${zeroPixelAction}`)
  })
  return notes
}

export interface AgsSidecar {
  format: 'walkbox-ags'
  room: string
  size: [number, number]
  walkableAreas: {
    area: number
    name: string
    scaling: { min: number; max: number } | null
    topY: number
    bottomY: number
  }[]
  /** `pixels`: how many pixels the region has in the mask (0 = listed, but AGS will never raise it). */
  regions: { region: number; name: string; enter: string; exit: string; stand: string; pixels?: number }[]
  /** Walk-behind areas of the walk-behinds mask (absent when the room has none). */
  walkBehinds?: { id: number; name: string; baseline: number; pixels: number }[]
}

export interface AgsExport {
  walkable: IndexedImage
  regions: IndexedImage
  /** The walk-behinds mask (index = walk-behind id), when the room has walk-behinds. */
  walkBehinds: IndexedImage | null
  sidecar: AgsSidecar
  notes: string[]
}

/** `mask` is the room's area-id mask when it is mask-authoritative (else polygons are rasterised). */
export function exportAgs(room: Room, mask: Uint8Array | null): AgsExport {
  const notes: string[] = []
  const { width, height } = room.size
  let walk: Uint8Array
  if (room.authoritative === 'mask') {
    if (!mask || mask.length !== width * height)
      throw new Error(
        `room '${room.id}': its mask is authoritative but no mask of ${width}x${height} was given`,
      )
    walk = mask
  } else {
    walk = new Uint8Array(width * height)
    for (const p of room.polygons) rasterisePolygons([walkPolygonToArea(p)], width, height, p.areaId, walk)
  }
  let top = 0
  for (const v of walk) if (v > top) top = v
  if (top > AGS3_MAX_AREAS)
    notes.push(`walkable areas: area ${top} is above AGS's 15 (AGS 3 and AGS 4 alike); AGS will not read it`)

  // Regions: polygon zones by their order, area zones by the area's pixels.
  const ids = room.zones.map((_, i) => i + 1)
  const painted = zonesToRegionMask(room.zones, ids, walk, width, height)
  const regions = painted.mask
  const regionList: AgsSidecar['regions'] = []
  room.zones.forEach((z, i) => {
    const id = ids[i]
    if (id > 255) return
    regionList.push({
      region: id,
      name: z.name,
      enter: z.events.enter,
      exit: z.events.exit,
      stand: z.events.stand,
      pixels: painted.pixels[i],
    })
  })
  if (room.zones.length > 255)
    notes.push(
      `zones ${room.zones
        .slice(255)
        .map((z) => z.name)
        .join(', ')}: beyond region 255; not exported`,
    )
  notes.push(
    ...regionMaskNotes(
      room.zones,
      ids,
      painted,
      'kept in the sidecar with "pixels": 0 so the region numbers stay in zone order; AGS will never raise it',
    ),
  )
  if (room.zones.length > AGS3_MAX_AREAS)
    notes.push(
      `regions: ${room.zones.length} zones, AGS reads 15 regions (AGS 3 and AGS 4 alike); the rest are written and named in the sidecar`,
    )
  if (room.zones.some((z) => z.enabledBy !== undefined))
    notes.push('regions: AGS regions have no flag conditions; zone conditions are not exported')

  // Scaling per area, as AGS's continuous scaling (min at the top row, max at the bottom).
  const rows = new Map<number, { top: number; bottom: number }>()
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const a = walk[y * width + x]
      if (a === 0) continue
      const r = rows.get(a)
      if (!r) rows.set(a, { top: y, bottom: y })
      else r.bottom = y
    }
  const walkableAreas: AgsSidecar['walkableAreas'] = [...rows.keys()]
    .sort((a, b) => a - b)
    .map((area) => {
      const { top: t, bottom: b } = rows.get(area)!
      const name = room.areas.find((x) => x.id === area)?.name ?? `Area ${area}`
      let scaling: { min: number; max: number } | null = null
      if (room.scaling.mode === 'linear') {
        const stops = stopsForArea(room, area)
        if (stops.length > 0) {
          const s1 = Math.round(scaleFromStops(stops, t + 0.5))
          const s2 = Math.round(scaleFromStops(stops, b + 0.5))
          scaling = { min: s1, max: s2 }
          if (s1 > s2)
            notes.push(
              `area ${area}: scale shrinks downwards (${s1}% to ${s2}%); AGS's continuous scaling grows downwards, enter it by hand`,
            )
        }
      }
      return { area, name, scaling, topY: t, bottomY: b }
    })
  if (room.scaling.mode === 'map')
    notes.push('scaling: a scale map has no AGS equivalent; enter per-area scaling by hand')
  if (room.gates.length > 0)
    notes.push(
      `gates: AGS switches walkable areas from scripts (RemoveWalkableArea); ${room.gates.length} gate(s) not exported`,
    )
  if (room.nodeGraph.nodes.length > 0)
    notes.push('node graph: AGS finds paths on the walkable areas itself; not exported')

  // Walk-behinds: their mask as it is, baselines in the sidecar.
  const wbCells = walkBehindCells(room)
  let walkBehinds: IndexedImage | null = null
  let walkBehindList: AgsSidecar['walkBehinds']
  if (wbCells && room.walkBehinds) {
    const counts = walkBehindPixelCounts(wbCells)
    let wbTop = 0
    for (const a of room.walkBehinds.areas) wbTop = Math.max(wbTop, a.id)
    walkBehinds = { width, height, indices: wbCells, palette: maskPalette(Math.max(wbTop + 1, 16)) }
    walkBehindList = room.walkBehinds.areas.map((a) => ({
      id: a.id,
      name: a.name ?? `Walk-behind ${a.id}`,
      baseline: Math.round(a.baseline),
      pixels: counts.get(a.id) ?? 0,
    }))
    const over = room.walkBehinds.areas.filter((a) => a.id >= AGS_WALK_BEHINDS)
    if (over.length > 0)
      notes.push(
        `walk-behinds ${over.map((a) => a.id).join(', ')}: above AGS's ${AGS_WALK_BEHINDS - 1} (MAX_WALK_BEHINDS is 16 in AGS 3 and AGS 4 alike); written, AGS will not read them`,
      )
    for (const a of walkBehindList)
      if (a.pixels === 0)
        notes.push(`walk-behind ${a.id} (${a.name}): 0 px in the mask; listed in the sidecar`)
  }

  notes.push(
    ...propertiesNotKeptNotes(
      room,
      ['room', 'areas', 'polygons', 'gates', 'zones', 'walkBehinds', 'points'],
      'AGS',
      ['agsRegion'],
    ),
  )
  return {
    walkable: { width, height, indices: walk, palette: maskPalette(Math.max(top + 1, 16)) },
    regions: { width, height, indices: regions, palette: maskPalette(Math.max(regionList.length + 1, 16)) },
    walkBehinds,
    sidecar: {
      format: 'walkbox-ags',
      room: room.name,
      size: [width, height],
      walkableAreas,
      regions: regionList,
      ...(walkBehindList ? { walkBehinds: walkBehindList } : {}),
    },
    notes,
  }
}

export interface AgsImportInput {
  room: Room
  walkable?: { pixels: MaskPixels; palette?: readonly string[]; file: string }
  regions?: { pixels: MaskPixels; palette?: readonly string[]; file: string }
  walkBehinds?: { pixels: MaskPixels; palette?: readonly string[]; file: string }
  sidecar?: { text: string; file: string }
}

/**
 * AGS masks (and a Walkbox sidecar) into `room` (a new object): the walkable mask becomes
 * the room's authoritative mask, regions become polygon zones traced from their pixels,
 * scaling from the sidecar becomes linear stops per area. Masks may be stored at 1:2..1:4.
 */
export function importAgs(input: AgsImportInput): { room: Room; mask: Uint8Array | null; notes: string[] } {
  const notes: string[] = []
  const room: Room = JSON.parse(JSON.stringify(input.room)) as Room
  const { width, height } = room.size
  let mask: Uint8Array | null = null
  if (input.walkable) {
    const read = readMaskImage(input.walkable.pixels, {
      rule: 'auto',
      palette: input.walkable.palette,
      fit: { width, height },
      file: input.walkable.file,
    })
    mask = read.cells
    notes.push(
      `${input.walkable.file}: ${read.summary}${read.scale > 1 ? ` (stored at 1:${read.scale})` : ''}`,
    )
    for (const a of read.areas) {
      if (!room.areas.some((x) => x.id === a.id))
        room.areas.push({ id: a.id, name: `Area ${a.id}`, colour: defaultAreaColour(a.id) })
    }
    room.areas.sort((a, b) => a.id - b.id)
    room.authoritative = 'mask'
    room.mask = room.mask ?? 'walkmask.png'
  }
  let sidecar: AgsSidecar | null = null
  if (input.sidecar) {
    try {
      sidecar = JSON.parse(input.sidecar.text) as AgsSidecar
      if (sidecar.format !== 'walkbox-ags') throw new Error('format is not walkbox-ags')
    } catch (e) {
      notes.push(
        `${input.sidecar.file}: not a Walkbox AGS sidecar (${(e as Error).message}); scaling and names not read`,
      )
      sidecar = null
    }
  }
  if (sidecar) {
    for (const a of sidecar.walkableAreas) {
      const area = room.areas.find((x) => x.id === a.area)
      if (area && a.name) area.name = a.name
      if (a.scaling) {
        room.scaling.mode = 'linear'
        room.scaling.linear = room.scaling.linear.filter((l) => l.areaId !== a.area)
        room.scaling.linear.push({
          areaId: a.area,
          stops:
            a.scaling.min === a.scaling.max
              ? [{ y: a.topY, scale: a.scaling.min }]
              : [
                  { y: a.topY + 0.5, scale: a.scaling.min },
                  { y: a.bottomY + 0.5, scale: a.scaling.max },
                ],
        })
      }
    }
  }
  if (input.regions) {
    const read = readMaskImage(input.regions.pixels, {
      rule: 'auto',
      palette: input.regions.palette,
      fit: { width, height },
      file: input.regions.file,
    })
    const zones: Zone[] = []
    for (const { id } of read.areas) {
      const traced = simplifyAreas(
        traceMask(width, height, (i) => read.cells[i] === id),
        0.5,
      )
      const info = sidecar?.regions.find((r) => r.region === id)
      traced.forEach((area, k) => {
        const name = (info?.name ?? `Region ${id}`) + (traced.length > 1 ? ` ${k + 1}` : '')
        zones.push({
          id: idFromName(
            name,
            [...room.zones, ...zones].map((z) => z.id),
            'zone',
          ),
          name,
          shape: { kind: 'polygon', outer: area.outer.map((p): [number, number] => [p.x, p.y]) },
          events: { enter: info?.enter ?? '', exit: info?.exit ?? '', stand: info?.stand ?? '' },
          properties: { agsRegion: String(id) },
        })
        if (area.holes.length > 0)
          notes.push(`region ${id}: the holes in it are filled (a Walkbox zone is one outline)`)
      })
    }
    room.zones = [...room.zones, ...zones]
    notes.push(
      `${input.regions.file}: ${zones.length} zone${zones.length === 1 ? '' : 's'} from ${read.areas.length} region${read.areas.length === 1 ? '' : 's'}`,
    )
  }
  if (input.walkBehinds) {
    const read = readMaskImage(input.walkBehinds.pixels, {
      rule: 'auto',
      palette: input.walkBehinds.palette,
      fit: { width, height },
      file: input.walkBehinds.file,
    })
    const counts = walkBehindPixelCounts(read.cells)
    const ids = [...counts.keys()].sort((a, b) => a - b)
    if (ids.length > 0) {
      room.walkBehinds = {
        areas: ids.map((id) => {
          const info = sidecar?.walkBehinds?.find((w) => w.id === id)
          return { id, name: info?.name ?? `Walk-behind ${id}`, baseline: info?.baseline ?? 0 }
        }),
        rows: encodeWalkBehindRows(read.cells, width, height),
      }
      const noBaseline = ids.filter((id) => !sidecar?.walkBehinds?.some((w) => w.id === id))
      if (noBaseline.length > 0)
        notes.push(
          `walk-behinds ${noBaseline.join(', ')}: no baseline in a sidecar; baseline y=0 (AGS's default), set it in the Areas panel`,
        )
    }
    notes.push(
      `${input.walkBehinds.file}: ${ids.length} walk-behind${ids.length === 1 ? '' : 's'} (${ids.map((id) => `${id}: ${counts.get(id)} px`).join(', ') || 'none'})`,
    )
  }
  return { room, mask, notes }
}
