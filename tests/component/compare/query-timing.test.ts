/**
 * Query timing in the nav worker: after a query's answers are posted, the answers that ran
 * under RETIME_UNDER_MS are timed again by repetition ('timing' messages, after
 * 'query-done'), the clock is reported once, longer answers keep their single reading, and
 * a newer query stops the re-timing so that it is answered first.
 */
import { describe, expect, it } from 'vitest'
import type {
  ClockMessage,
  MainToWorker,
  TimingMessage,
  WorkerToMain,
} from '../../../src/renderer/compare/protocol'
import { createNavService } from '../../../src/renderer/compare/nav-service'
import { createQueryTiming, RETIME_RUN_MS, RETIME_UNDER_MS } from '../../../src/renderer/compare/query-timing'
import type { PreparedAlgorithm } from '../../../src/shared/nav/run'
import type { Pathfinder } from '../../../src/shared/nav/types'
import { doorRoom } from './fixtures'

const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** A prepared algorithm whose findPath advances a fake clock by `costMs` per call (`spike(i)` more on call i). */
function fakePrepared(
  clock: { t: number },
  costMs: number,
  spike: (i: number) => number = () => 0,
): PreparedAlgorithm {
  let calls = 0
  const pathfinder = {
    id: 'jps',
    findPath: () => {
      clock.t += costMs + spike(calls++)
      return {
        points: [],
        reached: false,
        start: { x: 0, y: 0 },
        goal: { x: 0, y: 0 },
        debug: [],
        expanded: 0,
      }
    },
  } as unknown as Pathfinder
  return {
    id: 'jps',
    world: {} as PreparedAlgorithm['world'],
    options: {},
    prepareMs: 1,
    bytes: 0,
    data: { bytes: 0 } as PreparedAlgorithm['data'],
    pathfinder,
  }
}

describe('query timing', () => {
  it('re-times a short answer by repetition: the median per call, the runs and calls it took', async () => {
    const clock = { t: 0 }
    const posted: WorkerToMain[] = []
    const timing = createQueryTiming((m) => posted.push(m), {
      now: () => clock.t,
      crossOriginIsolated: false,
    })
    timing.note(7, 'r1', fakePrepared(clock, 0.004), { x: 0, y: 0 }, { x: 1, y: 1 }, 0)
    await timing.retime(turn, () => false)
    const clocks = posted.filter((m): m is ClockMessage => m.type === 'clock')
    expect(clocks).toHaveLength(1)
    expect(clocks[0].crossOriginIsolated).toBe(false)
    const timings = posted.filter((m): m is TimingMessage => m.type === 'timing')
    expect(timings).toHaveLength(1)
    const t = timings[0]
    expect(t).toMatchObject({ queryId: 7, revision: 'r1', algorithm: 'jps' })
    expect(t.medianMs).toBeCloseTo(0.004, 9)
    expect(t.runs).toBeGreaterThanOrEqual(3)
    // Each run lasted at least RETIME_RUN_MS.
    expect(t.calls * t.medianMs).toBeGreaterThanOrEqual(RETIME_RUN_MS - 1e-9)
    // The clock is reported once only.
    timing.note(8, 'r1', fakePrepared(clock, 0.004), { x: 0, y: 0 }, { x: 1, y: 1 }, 0)
    await timing.retime(turn, () => false)
    expect(posted.filter((m) => m.type === 'clock')).toHaveLength(1)
    expect(posted.filter((m) => m.type === 'timing')).toHaveLength(2)
  })

  it('times again when an interrupted run cut the choice of calls short (runs too short for the clock)', async () => {
    const clock = { t: 0 }
    const posted: WorkerToMain[] = []
    const timing = createQueryTiming((m) => posted.push(m), { now: () => clock.t })
    // 0.004 ms a call; the 300th call (just after the 1 ms warm-up) is held up for 5 ms.
    const prepared = fakePrepared(clock, 0.004, (i) => (i === 300 ? 5 : 0))
    timing.note(1, 'r1', prepared, { x: 0, y: 0 }, { x: 1, y: 1 }, 0)
    await timing.retime(turn, () => false)
    const t = posted.find((m): m is TimingMessage => m.type === 'timing')!
    expect(t.medianMs).toBeCloseTo(0.004, 9)
    expect(t.calls * t.medianMs).toBeGreaterThanOrEqual(RETIME_RUN_MS - 1e-9)
  })

  it('waits for a quiet spell first; a message ends it at once and a newer query stops the re-timing', async () => {
    const clock = { t: 0 }
    const posted: WorkerToMain[] = []
    // A quiet spell far longer than the test may last: only wake() can end it.
    const timing = createQueryTiming((m) => posted.push(m), { now: () => clock.t, settleMs: 60_000 })
    timing.note(1, 'r1', fakePrepared(clock, 0.01), { x: 0, y: 0 }, { x: 1, y: 1 }, 0)
    let newer = false
    const running = timing.retime(turn, () => newer)
    await turn()
    expect(posted.filter((m) => m.type === 'timing')).toHaveLength(0)
    newer = true
    timing.wake()
    await running
    expect(posted.filter((m) => m.type === 'timing')).toHaveLength(0)
    // Quiet: after the spell the answer is re-timed.
    const quiet = createQueryTiming((m) => posted.push(m), { now: () => clock.t, settleMs: 5 })
    quiet.note(2, 'r1', fakePrepared(clock, 0.01), { x: 0, y: 0 }, { x: 1, y: 1 }, 0)
    await quiet.retime(turn, () => false)
    expect(posted.flatMap((m) => (m.type === 'timing' ? [m.queryId] : []))).toEqual([2])
  })

  it('leaves an answer that took RETIME_UNDER_MS or longer with its single reading', async () => {
    const clock = { t: 0 }
    const posted: WorkerToMain[] = []
    const timing = createQueryTiming((m) => posted.push(m), { now: () => clock.t })
    timing.note(1, 'r1', fakePrepared(clock, 2), { x: 0, y: 0 }, { x: 1, y: 1 }, RETIME_UNDER_MS)
    await timing.retime(turn, () => false)
    expect(posted.filter((m) => m.type === 'timing')).toHaveLength(0)
  })

  it('stops when a newer query waits, and forgets an older query when a newer one is noted', async () => {
    const clock = { t: 0 }
    const posted: WorkerToMain[] = []
    const timing = createQueryTiming((m) => posted.push(m), { now: () => clock.t })
    timing.note(1, 'r1', fakePrepared(clock, 0.01), { x: 0, y: 0 }, { x: 1, y: 1 }, 0)
    await timing.retime(turn, () => true)
    expect(posted.filter((m) => m.type === 'timing')).toHaveLength(0)
    timing.note(2, 'r1', fakePrepared(clock, 0.01), { x: 0, y: 0 }, { x: 1, y: 1 }, 0)
    timing.note(3, 'r1', fakePrepared(clock, 0.01), { x: 0, y: 0 }, { x: 1, y: 1 }, 0)
    await timing.retime(turn, () => false)
    const ids = posted.flatMap((m) => (m.type === 'timing' ? [m.queryId] : []))
    expect(ids).toEqual([3])
  })

  it('in the nav service: timings follow query-done, for the answers under 1 ms only', async () => {
    const posted: WorkerToMain[] = []
    const service = createNavService((m) => posted.push(m), turn)
    const send = (m: MainToWorker) => service.handle(m)
    send({
      type: 'world',
      revision: 'r1',
      roomJson: JSON.stringify(doorRoom()),
      mask: null,
      flags: { doorOpen: true },
    })
    send({
      type: 'query',
      id: 1,
      revision: 'r1',
      from: { x: 20, y: 20 },
      to: { x: 180, y: 100 },
      algorithms: [
        { id: 'navmesh-funnel', options: {} },
        { id: 'visibility-polygon', options: {} },
        { id: 'octile-astar', options: {} },
      ],
      debug: false,
    })
    await service.idle()
    const done = posted.findIndex((m) => m.type === 'query-done')
    const results = posted.flatMap((m) => (m.type === 'result' ? [m.result] : []))
    const short = results.filter((r) => r.queryMs < RETIME_UNDER_MS).map((r) => r.algorithm)
    expect(short.length).toBeGreaterThan(0)
    const timings = posted.flatMap((m, i) => (m.type === 'timing' ? [{ m, i }] : []))
    expect(timings.map((t) => t.m.algorithm).sort()).toEqual([...short].sort())
    for (const { m, i } of timings) {
      expect(i).toBeGreaterThan(done)
      expect(m.queryId).toBe(1)
      expect(m.medianMs).toBeGreaterThan(0)
      expect(m.minMs).toBeLessThanOrEqual(m.medianMs)
      expect(m.maxMs).toBeGreaterThanOrEqual(m.medianMs)
    }
    expect(posted.filter((m) => m.type === 'clock')).toHaveLength(1)
  })
})
