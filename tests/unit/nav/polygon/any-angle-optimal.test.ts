import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { AreaPolygon, Point } from '../../../../src/shared/geometry/types'
import { anyAngleOptimal } from '../../../../src/shared/nav/algorithms/any-angle-optimal'
import { worldFromGrid, worldFromPolygons } from '../../../../src/shared/nav/world'
import type { Pathfinder } from '../../../../src/shared/nav/types'
import { POLYGON_ALGORITHMS, prepared } from './algorithms'
import {
  arbPoint,
  arbRoom,
  pathLength,
  pathValid,
  randomWalkable,
  referenceLength,
  seeded,
  walkable,
} from './support'

const optimal = anyAngleOptimal as unknown as Pathfinder

describe('any-angle-optimal', () => {
  it('equals a brute-force visibility-graph Dijkstra over all vertices on random rooms with holes', () => {
    fc.assert(
      fc.property(arbRoom, arbPoint, arbPoint, (areas, a, b) => {
        const query = prepared(optimal, worldFromPolygons(100, 100, areas))
        const r = query(a, b)
        expect(r.reached).toBe(true)
        expect(r.points[0]).toEqual(r.start)
        expect(r.points[r.points.length - 1]).toEqual(r.goal)
        expect(pathValid(areas, r.points)).toBe(true)
        expect(pathLength(r.points)).toBeCloseTo(referenceLength(areas, r.start, r.goal), 6)
      }),
      { numRuns: 300 },
    )
  })

  it('no algorithm finds a valid path shorter than it', () => {
    fc.assert(
      fc.property(arbRoom, arbPoint, arbPoint, (areas, a, b) => {
        const world = worldFromPolygons(100, 100, areas)
        const best = prepared(optimal, world)
        for (const alg of POLYGON_ALGORITHMS) {
          const r = prepared(alg, world)(a, b)
          if (!r.reached || !pathValid(areas, r.points)) continue
          const opt = best(r.start, r.goal)
          expect(pathLength(r.points)).toBeGreaterThanOrEqual(pathLength(opt.points) - 1e-5)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('every polygon algorithm gives a valid path from the snapped start to the snapped goal on random rooms', () => {
    fc.assert(
      fc.property(arbRoom, arbPoint, arbPoint, (areas, a, b) => {
        const world = worldFromPolygons(100, 100, areas)
        for (const alg of POLYGON_ALGORITHMS) {
          const r = prepared(alg, world)(a, b)
          expect(r.reached, alg.id).toBe(true)
          expect(r.points[0], alg.id).toEqual(r.start)
          expect(r.points[r.points.length - 1], alg.id).toEqual(r.goal)
          expect(pathValid(areas, r.points), alg.id).toBe(true)
          if (alg.id !== 'node-graph')
            expect(walkable(areas, r.start) && walkable(areas, r.goal), alg.id).toBe(true)
        }
      }),
      { numRuns: 200 },
    )
  })

  it('handles starts and goals exactly on corners and edges of the outline', () => {
    fc.assert(
      fc.property(arbRoom, fc.nat(), fc.nat(), fc.boolean(), (areas, i, j, mid) => {
        const ring = areas.flatMap((a) => [a.outer, ...a.holes])
        const corners = ring.flat()
        const edgePoints = ring.flatMap((r) =>
          r.map((p, k) => ({
            x: (p.x + r[(k + 1) % r.length].x) / 2,
            y: (p.y + r[(k + 1) % r.length].y) / 2,
          })),
        )
        const pool = mid ? edgePoints : corners
        const a = pool[i % pool.length]
        const b = pool[j % pool.length]
        const world = worldFromPolygons(100, 100, areas)
        for (const alg of POLYGON_ALGORITHMS) {
          const r = prepared(alg, world)(a, b)
          expect(r.reached, alg.id).toBe(true)
          expect(pathValid(areas, r.points), alg.id).toBe(true)
          if (alg.id !== 'node-graph')
            expect(Math.hypot(r.start.x - a.x, r.start.y - a.y), alg.id).toBeLessThan(1e-5)
        }
        const r = prepared(optimal, world)(a, b)
        expect(pathLength(r.points)).toBeCloseTo(referenceLength(areas, a, b), 4)
      }),
      { numRuns: 200 },
    )
  })

  it('gives the same lengths on mirrored and 90°-rotated rooms', () => {
    const transforms: ((p: Point) => Point)[] = [
      (p) => ({ x: 100 - p.x, y: p.y }),
      (p) => ({ x: p.x, y: 100 - p.y }),
      (p) => ({ x: 100 - p.y, y: p.x }),
      (p) => ({ x: p.y, y: 100 - p.x }),
    ]
    fc.assert(
      fc.property(arbRoom, fc.integer({ min: 1, max: 1 << 30 }), (areas, seed) => {
        const next = seeded(seed)
        const a = randomWalkable(areas, next, 100, 100)
        const b = randomWalkable(areas, next, 100, 100)
        fc.pre(walkable(areas, a, 0) && walkable(areas, b, 0))
        const base = pathLength(prepared(optimal, worldFromPolygons(100, 100, areas))(a, b).points)
        for (const f of transforms) {
          const moved: AreaPolygon[] = areas.map((ar) => ({
            outer: ar.outer.map(f),
            holes: ar.holes.map((h) => h.map(f)),
          }))
          const len = pathLength(prepared(optimal, worldFromPolygons(100, 100, moved))(f(a), f(b)).points)
          expect(len).toBeCloseTo(base, 5)
        }
      }),
      { numRuns: 150 },
    )
  })
})

describe('any-angle-optimal on mask rooms (pixel-exact outlines, corners touching)', () => {
  it('equals the brute-force reference on the traced outline of small random masks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
        fc.integer({ min: 0, max: 63 }),
        fc.integer({ min: 0, max: 63 }),
        (bits, i, j) => {
          const cells = Uint8Array.from(bits, (b) => (b ? 1 : 0))
          cells[i] = 1
          cells[j] = 1
          const world = worldFromGrid(8, 8, cells)
          const areas = world.exactPolygons()
          const a = { x: (i % 8) + 0.5, y: Math.floor(i / 8) + 0.5 }
          const b = { x: (j % 8) + 0.5, y: Math.floor(j / 8) + 0.5 }
          const r = prepared(optimal, world)(a, b)
          expect(pathValid(areas, r.points)).toBe(true)
          const ref = referenceLength(areas, a, b)
          if (r.reached) expect(pathLength(r.points)).toBeCloseTo(ref, 6)
          else expect(ref).toBe(Infinity)
        },
      ),
      { numRuns: 80 },
    )
  })

  it('does not see through the gap beside a saddle where a hole touches its own outer ring (fast-check counterexample)', () => {
    // r2 .###....   Two parts touch only at the corner (5, 4). Each has a hole touching its
    // r3 .#.##...   outer ring at a saddle: (3, 4) and (5, 5). The segment (5, 5) -> (3, 4)
    // r4 .##..###   runs from saddle to saddle through blocked pixels (4, 4) and (3, 4)
    // r5 ....#..#   without crossing any edge; it was taken as a line of sight because the
    // r6 ....##.#   hole's cone at each saddle covers the gap. A tie of lengths made it the
    // r7 .....###   path found: (5.5, 6.5) (5, 6) (5, 5) (3, 4) (3, 3) (1.5, 2.5).
    const rows = [
      '........',
      '........',
      '.###....',
      '.#.##...',
      '.##..###',
      '....#..#',
      '....##.#',
      '.....###',
    ]
    const cells = Uint8Array.from(rows.join(''), (ch) => (ch === '#' ? 1 : 0))
    const world = worldFromGrid(8, 8, cells)
    const areas = world.exactPolygons()
    const a = { x: 5.5, y: 6.5 }
    const b = { x: 1.5, y: 2.5 }
    const r = prepared(optimal, world)(a, b)
    expect(r.reached).toBe(true)
    expect(pathValid(areas, r.points)).toBe(true)
    expect(pathLength(r.points)).toBeCloseTo(referenceLength(areas, a, b), 9)
    expect(r.points).toEqual([a, { x: 5, y: 6 }, { x: 5, y: 4 }, { x: 3, y: 3 }, b])
    // The other polygon pathfinders on the same room: valid on the outline they search
    // (visibility-polygon and node-graph use the simplified polygons), within 1 px of the
    // exact one. navmesh-funnel and node-graph do not cross a corner-only touch (their
    // meshes and joins connect through edges), so they report the goal unreached.
    for (const alg of POLYGON_ALGORITHMS) {
      const q = prepared(alg, world)(a, b)
      expect(pathValid(world.polygons(), q.points), alg.id).toBe(true)
      expect(pathValid(areas, q.points, 1), alg.id).toBe(true)
      if (alg.id === 'visibility-polygon') expect(q.reached, alg.id).toBe(true)
    }
  })
})
