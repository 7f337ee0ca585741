import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { areaAt, buildOutline, lineOfSight } from '../../../../src/shared/nav/polygon/outline'
import { buildVisibilityGraph } from '../../../../src/shared/nav/polygon/visibility-graph'
import { buildPolygonAnswer } from '../../../../src/shared/nav/polygon/polygon-answer'
import { worldFromGrid } from '../../../../src/shared/nav/world'
import { buildJoinGraph, buildJoinGrid, closestOnJoins } from '../../../../src/shared/nav/polygon/join-graph'
import { arbPoint, arbRoom, pathLength, pathValid, referenceLength, segmentValid, walkable } from './support'

describe('visibility-graph engine', () => {
  it('exact line of sight agrees with the simple reference between vertices', () => {
    fc.assert(
      fc.property(arbRoom, (areas) => {
        const o = buildOutline(areas)
        const pts = areas.flatMap((a) => [a.outer, ...a.holes]).flat()
        for (const p of pts)
          for (const q of pts)
            expect(lineOfSight(o, p.x, p.y, q.x, q.y)).toBe(segmentValid(areas, p, q, 1e-9))
      }),
      { numRuns: 150 },
    )
  })

  it('exact line of sight agrees with the simple reference between vertices of traced masks (from touching corners)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 49, maxLength: 49 }), (bits) => {
        const world = worldFromGrid(
          7,
          7,
          Uint8Array.from(bits, (v) => (v ? 1 : 0)),
        )
        const areas = world.exactPolygons()
        const o = buildOutline(areas)
        const pts = areas.flatMap((a) => [a.outer, ...a.holes]).flat()
        // From every touching corner (a vertex of several rings) to every vertex.
        const seen = new Set<string>()
        const touching = pts.filter((p) => {
          const key = `${p.x},${p.y}`
          if (!seen.has(key)) return (seen.add(key), false)
          return true
        })
        for (const p of touching)
          for (const q of pts)
            expect(lineOfSight(o, p.x, p.y, q.x, q.y), `${p.x},${p.y} -> ${q.x},${q.y}`).toBe(
              segmentValid(areas, p, q, 1e-9),
            )
      }),
      { numRuns: 150 },
    )
  })

  it('finds the area of a point with its edge grid as a plain even-odd test does', () => {
    fc.assert(
      fc.property(arbRoom, fc.array(arbPoint, { minLength: 20, maxLength: 20 }), (areas, points) => {
        const o = buildOutline(areas)
        for (const p of points) {
          if (walkable(areas, p, 1e-6) !== walkable(areas, p, 0)) continue // on the boundary: either answer
          expect(areaAt(o, p.x, p.y, areas.length) >= 0).toBe(walkable(areas, p, 0))
        }
      }),
      { numRuns: 200 },
    )
  })

  it('taut lazy graph equals brute force', () => {
    fc.assert(
      fc.property(arbRoom, arbPoint, arbPoint, (areas, a, b) => {
        for (const taut of [true, false]) {
          const o = buildOutline(areas)
          const g = buildVisibilityGraph(o, areas.length, taut, !taut)
          const r = buildPolygonAnswer({ graph: g, bytes: 0 }, a, b, true)
          expect(r.reached).toBe(true)
          expect(r.points[0]).toEqual(r.start)
          expect(r.points[r.points.length - 1]).toEqual(r.goal)
          expect(pathValid(areas, r.points)).toBe(true)
          const ref = referenceLength(areas, r.start, r.goal)
          expect(pathLength(r.points)).toBeCloseTo(ref, 6)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('join grid', () => {
  it('finds the same closest join distance as a scan of every join', () => {
    const arbGraph = fc.record({
      nodes: fc.array(
        fc.record({ x: fc.integer({ min: 0, max: 500 }), y: fc.integer({ min: 0, max: 300 }) }),
        { minLength: 2, maxLength: 40 },
      ),
      joins: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 60 }),
    })
    fc.assert(
      fc.property(
        arbGraph,
        fc.array(fc.tuple(fc.integer({ min: -100, max: 600 }), fc.integer({ min: -100, max: 400 })), {
          minLength: 10,
          maxLength: 10,
        }),
        (raw, points) => {
          const n = raw.nodes.length
          const joins = raw.joins
            .map(([a, b, oneWay]) => ({ a: a % n, b: b % n, oneWay, cost: 1 }))
            .filter((j) => j.a !== j.b)
          fc.pre(joins.length > 0)
          const g = buildJoinGraph(raw.nodes, joins)
          const grid = buildJoinGrid(g)
          for (const [x, y] of points) {
            const fast = closestOnJoins(g, { x, y }, grid)!
            const slow = closestOnJoins(g, { x, y })!
            expect(fast.dist).toBeCloseTo(slow.dist, 9)
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
