/**
 * Issue 12's hostile geometry: rooms drawn invalid in every way (holes crossing, touching or
 * splitting their outline, a bow-tie, overlaps, a double loop, a zero-area sliver, a closed
 * gate across the edge) answered by every algorithm, 10,000 seeded queries each: no
 * path leaves the walkable region and no algorithm throws.
 */
import { describe, expect, it } from 'vitest'
import { pointInAreas } from '../../../src/shared/geometry/polygon'
import { hostileRooms, queryEveryAlgorithm } from '../../support/hostile-geometry'

const QUERIES = 10_000

describe('hostile geometry, 10,000 queries per algorithm', () => {
  for (const [name, { world }] of Object.entries(hostileRooms())) {
    it(`${name}: 0 invalid paths, 0 errors`, { timeout: 600_000 }, () => {
      const tallies = queryEveryAlgorithm(world, QUERIES, 12)
      const problems = tallies.filter((t) => t.invalid > 0 || t.errors > 0)
      expect(problems, JSON.stringify(problems, null, 1)).toEqual([])
      for (const t of tallies) {
        expect(t.queries).toBe(QUERIES)
        // Every algorithm answers most of them. The split room's halves cannot reach each other,
        // and the bow-tie's lobes meet at one point that grids cannot pass.
        const apart = name.startsWith('hole splitting') || name.startsWith('bow-tie')
        expect(t.reached, t.algorithm).toBeGreaterThan(QUERIES * (apart ? 0.3 : 0.8))
      }
    })
  }

  it('the split room really is split and the bow-tie keeps both lobes', () => {
    const rooms = hostileRooms()
    const split = rooms['hole splitting the room'].world.polygons()
    expect(split).toHaveLength(2)
    expect(pointInAreas(split, { x: 50, y: 25 })).toBe(false)
    const bow = rooms['bow-tie outline'].world.polygons()
    expect(pointInAreas(bow, { x: 90, y: 25 })).toBe(true)
    expect(pointInAreas(bow, { x: 10, y: 25 })).toBe(true)
    expect(pointInAreas(bow, { x: 50, y: 10 })).toBe(false)
    const gated = rooms['closed gate across the outline'].world
    expect(gated.authoritative).toBe('polygons')
    expect(gated.isWalkable({ x: 63, y: 20 })).toBe(false)
    expect(gated.isWalkable({ x: 63, y: 40 })).toBe(true)
  })
})
