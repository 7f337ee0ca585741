import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  compareIds,
  normaliseProject,
  normaliseRoom,
  orientRing,
  roundCoordinate,
} from '../../../src/shared/room/normalise'
import { RoomSchema, ProjectSchema } from '../../../src/shared/room/schema'
import type { CoordRing } from '../../../src/shared/room/schema'
import { fullProject, fullRoom } from './fixtures'

function signedArea(ring: CoordRing): number {
  let s = 0
  ring.forEach(([x0, y0], i) => {
    const [x1, y1] = ring[(i + 1) % ring.length]
    s += x0 * y1 - x1 * y0
  })
  return s / 2
}

/** Keys of every object in a value, in order, with their paths: to compare key order. */
function keyOrder(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyOrder(v, `${path}[${i}]`))
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => [`${path}.${k}`, ...keyOrder(v, `${path}.${k}`)])
  }
  return []
}

describe('normalise', () => {
  it('leaves the normal-form fixtures unchanged, keys in schema order', () => {
    expect(keyOrder(normaliseRoom(fullRoom()))).toEqual(keyOrder(fullRoom()))
    expect(normaliseRoom(fullRoom())).toEqual(fullRoom())
    expect(normaliseProject(fullProject())).toEqual(fullProject())
    const schemaKeys = Object.keys(RoomSchema.shape)
    // The fixture with the fields a room has only with several backgrounds (AGS frames).
    const withFrames = {
      ...fullRoom(),
      backgroundFrames: [{ file: 'background1.png', name: 'Night' }],
      backgroundAnimationDelay: 5,
      backgroundAnimationEnabled: false,
      properties: { music: 'night.ogg', visits: '3' },
      propertyTypes: { visits: 'int' as const },
    }
    expect(normaliseRoom(withFrames)).toEqual(withFrames)
    expect(Object.keys(normaliseRoom(withFrames))).toEqual(schemaKeys)
    expect(Object.keys(normaliseProject(fullProject()))).toEqual(Object.keys(ProjectSchema.shape))
  })

  it('puts keys in schema order whatever order they came in', () => {
    const room = fullRoom()
    const shuffled = Object.fromEntries(Object.entries(room).reverse()) as typeof room
    shuffled.testWalk = { speed: 160, height: 120, characterId: 'hero', start: { y: 160, x: 160 } }
    expect(keyOrder(normaliseRoom(shuffled))).toEqual(keyOrder(room))
  })

  it('turns outer rings positive and holes negative, reversing without rotating', () => {
    const room = fullRoom()
    room.polygons[0].outer.reverse()
    room.polygons[0].holes[0].reverse()
    room.gates[0].polygon!.reverse()
    const n = normaliseRoom(room)
    expect(signedArea(n.polygons[0].outer)).toBeGreaterThan(0)
    expect(signedArea(n.polygons[0].holes[0])).toBeLessThan(0)
    expect(signedArea(n.gates[0].polygon!)).toBeGreaterThan(0)
    // Reversed back: the last vertex of the reversed ring is first again.
    expect(n.polygons[0].outer).toEqual([...room.polygons[0].outer].reverse())
  })

  it('orients any ring as asked (property)', () => {
    const coord = fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }))
    fc.assert(
      fc.property(
        fc.array(coord, { minLength: 3, maxLength: 12 }),
        fc.constantFrom<1 | -1>(1, -1),
        (ring, sign) => {
          const out = orientRing(ring as CoordRing, sign)
          expect(out).toHaveLength(ring.length)
          expect(signedArea(out) * sign).toBeGreaterThanOrEqual(0)
          expect(orientRing(out, sign)).toEqual(out)
        },
      ),
    )
  })

  it('drops repeated vertices, but never below 3 points', () => {
    expect(
      orientRing(
        [
          [0, 0],
          [4, 0],
          [4, 0.001],
          [4, 4],
          [0, 0],
        ],
        1,
      ),
    ).toEqual([
      [0, 0],
      [4, 0],
      [4, 4],
    ])
    const degenerate: CoordRing = [
      [1, 1],
      [1, 1],
      [2, 2],
    ]
    expect(orientRing(degenerate, 1)).toHaveLength(3)
  })

  it('rounds to 0.01 px and drops -0', () => {
    expect(roundCoordinate(1.23456)).toBe(1.23)
    expect(roundCoordinate(-0.001)).toBe(0)
    expect(Object.is(roundCoordinate(-0), 0)).toBe(true)
    const room = fullRoom()
    room.nodeGraph.nodes[0].x = 20.004999
    room.nodeGraph.joins[0].cost = 0.0001
    const n = normaliseRoom(room)
    expect(n.nodeGraph.nodes[0].x).toBe(20)
    expect(n.nodeGraph.joins[0].cost).toBe(0.01) // positive fields never round to 0
  })

  it('sorts lists whose order means nothing, and keeps the author order of the rest', () => {
    const room = fullRoom()
    room.areas.reverse()
    room.nodeGraph.nodes.reverse()
    room.nodeGraph.joins = [
      { a: 'n2', b: 'n1', oneWay: false, cost: 1 },
      { a: 'n10', b: 'n2', oneWay: true, cost: 1.5 },
    ]
    room.scaling.linear.reverse()
    room.scaling.linear[1].stops.reverse()
    room.zones[0].properties = { sound: 'creak', cursor: 'walk' }
    room.zones.reverse()
    room.areas[0].colour = '#FF8800'
    room.areas[0].enabledBy = '(door_open)&&!guard_awake'
    const n = normaliseRoom(room)
    const expected = fullRoom()
    expected.zones.reverse()
    expect(n).toEqual(expected)
    expect(Object.keys(n.zones[1].properties)).toEqual(['cursor', 'sound'])
  })

  it('orders ids naturally', () => {
    expect(['n10', 'n2', 'n1', 'N1'].sort(compareIds)).toEqual(['n1', 'N1', 'n2', 'n10'])
  })

  it('does not change its input', () => {
    const room = fullRoom()
    room.polygons[0].outer.reverse()
    const before = structuredClone(room)
    normaliseRoom(room)
    expect(room).toEqual(before)
  })
})
