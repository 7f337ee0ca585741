/**
 * An AGS 3 room (`roomN.crm`) into Walkbox (the registry's `ags3` import): what
 * agsRoomToWalkbox makes of any AGS room, plus what the .crm holds that Walkbox carries
 * and writes back in place (crm-in-place.ts):
 * - hotspots: each AGS hotspot that is drawn, named, given a walk-to point, properties or
 *   event functions becomes a painted hotspot (`shape.kind 'mask'`, maskId = the AGS
 *   hotspot number, pixels in `hotspotMask`), with its script name, description, walk-to
 *   point and custom properties;
 * - region events: each zone traced from region N gets region N's event functions
 *   (`regionN_WalksOnto` enter, `regionN_WalksOff` exit, `regionN_Standing` stand), given
 *   to the shared reading as AgsRoomData.regionEvents;
 * - the room's own custom properties (the room's map of the properties block, read by
 *   crm.ts), typed by the game's Game.agf schema beside the .crm (ags-properties.ts);
 * - room edges and objects as room points (the rule below), so that they are shown, can be
 *   moved and written back, and go into a new AGS 4 room folder.
 *
 * Glossary
 * - AGS room points: `edge-left` / `edge-right` at (edge x, half the height), `edge-top` /
 *   `edge-bottom` at (half the width, edge y); `object-N` at object N's start point (AGS
 *   objects stand on their start y), named `<script name>: <description> (object N, sprite
 *   S)` with `, hidden` when it starts invisible, so that a new AGS 4 room folder gets the
 *   object back (open-room-new.ts, through agsObjectsOf).
 * - default hotspot text: a description of '' or `Hotspot N` and a script name of '' or
 *   `hHotspotN`, as a new AGS room has for all 49 hotspots; such a hotspot with no pixel,
 *   walk-to point, property or event is left out.
 *
 * Units: px (room).
 */
import { idFromName } from '../../room/names'
import type { Hotspot, Room } from '../../room/schema'
import { encodeWalkBehindRows } from '../../room/walk-behinds'
import type { ImportResult, ImportSource } from '../format-io'
import { encodeRgbaPng } from '../../codecs/rgba-png'
import { agsRoomToWalkbox, countIds, maskToRoomSize } from './ags-room'
import { readCrm, type CrmRoom } from './crm'
import { withRoomPropertySchema } from './ags-properties'
import { agsRoomNumber, delayField, framesOf } from './import-room'

const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

export const EDGE_POINTS = ['left', 'right', 'top', 'bottom'] as const
export type EdgeSide = (typeof EDGE_POINTS)[number]

/** The room point id of an edge. */
export const edgePointId = (side: EdgeSide) => `edge-${side}`

/** The room point id of object N (0-based, as AGS numbers them). */
export const objectPointId = (index: number) => `object-${index}`

/** The room's edges as points (see the glossary). */
export function edgePoints(
  edges: { left: number; right: number; top: number; bottom: number },
  width: number,
  height: number,
): NonNullable<Room['points']> {
  const label = (side: EdgeSide) => `${side[0].toUpperCase()}${side.slice(1)} edge`
  return EDGE_POINTS.map((side) => ({
    id: edgePointId(side),
    name: label(side),
    x: side === 'left' || side === 'right' ? edges[side] : Math.floor(width / 2),
    y: side === 'top' || side === 'bottom' ? edges[side] : Math.floor(height / 2),
  }))
}

/** The edge values the room's edge points give (absent points keep `current`). */
export function edgesFromPoints(
  room: Room,
  current: { left: number; right: number; top: number; bottom: number },
): { left: number; right: number; top: number; bottom: number } {
  const out = { ...current }
  for (const side of EDGE_POINTS) {
    const p = room.points?.find((q) => q.id === edgePointId(side))
    if (p) out[side] = Math.round(side === 'left' || side === 'right' ? p.x : p.y)
  }
  return out
}

/** Is hotspot N's text what a new AGS room gives it? */
export function defaultHotspotText(n: number, description: string, scriptName: string): boolean {
  return (
    (description === '' || description === `Hotspot ${n}`) &&
    (scriptName === '' || scriptName === `hHotspot${n}`)
  )
}

/** The hotspots of a .crm (see the glossary) and their room-size mask rows. */
export function crmHotspots(crm: CrmRoom, cells: Uint8Array): Pick<Room, 'hotspots' | 'hotspotMask'> {
  const { width, height } = crm.data
  const hotspots = crmHotspotList(crm, countIds(crm.masks.hotspots.indices))
  if (hotspots.length === 0) return {}
  return { hotspots, hotspotMask: { rows: encodeWalkBehindRows(cells, width, height) } }
}

/** The hotspots of a .crm (see the glossary), given the pixels of each id in its hotspot mask. */
export function crmHotspotList(crm: CrmRoom, pixels: ReadonlyMap<number, number>): Hotspot[] {
  const hotspots: Hotspot[] = []
  const ids: string[] = []
  const count = Math.max(crm.data.hotspots.length, ...[...pixels.keys()].map((n) => n + 1))
  for (let n = 1; n < count; n++) {
    const h = crm.data.hotspots[n]
    const properties = { ...(crm.extras.hotspotProperties[n] ?? {}) }
    const events = crm.extras.events.hotspots[n] ?? []
    const walkTo = h && (h.walkTo.x !== 0 || h.walkTo.y !== 0) ? { x: h.walkTo.x, y: h.walkTo.y } : null
    const used =
      pixels.has(n) ||
      walkTo !== null ||
      Object.keys(properties).length > 0 ||
      events.some((e) => e !== '') ||
      (h !== undefined && !defaultHotspotText(n, h.description, h.scriptName))
    if (!used) continue
    const scriptName = h?.scriptName ?? ''
    const id = idFromName(scriptName || `hotspot${n}`, ids, 'hotspot')
    ids.push(id)
    hotspots.push({
      id,
      name: scriptName || `hHotspot${n}`,
      ...(h?.description ? { description: h.description } : {}),
      shape: { kind: 'mask', maskId: n },
      ...(walkTo ? { walkTo } : {}),
      properties,
    })
  }
  return hotspots
}

/** The room's objects as points (see the glossary). */
export function objectPoints(crm: CrmRoom): NonNullable<Room['points']> {
  return crm.extras.objectPlaces.map((o, i) => {
    const names = crm.data.objects[i]
    const tail = `(object ${i}, sprite ${o.sprite}${o.visible ? '' : ', hidden'})`
    return { id: objectPointId(i), name: `${names.scriptName}: ${names.description} ${tail}`, x: o.x, y: o.y }
  })
}

/** An AGS object as a room's points give it (see the glossary). */
export interface AgsObjectPoint {
  index: number
  scriptName: string
  description: string
  sprite: number
  visible: boolean
  x: number
  y: number
}

const OBJECT_NAME = /^([^:]*): ([\s\S]*) \(object (\d+), sprite (\d+)(, hidden)?\)$/

/**
 * The objects the room's `object-N` points stand for, in N's order, and the room without
 * those points and without the edge points (the rest of its points); a point renamed out of
 * the rule still gives its object, with sprite 0, and a note.
 */
export function agsObjectsAndEdges(
  room: Room,
  notes: string[],
): { objects: AgsObjectPoint[]; edges: Partial<Record<EdgeSide, number>>; room: Room } {
  const objects: AgsObjectPoint[] = []
  const edges: Partial<Record<EdgeSide, number>> = {}
  const rest: NonNullable<Room['points']> = []
  for (const p of room.points ?? []) {
    const object = /^object-(\d+)$/.exec(p.id)
    const edge = EDGE_POINTS.find((side) => p.id === edgePointId(side))
    if (edge) edges[edge] = Math.round(edge === 'left' || edge === 'right' ? p.x : p.y)
    else if (object) {
      const m = OBJECT_NAME.exec(p.name)
      if (!m)
        notes.push(
          `point ${p.name}: written as AGS object ${object[1]} with sprite 0 (its name no longer says its sprite)`,
        )
      objects.push({
        index: Number(object[1]),
        scriptName: m ? m[1] : '',
        description: m ? m[2] : p.name,
        sprite: m ? Number(m[4]) : 0,
        visible: !m?.[5],
        x: Math.round(p.x),
        y: Math.round(p.y),
      })
    } else rest.push(p)
  }
  objects.sort((a, b) => a.index - b.index)
  return { objects, edges, room: { ...room, points: rest } }
}

export async function importCrmRoom(
  source: ImportSource,
  path: string,
  options: { roomId?: string; name?: string },
): Promise<ImportResult> {
  const bytes = await source.readBytes(path)
  if (!bytes) throw new Error(`${path}: file not found`)
  const file = baseOf(path)
  const crm = readCrm(bytes, file)
  const { data } = crm
  const room = { width: data.width, height: data.height }
  const number = agsRoomNumber(path)
  const name = options.name ?? (number !== null ? `Room ${number}` : 'AGS room')
  const hotspotCells = maskToRoomSize(crm.masks.hotspots, room, `${file} hotspot mask`)
  // Hotspots are read here (crmHotspots), so the shared reading gets none.
  const imported = agsRoomToWalkbox(
    { ...data, hotspots: [] },
    {
      walkable: maskToRoomSize(crm.masks.walkable, room, `${file} walkable mask`),
      regions: maskToRoomSize(crm.masks.regions, room, `${file} regions mask`),
      hotspots: null,
      walkBehinds: maskToRoomSize(crm.masks.walkBehinds, room, `${file} walk-behind mask`),
    },
    {
      id: options.roomId ?? idFromName(name, []),
      name,
      ...(crm.background ? { background: 'background.png' } : {}),
    },
  )
  const notes = imported.notes.filter((n) => !/^room edges: |^room objects: /.test(n))
  // The game's Game.agf beside the .crm: its schema types the room's properties.
  const dir = path.slice(0, path.length - file.length)
  await withRoomPropertySchema(imported.room, () => source.readText(`${dir}Game.agf`), notes)
  Object.assign(imported.room, crmHotspots(crm, hotspotCells))
  const hotspots = imported.room.hotspots ?? []
  if (hotspots.length > 0)
    notes.push(
      `hotspots: ${hotspots.length} (${hotspots.map((h) => `${(h.shape as { maskId: number }).maskId} ${h.name}`).join(', ')}) in the hotspot layer`,
    )
  imported.room.points = [
    ...(imported.room.points ?? []),
    ...edgePoints(data.edges, data.width, data.height),
    ...objectPoints(crm),
  ]
  notes.push(
    `room edges: left x=${data.edges.left}, right x=${data.edges.right}, top y=${data.edges.top}, bottom y=${data.edges.bottom}, as the points ${EDGE_POINTS.map(edgePointId).join(', ')}`,
  )
  if (data.objects.length > 0)
    notes.push(
      `room objects: ${data.objects.map((o, i) => `${objectPointId(i)} ${o.scriptName || o.description}`).join(', ')} as points at their start (sprite, visibility and the rest stay in the .crm)`,
    )
  const frames = crm.background
    ? framesOf(
        data,
        crm.frames.map((f, i) => ({
          bytes: encodeRgbaPng(f.width, f.height, f.rgba),
          size: { width: f.width, height: f.height },
          what: `background frame ${i + 2}`,
        })),
        notes,
      )
    : { fields: {} }
  if (!crm.background && data.backgroundCount > 1)
    notes.push(
      `backgrounds: ${data.backgroundCount} frames, but the first background cannot be read; no frame is carried`,
    )
  else if (crm.frames.length + 1 < data.backgroundCount)
    notes.push(
      `backgrounds: the room has ${data.backgroundCount} frames, ${crm.frames.length + 1} could be read`,
    )
  const delay = crm.frameDelay !== undefined ? { ...data, backgroundAnimationDelay: crm.frameDelay } : data
  Object.assign(imported.room, frames.fields, frames.backgroundFrames ? delayField(delay) : {})
  return {
    room: imported.room,
    flags: [],
    notes,
    mask: imported.mask,
    ...(frames.backgroundFrames ? { backgroundFrames: frames.backgroundFrames } : {}),
    ...(crm.background
      ? {
          background: {
            name: 'background.png',
            bytes: encodeRgbaPng(crm.background.width, crm.background.height, crm.background.rgba),
          },
        }
      : {}),
  }
}
