/**
 * The everyday editing tools in the web edition, in real Chromium, on the sample
 * project: copy and paste of a walk polygon with a hole into another room at the
 * pointer; cut and paste back; duplicate; the arrow keys nudging the selection (one undo
 * step per key press); the grid with snapping (drawn vertices on grid crossings, the
 * vertex or edge under the pointer highlighted); the measure tool's distance and angle;
 * recent projects in File › Open Recent and on the start panel. Geometry is read back
 * from the saved room files.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import {
  colourDistance,
  readOpfs,
  saveDocsImage,
  saveScreenshot,
  screenshotPixels,
  statusText,
  toPage,
  viewportOf,
} from './helpers'
import {
  clickRoom,
  dragRoom,
  drawOutline,
  hoverRoom,
  openSample,
  SAMPLE_REF,
  saveAndWait,
} from './authoring-helpers'

type Coord = [number, number]
interface SavedPolygon {
  id: string
  outer: Coord[]
  holes: Coord[][]
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

/** The walk polygons of a room as saved (after saveAndWait). */
async function savedPolygons(roomId: string): Promise<SavedPolygon[]> {
  const project = JSON.parse(
    new TextDecoder().decode(await readOpfs(page, `${SAMPLE_REF}/project.walkbox.json`)),
  ) as { rooms: { id: string; folder: string }[] }
  const folder = project.rooms.find((r) => r.id === roomId)!.folder
  const room = JSON.parse(
    new TextDecoder().decode(await readOpfs(page, `${SAMPLE_REF}/${folder}/room.json`)),
  ) as {
    polygons: SavedPolygon[]
  }
  return room.polygons
}

async function historyLabels(): Promise<string[]> {
  return page.getByTestId('history').locator('li[data-done="yes"] button').allTextContents()
}

async function activeRoom(): Promise<string | null> {
  return page.locator('[data-testid="room-list"] li.active').getAttribute('data-room')
}

/** Switch rooms through the room list and wait until the canvas shows the room. */
async function showRoom(id: string): Promise<void> {
  await page.locator(`[data-testid="room-list"] li[data-room="${id}"] button.open`).click()
  await expect.poll(activeRoom).toBe(id)
}

const OUTER: Coord[] = [
  [300, 100],
  [700, 100],
  [700, 400],
  [300, 400],
]
const HOLE: Coord[] = [
  [450, 200],
  [550, 200],
  [500, 300],
]

/** Draw the test polygon with its hole in the open room and select it with the Select tool. */
async function drawPolygonWithHole(): Promise<void> {
  await page.keyboard.press('p')
  await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('polygon')
  await drawOutline(page, OUTER)
  await page.keyboard.press('h')
  await drawOutline(page, HOLE)
  await page.keyboard.press('v')
  await clickRoom(page, 340, 140)
  await expect.poll(async () => (await historyLabels()).slice(-2)).toEqual(['Draw walk polygon', 'Draw hole'])
}

/** A ring's points in a fixed order (the saved file may start a hole elsewhere or turn it round). */
function pointSet(ring: Coord[]): string[] {
  return ring.map(([x, y]) => `${x},${y}`).sort()
}

function moved(ring: Coord[], [dx, dy]: Coord): Coord[] {
  return ring.map(([x, y]) => [x + dx, y + dy])
}

/** The walk polygons the test made (all but the sample's floor). */
function made(list: SavedPolygon[]): SavedPolygon[] {
  return list.filter((p) => p.id !== 'floor')
}

/** The polygons of `after` whose ids `before` lacked. */
function added(before: SavedPolygon[], after: SavedPolygon[]): SavedPolygon[] {
  const ids = new Set(before.map((p) => p.id))
  return after.filter((p) => !ids.has(p.id))
}

function shiftOf(a: Coord[], b: Coord[]): Coord[] {
  return a.map(([x, y], i) => [b[i][0] - x, b[i][1] - y])
}

describe('copy, cut, paste and duplicate', () => {
  it('pastes a polygon with its hole into another room at the pointer, shape kept, as one undo step', async () => {
    await page.getByRole('button', { name: 'Room actions for Courtyard' }).click()
    await page.locator('.room-menu').getByRole('menuitem', { name: 'Duplicate' }).click()
    // Duplicating copies the room's pictures (the background, its masks): give it time.
    await expect.poll(() => page.locator('[data-testid="room-list"] li').count(), { timeout: 15_000 }).toBe(2)
    const other = (await page.locator('[data-testid="room-list"] li').nth(1).getAttribute('data-room'))!
    await showRoom('courtyard')
    await drawPolygonWithHole()
    await page.keyboard.press('Control+c')
    await expect.poll(() => statusText(page)).toBe('Copied walk polygon')
    await saveAndWait(page)
    const otherBefore = await savedPolygons(other)

    await showRoom(other)
    const steps = (await historyLabels()).length
    await hoverRoom(page, 1200, 300)
    await page.keyboard.press('Control+v')
    await expect.poll(() => statusText(page)).toBe('Paste walk polygon')
    await hoverRoom(page, 1500, 80)
    await saveScreenshot(page, 'edtools-paste-across-rooms.png')
    // One undo step: the paste.
    expect(await historyLabels()).toHaveLength(steps + 1)
    expect((await historyLabels()).at(-1)).toBe('Paste walk polygon')
    await saveAndWait(page)
    const [pasted] = added(otherBefore, await savedPolygons(other))
    // The same shape, moved as one: every vertex of the outline and the hole by the same offset.
    const shift = shiftOf(OUTER, pasted.outer)[0]
    expect(shiftOf(OUTER, pasted.outer)).toEqual(OUTER.map(() => shift))
    expect(pointSet(pasted.holes[0])).toEqual(pointSet(moved(HOLE, shift)))
    // Its centre (500, 250) lands under the pointer (within one screen px at this zoom).
    const zoom = (await viewportOf(page)).zoom
    expect(Math.abs(500 + shift[0] - 1200)).toBeLessThanOrEqual(1 / zoom + 0.5)
    expect(Math.abs(250 + shift[1] - 300)).toBeLessThanOrEqual(1 / zoom + 0.5)

    // One undo step takes the paste back.
    await page.keyboard.press('Control+z')
    await expect.poll(async () => (await historyLabels()).length).toBe(steps)
    expect(await historyLabels()).not.toContain('Paste walk polygon')
  })

  it('cut removes the polygon and paste puts it back; duplicate makes a copy 10 px off', async () => {
    await drawPolygonWithHole()
    await saveAndWait(page)
    const [drawn] = made(await savedPolygons('courtyard'))
    expect(drawn.outer).toEqual(OUTER)

    await page.keyboard.press('Control+x')
    await expect.poll(() => statusText(page)).toBe('Cut walk polygon')
    await saveAndWait(page)
    expect(made(await savedPolygons('courtyard'))).toEqual([])

    // The pointer where the polygon's centre was: it comes back where it was.
    await hoverRoom(page, 500, 250)
    await page.keyboard.press('Control+v')
    await expect.poll(() => statusText(page)).toBe('Paste walk polygon')
    expect(await historyLabels()).toEqual([
      'Draw walk polygon',
      'Draw hole',
      'Cut walk polygon',
      'Paste walk polygon',
    ])
    await saveAndWait(page)
    const back = made(await savedPolygons('courtyard'))
    expect(back).toHaveLength(1)
    const shift = shiftOf(OUTER, back[0].outer)[0]
    expect(shiftOf(OUTER, back[0].outer)).toEqual(OUTER.map(() => shift))
    expect(Math.abs(shift[0]) + Math.abs(shift[1])).toBeLessThanOrEqual(4)

    // The pasted polygon is selected: Duplicate copies it 10 px right and down.
    const pastedNow = await savedPolygons('courtyard')
    await page.keyboard.press('Control+d')
    await expect.poll(() => statusText(page)).toBe('Duplicate walk polygon')
    await saveAndWait(page)
    const [copy] = added(pastedNow, await savedPolygons('courtyard'))
    expect(shiftOf(back[0].outer, copy.outer)).toEqual(OUTER.map(() => [10, 10]))
    expect(shiftOf(back[0].holes[0], copy.holes[0])).toEqual(HOLE.map(() => [10, 10]))
  })

  it('arrow keys nudge the selection 1 px, Shift+arrow 10 px, one undo step per key press', async () => {
    await drawPolygonWithHole()
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Shift+ArrowDown')
    await page.keyboard.press('ArrowUp')
    await expect.poll(async () => (await historyLabels()).length).toBe(7)
    expect((await historyLabels()).slice(2)).toEqual(Array(5).fill('Move walk polygon'))
    await saveAndWait(page)
    const polygons = await savedPolygons('courtyard')
    const [nudged] = made(polygons)
    expect(nudged.outer).toEqual(OUTER.map(([x, y]) => [x + 3, y + 9]))
    expect(pointSet(nudged.holes[0])).toEqual(pointSet(moved(HOLE, [3, 9])))
    // Undo takes back one press at a time.
    await page.keyboard.press('Control+z')
    await expect.poll(async () => (await historyLabels()).length).toBe(6)
  })
})

describe('grid and snapping', () => {
  it('puts drawn vertices on grid crossings and highlights the vertex or edge the pointer snaps to', async () => {
    await page.keyboard.press("Control+'")
    await expect.poll(() => page.getByLabel('Show grid').isChecked()).toBe(true)
    await page.keyboard.press('Control+;')
    await expect.poll(() => statusText(page)).toBe('Snapping on: grid, vertices and edges')
    await expect.poll(() => page.getByLabel('Snap to grid, vertices and edges').isChecked()).toBe(true)
    const step = Number(await page.getByLabel('Grid step').inputValue())
    expect(step).toBe(16)

    await page.keyboard.press('p')
    await drawOutline(page, [
      [305, 107],
      [698, 95],
      [690, 390],
      [310, 395],
    ])
    await expect.poll(historyLabels).toEqual(['Draw walk polygon'])
    await saveAndWait(page)
    const [drawn] = made(await savedPolygons('courtyard'))
    expect(drawn.outer).toEqual([
      [304, 112],
      [704, 96],
      [688, 384],
      [304, 400],
    ])
    for (const [x, y] of drawn.outer) expect([x % step, y % step]).toEqual([0, 0])

    // Near a corner: the corner catches the pointer, drawn as a cyan ring.
    const canvas = page.getByTestId('canvas-host')
    await hoverRoom(page, 699, 101)
    await expect.poll(() => canvas.getAttribute('data-snap')).toBe('vertex 704,96')
    const v = await viewportOf(page)
    const corner = toPage(v, 704, 96)
    const pixels = await screenshotPixels(page)
    let cyan = 0
    for (let dx = -8; dx <= 8; dx++)
      for (let dy = -8; dy <= 8; dy++)
        if (colourDistance(pixels.at(corner.x + dx, corner.y + dy), [0, 229, 255]) < 40) cyan++
    expect(cyan).toBeGreaterThan(8)
    await saveScreenshot(page, 'edtools-grid-snap-vertex.png')

    // Near the middle of the top edge: the edge catches it.
    await hoverRoom(page, 500, 108)
    await expect.poll(() => canvas.getAttribute('data-snap')).toMatch(/^edge /)
    const [x, y] = (await canvas.getAttribute('data-snap'))!.slice(5).split(',').map(Number)
    // On the line from (304, 112) to (704, 96), near x = 500.
    expect(Math.abs(x - 500)).toBeLessThan(3)
    expect(Math.abs(y - (112 - (16 * (x - 304)) / 400))).toBeLessThan(0.05)
    await saveDocsImage(page, 'walkbox-grid-snap.png')

    // Select: the corner (688, 384) dragged near the floor's vertex (1000, 500) snaps onto it,
    // highlighted while dragging; one undo step.
    await page.keyboard.press('v')
    await expect.poll(() => canvas.getAttribute('data-tool')).toBe('select')
    const from = toPage(await viewportOf(page), 688, 384)
    const to = toPage(await viewportOf(page), 996, 503)
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(to.x, to.y, { steps: 8 })
    await expect.poll(() => canvas.getAttribute('data-snap')).toBe('vertex 1000,500')
    await saveScreenshot(page, 'edtools-select-drag-snap.png')
    await page.mouse.up()
    await expect.poll(historyLabels).toEqual(['Draw walk polygon', 'Move vertex'])
    await saveAndWait(page)
    expect(made(await savedPolygons('courtyard'))[0].outer[2]).toEqual([1000, 500])
  })
})

describe('the measure tool and the rulers', () => {
  it('reads a drag from (10,10) to (40,50) as 50.0 px at 53.1°; the rulers count room px', async () => {
    // Snap to a 10 px grid so that the drag's ends are exactly those points at this zoom.
    await page.keyboard.press('Control+;')
    await page.getByLabel('Grid step').fill('10')
    await page.getByLabel('Grid step').press('Enter')
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press("Control+'")
    await page.keyboard.press('m')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('measure')
    await dragRoom(page, [
      [10, 10],
      [40, 50],
    ])
    await expect.poll(() => page.getByTestId('canvas-label').textContent()).toMatch(/50\.0 px · 53\.1°/)
    expect(await statusText(page)).toBe('Measured 50.0 px · 53.1°')
    // A longer one to look at, across the courtyard.
    await dragRoom(page, [
      [400, 150],
      [1000, 300],
    ])
    await expect.poll(() => page.getByTestId('canvas-label').textContent()).toMatch(/618\.5 px · 14\.0°/)
    // Rulers (Alt+R) in room px along the canvas: the label 600 sits over room x = 600.
    await page.keyboard.press('Alt+r')
    const label = page.getByTestId('ruler-top').locator('text[data-value="600"]')
    await expect.poll(() => label.count()).toBe(1)
    const v = await viewportOf(page)
    expect(Number(await label.getAttribute('data-at'))).toBeCloseTo(toPage(v, 600, 0).x - v.left, 3)
    await saveDocsImage(page, 'walkbox-measure.png')
    expect(await historyLabels()).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('canvas-label').count()).toBe(0)
  })
})

describe('recent projects', () => {
  it('lists them in File › Open Recent and on the start panel, and opens them', async () => {
    const bar = page.getByRole('menubar', { name: 'Menu bar' })
    const title = () => page.getByTestId('title').textContent()
    await bar.getByRole('menuitem', { name: 'File', exact: true }).click()
    await page.locator('[role="menu"] [data-action="file.saveAs"]').click()
    // Save As asks for the copy's name, proposing "<name> copy".
    const saveAs = page.getByRole('dialog', { name: 'Save As' })
    expect(await saveAs.getByLabel('Name of the copy').inputValue()).toBe('Walkbox sample copy')
    await saveAs.getByRole('button', { name: 'Save copy' }).click()
    await expect.poll(title).toContain('Walkbox sample copy')

    await bar.getByRole('menuitem', { name: 'File', exact: true }).click()
    const recent = page.getByTestId('open-recent').getByRole('menuitem')
    await expect.poll(() => recent.allTextContents()).toEqual(['Walkbox sample copy', 'Walkbox sample'])
    await saveScreenshot(page, 'edtools-open-recent.png')
    await recent.filter({ hasText: /^Walkbox sample$/ }).click()
    await expect.poll(title).toMatch(/^Walkbox sample — Courtyard/)

    // A new, empty project: the start panel offers the recent ones.
    await page.getByRole('button', { name: 'New Project…' }).click()
    await page.getByRole('dialog').getByLabel('Project name').fill('Empty')
    await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
    await expect.poll(title).toBe('Empty')
    const start = page.getByTestId('no-room').getByTestId('recent-projects')
    await expect
      .poll(() => start.locator('button.open').allTextContents())
      .toEqual(['Walkbox sample', 'Walkbox sample copy'])
    await saveScreenshot(page, 'edtools-start-recent.png')
    await start.getByRole('button', { name: 'Walkbox sample copy', exact: true }).click()
    await expect.poll(title).toMatch(/^Walkbox sample copy — Courtyard/)
  })
})
