/**
 * A plain edit target for command tests: a small room with one walk polygon with a
 * hole, a gate, a zone, two nodes and a 20 x 10 mask; and a round-trip check that
 * applies, inverts and re-applies a command and compares the whole room and mask.
 */
import { expect } from 'vitest'
import type { Rect } from '../../../src/shared/geometry/types'
import { emptyRoom, type Room } from '../../../src/shared/room/schema'
import type { EditTarget } from '../../../src/renderer/editing/commands/edit-target'
import type { Command } from '../../../src/renderer/editing/stores/history'

export interface TestTarget extends EditTarget {
  mask: Uint8Array | null
  changes: (Rect | null)[]
}

export function makeTarget(): TestTarget {
  const room: Room = emptyRoom({ id: 'hall', width: 20, height: 10 })
  room.areas.push({ id: 2, name: 'East', colour: '#4a90d9' })
  room.mask = 'walkmask.png'
  room.polygons = [
    {
      id: 'floor',
      areaId: 1,
      outer: [
        [0, 0],
        [16, 0],
        [16, 8],
        [0, 8],
      ],
      holes: [
        [
          [2, 2],
          [4, 2],
          [4, 4],
        ],
      ],
    },
  ]
  room.gates = [
    {
      id: 'door',
      name: 'Door',
      kind: 'block-polygon',
      polygon: [
        [8, 0],
        [9, 0],
        [9, 8],
        [8, 8],
      ],
      flagExpression: '!open',
    },
  ]
  room.zones = [
    {
      id: 'mat',
      name: 'Mat',
      shape: {
        kind: 'polygon',
        outer: [
          [1, 6],
          [3, 6],
          [3, 7],
        ],
      },
      events: { enter: 'in', exit: '', stand: '' },
      properties: { sound: 'creak' },
    },
  ]
  room.nodeGraph = {
    nodes: [
      { id: 'a', x: 1, y: 1 },
      { id: 'b', x: 10, y: 5 },
    ],
    joins: [{ a: 'a', b: 'b', oneWay: false, cost: 1 }],
  }
  const mask = new Uint8Array(20 * 10)
  mask.fill(1, 0, 40)
  const target: TestTarget = {
    room,
    mask,
    changes: [],
    setMask(next) {
      target.mask = next
      target.changes.push(null)
    },
    maskChanged(rect) {
      target.changes.push(rect)
    },
  }
  return target
}

function snapshot(t: EditTarget): string {
  return JSON.stringify({ room: t.room, mask: t.mask ? Array.from(t.mask) : null })
}

/**
 * Apply `command`, check `changed` on the result, invert and compare with the start,
 * apply again and compare with the first result. Returns the room after applying.
 */
/**
 * makeTarget's room plus a point ('spot', "Entrance" at 12,3, of `pointKind` when given) and a
 * polygon hotspot ('sign', a triangle at 10..14 x 1..4 with its walk-to at 12,6): one object
 * on every vector layer, for the tests over several objects.
 */
export function makeLayeredTarget(pointKind?: NonNullable<Room['points']>[number]['kind']): TestTarget {
  const t = makeTarget()
  t.room.points = [{ id: 'spot', name: 'Entrance', x: 12, y: 3, ...(pointKind ? { kind: pointKind } : {}) }]
  t.room.hotspots = [
    {
      id: 'sign',
      name: 'Sign',
      description: '',
      shape: {
        kind: 'polygon',
        outer: [
          [10, 1],
          [14, 1],
          [14, 4],
        ],
      },
      walkTo: { x: 12, y: 6 },
      properties: {},
    } as NonNullable<Room['hotspots']>[number],
  ]
  return t
}

export function roundTrip(t: EditTarget, command: Command, changed: (t: EditTarget) => void): void {
  const before = snapshot(t)
  command.apply()
  const after = snapshot(t)
  expect(after, `${command.label} changed something`).not.toBe(before)
  changed(t)
  command.invert()
  expect(snapshot(t), `${command.label} undone`).toBe(before)
  command.apply()
  expect(snapshot(t), `${command.label} redone`).toBe(after)
  command.invert()
  expect(snapshot(t)).toBe(before)
}
