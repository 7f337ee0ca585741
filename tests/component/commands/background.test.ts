/**
 * Replacing a room's background keeps every shape where it is (top-left anchored); a new
 * size is taken by the room, its mask and scale map are cut or extended, and what would lie
 * outside is named before; one undo step brings the old art, size, mask and map back.
 */
import { describe, expect, it } from 'vitest'
import {
  backgroundFileName,
  outsideAfterResize,
  replaceBackgroundCommand,
  resizeByEdges,
  resizeMask,
} from '../../../src/renderer/editing/commands/background'
import type { BackgroundState } from '../../../src/renderer/editing/stores/room-session'
import type { ScaleMapState } from '../../../src/renderer/editing/commands/scale-map'
import { makeTarget, roundTrip } from './fixture'

const image = (width: number, height: number) => ({
  width,
  height,
  data: new Uint8Array(width * height * 4).fill(9),
})

describe('replace background', () => {
  it('names what a smaller room would leave outside', () => {
    const t = makeTarget() // 20 x 10, polygon floor to x 16, gate at x 8-9, nodes at (1,1) and (10,5)
    expect(outsideAfterResize(t.room, 20, 10)).toEqual([])
    expect(outsideAfterResize(t.room, 8, 10)).toEqual([
      "walk polygon 'floor'",
      "gate 'Door'",
      '1 graph node',
      'the test-walk start',
    ])
  })

  it('takes the new size, cuts the mask and extends the scale map, as one undo step', () => {
    const t = makeTarget()
    let background: BackgroundState = { image: image(20, 10), file: null }
    let scaleMap: ScaleMapState = { image: image(20, 10), bytes: null, sourceName: null }
    const holders = {
      background: { get: () => background, set: (s: BackgroundState) => (background = s) },
      scaleMap: { get: () => scaleMap, set: (s: ScaleMapState) => (scaleMap = s) },
    }
    const art = image(12, 12)
    const file = { name: 'background.jpg', bytes: new Uint8Array([0xff, 0xd8, 1]) }
    const command = replaceBackgroundCommand(t, holders.background, holders.scaleMap, art, file, 'night.jpg')
    expect(command.label).toBe('Replace background with night.jpg')
    roundTrip(t, command, (r) => {
      expect(r.room.size).toEqual({ width: 12, height: 12 })
      expect(r.room.background).toBe('background.jpg')
      expect(r.mask!.length).toBe(144)
      expect(background.image).toBe(art)
      expect(scaleMap.image!.width).toBe(12)
    })
    // The holders are back too.
    expect(background.image!.width).toBe(20)
    expect(scaleMap.image!.height).toBe(10)
  })

  it('resizes masks and maps from the top-left, and names background files by their content', () => {
    const mask = new Uint8Array([1, 2, 3, 4, 5, 6]) // 3 x 2
    expect([...resizeMask(mask, 3, 2, 2, 3)]).toEqual([1, 2, 4, 5, 0, 0])
    const map = { width: 2, height: 1, data: new Uint8Array([10, 10, 10, 255, 20, 20, 20, 255]) }
    expect([...resizeByEdges(map, 3, 2).data.filter((_, i) => i % 4 === 0)]).toEqual([10, 20, 20, 10, 20, 20])
    expect(backgroundFileName('x.png', new Uint8Array([0xff, 0xd8]))).toBe('background.jpg')
    expect(backgroundFileName('photo.JPEG', new Uint8Array([0, 0]))).toBe('background.jpg')
    expect(backgroundFileName('art.webp', new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 69, 66, 80]))).toBe(
      'background.webp',
    )
  })
})
