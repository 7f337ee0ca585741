/**
 * Custom properties in the runtime: a room exported for the runtime with properties (and
 * types) on the room, a zone, a point and a hotspot gives them to the game through
 * `room.room`, as the editor typed them; the runtime's types take the editor's.
 *
 * Units: room px.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  loadRoom,
  type RuntimeNamedPoint,
  type RuntimeRoomInfo,
  type RuntimeZone,
} from '../../../src/runtime/index'
import { exportRuntimeRoom } from '../../../src/shared/formats/runtime'
import type { Room, RoomPoint, Zone } from '../../../src/shared/room/schema'
import { runtimeTestRoom } from './runtime-room'

function roomWithProperties(): Room {
  const room = runtimeTestRoom()
  room.properties = { music: 'cave.ogg', visits: '0' }
  room.propertyTypes = { visits: 'int' }
  room.points = [{ id: 'door', name: 'Door', x: 20, y: 150, properties: { facing: 'left' } }]
  room.zones = [
    {
      id: 'mat',
      name: 'Mat',
      shape: {
        kind: 'polygon',
        outer: [
          [10, 140],
          [40, 140],
          [40, 160],
          [10, 160],
        ],
      },
      events: { enter: 'on_mat', exit: '', stand: '' },
      properties: { loud: 'true' },
      propertyTypes: { loud: 'bool' },
    },
  ]
  return room
}

describe('runtime custom properties', () => {
  it('reach the game on the room, its zones and its points, with their types', () => {
    const room = loadRoom(exportRuntimeRoom(roomWithProperties(), null, null, []).text)
    expect(room.room.properties).toEqual({ music: 'cave.ogg', visits: '0' })
    expect(room.room.propertyTypes).toEqual({ visits: 'int' })
    expect(room.room.zones[0]).toMatchObject({
      properties: { loud: 'true' },
      propertyTypes: { loud: 'bool' },
    })
    expect(room.room.points?.[0].properties).toEqual({ facing: 'left' })
  })

  it('types that take the editor objects', () => {
    expectTypeOf<Zone>().toExtend<RuntimeZone>()
    expectTypeOf<RoomPoint>().toExtend<RuntimeNamedPoint>()
    expectTypeOf<Pick<Room, 'properties' | 'propertyTypes'>>().toExtend<
      Pick<RuntimeRoomInfo, 'properties' | 'propertyTypes'>
    >()
  })
})
