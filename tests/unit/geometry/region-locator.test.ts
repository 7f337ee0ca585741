import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { RegionLocator } from '../../../src/shared/geometry/region-locator'
import { pointInAreas } from '../../../src/shared/geometry/polygon'
import type { AreaPolygon, Point } from '../../../src/shared/geometry/types'

const P = (pts: number[][]): Point[] => pts.map(([x, y]) => ({ x, y }))

function circle(n: number, cx: number, cy: number, r: number): Point[] {
  return Array.from({ length: n }, (_, i) => ({
    x: cx + r * Math.cos((2 * Math.PI * i) / n),
    y: cy + r * Math.sin((2 * Math.PI * i) / n),
  }))
}

const rooms: Record<string, AreaPolygon[]> = {
  'square with a hole and an island in it': [
    {
      outer: P([
        [0, 0],
        [100, 0],
        [100, 100],
        [0, 100],
      ]),
      holes: [
        P([
          [20, 20],
          [20, 80],
          [80, 80],
          [80, 20],
        ]),
      ],
    },
    {
      outer: P([
        [40, 40],
        [60, 40],
        [60, 60],
        [40, 60],
      ]),
      holes: [],
    },
  ],
  'L shape and a separate triangle': [
    {
      outer: P([
        [0, 0],
        [60, 0],
        [60, 20],
        [20, 20],
        [20, 90],
        [0, 90],
      ]),
      holes: [],
    },
    {
      outer: P([
        [70, 10],
        [95, 90],
        [70, 90],
      ]),
      holes: [],
    },
  ],
  'a 2,000-vertex circle with a round hole': [
    { outer: circle(2000, 50, 50, 45), holes: [circle(300, 50, 50, 10).reverse()] },
  ],
}

describe('RegionLocator', () => {
  for (const [name, areas] of Object.entries(rooms)) {
    it(`agrees with pointInAreas everywhere: ${name}`, () => {
      const locator = new RegionLocator(areas)
      fc.assert(
        fc.property(
          fc.double({ min: -10, max: 110, noNaN: true }),
          fc.double({ min: -10, max: 110, noNaN: true }),
          (x, y) => {
            expect(locator.contains({ x, y })).toBe(pointInAreas(areas, { x, y }))
          },
        ),
        { numRuns: 3000 },
      )
    })
  }

  it('counts outlines and vertices as inside, and nothing for an empty region', () => {
    const [square] = rooms['square with a hole and an island in it']
    const locator = new RegionLocator([square])
    expect(locator.contains({ x: 0, y: 50 })).toBe(true)
    expect(locator.contains({ x: 100, y: 100 })).toBe(true)
    expect(locator.contains({ x: 20, y: 50 })).toBe(true)
    expect(locator.contains({ x: 50, y: 50 })).toBe(false)
    expect(locator.contains({ x: 100.5, y: 50 })).toBe(false)
    expect(new RegionLocator([]).contains({ x: 0, y: 0 })).toBe(false)
  })
})
