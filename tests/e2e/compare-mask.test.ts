/**
 * A mask-authored room in the comparison workspace: its walkable pixels are tinted, so the
 * author sees the floor the algorithms walk on (polygon rooms show their outlines).
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { compareViewport, roomToPage, type CompareViewport } from './compare-helpers'
import { openSample } from './authoring-helpers'
import { colourDistance, saveScreenshot, screenshotPixels, waitUntil, type Pixels } from './helpers'

const FLOOR = [
  { x: 700, y: 950 },
  { x: 1300, y: 900 },
  { x: 800, y: 600 },
]
const OFF_FLOOR = [
  { x: 960, y: 300 },
  { x: 1900, y: 300 },
]

let browser: LaunchedBrowser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterAll(async () => {
  await browser?.close()
})

async function compareShot(): Promise<{ v: CompareViewport; pixels: Pixels }> {
  await page.getByRole('tab', { name: 'Compare' }).click()
  await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
  await page.waitForTimeout(500)
  const v = await compareViewport(page)
  return { v, pixels: await screenshotPixels(page) }
}

const at = (shot: { v: CompareViewport; pixels: Pixels }, p: { x: number; y: number }) => {
  const q = roomToPage(shot.v, p.x, p.y)
  return shot.pixels.at(q.x, q.y)
}

describe('a mask-authored room in the comparison workspace', () => {
  it('tints the walkable pixels of the mask and leaves the rest as it was', async () => {
    const before = await compareShot()
    await page.getByRole('tab', { name: 'Edit' }).click()
    await page.getByRole('button', { name: 'Polygons → mask' }).click()
    await page.getByLabel('Authoritative representation').selectOption('mask')
    await waitUntil(
      () => page.getByLabel('Authoritative representation').inputValue(),
      (value) => value === 'mask',
      'the mask to become authoritative',
    )
    const after = await compareShot()
    await saveScreenshot(page, 'compare-mask-room.png')
    for (const p of FLOOR) {
      const [r0, g0] = at(before, p)
      const [r1, g1] = at(after, p)
      // The tint is green: green gains on red where the mask is walkable.
      expect(g1 - r1 - (g0 - r0), `floor at ${p.x},${p.y}`).toBeGreaterThan(12)
    }
    for (const p of OFF_FLOOR) {
      expect(
        colourDistance(at(after, p), at(before, p)),
        `off the floor at ${p.x},${p.y}`,
      ).toBeLessThanOrEqual(3)
    }
  })
})
