/**
 * Applying a floor proposed from the picture (editing/tools/floor-apply.ts): as a mask area or as
 * polygons, in a new or a chosen area, each one command that undoes to exactly the room
 * before; the room's truth kept or switched only as the rules say, with the question asked
 * when switching would change what is walked.
 */
import { describe, expect, it } from 'vitest'
import {
  floorApplyConflict,
  floorMaskCommand,
  floorPolygonsCommand,
} from '../../../src/renderer/editing/tools/floor-apply'
import type { AreaPolygon } from '../../../src/shared/geometry/types'
import { makeTarget, roundTrip } from '../commands/fixture'

/** A 20 x 10 floor: the bottom four rows, from x 2 to 17. */
function floorRows(): Uint8Array {
  const floor = new Uint8Array(200)
  for (let y = 6; y < 10; y++) for (let x = 2; x < 18; x++) floor[y * 20 + x] = 1
  return floor
}

const SQUARE: AreaPolygon = {
  outer: [
    { x: 2, y: 6 },
    { x: 18, y: 6 },
    { x: 18, y: 10 },
    { x: 2, y: 10 },
  ],
  holes: [],
}

describe('floor from picture: apply', () => {
  it('writes the floor into a new mask area as one step, making the mask the truth of a room without polygons', () => {
    const t = makeTarget()
    t.room.polygons = []
    expect(t.room.authoritative).toBe('polygons')
    expect(floorApplyConflict(t.room, t.mask, 'mask')).toBeNull()
    const command = floorMaskCommand(t, floorRows(), 'new')
    expect(command.label).toBe('Floor from picture: 64 px to area 3')
    roundTrip(t, command, (after) => {
      expect(after.room.areas.map((a) => [a.id, a.name])).toEqual([
        [1, 'Walkable'],
        [2, 'East'],
        [3, 'Floor'],
      ])
      expect(after.room.authoritative).toBe('mask')
      const ids = [...after.mask!]
      expect(ids.filter((v) => v === 3)).toHaveLength(64)
      // The rest of the mask is as it was (area 1 on the top two rows).
      expect(ids.slice(0, 40).every((v) => v === 1)).toBe(true)
    })
  })

  it('paints a chosen area over a room with no mask yet, making its mask', () => {
    const t = makeTarget()
    t.room.authoritative = 'mask'
    t.mask = null
    delete t.room.mask
    const command = floorMaskCommand(t, floorRows(), 2)
    roundTrip(t, command, (after) => {
      expect(after.room.mask).toBe('walkmask.png')
      expect([...after.mask!].filter((v) => v === 2)).toHaveLength(64)
      expect(after.room.areas).toHaveLength(2)
    })
  })

  it('adds the floor as walk polygons in an area beside the room’s own, as one step', () => {
    const t = makeTarget()
    const command = floorPolygonsCommand(t, [SQUARE], 2, 64)
    expect(command.label).toBe('Floor from picture: 1 polygon (64 px) in area 2')
    roundTrip(t, command, (after) => {
      expect(after.room.polygons.map((p) => [p.id, p.areaId])).toEqual([
        ['floor', 1],
        ['floor-1', 2],
      ])
      expect(after.room.polygons[1].outer).toEqual([
        [2, 6],
        [18, 6],
        [18, 10],
        [2, 10],
      ])
      expect(after.room.authoritative).toBe('polygons')
    })
  })

  it('asks before the floor would make the other representation the truth over a walkable one', () => {
    const t = makeTarget()
    // A polygon room with a polygon: a mask area would not be walked.
    const toMask = floorApplyConflict(t.room, t.mask, 'mask')
    expect(toMask?.message).toBe(
      'The walkable area of hall is its 1 walk polygon: a mask area is not walked while they are the truth.',
    )
    expect(toMask?.confirm).toBe('Apply and use the mask')
    expect(floorApplyConflict(t.room, t.mask, 'polygons')).toBeNull()
    // A mask room whose mask has walkable pixels: polygons would not be walked.
    t.room.authoritative = 'mask'
    expect(floorApplyConflict(t.room, t.mask, 'polygons')?.confirm).toBe('Apply and use the polygons')
    // An empty mask loses nothing: no question, and the polygons become the truth in the step.
    t.mask = new Uint8Array(200)
    expect(floorApplyConflict(t.room, t.mask, 'polygons')).toBeNull()
    roundTrip(t, floorPolygonsCommand(t, [SQUARE], 'new', 64), (after) => {
      expect(after.room.authoritative).toBe('polygons')
      expect(after.room.polygons.at(-1)?.areaId).toBe(3)
    })
  })

  it('refuses an empty floor, a floor of another size and an area the room does not have', () => {
    const t = makeTarget()
    expect(() => floorMaskCommand(t, new Uint8Array(200), 1)).toThrow(
      'The proposed floor is empty: nothing to apply.',
    )
    expect(() => floorMaskCommand(t, new Uint8Array(10), 1)).toThrow(
      'The proposal is 10 px; the room has 200.',
    )
    expect(() => floorMaskCommand(t, floorRows(), 9)).toThrow('The room has no walk area 9.')
    expect(() => floorPolygonsCommand(t, [], 1, 0)).toThrow('The proposed floor is empty: nothing to apply.')
  })
})
