/**
 * Delete, copy, cut, paste and duplicate of a multi-selection (objects of several layers at
 * once: walk polygons, holes, gates, zones, polygon hotspots, walk-behinds and points). Each
 * edit is one RoomFieldsCommand, so one undo step whatever the number of objects and
 * layers, and its history size is the size of its deltas (not copies of the room).
 *
 * Glossary
 * - objects clip: a detached JSON copy of the selected objects; a walk-behind is copied as
 *   its area (name, baseline, properties) and the runs of its pixels.
 * - run: `[y, x0, x1]`, pixels x0..x1-1 of row y (room px; x1 exclusive).
 * - group bounds: the box of every point of the clip (outlines, points, walk-behind pixels).
 *   A paste moves the whole group by one whole-px offset: its bounds' centre goes to the
 *   anchor (the pointer), or, without an anchor (and for Duplicate), 10 px right and below
 *   where it was copied, or another way that keeps the copy in the room (duplicate-offset.ts).
 *
 * What is not copied: mask walk areas and painted hotspots (their pixels belong to the
 * mask). Delete removes painted hotspots and walk-behinds with their pixels; mask walk areas
 * are removed from the Areas panel only.
 *
 * Units: room px.
 */
import type { Point } from '../../../shared/geometry/types'
import { classifyPointInRing } from '../../../shared/geometry/polygon'
import { coordsToRing } from '../../../shared/room/convert'
import type {
  Coord,
  CoordRing,
  Gate,
  Hotspot,
  Room,
  RoomPoint,
  WalkBehindArea,
  WalkPolygon,
  Zone,
} from '../../../shared/room/schema'
import {
  decodeWalkBehindRows,
  emptyWalkBehindRows,
  encodeWalkBehindRows,
} from '../../../shared/room/walk-behinds'
import { MAX_GATES, MAX_HOTSPOTS, MAX_POINTS, MAX_POLYGONS, MAX_ZONES } from '../../../shared/limits'
import { refKey, type ObjectRef } from '../tools/object-refs'
import { cloneJson, type EditTarget } from './edit-target'
import { freshId, holeFitProblem, ringProblem } from './room-commands'
import { boxOfPoints, boxOfRuns, duplicateOffset, noPlaceMessage, unionBox } from './duplicate-offset'
import { RoomFieldsCommand } from './room-fields'

/** Offset of a paste or duplicate without an anchor, room px. */
export const GROUP_PASTE_OFFSET = 10

export interface ObjectsClip {
  polygons: WalkPolygon[]
  /** Holes copied without their polygon: pasted into the walk polygon that holds them. */
  holes: CoordRing[]
  gates: Gate[]
  zones: Zone[]
  hotspots: Hotspot[]
  points: RoomPoint[]
  walkBehinds: { area: WalkBehindArea; runs: [number, number, number][] }[]
}

/** How many objects a clip holds. */
export function clipCount(c: ObjectsClip): number {
  return (
    c.polygons.length +
    c.holes.length +
    c.gates.length +
    c.zones.length +
    c.hotspots.length +
    c.points.length +
    c.walkBehinds.length
  )
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`

/** "3 objects", or the one object's kind ("point"). */
export function objectsClipName(c: ObjectsClip): string {
  const n = clipCount(c)
  if (n !== 1) return plural(n, 'object')
  if (c.polygons.length) return 'walk polygon'
  if (c.holes.length) return 'hole'
  if (c.gates.length) return 'gate'
  if (c.zones.length) return 'zone'
  if (c.hotspots.length) return 'hotspot'
  if (c.points.length) return 'point'
  return 'walk-behind'
}

/** The selected refs as a set of keys, with a hole dropped when its polygon is selected too. */
function keysOf(refs: readonly ObjectRef[]): Set<string> {
  const keys = new Set(refs.map(refKey))
  for (const r of refs)
    if (r.kind === 'hole' && keys.has(refKey({ kind: 'polygon', id: r.id }))) keys.delete(refKey(r))
  return keys
}

/** Runs of walk-behind `id`'s pixels, row by row. */
function runsOf(cells: Uint8Array, width: number, height: number, id: number): [number, number, number][] {
  const runs: [number, number, number][] = []
  for (let y = 0; y < height; y++) {
    let x = 0
    while (x < width) {
      if (cells[y * width + x] !== id) {
        x++
        continue
      }
      const x0 = x
      while (x < width && cells[y * width + x] === id) x++
      runs.push([y, x0, x])
    }
  }
  return runs
}

/**
 * A detached copy of the copyable objects of `refs` (mask walk areas and painted hotspots
 * are left out). Throws when none of them can be copied.
 */
export function copyObjects(room: Room, refs: readonly ObjectRef[]): ObjectsClip {
  const keys = keysOf(refs)
  const has = (kind: ObjectRef['kind'], id: string | number) => keys.has(refKey({ kind, id: String(id) }))
  const clip: ObjectsClip = {
    polygons: cloneJson(room.polygons.filter((p) => has('polygon', p.id))),
    holes: [],
    gates: cloneJson(room.gates.filter((g) => has('gate', g.id))),
    zones: cloneJson(room.zones.filter((z) => has('zone', z.id))),
    hotspots: cloneJson(
      (room.hotspots ?? []).filter((h) => has('hotspot', h.id) && h.shape.kind === 'polygon'),
    ),
    points: cloneJson((room.points ?? []).filter((p) => has('point', p.id))),
    walkBehinds: [],
  }
  for (const p of room.polygons)
    p.holes.forEach((h, hole) => {
      if (keys.has(refKey({ kind: 'hole', id: p.id, hole }))) clip.holes.push(cloneJson(h))
    })
  const wb = room.walkBehinds
  const behind = (wb?.areas ?? []).filter((a) => has('walk-behind', a.id))
  if (wb && behind.length > 0) {
    const { width, height } = room.size
    const cells = decodeWalkBehindRows(wb.rows, width, height)
    for (const area of behind)
      clip.walkBehinds.push({ area: cloneJson(area), runs: runsOf(cells, width, height, area.id) })
  }
  if (clipCount(clip) === 0)
    throw new Error('Nothing to copy: mask walk areas and painted hotspots are painted, not copied.')
  return clip
}

/** Every point of the clip that has a place in the room (outlines, points, walk-behind pixels). */
function clipPoints(c: ObjectsClip): Coord[] {
  const out = outlinePoints(c)
  for (const w of c.walkBehinds) for (const [y, x0, x1] of w.runs) out.push([x0, y], [x1 - 1, y + 1])
  return out
}

/** The vertices and points of the clip (everything but walk-behind pixels). */
function outlinePoints(c: ObjectsClip): Coord[] {
  const out: Coord[] = []
  for (const p of c.polygons) out.push(...p.outer)
  for (const h of c.holes) out.push(...h)
  for (const g of c.gates) if (g.polygon) out.push(...g.polygon)
  for (const z of c.zones) if (z.shape.kind === 'polygon') out.push(...z.shape.outer)
  for (const h of c.hotspots) if (h.shape.kind === 'polygon') out.push(...h.shape.outer)
  for (const p of c.points) out.push([p.x, p.y])
  return out
}

/**
 * The whole-px offset of a group paste: bounds centre on `anchor`; without one, the
 * duplicate offset that keeps the copy in a room of `size` (null: the clip's walk-behinds
 * have no place there), or the fixed offset when no size is given.
 */
export function groupPasteOffset(
  c: ObjectsClip,
  anchor: Point | null,
  size?: { width: number; height: number },
): { dx: number; dy: number } | null {
  const points = clipPoints(c)
  if (!anchor && size) {
    const pixels = boxOfRuns(c.walkBehinds.flatMap((w) => w.runs))
    return duplicateOffset(unionBox(boxOfPoints(outlinePoints(c)), pixels), pixels, size)
  }
  if (!anchor || points.length === 0) return { dx: GROUP_PASTE_OFFSET, dy: GROUP_PASTE_OFFSET }
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2
  return { dx: Math.round(anchor.x - cx), dy: Math.round(anchor.y - cy) }
}

/** `name`, or `name 2`, `name 3` … the first not in `taken`. */
function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name
  for (let i = 2; ; i++) if (!taken.has(`${name} ${i}`)) return `${name} ${i}`
}

/** A paste: the command and the refs of what it made (the new selection). */
export interface GroupPaste {
  command: RoomFieldsCommand
  refs: ObjectRef[]
}

/**
 * The command adding the clip's objects to the target room, moved together by one offset
 * (see groupPasteOffset), each under a fresh id. Refused (throws, nothing pasted) when an
 * outline would be invalid, a hole fits in no walk polygon, a gate or zone names an area
 * the room lacks, a walk-behind pixel would leave the room or the room has no free
 * walk-behind id.
 */
export function pasteObjectsCommand(
  target: EditTarget,
  c: ObjectsClip,
  anchor: Point | null,
  verb = 'Paste',
): GroupPaste {
  const room = target.room
  const offset = groupPasteOffset(c, anchor, room.size)
  if (!offset) throw new Error(noPlaceMessage(`${verb.toLowerCase()}d`))
  const { dx, dy } = offset
  const refs: ObjectRef[] = []
  const change: Partial<Room> = {}
  const shift = (ring: CoordRing): CoordRing => {
    const out = ring.map(([x, y]) => [x + dx, y + dy] as Coord)
    const problem = ringProblem(out)
    if (problem) throw new Error(`${problem.message} Nothing was ${verb.toLowerCase()}d.`)
    return out
  }
  const hasArea = (id: number) => room.areas.some((a) => a.id === id)

  if (c.polygons.length > 0 || c.holes.length > 0) {
    const polygons = cloneJson(room.polygons)
    for (const source of c.polygons) {
      const areaId = hasArea(source.areaId) ? source.areaId : room.areas[0]?.id
      if (areaId === undefined) throw new Error('This room has no walk area to paste a walk polygon into.')
      const id = freshId(
        polygons.map((p) => p.id),
        'polygon',
      )
      polygons.push({
        ...cloneJson(source),
        id,
        areaId,
        outer: shift(source.outer),
        holes: source.holes.map(shift),
      })
      refs.push({ kind: 'polygon', id })
    }
    for (const source of c.holes) {
      const ring = shift(source)
      const at = { x: ring[0][0], y: ring[0][1] }
      const floor = polygons.find(
        (p) =>
          classifyPointInRing(coordsToRing(p.outer), at) !== 'outside' &&
          holeFitProblem(p.outer, ring, p.id) === null,
      )
      if (!floor) throw new Error('A hole lands over no walk polygon that can hold it; nothing was pasted.')
      floor.holes.push(ring)
      refs.push({ kind: 'hole', id: floor.id, hole: floor.holes.length - 1 })
    }
    change.polygons = polygons
  }
  if (c.gates.length > 0) {
    const gates = cloneJson(room.gates)
    for (const source of c.gates) {
      if (source.kind === 'open-area' && !hasArea(source.areaId ?? -1))
        throw new Error(
          `A gate opens area ${source.areaId}, which this room does not have; nothing was pasted.`,
        )
      const id = freshId(
        gates.map((g) => g.id),
        'gate',
      )
      const gate: Gate = { ...cloneJson(source), id }
      if (gate.polygon) gate.polygon = shift(gate.polygon)
      gates.push(gate)
      refs.push({ kind: 'gate', id })
    }
    change.gates = gates
  }
  if (c.zones.length > 0) {
    const zones = cloneJson(room.zones)
    for (const source of c.zones) {
      if (source.shape.kind === 'area' && !hasArea(source.shape.areaId))
        throw new Error(
          `A zone covers area ${source.shape.areaId}, which this room does not have; nothing was pasted.`,
        )
      const id = freshId(
        zones.map((z) => z.id),
        'zone',
      )
      const zone: Zone = { ...cloneJson(source), id }
      if (zone.shape.kind === 'polygon') zone.shape = { kind: 'polygon', outer: shift(zone.shape.outer) }
      zones.push(zone)
      refs.push({ kind: 'zone', id })
    }
    change.zones = zones
  }
  if (c.hotspots.length > 0) {
    const hotspots = cloneJson(room.hotspots ?? [])
    const names = new Set(hotspots.map((h) => h.name))
    for (const source of c.hotspots) {
      if (source.shape.kind !== 'polygon') continue
      const id = freshId(
        hotspots.map((h) => h.id),
        'hotspot',
      )
      const name = uniqueName(source.name, names)
      names.add(name)
      const hotspot: Hotspot = {
        ...cloneJson(source),
        id,
        name,
        shape: { kind: 'polygon', outer: shift(source.shape.outer) },
      }
      if (hotspot.walkTo)
        hotspot.walkTo = { ...hotspot.walkTo, x: hotspot.walkTo.x + dx, y: hotspot.walkTo.y + dy }
      if (hotspot.lookAt)
        hotspot.lookAt = { ...hotspot.lookAt, x: hotspot.lookAt.x + dx, y: hotspot.lookAt.y + dy }
      hotspots.push(hotspot)
      refs.push({ kind: 'hotspot', id })
    }
    change.hotspots = hotspots
  }
  if (c.points.length > 0) {
    const points = cloneJson(room.points ?? [])
    const names = new Set(points.map((p) => p.name))
    for (const source of c.points) {
      const id = freshId(
        points.map((p) => p.id),
        'point',
      )
      const name = uniqueName(source.name, names)
      names.add(name)
      points.push({ ...cloneJson(source), id, name, x: source.x + dx, y: source.y + dy })
      refs.push({ kind: 'point', id })
    }
    change.points = points
  }
  if (c.walkBehinds.length > 0) {
    const { width, height } = room.size
    const wb = room.walkBehinds ?? { areas: [], rows: emptyWalkBehindRows(width, height) }
    const cells = decodeWalkBehindRows(wb.rows, width, height)
    const areas = cloneJson(wb.areas)
    for (const source of c.walkBehinds) {
      const used = new Set(areas.map((a) => a.id))
      let id = 1
      while (used.has(id)) id++
      if (id > 255) throw new Error('The room has 255 walk-behinds already; nothing was pasted.')
      for (const [y, x0, x1] of source.runs) {
        const ny = y + dy
        if (ny < 0 || ny >= height || x0 + dx < 0 || x1 + dx > width)
          throw new Error(`A walk-behind would leave the room at this place; nothing was pasted.`)
        cells.fill(id, ny * width + x0 + dx, ny * width + x1 + dx)
      }
      areas.push({ ...cloneJson(source.area), id, baseline: source.area.baseline + dy })
      refs.push({ kind: 'walk-behind', id: String(id) })
    }
    areas.sort((a, b) => a.id - b.id)
    change.walkBehinds = { areas, rows: encodeWalkBehindRows(cells, width, height) }
  }
  const limits: [unknown[] | undefined, number, string][] = [
    [change.polygons, MAX_POLYGONS, 'walk polygons'],
    [change.gates, MAX_GATES, 'gates'],
    [change.zones, MAX_ZONES, 'zones'],
    [change.hotspots, MAX_HOTSPOTS, 'hotspots'],
    [change.points, MAX_POINTS, 'points'],
  ]
  for (const [list, max, what] of limits)
    if (list && list.length > max) throw new Error(`A room holds at most ${max} ${what}; nothing was pasted.`)
  return { command: new RoomFieldsCommand(`${verb} ${plural(refs.length, 'object')}`, target, change), refs }
}

/**
 * Duplicate the objects of `refs` in place, 10 px right and below or another way that keeps
 * the copy in the room (duplicate-offset.ts), as one command.
 */
export function duplicateObjectsCommand(target: EditTarget, refs: readonly ObjectRef[]): GroupPaste {
  return pasteObjectsCommand(target, copyObjects(target.room, refs), null, 'Duplicate')
}

/**
 * Remove every object of `refs` as one command (`verb` names it: Delete, Cut). Holes of a
 * removed polygon go with it; painted hotspots and walk-behinds take their pixels; a list
 * left empty takes its optional field with it. Mask walk areas stay (Areas panel).
 */
export function deleteObjectsCommand(
  target: EditTarget,
  refs: readonly ObjectRef[],
  verb = 'Delete',
): RoomFieldsCommand {
  const room = target.room
  const keys = keysOf(refs)
  const has = (kind: ObjectRef['kind'], id: string | number) => keys.has(refKey({ kind, id: String(id) }))
  const change: Partial<Room> = {}
  let n = 0
  const keep = <T extends { id: string | number }>(list: readonly T[], kind: ObjectRef['kind']): T[] => {
    const kept = list.filter((o) => !has(kind, o.id))
    n += list.length - kept.length
    return kept
  }
  const holeKeys = [...keys].filter((k) => k.startsWith('hole:'))
  if (refs.some((r) => r.kind === 'polygon') || holeKeys.length > 0) {
    const polygons = keep(cloneJson(room.polygons), 'polygon')
    for (const p of polygons) {
      const before = p.holes.length
      p.holes = p.holes.filter((_, hole) => !keys.has(refKey({ kind: 'hole', id: p.id, hole })))
      n += before - p.holes.length
    }
    change.polygons = polygons
  }
  if (refs.some((r) => r.kind === 'gate')) change.gates = keep(room.gates, 'gate')
  if (refs.some((r) => r.kind === 'zone')) change.zones = keep(room.zones, 'zone')
  if (refs.some((r) => r.kind === 'point')) {
    const points = keep(room.points ?? [], 'point')
    change.points = points.length > 0 ? points : undefined
  }
  const { width, height } = room.size
  /** Clear the pixels of ids `gone` from indexed rows. */
  const cleared = (rows: readonly string[], gone: ReadonlySet<number>): string[] => {
    const cells = decodeWalkBehindRows(rows, width, height)
    for (let i = 0; i < cells.length; i++) if (gone.has(cells[i])) cells[i] = 0
    return encodeWalkBehindRows(cells, width, height)
  }
  if (refs.some((r) => r.kind === 'hotspot')) {
    const all = room.hotspots ?? []
    const hotspots = keep(all, 'hotspot')
    change.hotspots = hotspots.length > 0 ? hotspots : undefined
    const gone = new Set(
      all.flatMap((h) => (has('hotspot', h.id) && h.shape.kind === 'mask' ? [h.shape.maskId] : [])),
    )
    if (gone.size > 0 && room.hotspotMask)
      change.hotspotMask = hotspots.some((h) => h.shape.kind === 'mask')
        ? { rows: cleared(room.hotspotMask.rows, gone) }
        : undefined
  }
  const wb = room.walkBehinds
  if (wb && refs.some((r) => r.kind === 'walk-behind')) {
    const areas = keep(wb.areas, 'walk-behind')
    const gone = new Set(wb.areas.filter((a) => has('walk-behind', a.id)).map((a) => a.id))
    change.walkBehinds = areas.length > 0 ? { areas, rows: cleared(wb.rows, gone) } : undefined
  }
  if (n === 0) throw new Error('Nothing to delete: mask walk areas are removed from the Areas panel.')
  return new RoomFieldsCommand(`${verb} ${plural(n, 'object')}`, target, change)
}
