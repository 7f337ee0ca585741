import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { bresenhamLine, supercoverLine } from '../../../src/shared/geometry/line-walk'

function collect(
  walk: typeof bresenhamLine,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): [number, number][] {
  const cells: [number, number][] = []
  walk(x0, y0, x1, y1, (x, y) => {
    cells.push([x, y])
  })
  return cells
}

describe('bresenhamLine', () => {
  it('walks a known octant line', () => {
    expect(collect(bresenhamLine, 0, 0, 4, 2)).toEqual([
      [0, 0],
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 2],
    ])
    expect(collect(bresenhamLine, 0, 0, 5, 1)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 1],
      [4, 1],
      [5, 1],
    ])
    expect(collect(bresenhamLine, 3, 3, 3, 3)).toEqual([[3, 3]])
  })
  it('stops when visit returns false and says so', () => {
    let n = 0
    const done = bresenhamLine(0, 0, 10, 0, () => ++n < 3)
    expect(done).toBe(false)
    expect(n).toBe(3)
    expect(bresenhamLine(0, 0, 10, 0, () => undefined)).toBe(true)
  })
  it('property: 8-connected steps from start to end, one cell per major step, close to the ideal line', () => {
    const c = fc.integer({ min: -40, max: 40 })
    fc.assert(
      fc.property(c, c, c, c, (x0, y0, x1, y1) => {
        const cells = collect(bresenhamLine, x0, y0, x1, y1)
        expect(cells[0]).toEqual([x0, y0])
        expect(cells[cells.length - 1]).toEqual([x1, y1])
        expect(cells.length).toBe(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) + 1)
        for (let i = 1; i < cells.length; i++) {
          expect(
            Math.max(Math.abs(cells[i][0] - cells[i - 1][0]), Math.abs(cells[i][1] - cells[i - 1][1])),
          ).toBe(1)
        }
        const len = Math.hypot(x1 - x0, y1 - y0)
        if (len > 0) {
          for (const [x, y] of cells) {
            const d = Math.abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) / len
            expect(d).toBeLessThanOrEqual(0.5 * Math.SQRT2 + 1e-9)
          }
        }
      }),
    )
  })
})

describe('supercoverLine', () => {
  it('visits both side cells at an exact corner', () => {
    expect(collect(supercoverLine, 0.5, 0.5, 2.5, 2.5)).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
    ])
  })
  it('walks a shallow line through every crossed cell', () => {
    expect(collect(supercoverLine, 0.5, 0.5, 3.5, 1.7)).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 1],
      [3, 1],
    ])
    // Through the corner (2, 1) exactly: both side cells are visited.
    expect(collect(supercoverLine, 0.5, 0.5, 3.5, 1.5)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [1, 1],
      [2, 1],
      [3, 1],
    ])
  })
  it('stops when visit returns false', () => {
    expect(supercoverLine(0.5, 0.5, 9.5, 0.5, (x) => x < 4)).toBe(false)
  })
  it('property: 4-connected except through corners, ends right, and every crossed cell is visited', () => {
    const c = fc.integer({ min: -300, max: 300 }).map((v) => v / 7.3)
    fc.assert(
      fc.property(c, c, c, c, (x0, y0, x1, y1) => {
        const cells = collect(supercoverLine, x0, y0, x1, y1)
        expect(cells[0]).toEqual([Math.floor(x0), Math.floor(y0)])
        expect(cells[cells.length - 1]).toEqual([Math.floor(x1), Math.floor(y1)])
        const set = new Set(cells.map(([x, y]) => `${x},${y}`))
        // Dense samples (away from grid lines) must all be in visited cells.
        for (let i = 0; i <= 1000; i++) {
          const x = x0 + ((x1 - x0) * i) / 1000
          const y = y0 + ((y1 - y0) * i) / 1000
          const fx = x - Math.floor(x)
          const fy = y - Math.floor(y)
          if (fx < 1e-6 || fx > 1 - 1e-6 || fy < 1e-6 || fy > 1 - 1e-6) continue
          expect(set.has(`${Math.floor(x)},${Math.floor(y)}`)).toBe(true)
        }
        // The number of cells is bounded by the grid lines crossed (+ 2 per corner).
        const bound =
          1 + Math.abs(Math.floor(x1) - Math.floor(x0)) + Math.abs(Math.floor(y1) - Math.floor(y0))
        expect(cells.length).toBeLessThanOrEqual(bound + Math.abs(Math.floor(x1) - Math.floor(x0)))
      }),
    )
  })
})
