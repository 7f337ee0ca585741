/**
 * Mask pictures to area ids, as both hosts and the command line read them: the rules
 * (grey ids, colours, palette indices, alpha, black and white), masks stored at 1:2, 1:3
 * and 1:4 of the room scaled up without blur, and the summary an author reads.
 */
import { describe, expect, it } from 'vitest'
import {
  chooseMaskRule,
  describeAreas,
  maskScale,
  readMaskImage,
  readPngPalette,
  type MaskPixels,
} from '../../../src/shared/room/mask-image'

function pixels(width: number, height: number, at: (x: number, y: number) => number[]): MaskPixels {
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(at(x, y), (y * width + x) * 4)
  return { width, height, data }
}
const grey = (v: number) => [v, v, v, 255]

describe('mask rules', () => {
  it('reads grey levels as area ids and says which areas it found', () => {
    const read = readMaskImage(pixels(3, 1, (x) => grey([0, 2, 5][x])))
    expect(read.rule).toBe('ids')
    expect([...read.cells]).toEqual([0, 2, 5])
    expect(read.areas).toEqual([
      { id: 2, pixels: 1 },
      { id: 5, pixels: 1 },
    ])
    expect(read.summary).toBe('2 areas: 2, 5')
  })

  it('reads a black and white picture as one area, and a translucent one by alpha', () => {
    const bw = readMaskImage(
      pixels(2, 1, (x) => grey(x * 255)),
      { areaId: 7 },
    )
    expect([bw.rule, [...bw.cells], bw.summary]).toEqual(['nonblack', [0, 7], '1 area: 7'])
    // MonoAGS masks: opaque black is walkable, transparent is not.
    const alpha = readMaskImage(
      pixels(3, 1, (x) => [0, 0, 0, [0, 255, 128][x]]),
      { areaId: 2 },
    )
    expect([alpha.rule, [...alpha.cells]]).toEqual(['alpha', [0, 2, 2]])
  })

  it('gives each colour an area, keeping colours the room already uses for its areas', () => {
    const img = pixels(
      4,
      1,
      (x) =>
        [
          [0, 0, 0, 255],
          [255, 0, 0, 255],
          [0, 0, 255, 255],
          [255, 0, 0, 255],
        ][x],
    )
    const read = readMaskImage(img, { knownColours: new Map([[0x0000ff, 1]]) })
    expect(read.rule).toBe('colours')
    expect([...read.cells]).toEqual([0, 2, 1, 2])
    expect(read.areas).toEqual([
      { id: 1, pixels: 1, colour: '#0000ff' },
      { id: 2, pixels: 2, colour: '#ff0000' },
    ])
  })

  it('uses the palette index of an indexed PNG as the area id, and refuses a colour outside the palette', () => {
    const palette = ['#000000', '#00ff00', '#ff0000']
    const img = pixels(
      3,
      1,
      (x) =>
        [
          [255, 0, 0, 255],
          [0, 0, 0, 255],
          [0, 255, 0, 255],
        ][x],
    )
    expect(chooseMaskRule(img, palette)).toBe('colours')
    expect([...readMaskImage(img, { palette }).cells]).toEqual([2, 0, 1])
    expect(() => readMaskImage(img, { palette: ['#000000', '#00ff00'], file: 'ags.png' })).toThrow(
      'ags.png: has colour #ff0000 that is not in its palette',
    )
  })

  it('reads the palette of a PNG from its PLTE chunk', () => {
    const chunk = (type: string, data: number[]) => {
      const length = [0, 0, 0, data.length]
      return [...length, ...[...type].map((c) => c.charCodeAt(0)), ...data, 0, 0, 0, 0]
    }
    const png = new Uint8Array([
      137,
      80,
      78,
      71,
      13,
      10,
      26,
      10,
      ...chunk('IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 3, 0, 0, 0]),
      ...chunk('PLTE', [0, 0, 0, 10, 20, 30]),
      ...chunk('IDAT', [1]),
    ])
    expect(readPngPalette(png)).toEqual(['#000000', '#0a141e'])
    expect(readPngPalette(new Uint8Array([1, 2, 3]))).toBeUndefined()
  })
})

describe('masks stored at a fraction of the room', () => {
  it('scales 1:2, 1:3 and 1:4 masks up by repeating pixels', () => {
    const stored = pixels(2, 1, (x) => grey([1, 3][x]))
    for (const k of [1, 2, 3, 4]) {
      const read = readMaskImage(stored, { fit: { width: 2 * k, height: k } })
      expect(read.scale).toBe(k)
      expect(read.cells.length).toBe(2 * k * k)
      // Every pixel of the left half is area 1, of the right half area 3: no blur, no mixing.
      for (let y = 0; y < k; y++)
        for (let x = 0; x < 2 * k; x++) expect(read.cells[y * 2 * k + x]).toBe(x < k ? 1 : 3)
      expect(read.areas).toEqual([
        { id: 1, pixels: k * k },
        { id: 3, pixels: k * k },
      ])
    }
  })

  it('refuses other sizes, naming the file and the sizes it would take', () => {
    expect(maskScale({ width: 210, height: 100 }, { width: 420, height: 200 })).toBe(2)
    expect(maskScale({ width: 100, height: 100 }, { width: 420, height: 200 })).toBeNull()
    expect(() =>
      readMaskImage(
        pixels(100, 100, () => grey(1)),
        { fit: { width: 420, height: 200 }, file: 'walk.png' },
      ),
    ).toThrow("walk.png: is 100×100 px; expected the room's size 420×200 or 210×100 (1:2), 105×50 (1:4)")
  })

  it('describes what it read', () => {
    expect(describeAreas([])).toBe('no walkable pixels')
    expect(describeAreas([4])).toBe('1 area: 4')
    expect(describeAreas([1, 2, 5])).toBe('3 areas: 1, 2, 5')
  })
})
