/**
 * Commands of the hotspot layer: add a polygon hotspot or a painted one, change a hotspot's
 * fields (name, description, walk-to and look-at points, facing direction, enabling
 * expression, properties), reorder the list (the last is on top), remove one (a painted
 * one's pixels go with it). Each is one RoomFieldsCommand on `hotspots` (and `hotspotMask`),
 * so it is one undo step; a walk-to point dragged step by step is one step too (`gesture`).
 * Painting a hotspot's pixels is the mask tools' MaskPatchCommand on the hotspot target
 * (stores/hotspot-target.ts); its outline is edited with the ring commands (room-commands.ts).
 *
 * Glossary
 * - mask id: a painted hotspot's value in `hotspotMask` (1..255), one per painted hotspot,
 *   so painted hotspots never overlap.
 *
 * Units: room px.
 */
import type { CoordRing, FacingDirection, Hotspot, Room } from '../../../shared/room/schema'
import {
  decodeWalkBehindRows,
  emptyWalkBehindRows,
  encodeWalkBehindRows,
} from '../../../shared/room/walk-behinds'
import { cloneJson, type EditTarget } from './edit-target'
import { freshId, ringProblem, RingError } from './room-commands'
import { outlineDuplicateOffset } from './duplicate-offset'
import { RoomFieldsCommand } from './room-fields'

/** What a hotspot edit may change; `null` removes an optional field. */
export interface HotspotChange {
  name?: string
  description?: string | null
  walkTo?: { x: number; y: number } | null
  lookAt?: { x: number; y: number } | null
  direction?: FacingDirection | null
  enabledBy?: string | null
  properties?: Record<string, string>
}

function hotspotsOf(room: Room): Hotspot[] {
  return cloneJson(room.hotspots ?? [])
}

/** The lowest mask id (1..255) no painted hotspot uses. */
export function freeMaskId(room: Room): number {
  const used = new Set((room.hotspots ?? []).map((h) => (h.shape.kind === 'mask' ? h.shape.maskId : 0)))
  let id = 1
  while (used.has(id) && id < 256) id++
  if (id > 255) throw new Error('A room has at most 255 painted hotspots.')
  return id
}

/** A new hotspot's id and name: `hotspot-N` and `HotspotN` (a name scripts can use). */
function fresh(room: Room): { id: string; name: string } {
  const id = freshId(
    (room.hotspots ?? []).map((h) => h.id),
    'hotspot',
  )
  return { id, name: `Hotspot${id.slice('hotspot-'.length)}` }
}

/** Add a hotspot with `outer` as its outline; refused with the reason when the outline is not valid. */
export function addPolygonHotspotCommand(target: EditTarget, outer: CoordRing): RoomFieldsCommand {
  const problem = ringProblem(outer)
  if (problem) throw new RingError(problem.message, problem.at)
  const { id, name } = fresh(target.room)
  const made: Hotspot = { id, name, shape: { kind: 'polygon', outer: cloneJson(outer) }, properties: {} }
  return new RoomFieldsCommand(
    `Add hotspot ${name}`,
    target,
    { hotspots: [...hotspotsOf(target.room), made] },
    id,
  )
}

/** Add a painted hotspot with the lowest free mask id and no pixels yet (the room gets a hotspot mask if it had none). */
export function addPaintedHotspotCommand(target: EditTarget): RoomFieldsCommand {
  const room = target.room
  const maskId = freeMaskId(room)
  const { id, name } = fresh(room)
  const made: Hotspot = { id, name, shape: { kind: 'mask', maskId }, properties: {} }
  const { width, height } = room.size
  return new RoomFieldsCommand(
    `Add painted hotspot ${name}`,
    target,
    {
      hotspots: [...hotspotsOf(room), made],
      ...(room.hotspotMask ? {} : { hotspotMask: { rows: emptyWalkBehindRows(width, height) } }),
    },
    id,
  )
}

function finitePoint(p: { x: number; y: number }, what: string): { x: number; y: number } {
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y))
    throw new Error(`Expected a ${what} of finite x and y, room px.`)
  return { x: p.x, y: p.y }
}

/**
 * Change the fields of hotspot `id`; null when that changes nothing (no undo step for it).
 * `gesture` joins the steps of one drag into one undo step.
 */
export function updateHotspotCommand(
  target: EditTarget,
  id: string,
  change: HotspotChange,
  gesture?: string,
): RoomFieldsCommand | null {
  const hotspots = hotspotsOf(target.room)
  const h = hotspots.find((x) => x.id === id)
  if (!h) throw new Error(`No hotspot '${id}'.`)
  const before = JSON.stringify(h)
  const was = h.name || h.id
  const set = <K extends keyof Hotspot>(key: K, value: Hotspot[K] | null | undefined) => {
    if (value === undefined) return
    if (value === null || value === '') delete h[key]
    else h[key] = value
  }
  if (change.name !== undefined) h.name = change.name
  set('description', change.description)
  set('walkTo', change.walkTo && finitePoint(change.walkTo, 'walk-to point'))
  set('lookAt', change.lookAt && finitePoint(change.lookAt, 'look-at point'))
  set('direction', change.direction)
  set('enabledBy', change.enabledBy)
  if (change.properties !== undefined) h.properties = { ...change.properties }
  if (JSON.stringify(h) === before) return null
  const keys = Object.keys(change)
  const label =
    keys.length === 1 && keys[0] === 'name'
      ? `Rename hotspot ${was} to ${h.name}`
      : keys.length === 1 && keys[0] === 'walkTo'
        ? change.walkTo
          ? `Walk-to point of ${was} to (${Math.round(change.walkTo.x)}, ${Math.round(change.walkTo.y)})`
          : `Remove the walk-to point of ${was}`
        : `Change hotspot ${was}`
  return new RoomFieldsCommand(label, target, { hotspots }, undefined, gesture)
}

/** Move hotspot `id` by `delta` places in the list (the last is drawn and clicked on top). */
export function reorderHotspotCommand(target: EditTarget, id: string, delta: number): RoomFieldsCommand {
  const hotspots = hotspotsOf(target.room)
  const from = hotspots.findIndex((h) => h.id === id)
  if (from < 0) throw new Error(`No hotspot '${id}'.`)
  const to = Math.max(0, Math.min(hotspots.length - 1, from + delta))
  const [h] = hotspots.splice(from, 1)
  hotspots.splice(to, 0, h)
  return new RoomFieldsCommand(`${to > from ? 'Raise' : 'Lower'} hotspot ${h.name || h.id}`, target, {
    hotspots,
  })
}

/** Remove hotspot `id`; a painted one's pixels are cleared, and the mask goes with the last painted hotspot. */
export function removeHotspotCommand(target: EditTarget, id: string): RoomFieldsCommand {
  const room = target.room
  const h = (room.hotspots ?? []).find((x) => x.id === id)
  if (!h) throw new Error(`No hotspot '${id}'.`)
  const hotspots = hotspotsOf(room).filter((x) => x.id !== id)
  const change: Partial<Room> = { hotspots: hotspots.length > 0 ? hotspots : undefined }
  if (h.shape.kind === 'mask' && room.hotspotMask) {
    const { width, height } = room.size
    const painted = hotspots.some((x) => x.shape.kind === 'mask')
    if (!painted) change.hotspotMask = undefined
    else {
      const cells = decodeWalkBehindRows(room.hotspotMask.rows, width, height)
      const maskId = h.shape.maskId
      for (let i = 0; i < cells.length; i++) if (cells[i] === maskId) cells[i] = 0
      change.hotspotMask = { rows: encodeWalkBehindRows(cells, width, height) }
    }
  }
  return new RoomFieldsCommand(`Remove hotspot ${h.name || h.id}`, target, change)
}

/**
 * A copy of polygon hotspot `id` under a fresh id and name, offset by (dx, dy) or, without an
 * offset, 10 px right and below or another way that keeps the copy in the room.
 */
export function duplicateHotspotCommand(
  target: EditTarget,
  id: string,
  offset?: { dx: number; dy: number },
): RoomFieldsCommand {
  const source = (target.room.hotspots ?? []).find((h) => h.id === id)
  if (!source) throw new Error(`No hotspot '${id}'.`)
  const outline = source.shape.kind === 'polygon' ? source.shape.outer : []
  const { dx, dy } = offset ?? outlineDuplicateOffset(outline, target.room.size)
  return pasteHotspotCommand(target, source, dx, dy, 'Duplicate')
}

/** Polygon hotspot `source` (of this room or another) added offset by (dx, dy), under a fresh id and name. */
export function pasteHotspotCommand(
  target: EditTarget,
  source: Hotspot,
  dx: number,
  dy: number,
  verb = 'Paste',
): RoomFieldsCommand {
  if (source.shape.kind !== 'polygon')
    throw new Error(`Hotspot ${source.name} is painted; its pixels are its own, so it is not copied.`)
  const { id: newId, name } = fresh(target.room)
  const copy: Hotspot = {
    ...cloneJson(source),
    id: newId,
    name,
    shape: { kind: 'polygon', outer: source.shape.outer.map(([x, y]) => [x + dx, y + dy]) },
  }
  if (copy.walkTo) copy.walkTo = { x: copy.walkTo.x + dx, y: copy.walkTo.y + dy }
  if (copy.lookAt) copy.lookAt = { x: copy.lookAt.x + dx, y: copy.lookAt.y + dy }
  const problem = ringProblem(copy.shape.kind === 'polygon' ? copy.shape.outer : [])
  if (problem) throw new RingError(problem.message, problem.at)
  return new RoomFieldsCommand(
    `${verb} hotspot ${source.name}`,
    target,
    { hotspots: [...hotspotsOf(target.room), copy] },
    newId,
  )
}
