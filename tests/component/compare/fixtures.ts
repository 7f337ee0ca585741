/**
 * A small room for the comparison tests: 200 x 120 px, one floor with a square hole in the
 * middle, split by a wall at x 100..110 with a doorway (y 50..70) that a block-polygon
 * gate closes while the flag `doorOpen` is off.
 *
 * Units: room px.
 */
import { emptyRoom, type Room } from '../../../src/shared/room/schema'

export function doorRoom(): Room {
  const room = emptyRoom({ id: 'door-room', width: 200, height: 120 })
  room.polygons = [
    {
      id: 'west',
      areaId: 1,
      outer: [
        [10, 10],
        [100, 10],
        [100, 50],
        [110, 50],
        [110, 10],
        [190, 10],
        [190, 110],
        [110, 110],
        [110, 70],
        [100, 70],
        [100, 110],
        [10, 110],
      ],
      holes: [
        [
          [40, 40],
          [60, 40],
          [60, 80],
          [40, 80],
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
        [100, 45],
        [110, 45],
        [110, 75],
        [100, 75],
      ],
      flagExpression: '!doorOpen',
    },
  ]
  return room
}
