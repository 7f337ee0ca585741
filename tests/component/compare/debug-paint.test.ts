import { describe, expect, it } from 'vitest'
import { heatColour, heatPixels } from '../../../src/renderer/compare/debug-paint'

describe('heat layer pixels', () => {
  it('puts 0 on the coldest colour, the maximum on the hottest, and leaves negative cells clear', () => {
    const values = Int32Array.from([0, 50, 100, -1, -2, 25])
    const out = new Uint8ClampedArray(values.length * 4)
    heatPixels(values, values.length, out)
    const px = (i: number) => Array.from(out.subarray(4 * i, 4 * i + 4))
    expect(px(0)).toEqual([...heatColour(0).map(Math.round), 170])
    expect(px(2)).toEqual([...heatColour(1).map(Math.round), 170])
    expect(px(3)).toEqual([0, 0, 0, 0])
    expect(px(4)).toEqual([0, 0, 0, 0])
    // In between, the ramp at the table's resolution: within a step of the exact colour.
    for (const i of [1, 5]) {
      const exact = heatColour(values[i] / 100)
      px(i)
        .slice(0, 3)
        .forEach((c, k) => expect(Math.abs(c - exact[k])).toBeLessThanOrEqual(2))
    }
  })

  it('paints nothing when every value is blocked or zero-range', () => {
    const out = new Uint8ClampedArray(8)
    heatPixels(Int32Array.from([-1, -1]), 2, out)
    expect(Array.from(out)).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
  })
})
