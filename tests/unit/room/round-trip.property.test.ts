/**
 * Properties of the normal form over random valid rooms: normalising twice changes
 * nothing more, and text written by serialiseRoom reads back to the normal form.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { roomFromText } from '../../../src/shared/room/load'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { RoomSchema } from '../../../src/shared/room/schema'
import type { Coord, Room } from '../../../src/shared/room/schema'
import { serialiseRoom } from '../../../src/shared/room/serialise'
import { emptyRoom } from '../../../src/shared/room/schema'

const coord = fc.tuple(
  fc.double({ min: -50, max: 700, noNaN: true }),
  fc.double({ min: -50, max: 500, noNaN: true }),
) as fc.Arbitrary<Coord>
const ring = fc.array(coord, { minLength: 3, maxLength: 8 })
const flagName = fc.constantFrom('a', 'b', 'door_open', 'guard')
const expression = fc.oneof(
  flagName,
  fc.tuple(flagName, flagName).map(([x, y]) => `${x}&&!${y}`),
  fc.tuple(flagName, flagName, flagName).map(([x, y, z]) => `(${x} ||${y}) && ${z}`),
)

const roomArb: fc.Arbitrary<Room> = fc
  .record({
    areaIds: fc.uniqueArray(fc.integer({ min: 1, max: 255 }), { minLength: 1, maxLength: 5 }),
    polygons: fc.array(fc.record({ outer: ring, holes: fc.array(ring, { maxLength: 2 }) }), { maxLength: 3 }),
    nodes: fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 6 }),
    joinPicks: fc.array(
      fc.tuple(fc.nat(), fc.nat(), fc.boolean(), fc.double({ min: 0.1, max: 5, noNaN: true })),
    ),
    stops: fc.array(
      fc.record({
        y: fc.double({ min: 0, max: 400, noNaN: true }),
        scale: fc.double({ min: 1, max: 200, noNaN: true }),
      }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
    gate: fc.option(fc.tuple(ring, expression)),
    zone: fc.option(
      fc.tuple(
        ring,
        expression,
        fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string({ maxLength: 5 })),
      ),
    ),
    enabledBy: fc.option(expression),
    start: coord,
  })
  .map((r) => {
    const room = emptyRoom({ id: 'r', width: 640, height: 480 })
    room.areas = r.areaIds.map((id, i) => ({
      id,
      name: `Area ${id}`,
      colour: i % 2 ? '#ABCDEF' : '#00ff00',
      ...(i === 0 && r.enabledBy ? { enabledBy: r.enabledBy } : {}),
    }))
    room.polygons = r.polygons.map((p, i) => ({ id: `p${i}`, areaId: r.areaIds[i % r.areaIds.length], ...p }))
    room.nodeGraph.nodes = r.nodes.map((n) => ({ id: `n${n}`, x: n * 3.14159, y: n * 2.5 }))
    if (r.nodes.length >= 2) {
      room.nodeGraph.joins = r.joinPicks
        .map(([i, j, oneWay, cost]) => ({
          a: `n${r.nodes[i % r.nodes.length]}`,
          b: `n${r.nodes[j % r.nodes.length]}`,
          oneWay,
          cost,
        }))
        .filter((j) => j.a !== j.b)
    }
    room.scaling = { mode: 'linear', linear: [{ areaId: 0, stops: r.stops }] }
    if (r.gate)
      room.gates = [
        { id: 'g', name: 'G', kind: 'block-polygon', polygon: r.gate[0], flagExpression: r.gate[1] },
      ]
    if (r.zone) {
      room.zones = [
        {
          id: 'z',
          name: 'Z',
          shape: { kind: 'polygon', outer: r.zone[0] },
          events: { enter: 'e', exit: '', stand: '' },
          enabledBy: r.zone[1],
          properties: r.zone[2],
        },
      ]
    }
    room.testWalk.start = { x: r.start[0], y: r.start[1] }
    return room
  })

describe('normal form (properties)', () => {
  it('random rooms are valid, and normalising is idempotent', () => {
    fc.assert(
      fc.property(roomArb, (room) => {
        expect(RoomSchema.safeParse(room).success).toBe(true)
        const once = normaliseRoom(room)
        expect(RoomSchema.safeParse(once).success).toBe(true)
        expect(normaliseRoom(once)).toEqual(once)
      }),
      { numRuns: 200 },
    )
  })

  it('serialised text reads back to the normal form and serialises to the same bytes', () => {
    fc.assert(
      fc.property(roomArb, (room) => {
        const text = serialiseRoom(room)
        const back = roomFromText(text).value
        expect(back).toEqual(normaliseRoom(room))
        expect(serialiseRoom(back)).toBe(text)
      }),
      { numRuns: 200 },
    )
  })
})
