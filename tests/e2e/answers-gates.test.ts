/**
 * Gates can be seen in Edit (issue #20), in real Chromium on the sample room: the doorway
 * gate (x 1020..1040, y 750..802) blocks walking while flag `gateOpen` is off; the Edit view
 * then draws it hatched, and while the flag is on only its outline. The pixels over the
 * gate differ between the two states, and each state draws the same pixels again when it
 * comes back. So does an 'open-area' gate: a ledge (area 2, a walk polygon of its own) that
 * is walkable only while `gateOpen` holds is hatched while closed; and so is an area given only
by the mask (the sample's East courtyard, area 2, has no walk polygons): its mask pixels are
hatched while closed and outlined while open, seen with the mask overlay hidden. A screenshot of the closed gate is a README image (`npm run docs:images`).
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import {
  colourDistance,
  saveScreenshot,
  readOpfs,
  saveDocsImage,
  screenshotPixels,
  statusText,
  toPage,
  viewportOf,
  waitUntil,
  writeOpfs,
} from './helpers'
import { openSample, SAMPLE_ROOM_DIR } from './authoring-helpers'

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

/** The colours of a grid of page pixels over the room rectangle x0..x1, y0..y1. */
async function pixelsOver(p: Page, x0: number, y0: number, x1: number, y1: number): Promise<number[][]> {
  // Let Pixi draw the change first (it renders on demand, on the next frame).
  await p.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))))
  const v = await viewportOf(p)
  const shot = await screenshotPixels(p)
  const out: number[][] = []
  for (let y = y0; y <= y1; y += 2)
    for (let x = x0; x <= x1; x += 2) {
      const q = toPage(v, x, y)
      out.push(shot.at(q.x, q.y))
    }
  return out
}

function changed(a: number[][], b: number[][]): number {
  return a.filter((c, i) => colourDistance(c, b[i]) > 24).length
}

describe('gates in Edit', () => {
  it('draws a closed gate hatched and an open one outlined: the pixels follow the flag', async () => {
    const flag = page.locator('[data-flag="gateOpen"]')
    await expect.poll(() => flag.isChecked()).toBe(true)
    // Zoomed in on the doorway (wheel over it), so that the gate fills a good part of the view.
    const host = page.getByTestId('canvas-host')
    const zoom = async () => Number(await host.getAttribute('data-zoom'))
    const fitted = await zoom()
    const door = toPage(await viewportOf(page), 1030, 776)
    await page.mouse.move(door.x, door.y)
    await page.mouse.wheel(0, -300)
    await waitUntil(zoom, (z) => z > fitted * 1.5, 'the view to zoom in on the doorway')
    await page.mouse.wheel(0, -300)
    await waitUntil(zoom, (z) => z > fitted * 3, 'the view to zoom in further')
    // Inside the gate, away from its outline.
    const open = await pixelsOver(page, 1024, 756, 1036, 796)
    await flag.uncheck()
    const closed = await pixelsOver(page, 1024, 756, 1036, 796)
    expect(changed(open, closed), 'pixels inside the gate that changed when it closed').toBeGreaterThan(
      open.length / 4,
    )
    const v = await viewportOf(page)
    const a = toPage(v, 900, 690)
    const b = toPage(v, 1160, 860)
    const clip = { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y }
    const doorway = { screenshot: (o: { path?: string } = {}) => page.screenshot({ ...o, clip }) }
    await saveDocsImage(doorway, 'walkbox-gate-closed.png')
    await flag.check()
    const openAgain = await pixelsOver(page, 1024, 756, 1036, 796)
    expect(changed(open, openAgain), 'the open gate draws as before').toBe(0)
  })

  it("hatches the polygons of an area whose 'open-area' gate is closed", async () => {
    const path = `${SAMPLE_ROOM_DIR}/room.json`
    const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, path)))
    room.polygons.push({
      id: 'ledge',
      areaId: 2,
      outer: [
        [1300, 420],
        [1600, 420],
        [1600, 490],
        [1300, 490],
      ],
      holes: [],
    })
    room.gates.push({
      id: 'ledge-gate',
      name: 'Ledge gate',
      kind: 'open-area',
      areaId: 2,
      flagExpression: 'gateOpen',
    })
    await writeOpfs(page, path, JSON.stringify(room, null, 2))
    await page.reload()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened room/.test(t),
      'the edited room to open',
    )
    const flag = page.locator('[data-flag="gateOpen"]')
    await expect.poll(() => flag.isChecked()).toBe(true)
    const open = await pixelsOver(page, 1310, 430, 1590, 480)
    await flag.uncheck()
    const closed = await pixelsOver(page, 1310, 430, 1590, 480)
    expect(changed(open, closed), 'pixels of the ledge that changed when its gate closed').toBeGreaterThan(
      open.length / 8,
    )
    await saveScreenshot(page.getByTestId('canvas-host'), 'answers-open-area-gate-closed.png')
    await flag.check()
    expect(changed(open, await pixelsOver(page, 1310, 430, 1590, 480))).toBe(0)
  })

  it("hatches the mask pixels of an area with no walk polygons whose 'open-area' gate is closed", async () => {
    const path = `${SAMPLE_ROOM_DIR}/room.json`
    const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, path)))
    expect(room.polygons.some((p: { areaId: number }) => p.areaId === 2)).toBe(false)
    room.gates.push({
      id: 'east-gate',
      name: 'East gate',
      kind: 'open-area',
      areaId: 2,
      flagExpression: 'gateOpen',
    })
    await writeOpfs(page, path, JSON.stringify(room, null, 2))
    await page.reload()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened room/.test(t),
      'the edited room to open',
    )
    // Without the mask overlay (its dimming), only the gate's drawing can change the pixels.
    await page.getByLabel('Show Walk mask areas').uncheck()
    const flag = page.locator('[data-flag="gateOpen"]')
    await expect.poll(() => flag.isChecked()).toBe(true)
    // Inside the East courtyard's mask pixels (x 1300..1500, y 820..900 are all area 2).
    const open = await pixelsOver(page, 1300, 820, 1500, 900)
    await flag.uncheck()
    const closed = await pixelsOver(page, 1300, 820, 1500, 900)
    expect(
      changed(open, closed),
      'pixels of the mask area that changed when its gate closed',
    ).toBeGreaterThan(open.length / 8)
    await saveScreenshot(page.getByTestId('canvas-host'), 'answers-mask-area-gate-closed.png')
    await flag.check()
    expect(changed(open, await pixelsOver(page, 1300, 820, 1500, 900))).toBe(0)
    // Open, the area is outlined: hiding the Gates layer changes pixels along its edge.
    const outlined = await pixelsOver(page, 1030, 500, 1879, 1039)
    await saveScreenshot(page.getByTestId('canvas-host'), 'answers-mask-area-gate-open.png')
    await page.getByLabel('Show Gates').uncheck()
    expect(changed(outlined, await pixelsOver(page, 1030, 500, 1879, 1039))).toBeGreaterThan(50)
  })
})
