import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { fillPolygonInto, rasterisePolygons } from '../../../src/shared/geometry/rasterise'
import { classifyPointInRing, pointInArea } from '../../../src/shared/geometry/polygon'
import type { AreaPolygon, Point, Ring } from '../../../src/shared/geometry/types'

const P = (x: number, y: number): Point => ({ x, y })
const rect = (x: number, y: number, w: number, h: number): Ring => [
  P(x, y),
  P(x + w, y),
  P(x + w, y + h),
  P(x, y + h),
]
const count = (m: Uint8Array): number => m.reduce((s, v) => s + (v ? 1 : 0), 0)

/** A star-like ring around (cx, cy) with radii drawn from `radii`. */
function star(cx: number, cy: number, radii: number[]): Ring {
  return radii.map((r, i) => {
    const t = (i / radii.length) * Math.PI * 2
    return P(cx + r * Math.cos(t), cy + r * Math.sin(t))
  })
}

describe('rasterisePolygons', () => {
  it('fills exactly the pixels whose centres are inside a rectangle', () => {
    const m = rasterisePolygons([{ outer: rect(2, 2, 4, 3), holes: [] }], 10, 10)
    expect(count(m)).toBe(12)
    expect(m[2 * 10 + 2]).toBe(1)
    expect(m[4 * 10 + 5]).toBe(1)
    expect(m[5 * 10 + 5]).toBe(0)
    expect(m[2 * 10 + 6]).toBe(0)
  })
  it('leaves holes empty and writes the given value into a given target', () => {
    const target = new Uint8Array(100).fill(9)
    const area: AreaPolygon = { outer: rect(0, 0, 10, 10), holes: [rect(3, 3, 4, 4)] }
    const m = rasterisePolygons([area], 10, 10, 5, target)
    expect(m).toBe(target)
    expect(m[0]).toBe(5)
    expect(m[4 * 10 + 4]).toBe(9)
  })
  it('splits the pixels of polygons sharing an edge (tie rule), and unions overlapping areas', () => {
    // Edge x = 4.5 runs through pixel centres of column 4: they go to the right-hand polygon.
    const left = rasterisePolygons([{ outer: rect(0, 0, 4.5, 4), holes: [] }], 10, 4)
    const right = rasterisePolygons([{ outer: rect(4.5, 0, 5.5, 4), holes: [] }], 10, 4)
    for (let i = 0; i < 40; i++) expect(left[i] + right[i]).toBe(1)
    const both = rasterisePolygons(
      [
        { outer: rect(0, 0, 6, 4), holes: [] },
        { outer: rect(4, 0, 6, 4), holes: [] },
      ],
      10,
      4,
    )
    expect(count(both)).toBe(40)
  })
  it('clips to the mask', () => {
    const m = rasterisePolygons([{ outer: rect(-5, -5, 100, 100), holes: [] }], 7, 3)
    expect(count(m)).toBe(21)
  })
  it('property: agrees with point-in-polygon at every pixel centre', () => {
    const radii = fc.array(fc.double({ min: 2, max: 14, noNaN: true }), { minLength: 3, maxLength: 20 })
    fc.assert(
      fc.property(radii, radii, (ro, rh) => {
        const outer = star(
          16.13,
          15.87,
          ro.map((r) => r + 14),
        )
        const hole = star(
          16.13,
          15.87,
          rh.map((r) => r / 2),
        )
        const area: AreaPolygon = { outer, holes: [hole] }
        const m = rasterisePolygons([area], 48, 40)
        for (let r = 0; r < 40; r++) {
          for (let c = 0; c < 48; c++) {
            const p = P(c + 0.5, r + 0.5)
            const onEdge =
              classifyPointInRing(outer, p) === 'boundary' || classifyPointInRing(hole, p) === 'boundary'
            if (onEdge) continue
            expect(m[r * 48 + c]).toBe(pointInArea(area, p) ? 1 : 0)
          }
        }
      }),
      { numRuns: 25 },
    )
  })
  it('fillPolygonInto paints one ring with a value (e.g. erasing with 0)', () => {
    const m = new Uint8Array(100).fill(1)
    fillPolygonInto(m, 10, 10, [P(0, 0), P(10, 0), P(0, 10)], 0)
    expect(m[0]).toBe(0)
    expect(m[99]).toBe(1)
    expect(count(m)).toBe(100 - 55 + 10) // centres strictly below the diagonal stay; ties on it go by the tie rule
  })
  it('is fast on a 4K room', () => {
    const outer = star(
      1920,
      1080,
      Array.from({ length: 600 }, (_, i) => 900 + 150 * Math.sin(i * 0.7)),
    )
    const holes = Array.from({ length: 20 }, (_, k) =>
      star(1200 + (k % 5) * 300, 700 + Math.floor(k / 5) * 200, [40, 60, 50, 70, 45]),
    )
    const area: AreaPolygon = { outer, holes }
    const target = new Uint8Array(3840 * 2160)
    rasterisePolygons([area], 3840, 2160, 1, target)
    const filled = count(target)
    // Rasterising again into a cleared target gives the same pixels (speed is measured by the bench, not here).
    rasterisePolygons([area], 3840, 2160, 1, target.fill(0))
    expect(count(target)).toBe(filled)
    expect(filled).toBeGreaterThan(1_000_000)
  })
})
