/**
 * Geometry inside the documented limits is answered or refused, never left to run out of
 * memory or time (issue 22, part 5). Each case of tests/support/hostile-limits.ts: the
 * outcome (valid paths, or the exact one-line refusal), never a wall-clock time (the times
 * and peak memory are in bench/hostile-limits.ts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  GeometryBudgetError,
  TOO_COMPLEX_MESSAGE,
  checkBudget,
  setBudgetClock,
  withBudget,
} from '../../../src/shared/geometry/budget'
import { anySegmentsMeet } from '../../../src/shared/geometry/segment-sweep'
import { segmentIntersection } from '../../../src/shared/geometry/predicates'
import type { EdgeGrid } from '../../../src/shared/geometry/edge-grid'
import { checkPath } from '../../../src/shared/measure/metrics'
import { createRandom, randomPairs } from '../../../src/shared/measure/random'
import {
  BenchRoomError,
  benchRoomWorld,
  parseBenchRoom,
} from '../../../src/shared/measure/readers/bench-room'
import { prepareAlgorithm, preparePathfinder, runQuery } from '../../../src/shared/nav/run'
import type { NavWorld, Pathfinder } from '../../../src/shared/nav/types'
import type { AlgorithmId } from '../../../src/shared/nav/registry'
import {
  circleWithHole,
  farBenchRoom,
  hugeOutline,
  randomRing,
  roundedCircle,
  star,
  type LimitCase,
} from '../../support/hostile-limits'
import { walkbox } from '../cli/run-walkbox'

const worldOf = (c: LimitCase): NavWorld => benchRoomWorld(parseBenchRoom(c.room, `${c.id}.json`))

/** Every seeded query answered by `id` reaches its goal on a valid path. */
function expectValidAnswers(world: NavWorld, id: AlgorithmId, count: number): void {
  const prepared = prepareAlgorithm(world, id)
  expect(prepared.error).toBeUndefined()
  for (const [x0, y0, x1, y1] of randomPairs(world, count, 7)) {
    const result = runQuery(prepared, { x: x0, y: y0 }, { x: x1, y: y1 })
    expect(result.error, `${id} (${x0}, ${y0}) -> (${x1}, ${y1})`).toBeUndefined()
    expect(result.reached).toBe(true)
    const validity = checkPath(world, result.points)
    expect(
      validity.defects.map((d) => d.message),
      `${id} path`,
    ).toEqual([])
  }
}

function benchFile(c: LimitCase): string {
  const dir = mkdtempSync(join(tmpdir(), 'walkbox-limits-'))
  const file = join(dir, `${c.id}.json`)
  writeFileSync(file, JSON.stringify(c.room))
  return file
}

describe('the budget of a geometry step', () => {
  it('refuses work past its deadline with the one line, and shares the deadline with inner steps', () => {
    let clock = 0
    const restore = setBudgetClock(() => clock)
    try {
      const run = () =>
        withBudget('prepare', () =>
          withBudget('normalise', () => {
            for (let i = 0; i < 10_000; i++) {
              clock += 5
              checkBudget()
            }
          }),
        )
      expect(run).toThrow(GeometryBudgetError)
      expect(run).toThrow(TOO_COMPLEX_MESSAGE)
      clock = 0
      expect(() => {
        try {
          run()
        } catch (e) {
          expect((e as GeometryBudgetError).step).toBe('prepare')
          throw e
        }
      }).toThrow()
      // Outside a step, checking costs nothing and never throws.
      for (let i = 0; i < 5000; i++) checkBudget()
    } finally {
      restore()
    }
    expect(TOO_COMPLEX_MESSAGE).toBe(
      'this outline is too complex to prepare within 10 s; simplify it with the tolerance slider',
    )
  })

  it("marks a preparation that ran out of budget as refused, with the line as that algorithm's message", () => {
    let clock = 0
    const restore = setBudgetClock(() => clock)
    try {
      const slow: Pathfinder = {
        id: 'visibility-polygon',
        label: 'slow test pathfinder',
        origin: 'test',
        summary: 'test',
        options: [],
        prepare() {
          for (;;) {
            clock += 1
            checkBudget()
          }
        },
        findPath() {
          throw new Error('unreachable')
        },
      }
      const world = worldOf(hugeOutline())
      const prepared = preparePathfinder(world, slow, {})
      expect(prepared.refused).toBe(true)
      expect(prepared.error).toBe(TOO_COMPLEX_MESSAGE)
      // What the editor's Compare shows as the algorithm's row message.
      const answer = runQuery(prepared, { x: 10, y: 10 }, { x: 20, y: 20 })
      expect(answer.error).toBe(TOO_COMPLEX_MESSAGE)
      expect(answer.reason).toBe(TOO_COMPLEX_MESSAGE)
      expect(answer.reached).toBe(false)
    } finally {
      restore()
    }
  })
})

describe('an outline at ±1e6 px (inside the coordinate limit)', () => {
  it('checks paths with an edge grid sized by the edges, not by the bounding box', () => {
    const world = worldOf(hugeOutline())
    expectValidAnswers(world, 'navmesh-funnel', 10)
    expectValidAnswers(world, 'octile-astar', 5)
    const grid = world.cached<EdgeGrid | null>('metrics:edge-index', () => null)
    expect(grid).not.toBeNull()
    const edges = grid!.edges.length / 4
    // Before: 32 px buckets over the 2e6 px box, 62,501 x 62,501 of them (15.6 GB of counts).
    expect(grid!.cols * grid!.rows).toBeLessThanOrEqual(12 * edges + 4)
  })

  it('runs walkbox batch under a 2 GB heap without running out of memory', async () => {
    const file = benchFile(hugeOutline())
    const before = process.env.NODE_OPTIONS
    process.env.NODE_OPTIONS = '--max-old-space-size=2048'
    let run
    try {
      run = await walkbox('batch', file, '--pairs', '20', '--algorithms', 'navmesh-funnel,any-angle-optimal')
    } finally {
      if (before === undefined) delete process.env.NODE_OPTIONS
      else process.env.NODE_OPTIONS = before
    }
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/\| navmesh-funnel\s+\|\s+20\/20 \|\s+0 \|/)
  }, 60_000)
})

describe('a bench room beyond the coordinate limit', () => {
  it('is refused by the reader with the limit, as a room file is', () => {
    const c = farBenchRoom()
    expect(() => parseBenchRoom(c.room, 'far.json')).toThrow(BenchRoomError)
    expect(() => parseBenchRoom(c.room, 'far.json')).toThrow(
      "far.json.walkable[0]: expected coordinates from -1000000 to 1000000 px (Walkbox's limit), found [-1000000000, -1000000000]",
    )
  })

  it('is refused by walkbox batch in one line, exit 2 (before: unexpected error: RangeError)', async () => {
    const file = benchFile(farBenchRoom())
    const run = await walkbox('batch', file, '--pairs', '5')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim()).toBe(
      `walkbox: cannot read room ${file}: far-bench-room.json.walkable[0]: expected coordinates from -1000000 to 1000000 px (Walkbox's limit), found [-1000000000, -1000000000]`,
    )
  }, 60_000)
})

describe('a random 10,000-vertex ring that crosses itself millions of times', () => {
  it('is refused when the world is made, before Clipper sees it', () => {
    const c = randomRing()
    expect(() => worldOf(c)).toThrow(GeometryBudgetError)
    expect(() => worldOf(c)).toThrow(TOO_COMPLEX_MESSAGE)
  })

  it('is refused by walkbox batch in one line naming the room, exit 2', async () => {
    const file = benchFile(randomRing())
    const run = await walkbox('batch', file, '--pairs', '50')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim()).toBe(`walkbox: random-ring.json: ${TOO_COMPLEX_MESSAGE}`)
  }, 60_000)
})

describe('a 10,000-vertex star (5,000 spikes)', () => {
  it('is normalised (found clean by the sweep), answered by the navmesh and refused by the visibility graphs', () => {
    const world = worldOf(star())
    expectValidAnswers(world, 'navmesh-funnel', 5)
    for (const id of ['visibility-polygon', 'any-angle-optimal'] as const) {
      const prepared = prepareAlgorithm(world, id)
      expect(prepared.refused).toBe(true)
      expect(prepared.error).toBe(TOO_COMPLEX_MESSAGE)
    }
  })

  it('is refused by walkbox batch in one line naming the algorithm, exit 2', async () => {
    const file = benchFile(star())
    const run = await walkbox(
      'batch',
      file,
      '--pairs',
      '5',
      '--algorithms',
      'navmesh-funnel,visibility-polygon',
    )
    expect(run.code).toBe(2)
    expect(run.stderr.trim()).toBe(`walkbox: star.json: visibility-polygon: ${TOO_COMPLEX_MESSAGE}`)
  }, 60_000)
})

describe('a floor with a 10,000-vertex circular hole', () => {
  // Its ring's triangulation is mostly dead ends (fans off the hole): since navmesh-funnel's
  // partial-funnel search skips them (issue #32), it finishes on these pairs within its rescan
  // cap, where it used to fall back to midpoint costs.
  it('is answered with valid paths by the partial funnels, within their rescan cap', () => {
    const world = worldOf(circleWithHole())
    expectValidAnswers(world, 'visibility-polygon', 5)
    const prepared = prepareAlgorithm(world, 'navmesh-funnel')
    const reasons: string[] = []
    for (const [x0, y0, x1, y1] of randomPairs(world, 3, 1)) {
      const result = runQuery(prepared, { x: x0, y: y0 }, { x: x1, y: y1 })
      expect(result.reached).toBe(true)
      expect(checkPath(world, result.points).valid).toBe(true)
      reasons.push(result.reason ?? '')
    }
    expect(reasons.filter((r) => r.includes('corridor ranked by portal midpoints'))).toEqual([])
  })
})

describe('a 10,000-vertex circle rounded to 2 decimals (as Walkbox saves it)', () => {
  it('prepares visibility-polygon without a quadratic graph and answers as the yardstick does', () => {
    const world = worldOf(roundedCircle())
    const prepared = prepareAlgorithm(world, 'visibility-polygon')
    expect(prepared.error).toBeUndefined()
    // Before: every pair of ~5,000 nearly flat corners in sight, hundreds of MB of edge lists.
    expect(prepared.bytes).toBeLessThan(20 * 1024 * 1024)
    const yardstick = prepareAlgorithm(world, 'any-angle-optimal')
    for (const [x0, y0, x1, y1] of randomPairs(world, 10, 3)) {
      const a = runQuery(prepared, { x: x0, y: y0 }, { x: x1, y: y1 })
      const b = runQuery(yardstick, { x: x0, y: y0 }, { x: x1, y: y1 })
      expect(checkPath(world, a.points).valid).toBe(true)
      const length = (ps: { x: number; y: number }[]) =>
        ps.slice(1).reduce((s, p, i) => s + Math.hypot(p.x - ps[i].x, p.y - ps[i].y), 0)
      expect(length(a.points)).toBeCloseTo(length(b.points), 6)
    }
  })
})

describe('a polygon room of 16384 x 16384 px (the largest side the format allows)', () => {
  it('refuses the grid algorithms in one line naming the image limit, before allocating, and answers the others', () => {
    const side = 16384
    const c: LimitCase = {
      id: 'huge-room',
      label: 'huge room',
      room: {
        width: side,
        height: side,
        walkable: [
          [10, 10],
          [side - 10, 10],
          [side - 10, side - 10],
          [10, side - 10],
        ],
        holes: [],
      },
    }
    const world = worldOf(c)
    for (const id of ['octile-astar', 'jps', 'flood-fill', 'sampled-grid', 'downscaled-grid'] as const) {
      const prepared = prepareAlgorithm(world, id)
      expect(prepared.refused, id).toBe(true)
      expect(prepared.error).toBe(
        "this room is too large for the grid algorithms: 16384 x 16384 px is over 100 megapixels (Walkbox's image limit)",
      )
    }
    expectValidAnswers(world, 'navmesh-funnel', 5)
  })
})

describe('the sweep that finds meeting edges', () => {
  it('agrees with testing every pair on small rings full of shared and collinear points', () => {
    const random = createRandom(5)
    let meetings = 0
    for (let t = 0; t < 20_000; t++) {
      type Seg = {
        a: { x: number; y: number }
        b: { x: number; y: number }
        ring: number
        index: number
        size: number
      }
      const segs: Seg[] = []
      for (let ring = 0; ring < random.int(1, 2); ring++) {
        const n = random.int(3, 8)
        const pts = Array.from({ length: n }, () => ({ x: random.int(0, 6), y: random.int(0, 6) }))
        for (let i = 0; i < n; i++) {
          const a = pts[i]
          const b = pts[(i + 1) % n]
          if (a.x !== b.x || a.y !== b.y) segs.push({ a, b, ring, index: i, size: n })
        }
      }
      const neighbours = (e: Seg, o: Seg) =>
        e.ring === o.ring && ((e.index + 1) % e.size === o.index || (o.index + 1) % o.size === e.index)
      // A ring folding back on itself is refused before the sweep (clip.ts); leave those out.
      const foldsBack = segs.some((e) =>
        segs.some(
          (o) =>
            neighbours(e, o) &&
            (e.b.x - e.a.x) * (o.b.y - o.a.y) === (e.b.y - e.a.y) * (o.b.x - o.a.x) &&
            segmentIntersection(e.a, e.b, o.a, o.b) !== 'none' &&
            (e.a.x - e.b.x) * (o.b.x - o.a.x) + (e.a.y - e.b.y) * (o.b.y - o.a.y) > 0,
        ),
      )
      if (foldsBack) continue
      let brute = false
      for (let i = 0; i < segs.length && !brute; i++)
        for (let j = 0; j < i && !brute; j++)
          brute =
            !neighbours(segs[i], segs[j]) &&
            segmentIntersection(segs[i].a, segs[i].b, segs[j].a, segs[j].b) !== 'none'
      if (brute) meetings++
      expect(anySegmentsMeet(segs, neighbours), JSON.stringify(segs)).toBe(brute)
    }
    expect(meetings).toBeGreaterThan(1000)
  })
})
