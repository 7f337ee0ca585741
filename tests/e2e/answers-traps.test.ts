/**
 * Small traps of issue #20, in real Chromium at 1280 x 800 on the sample room: the room
 * row's ⋯ stays inside the project panel with a long name; the status line keeps to one
 * line; Compare's status bar follows the Compare canvas (its zoom, the pointer's x, y) and
 * its bar lists the rooms; a fitted room fits again when the window is resized.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { saveScreenshot, statusText, waitUntil } from './helpers'
import { openSample } from './authoring-helpers'
import { compareViewport, roomToPage } from './compare-helpers'

let browser: LaunchedBrowser
let page: Page

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.setViewportSize({ width: 1280, height: 800 })
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

const LONG = 'The courtyard of the old lighthouse keeper, west wing, after the storm (night)'

describe('the project panel and the status line', () => {
  it("keeps the room row's ⋯ inside the panel with a long name, and the status line on one line", async () => {
    await page.getByRole('button', { name: 'Room actions for Courtyard' }).click()
    await page.getByRole('menuitem', { name: 'Rename…' }).click()
    await page.getByRole('dialog').getByLabel('Room name').fill(LONG)
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click()
    const more = page.getByRole('button', { name: `Room actions for ${LONG}` })
    await more.waitFor({ state: 'attached' })
    const panel = (await page.getByRole('complementary', { name: 'Project' }).boundingBox())!
    const button = (await more.boundingBox())!
    expect(button.x + button.width, 'the ⋯ right edge').toBeLessThanOrEqual(panel.x + panel.width)
    expect(button.width).toBeGreaterThan(8)
    // A long message and the cursor over the room: the status line is one line high.
    await page.mouse.move(400, 400)
    await expect.poll(() => statusText(page)).toContain(LONG)
    const status = (await page.locator('footer.status').boundingBox())!
    const line = await page
      .getByTestId('zoom')
      .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 16)
    expect(status.height).toBeLessThan(line * 2)
    await saveScreenshot(page, 'answers-long-room-name.png')
  })

  it('fits the room again when the window is resized', async () => {
    const host = page.getByTestId('canvas-host')
    const zoom = async () => Number(await host.getAttribute('data-zoom'))
    const before = await zoom()
    await page.setViewportSize({ width: 1600, height: 1000 })
    await waitUntil(zoom, (z) => z > before * 1.1, 'the room to fit the larger window')
    await page.setViewportSize({ width: 1280, height: 800 })
    await waitUntil(zoom, (z) => Math.abs(z - before) < 1e-6, 'the room to fit the window again')
  })
})

describe('Compare', () => {
  it("shows the Compare canvas's zoom and pointer in the status bar, and lists the rooms", async () => {
    const editZoom = await page.getByTestId('zoom').textContent()
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
    const v = await compareViewport(page)
    await expect.poll(() => page.getByTestId('zoom').textContent()).toBe(`${Math.round(v.zoom * 1000) / 10}%`)
    expect(await page.getByTestId('zoom').textContent()).not.toBe(editZoom)
    const p = roomToPage(v, 700, 900)
    await page.mouse.move(p.x, p.y)
    await expect
      .poll(() => page.getByTestId('cursor').textContent())
      .toMatch(/^x, y: 69\d, 89\d|^x, y: 70\d, 90\d/)
    // The room list: the project's rooms, the open one chosen.
    const rooms = page.getByTestId('compare-room')
    expect(await rooms.locator('option').allTextContents()).toEqual(['Courtyard'])
    expect(await rooms.inputValue()).toBe('courtyard')
    await saveScreenshot(page, 'answers-compare-status.png')
  })
})
