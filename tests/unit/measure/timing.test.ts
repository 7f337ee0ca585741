import { describe, expect, it } from 'vitest'
import { clockResolutionMs, formatDuration, median, timeRepeated } from '../../../src/shared/measure/timing'

/** A fake clock that advances `step` ms per call of the timed function. */
function fakeClock(step: number): { now: () => number; call: () => void } {
  let t = 0
  return { now: () => t, call: () => (t += step) }
}

describe('timeRepeated', () => {
  it('repeats a call too short for the clock until a run lasts minRunMs, and divides', () => {
    const clock = fakeClock(0.003)
    const timing = timeRepeated(clock.call, { now: clock.now, minRunMs: 5, runs: 5 })
    expect(timing.calls).toBeGreaterThanOrEqual(Math.ceil(5 / 0.003))
    expect(timing.samples).toHaveLength(5)
    expect(timing.medianMs).toBeCloseTo(0.003, 9)
  })

  it('times a long call once per run', () => {
    const clock = fakeClock(12)
    const timing = timeRepeated(clock.call, { now: clock.now, minRunMs: 5, runs: 3, budgetMs: 1000 })
    expect(timing.calls).toBe(1)
    expect(timing.samples).toEqual([12, 12, 12])
  })

  it('stops at the budget but always keeps one run', () => {
    const clock = fakeClock(400)
    const timing = timeRepeated(clock.call, { now: clock.now, runs: 5, budgetMs: 250 })
    expect(timing.samples).toHaveLength(1)
    expect(timing.medianMs).toBe(400)
  })

  it('times real work on the default clock and reports the median of its runs', () => {
    // How long the work takes is the bench's business (a busy machine stretches it); here
    // only that the real clock is read and the figures agree with one another.
    let calls = 0
    const timing = timeRepeated(() => {
      calls++
      let sink = 0
      for (let i = 0; i < 100; i++) sink += Math.sqrt(i)
      return sink
    })
    expect(timing.samples.length).toBeGreaterThanOrEqual(1)
    expect(calls).toBeGreaterThanOrEqual(timing.calls * timing.samples.length)
    for (const sample of timing.samples) expect(sample).toBeGreaterThan(0)
    expect(timing.medianMs).toBe(median(timing.samples))
    expect(timing.minMs).toBe(Math.min(...timing.samples))
    expect(timing.maxMs).toBe(Math.max(...timing.samples))
  })
})

describe('median, clock resolution and formatting', () => {
  it('takes the middle value or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
  })

  it('finds the step of a coarse clock', () => {
    let t = 0
    let reads = 0
    const coarse = (): number => {
      reads++
      if (reads % 7 === 0) t += 0.1
      return Math.round(t * 10) / 10
    }
    expect(clockResolutionMs(coarse, 20)).toBeCloseTo(0.1, 9)
    expect(clockResolutionMs()).toBeLessThan(0.1)
  })

  it('never prints 0.00 and keeps three significant digits', () => {
    expect(formatDuration(0)).toBe('< 0.01 µs')
    expect(formatDuration(0.00084)).toBe('0.84 µs')
    expect(formatDuration(0.0421)).toBe('42.1 µs')
    expect(formatDuration(1.234)).toBe('1.23 ms')
    expect(formatDuration(31.25)).toBe('31.3 ms')
    expect(formatDuration(312.4)).toBe('312 ms')
    expect(formatDuration(NaN)).toBe('–')
  })
})
