/**
 * The one batch runner: every algorithm warms up before its timed pass, all its queries are
 * timed in a row with nothing measured in between, sub-millisecond queries are timed by
 * repetition, a cancel stops it between queries, and it returns one row per pair and
 * algorithm with the summary computed from those rows.
 *
 * Units: room px, ms.
 */
import { describe, expect, it } from 'vitest'
import type { Point } from '../../../src/shared/geometry/types'
import { batchSteps, runBatch, runBatchAsync, type Pair } from '../../../src/shared/measure/batch'
import { randomPairs } from '../../../src/shared/measure/random'
import type { NavWorld, Pathfinder } from '../../../src/shared/nav/types'
import type { AlgorithmId } from '../../../src/shared/nav/registry'
import { worldFromPolygons } from '../../../src/shared/nav/world'

/** A 200 x 100 room with a 20 x 60 pillar in the middle, as polygons. */
function pillarWorld(key = 'pillar'): NavWorld {
  return worldFromPolygons(
    200,
    100,
    [
      {
        outer: [
          { x: 0, y: 0 },
          { x: 200, y: 0 },
          { x: 200, y: 100 },
          { x: 0, y: 100 },
        ],
        holes: [
          [
            { x: 90, y: 20 },
            { x: 90, y: 80 },
            { x: 110, y: 80 },
            { x: 110, y: 20 },
          ],
        ],
      },
    ],
    key,
  )
}

/** A world that logs every walkability question (the metrics ask them; the spies never do). */
function loggingWorld(log: string[]): NavWorld {
  const world = pillarWorld(`logged-${Math.random()}`)
  return {
    ...world,
    grid: () => world.grid(),
    polygons: () => world.polygons(),
    exactPolygons: () => world.exactPolygons(),
    triangulation: () => world.triangulation(),
    authoredGraph: () => world.authoredGraph(),
    cached: (key, make) => world.cached(key, make),
    isWalkable: (p: Point) => {
      log.push('walkable')
      return world.isWalkable(p)
    },
  }
}

/** A fake clock, ms: it moves only when `advance` is called. */
interface FakeClock {
  now: () => number
  advance: (ms: number) => void
}

function fakeClock(): FakeClock {
  let t = 0
  return { now: () => t, advance: (ms) => (t += ms) }
}

/**
 * A pathfinder that walks the straight line (through the pillar, so the metrics find it
 * invalid there) and logs each call as `label:pairIndex`. `takes` makes each call last
 * `ms` on a fake clock.
 */
function spy(
  label: string,
  pairs: readonly Pair[],
  log: string[],
  takes?: { clock: FakeClock; ms: number },
): Pathfinder {
  return {
    id: 'jps' as AlgorithmId,
    label,
    origin: 'test',
    summary: 'a straight line',
    options: [],
    prepare: () => ({ bytes: 8 }),
    findPath: (_prepared, from, to) => {
      const i = pairs.findIndex((p) => p[0] === from.x && p[1] === from.y && p[2] === to.x && p[3] === to.y)
      log.push(`${label}:${i}`)
      takes?.clock.advance(takes.ms)
      return { points: [from, to], reached: true, start: from, goal: to, debug: [], expanded: 1 }
    },
  }
}

const PAIRS: Pair[] = [
  [10.5, 50.5, 190.5, 50.5],
  [10.5, 10.5, 30.5, 90.5],
  [150.5, 10.5, 190.5, 90.5],
  [20.5, 20.5, 180.5, 80.5],
  [60.5, 50.5, 70.5, 50.5],
]

describe('runBatch', () => {
  it('warms each algorithm up on the first pairs, untimed, before its timed pass', () => {
    const log: string[] = []
    const a = spy('warm-a', PAIRS, log)
    const b = spy('warm-b', PAIRS, log)
    runBatch(
      pillarWorld(),
      PAIRS,
      [
        { id: 'jps', label: 'a', pathfinder: a },
        { id: 'jps', label: 'b', pathfinder: b },
      ],
      { warmUp: 2, repeatBelowMs: 0 },
    )
    // Warm-up on pairs 0 and 1, then every pair in a row; then the next algorithm.
    const pass = PAIRS.map((_, i) => i)
    expect(log).toEqual([
      ...['warm-a:0', 'warm-a:1', ...pass.map((i) => `warm-a:${i}`)],
      ...['warm-b:0', 'warm-b:1', ...pass.map((i) => `warm-b:${i}`)],
    ])
  })

  it('times every query of an algorithm in a row and measures only afterwards', () => {
    const log: string[] = []
    const world = loggingWorld(log)
    const result = runBatch(
      world,
      PAIRS,
      [
        { id: 'jps', label: 'a', pathfinder: spy('order-a', PAIRS, log) },
        { id: 'jps', label: 'b', pathfinder: spy('order-b', PAIRS, log) },
      ],
      { warmUp: 1 },
    )
    const firstMetric = log.indexOf('walkable')
    const lastQuery = log.map((e) => e.startsWith('order-')).lastIndexOf(true)
    expect(firstMetric).toBeGreaterThan(0)
    expect(lastQuery).toBeLessThan(firstMetric)
    // The metrics did run: the line through the pillar is invalid, the one beside it valid.
    const row = (pair: number, algorithm: string) =>
      result.rows.find((r) => r.pair === pair && r.algorithm === algorithm)!
    expect(row(0, 'a').valid).toBe(false)
    expect(row(0, 'a').defect).toMatch(/leaves the walkable area/)
    expect(row(1, 'b').valid).toBe(true)
    expect(row(1, 'b').lengthRatio).toBeCloseTo(1, 9)
  })

  it('gives one row per pair and algorithm, pair-major, and a summary from those rows', () => {
    const world = pillarWorld()
    const pairs = randomPairs(world, 12, 3)
    const algorithms = (['navmesh-funnel', 'octile-astar', 'any-angle-optimal'] as AlgorithmId[]).map(
      (id) => ({
        id,
      }),
    )
    const result = runBatch(world, pairs, algorithms)
    expect(result.cancelled).toBe(false)
    expect(result.rows).toHaveLength(12 * 3)
    expect(result.rows.map((r) => `${r.pair}:${r.algorithm}`)).toEqual(
      pairs.flatMap((_, i) => algorithms.map((a) => `${i}:${a.id}`)),
    )
    expect(result.optimal).toHaveLength(12)
    for (const r of result.rows) {
      expect([r.fromX, r.fromY, r.toX, r.toY]).toEqual(pairs[r.pair])
      expect(r.reached).toBe(true)
      expect(r.valid).toBe(true)
      expect(r.queryMs).toBeGreaterThan(0)
      expect(r.queryMinMs).toBeLessThanOrEqual(r.queryMs)
      expect(r.queryMaxMs).toBeGreaterThanOrEqual(r.queryMs)
      // The optimum is the yardstick's, shared by every algorithm that kept the asked ends.
      if (r.startX === r.fromX && r.goalX === r.toX) expect(r.optimal).toBe(result.optimal[r.pair])
    }
    const yardstick = result.summary.find((s) => s.algorithm === 'any-angle-optimal')!
    expect(yardstick).toMatchObject({ pairs: 12, reached: 12, valid: 12, invalid: 0 })
    expect(yardstick.medianLengthRatio).toBeCloseTo(1, 9)
    const grid = result.summary.find((s) => s.algorithm === 'octile-astar')!
    const ratios = result.rows
      .filter((r) => r.algorithm === 'octile-astar')
      .map((r) => r.lengthRatio!)
      .sort((x, y) => x - y)
    expect(grid.maxLengthRatio).toBe(ratios.at(-1))
    expect(grid.p95LengthRatio).toBe(ratios[Math.ceil(0.95 * 12) - 1])
    expect(grid.medianLengthRatio).toBeCloseTo((ratios[5] + ratios[6]) / 2, 12)
  })

  it('times a sub-millisecond query by repetition and a slow one once', () => {
    // A fake clock: a fast call takes 4 µs, a slow one 3 ms, whatever else the machine does.
    const clock = fakeClock()
    const log: string[] = []
    const result = runBatch(
      pillarWorld(),
      PAIRS.slice(0, 2),
      [
        { id: 'jps', label: 'fast', pathfinder: spy('rep-fast', PAIRS, log, { clock, ms: 0.004 }) },
        { id: 'jps', label: 'slow', pathfinder: spy('rep-slow', PAIRS, log, { clock, ms: 3 }) },
      ],
      { warmUp: 1, repeatBelowMs: 1.5, minRunMs: 0.5, runs: 3, queryBudgetMs: 200, now: clock.now },
    )
    for (const r of result.rows.filter((r) => r.algorithm === 'fast')) {
      // Calls double until a run lasts minRunMs: 128 calls of 4 µs make 0.512 ms.
      expect(r.repeats).toBe(128)
      expect(r.runs).toBe(3)
      expect(r.queryMs).toBeCloseTo(0.004, 9)
    }
    for (const r of result.rows.filter((r) => r.algorithm === 'slow')) {
      expect(r.repeats).toBe(1)
      expect(r.runs).toBe(1)
      expect(r.queryMs).toBeCloseTo(3, 9)
    }
    // Slow: one warm-up call and one timed call per pair. Fast: one warm-up call, then per
    // pair the timed call, the calibration runs (1 + 2 + ... + 128 calls) and two more runs.
    expect(log.filter((e) => e.startsWith('rep-slow')).length).toBe(3)
    expect(log.filter((e) => e.startsWith('rep-fast')).length).toBe(1 + 2 * (1 + 255 + 2 * 128))
  })

  it('times a query again when a stalled calibration run left runs too short to read', () => {
    // A fake clock: each call takes 1 µs, but the first call of the repeated timing (the
    // second call in all) stalls for 2 ms, so the calibration settles on one call per run.
    let t = 0
    let calls = 0
    const stalling: Pathfinder = {
      ...spy('stall', PAIRS, []),
      findPath: (_prepared, from, to) => {
        t += ++calls === 2 ? 2 : 0.001
        return { points: [from, to], reached: true, start: from, goal: to, debug: [], expanded: 1 }
      },
    }
    const result = runBatch(
      pillarWorld(),
      PAIRS.slice(1, 2),
      [{ id: 'jps', label: 's', pathfinder: stalling }],
      {
        warmUp: 0,
        repeatBelowMs: 50,
        minRunMs: 0.5,
        runs: 3,
        now: () => t,
      },
    )
    const row = result.rows[0]
    expect(row.repeats).toBe(512)
    expect(row.runs).toBe(3)
    expect(row.queryMs).toBeCloseTo(0.001, 9)
  })

  it('stops between queries when cancelled, and measures what it has', () => {
    const log: string[] = []
    let asked = 0
    const progress: number[] = []
    const result = runBatch(
      pillarWorld(),
      PAIRS,
      [
        { id: 'jps', label: 'a', pathfinder: spy('cancel-a', PAIRS, log) },
        { id: 'jps', label: 'b', pathfinder: spy('cancel-b', PAIRS, log) },
      ],
      {
        warmUp: 0,
        repeatBelowMs: 0,
        shouldCancel: () => ++asked > 7,
        onProgress: (done) => progress.push(done),
      },
    )
    expect(result.cancelled).toBe(true)
    // Five answers of a, two of b; nothing ran after the cancel.
    expect(log).toEqual([...PAIRS.map((_, i) => `cancel-a:${i}`), 'cancel-b:0', 'cancel-b:1'])
    expect(result.rows).toHaveLength(7)
    expect(result.pairs).toHaveLength(5)
    expect(result.summary.map((s) => s.pairs)).toEqual([5, 2])
    expect(progress.at(-1)).toBe(14)
  })

  it('reports progress up to the total: each query timed, then each answer measured', () => {
    const phases: string[] = []
    let last = { done: 0, total: 0 }
    runBatch(pillarWorld(), PAIRS, [{ id: 'navmesh-funnel' }, { id: 'visibility-polygon' }], {
      onProgress: (done, total, phase) => {
        phases.push(phase)
        last = { done, total }
      },
    })
    expect(last).toEqual({ done: 20, total: 20 })
    expect(phases.indexOf('measuring')).toBe(10)
    expect(phases.lastIndexOf('timing')).toBe(9)
  })
})

describe('runBatchAsync', () => {
  it('yields between queries so that a cancel can arrive, and gives the same answers as runBatch', async () => {
    const world = pillarWorld()
    const pairs = randomPairs(world, 30, 9)
    const algorithms = [{ id: 'octile-astar' as AlgorithmId }, { id: 'navmesh-funnel' as AlgorithmId }]
    let cancel = false
    let turns = 0
    const cancelled = await runBatchAsync(world, pairs, algorithms, {
      yieldNow: async () => {
        turns++
        await new Promise((r) => setTimeout(r, 0))
        if (turns === 2) cancel = true
      },
      yieldEveryMs: 0,
      shouldCancel: () => cancel,
    })
    expect(cancelled.cancelled).toBe(true)
    expect(cancelled.rows.length).toBe(2)

    const whole = await runBatchAsync(world, pairs, algorithms, {
      yieldNow: () => Promise.resolve(),
      yieldEveryMs: 0,
    })
    const sync = runBatch(world, pairs, algorithms)
    const shape = (rows: typeof sync.rows) =>
      rows.map((r) => [r.pair, r.algorithm, r.reached, r.valid, r.length])
    expect(shape(whole.rows)).toEqual(shape(sync.rows))
  })

  it('is a generator underneath: one step per timed query and per measured answer', () => {
    const steps = batchSteps(pillarWorld(), PAIRS.slice(0, 3), [{ id: 'navmesh-funnel' }])
    let n = 0
    for (let next = steps.next(); !next.done; next = steps.next()) n++
    expect(n).toBe(6)
  })
})
