/**
 * The web edition in real Chromium: the sample room opens and its background is on
 * the canvas, zoom and pan change what is shown, layers hide and show, and a damaged project
 * file is refused. (Saving and reopening projects, on both editions: tests/e2e/editions/projects.test.ts.)
 */
import { resolve } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { repoRoot } from '../support/bench-data'
import {
  colourDistance,
  readOpfs,
  saveScreenshot,
  screenshotPixels,
  statusText,
  toPage,
  viewportOf,
  waitForCanvasDrawn,
  waitUntil,
  writeOpfs,
} from './helpers'

const SAMPLE = resolve(repoRoot, 'resources/sample-project')
const SAMPLE_ROOM = `${SAMPLE}/rooms/courtyard`

let browser: LaunchedBrowser
let page: Page
let background: { width: number; data: Buffer }

function backgroundAt(x: number, y: number): [number, number, number] {
  const i = (Math.floor(y) * background.width + Math.floor(x)) * 3
  return [background.data[i], background.data[i + 1], background.data[i + 2]]
}

async function openFresh(): Promise<void> {
  await page.goto(inject('webUrl'))
  await waitUntil(
    () => statusText(page),
    (t) => /Opened room/.test(t),
    'the sample room to open',
  )
  await waitForCanvasDrawn(page)
}

beforeAll(async () => {
  const { data, info } = await sharp(`${SAMPLE_ROOM}/background.png`)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  background = { width: info.width, data }
})

// Each test starts from an empty browser profile: no test depends on what another left.
beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openFresh()
})

afterEach(async () => {
  await browser?.close()
})

describe('the editor shell in the browser host', () => {
  it('opens the sample room on first start and draws its background at the right place', async () => {
    expect(await statusText(page)).toContain('Opened room Courtyard (1920×1080)')
    await expect.poll(() => page.getByTestId('title').textContent()).toContain('Walkbox sample — Courtyard')
    const v = await viewportOf(page)
    // The room fits the canvas.
    expect(v.zoom).toBeGreaterThan(0.2)
    expect(v.zoom).toBeLessThanOrEqual(1)
    const pixels = await screenshotPixels(page)
    // Sky, wall and a floor tile outside the walk area: no overlay there, so the background shows as it is.
    for (const [x, y] of [
      [960, 60],
      [300, 300],
      [1700, 200],
      [30, 1060],
    ]) {
      const p = toPage(v, x, y)
      expect(colourDistance(pixels.at(p.x, p.y), backgroundAt(x, y)), `room point ${x},${y}`).toBeLessThan(40)
    }
    // Outside the room, the canvas shows its own backdrop, not the image.
    const outside = toPage(v, -20, 540)
    expect(colourDistance(pixels.at(outside.x, outside.y), [0x23, 0x25, 0x2b])).toBeLessThan(12)
    await saveScreenshot(page, 'editor-sample-room.png')
  })

  it('tints the walk areas and hides them with their layers', async () => {
    const point = { x: 250, y: 1010 } // west courtyard floor, area 1, inside the walk polygon, away from graph nodes
    const v = await viewportOf(page)
    const p = toPage(v, point.x, point.y)
    const tinted = (await screenshotPixels(page)).at(p.x, p.y)
    expect(colourDistance(tinted, backgroundAt(point.x, point.y))).toBeGreaterThan(25)
    await page.getByLabel('Show Walk mask areas').uncheck()
    await page.getByLabel('Show Walk polygons').uncheck()
    await expect
      .poll(async () =>
        colourDistance((await screenshotPixels(page)).at(p.x, p.y), backgroundAt(point.x, point.y)),
      )
      .toBeLessThan(40)
    await page.getByLabel('Show Walk mask areas').check()
    await page.getByLabel('Show Walk polygons').check()
  })

  it('zooms towards the cursor with the wheel', async () => {
    const before = await viewportOf(page)
    const screen = {
      x: Math.round(before.left + before.width * 0.3),
      y: Math.round(before.top + before.height * 0.6),
    }
    const roomUnder = (v: typeof before) => ({
      x: (screen.x - v.left - v.offsetX) / v.zoom,
      y: (screen.y - v.top - v.offsetY) / v.zoom,
    })
    await page.mouse.move(screen.x, screen.y)
    const cursorText = await page.getByTestId('cursor').textContent()
    const r0 = roomUnder(before)
    expect(cursorText).toContain(`${Math.floor(r0.x)}, ${Math.floor(r0.y)}`)
    const zoomText = await page.getByTestId('zoom').textContent()
    const shotBefore = await page.screenshot()
    await page.mouse.wheel(0, -300)
    await expect.poll(async () => (await viewportOf(page)).zoom).toBeGreaterThan(before.zoom * 1.5)
    const after = await viewportOf(page)
    const r1 = roomUnder(after)
    // The same room point stays under the cursor (within one screen pixel of rounding).
    expect(Math.abs(r1.x - r0.x)).toBeLessThan(1 / before.zoom)
    expect(Math.abs(r1.y - r0.y)).toBeLessThan(1 / before.zoom)
    expect(await page.getByTestId('zoom').textContent()).not.toBe(zoomText)
    expect(Buffer.compare(await page.screenshot(), shotBefore)).not.toBe(0)
    // The pixel under the cursor is still the same room pixel's colour (background at true pixels).
    await page.getByLabel('Show Walk mask areas').uncheck()
    await page.getByLabel('Show Walk polygons').uncheck()
    const sky = toPage(after, 700, 80)
    if (
      sky.y > after.top &&
      sky.y < after.top + after.height &&
      sky.x > after.left &&
      sky.x < after.left + after.width
    ) {
      const px = (await screenshotPixels(page)).at(sky.x, sky.y)
      expect(colourDistance(px, backgroundAt(700, 80))).toBeLessThan(40)
    }
    await page.getByLabel('Show Walk mask areas').check()
    await page.getByLabel('Show Walk polygons').check()
  })

  it('pans with space-drag and with the middle button', async () => {
    const v0 = await viewportOf(page)
    const start = { x: v0.left + 400, y: v0.top + 300 }
    await page.mouse.move(start.x, start.y)
    await page.keyboard.down('Space')
    await page.mouse.down()
    await page.mouse.move(start.x + 60, start.y + 20, { steps: 4 })
    await page.mouse.move(start.x + 120, start.y + 80, { steps: 4 })
    await page.mouse.up()
    await page.keyboard.up('Space')
    const v1 = await viewportOf(page)
    expect(v1.offsetX - v0.offsetX).toBeCloseTo(120, 0)
    expect(v1.offsetY - v0.offsetY).toBeCloseTo(80, 0)
    expect(v1.zoom).toBe(v0.zoom)

    await page.mouse.move(start.x, start.y)
    await page.mouse.down({ button: 'middle' })
    await page.mouse.move(start.x - 50, start.y - 30, { steps: 5 })
    await page.mouse.up({ button: 'middle' })
    const v2 = await viewportOf(page)
    expect(v2.offsetX - v1.offsetX).toBeCloseTo(-50, 0)
    expect(v2.offsetY - v1.offsetY).toBeCloseTo(-30, 0)

    // A plain drag without space does not pan.
    await page.mouse.move(start.x, start.y)
    await page.mouse.down()
    await page.mouse.move(start.x + 80, start.y + 80, { steps: 3 })
    await page.mouse.up()
    expect((await viewportOf(page)).offsetX).toBe(v2.offsetX)
  })

  it('fits the room and shows true pixels with the toolbar and the keyboard', async () => {
    await page.getByRole('button', { name: 'Actual Size (100%)' }).click()
    await expect.poll(async () => (await viewportOf(page)).zoom).toBe(1)
    expect(await page.getByTestId('zoom').textContent()).toBe('100%')
    await page.keyboard.press('Control+0')
    await expect.poll(async () => (await viewportOf(page)).zoom).toBeLessThan(1)
    const v = await viewportOf(page)
    // Fitted: the whole room is inside the canvas.
    expect(v.offsetX).toBeGreaterThanOrEqual(0)
    expect(v.offsetX + 1920 * v.zoom).toBeLessThanOrEqual(v.width + 1)
  })

  it('refuses to reopen a damaged project file with a message naming it, and changes nothing', async () => {
    await page.getByRole('button', { name: 'New Project…' }).click()
    await page.getByRole('dialog').getByLabel('Project name').fill('Untitled project')
    await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
    await expect.poll(() => page.getByTestId('title').textContent()).toBe('Untitled project')
    const path = 'projects/untitled-project/project.walkbox.json'
    const good = new TextDecoder().decode(await readOpfs(page, path))
    const broken = good.replace('"rooms"', '"rooms" oops')
    await writeOpfs(page, path, broken)
    // Opened by reference (as from the recent list) it gives a clear error, and the file is left as it was.
    await page.evaluate(() =>
      localStorage.setItem(
        'walkbox.recentProjects',
        JSON.stringify([{ ref: 'untitled-project', name: 'Untitled project', openedAt: '' }]),
      ),
    )
    await page.reload()
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/project\.walkbox\.json.*line \d+/)
    expect(new TextDecoder().decode(await readOpfs(page, path))).toBe(broken)
  })
})
