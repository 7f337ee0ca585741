/**
 * Every room command applies, inverts back to exactly the room it started from, and
 * re-applies to exactly the same result; invalid geometry is refused with a message
 * and the points where it goes wrong.
 */
import { describe, expect, it } from 'vitest'
import {
  addAreaCommand,
  addGateCommand,
  addHoleCommand,
  addNodeCommand,
  addPolygonCommand,
  addZoneCommand,
  deleteGateCommand,
  deleteHoleCommand,
  deleteJoinCommand,
  deleteNodeCommand,
  deletePolygonCommand,
  deleteScaleStopCommand,
  deleteVertexCommand,
  deleteZoneCommand,
  duplicateCommand,
  insertVertexCommand,
  joinNodesCommand,
  moveNodeCommand,
  movePolygonCommand,
  moveRingCommand,
  moveVertexCommand,
  replacePolygonsCommand,
  RingError,
  ringProblem,
  setAuthoritativeCommand,
  setScaleStopCommand,
  setScalingModeCommand,
  updateAreaCommand,
  updateGateCommand,
  updateJoinCommand,
  updateZoneCommand,
} from '../../../src/renderer/editing/commands/room-commands'
import { CompoundCommand } from '../../../src/renderer/editing/commands/room-fields'
import { parseRoom } from '../../../src/shared/room/schema'
import { makeTarget, roundTrip } from './fixture'

const square = (x: number, y: number, s: number): [number, number][] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
]

describe('walk polygon commands', () => {
  it('adds a polygon in an area under a fresh id', () => {
    const t = makeTarget()
    roundTrip(t, addPolygonCommand(t, square(17, 1, 2), 2), (r) => {
      expect(r.room.polygons.at(-1)).toMatchObject({ id: 'polygon-1', areaId: 2, holes: [] })
    })
  })
  it('adds, moves and deletes holes and vertices', () => {
    const t = makeTarget()
    roundTrip(t, addHoleCommand(t, 'floor', square(10, 2, 2)), (r) =>
      expect(r.room.polygons[0].holes).toHaveLength(2),
    )
    const v = { ring: { kind: 'outer' as const, polygonId: 'floor' }, index: 1 }
    roundTrip(t, moveVertexCommand(t, v, [17, 0]), (r) =>
      expect(r.room.polygons[0].outer[1]).toEqual([17, 0]),
    )
    roundTrip(t, insertVertexCommand(t, { ...v, index: 2 }, [17, 4]), (r) =>
      expect(r.room.polygons[0].outer).toHaveLength(5),
    )
    // Deleting the corner (16, 8) keeps the hole inside; deleting (16, 0) would make the
    // floor's new edge touch the hole at (4, 2), which is refused (see below).
    roundTrip(t, deleteVertexCommand(t, { ...v, index: 2 }), (r) =>
      expect(r.room.polygons[0].outer).toHaveLength(3),
    )
    expect(() => deleteVertexCommand(t, v)).toThrow(
      "The hole must lie inside walk polygon 'floor'. It was not changed.",
    )
    roundTrip(t, deleteHoleCommand(t, 'floor', 0), (r) => expect(r.room.polygons[0].holes).toHaveLength(0))
    roundTrip(t, movePolygonCommand(t, 'floor', 1, 2), (r) => {
      expect(r.room.polygons[0].outer[0]).toEqual([1, 2])
      expect(r.room.polygons[0].holes[0][0]).toEqual([3, 4])
    })
    roundTrip(t, deletePolygonCommand(t, 'floor'), (r) => expect(r.room.polygons).toHaveLength(0))
    roundTrip(t, duplicateCommand(t, { kind: 'polygon', id: 'floor' }, { dx: 1, dy: 1 }), (r) =>
      expect(r.room.polygons.map((p) => p.id)).toEqual(['floor', 'polygon-1']),
    )
    roundTrip(t, replacePolygonsCommand(t, [], 'Mask to polygons'), (r) =>
      expect(r.room.polygons).toEqual([]),
    )
    roundTrip(t, setAuthoritativeCommand(t, 'mask'), (r) => expect(r.room.authoritative).toBe('mask'))
  })
  it('refuses a crossing outline with the crossing point, and a vertex move that would cross', () => {
    const t = makeTarget()
    const bow: [number, number][] = [
      [0, 0],
      [4, 4],
      [4, 0],
      [0, 4],
    ]
    expect(ringProblem(bow)?.at).toEqual([{ x: 2, y: 2 }])
    expect(() => addPolygonCommand(t, bow, 1)).toThrow(/crosses itself at 1 point/)
    try {
      moveVertexCommand(t, { ring: { kind: 'outer', polygonId: 'floor' }, index: 0 }, [20, 4])
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(RingError)
      expect((error as RingError).at.length).toBeGreaterThan(0)
    }
    expect(() =>
      addPolygonCommand(
        t,
        [
          [0, 0],
          [1, 1],
        ],
        1,
      ),
    ).toThrow(/at least 3 points/)
    expect(() =>
      deleteVertexCommand(t, { ring: { kind: 'hole', polygonId: 'floor', hole: 0 }, index: 0 }),
    ).toThrow(/at least 3 points/)
    expect(() =>
      addPolygonCommand(
        t,
        [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        1,
      ),
    ).toThrow()
  })
})

describe('area, gate, zone, node and scaling commands', () => {
  it('adds, renames and recolours areas', () => {
    const t = makeTarget()
    roundTrip(t, addAreaCommand(t), (r) =>
      expect(r.room.areas.at(-1)).toMatchObject({ id: 3, name: 'Area 3' }),
    )
    roundTrip(t, updateAreaCommand(t, 2, { name: 'Porch' }), (r) =>
      expect(r.room.areas[1].name).toBe('Porch'),
    )
    roundTrip(t, updateAreaCommand(t, 2, { colour: '#112233' }), (r) =>
      expect(r.room.areas[1].colour).toBe('#112233'),
    )
    expect(updateAreaCommand(t, 2, { name: 'x' }).label).toBe('Rename area 2')
    expect(() => updateAreaCommand(t, 2, { colour: 'red' })).toThrow(/#rrggbb/)
    expect(() => updateAreaCommand(t, 9, { name: 'x' })).toThrow(/No area 9/)
  })
  it('adds, changes, moves, duplicates and deletes gates', () => {
    const t = makeTarget()
    roundTrip(t, addGateCommand(t, { kind: 'block-polygon', polygon: square(1, 1, 2) }, '!open'), (r) =>
      expect(r.room.gates.at(-1)).toMatchObject({
        id: 'gate-1',
        kind: 'block-polygon',
        flagExpression: '!open',
      }),
    )
    roundTrip(t, addGateCommand(t, { kind: 'open-area', areaId: 2 }, 'open'), (r) =>
      expect(r.room.gates.at(-1)).toMatchObject({ kind: 'open-area', areaId: 2 }),
    )
    roundTrip(t, updateGateCommand(t, 'door', { flagExpression: 'open' }), (r) =>
      expect(r.room.gates[0].flagExpression).toBe('open'),
    )
    roundTrip(t, moveRingCommand(t, { kind: 'gate', gateId: 'door' }, 1, 0), (r) =>
      expect(r.room.gates[0].polygon?.[0]).toEqual([9, 0]),
    )
    roundTrip(t, duplicateCommand(t, { kind: 'gate', id: 'door' }), (r) =>
      expect(r.room.gates).toHaveLength(2),
    )
    roundTrip(t, deleteGateCommand(t, 'door'), (r) => expect(r.room.gates).toHaveLength(0))
  })
  it('adds, changes and deletes zones, removing an emptied enabling expression', () => {
    const t = makeTarget()
    roundTrip(t, addZoneCommand(t, { kind: 'area', areaId: 2 }), (r) =>
      expect(r.room.zones.at(-1)).toMatchObject({
        id: 'zone-1',
        shape: { kind: 'area', areaId: 2 },
        properties: {},
      }),
    )
    roundTrip(t, updateZoneCommand(t, 'mat', { enabledBy: 'open', properties: { a: 'b' } }), (r) =>
      expect(r.room.zones[0]).toMatchObject({ enabledBy: 'open', properties: { a: 'b' } }),
    )
    t.room.zones[0].enabledBy = 'open'
    roundTrip(t, updateZoneCommand(t, 'mat', { enabledBy: '' }), (r) =>
      expect('enabledBy' in r.room.zones[0]).toBe(false),
    )
    roundTrip(t, deleteZoneCommand(t, 'mat'), (r) => expect(r.room.zones).toHaveLength(0))
  })
  it('places, joins, moves and deletes nodes and joins', () => {
    const t = makeTarget()
    roundTrip(t, addNodeCommand(t, 5, 5, 'b'), (r) => {
      expect(r.room.nodeGraph.nodes.at(-1)).toEqual({ id: 'node-1', x: 5, y: 5 })
      expect(r.room.nodeGraph.joins.at(-1)).toEqual({ a: 'b', b: 'node-1', oneWay: false, cost: 1 })
    })
    roundTrip(t, moveNodeCommand(t, 'a', 2, 3), (r) =>
      expect(r.room.nodeGraph.nodes[0]).toEqual({ id: 'a', x: 2, y: 3 }),
    )
    roundTrip(t, updateJoinCommand(t, 0, { oneWay: true, cost: 2.5 }), (r) =>
      expect(r.room.nodeGraph.joins[0]).toMatchObject({ oneWay: true, cost: 2.5 }),
    )
    expect(() => updateJoinCommand(t, 0, { cost: 0 })).toThrow(/above 0/)
    expect(() => joinNodesCommand(t, 'a', 'b')).toThrow(/already joined/)
    roundTrip(t, deleteJoinCommand(t, 0), (r) => expect(r.room.nodeGraph.joins).toHaveLength(0))
    roundTrip(t, deleteNodeCommand(t, 'b'), (r) => {
      expect(r.room.nodeGraph.nodes.map((n) => n.id)).toEqual(['a'])
      expect(r.room.nodeGraph.joins).toHaveLength(0)
    })
    t.room.nodeGraph.joins = []
    roundTrip(t, joinNodesCommand(t, 'a', 'b'), (r) => expect(r.room.nodeGraph.joins).toHaveLength(1))
  })
  it('adds, moves and deletes scale stops, keeping them sorted by y', () => {
    const t = makeTarget()
    roundTrip(t, setScaleStopCommand(t, 1, { y: 8, scale: 100 }), (r) =>
      expect(r.room.scaling).toEqual({
        mode: 'linear',
        linear: [{ areaId: 1, stops: [{ y: 8, scale: 100 }] }],
      }),
    )
    setScaleStopCommand(t, 1, { y: 8, scale: 100 }).apply()
    roundTrip(t, setScaleStopCommand(t, 1, { y: 2, scale: 50 }), (r) =>
      expect(r.room.scaling.linear[0].stops.map((s) => s.y)).toEqual([2, 8]),
    )
    roundTrip(t, setScaleStopCommand(t, 1, { y: 9, scale: 90 }, 0), (r) =>
      expect(r.room.scaling.linear[0].stops).toEqual([{ y: 9, scale: 90 }]),
    )
    roundTrip(t, deleteScaleStopCommand(t, 1, 0), (r) => expect(r.room.scaling.linear).toEqual([]))
    roundTrip(t, setScalingModeCommand(t, 'none'), (r) => expect(r.room.scaling.mode).toBe('none'))
    expect(() => setScalingModeCommand(t, 'map')).toThrow(/scale map/)
    expect(() => setScaleStopCommand(t, 1, { y: 1, scale: 0 })).toThrow(/above 0/)
    // While a scale map decides, linear stops are not edited (they would change nothing).
    t.room.scaling.map = { file: 'scale.png', min: 50, max: 100 }
    t.room.scaling.mode = 'map'
    expect(() => setScaleStopCommand(t, 1, { y: 4, scale: 60 })).toThrow(/scale map; choose Linear/)
  })
  it('a compound command undoes its parts in reverse order, and edited rooms stay valid', () => {
    const t = makeTarget()
    const command = new CompoundCommand('Two edits', [addAreaCommand(t), setAuthoritativeCommand(t, 'mask')])
    roundTrip(t, command, (r) => {
      expect(r.room.areas).toHaveLength(3)
      expect(r.room.authoritative).toBe('mask')
    })
    command.apply()
    addGateCommand(t, { kind: 'block-polygon', polygon: square(1, 1, 2) }).apply()
    addZoneCommand(t, { kind: 'polygon', outer: square(1, 1, 2) }).apply()
    addNodeCommand(t, 3, 3, 'a').apply()
    setScaleStopCommand(t, 0, { y: 3, scale: 80 }).apply()
    expect(() => parseRoom(JSON.parse(JSON.stringify(t.room)))).not.toThrow()
  })
})
