/**
 * Hotspots in the runtime: a room exported with a polygon and a painted hotspot answers
 * `hotspotAt` (topmost = last, painted by mask id, switched by flags, flags given for one
 * answer), `walkTarget` (walk-to point, else the first pixel reached), keeps them through the
 * file, reads older files without hotspots, and refuses a broken hotspot with one line.
 *
 * Units: room px.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import { loadRoom, type RuntimeHotspot } from '../../../src/runtime/index'
import { exportRuntimeRoom } from '../../../src/shared/formats/runtime'
import type { Hotspot as EditorHotspot, Room } from '../../../src/shared/room/schema'
import { runtimeTestRoom } from './runtime-room'

/** The runtime test room with a painted sign (mask id 9: x 40..59, y 20..39) under a polygon door. */
function roomWithHotspots(): Room {
  const room = runtimeTestRoom()
  room.hotspots = [
    {
      id: 'sign',
      name: 'hSign',
      description: 'a sign',
      shape: { kind: 'mask', maskId: 9 },
      walkTo: { x: 50, y: 150 },
      properties: { verb: 'read' },
    },
    {
      id: 'door',
      name: 'hDoor',
      shape: {
        kind: 'polygon',
        outer: [
          [50, 10],
          [90, 10],
          [90, 60],
          [50, 60],
        ],
      },
      enabledBy: 'gateOpen',
      direction: 'up',
      properties: {},
    },
    {
      id: 'bucket',
      name: 'hBucket',
      shape: {
        kind: 'polygon',
        outer: [
          [250, 110],
          [270, 110],
          [270, 130],
          [250, 130],
        ],
      },
      properties: {},
    },
  ]
  room.hotspotMask = {
    rows: Array.from({ length: 200 }, (_, y) => (y >= 20 && y < 40 ? '40 20:9 260' : '320')),
  }
  return room
}

const exported = () =>
  exportRuntimeRoom(roomWithHotspots(), null, null, [{ id: 'gateOpen', default: true }]).text

describe('runtime hotspots', () => {
  it('fit the editor hotspot type', () => {
    expectTypeOf<EditorHotspot>().toExtend<RuntimeHotspot>()
  })

  it('answers the hotspot under a point, the last on top, painted by its mask id', () => {
    const room = loadRoom(exported())
    expect(room.hotspotAt({ x: 45, y: 25 })?.id).toBe('sign')
    expect(room.hotspotAt({ x: 55, y: 25 })?.name).toBe('hDoor')
    expect(room.hotspotAt({ x: 30, y: 25 })).toBeNull()
    expect(room.hotspotAt({ x: 45, y: 25 })).toMatchObject({
      description: 'a sign',
      walkTo: { x: 50, y: 150 },
      properties: { verb: 'read' },
    })
  })

  it('switches hotspots with the flags, and takes flags for one answer', () => {
    const room = loadRoom(exported())
    room.setFlag('gateOpen', false)
    expect(room.hotspotAt({ x: 55, y: 25 })?.id).toBe('sign')
    expect(room.hotspotAt({ x: 55, y: 25 }, { gateOpen: true })?.id).toBe('door')
    expect(room.flags).toEqual({ gateOpen: false })
  })

  it('gives where a click sends the character: the walk-to point, else the first pixel reached', () => {
    const room = loadRoom(exported())
    const sign = room.hotspotAt({ x: 45, y: 25 })!
    expect(room.walkTarget(sign, { x: 30, y: 150 })).toEqual({ x: 50, y: 150 })
    const bucket = room.hotspotAt({ x: 260, y: 120 })!
    // Its pixel nearest by walking: the bottom-right one, (269, 129).
    expect(room.walkTarget(bucket, { x: 290, y: 170 })).toEqual({ x: 269.5, y: 129.5 })
    // The door is above the floor: no pixel of it can be reached.
    expect(room.walkTarget(room.hotspotAt({ x: 80, y: 20 })!, { x: 30, y: 150 })).toBeNull()
    expect(() => room.walkTarget({ ...sign, id: 'nope' }, { x: 30, y: 150 })).toThrow(
      "walkTarget: the room has no hotspot 'nope'",
    )
  })

  it('reads a file without hotspots (written before they existed) and answers none', () => {
    const room = loadRoom(exportRuntimeRoom(runtimeTestRoom(), null, null, []).text)
    expect(room.room.hotspots).toBeUndefined()
    expect(room.hotspotAt({ x: 45, y: 25 })).toBeNull()
  })

  it('refuses a broken hotspot with one line naming the field', () => {
    const file = JSON.parse(exported())
    file.room.hotspots[2].shape.outer[1] = [260, null]
    expect(() => loadRoom(file, { file: 'porch.walkbox.json' })).toThrow(
      'porch.walkbox.json: room.hotspots[2].shape: expected an outer ring of finite points',
    )
    const rows = JSON.parse(exported())
    rows.room.hotspotMask.rows[3] = '300'
    expect(() => loadRoom(rows, { file: 'porch.walkbox.json' })).toThrow(
      "porch.walkbox.json: room.hotspotMask.rows[3]: the runs cover 300 px; expected the room's width, 320 px",
    )
  })
})
