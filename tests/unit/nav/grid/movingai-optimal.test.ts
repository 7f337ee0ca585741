/**
 * octile-astar and jps against the optimal lengths of the Moving AI scenarios: every map,
 * a fixed sample of problems spread over all buckets (every k-th problem in file order,
 * sorted by bucket first so that every bucket is represented), read in place.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseMovingAiMap, parseMovingAiScenarios } from '../../../../src/shared/measure/readers/movingai'
import { jps } from '../../../../src/shared/nav/algorithms/jps'
import { octileAstar } from '../../../../src/shared/nav/algorithms/octile-astar'
import { worldFromGrid } from '../../../../src/shared/nav/world'
import { benchPath } from '../../../support/bench-data'
import { invalidPoint, lengthOf } from './helpers'

const MAPS = ['den520d', 'AR0011SR', '8room_000', 'maze512-4-0', 'Berlin_0_1024']
/** Problems per map and algorithm. */
const SAMPLE = 50

describe.each(MAPS)('Moving AI %s', (name) => {
  const map = parseMovingAiMap(readFileSync(benchPath('movingai', `${name}.map`), 'utf8'))
  const file = parseMovingAiScenarios(readFileSync(benchPath('movingai', `${name}.map.scen`), 'utf8'))
  const sorted = [...file.scenarios].sort((a, b) => a.bucket - b.bucket)
  const k = Math.max(1, Math.floor(sorted.length / SAMPLE))
  const sample = sorted.filter((_, i) => i % k === 0)
  // The longest problem is always included.
  sample.push(sorted[sorted.length - 1])
  const world = worldFromGrid(map.width, map.height, map.cells, name)

  it.each([
    ['octile-astar', octileAstar, {}],
    ['octile-astar (binary heap)', octileAstar, { openList: 'binary-heap' }],
    ['jps', jps, {}],
  ] as const)('%s matches the optimal lengths within 0.01', (_label, algorithm, options) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const prepared = (algorithm as any).prepare(world, options)
    const misses: string[] = []
    for (const s of sample) {
      const from = { x: s.startX + 0.5, y: s.startY + 0.5 }
      const to = { x: s.goalX + 0.5, y: s.goalY + 0.5 }
      const r = algorithm.findPath(prepared, from, to)
      const length = lengthOf(r.points)
      if (!r.reached || Math.abs(length - s.optimalLength) > 0.01)
        misses.push(`(${s.startX},${s.startY})->(${s.goalX},${s.goalY}) ${length} vs ${s.optimalLength}`)
      expect(r.points[0]).toEqual(from)
      expect(r.points[r.points.length - 1]).toEqual(to)
    }
    expect(misses).toEqual([])
    expect(sample.length).toBeGreaterThanOrEqual(Math.min(SAMPLE, sorted.length))
  })

  it('paths are valid and make only 8-connected moves without corner cutting', () => {
    const prepared = jps.prepare(world, {})
    for (const s of sample.slice(-10)) {
      const r = jps.findPath(
        prepared,
        { x: s.startX + 0.5, y: s.startY + 0.5 },
        { x: s.goalX + 0.5, y: s.goalY + 0.5 },
      )
      expect(invalidPoint(map, r.points)).toBeUndefined()
      for (let i = 1; i < r.points.length; i++) {
        const dx = Math.abs(r.points[i].x - r.points[i - 1].x)
        const dy = Math.abs(r.points[i].y - r.points[i - 1].y)
        expect(dx === 0 || dy === 0 || dx === dy).toBe(true)
      }
    }
  })
})
