/**
 * Room load warnings as the author reads them: what each is about by its name (a zone, a
 * gate, a walkable area, the test walk), with the JSON path in parentheses.
 */
import { describe, expect, it } from 'vitest'
import { roomWarningLine, roomForHost } from '../../../src/shared/room/project-store'
import { checkRoomAgainstProject, emptyProject, emptyRoom, type Room } from '../../../src/shared/room/schema'

function roomNaming(): Room {
  const room = emptyRoom({ id: 'hall', width: 40, height: 30 })
  room.areas[0].enabledBy = 'lights_on'
  const square = {
    outer: [
      [1, 1],
      [9, 1],
      [9, 9],
      [1, 9],
    ] as [number, number][],
    holes: [],
  }
  room.gates = [
    {
      id: 'g1',
      name: 'Guard',
      kind: 'block-polygon',
      polygon: square.outer,
      flagExpression: 'guard_asleep',
    },
  ]
  room.zones = [
    { id: 'z1', name: 'Mat', shape: { kind: 'polygon', polygon: square } },
    { id: 'z2', name: 'Door', shape: { kind: 'polygon', polygon: square }, enabledBy: 'door_open' },
    { id: 'z3', name: '', shape: { kind: 'polygon', polygon: square }, enabledBy: 'ghost' },
  ] as unknown as Room['zones']
  room.testWalk.characterId = 'villain'
  return room
}

describe('room warnings by name', () => {
  it('names the zone, gate, area and test walk, and keeps the path in parentheses', () => {
    const room = roomNaming()
    const lines = checkRoomAgainstProject(room, emptyProject({ name: 'P' })).map((w) =>
      roomWarningLine(room, w),
    )
    expect(lines).toEqual([
      "area 'Walkable' (areas[0]): enabledBy names the flag 'lights_on' that the project does not define",
      "gate 'Guard' (gates[0]): flagExpression names the flag 'guard_asleep' that the project does not define",
      "zone 'Door' (zones[1]): enabledBy names the flag 'door_open' that the project does not define",
      "a zone with no name (zones[2]): enabledBy names the flag 'ghost' that the project does not define",
      "the test walk (testWalk): characterId names the character 'villain' that the project does not define",
    ])
  })

  it('reaches the host contract in that form; a path it does not know stays as path: message', () => {
    const room = roomNaming()
    const loaded = roomForHost({
      room,
      folder: 'rooms/hall',
      fromVersion: 1,
      migrations: [],
      warnings: [
        { path: 'zones[1].enabledBy', message: 'names the flag' },
        { path: 'walkBehinds[0]', message: 'odd' },
        { path: '', message: 'whole room' },
      ],
      problems: [],
    })
    expect(loaded.warnings).toEqual([
      "zone 'Door' (zones[1]): enabledBy names the flag",
      'walkBehinds[0]: odd',
      'whole room',
    ])
  })
})
