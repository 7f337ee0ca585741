/**
 * Hostile geometry in the editor, in real Chromium: a room file whose hole reaches out
 * through the floor's outline (drawn elsewhere, or by hand). Lint names the hole and where it
 * meets the outline; in Compare, all nine algorithms walk round the hole, none through it.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { readOpfs, saveScreenshot, writeOpfs } from './helpers'
import { openSample, SAMPLE_ROOM_DIR } from './authoring-helpers'
import { clickRoom, openCompare, waitForAnswers } from './compare-helpers'

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

  it('is walked round by all nine algorithms in Compare, never through', async () => {
    await addHoleThroughTheOutline()
    await openCompare(page)
    await clickRoom(page, 600, 960, 'start')
    await clickRoom(page, 900, 960)
    const rows = await waitForAnswers(page)
    expect(rows).toHaveLength(9)
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
