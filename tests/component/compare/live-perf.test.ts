/**
 * The live-compare timing marks (window.__walkboxPerf): the pointer event's time goes with
 * the next query sent, first and last answers are stamped once, an unknown query changes
 * nothing, the rings keep the newest marks; and one live worker per core, 1 to 4.
 */
import { describe, expect, it } from 'vitest'
import { LivePerf, livePerf } from '../../../src/renderer/compare/live-perf'
import { liveWorkerCount } from '../../../src/renderer/compare/compare-store'

describe('LivePerf', () => {
  it('stamps input, sending, the first answer and the last one of a query', () => {
    let t = 100
    const perf = new LivePerf(() => t)
    perf.input(95)
    perf.sent(1)
    t = 110
    perf.answer(1, 2.5)
    t = 130
    perf.answer(1, 4)
    perf.done(1)
    t = 150
    perf.done(1)
    perf.sent(2)
    expect(perf.queries).toEqual([
      { id: 1, inputAt: 95, sentAt: 100, firstAt: 110, doneAt: 130, answers: 2, computeMs: 6.5 },
      { id: 2, inputAt: null, sentAt: 150, firstAt: null, doneAt: null, answers: 0, computeMs: 0 },
    ])
    perf.answer(7, 1)
    perf.done(7)
    expect(perf.queries).toHaveLength(2)
  })

  it('keeps the newest 256 queries and frames', () => {
    let t = 0
    const perf = new LivePerf(() => t)
    for (let i = 1; i <= 300; i++) perf.sent(i)
    expect(perf.queries).toHaveLength(256)
    expect(perf.queries[0].id).toBe(45)
    perf.answer(10, 1)
    expect(perf.queries.every((q) => q.answers === 0)).toBe(true)
    for (let i = 0; i < 300; i++) {
      const presented = perf.frame(t, i)
      t += 2
      presented(t + 50)
    }
    expect(perf.frames).toHaveLength(256)
    expect(perf.frames.at(-1)).toMatchObject({ queryId: 299, presentedMs: 52 })
    perf.clear()
    expect(perf.queries).toEqual([])
    expect(perf.frames).toEqual([])
  })

  it('is on window.__walkboxPerf', () => {
    expect(window.__walkboxPerf).toBe(livePerf)
  })
})

describe('liveWorkerCount', () => {
  it('is one per core, at least 1 and at most 4', () => {
    expect(liveWorkerCount(2)).toBe(2)
    expect(liveWorkerCount(1)).toBe(1)
    expect(liveWorkerCount(16)).toBe(4)
    expect(liveWorkerCount(0)).toBe(1)
    expect(liveWorkerCount(Number.NaN)).toBe(1)
  })
})
