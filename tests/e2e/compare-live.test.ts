/**
 * The live comparison in real Chromium, served as the desktop app is (cross-origin isolated):
 * the editor page is isolated (microsecond clock, SharedArrayBuffer), and a goal dragged fast
 * through many positions ends with every algorithm's answer to the last position, with no
 * frame ever showing answers older than one already drawn; a slow drag is drawn once per
 * step, with the handle and every answer to it in the same frame.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { saveScreenshot, waitUntil } from './helpers'
import { clickRoom, compareViewport, openCompare, roomToPage, waitForAnswers } from './compare-helpers'
import { ALGORITHM_IDS } from '../../src/shared/nav/registry'

const WEST = { x: 300, y: 940 }
const EAST = { x: 1700, y: 760 }

interface Marks {
  queries: { id: number; doneAt: number | null; answers: number }[]
  frames: { queryId: number; startAt: number; presentedMs: number | null }[]
}

async function marks(page: Page): Promise<Marks> {
  return page.evaluate(() => {
    const perf = window.__walkboxPerf!
    return {
      queries: perf.queries.map((q) => ({ id: q.id, doneAt: q.doneAt, answers: q.answers })),
      frames: perf.frames.map((f) => ({
        queryId: f.queryId,
        startAt: f.startAt,
        presentedMs: f.presentedMs,
      })),
    }
  })
}

let browser: LaunchedBrowser
let page: Page

// A fresh, empty browser profile for each test.
beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openCompare(page)
})

afterEach(async () => {
  await browser?.close()
})

describe('the live comparison', () => {
  it('runs cross-origin isolated: SharedArrayBuffer exists and the clock steps in microseconds', async () => {
    const env = await page.evaluate(() => {
      let step = Infinity
      for (let i = 0; i < 50; i++) {
        const t0 = performance.now()
        let t1 = performance.now()
        while (t1 === t0) t1 = performance.now()
        step = Math.min(step, t1 - t0)
      }
      return { isolated: globalThis.crossOriginIsolated, sab: typeof SharedArrayBuffer, step }
    })
    expect(env.isolated).toBe(true)
    expect(env.sab).toBe('function')
    expect(env.step).toBeLessThan(0.05)
  })

  it('ends a fast drag with every algorithm answering the last goal position, frames never going back', async () => {
    await clickRoom(page, WEST.x, WEST.y, 'start')
    await clickRoom(page, EAST.x, EAST.y)
    await waitForAnswers(page)
    const v = await compareViewport(page)
    const path = [
      { x: 1650, y: 800 },
      { x: 1560, y: 880 },
      { x: 1480, y: 950 },
      { x: 1380, y: 900 },
      { x: 1300, y: 820 },
      { x: 1420, y: 720 },
      { x: 1530, y: 640 },
      { x: 1610, y: 700 },
    ]
    const from = roomToPage(v, EAST.x, EAST.y)
    const before = (await marks(page)).queries.at(-1)!.id
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    // No waiting between moves: the goal moves faster than every algorithm can answer.
    for (const p of path) {
      const to = roomToPage(v, p.x, p.y)
      await page.mouse.move(to.x, to.y, { steps: 4 })
    }
    await page.mouse.up()
    const last = path.at(-1)!
    const rows = await waitForAnswers(page)
    expect(rows.map((r) => r.algorithm).sort()).toEqual([...ALGORITHM_IDS].sort())
    for (const r of rows) {
      expect(Math.hypot(r.toX - last.x, r.toY - last.y), `${r.algorithm} answers the last goal`).toBeLessThan(
        2 / v.zoom + 2,
      )
      expect(r.reached, r.algorithm).toBe(true)
    }
    // Many queries were sent; the store's newest is the last one and all nine answered it.
    const m = await waitUntil(
      () => marks(page),
      (x) => x.frames.some((f) => f.queryId === x.queries.at(-1)!.id && f.presentedMs !== null),
      'a frame showing the last answers',
    )
    const newest = m.queries.at(-1)!
    expect(newest.id - before).toBeGreaterThan(path.length)
    expect(newest.answers).toBe(ALGORITHM_IDS.length)
    expect(newest.doneAt).not.toBeNull()
    expect(rows.every((r) => r.query === newest.id)).toBe(true)
    // Frames show ever newer answers (never one already replaced), the last the newest.
    const shown = m.frames.filter((f) => f.queryId >= before).map((f) => f.queryId)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown).toEqual([...shown].sort((a, b) => a - b))
    expect(shown.at(-1)).toBe(newest.id)
    // Fewer frames than queries: none was drawn for each replaced answer.
    expect(shown.length).toBeLessThan(newest.id - before)
    await saveScreenshot(page, 'compare-live-drag.png')
  })

  it('draws each step of a slow drag once, the handle and all nine answers in the same frame', async () => {
    await clickRoom(page, WEST.x, WEST.y, 'start')
    await clickRoom(page, EAST.x, EAST.y)
    await waitForAnswers(page)
    const v = await compareViewport(page)
    const from = roomToPage(v, EAST.x, EAST.y)
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    const startMarks = await marks(page)
    const firstFrame = startMarks.frames.length
    const steps = 8
    for (let i = 1; i <= steps; i++) {
      const to = roomToPage(v, EAST.x - i * 25, EAST.y + i * 15)
      const before = (await marks(page)).queries.at(-1)!.id
      await page.mouse.move(to.x, to.y)
      // Wait for this step's answers and the frame that shows them before the next step.
      await waitUntil(
        () => marks(page),
        (m) => {
          const q = m.queries.at(-1)!
          return (
            q.id > before &&
            q.doneAt !== null &&
            m.frames.some((f) => f.queryId === q.id && f.presentedMs !== null)
          )
        },
        `step ${i} answered and drawn`,
      )
    }
    await page.mouse.up()
    const m = await marks(page)
    const frames = m.frames.slice(firstFrame)
    // One frame per step (the hold lasts at most 250 ms, so a very slow step may add one).
    expect(frames.length).toBeGreaterThanOrEqual(steps)
    expect(frames.length).toBeLessThanOrEqual(steps + 2)
    // Each frame showed answers that were all in when it was drawn.
    const doneAt = new Map(m.queries.map((q) => [q.id, q.doneAt]))
    const complete = frames.filter((f) => {
      const d = doneAt.get(f.queryId)
      return d !== null && d !== undefined && d <= f.startAt
    })
    expect(complete.length).toBeGreaterThanOrEqual(steps)
  })
})
