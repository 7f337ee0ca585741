/**
 * Hostile geometry in the editor, in real Chromium: a room file whose hole reaches out
 * through the floor's outline (drawn elsewhere, or by hand). Lint names the hole and where it
 * meets the outline; in Compare, every algorithm walks round the hole, none through it.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { benchPath } from '../support/bench-data'
import { readOpfs, saveScreenshot, statusText, waitForCanvasDrawn, writeOpfs } from './helpers'
import { dragRoom, drawOutline, openSample, SAMPLE_ROOM_DIR } from './authoring-helpers'
import { clickRoom, openCompare, waitForAnswers } from './compare-helpers'
import { ALGORITHM_IDS } from '../../src/shared/nav/registry'

let browser: LaunchedBrowser
let page: Page

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

/** A hole across the floor's bottom edge (y 1040): x 700..800, y 900..1100. */
async function addHoleThroughTheOutline(): Promise<void> {
  const path = `${SAMPLE_ROOM_DIR}/room.json`
  const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, path)))
  room.polygons[0].holes.push([
    [700, 900],
    [700, 1100],
    [800, 1100],
    [800, 900],
  ])
  await writeOpfs(page, path, JSON.stringify(room))
}

describe('a hole that reaches out through its outline', () => {
  it('is named by lint, where it meets the outline', async () => {
    await addHoleThroughTheOutline()
    await openSample(page, inject('webUrl'))
    await page.getByRole('button', { name: 'Check room' }).click()
    const entries = page.getByTestId('lint').locator('button')
    await expect
      .poll(() => entries.allTextContents(), { timeout: 60_000 })
      .toContainEqual(
        expect.stringContaining("Hole 4 of walk polygon 'floor' reaches its outline at (700, 1040)"),
      )
    await entries.first().scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'hostile-geometry-lint.png')
  })

  it('is walked round by every algorithm in Compare, never through', async () => {
    await addHoleThroughTheOutline()
    await openCompare(page)
    await clickRoom(page, 600, 960, 'start')
    await clickRoom(page, 900, 960)
    const rows = await waitForAnswers(page)
    expect(rows.map((r) => r.algorithm)).toEqual(ALGORITHM_IDS)
    for (const row of rows) {
      expect(row.reached, row.algorithm).toBe(true)
      expect(row.valid, row.algorithm).toBe(true)
      // Round the hole's top corners (y 900): at least the way over them. (node-graph walks
      // between the points of its joins closest to the clicks, not the clicks themselves.)
      if (row.algorithm !== 'node-graph')
        expect(row.length!, row.algorithm).toBeGreaterThan(Math.hypot(100, 60) * 2 + 100 - 1)
    }
    await saveScreenshot(page, 'hostile-geometry-compare.png')
  })
})

describe('a new author on a real background', () => {
  it('cannot draw or drag a hole out of its floor, and gets the same words both ways', async () => {
    // A new project and a room from a background of ../shared/bench (356 x 200 px).
    await page.getByRole('button', { name: 'New Project…' }).click()
    await page.getByRole('dialog').getByLabel('Project name').fill('House')
    await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
    await page.getByRole('button', { name: '+ Room' }).click()
    await page.getByRole('menuitem', { name: 'From background image…' }).click()
    const dialog = page.getByRole('dialog')
    const chooser = page.waitForEvent('filechooser')
    await dialog.getByRole('button', { name: 'Choose image…' }).click()
    await (await chooser).setFiles(benchPath('rooms', 'popochiu-house-background.png'))
    await expect.poll(() => dialog.getByTestId('new-room-source').textContent()).toContain('356×200 px')
    await dialog.getByRole('button', { name: 'Create room' }).click()
    await expect.poll(() => statusText(page)).toContain('New room')
    await waitForCanvasDrawn(page)

    // A U-shaped floor: the notch x 150..210, y 120..190 is not floor.
    await page.keyboard.press('p')
    await drawOutline(page, [
      [20, 120],
      [150, 120],
      [150, 190],
      [210, 190],
      [210, 120],
      [340, 120],
      [340, 195],
      [20, 195],
    ])
    await expect.poll(() => statusText(page)).not.toMatch(/crosses itself/)
    // A hole whose corners all lie on the floor but whose edges cross the notch: refused.
    await page.keyboard.press('h')
    await drawOutline(page, [
      [60, 150],
      [300, 150],
      [300, 160],
      [60, 160],
    ])
    await expect.poll(() => statusText(page)).toContain("The hole must lie inside walk polygon 'polygon-1'.")
    await saveScreenshot(page, 'hostile-geometry-hole-refused.png')
    await page.keyboard.press('Escape')
    // A hole inside the west arm is taken.
    await drawOutline(page, [
      [60, 150],
      [100, 150],
      [100, 170],
      [60, 170],
    ])
    await expect.poll(() => statusText(page)).not.toContain('must lie inside')
    // Dragging its corner out through the floor's bottom edge is refused in the same words.
    await page.keyboard.press('v')
    await dragRoom(page, [
      [100, 170],
      [100, 185],
      [100, 199],
    ])
    await expect
      .poll(() => statusText(page))
      .toContain("The hole must lie inside walk polygon 'polygon-1'. It was not changed.")
    await saveScreenshot(page, 'hostile-geometry-drag-refused.png')
  })
})
