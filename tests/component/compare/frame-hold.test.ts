/**
 * The frame hold of the compare canvas: nothing is drawn while the newest query's answers
 * come in; the hold ends with the answers or at its deadline, which a newer hold does not
 * move; one frame is drawn for however many were asked for meanwhile. The longest hold is
 * two frames' time, 50 to 250 ms.
 */
import { describe, expect, it } from 'vitest'
import { FrameHold, holdFor, type HoldTimers } from '../../../src/renderer/compare/frame-hold'

/** Timers that fire only when the test says so. */
function manualTimers() {
  let next = 1
  const pending = new Map<number, { callback: () => void; ms: number }>()
  const timers: HoldTimers = {
    set(callback, ms) {
      const id = next++
      pending.set(id, { callback, ms })
      return id
    },
    clear(handle) {
      pending.delete(handle as number)
    },
  }
  const fireAll = () => {
    const due = [...pending.values()]
    pending.clear()
    for (const t of due) t.callback()
  }
  return { timers, pending, fireAll }
}

describe('FrameHold', () => {
  it('draws at once when not held', () => {
    let draws = 0
    const hold = new FrameHold(() => draws++, 250, manualTimers().timers)
    hold.request()
    hold.request()
    expect(draws).toBe(2)
  })

  it('draws nothing while held, then one frame on release', () => {
    let draws = 0
    const { timers, pending } = manualTimers()
    const hold = new FrameHold(() => draws++, 250, timers)
    hold.hold()
    expect(hold.active).toBe(true)
    hold.request()
    hold.request()
    hold.request()
    expect(draws).toBe(0)
    hold.release()
    expect(draws).toBe(1)
    expect(hold.active).toBe(false)
    expect(pending.size).toBe(0)
  })

  it('draws nothing on release when no frame was asked for', () => {
    let draws = 0
    const hold = new FrameHold(() => draws++, 250, manualTimers().timers)
    hold.hold()
    hold.release()
    hold.release()
    expect(draws).toBe(0)
  })

  it('ends at its deadline, and holding again while held does not move the deadline', () => {
    let draws = 0
    const { timers, pending, fireAll } = manualTimers()
    const hold = new FrameHold(() => draws++, 120, timers)
    hold.hold()
    hold.request()
    hold.hold()
    hold.hold()
    expect(pending.size).toBe(1)
    expect([...pending.values()][0].ms).toBe(120)
    fireAll()
    expect(draws).toBe(1)
    expect(hold.active).toBe(false)
    // The next hold starts a new deadline.
    hold.hold()
    expect(pending.size).toBe(1)
    hold.request()
    expect(draws).toBe(1)
  })

  it('draws nothing after dispose', () => {
    let draws = 0
    const { timers, pending, fireAll } = manualTimers()
    const hold = new FrameHold(() => draws++, 250, timers)
    hold.hold()
    hold.request()
    hold.dispose()
    expect(pending.size).toBe(0)
    fireAll()
    hold.release()
    expect(draws).toBe(0)
  })
})

describe('holdFor', () => {
  it('is two frames long, at least 50 ms and at most 250 ms; 250 ms before any frame', () => {
    expect(holdFor(60)).toBe(120)
    expect(holdFor(16)).toBe(50)
    expect(holdFor(180)).toBe(250)
    expect(holdFor(null)).toBe(250)
    expect(holdFor(Number.NaN)).toBe(250)
  })

  it('is read as each hold begins', () => {
    const { timers, pending, fireAll } = manualTimers()
    let frameMs = 100
    const hold = new FrameHold(
      () => undefined,
      () => holdFor(frameMs),
      timers,
    )
    hold.hold()
    expect([...pending.values()][0].ms).toBe(200)
    fireAll()
    frameMs = 20
    hold.hold()
    expect([...pending.values()][0].ms).toBe(50)
  })
})
