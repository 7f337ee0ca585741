/**
 * The greyscale scale map in the web edition, in real Chromium, on the sample room:
 * a map of the wrong size is refused, a map the room's size (a vertical gradient in
 * ten bands, made here with sharp) is imported through the file chooser, min 50 % and
 * max 100 % are set, the ghost reads the map at two heights, and after saving and
 * reloading the page the map, its range and the ghost's reading are all still there;
 * showing the Scaling layer lays the map faintly over the room.
 *
 * Each test starts from a fresh browser on the sample room and imports what it needs, so
 * that any one of them passes alone (`-t`) and in any order.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { readOpfs, saveScreenshot, screenshotPixels, statusText, toPage, viewportOf } from './helpers'
import { hoverRoom, openSample, SAMPLE_ROOM_DIR, saveAndWait, statusField } from './authoring-helpers'

const ROOM_W = 1920
const ROOM_H = 1080
const BANDS = 10
const BAND_H = ROOM_H / BANDS

/** Grey of a room row in the generated map: band 0 (top) black … band 9 (bottom) white. */
function greyAtRow(y: number): number {
  return Math.round((255 * Math.floor(y / BAND_H)) / (BANDS - 1))
}

/** A greyscale PNG: a vertical gradient in horizontal bands. */
async function gradientPng(width: number, height: number): Promise<Buffer> {
  const grey = Buffer.alloc(width * height)
  for (let y = 0; y < height; y++) grey.fill(greyAtRow((y * ROOM_H) / height), y * width, (y + 1) * width)
  return sharp(grey, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer()
}

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

async function importFile(name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Import scale map…' }).click()
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer })
}

/** Import the room-sized gradient map and wait until it is the room's scaling. */
async function importGradient(): Promise<void> {
  await importFile('depth.png', await gradientPng(ROOM_W, ROOM_H))
  await expect.poll(() => historyLabels()).toEqual(['Import scale map depth.png'])
  expect(await page.getByLabel('Scaling mode').inputValue()).toBe('map')
  await expect.poll(() => page.getByTestId('scale-map-file').textContent()).toContain('scalemap.png')
}

/**
 * Set min 50 % and max 100 % by hand. They are the defaults, so each field is first set to
 * something else and back: both are then really set by the author.
 */
async function setRange50To100(): Promise<void> {
  for (const [label, value] of [
    ['Scale map min percent', '40'],
    ['Scale map min percent', '50'],
    ['Scale map max percent', '120'],
    ['Scale map max percent', '100'],
  ]) {
    await page.getByLabel(label).fill(value)
    await page.getByLabel(label).press('Tab')
  }
}

async function historyLabels(): Promise<string[]> {
  return page.getByTestId('history').locator('li[data-done="yes"] button').allTextContents()
}

/** The ghost's text at a room point with the scaling tool (the hero is 200 px tall). */
async function expectGhost(x: number, y: number, text: string): Promise<void> {
  await hoverRoom(page, x, y)
  await expect.poll(() => statusField(page, 'ghost')).toBe(text)
}

describe('scale map', () => {
  it('refuses a map of the wrong size and changes nothing', async () => {
    await importFile('small.png', await gradientPng(960, 540))
    const panel = page.getByTestId('scaling-panel')
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe(
        "The scale map small.png is 960×540 px; it must be the room's size, 1920×1080 px. Nothing was changed.",
      )
    expect(await page.getByLabel('Scaling mode').inputValue()).toBe('linear')
    expect(await historyLabels()).toEqual([])
  })

  it('imports a gradient map, sets min 50 and max 100, and the ghost reads it at two heights', async () => {
    await importGradient()
    await setRange50To100()
    expect(await historyLabels()).toEqual([
      'Import scale map depth.png',
      'Scale map min 40 %',
      'Scale map min 50 %',
      'Scale map max 120 %',
      'Scale map max 100 %',
    ])

    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('s')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('scale')
    // Band 5 (y 540..647): grey 142 -> 50 + 50 * 142 / 255 = 77.8 %; band 9: white -> 100 %.
    expect(greyAtRow(594)).toBe(142)
    await expectGhost(960, 594, 'ghost 77.8% · 156 px')
    await saveScreenshot(page, 'scale-map-ghost.png')
    await expectGhost(960, 1030, 'ghost 100% · 200 px')
    await expectGhost(960, 50, 'ghost 50% · 100 px')
  })

  it('saves, reloads and finds the map, its range and the same ghost', async () => {
    await importGradient()
    await setRange50To100()
    await saveAndWait(page)
    const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, `${SAMPLE_ROOM_DIR}/room.json`)))
    expect(room.scaling.mode).toBe('map')
    expect(room.scaling.map).toEqual({ file: 'scalemap.png', min: 50, max: 100 })
    const saved = await sharp(await readOpfs(page, `${SAMPLE_ROOM_DIR}/scalemap.png`))
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([saved.info.width, saved.info.height]).toEqual([ROOM_W, ROOM_H])
    for (const y of [0, 200, 594, 1079]) expect(saved.data[y * ROOM_W + 700], `row ${y}`).toBe(greyAtRow(y))

    await page.reload()
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
    expect(await page.getByLabel('Scaling mode').inputValue()).toBe('map')
    expect(await page.getByLabel('Scale map min percent').inputValue()).toBe('50')
    expect(await page.getByLabel('Scale map max percent').inputValue()).toBe('100')
    await expect.poll(() => page.getByTestId('scale-map-file').textContent()).toContain('scalemap.png')
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('s')
    await expectGhost(960, 594, 'ghost 77.8% · 156 px')
    await expectGhost(960, 1030, 'ghost 100% · 200 px')
    await saveScreenshot(page, 'scale-map-after-reload.png')
  })

  it('shows the map faintly over the room while the Scaling layer is visible', async () => {
    await importGradient()
    // Off the canvas: no ghost or cursor in the way of the pixels read.
    await page.getByTestId('history').hover()
    const brightness = async (points: [number, number][]) => {
      const v = await viewportOf(page)
      const pixels = await screenshotPixels(page)
      return points.map(([x, y]) => {
        const p = toPage(v, x, y)
        return pixels.at(p.x, p.y).reduce((a, b) => a + b, 0)
      })
    }
    // Top band black (sky), bottom band white (floor tiles), away from handles and outlines.
    const points: [number, number][] = [
      [1500, 40],
      [1500, 1050],
    ]
    const show = page.getByLabel('Show Scaling')
    await show.uncheck()
    await expect.poll(async () => (await brightness(points)).join()).toBe((await brightness(points)).join())
    const [topOff, bottomOff] = await brightness(points)
    await show.check()
    await expect.poll(async () => (await brightness(points))[0]).toBeLessThan(topOff - 60)
    const [, bottomOn] = await brightness(points)
    expect(bottomOn).toBeGreaterThan(bottomOff + 60)
    await saveScreenshot(page, 'scale-map-overlay.png')
    await show.uncheck()
    await expect.poll(async () => (await brightness(points)).join()).toBe(`${topOff},${bottomOff}`)
  })
})
