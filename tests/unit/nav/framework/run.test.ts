/**
 * nav/run: preparing is cached per world and options and timed; queries carry stats; a
 * throwing algorithm becomes an unreached result with the error (never an exception).
 *
 * Units: room px, ms.
 */
import { describe, expect, it } from 'vitest'
import { measurePath } from '../../../../src/shared/measure/metrics'
import { prepareAlgorithm, preparePathfinder, runQuery } from '../../../../src/shared/nav/run'
import type { Pathfinder } from '../../../../src/shared/nav/types'
import { worldFromGrid } from '../../../../src/shared/nav/world'

function openGrid(w = 16, h = 16) {
  return worldFromGrid(w, h, new Uint8Array(w * h).fill(1), `open-${w}x${h}`)
}

function fake(behaviour: 'throw-query' | 'throw-prepare' | 'straight'): Pathfinder {
  return {
    id: 'octile-astar',
    label: `fake ${behaviour}`,
    origin: 'test',
    summary: 'a stand-in',
    options: [],
    prepare() {
      if (behaviour === 'throw-prepare') throw new Error('cannot prepare')
      return { bytes: 123 }
    },
    findPath(_p, from, to) {
      if (behaviour === 'throw-query') throw new Error('bad index 99')
      return { points: [from, to], reached: true, start: from, goal: to, debug: [], expanded: 2 }
    },
  }
}

describe('run', () => {
  it('turns an exception in a query into an unreached result that metrics count as a defect', () => {
    const world = openGrid()
    const prepared = preparePathfinder(world, fake('throw-query'), {})
    const r = runQuery(prepared, { x: 1.5, y: 1.5 }, { x: 9.5, y: 9.5 })
    expect(r.reached).toBe(false)
    expect(r.error).toBe('bad index 99')
    expect(r.reason).toContain('bad index 99')
    expect(r.points).toEqual([])
    expect(measurePath(world, r).valid).toBe(false)
  })

  it('turns an exception in prepare into unreached results', () => {
    const world = openGrid()
    const prepared = preparePathfinder(world, fake('throw-prepare'), {})
    expect(prepared.error).toBe('cannot prepare')
    const r = runQuery(prepared, { x: 1.5, y: 1.5 }, { x: 9.5, y: 9.5 })
    expect(r.reached).toBe(false)
    expect(r.error).toBe('cannot prepare')
  })

  it('reports prepare time, bytes, expanded and query time', () => {
    const world = openGrid()
    const prepared = preparePathfinder(world, fake('straight'), {})
    const r = runQuery(prepared, { x: 1.5, y: 1.5 }, { x: 9.5, y: 9.5 })
    expect(r.reached).toBe(true)
    expect(r.stats.bytes).toBe(123)
    expect(r.stats.expanded).toBe(2)
    expect(r.stats.prepareMs).toBeGreaterThanOrEqual(0)
    expect(r.stats.queryMs).toBeGreaterThanOrEqual(0)
    expect(r.algorithm).toBe('octile-astar')
  })

  it('caches prepared data per world and options', () => {
    const world = openGrid()
    const a = prepareAlgorithm(world, 'octile-astar')
    expect(a.error).toBeUndefined()
    expect(prepareAlgorithm(world, 'octile-astar')).toBe(a)
    expect(prepareAlgorithm(world, 'octile-astar', {})).toBe(a)
    expect(prepareAlgorithm(openGrid(), 'octile-astar')).not.toBe(a)
  })

  it('does not throw for unknown options or points far outside the room', () => {
    const world = openGrid()
    const bad = prepareAlgorithm(world, 'octile-astar', { noSuchOption: 3 })
    expect(bad.error).toContain('noSuchOption')
    expect(runQuery(bad, { x: 1, y: 1 }, { x: 2, y: 2 }).reached).toBe(false)
    const r = runQuery(prepareAlgorithm(world, 'octile-astar'), { x: -500, y: 1e9 }, { x: NaN, y: 3 })
    expect(typeof r.reached).toBe('boolean')
  })

  it('answers a real query on an open grid with a valid straight path', () => {
    const world = openGrid()
    const r = runQuery(prepareAlgorithm(world, 'octile-astar'), { x: 1.5, y: 1.5 }, { x: 12.5, y: 1.5 })
    expect(r.reached).toBe(true)
    const m = measurePath(world, r)
    expect(m.valid).toBe(true)
    expect(m.length).toBeCloseTo(11, 9)
  })
})
