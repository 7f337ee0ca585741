/** What each grid pathfinder does beyond the contract: faithful behaviour and its options. */
import { describe, expect, it } from 'vitest'
import { downscaleMask, downscaledGrid } from '../../../../src/shared/nav/algorithms/downscaled-grid'
import { floodFill } from '../../../../src/shared/nav/algorithms/flood-fill'
import { jps } from '../../../../src/shared/nav/algorithms/jps'
import { octileAstar } from '../../../../src/shared/nav/algorithms/octile-astar'
import { sampleMask, sampledGrid } from '../../../../src/shared/nav/algorithms/sampled-grid'
import { invalidPoint, lengthOf, maskFromPicture, solve, worldOf } from './helpers'

// An open room with a block in the middle: start and goal cannot see each other.
const BLOCKED = maskFromPicture([
  '........................',
  '........................',
  '........................',
  '.........######.........',
  '.........######.........',
  '.........######.........',
  '.........######.........',
  '........................',
  '........................',
  '........................',
])
const OPEN = maskFromPicture(Array.from({ length: 12 }, () => '.'.repeat(30)))

describe('octile-astar', () => {
  it('finds the octile optimum and reports expansions and the closed cells', () => {
    const r = solve(octileAstar, worldOf(BLOCKED), { x: 1.5, y: 5.5 }, { x: 22.5, y: 5.5 })
    expect(r.reached).toBe(true)
    // Under the block (rows 3..6): 2 diagonals down to row 7, 17 straight, 2 diagonals back up.
    const j = solve(jps, worldOf(BLOCKED), { x: 1.5, y: 5.5 }, { x: 22.5, y: 5.5 })
    expect(lengthOf(r.points)).toBeCloseTo(lengthOf(j.points), 9)
    expect(lengthOf(r.points)).toBeCloseTo(17 + 4 * Math.SQRT2, 6)
    expect(r.expanded).toBeGreaterThan(20)
    const layer = r.debug.find((d) => d.kind === 'cells')
    expect(layer && layer.kind === 'cells' && Array.from(layer.values).reduce((s, v) => s + v, 0)).toBe(
      r.expanded,
    )
  })

  it('bucket queue and binary heap give the same length', () => {
    const a = solve(octileAstar, worldOf(BLOCKED), { x: 0.5, y: 0.5 }, { x: 23.5, y: 9.5 })
    const b = solve(
      octileAstar,
      worldOf(BLOCKED),
      { x: 0.5, y: 0.5 },
      { x: 23.5, y: 9.5 },
      { openList: 'binary-heap' },
    )
    expect(lengthOf(a.points)).toBeCloseTo(lengthOf(b.points), 9)
  })

  it('does not cut corners', () => {
    const m = maskFromPicture(['..#', '#..'])
    const r = solve(octileAstar, worldOf(m), { x: 0.5, y: 0.5 }, { x: 2.5, y: 1.5 })
    expect(r.points).toEqual([
      { x: 0.5, y: 0.5 },
      { x: 1.5, y: 0.5 },
      { x: 1.5, y: 1.5 },
      { x: 2.5, y: 1.5 },
    ])
    const diagonalGap = maskFromPicture(['.#', '#.'])
    expect(solve(octileAstar, worldOf(diagonalGap), { x: 0.5, y: 0.5 }, { x: 1.5, y: 1.5 }).reached).toBe(
      false,
    )
    expect(solve(jps, worldOf(diagonalGap), { x: 0.5, y: 0.5 }, { x: 1.5, y: 1.5 }).reached).toBe(false)
  })
})

describe('jps', () => {
  it('expands far fewer nodes than octile-astar in an open room and reports its jump points', () => {
    const big = maskFromPicture(
      Array.from({ length: 60 }, (_, r) => (r === 30 ? '.'.repeat(20) + '#'.repeat(40) : '.'.repeat(60))),
    )
    const a = solve(octileAstar, worldOf(big), { x: 50.5, y: 50.5 }, { x: 50.5, y: 5.5 })
    const j = solve(jps, worldOf(big), { x: 50.5, y: 50.5 }, { x: 50.5, y: 5.5 })
    expect(lengthOf(j.points)).toBeCloseTo(lengthOf(a.points), 9)
    expect(j.expanded * 5).toBeLessThan(a.expanded)
    const layer = j.debug.find((d) => d.kind === 'points')
    expect(layer && layer.kind === 'points' && layer.points.length).toBe(2 * j.expanded)
  })
})

describe('flood-fill', () => {
  it('walks a straight beeline first, without flooding', () => {
    const r = solve(floodFill, worldOf(OPEN), { x: 1.5, y: 1.5 }, { x: 28.5, y: 9.5 })
    expect(r.points).toEqual([
      { x: 1.5, y: 1.5 },
      { x: 28.5, y: 9.5 },
    ])
    expect(r.expanded).toBe(0)
    const flooded = solve(
      floodFill,
      worldOf(OPEN),
      { x: 1.5, y: 1.5 },
      { x: 28.5, y: 9.5 },
      { beelineFirst: false },
    )
    expect(flooded.expanded).toBeGreaterThan(100)
    expect(flooded.reached).toBe(true)
  })

  it('floods from the destination with 4-connected Manhattan steps and stops at the start', () => {
    const r = solve(floodFill, worldOf(OPEN), { x: 3.5, y: 5.5 }, { x: 6.5, y: 5.5 }, { beelineFirst: false })
    const heat = r.debug.find((d) => d.kind === 'cells')
    expect(heat && heat.kind === 'cells' && heat.mode).toBe('heat')
    if (!heat || heat.kind !== 'cells') return
    const at = (c: number, row: number) => heat.values[row * heat.cols + c]
    expect(at(6, 5)).toBe(0)
    expect(at(3, 5)).toBe(3)
    // Every pixel closer than the start has its distance; the start's own layer may be partly unset.
    expect(at(6, 7)).toBe(2)
    expect(at(5, 4)).toBe(2)
    expect(at(7, 5)).toBe(1)
    // Far pixels were never reached: the flood stopped once the start had its distance.
    expect(at(20, 5)).toBe(-2)
    expect(r.expanded).toBeLessThan(40)
  })

  it('gives the same answers over many queries and when its stored values are renumbered', () => {
    const world = worldOf(BLOCKED)
    const prepared = floodFill.prepare(world, { beelineFirst: false, beautify: true })
    const from = { x: 1.5, y: 5.5 }
    const to = { x: 22.5, y: 4.5 }
    const first = floodFill.findPath(prepared, from, to)
    for (let k = 0; k < 50; k++)
      floodFill.findPath(prepared, { x: (k % 24) + 0.5, y: 0.5 }, { x: 23.5 - (k % 24), y: 9.5 })
    expect(floodFill.findPath(prepared, from, to).points).toEqual(first.points)
    // Near the top of the Int32 range the buffer is renumbered before the next flood.
    prepared.nextBase = 0x7fffffff - 5
    const renumbered = floodFill.findPath(prepared, from, to)
    expect(prepared.base).toBe(1)
    expect(renumbered.points).toEqual(first.points)
    const fresh = solve(floodFill, world, from, to, { beelineFirst: false })
    const a = renumbered.debug[0]
    const b = fresh.debug[0]
    expect(a.kind === 'cells' && b.kind === 'cells' && Array.from(a.values)).toEqual(
      b.kind === 'cells' && Array.from(b.values),
    )
  })

  it('beautifies the traced path with beelines, and leaves the trace when asked', () => {
    const from = { x: 1.5, y: 1.5 }
    const to = { x: 28.5, y: 9.5 }
    const pretty = solve(floodFill, worldOf(OPEN), from, to, { beelineFirst: false })
    const raw = solve(floodFill, worldOf(OPEN), from, to, { beelineFirst: false, beautify: false })
    // In the open the trace is a diagonal and a straight run; beautified it is the beeline.
    expect(raw.points.length).toBe(3)
    expect(pretty.points).toEqual([from, to])
    expect(lengthOf(pretty.points)).toBeLessThan(lengthOf(raw.points))
    const around = solve(
      floodFill,
      worldOf(BLOCKED),
      { x: 1.5, y: 5.5 },
      { x: 22.5, y: 4.5 },
      { beautify: false },
    )
    const aroundPretty = solve(floodFill, worldOf(BLOCKED), { x: 1.5, y: 5.5 }, { x: 22.5, y: 4.5 })
    expect(aroundPretty.points.length).toBeLessThan(around.points.length)
    for (const r of [pretty, raw]) expect(invalidPoint(OPEN, r.points)).toBeUndefined()
    for (const r of [around, aroundPretty]) expect(invalidPoint(BLOCKED, r.points)).toBeUndefined()
    // The raw trace steps by single pixels (cardinal or diagonal) between its corners.
    for (let i = 1; i < raw.points.length; i++) {
      const dx = Math.abs(raw.points[i].x - raw.points[i - 1].x)
      const dy = Math.abs(raw.points[i].y - raw.points[i - 1].y)
      expect(dx === 0 || dy === 0 || dx === dy).toBe(true)
    }
  })
})

describe('downscaled-grid', () => {
  it('makes a coarse cell walkable only when all four of its pixels are', () => {
    const m = maskFromPicture(['....#', '.....', '.....', '...#.', '.....'])
    const layout = downscaleMask(m)
    expect([layout.cols, layout.rows]).toEqual([3, 3])
    // Row 0: cells (0,0) ok, (1,0) ok, (2,0) has pixel (4,0) blocked and pixels outside the room.
    expect(Array.from(layout.walk)).toEqual([1, 1, 0, 1, 0, 0, 0, 0, 0])
  })

  it('puts path points on coarse cell centres and smooths them when asked', () => {
    const from = { x: 1.5, y: 8.5 }
    const to = { x: 22.5, y: 1.5 }
    const raw = solve(downscaledGrid, worldOf(BLOCKED), from, to, { smoothing: false })
    for (const p of raw.points.slice(1, -1)) {
      expect(p.x % 2).toBe(1)
      expect(p.y % 2).toBe(1)
    }
    const smooth = solve(downscaledGrid, worldOf(BLOCKED), from, to)
    expect(smooth.points.length).toBeLessThan(raw.points.length)
    expect(lengthOf(smooth.points)).toBeLessThan(lengthOf(raw.points))
    expect(smooth.debug[0].kind).toBe('cells')
  })

  it('bfs and astar both arrive; astar with the Manhattan heuristic visits fewer cells in the open', () => {
    const from = { x: 1.5, y: 1.5 }
    const to = { x: 28.5, y: 10.5 }
    const bfs = solve(downscaledGrid, worldOf(OPEN), from, to, { smoothing: false })
    const astar = solve(downscaledGrid, worldOf(OPEN), from, to, { smoothing: false, search: 'astar' })
    expect(bfs.reached && astar.reached).toBe(true)
    expect(astar.expanded).toBeLessThan(bfs.expanded)
  })

  it('loses passages narrower than a coarse cell', () => {
    const door = maskFromPicture(['.....#.....', '...........', '.....#.....', '.....#.....'])
    // The door is the single pixel (5, 1): no 2x2 block fits through it.
    const r = solve(downscaledGrid, worldOf(door), { x: 1.5, y: 2.5 }, { x: 9.5, y: 2.5 })
    expect(r.reached).toBe(false)
    expect(solve(octileAstar, worldOf(door), { x: 1.5, y: 2.5 }, { x: 9.5, y: 2.5 }).reached).toBe(true)
  })
})

describe('sampled-grid', () => {
  it('samples every n px near the block middle and checks the runs between samples', () => {
    const m = maskFromPicture([
      '........',
      '........',
      '........',
      '....#...',
      '........',
      '........',
      '........',
      '........',
    ])
    const s = sampleMask(m, 4)
    expect([s.cols, s.rows, s.originX, s.originY]).toEqual([2, 2, 2.5, 2.5])
    expect(Array.from(s.walk)).toEqual([1, 1, 1, 1])
    // The run from pixel (2,2) down to (2,6) is clear; from (2,2) right to (6,2) too; from (6,2) down passes (6,3..5), clear.
    expect(Array.from(s.edges)).toEqual([3, 2, 1, 0])
    const blocked = sampleMask(maskFromPicture(['........', '........', '....#...', '........']), 4)
    expect(blocked.edges[0] & 1).toBe(0)
  })

  it('shortens the node path by divide and conquer when asked', () => {
    const from = { x: 1.5, y: 8.5 }
    const to = { x: 22.5, y: 1.5 }
    const raw = solve(sampledGrid, worldOf(BLOCKED), from, to, { shortening: false, spacing: 2 })
    const short = solve(sampledGrid, worldOf(BLOCKED), from, to, { spacing: 2 })
    expect(raw.reached && short.reached).toBe(true)
    expect(short.points.length).toBeLessThan(raw.points.length)
    expect(lengthOf(short.points)).toBeLessThan(lengthOf(raw.points))
    expect(short.debug.map((d) => d.kind)).toEqual(['cells', 'points'])
  })

  it('the squared cost is greedy; manhattan finds the fewest steps', () => {
    const room = maskFromPicture([
      '..............................',
      '..............................',
      '..#########################...',
      '..........................#...',
      '..........................#...',
      '..........................#...',
      '..............................',
    ])
    const from = { x: 0.5, y: 4.5 }
    const to = { x: 29.5, y: 0.5 }
    const opts = { spacing: 1, shortening: false }
    const squared = solve(sampledGrid, worldOf(room), from, to, opts)
    const manhattan = solve(sampledGrid, worldOf(room), from, to, { ...opts, cost: 'manhattan' })
    expect(squared.reached && manhattan.reached).toBe(true)
    expect(lengthOf(manhattan.points)).toBeLessThanOrEqual(lengthOf(squared.points))
    expect(manhattan.points.length).toBeGreaterThan(2)
    // Every step of a 4-connected node path is axis-aligned.
    for (let i = 2; i < manhattan.points.length - 1; i++) {
      const a = manhattan.points[i - 1]
      const b = manhattan.points[i]
      expect(a.x === b.x || a.y === b.y).toBe(true)
    }
  })
})
