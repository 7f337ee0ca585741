/**
 * measure/metrics: lengths, turns, clearance, and the validity check (a path through a wall is
 * caught with where; a path along an edge is accepted).
 *
 * Units: room px, degrees.
 */
import { describe, expect, it } from 'vitest'
import type { Point } from '../../../src/shared/geometry/types'
import {
  checkPath,
  distanceOutside,
  measurePath,
  pathClearance,
  pathLength,
  segmentSegmentDistance,
  turnStats,
} from '../../../src/shared/measure/metrics'
import type { RunResult } from '../../../src/shared/nav/run'
import { worldFromGrid, worldFromPolygons } from '../../../src/shared/nav/world'

const P = (x: number, y: number): Point => ({ x, y })

/** A 100x100 square room with a 20x20 square pillar in the middle (40..60). */
function squareWithPillar() {
  return worldFromPolygons(120, 120, [
    {
      outer: [P(0, 0), P(100, 0), P(100, 100), P(0, 100)],
      holes: [[P(40, 40), P(40, 60), P(60, 60), P(60, 40)]],
    },
  ])
}

/** A 20x10 mask with a wall 3 px thick at columns 9..11 (rows 0..8 blocked, row 9 open). */
function maskWithWall() {
  const w = 20
  const h = 10
  const cells = new Uint8Array(w * h).fill(1)
  for (let r = 0; r < 9; r++) for (let c = 9; c <= 11; c++) cells[r * w + c] = 0
  return worldFromGrid(w, h, cells, 'mask-with-wall')
}

function result(points: Point[], extra: Partial<RunResult> = {}): RunResult {
  return {
    algorithm: 'octile-astar',
    points,
    reached: true,
    start: points[0] ?? P(0, 0),
    goal: points[points.length - 1] ?? P(0, 0),
    debug: [],
    stats: { queryMs: 0, expanded: 0, prepareMs: 0, bytes: 0 },
    ...extra,
  }
}

describe('lengths and turns', () => {
  it('sums segment lengths', () => {
    expect(pathLength([])).toBe(0)
    expect(pathLength([P(1, 1)])).toBe(0)
    expect(pathLength([P(0, 0), P(3, 4), P(3, 10)])).toBeCloseTo(11, 12)
  })

  it('counts turns and their angles, ignoring straight and repeated points', () => {
    expect(turnStats([P(0, 0), P(5, 0), P(10, 0)])).toEqual({ turns: 0, turningDeg: 0 })
    const right = turnStats([P(0, 0), P(10, 0), P(10, 0), P(10, 10)])
    expect(right.turns).toBe(1)
    expect(right.turningDeg).toBeCloseTo(90, 9)
    const zigzag = turnStats([P(0, 0), P(10, 0), P(20, 10), P(30, 10)])
    expect(zigzag.turns).toBe(2)
    expect(zigzag.turningDeg).toBeCloseTo(90, 9)
    const back = turnStats([P(0, 0), P(10, 0), P(0, 0)])
    expect(back.turningDeg).toBeCloseTo(180, 9)
  })

  it('measures segment distances exactly', () => {
    expect(segmentSegmentDistance(P(0, 0), P(10, 0), P(5, -5), P(5, 5))).toBe(0)
    expect(segmentSegmentDistance(P(0, 0), P(10, 0), P(0, 3), P(10, 3))).toBeCloseTo(3, 12)
    expect(segmentSegmentDistance(P(0, 0), P(1, 0), P(4, 4), P(5, 4))).toBeCloseTo(5, 12)
  })
})

describe('validity in a polygon world', () => {
  const world = squareWithPillar()

  it('catches a path through the pillar and says where', () => {
    const v = checkPath(world, [P(10, 50), P(90, 50)])
    expect(v.valid).toBe(false)
    expect(v.defects).toHaveLength(1)
    const d = v.defects[0]
    expect(d.kind).toBe('outside')
    expect(d.segment).toBe(0)
    expect(d.at!.x).toBeCloseTo(50, 0)
    expect(d.distance).toBeCloseTo(10, 1)
  })

  it('accepts paths along the pillar and along the outer wall', () => {
    expect(checkPath(world, [P(10, 40), P(40, 40), P(60, 40), P(90, 40)]).valid).toBe(true)
    expect(checkPath(world, [P(0, 0), P(100, 0), P(100, 100)]).valid).toBe(true)
    expect(checkPath(world, [P(30, 30), P(40, 40), P(40, 60), P(30, 70)]).valid).toBe(true)
  })

  it('tolerates 1 px outside and no more', () => {
    expect(distanceOutside(world, P(50, -0.5))).toBeCloseTo(0.5, 9)
    expect(checkPath(world, [P(10, -0.9), P(90, -0.9)]).valid).toBe(true)
    const out = checkPath(world, [P(10, -2), P(90, -2)])
    expect(out.valid).toBe(false)
    expect(out.defects[0].distance).toBeCloseTo(2, 9)
  })

  it('reports two separate excursions on one segment as two defects', () => {
    const wide = worldFromPolygons(200, 100, [
      {
        outer: [P(0, 0), P(200, 0), P(200, 100), P(0, 100)],
        holes: [
          [P(40, 40), P(40, 60), P(60, 60), P(60, 40)],
          [P(140, 40), P(140, 60), P(160, 60), P(160, 40)],
        ],
      },
    ])
    const v = checkPath(wide, [P(10, 50), P(190, 50)])
    expect(v.defects.map((d) => Math.round(d.at!.x))).toEqual([50, 150])
  })

  it('flags coordinates that are not finite', () => {
    const v = checkPath(world, [P(10, 10), P(NaN, 10)])
    expect(v.valid).toBe(false)
    expect(v.defects[0].kind).toBe('not-finite')
  })

  it('measures clearance to the nearest wall or hole', () => {
    expect(pathClearance(world, [P(10, 20), P(90, 20)])).toBeCloseTo(10, 9)
    expect(pathClearance(world, [P(20, 5), P(20, 95)])).toBeCloseTo(5, 9)
    expect(pathClearance(world, [P(30, 30), P(40, 40)])).toBe(0)
    expect(pathClearance(world, [])).toBeNull()
  })
})

describe('validity in a mask world', () => {
  const world = maskWithWall()

  it('catches a path through the wall of pixels', () => {
    const v = checkPath(world, [P(2.5, 2.5), P(17.5, 2.5)])
    expect(v.valid).toBe(false)
    expect(v.defects).toHaveLength(1)
    expect(v.defects[0].at!.x).toBeCloseTo(10.5, 0)
    expect(v.defects[0].distance).toBeCloseTo(1.5, 1)
  })

  it('accepts a path around the wall and one along its face', () => {
    expect(checkPath(world, [P(2.5, 2.5), P(7.5, 7.5), P(8.5, 9.5), P(12.5, 9.5), P(17.5, 2.5)]).valid).toBe(
      true,
    )
    expect(checkPath(world, [P(9, 0.5), P(9, 8.5)]).valid).toBe(true)
    // Half a pixel into the wall is within the 1 px tolerance.
    expect(checkPath(world, [P(9.5, 0.5), P(9.5, 8.5)]).valid).toBe(true)
  })

  it('measures how far out a point lies against the walkable pixels', () => {
    expect(distanceOutside(world, P(9.5, 4.5))).toBeCloseTo(0.5, 9)
    expect(distanceOutside(world, P(10.5, 4.5))).toBeCloseTo(1.5, 9)
    expect(distanceOutside(world, P(4.5, 4.5))).toBe(0)
    expect(distanceOutside(world, P(-3, 4.5))).toBeCloseTo(3, 9)
  })
})

describe('measurePath', () => {
  const world = squareWithPillar()

  it('combines every metric and the ratio to a given optimum', () => {
    const m = measurePath(world, result([P(10, 20), P(90, 20), P(90, 80)]), 100)
    expect(m.length).toBeCloseTo(140, 9)
    expect(m.lengthRatio).toBeCloseTo(1.4, 9)
    expect(m.turns).toBe(1)
    expect(m.clearance).toBeCloseTo(10, 9)
    expect(m.valid).toBe(true)
  })

  it('counts a path that does not start at its start or, when reached, end at its goal', () => {
    const detached = measurePath(world, result([P(10, 20), P(90, 20)], { start: P(10, 30) }))
    expect(detached.valid).toBe(false)
    expect(detached.defects[0]).toMatchObject({ kind: 'ends', segment: 0 })
    const short = measurePath(world, result([P(10, 20), P(50, 20)], { goal: P(90, 20) }))
    expect(short.defects.map((d) => d.kind)).toEqual(['ends'])
    // Not reached: the path may stop short of the goal.
    expect(
      measurePath(world, result([P(10, 20), P(50, 20)], { goal: P(90, 20), reached: false })).valid,
    ).toBe(true)
  })

  it('counts an algorithm error and a reached path without points as defects', () => {
    const failed = measurePath(world, result([], { reached: false, error: 'boom' }), 10)
    expect(failed.valid).toBe(false)
    expect(failed.defects[0].kind).toBe('error')
    expect(failed.lengthRatio).toBeNull()
    const empty = measurePath(world, result([]), 10)
    expect(empty.valid).toBe(false)
    expect(empty.defects.some((d) => d.kind === 'empty')).toBe(true)
  })
})
