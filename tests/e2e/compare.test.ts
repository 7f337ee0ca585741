/**
 * The comparison workspace in real Chromium on the sample room (1920 x 1080; west floor
 * around (300, 940), east floor around (1700, 760), the fountain hole centred (520, 760),
 * the doorway gate closed while flag `gateOpen` is off): every algorithm answer a
 * click, the paths follow a dragged goal, a goal in a hole snaps, a closed gate stops
 * every path and opening it lets them through, the side-by-side view shows one pane per
 * algorithm (the batch run: compare-batch.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { saveScreenshot, waitUntil } from './helpers'
import {
  clickRoom,
  compareViewport,
  endsAtItsGoal,
  openCompare,
  readRows,
  roomToPage,
  waitForAnswers,
  type MetricsRowData,
} from './compare-helpers'
import { ALGORITHM_IDS } from '../../src/shared/nav/registry'

/** Every registered algorithm, from the one algorithm list. */
const ALL = [...ALGORITHM_IDS]
const WEST = { x: 300, y: 940 }
const EAST = { x: 1700, y: 760 }
const FOUNTAIN = { x: 520, y: 760 }

interface WalkSample {
  status: string
  x: number
  y: number
  scale: number
  height: number
  replans: number
}

/** The walk readout, read in one go so that position and scale belong to the same frame. */
async function readWalk(page: Page): Promise<WalkSample | null> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-testid="walk-readout"]') as HTMLElement | null
    if (!el) return null
    const d = el.dataset
    return {
      status: d.status ?? '',
      x: Number(d.x),
      y: Number(d.y),
      scale: Number(d.scale),
      height: Number(d.height),
      replans: Number(d.replans),
    }
  })
}

/** The click reached the algorithm, and its path ends at the goal it used; all but node-graph use the click itself. */
function expectGoal(r: MetricsRowData, x: number, y: number, slack: number): void {
  expect(Math.hypot(r.toX - x, r.toY - y), `${r.algorithm} requested goal`).toBeLessThan(slack)
  expect(endsAtItsGoal(r), `${r.algorithm} ends at its goal`).toBe(true)
  if (r.algorithm !== 'node-graph') {
    expect(Math.hypot(r.goalX - x, r.goalY - y), `${r.algorithm} goal`).toBeLessThan(slack)
  }
}

let browser: LaunchedBrowser
let page: Page

// Each test starts from an empty browser profile on the sample's Compare tab: no test
// depends on what another left behind.
beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openCompare(page)
})

afterEach(async () => {
  await browser?.close()
})

/** Start in the west courtyard, goal in the east one, and every answer back. */
async function westToEast(): Promise<void> {
  await clickRoom(page, WEST.x, WEST.y, 'start')
  await clickRoom(page, EAST.x, EAST.y)
  await waitForAnswers(page)
}

describe('the comparison workspace', () => {
  it('answers a start and a goal with every algorithm and fills the metrics table', async () => {
    await clickRoom(page, WEST.x, WEST.y, 'start')
    await clickRoom(page, EAST.x, EAST.y)
    const rows = await waitForAnswers(page)
    expect(rows.map((r) => r.algorithm).sort()).toEqual([...ALL].sort())
    for (const r of rows) {
      expect(r.reached, r.algorithm).toBe(true)
      expect(r.valid, r.algorithm).toBe(true)
      expect(r.points, r.algorithm).toBeGreaterThanOrEqual(2)
      expectGoal(r, EAST.x, EAST.y, 4)
      // Every path is at least as long as the straight line, and close to the optimum.
      expect(r.length!, r.algorithm).toBeGreaterThan(Math.hypot(EAST.x - WEST.x, EAST.y - WEST.y) - 4)
      expect(r.ratio!, r.algorithm).toBeGreaterThan(0.99)
      expect(r.ratio!, r.algorithm).toBeLessThan(1.5)
      for (const column of ['length', 'lengthRatio', 'turns', 'clearance']) {
        // A ratio against the optimum between an algorithm's own (moved) ends carries a "*".
        expect(r.cells[column], `${r.algorithm} ${column}`).toMatch(
          column === 'lengthRatio' ? /^\d+\.\d{3}\*?$/ : /^\d+(\.\d+)?$/,
        )
      }
      // Times carry their unit (a single reading under the clock step says "< 0.10 ms"), a query
      // time its run count (cold: the first call; warm: repeated); expanded its own unit.
      expect(r.cells.queryMs, `${r.algorithm} queryMs`).toMatch(
        /^(< )?\d+(\.\d+)? (µs|ms)(( ±(<)?\d+%)? \(\d+ warm\)| \(1 cold\))$/,
      )
      expect(r.cells.prepareMs, `${r.algorithm} prepareMs`).toMatch(/^(< )?\d+(\.\d+)? (µs|ms) \(1 run\)$/)
      expect(r.cells.expanded, r.algorithm).toMatch(/^\d+ (cells|nodes|triangles)$/)
    }
    expect(rows.find((r) => r.algorithm === 'any-angle-optimal')!.ratio).toBeCloseTo(1, 6)
    // The best of each column is marked.
    expect(
      await page.locator('[data-testid="metrics-table"] td.best[data-column="lengthRatio"]').count(),
    ).toBeGreaterThan(0)
    console.log(
      'query ms in the worker, sample room west -> east:',
      rows.map((r) => `${r.algorithm} ${r.queryMs.toFixed(2)}`).join(', '),
    )
    await saveScreenshot(page, 'compare-overlay.png')
  })

  it('sorts the table by a column, both ways', async () => {
    await westToEast()
    const header = page.locator('[data-testid="metrics-table"] th[data-column="queryMs"] button.sort')
    await header.click()
    const up = (await readRows(page)).map((r) => r.queryMs)
    expect(up).toEqual([...up].sort((a, b) => a - b))
    await header.click()
    const down = (await readRows(page)).map((r) => r.queryMs)
    expect(down).toEqual([...down].sort((a, b) => b - a))
  })

  it('drags the goal and the paths follow it', async () => {
    await westToEast()
    const v = await compareViewport(page)
    const from = roomToPage(v, EAST.x, EAST.y)
    const target = { x: 1450, y: 950 }
    const to = roomToPage(v, target.x, target.y)
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 })
    await page.mouse.move(to.x, to.y, { steps: 5 })
    await page.mouse.up()
    const rows = await waitForAnswers(page)
    for (const r of rows) {
      expect(r.reached, r.algorithm).toBe(true)
      // The goal is where the handle was dropped (within a screen pixel of rounding).
      expectGoal(r, target.x, target.y, 2 / v.zoom + 2)
    }
  })

  it('snaps a goal inside the fountain to its edge', async () => {
    await westToEast()
    await clickRoom(page, FOUNTAIN.x, FOUNTAIN.y)
    const rows = await waitForAnswers(page)
    for (const r of rows) {
      expect(Math.hypot(r.toX - FOUNTAIN.x, r.toY - FOUNTAIN.y), r.algorithm).toBeLessThan(3)
      // The fountain hole reaches 118 px across and 65 px down from its centre: the snapped goal is on or outside its outline.
      const d = Math.hypot((r.goalX - FOUNTAIN.x) / 118, (r.goalY - FOUNTAIN.y) / 65)
      expect(d, `${r.algorithm} goal ${r.goalX},${r.goalY}`).toBeGreaterThan(0.9)
      expect(endsAtItsGoal(r), r.algorithm).toBe(true)
      // The sample's authored join west - fountain-north crosses the fountain, so node-graph may walk through it (shown, not hidden).
      if (r.algorithm !== 'node-graph') expect(r.valid, r.algorithm).toBe(true)
    }
    await saveScreenshot(page, 'compare-snapped-goal.png')
  })

  it('stops at the closed gate (reached: false) and reaches the goal once the gate opens', async () => {
    await westToEast()
    await clickRoom(page, EAST.x, EAST.y)
    await waitForAnswers(page)
    await page.locator('[data-flag="gateOpen"]').uncheck()
    const closed = await waitForAnswers(page)
    for (const r of closed) {
      expect(r.reached, r.algorithm).toBe(false)
      // It stopped on the west side of the doorway wall (x 1000..1060).
      expect(r.endX!, r.algorithm).toBeLessThan(1062)
    }
    await saveScreenshot(page, 'compare-gate-closed.png')
    await page.locator('[data-flag="gateOpen"]').check()
    const open = await waitForAnswers(page)
    for (const r of open) expect(r.reached, r.algorithm).toBe(true)
  })

  it('shows one pane per algorithm side by side, each with its debug layer, zoom shared', async () => {
    await westToEast()
    await page.getByRole('tab', { name: 'Side by side' }).click()
    await waitForAnswers(page)
    expect(await page.getByTestId('compare-canvas-host').getAttribute('data-panes')).toBe(String(ALL.length))
    for (const id of ALL) await page.locator(`[data-pane="${id}"]`).waitFor()
    // Every algorithm sent at least one debug layer; their labels show in the panes.
    expect(await page.locator('[data-pane="flood-fill"]').textContent()).toContain('flood distance')
    expect(await page.locator('[data-pane="navmesh-funnel"]').textContent()).toContain('triangles')
    // Zoom with the wheel over one pane: every pane shares the new viewport.
    const before = await compareViewport(page, 'jps')
    const centre = roomToPage(before, 960, 700)
    await page.mouse.move(centre.x, centre.y)
    await page.mouse.wheel(0, -200)
    await expect.poll(async () => (await compareViewport(page)).zoom).toBeGreaterThan(before.zoom * 1.2)
    await page.getByRole('button', { name: 'Fit' }).last().click()
    await saveScreenshot(page, 'compare-side-by-side.png')
    await page.getByRole('tab', { name: 'Overlay' }).click()
    await waitForAnswers(page)
  })

  it('walks the chosen path through the fountain zone: enter then exit, the scale following the gradient', async () => {
    await clickRoom(page, WEST.x, WEST.y, 'start')
    await clickRoom(page, 760, 600)
    await waitForAnswers(page)
    await page.getByLabel('Walk with algorithm').selectOption('navmesh-funnel')
    await page.getByTestId('walk-start').click()
    const samples: WalkSample[] = []
    let shot = false
    await waitUntil(
      async () => {
        const s = await readWalk(page)
        if (s) samples.push(s)
        if (s && !shot && s.x > 420) {
          shot = true
          await saveScreenshot(page, 'compare-test-walk.png')
        }
        return s?.status
      },
      (status) => status === 'arrived',
      'the test walk to arrive',
      90_000,
    )
    // Scale at the feet: linear from 55 % at y 500 to 100 % at y 1040 (the sample room's stops); the hero is 200 px tall.
    const gradient = (y: number) => 55 + (45 * (y - 500)) / 540
    const low = samples.reduce((a, b) => (b.y > a.y ? b : a))
    const high = samples.reduce((a, b) => (b.y < a.y ? b : a))
    expect(low.y - high.y).toBeGreaterThan(150)
    for (const s of [low, high]) {
      expect(s.scale).toBeCloseTo(gradient(s.y), 1)
      expect(s.height).toBeCloseTo((200 * s.scale) / 100, 1)
    }
    const last = samples.at(-1)!
    expect(Math.hypot(last.x - 760, last.y - 600)).toBeLessThan(2)
    const timeline = await page.locator('[data-testid="walk-timeline"] li').evaluateAll((lis) =>
      lis.map((li) => ({
        kind: (li as HTMLElement).dataset.kind,
        zone: (li as HTMLElement).dataset.zone,
        event: (li as HTMLElement).dataset.event,
      })),
    )
    const fountain = timeline.filter((e) => e.zone === 'fountain-edge')
    expect(fountain.map((e) => e.kind).filter((k) => k !== 'stand')).toEqual(['enter', 'exit'])
    expect(fountain[0].event).toBe('fountainEnter')
    expect(timeline.at(-1)?.kind).toBe('arrive')
  })

  it('re-plans the walk when the gate closes on the way', async () => {
    await clickRoom(page, WEST.x, WEST.y, 'start')
    await clickRoom(page, EAST.x, EAST.y)
    await waitForAnswers(page)
    await page.getByTestId('walk-start').click()
    await waitUntil(
      () => readWalk(page),
      (s) => s !== null && s.status === 'walking' && s.x > 330,
      'the walk to get going',
    )
    await page.locator('[data-flag="gateOpen"]').uncheck()
    const end = await waitUntil(
      () => readWalk(page),
      (s) => s?.status === 'stopped-short',
      'the re-planned walk to stop short',
      90_000,
    )
    expect(end!.replans).toBeGreaterThanOrEqual(1)
    // It stopped on the west side of the closed doorway instead of walking through it.
    expect(end!.x).toBeLessThan(1062)
    expect(
      await page.locator('[data-testid="walk-timeline"] li[data-kind="replan"]').count(),
    ).toBeGreaterThanOrEqual(1)
    await page.locator('[data-flag="gateOpen"]').check()
    await page.getByTestId('walk-stop').click()
  })

  it('walks where the room is clicked, like a player, when click to walk is on', async () => {
    await westToEast()
    await page.getByLabel('Click to walk').check()
    const target = { x: 640, y: 980 }
    await clickRoom(page, target.x, target.y)
    const end = await waitUntil(
      () => readWalk(page),
      (s) => s?.status === 'arrived',
      'the character to walk to the click',
      90_000,
    )
    expect(Math.hypot(end!.x - target.x, end!.y - target.y)).toBeLessThan(2)
    // The comparison's goal followed the click (its start stays where the author put it).
    const rows = await waitForAnswers(page)
    for (const r of rows) expect(Math.hypot(r.toX - target.x, r.toY - target.y)).toBeLessThan(3)
    await page.getByLabel('Click to walk').uncheck()
    await page.getByTestId('walk-stop').click()
  })
})
