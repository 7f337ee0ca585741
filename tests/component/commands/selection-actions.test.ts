/**
 * Delete, Duplicate and the arrow-key nudge act on whatever is selected, each as one
 * round-tripping command; a nudge that would make an outline cross itself is refused.
 */
import { describe, expect, it } from 'vitest'
import {
  deleteSelectionCommand,
  duplicateSelectionCommand,
  nudgeSelectionCommand,
} from '../../../src/renderer/editing/actions/selection-actions'
import { makeTarget, roundTrip } from './fixture'

describe('selection actions', () => {
  it('delete removes a vertex, a hole, a polygon, a gate, a zone, a node or a join', () => {
    const t = makeTarget()
    t.room.polygons[0].outer.push([0, 4])
    roundTrip(t, deleteSelectionCommand(t, { kind: 'polygon', polygonId: 'floor', vertex: 4 }), (r) =>
      expect(r.room.polygons[0].outer).toHaveLength(4),
    )
    roundTrip(t, deleteSelectionCommand(t, { kind: 'polygon', polygonId: 'floor', hole: 0 }), (r) =>
      expect(r.room.polygons[0].holes).toHaveLength(0),
    )
    roundTrip(t, deleteSelectionCommand(t, { kind: 'polygon', polygonId: 'floor' }), (r) =>
      expect(r.room.polygons).toHaveLength(0),
    )
    roundTrip(t, deleteSelectionCommand(t, { kind: 'gate', gateId: 'door' }), (r) =>
      expect(r.room.gates).toHaveLength(0),
    )
    roundTrip(t, deleteSelectionCommand(t, { kind: 'zone', zoneId: 'mat' }), (r) =>
      expect(r.room.zones).toHaveLength(0),
    )
    roundTrip(t, deleteSelectionCommand(t, { kind: 'node', nodeId: 'a' }), (r) =>
      expect(r.room.nodeGraph.joins).toHaveLength(0),
    )
    roundTrip(t, deleteSelectionCommand(t, { kind: 'join', index: 0 }), (r) =>
      expect(r.room.nodeGraph.nodes).toHaveLength(2),
    )
  })
  it('nudges shapes, vertices and nodes, and refuses a crossing', () => {
    const t = makeTarget()
    roundTrip(t, nudgeSelectionCommand(t, { kind: 'polygon', polygonId: 'floor' }, 10, 0)!, (r) => {
      expect(r.room.polygons[0].outer[0]).toEqual([10, 0])
      expect(r.room.polygons[0].holes[0][0]).toEqual([12, 2])
    })
    roundTrip(t, nudgeSelectionCommand(t, { kind: 'polygon', polygonId: 'floor', hole: 0 }, 0, 1)!, (r) => {
      expect(r.room.polygons[0].outer[0]).toEqual([0, 0])
      expect(r.room.polygons[0].holes[0][0]).toEqual([2, 3])
    })
    roundTrip(t, nudgeSelectionCommand(t, { kind: 'gate', gateId: 'door', vertex: 1 }, 1, 0)!, (r) =>
      expect(r.room.gates[0].polygon![1]).toEqual([10, 0]),
    )
    roundTrip(t, nudgeSelectionCommand(t, { kind: 'node', nodeId: 'b' }, -1, -1)!, (r) =>
      expect(r.room.nodeGraph.nodes[1]).toMatchObject({ x: 9, y: 4 }),
    )
    expect(() => nudgeSelectionCommand(t, { kind: 'polygon', polygonId: 'floor', vertex: 0 }, 20, 4)).toThrow(
      /crosses itself/,
    )
    expect(nudgeSelectionCommand(t, { kind: 'join', index: 0 }, 1, 0)).toBeNull()
  })
  it('duplicates polygons, gates and zones under fresh ids', () => {
    const t = makeTarget()
    roundTrip(t, duplicateSelectionCommand(t, { kind: 'zone', zoneId: 'mat' })!, (r) =>
      expect(r.room.zones.map((z) => [z.id, z.name])).toEqual([
        ['mat', 'Mat'],
        ['zone-1', 'Mat copy'],
      ]),
    )
    expect(duplicateSelectionCommand(t, { kind: 'node', nodeId: 'a' })).toBeNull()
  })
})
