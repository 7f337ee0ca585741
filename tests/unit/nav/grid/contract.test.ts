/**
 * The contract every grid pathfinder keeps (nav/types.ts): snapping, unreachable goals,
 * no throwing, valid paths on random masks, and equal optimal lengths in mirrored and
 * rotated rooms.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Point } from '../../../../src/shared/geometry/types'
import { jps } from '../../../../src/shared/nav/algorithms/jps'
import { octileAstar } from '../../../../src/shared/nav/algorithms/octile-astar'
import {
  GRID_PATHFINDERS,
  cellOf,
  components,
  invalidPoint,
  lengthOf,
  maskFromPicture,
  solve,
  transformMask,
  worldOf,
  type Mask,
} from './helpers'

const FULL_RES = ['octile-astar', 'jps', 'flood-fill']

// Two rooms joined by nothing: the left one (with a pillar) and the right one.
const SPLIT = maskFromPicture([
  '....................##..........',
  '....................##..........',
  '......####..........##..........',
  '......####..........##..........',
  '....................##..........',
  '....................##..........',
  '....................##..........',
  '....................##..........',
])

describe.each(GRID_PATHFINDERS.map((p) => [p.id, p] as const))('%s keeps the contract', (_id, algorithm) => {
  const world = worldOf(SPLIT)

  it('snaps a start inside a hole and a goal outside the room, and says so', () => {
    const r = solve(algorithm, world, { x: 7.2, y: 2.7 }, { x: -30, y: 4.5 })
    expect(r.reached).toBe(true)
    // The pillar covers columns 6..9, rows 2..3; (7.2, 2.7) is closest to (7.5, 1.5).
    expect(r.start).toEqual({ x: 7.5, y: 1.5 })
    expect(r.goal).toEqual({ x: 0.5, y: 4.5 })
    expect(r.points[0]).toEqual(r.start)
    expect(r.points[r.points.length - 1]).toEqual(r.goal)
    expect(r.reason).toMatch(/start outside the walkable area, snapped to \(7\.5, 1\.5\)/)
    expect(r.reason).toMatch(/goal outside the walkable area, snapped to \(0\.5, 4\.5\)/)
    expect(invalidPoint(SPLIT, r.points)).toBeUndefined()
  })

  it('leads to the reachable point closest to an unreachable goal', () => {
    const r = solve(algorithm, world, { x: 2.5, y: 6.5 }, { x: 28.5, y: 3.5 })
    expect(r.reached).toBe(false)
    expect(r.reason).toMatch(/not reachable/)
    expect(r.points.length).toBeGreaterThan(1)
    const end = r.points[r.points.length - 1]
    // Column 19 is the last walkable column of the left room; row 3 is the goal's row.
    if (FULL_RES.includes(algorithm.id)) expect(end).toEqual({ x: 19.5, y: 3.5 })
    else expect(Math.hypot(end.x - 28.5, end.y - 3.5)).toBeLessThan(11)
    expect(invalidPoint(SPLIT, r.points)).toBeUndefined()
  })

  it('never crosses a wall one pixel thick', () => {
    const thin = maskFromPicture([
      '..........#.........',
      '..........#.........',
      '..........#.........',
      '..........#.........',
      '..........#.........',
      '..........#.........',
    ])
    const r = solve(algorithm, worldOf(thin, 'thin'), { x: 2.5, y: 2.5 }, { x: 17.5, y: 2.5 })
    expect(r.reached).toBe(false)
    for (const p of r.points) expect(p.x).toBeLessThan(10)
  })

  it('never throws and never answers empty without a reason', () => {
    const odd: Point[] = [
      { x: Number.NaN, y: 3 },
      { x: Infinity, y: -Infinity },
      { x: 1e9, y: 1e9 },
      { x: 0, y: 0 },
      { x: 31.99, y: 7.99 },
    ]
    for (const a of odd)
      for (const b of odd) {
        const r = solve(algorithm, world, a, b)
        expect(r.points.length > 0 || (r.reason ?? '') !== '').toBe(true)
        for (const p of r.points) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true)
      }
    const empty = worldOf({ width: 5, height: 4, cells: new Uint8Array(20) }, 'empty')
    const r = solve(algorithm, empty, { x: 1, y: 1 }, { x: 3, y: 3 })
    expect(r.points).toEqual([])
    expect(r.reached).toBe(false)
    expect(r.reason).toMatch(/no walkable pixel/)
  })

  it('answers a query whose start is its goal with one point', () => {
    const r = solve(algorithm, world, { x: 3.5, y: 3.5 }, { x: 3.2, y: 3.9 })
    expect(r.reached).toBe(true)
    expect(r.points).toEqual([{ x: 3.5, y: 3.5 }])
  })
})

/** A random mask: blocks of random size dropped on an open room. */
const maskArb = fc
  .record({
    width: fc.integer({ min: 6, max: 36 }),
    height: fc.integer({ min: 6, max: 36 }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    density: fc.double({ min: 0, max: 0.5, noNaN: true }),
  })
  .map(({ width, height, seed, density }): Mask => {
    let s = seed
    const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
    const cells = new Uint8Array(width * height).fill(1)
    const blocks = Math.floor(density * width * height * 0.2)
    for (let b = 0; b < blocks; b++) {
      const bw = 1 + Math.floor(rnd() * 4)
      const bh = 1 + Math.floor(rnd() * 4)
      const x0 = Math.floor(rnd() * width)
      const y0 = Math.floor(rnd() * height)
      for (let y = y0; y < Math.min(height, y0 + bh); y++)
        for (let x = x0; x < Math.min(width, x0 + bw); x++) cells[y * width + x] = 0
    }
    return { width, height, cells }
  })

const pointArb = fc.record({
  x: fc.double({ min: -5, max: 45, noNaN: true }),
  y: fc.double({ min: -5, max: 45, noNaN: true }),
})

const VARIANTS: [string, Record<string, string | number | boolean>][] = [
  ['octile-astar', {}],
  ['octile-astar', { openList: 'binary-heap' }],
  ['jps', {}],
  ['flood-fill', {}],
  ['flood-fill', { beelineFirst: false, beautify: false }],
  ['downscaled-grid', {}],
  ['downscaled-grid', { search: 'astar', smoothing: false, cornerCutting: false }],
  ['sampled-grid', {}],
  ['sampled-grid', { spacing: 2, cost: 'manhattan', shortening: false }],
  ['sampled-grid', { spacing: 3, cost: 'euclidean' }],
]

describe('every path on random masks', () => {
  it('is valid, starts and ends where it says, and reaches exactly when it can', () => {
    fc.assert(
      fc.property(maskArb, pointArb, pointArb, (mask, from, to) => {
        const world = worldOf(mask, `m${mask.width}x${mask.height}`)
        const labels = components(mask)
        let optimal: number | undefined
        for (const [id, options] of VARIANTS) {
          const algorithm = GRID_PATHFINDERS.find((p) => p.id === id)!
          const r = solve(algorithm, world, from, to, options)
          const label = `${id} ${JSON.stringify(options)}`
          if (mask.cells.every((c) => c === 0)) {
            expect(r.points, label).toEqual([])
            continue
          }
          expect(r.points.length, label).toBeGreaterThan(0)
          expect(r.points[0], label).toEqual(r.start)
          expect(mask.cells[cellOf(mask, r.start)], label).toBe(1)
          expect(mask.cells[cellOf(mask, r.goal)], label).toBe(1)
          if (r.reached) expect(r.points[r.points.length - 1], label).toEqual(r.goal)
          else expect(r.reason, label).toMatch(/not reachable|no walkable .* node/)
          expect(invalidPoint(mask, r.points), label).toBeUndefined()
          if (FULL_RES.includes(id)) {
            const same = labels[cellOf(mask, r.start)] === labels[cellOf(mask, r.goal)]
            expect(r.reached, label).toBe(same)
            if (!same) {
              // The end is the cell of the start's component closest to the goal.
              const end = r.points[r.points.length - 1]
              let best = Infinity
              labels.forEach((l, i) => {
                if (l !== labels[cellOf(mask, r.start)]) return
                const c = i % mask.width
                best = Math.min(best, Math.hypot(c + 0.5 - r.goal.x, (i - c) / mask.width + 0.5 - r.goal.y))
              })
              expect(Math.hypot(end.x - r.goal.x, end.y - r.goal.y), label).toBeCloseTo(best, 9)
            }
          }
          if (id === 'octile-astar' || id === 'jps') {
            const length = lengthOf(r.points)
            if (optimal === undefined) optimal = length
            else expect(length, label).toBeCloseTo(optimal, 6)
          }
        }
      }),
      { numRuns: 120, seed: 20261122 },
    )
  })
})

describe('mirrored and rotated rooms', () => {
  it('give the optimal algorithms equal lengths', () => {
    fc.assert(
      fc.property(maskArb, pointArb, pointArb, (mask, a, b) => {
        const from = {
          x: Math.floor(Math.abs(a.x) % mask.width) + 0.5,
          y: Math.floor(Math.abs(a.y) % mask.height) + 0.5,
        }
        const to = {
          x: Math.floor(Math.abs(b.x) % mask.width) + 0.5,
          y: Math.floor(Math.abs(b.y) % mask.height) + 0.5,
        }
        if (!mask.cells[cellOf(mask, from)] || !mask.cells[cellOf(mask, to)]) return
        for (const algorithm of [octileAstar, jps]) {
          const base = solve(algorithm, worldOf(mask, 'base'), from, to)
          for (const kind of ['mirror-x', 'mirror-y', 'rotate'] as const) {
            const t = transformMask(mask, kind)
            const r = solve(algorithm, worldOf(t.mask, kind), t.map(from), t.map(to))
            expect(r.reached, `${algorithm.id} ${kind}`).toBe(base.reached)
            if (base.reached)
              expect(lengthOf(r.points), `${algorithm.id} ${kind}`).toBeCloseTo(lengthOf(base.points), 6)
          }
        }
      }),
      { numRuns: 80, seed: 7 },
    )
  })
})
