/**
 * A room's load warnings in the browser edition, in real Chromium: the sample's courtyard
 * gets a zone enabled by a flag the project does not define (its room.json in OPFS); after
 * a reload the room opens all the same, and the status line, a banner on the canvas and the
 * Lint panel say what it names that the project lacks; Dismiss takes the banner away.
 *
 * Units: room px.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { readOpfs, saveScreenshot, statusText, waitUntil, writeOpfs } from './helpers'
import { openSample, SAMPLE_ROOM_DIR } from './authoring-helpers'

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

const WARNING =
  "zone 'East courtyard' (zones[1]): enabledBy names the flag 'ghostFlag' that the project does not define"

describe('room load warnings in the browser edition', () => {
  it('are shown on the status line, on the canvas and under Lint; Dismiss clears them', async () => {
    const path = `${SAMPLE_ROOM_DIR}/room.json`
    const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, path))) as {
      zones: { enabledBy?: string }[]
    }
    room.zones[1].enabledBy = 'gateOpen && ghostFlag'
    await writeOpfs(page, path, JSON.stringify(room, null, 2))
    await page.reload()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened room Courtyard/.test(t),
      'the room to open again',
    )
    expect(await statusText(page)).toBe(`Opened room Courtyard (1920×1080) — 1 warning: ${WARNING}.`)
    const banner = page.getByTestId('room-warnings')
    expect(await banner.locator('li').allTextContents()).toEqual([WARNING])
    expect(await page.getByTestId('lint-load-warnings').textContent()).toContain(WARNING)
    await saveScreenshot(page, 'room-warnings-banner.png')
    await banner.getByRole('button', { name: 'Dismiss' }).click()
    await expect.poll(() => banner.count()).toBe(0)
    expect(await page.getByTestId('lint-load-warnings').count()).toBe(0)
  }, 120_000)
})
