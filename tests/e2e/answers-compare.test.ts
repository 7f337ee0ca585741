/**
 * Answers that say what happened (issue #20), in real Chromium on the sample room (west
 * floor around (300, 940), east floor around (1700, 760), the doorway gate x 1020..1040,
 * y 750..802 closed while flag `gateOpen` is off):
 * - a goal clicked inside the closed gate is moved to the closest walkable point; the table
 *   says "snapped, N px" with why, and the test walk "stopped N px short of the click, at
 *   (x, y): the click is behind a closed gate ('Doorway gate')", never "arrived";
 * - a Ratio cell is Length / optimum to the digits shown, and every header has a "?";
 * - switching rooms clears the lint findings and the walk log of the room left.
 * Screenshots of the snapped answer (table and walk) are README images (`npm run docs:images`).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { saveDocsImage, statusText, waitUntil } from './helpers'
import { clickRoom, openCompare, waitForAnswers } from './compare-helpers'

const WEST = { x: 300, y: 940 }
const EAST = { x: 1700, y: 760 }
/** Inside the closed doorway gate, 10 px from its west side. */
const IN_GATE = { x: 1030, y: 776 }

let browser: LaunchedBrowser
let page: Page

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.setViewportSize({ width: 1600, height: 1000 })
  await openCompare(page)
})

afterEach(async () => {
  await browser?.close()
})

async function cellTexts(p: Page, column: string) {
  return p.$$eval(
    `[data-testid="metrics-table"] tbody tr[data-algorithm] td[data-column="${column}"]`,
    (tds) =>
      tds.map((td) => ({
        algorithm: (td.closest('tr') as HTMLElement).dataset.algorithm!,
        snapped: (td.closest('tr') as HTMLElement).dataset.snapped ?? '',
        optimum: (td.closest('tr') as HTMLElement).dataset.optimum ?? '',
        text: td.textContent?.trim() ?? '',
        title: (td as HTMLElement).title,
      })),
  )
}

async function timeline(p: Page) {
  return p
    .locator('[data-testid="walk-timeline"] li')
    .evaluateAll((lis) =>
      lis.map((li) => ({ kind: (li as HTMLElement).dataset.kind, text: li.textContent ?? '' })),
    )
}

describe('a goal moved off a click that is not walkable', () => {
  it('says "snapped, N px" in the table and how far short the walk stopped, and why', async () => {
    await page.locator('[data-flag="gateOpen"]').uncheck()
    await clickRoom(page, WEST.x, WEST.y, 'start')
    await clickRoom(page, IN_GATE.x, IN_GATE.y)
    const rows = await waitForAnswers(page)
    const reached = await cellTexts(page, 'reached')
    // One rule moves the goal once, before any algorithm runs: every answer names the same
    // distance (the gate's west side is 10 px away; the landing is a pixel centre), and a path
    // ends there or, for an algorithm that walks only its own nodes, further from the click.
    const snaps = new Set<string>()
    for (const r of rows.filter((r) => r.reached)) {
      const cell = reached.find((c) => c.algorithm === r.algorithm)!
      const said = /^snapped, (\d+) px$/.exec(cell.text)
      expect(said, `${r.algorithm}: ${cell.text}`).not.toBeNull()
      const px = Number(said![1])
      expect(px, r.algorithm).toBeGreaterThanOrEqual(9)
      snaps.add(cell.text)
      const moved = Math.round(Math.hypot(r.goalX - IN_GATE.x, r.goalY - IN_GATE.y))
      expect(moved, r.algorithm).toBeGreaterThanOrEqual(px)
      expect(cell.title, r.algorithm).toContain("the click is behind a closed gate ('Doorway gate')")
    }
    expect([...snaps]).toHaveLength(1)
    expect(reached.filter((c) => c.text.startsWith('snapped')).length).toBeGreaterThan(4)
    expect(reached.some((c) => c.text === 'yes')).toBe(false)
    await saveDocsImage(page.locator('.table-area'), 'walkbox-snapped-table.png')

    await page.getByLabel('Walk with algorithm').selectOption('navmesh-funnel')
    await page.getByTestId('walk-start').click()
    const readout = page.getByTestId('walk-readout')
    await waitUntil(
      () => readout.getAttribute('data-status'),
      (s) => s === 'stopped-short' || s === 'arrived',
      'the walk to end',
      90_000,
    )
    expect(await readout.getAttribute('data-status')).toBe('stopped-short')
    const x = Number(await readout.getAttribute('data-x'))
    const y = Number(await readout.getAttribute('data-y'))
    const short = Math.round(Math.hypot(x - IN_GATE.x, y - IN_GATE.y))
    const entries = await timeline(page)
    expect(entries.some((e) => e.kind === 'arrive' || /arrived/.test(e.text))).toBe(false)
    const last = entries.at(-1)!
    expect(last.kind).toBe('stopped-short')
    expect(last.text).toContain(
      `stopped ${short} px short of the click, at (${Math.round(x)}, ${Math.round(y)}) (snapped, ${short} px): ` +
        "the click is behind a closed gate ('Doorway gate')",
    )
    await saveDocsImage(page.getByTestId('walk'), 'walkbox-snapped-walk.png')
  })
})

describe('the Ratio column', () => {
  it('equals Length / optimum to the digits shown, and every header has its definition', async () => {
    await clickRoom(page, WEST.x, WEST.y, 'start')
    await clickRoom(page, EAST.x, EAST.y)
    await waitForAnswers(page)
    const header = ((await page.getByTestId('compare-status').textContent()) ?? '').trim()
    const asked = /Optimum (\d+\.\d) px/.exec(header)
    expect(asked, header).not.toBeNull()
    const lengths = await cellTexts(page, 'length')
    const ratios = await cellTexts(page, 'lengthRatio')
    let checked = 0
    for (const r of ratios) {
      if (r.text === '–') continue
      const length = Number(lengths.find((l) => l.algorithm === r.algorithm)!.text)
      const own = r.text.endsWith('*')
      const optimum = Number(Number(r.optimum).toFixed(1))
      // The optimum shown above, unless the row says (*) it used its own ends.
      if (!own) expect(optimum.toFixed(1), r.algorithm).toBe(asked![1])
      expect(r.text.replace('*', ''), r.algorithm).toBe((length / optimum).toFixed(3))
      expect(r.title, r.algorithm).toContain(`${length.toFixed(1)} px / ${optimum.toFixed(1)} px = `)
      checked++
    }
    expect(checked).toBe(ratios.length)
    const help = await page
      .locator('[data-testid="metrics-table"] thead [data-testid="column-help"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).title))
    expect(help).toHaveLength(10)
    for (const h of help) expect(h.length).toBeGreaterThan(20)
    expect(help.join(' ')).toContain('Length / optimum, computed from the two figures as shown')
  })
})

describe('panels follow the open room', () => {
  it('clears the lint findings and the walk log when another room opens', async () => {
    // A walk in the courtyard leaves a log.
    await clickRoom(page, WEST.x, WEST.y, 'start')
    await clickRoom(page, 600, 900)
    await waitForAnswers(page)
    await page.getByTestId('walk-start').click()
    await waitUntil(
      () => page.locator('[data-testid="walk-timeline"] li').count(),
      (n) => n > 0,
      'the walk log',
    )
    // Lint findings of the courtyard (gate closed: the east floor is an island).
    await page.getByRole('tab', { name: 'Edit' }).click()
    await page.locator('[data-flag="gateOpen"]').uncheck()
    const lint = page.getByRole('region', { name: 'Lint' })
    await lint.getByRole('button', { name: 'Check room' }).click()
    await expect
      .poll(() => lint.locator('[data-testid="lint"] li, [data-testid="lint-clean"]').count())
      .toBeGreaterThan(0)

    // Another room: a copy of the courtyard, opened from the room list.
    await page.getByRole('button', { name: 'Room actions for Courtyard' }).click()
    await page.getByRole('menuitem', { name: 'Duplicate' }).click()
    // Duplicating copies the room's pictures (the background, its masks): give it time.
    await expect.poll(() => page.getByTestId('room-list').locator('li').count(), { timeout: 15_000 }).toBe(2)
    const other = page.getByTestId('room-list').locator('li').nth(1)
    if ((await other.getAttribute('class'))?.includes('active') !== true) {
      await other.locator('button.open').click()
    }
    await expect.poll(() => statusText(page)).not.toBe('')
    await expect.poll(() => other.getAttribute('class')).toContain('active')
    await expect
      .poll(() => lint.locator('[data-testid="lint"] li, [data-testid="lint-clean"]').count())
      .toBe(0)
    expect(await lint.getByRole('button', { name: 'Check room' }).count()).toBe(1)
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
    expect(await page.locator('[data-testid="walk-timeline"] li').count()).toBe(0)
  })
})
