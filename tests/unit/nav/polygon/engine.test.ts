import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { buildOutline, lineOfSight } from '../../../../src/shared/nav/polygon/outline'
import { buildVisibilityGraph } from '../../../../src/shared/nav/polygon/visibility-graph'
import { buildPolygonAnswer } from '../../../../src/shared/nav/polygon/polygon-answer'
import { arbPoint, arbRoom, pathLength, pathValid, referenceLength, segmentValid } from './support'

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
