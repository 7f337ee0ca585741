/**
 * Helpers for the authoring end-to-end tests: press and drag the mouse at room
 * points (through the canvas's viewport), read the saved mask back from the Origin
 * Private File System, and open the sample room fresh.
 *
 * Units: room px in, page px to the mouse.
 */
import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { afterEach, beforeEach, inject } from 'vitest'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { readOpfs, statusText, toPage, viewportOf, waitForCanvasDrawn, waitUntil } from './helpers'

export const SAMPLE_REF = 'projects/walkbox-sample'
export const SAMPLE_ROOM_DIR = `${SAMPLE_REF}/rooms/courtyard`

export async function openSample(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await waitUntil(
    () => statusText(page),
    (t) => /Opened room/.test(t),
    'the sample room to open',
  )
  await waitForCanvasDrawn(page)
}

/**
 * Each test of the file gets a fresh browser on the sample room at `size` (1280 x 800 by
 * default), handed to `use`; it is closed after the test.
 */
export function sampleForEachTest(use: (page: Page) => void, size = { width: 1280, height: 800 }): void {
  let browser: LaunchedBrowser | null = null
  beforeEach(async () => {
    browser = await launchChromium()
    const page = await browser.context.newPage()
    await page.setViewportSize(size)
    await openSample(page, inject('webUrl'))
    use(page)
  })
  afterEach(async () => {
    await browser?.close()
    browser = null
  })
}

/** Move to a room point (hover; tools see pointermove). */
export async function hoverRoom(page: Page, x: number, y: number): Promise<void> {
  const p = toPage(await viewportOf(page), x, y)
  await page.mouse.move(p.x, p.y)
}

/** Click at a room point (optionally holding Shift). */
export async function clickRoom(page: Page, x: number, y: number, shift = false): Promise<void> {
  const p = toPage(await viewportOf(page), x, y)
  if (shift) await page.keyboard.down('Shift')
  await page.mouse.move(p.x, p.y)
  await page.mouse.down()
  await page.mouse.up()
  if (shift) await page.keyboard.up('Shift')
}

/** Press at the first room point, pass through the others, release at the last. */
export async function dragRoom(page: Page, points: [number, number][], stepsPerLeg = 6): Promise<void> {
  const v = await viewportOf(page)
  const pts = points.map(([x, y]) => toPage(v, x, y))
  await page.mouse.move(pts[0].x, pts[0].y)
  await page.mouse.down()
  for (const p of pts.slice(1)) await page.mouse.move(p.x, p.y, { steps: stepsPerLeg })
  await page.mouse.up()
}

/**
 * The sample's walkable area is its polygons: the first press of a mask tool asks whether to
 * make the mask the walkable area (once per room). Press once at `at` and answer.
 */
export async function answerPaintQuestion(
  page: Page,
  answer: 'Keep the polygons' | 'Switch to the mask',
  at: [number, number] = [10, 10],
): Promise<void> {
  await clickRoom(page, at[0], at[1])
  const dialog = page.getByRole('dialog', { name: 'Paint the walk mask?' })
  await dialog.getByRole('button', { name: answer }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** Click each room point in turn and close the outline with Enter. */
export async function drawOutline(page: Page, points: [number, number][]): Promise<void> {
  for (const [x, y] of points) await clickRoom(page, x, y)
  await page.keyboard.press('Enter')
}

export interface SavedMask {
  width: number
  at(x: number, y: number): number
}

/** The area ids of a mask PNG stored in the OPFS (grey = id). */
export async function readSavedMask(
  page: Page,
  path = `${SAMPLE_ROOM_DIR}/walkmask.png`,
): Promise<SavedMask> {
  const bytes = await readOpfs(page, path)
  const { data, info } = await sharp(bytes).extractChannel(0).raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, at: (x, y) => data[Math.floor(y) * info.width + Math.floor(x)] }
}

/** Save with the keyboard and wait until the title shows no unsaved edits and the status says saved. */
export async function saveAndWait(page: Page): Promise<void> {
  await page.keyboard.press('Control+s')
  await waitUntil(
    async () => `${await page.getByTestId('title').textContent()} | ${await statusText(page)}`,
    (t) => !t.startsWith('•') && / \| Saved /.test(t),
    'the project to save',
  )
}

/** The text of a status-bar field (data-testid). */
export async function statusField(page: Page, id: string): Promise<string> {
  return (await page.getByTestId(id).textContent()) ?? ''
}

/** Press key `k` on the canvas (focused first, so that the canvas keys take it). */
export async function canvasKey(page: Page, k: string): Promise<void> {
  await page.getByTestId('canvas-host').focus()
  await page.keyboard.press(k)
}

/** The id of the tool in hand (the canvas's data-tool). */
export async function canvasTool(page: Page): Promise<string | null> {
  return page.getByTestId('canvas-host').getAttribute('data-tool')
}

/** The sample courtyard's room.json as last saved (read from OPFS), as type `T`. */
export async function savedSampleRoom<T>(page: Page): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await readOpfs(page, `${SAMPLE_ROOM_DIR}/room.json`))) as T
}
