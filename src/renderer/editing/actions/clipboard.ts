/**
 * Copy, cut and paste of what is selected: a walk polygon (with its holes), a hole, a
 * gate, a zone, a node or a scale stop. A copy is a plain JSON snapshot, so it can be
 * pasted into any room of the project; a paste is one command (one undo step) that
 * adds a copy under a fresh id, centred on the pointer.
 *
 * Glossary
 * - clip: the copied thing, detached from its room (deep copy).
 * - anchor: where the clip's bounding box centre goes when pasted (the pointer's room
 *   point); shapes keep whole-px vertices because the offset is rounded to whole px.
 * - without an anchor (the pointer is off the canvas) a paste lands 10 px right and
 *   below the place it was copied from, or another way that keeps it in the room, as
 *   Duplicate does (duplicate-offset.ts).
 *
 * Units: room px.
 */
import { classifyPointInRing } from '../../../shared/geometry/polygon'
import type { Point } from '../../../shared/geometry/types'
import { coordsToRing } from '../../../shared/room/convert'
import type {
  Coord,
  CoordRing,
  Gate,
  Hotspot,
  RoomGraphNode,
  WalkPolygon,
  Zone,
} from '../../../shared/room/schema'
import type { Command } from '../commands/command'
import { outlineDuplicateOffset } from '../commands/duplicate-offset'
import { cloneJson, type EditTarget } from '../commands/edit-target'
import {
  freshId,
  holeFitProblem,
  ringProblem,
  RingError,
  setScaleStopCommand,
} from '../commands/room-commands'
import { RoomFieldsCommand } from '../commands/room-fields'
import { pasteHotspotCommand } from '../commands/hotspot-commands'
import type { Selection } from '../tools/tool'
import { selectionOfRef, type ObjectRef } from '../tools/object-refs'
import {
  copyObjects,
  groupPasteOffset,
  objectsClipName,
  pasteObjectsCommand,
  type ObjectsClip,
} from '../commands/objects-clip-commands'

export type Clip =
  | { kind: 'polygon'; polygon: WalkPolygon }
  | { kind: 'hole'; ring: CoordRing }
  | { kind: 'gate'; gate: Gate }
  | { kind: 'zone'; zone: Zone }
  | { kind: 'hotspot'; hotspot: Hotspot }
  | { kind: 'node'; node: RoomGraphNode }
  | { kind: 'scale-stop'; areaId: number; stop: { y: number; scale: number } }
  /** Several objects (a multi-selection) or one point: pasted as one group. */
  | { kind: 'objects'; objects: ObjectsClip }

/** What a paste made: its command and what to select afterwards. */
export interface Pasted {
  command: Command
  select: Selection | null
  /** What a group paste made: every pasted object becomes the multi-selection. */
  refs?: ObjectRef[]
}

/** Offset of a paste without an anchor, room px. */
export const PASTE_OFFSET = 10

/** A detached copy of the selection, or null when the selection cannot be copied (a join). */
export function copySelection(target: EditTarget, s: Selection): Clip | null {
  const room = target.room
  switch (s.kind) {
    case 'polygon': {
      const polygon = room.polygons.find((p) => p.id === s.polygonId)
      if (!polygon) return null
      if (s.hole !== undefined) {
        const ring = polygon.holes[s.hole]
        return ring ? { kind: 'hole', ring: cloneJson(ring) } : null
      }
      return { kind: 'polygon', polygon: cloneJson(polygon) }
    }
    case 'gate': {
      const gate = room.gates.find((g) => g.id === s.gateId)
      return gate ? { kind: 'gate', gate: cloneJson(gate) } : null
    }
    case 'zone': {
      const zone = room.zones.find((z) => z.id === s.zoneId)
      return zone ? { kind: 'zone', zone: cloneJson(zone) } : null
    }
    case 'hotspot': {
      // A painted hotspot's pixels are its own mask id's: only outlines are copied.
      const hotspot = room.hotspots?.find((h) => h.id === s.hotspotId)
      return hotspot?.shape.kind === 'polygon' ? { kind: 'hotspot', hotspot: cloneJson(hotspot) } : null
    }
    case 'node': {
      const node = room.nodeGraph.nodes.find((n) => n.id === s.nodeId)
      return node ? { kind: 'node', node: cloneJson(node) } : null
    }
    case 'scale-stop': {
      const stop = room.scaling.linear.find((l) => l.areaId === s.areaId)?.stops[s.index]
      return stop ? { kind: 'scale-stop', areaId: s.areaId, stop: { y: stop.y, scale: stop.scale } } : null
    }
    case 'point':
      return room.points?.some((p) => p.id === s.pointId)
        ? { kind: 'objects', objects: copyObjects(room, [{ kind: 'point', id: s.pointId }]) }
        : null
    case 'join':
      return null
  }
}

/** Every point of a clip that has a place in the room (none for an area zone or an open-area gate). */
function clipPoints(clip: Clip): Coord[] {
  switch (clip.kind) {
    case 'polygon':
      return clip.polygon.outer
    case 'hole':
      return clip.ring
    case 'gate':
      return clip.gate.polygon ?? []
    case 'zone':
      return clip.zone.shape.kind === 'polygon' ? clip.zone.shape.outer : []
    case 'hotspot':
      return clip.hotspot.shape.kind === 'polygon' ? clip.hotspot.shape.outer : []
    case 'node':
      return [[clip.node.x, clip.node.y]]
    case 'scale-stop':
      return [[0, clip.stop.y]]
    case 'objects':
      return []
  }
}

/**
 * The whole-px offset that puts the clip's bounding box centre on `anchor`; without one, the
 * duplicate offset that keeps the clip in a room of `size` (or the fixed offset, no size given).
 */
export function pasteOffset(
  clip: Clip,
  anchor: Point | null,
  size?: { width: number; height: number },
): { dx: number; dy: number } {
  const fixed = { dx: PASTE_OFFSET, dy: PASTE_OFFSET }
  if (clip.kind === 'objects') return groupPasteOffset(clip.objects, anchor, size) ?? fixed
  const points = clipPoints(clip)
  if (!anchor && size) return outlineDuplicateOffset(points, size)
  if (!anchor || points.length === 0) return fixed
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const [x, y] of points) {
    x0 = Math.min(x0, x)
    y0 = Math.min(y0, y)
    x1 = Math.max(x1, x)
    y1 = Math.max(y1, y)
  }
  return { dx: Math.round(anchor.x - (x0 + x1) / 2), dy: Math.round(anchor.y - (y0 + y1) / 2) }
}

function shifted(ring: CoordRing, dx: number, dy: number): CoordRing {
  return ring.map(([x, y]) => [x + dx, y + dy] as Coord)
}

function checkedRing(ring: CoordRing): CoordRing {
  const problem = ringProblem(ring)
  if (problem) throw new RingError(problem.message, problem.at)
  return ring
}

/**
 * The command that pastes `clip` into the target room at `anchor`; throws with a one-line
 * reason when it cannot go there (a hole away from any walk polygon, a gate or zone that
 * names an area the room lacks).
 */
export function pasteCommand(target: EditTarget, clip: Clip, anchor: Point | null): Pasted {
  const room = target.room
  const { dx, dy } = pasteOffset(clip, anchor, room.size)
  switch (clip.kind) {
    case 'objects': {
      const { command, refs } = pasteObjectsCommand(target, clip.objects, anchor)
      const last = refs[refs.length - 1]
      return { command, select: last ? selectionOfRef(last) : null, refs }
    }
    case 'polygon': {
      const areaId = room.areas.some((a) => a.id === clip.polygon.areaId)
        ? clip.polygon.areaId
        : room.areas[0]?.id
      if (areaId === undefined) throw new Error('This room has no walk area to paste a walk polygon into.')
      const polygon: WalkPolygon = {
        ...cloneJson(clip.polygon),
        id: freshId(
          room.polygons.map((p) => p.id),
          'polygon',
        ),
        areaId,
        outer: checkedRing(shifted(clip.polygon.outer, dx, dy)),
        holes: clip.polygon.holes.map((h) => shifted(h, dx, dy)),
      }
      return {
        command: new RoomFieldsCommand(
          'Paste walk polygon',
          target,
          { polygons: [...cloneJson(room.polygons), polygon] },
          polygon.id,
        ),
        select: { kind: 'polygon', polygonId: polygon.id },
      }
    }
    case 'hole': {
      const ring = checkedRing(shifted(clip.ring, dx, dy))
      const centre = anchor ?? { x: ring[0][0], y: ring[0][1] }
      const polygons = cloneJson(room.polygons)
      const floor = polygons.find(
        (p) =>
          classifyPointInRing(coordsToRing(p.outer), centre) !== 'outside' &&
          holeFitProblem(p.outer, ring, p.id) === null,
      )
      if (!floor) throw new Error('Paste a hole over a walk polygon that can hold it; nothing was pasted.')
      floor.holes.push(ring)
      return {
        command: new RoomFieldsCommand('Paste hole', target, { polygons }),
        select: { kind: 'polygon', polygonId: floor.id, hole: floor.holes.length - 1 },
      }
    }
    case 'gate': {
      const source = clip.gate
      if (source.kind === 'open-area' && !room.areas.some((a) => a.id === source.areaId))
        throw new Error(
          `The gate opens area ${source.areaId}, which this room does not have; nothing was pasted.`,
        )
      const id = freshId(
        room.gates.map((g) => g.id),
        'gate',
      )
      const gate: Gate = { ...cloneJson(source), id }
      if (gate.polygon) gate.polygon = checkedRing(shifted(gate.polygon, dx, dy))
      return {
        command: new RoomFieldsCommand('Paste gate', target, { gates: [...cloneJson(room.gates), gate] }, id),
        select: { kind: 'gate', gateId: id },
      }
    }
    case 'zone': {
      const source = clip.zone
      if (
        source.shape.kind === 'area' &&
        !room.areas.some((a) => a.id === (source.shape as { areaId: number }).areaId)
      )
        throw new Error(
          `The zone covers area ${source.shape.areaId}, which this room does not have; nothing was pasted.`,
        )
      const id = freshId(
        room.zones.map((z) => z.id),
        'zone',
      )
      const zone: Zone = { ...cloneJson(source), id }
      if (zone.shape.kind === 'polygon')
        zone.shape = { kind: 'polygon', outer: checkedRing(shifted(zone.shape.outer, dx, dy)) }
      return {
        command: new RoomFieldsCommand('Paste zone', target, { zones: [...cloneJson(room.zones), zone] }, id),
        select: { kind: 'zone', zoneId: id },
      }
    }
    case 'hotspot': {
      const made = pasteHotspotCommand(target, clip.hotspot, dx, dy)
      return { command: made, select: { kind: 'hotspot', hotspotId: String(made.created) } }
    }
    case 'node': {
      const graph = cloneJson(room.nodeGraph)
      const id = freshId(
        graph.nodes.map((n) => n.id),
        'node',
      )
      graph.nodes.push({ ...cloneJson(clip.node), id, x: clip.node.x + dx, y: clip.node.y + dy })
      return {
        command: new RoomFieldsCommand('Paste node', target, { nodeGraph: graph }, id),
        select: { kind: 'node', nodeId: id },
      }
    }
    case 'scale-stop': {
      const areaId = clip.areaId === 0 || room.areas.some((a) => a.id === clip.areaId) ? clip.areaId : 0
      const y = clip.stop.y + dy
      const command = renamed(
        setScaleStopCommand(target, areaId, { y, scale: clip.stop.scale }),
        'Paste scale stop',
      )
      const stops = room.scaling.linear.find((l) => l.areaId === areaId)?.stops ?? []
      // Stops are kept in y order: the new one sits after those above it.
      const index = stops.filter((s) => s.y < y).length
      return { command, select: { kind: 'scale-stop', areaId, index } }
    }
  }
}

/**
 * A command under another name (Cut is the Delete command, named for what the author did).
 * It keeps the command's size, so that the history's memory cap counts its deltas.
 */
export function renamed(command: Command, label: string): Command {
  return {
    label,
    apply: () => command.apply(),
    invert: () => command.invert(),
    changes: command.changes,
    created: command.created,
    scope: command.scope,
    get bytes() {
      return command.bytes
    },
  }
}

/** The name of a clip for the status line. */
export function clipName(clip: Clip): string {
  if (clip.kind === 'objects') return objectsClipName(clip.objects)
  return {
    polygon: 'walk polygon',
    hole: 'hole',
    gate: 'gate',
    zone: 'zone',
    hotspot: 'hotspot',
    node: 'node',
    'scale-stop': 'scale stop',
  }[clip.kind]
}
