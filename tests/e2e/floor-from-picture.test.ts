/**
 * Floor from picture in the web edition, in real Chromium, each test from an empty browser
 * profile: a new project, a room from a real background of ../shared/bench/rooms
 * (adventurepathfinding-room2: a planked floor with a table on it), the tool by its key, a
 * click on the floor, the preview drawn over the room while nothing in the room has changed,
 * the Tolerance slider proposing again, then Apply as a mask area or as polygons (one step
 * in the history) and undo taking it back.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { benchPath } from '../support/bench-data'
import {
  saveDocsImage,
  saveScreenshot,
  screenshotPixels,
  statusText,
  toPage,
  viewportOf,
  waitForCanvasDrawn,
} from './helpers'
import { clickRoom, hoverRoom, statusField } from './authoring-helpers'

const LOUNGE_BG = benchPath('rooms', 'adventurepathfinding-room2-background.png')
/** A point of the lounge's floor (left of the table), one on the wall, one on the table top. */
const FLOOR = { x: 67, y: 313 }
const WALL = { x: 470, y: 150 }
const TABLE = { x: 250, y: 295 }

let browser: LaunchedBrowser
let page: Page

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.goto(inject('webUrl'))
  await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room/)
  await page.getByRole('button', { name: 'New Project…' }).click()
  await page.getByRole('dialog').getByLabel('Project name').fill('Floors')
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
  await expect.poll(() => page.getByTestId('title').textContent()).toBe('Floors')
  await page.getByRole('button', { name: '+ Room' }).click()
  await page.getByRole('menuitem', { name: 'From background image…' }).click()
  const dialog = page.getByRole('dialog')
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Choose image…' }).click()
  await (await chooser).setFiles(LOUNGE_BG)
  await expect.poll(() => dialog.getByTestId('new-room-source').textContent()).toContain('512×384 px')
  await dialog.getByLabel('Room name').fill('Lounge')
  await dialog.getByRole('button', { name: 'Create room' }).click()
  await expect.poll(() => statusText(page)).toContain('New room Lounge')
  await waitForCanvasDrawn(page)
})

afterEach(async () => {
  await browser?.close()
})

function floorStatus(): Promise<string | null> {
  return page.getByTestId('floor-status').getAttribute('data-status')
}

/** The proposal's size as the panel shows it, px. */
async function proposedPixels(): Promise<number> {
  const text = (await page.getByTestId('floor-size').textContent()) ?? ''
  const m = /Proposal: ([\d,]+) px/.exec(text)
  return m ? Number(m[1].replace(/,/g, '')) : -1
}

async function historyLabels(): Promise<string[]> {
  return page.getByTestId('history').locator('li[data-done="yes"] button').allTextContents()
}

/** Press F on the canvas, wait until the background is read, click the floor and wait for the proposal. */
async function proposeFloor(): Promise<number> {
  await page.getByTestId('canvas-host').focus()
  await page.keyboard.press('f')
  await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('floor')
  await expect.poll(floorStatus, { timeout: 30_000 }).toBe('ready')
  expect(await page.getByTestId('floor-status').textContent()).toBe('Click the floor in the background.')
  await clickRoom(page, FLOOR.x, FLOOR.y)
  await expect.poll(floorStatus, { timeout: 30_000 }).toBe('proposed')
  return proposedPixels()
}

/** The canvas colour at a room point. */
async function colourAt(x: number, y: number): Promise<[number, number, number]> {
  const v = await viewportOf(page)
  const p = toPage(v, x, y)
  return (await screenshotPixels(page)).at(p.x, p.y)
}

function distance(a: readonly number[], b: readonly number[]): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2])
}

describe('floor from picture', () => {
  it('proposes the floor from one click with a live preview, moves with the slider, and applies it as a mask area that undo takes back', async () => {
    // The history holds the new room (a project step); the floor's steps come after it.
    const base = await historyLabels()
    const floorBefore = await colourAt(FLOOR.x + 40, FLOOR.y)
    const wallBefore = await colourAt(WALL.x, WALL.y)
    const pixels = await proposeFloor()
    // The lounge's floor, table left out: about 29 % of the 512 x 384 room.
    expect(pixels).toBeGreaterThan(50_000)
    expect(pixels).toBeLessThan(62_000)
    // The preview tints the floor, not the wall nor the table top; the room is unchanged.
    await expect
      .poll(async () => distance(await colourAt(FLOOR.x + 40, FLOOR.y), floorBefore))
      .toBeGreaterThan(20)
    expect(distance(await colourAt(WALL.x, WALL.y), wallBefore)).toBeLessThan(6)
    expect(await historyLabels()).toEqual(base)
    await saveScreenshot(page, 'floor-from-picture-proposal.png')
    await saveDocsImage(page, 'walkbox-floor-from-picture.png')

    // The slider grows the floor again from the same click: at 0 it stops at the first seam.
    const slider = page.getByLabel('Floor tolerance')
    await slider.fill('0')
    await expect.poll(proposedPixels).toBeLessThan(pixels / 2)
    await slider.fill('0.3')
    await expect.poll(proposedPixels).toBe(pixels)
    expect(await historyLabels()).toEqual(base)

    // Apply as a mask area: one step; the mask becomes the truth of this polygon-less room.
    await page.getByLabel('Apply as mask area').check()
    await expect
      .poll(() => page.getByTestId('floor-truth-note').textContent())
      .toBe('This room walks its polygons: Apply makes the mask authoritative.')
    await page.getByTestId('floor-apply').click()
    await expect
      .poll(historyLabels)
      .toEqual([...base, `Floor from picture: ${pixels.toLocaleString('en-US')} px to area 1`])
    await expect.poll(() => page.locator('li[data-area="1"] .count').textContent()).toBe(String(pixels))
    expect(await page.getByLabel('Authoritative representation').inputValue()).toBe('mask')
    expect(await floorStatus()).toBe('ready')
    // The mask is drawn where the floor is (the preview is gone), the table top stays clear.
    await expect
      .poll(async () => distance(await colourAt(FLOOR.x + 40, FLOOR.y), floorBefore))
      .toBeGreaterThan(20)
    const tableTop = await colourAt(TABLE.x, TABLE.y)
    await saveScreenshot(page, 'floor-from-picture-applied-mask.png')

    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+z')
    await expect.poll(historyLabels).toEqual(base)
    await expect.poll(() => page.locator('li[data-area="1"] .count').textContent()).toBe('—')
    expect(await page.getByLabel('Authoritative representation').inputValue()).toBe('polygons')
    expect(distance(await colourAt(TABLE.x, TABLE.y), tableTop)).toBeLessThan(6)
    await expect
      .poll(async () => distance(await colourAt(FLOOR.x + 40, FLOOR.y), floorBefore))
      .toBeLessThan(6)
  })

  it('applies the proposal as walk polygons in a new area, and undo takes them back', async () => {
    const base = await historyLabels()
    const pixels = await proposeFloor()
    expect(await page.getByLabel('Apply as polygons').isChecked()).toBe(true)
    await page.getByLabel('Floor area').selectOption({ label: 'New area' })
    await page.getByTestId('floor-apply').click()
    await expect
      .poll(historyLabels)
      .toEqual([...base, `Floor from picture: 1 polygon (${pixels.toLocaleString('en-US')} px) in area 2`])
    await expect.poll(() => page.locator('li[data-area="2"]').count()).toBe(1)
    expect(await page.locator('li[data-area="2"] input[type="text"]').inputValue()).toBe('Floor')
    await saveScreenshot(page, 'floor-from-picture-applied-polygons.png')
    // The floor is walkable now, the table (a hole of the polygon) and the wall are not.
    await hoverRoom(page, FLOOR.x + 40, FLOOR.y)
    await expect.poll(() => statusField(page, 'walkable')).toBe('walkable')
    await hoverRoom(page, TABLE.x, TABLE.y)
    await expect.poll(() => statusField(page, 'walkable')).toBe('not walkable')
    await hoverRoom(page, WALL.x, WALL.y)
    await expect.poll(() => statusField(page, 'walkable')).toBe('not walkable')
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+z')
    await expect.poll(historyLabels).toEqual(base)
    await expect.poll(() => page.locator('li[data-area="2"]').count()).toBe(0)
  })

  it('drops the proposal on Cancel and Escape, and nothing in the room changes', async () => {
    const base = await historyLabels()
    const areas = await page.locator('li[data-area]').allTextContents()
    await proposeFloor()
    await page.getByTestId('floor-cancel').click()
    await expect.poll(floorStatus).toBe('ready')
    expect(await page.getByTestId('floor-size').textContent()).toBe('Proposal: —')
    await clickRoom(page, FLOOR.x, FLOOR.y)
    await expect.poll(floorStatus).toBe('proposed')
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Escape')
    await expect.poll(floorStatus).toBe('ready')
    expect(await historyLabels()).toEqual(base)
    expect(await page.locator('li[data-area]').allTextContents()).toEqual(areas)
  })
})
