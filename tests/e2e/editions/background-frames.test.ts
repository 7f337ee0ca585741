/**
 * Background frames on both editions (tests/e2e/editions/edition.ts): a copy of the bench AGS
 * game whose room 1 has a second background (tests/e2e/frames-game.ts) is opened with File ›
 * Open Game Folder…; View › Next Background Frame (the page's menu bar, the native menu)
 * draws the other frame in Edit and Compare (read back from the canvases' pixels), the Layers
 * panel's Background choice follows, and switching is no edit; an edit saved and written into
 * the game writes the mask alone; after a restart (a reload; the app ended and started again)
 * the project still has both frames, the game's background files are untouched, and the
 * animation delay set in the Layers panel is written into data.xml.
 * On the desktop this failed before the host method table: the renderer's Electron wrapper
 * rebuilt a loaded room without `backgroundFrames`, so View › Next Background Frame did nothing.
 *
 * Units: room px.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  colourDistance,
  saveDocsImage,
  saveScreenshot,
  screenshotPixels,
  statusText,
  toPage,
  viewportOf,
  waitUntil,
} from '../helpers'
import { dragRoom } from '../authoring-helpers'
import { compareViewport, roomToPage } from '../compare-helpers'
import { gameWithFrames, SKY } from '../frames-game'
import { EDITION, startEdition, type Edition, type Folder } from './edition'

let edition: Edition

beforeEach(async () => {
  edition = await startEdition()
})

afterEach(async () => {
  await edition?.close()
})

async function openGame(game: Folder): Promise<void> {
  await edition.pickFolder(game)
  await edition.menu('File', 'file.openGame')
  const dialog = edition.page.getByRole('dialog', { name: 'Read the game' })
  await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
  expect((await dialog.getByTestId('game-read-notes').textContent()) ?? '').toContain(
    'backgrounds: 2 frames (background1.png beside background.png)',
  )
  await dialog.getByRole('button', { name: 'OK' }).click()
  await expect.poll(() => edition.page.getByTestId('room-name').textContent()).toBe('Room 1')
}

/** The canvas colour at a room point. */
async function canvasAt(x: number, y: number): Promise<[number, number, number]> {
  const v = await viewportOf(edition.page)
  const p = toPage(v, x + 0.5, y + 0.5)
  return (await screenshotPixels(edition.page)).at(p.x, p.y)
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))

describe(`background frames (${EDITION} edition)`, () => {
  it('switches the shown frame from the View menu (no edit), saves an edit, and keeps both frames after a restart', async () => {
    const { files, frame } = await gameWithFrames()
    const FRAME = frame.colour
    const game = await edition.putFolder('ags-frames', files)
    await openGame(game)
    const page = edition.page
    // The room's art is dark at the canvas centre and corner alike: wait for the render to settle.
    await page.waitForTimeout(1500)
    const main = await canvasAt(SKY.x, SKY.y)
    expect(colourDistance(main, FRAME)).toBeGreaterThan(60)
    const select = page.getByTestId('background-frame')
    expect(await select.inputValue()).toBe('0')

    await edition.menu('View', 'view.nextBackground')
    await waitUntil(
      () => statusText(page),
      (t) => t.includes('Showing Background 1'),
      'the frame switch to be reported',
    )
    await expect.poll(async () => colourDistance(await canvasAt(SKY.x, SKY.y), FRAME)).toBeLessThan(12)
    expect(await select.inputValue()).toBe('1')
    // A view setting: no unsaved mark, nothing to undo.
    expect((await page.getByTestId('title').textContent()) ?? '').not.toMatch(/^•/)
    await saveScreenshot(page, `background-frames-frame-2-${EDITION}.png`)
    if (EDITION === 'browser') await saveDocsImage(page, 'walkbox-ags-frames.png')

    // Compare shows the same frame in its panes.
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
    await page.waitForTimeout(1500)
    const compareAt = async () => {
      const p = roomToPage(await compareViewport(page), SKY.x + 0.5, SKY.y + 0.5)
      return (await screenshotPixels(page)).at(p.x, p.y)
    }
    await expect.poll(async () => colourDistance(await compareAt(), FRAME)).toBeLessThan(12)
    await saveScreenshot(page, `background-frames-compare-${EDITION}.png`)
    await page.getByRole('tab', { name: 'Edit' }).click()
    await page.waitForTimeout(500)

    // The Layers panel's choice goes back to the main background.
    await select.selectOption('0')
    await expect.poll(async () => colourDistance(await canvasAt(SKY.x, SKY.y), main)).toBeLessThan(12)

    // The game's project holds both frames; the game's own files are as they were.
    const roomDir = '.walkbox/project/rooms/room-1'
    const room = JSON.parse(
      new TextDecoder().decode(await edition.readFile(game, `${roomDir}/room.json`)),
    ) as {
      backgroundFrames?: { file: string }[]
    }
    expect(room.backgroundFrames).toEqual([{ file: 'background1.png' }])
    expect(same(await edition.readFile(game, `${roomDir}/background1.png`), frame.bytes)).toBe(true)

    // An edit saved and written into the game: the mask alone is written, the backgrounds stay.
    const before = {
      xml: await edition.readFile(game, 'Rooms/1/data.xml'),
      main: await edition.readFile(game, 'Rooms/1/background0.png'),
    }
    await page.keyboard.press('b')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('brush')
    await page.getByLabel('Paint area 1').check()
    await dragRoom(page, [
      [60, 20],
      [120, 20],
    ])
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const write = page.getByRole('dialog', { name: 'Write into the game' })
    await expect.poll(() => write.isVisible(), { timeout: 30_000 }).toBe(true)
    expect(await write.getByRole('list', { name: 'Files to write' }).getByRole('listitem').count()).toBe(1)
    await write.getByRole('button', { name: 'Write' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /Wrote Rooms\/1\/walkableareas\.png into ags-frames/.test(t),
      'the write to be reported',
    )
    expect(same(await edition.readFile(game, 'Rooms/1/data.xml'), before.xml)).toBe(true)
    expect(same(await edition.readFile(game, 'Rooms/1/background0.png'), before.main)).toBe(true)

    // A restart: the editor reopens the game's project; the second frame is still there.
    await edition.restart()
    const again = edition.page
    await expect.poll(() => again.getByTestId('room-name').textContent(), { timeout: 30_000 }).toBe('Room 1')
    await again.waitForTimeout(1500)
    await edition.menu('View', 'view.nextBackground')
    await expect.poll(async () => colourDistance(await canvasAt(SKY.x, SKY.y), FRAME)).toBeLessThan(12)
    expect(same(await edition.readFile(game, 'Rooms/1/background1.png'), frame.bytes)).toBe(true)

    // How the game animates the frames: set in the Layers panel, written into data.xml.
    const xmlText = async () => new TextDecoder().decode(await edition.readFile(game, 'Rooms/1/data.xml'))
    const delayBefore = /<BackgroundAnimationDelay>(\d+)</.exec(await xmlText())?.[1]
    const delay = again.getByTestId('background-delay')
    expect(await delay.inputValue()).toBe(delayBefore)
    await delay.fill('12')
    await delay.press('Enter')
    await delay.blur()
    await saveScreenshot(again, `background-frames-animation-${EDITION}.png`)
    await again.getByRole('button', { name: 'Save', exact: true }).click()
    const writeAgain = again.getByRole('dialog', { name: 'Write into the game' })
    await expect.poll(() => writeAgain.isVisible(), { timeout: 30_000 }).toBe(true)
    expect(await writeAgain.getByRole('list', { name: 'Files to write' }).textContent()).toContain('data.xml')
    await writeAgain.getByRole('button', { name: 'Write' }).click()
    await waitUntil(
      () => statusText(again),
      (t) => /Wrote Rooms\/1\/data\.xml into ags-frames/.test(t),
      'the write of data.xml to be reported',
    )
    expect(await xmlText()).toContain('<BackgroundAnimationDelay>12</BackgroundAnimationDelay>')
  }, 180_000)
})
