import { describe, expect, it } from 'vitest'
import { isClean, walkableRegion } from '../../../src/shared/geometry/clip'
import {
  areasArea,
  findSelfIntersections,
  pointInAreas,
  signedArea,
} from '../../../src/shared/geometry/polygon'
import type { AreaPolygon, Point } from '../../../src/shared/geometry/types'

const P = (pts: number[][]): Point[] => pts.map(([x, y]) => ({ x, y }))
const rect = (x0: number, y0: number, x1: number, y1: number): Point[] =>
  P([
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ])

/** Every ring simple, outers positive, holes negative. */
function expectValid(areas: AreaPolygon[]): void {
  for (const a of areas) {
    expect(signedArea(a.outer)).toBeGreaterThan(0)
    expect(findSelfIntersections(a.outer)).toEqual([])
    for (const h of a.holes) {
      expect(signedArea(h)).toBeLessThan(0)
      expect(findSelfIntersections(h)).toEqual([])
    }
  }
}

describe('walkableRegion', () => {
  it('returns clean geometry as drawn, only wound by the rule', () => {
    const areas = [{ outer: rect(10, 10, 390, 190).reverse(), holes: [rect(100, 50, 150, 100)] }]
    const region = walkableRegion(areas)
    expect(region.clipped).toBe(false)
    expect(region.areas[0].outer).toEqual(rect(10, 10, 390, 190))
    expect(region.areas[0].holes[0]).toEqual([...rect(100, 50, 150, 100)].reverse())
  })

  it('splits a room in two where a hole crosses it from edge to edge', () => {
    const region = walkableRegion([{ outer: rect(10, 10, 390, 190), holes: [rect(180, 0, 220, 200)] }])
    expect(region.clipped).toBe(true)
    expect(region.areas).toHaveLength(2)
    expectValid(region.areas)
    expect(areasArea(region.areas)).toBeCloseTo(2 * 170 * 180, 6)
    expect(pointInAreas(region.areas, { x: 200, y: 100 })).toBe(false)
    expect(pointInAreas(region.areas, { x: 100, y: 100 })).toBe(true)
  })

  it('cuts out only the part of a hole that lies inside its outline', () => {
    const region = walkableRegion([{ outer: rect(0, 0, 100, 100), holes: [rect(80, 40, 120, 60)] }])
    expect(region.areas).toHaveLength(1)
    expect(region.areas[0].holes).toHaveLength(0)
    expectValid(region.areas)
    expect(areasArea(region.areas)).toBeCloseTo(100 * 100 - 20 * 20, 6)
  })

  it('makes both lobes of a bow-tie walkable, as simple triangles', () => {
    const region = walkableRegion([
      {
        outer: P([
          [10, 10],
          [390, 190],
          [390, 10],
          [10, 190],
        ]),
        holes: [],
      },
    ])
    expect(region.areas).toHaveLength(2)
    expectValid(region.areas)
    expect(areasArea(region.areas)).toBeCloseTo(2 * ((190 * 180) / 2), 6)
  })

  it('drops outlines that enclose no area', () => {
    const flat = {
      outer: P([
        [10, 10],
        [100, 10],
        [200, 10],
      ]),
      holes: [],
    }
    expect(walkableRegion([flat]).areas).toEqual([])
    const region = walkableRegion([flat, { outer: rect(0, 50, 20, 70), holes: [] }])
    expect(region.areas).toHaveLength(1)
    expect(areasArea(region.areas)).toBeCloseTo(400, 6)
  })

  it("merges overlapping polygons and keeps an island that lies in another polygon's hole", () => {
    const overlap = walkableRegion([
      { outer: rect(0, 0, 60, 60), holes: [] },
      { outer: rect(40, 40, 100, 100), holes: [] },
    ])
    expect(overlap.areas).toHaveLength(1)
    expect(areasArea(overlap.areas)).toBeCloseTo(2 * 3600 - 400, 6)
    const island = walkableRegion([
      { outer: rect(0, 0, 100, 100), holes: [rect(20, 20, 80, 80)] },
      { outer: rect(40, 40, 60, 60), holes: [] },
    ])
    expect(pointInAreas(island.areas, { x: 50, y: 50 })).toBe(true)
    expect(pointInAreas(island.areas, { x: 30, y: 30 })).toBe(false)
  })

  it('subtracts a closed gate that crosses the outline', () => {
    const region = walkableRegion(
      [{ outer: rect(0, 0, 100, 100), holes: [] }],
      [{ outer: rect(50, -10, 60, 50), holes: [] }],
    )
    expect(region.areas).toHaveLength(1)
    expectValid(region.areas)
    expect(areasArea(region.areas)).toBeCloseTo(10000 - 500, 6)
    expect(pointInAreas(region.areas, { x: 55, y: 20 })).toBe(false)
    expect(pointInAreas(region.areas, { x: 55, y: 70 })).toBe(true)
  })

  it('keeps fractions of a pixel when it clips', () => {
    const region = walkableRegion([
      { outer: rect(0.125, 0.3, 99.7, 50.55), holes: [rect(90.01, 10, 120, 20)] },
    ])
    const xs = region.areas[0].outer.map((p) => p.x)
    expect(Math.min(...xs)).toBeCloseTo(0.125, 3)
    expect(xs.some((x) => Math.abs(x - 90.01) < 1e-3)).toBe(true)
  })
})

describe('isClean', () => {
  it('tells valid rooms from ones that need clipping', () => {
    expect(isClean([{ outer: rect(0, 0, 10, 10), holes: [rect(2, 2, 4, 4)] }])).toBe(true)
    // A hole touching its outline at one vertex.
    expect(
      isClean([
        {
          outer: rect(0, 0, 10, 10),
          holes: [
            P([
              [0, 5],
              [3, 4],
              [3, 6],
            ]),
          ],
        },
      ]),
    ).toBe(false)
    // Two polygons sharing an edge.
    expect(
      isClean([
        { outer: rect(0, 0, 10, 10), holes: [] },
        { outer: rect(10, 0, 20, 10), holes: [] },
      ]),
    ).toBe(false)
    // A polygon inside another (not in a hole).
    expect(
      isClean([
        { outer: rect(0, 0, 10, 10), holes: [] },
        { outer: rect(2, 2, 4, 4), holes: [] },
      ]),
    ).toBe(false)
    // A hole inside another hole.
    expect(isClean([{ outer: rect(0, 0, 10, 10), holes: [rect(1, 1, 9, 9), rect(3, 3, 5, 5)] }])).toBe(false)
  })

  it('finds a 10,000-vertex circle clean (its neighbouring edges share vertices, nothing else meets)', () => {
    const n = 10_000
    const outer = Array.from({ length: n }, (_, i) => ({
      x: 1000 + 900 * Math.cos((2 * Math.PI * i) / n),
      y: 1000 + 900 * Math.sin((2 * Math.PI * i) / n),
    }))
    expect(isClean([{ outer, holes: [] }])).toBe(true)
  })
})
