/**
 * A small room for the runtime tests: a 320x200 floor with a hole in the middle, a gate
 * across the right half (closed while gateOpen is false), an entrance zone, linear
 * scaling and two named points.
 */
import { emptyRoom, type Room } from '../../../src/shared/room/schema'

export function runtimeTestRoom(): Room {
  const room = emptyRoom({ id: 'porch', name: 'Porch', width: 320, height: 200 })
  room.polygons = [
    {
      id: 'floor',
      areaId: 1,
      outer: [
        [10, 100],
        [310, 100],
        [310, 195],
        [10, 195],
      ],
      holes: [
        [
          [120, 120],
          [120, 160],
          [180, 160],
          [180, 120],
        ],
      ],
    },
  ]
  room.gates = [
    {
      id: 'gate',
      name: 'Gate',
      kind: 'block-polygon',
      polygon: [
        [220, 95],
        [230, 95],
        [230, 200],
        [220, 200],
      ],
      flagExpression: '!gateOpen',
    },
  ]
  room.zones = [
    {
      id: 'entrance',
      name: 'Entrance',
      shape: {
        kind: 'polygon',
        outer: [
          [10, 100],
          [100, 100],
          [100, 195],
          [10, 195],
        ],
      },
      events: { enter: 'onEnter', exit: '', stand: '' },
      properties: {},
    },
  ]
  room.scaling = {
    mode: 'linear',
    linear: [
      {
        areaId: 0,
        stops: [
          { y: 100, scale: 50 },
          { y: 190, scale: 100 },
        ],
      },
    ],
  }
  room.points = [
    { id: 'left', name: 'left', x: 30, y: 150 },
    { id: 'right', name: 'right', x: 290, y: 170 },
  ]
  return room
}
