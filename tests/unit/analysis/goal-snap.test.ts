/**
 * Why a click is not walkable (goal-snap.ts), for the words the table and the walk use when
 * an answer went somewhere else: a closed area (its flag or its gate), a closed gate, a hole,
 * outside the walk polygons or the room, in polygon and mask rooms.
 */
import { describe, expect, it } from 'vitest'
import {
  settleDefaultStart,
  snapDistance,
  snappedText,
  walkableStart,
  whyNotWalkable,
} from '../../../src/shared/analysis/goal-snap'
import { emptyRoom } from '../../../src/shared/room/schema'
import { rect, roomOfRects, sample } from './rooms'

describe('whyNotWalkable', () => {
  const room = roomOfRects(200, 200, [
    { outer: rect(0, 0, 100, 100), holes: [rect(40, 40, 60, 60)] },
    { outer: rect(100, 0, 200, 100), areaId: 2 },
    { outer: rect(0, 100, 100, 200), areaId: 3 },
  ])
  room.areas[1] = { ...room.areas[1], name: 'East', enabledBy: 'eastOpen' }
  room.areas[2] = { ...room.areas[2], name: 'Cellar' }
  room.gates = [
    {
      id: 'door',
      name: 'Door',
      kind: 'block-polygon',
      polygon: rect(10, 10, 20, 20),
      flagExpression: '!doorOpen',
    },
    { id: 'hatch', name: 'Hatch', kind: 'open-area', areaId: 3, flagExpression: 'hatchOpen' },
  ]
  const shut = { eastOpen: false, doorOpen: false, hatchOpen: false }
  const open = { eastOpen: true, doorOpen: true, hatchOpen: true }

  it('names the closed area, the closed gate, the hole or the outside', () => {
    expect(whyNotWalkable(room, null, shut, { x: 150, y: 50 })).toBe(
      "is in a closed area ('East': 'eastOpen' does not hold)",
    )
    expect(whyNotWalkable(room, null, shut, { x: 50, y: 150 })).toBe(
      "is in a closed area ('Cellar': its gate 'Hatch' is closed)",
    )
    expect(whyNotWalkable(room, null, shut, { x: 15, y: 15 })).toBe("is behind a closed gate ('Door')")
    expect(whyNotWalkable(room, null, shut, { x: 50, y: 50 })).toBe('is in a hole of the walkable area')
    expect(whyNotWalkable(room, null, shut, { x: 150, y: 150 })).toBe('is outside the walkable area')
    expect(whyNotWalkable(room, null, shut, { x: -5, y: 150 })).toBe('is outside the room')
  })

  it('finds nothing to say where the click is walkable in this state', () => {
    for (const p of [
      { x: 150, y: 50 },
      { x: 50, y: 150 },
      { x: 15, y: 15 },
      { x: 80, y: 80 },
    ])
      expect(whyNotWalkable(room, null, open, p)).toBeNull()
  })

  it('reads the mask of a mask room', async () => {
    const { room: courtyard, mask } = await sample()
    const maskRoom = { ...courtyard, authoritative: 'mask' as const }
    expect(whyNotWalkable(maskRoom, mask, { gateOpen: true }, { x: 300, y: 940 })).toBeNull()
    expect(whyNotWalkable(maskRoom, mask, { gateOpen: true }, { x: 20, y: 20 })).toBe(
      'is outside the walkable area',
    )
    expect(whyNotWalkable(maskRoom, mask, { gateOpen: false }, { x: 1030, y: 776 })).toBe(
      "is behind a closed gate ('Doorway gate')",
    )
  })

  it('measures and words the snap', () => {
    expect(snapDistance({ x: 20, y: 85 }, { x: 21, y: 106 })).toBe(21)
    expect(snappedText(21)).toBe('snapped, 21 px')
  })
})

describe('a walkable start', () => {
  // 400 x 200, a walk area with a hole around the default start (200, 160).
  const holed = () => {
    const room = roomOfRects(400, 200, [{ outer: rect(0, 100, 400, 200), holes: [rect(150, 130, 250, 190)] }])
    room.testWalk.start = emptyRoom({ id: 'x', width: 400, height: 200 }).testWalk.start
    return room
  }

  it('moves a start in a hole to the closest walkable pixel, and keeps a walkable one', () => {
    const room = holed()
    expect(room.testWalk.start).toEqual({ x: 200, y: 160 })
    expect(walkableStart(room, null, {}, { x: 200, y: 160 })).toEqual({ x: 199.5, y: 190.5 })
    expect(walkableStart(room, null, {}, { x: 20, y: 120 })).toEqual({ x: 20, y: 120 })
  })

  it("settles a new room's default start on the walkable area, but never a start the author or engine gave", () => {
    const room = holed()
    expect(settleDefaultStart(room, null, {})).toBe(true)
    expect(whyNotWalkable(room, null, {}, room.testWalk.start)).toBeNull()
    const given = holed()
    given.testWalk.start = { x: 199, y: 160 }
    expect(settleDefaultStart(given, null, {})).toBe(false)
    expect(given.testWalk.start).toEqual({ x: 199, y: 160 })
    // Nothing walkable yet (a new blank room): the start stays.
    const blank = emptyRoom({ id: 'b', width: 400, height: 200 })
    expect(settleDefaultStart(blank, null, {})).toBe(false)
  })
})
