/**
 * Scale at the feet: linear stops by y (shared and per area), a greyscale scale map, no
 * scaling, and the sample courtyard's gradient.
 */
import { describe, expect, it } from 'vitest'
import {
  areaIdAt,
  characterHeightAt,
  maxScalePercent,
  scaleAt,
  scaleFromStops,
} from '../../../src/shared/analysis/scaling'
import type { ScaleMapImage } from '../../../src/shared/analysis/scaling'
import { rect, roomOfRects, sample } from './rooms'

/** Two side-by-side areas: area 1 on the left half, area 2 on the right half of a 400 x 300 room. */
function twoAreaRoom() {
  return roomOfRects(400, 300, [
    { outer: rect(0, 0, 200, 300), areaId: 1 },
    { outer: rect(200, 0, 400, 300), areaId: 2 },
  ])
}

describe('scaleAt', () => {
  it('is 100 % everywhere when the room does not scale', () => {
    const room = twoAreaRoom()
    expect(scaleAt(room, null, null, { x: 50, y: 10 })).toEqual({ percent: 100, areaId: 1 })
    expect(characterHeightAt(room, null, null, { x: 50, y: 10 }, 180)).toBe(180)
  })

  it('follows a linear gradient between two stops and holds it beyond them', () => {
    const room = twoAreaRoom()
    room.scaling = {
      mode: 'linear',
      linear: [
        {
          areaId: 0,
          stops: [
            { y: 100, scale: 50 },
            { y: 300, scale: 100 },
          ],
        },
      ],
    }
    expect(scaleAt(room, null, null, { x: 50, y: 100 }).percent).toBe(50)
    expect(scaleAt(room, null, null, { x: 50, y: 200 }).percent).toBe(75)
    expect(scaleAt(room, null, null, { x: 250, y: 250 }).percent).toBeCloseTo(87.5, 10)
    // Held beyond the end stops.
    expect(scaleAt(room, null, null, { x: 50, y: 20 }).percent).toBe(50)
    expect(scaleAt(room, null, null, { x: 50, y: 299.5 }).percent).toBeCloseTo(99.875, 10)
    expect(characterHeightAt(room, null, null, { x: 50, y: 200 }, 200)).toBe(150)
  })

  it('interpolates through several stops, given in any order', () => {
    const stops = [
      { y: 300, scale: 100 },
      { y: 100, scale: 40 },
      { y: 200, scale: 60 },
    ]
    expect(scaleFromStops(stops, 150)).toBe(50)
    expect(scaleFromStops(stops, 250)).toBe(80)
    expect(scaleFromStops(stops, 0)).toBe(40)
    expect(scaleFromStops(stops, 1000)).toBe(100)
    expect(scaleFromStops([{ y: 10, scale: 70 }], 500)).toBe(70)
  })

  it('uses an area its own stops and the default stops elsewhere', () => {
    const room = twoAreaRoom()
    room.scaling = {
      mode: 'linear',
      linear: [
        {
          areaId: 0,
          stops: [
            { y: 0, scale: 50 },
            { y: 300, scale: 100 },
          ],
        },
        {
          areaId: 2,
          stops: [
            { y: 0, scale: 20 },
            { y: 300, scale: 80 },
          ],
        },
      ],
    }
    expect(scaleAt(room, null, null, { x: 100, y: 150 })).toEqual({ percent: 75, areaId: 1 })
    expect(scaleAt(room, null, null, { x: 300, y: 150 })).toEqual({ percent: 50, areaId: 2 })
    // With an area mask, the mask says which area the feet are in (here: all area 2).
    const mask = new Uint8Array(400 * 300).fill(2)
    expect(scaleAt(room, mask, null, { x: 100, y: 150 })).toEqual({ percent: 50, areaId: 2 })
    expect(areaIdAt(room, mask, { x: -5, y: 150 })).toBe(0)
  })

  it('is 100 % in an area without stops when there are no default stops', () => {
    const room = twoAreaRoom()
    room.scaling = { mode: 'linear', linear: [{ areaId: 2, stops: [{ y: 0, scale: 30 }] }] }
    expect(scaleAt(room, null, null, { x: 100, y: 150 }).percent).toBe(100)
    expect(scaleAt(room, null, null, { x: 300, y: 150 }).percent).toBe(30)
    expect(maxScalePercent(room)).toBe(100)
  })

  it('reads a greyscale scale map: 0 -> min, 255 -> max, linear between', () => {
    const room = twoAreaRoom()
    room.scaling = { mode: 'linear', linear: [], map: { file: 'scale.png', min: 40, max: 120 } }
    room.scaling.mode = 'map'
    // A map at half the room's resolution: grey rises by column.
    const map: ScaleMapImage = { width: 200, height: 150, values: new Uint8Array(200 * 150) }
    for (let r = 0; r < 150; r++) {
      map.values[r * 200 + 0] = 0
      map.values[r * 200 + 100] = 255
      map.values[r * 200 + 150] = 51
    }
    expect(scaleAt(room, null, map, { x: 1, y: 10 }).percent).toBe(40)
    expect(scaleAt(room, null, map, { x: 201, y: 10 }).percent).toBe(120)
    expect(scaleAt(room, null, map, { x: 300, y: 299 }).percent).toBeCloseTo(56, 10)
    // Not loaded yet: full size.
    expect(scaleAt(room, null, null, { x: 201, y: 10 }).percent).toBe(100)
    expect(maxScalePercent(room)).toBe(120)
  })

  it('matches the sample courtyard gradient (55 % at y 500, 100 % at y 1040)', async () => {
    const { room, mask } = await sample()
    const back = scaleAt(room, mask, null, { x: 300, y: 500 })
    const front = scaleAt(room, mask, null, { x: 300, y: 1039 })
    const middle = scaleAt(room, mask, null, { x: 1500, y: 770 })
    expect(back).toEqual({ percent: 55, areaId: 1 })
    expect(front.percent).toBeCloseTo(55 + (45 * 539) / 540, 10)
    expect(middle).toEqual({ percent: 77.5, areaId: 2 })
    expect(characterHeightAt(room, mask, null, { x: 1500, y: 770 }, 200)).toBe(155)
  })
})
