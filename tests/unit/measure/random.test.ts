/**
 * measure/random: the same seed gives the same numbers and pairs; pairs are walkable pixel
 * centres.
 *
 * Units: room px.
 */
import { describe, expect, it } from 'vitest'
import { createRandom, randomPairs } from '../../../src/shared/measure/random'
import { worldFromPolygons } from '../../../src/shared/nav/world'

describe('random', () => {
  it('repeats a sequence for a seed and differs between seeds', () => {
    const a = createRandom(42)
    const b = createRandom(42)
    const c = createRandom(43)
    const xs = Array.from({ length: 50 }, () => a.next())
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(xs)
    expect(Array.from({ length: 50 }, () => c.next())).not.toEqual(xs)
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true)
    expect(new Set(xs).size).toBe(50)
  })

  it('draws integers in the closed range, all of them', () => {
    const r = createRandom(7)
    const seen = new Set<number>()
    for (let i = 0; i < 500; i++) seen.add(r.int(-2, 3))
    expect([...seen].sort((x, y) => x - y)).toEqual([-2, -1, 0, 1, 2, 3])
  })

  it('gives seeded pairs of walkable pixel centres, far apart when asked', () => {
    // An L-shaped room: pairs must avoid the missing corner.
    const world = worldFromPolygons(100, 100, [
      {
        outer: [
          { x: 0, y: 0 },
          { x: 100, y: 0 },
          { x: 100, y: 40 },
          { x: 40, y: 40 },
          { x: 40, y: 100 },
          { x: 0, y: 100 },
        ],
        holes: [],
      },
    ])
    const pairs = randomPairs(world, 40, 9, 50)
    expect(pairs).toHaveLength(40)
    expect(randomPairs(world, 40, 9, 50)).toEqual(pairs)
    expect(randomPairs(world, 40, 10, 50)).not.toEqual(pairs)
    for (const [x1, y1, x2, y2] of pairs) {
      for (const v of [x1, y1, x2, y2]) expect(v - Math.floor(v)).toBe(0.5)
      expect(world.isWalkable({ x: x1, y: y1 })).toBe(true)
      expect(world.isWalkable({ x: x2, y: y2 })).toBe(true)
      expect(Math.hypot(x2 - x1, y2 - y1)).toBeGreaterThanOrEqual(50)
    }
  })
})
