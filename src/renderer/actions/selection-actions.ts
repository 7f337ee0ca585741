/**
 * What Delete, Duplicate and the arrow keys do to the selection: a vertex, a
 * polygon or hole, a gate, a zone, a node, a join or a scale stop. Each is one
 * named command; a refused edit (e.g. a vertex nudged into a crossing) is reported.
 *
 * Units: room px (nudges move 1 or 10 room px).
 */
import type { Coord } from '../../shared/room/schema'
import type { EditTarget } from '../commands/edit-target'
import {
  deleteGateCommand,
  deleteHoleCommand,
  deleteJoinCommand,
  deleteNodeCommand,
  deletePolygonCommand,
  deleteScaleStopCommand,
  deleteVertexCommand,
  deleteZoneCommand,
  duplicateCommand,
  getRing,
  moveNodeCommand,
  movePolygonCommand,
  moveRingCommand,
  moveVertexCommand,
  setScaleStopCommand,
} from '../commands/room-commands'
import type { Command } from '../commands/command'
import { duplicateHotspotCommand, removeHotspotCommand } from '../commands/hotspot-commands'
import { removePointCommand, updatePointCommand } from '../commands/point-commands'
import { ringOfSelection } from '../tools/shape-rings'
import type { Selection } from '../tools/tool'

export function deleteSelectionCommand(target: EditTarget, s: Selection): Command {
  switch (s.kind) {
    case 'polygon':
    case 'gate':
    case 'zone': {
      const ring = ringOfSelection(s)!
      if (s.vertex !== undefined) return deleteVertexCommand(target, { ring, index: s.vertex })
      if (s.kind === 'polygon')
        return s.hole !== undefined
          ? deleteHoleCommand(target, s.polygonId, s.hole)
          : deletePolygonCommand(target, s.polygonId)
      return s.kind === 'gate' ? deleteGateCommand(target, s.gateId) : deleteZoneCommand(target, s.zoneId)
    }
    case 'hotspot':
      return s.vertex !== undefined
        ? deleteVertexCommand(target, { ring: ringOfSelection(s)!, index: s.vertex })
        : removeHotspotCommand(target, s.hotspotId)
    case 'node':
      return deleteNodeCommand(target, s.nodeId)
    case 'join':
      return deleteJoinCommand(target, s.index)
    case 'scale-stop':
      return deleteScaleStopCommand(target, s.areaId, s.index)
    case 'point':
      return removePointCommand(target, s.pointId)
  }
}

export function duplicateSelectionCommand(target: EditTarget, s: Selection): Command | null {
  if (s.kind === 'polygon') return duplicateCommand(target, { kind: 'polygon', id: s.polygonId })
  if (s.kind === 'gate') return duplicateCommand(target, { kind: 'gate', id: s.gateId })
  if (s.kind === 'zone') return duplicateCommand(target, { kind: 'zone', id: s.zoneId })
  if (s.kind === 'hotspot') return duplicateHotspotCommand(target, s.hotspotId)
  return null
}

export function nudgeSelectionCommand(
  target: EditTarget,
  s: Selection,
  dx: number,
  dy: number,
): Command | null {
  switch (s.kind) {
    case 'polygon':
    case 'gate':
    case 'zone':
    case 'hotspot': {
      const ring = ringOfSelection(s)!
      // A painted hotspot has no outline: its pixels are moved by painting.
      if (s.kind === 'hotspot' && !getRing(target.room, ring)) return null
      if (s.vertex !== undefined) {
        const points = getRing(target.room, ring)
        const v = points?.[s.vertex]
        if (!v) return null
        return moveVertexCommand(target, { ring, index: s.vertex }, [v[0] + dx, v[1] + dy] as Coord)
      }
      if (s.kind === 'polygon' && s.hole === undefined) return movePolygonCommand(target, s.polygonId, dx, dy)
      return moveRingCommand(target, ring, dx, dy)
    }
    case 'node': {
      const node = target.room.nodeGraph.nodes.find((n) => n.id === s.nodeId)
      return node ? moveNodeCommand(target, s.nodeId, node.x + dx, node.y + dy) : null
    }
    case 'scale-stop': {
      const stop = target.room.scaling.linear.find((l) => l.areaId === s.areaId)?.stops[s.index]
      return stop && dy !== 0
        ? setScaleStopCommand(target, s.areaId, { y: stop.y + dy, scale: stop.scale }, s.index)
        : null
    }
    case 'point': {
      const p = target.room.points?.find((q) => q.id === s.pointId)
      return p ? updatePointCommand(target, s.pointId, { x: p.x + dx, y: p.y + dy }) : null
    }
    case 'join':
      return null
  }
}
