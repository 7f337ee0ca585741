/**
 * Background frames in the browser edition, in real Chromium: a copy of the bench AGS game
 * whose room 1 has a second background (`background1.png`, the first one recoloured as a
 * red alert, and data.xml's BackgroundCount 2) is opened with File › Open Game Folder…; View › Next Background Frame
 * draws the other frame in Edit and Compare (read back from the canvases' pixels), the Layers panel's Background
 * choice follows, and switching is no edit; an edit saved and written into the game writes
 * the mask alone; after a reload the project still has both frames and the game's
 * background files are untouched.
 *
 * Units: room px.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { filesBelow } from '../support/folder-listing'
import { benchPath } from '../support/bench-data'
import {
  colourDistance,
  readOpfs,
  saveDocsImage,
  saveScreenshot,
  screenshotPixels,
  statusText,
  toPage,
  viewportOf,
  waitUntil,
  writeOpfs,
} from './helpers'
import { dragRoom, openSample, SAMPLE_REF, saveAndWait } from './authoring-helpers'
import { compareViewport, roomToPage } from './compare-helpers'

let browser: LaunchedBrowser
let page: Page
const GAME = 'games/ags-frames'
/** A pixel of room 1's console light (not walkable, under no walk-behind), in a flat 5x5 patch of both frames. */
const SKY = { x: 115, y: 79 }

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

/** The bench AGS game with a second background in room 1; its bytes and its colour at SKY. */
async function putGameWithFrames(): Promise<{ bytes: Uint8Array; colour: [number, number, number] }> {
  const source = benchPath('engines', 'ags-tumbleweed')
  for (const path of await filesBelow(source)) {
    let bytes = new Uint8Array(await readFile(join(source, path)))
    if (path === 'Rooms/1/data.xml')
      bytes = new TextEncoder().encode(
        new TextDecoder()
          .decode(bytes)
          .replace('<BackgroundCount>1</BackgroundCount>', '<BackgroundCount>2</BackgroundCount>'),
      )
    await writeOpfs(page, `${GAME}/${path}`, bytes)
  }
  const frame = await recolouredFrame()
  await writeOpfs(page, `${GAME}/Rooms/1/background1.png`, frame.bytes)
  return frame
}

/** Room 1's background recoloured as a red alert: its PNG bytes and its colour at SKY. */
async function recolouredFrame(): Promise<{ bytes: Uint8Array; colour: [number, number, number] }> {
  const recoloured = sharp(benchPath('engines', 'ags-tumbleweed', 'Rooms', '1', 'background0.png'))
    .removeAlpha()
    .modulate({ brightness: 1, hue: 150 })
    .linear(1.6, 30)
  const bytes = new Uint8Array(await recoloured.clone().png().toBuffer())
  const { data, info } = await recoloured.raw().toBuffer({ resolveWithObject: true })
  const i = (SKY.y * info.width + SKY.x) * 3
  return { bytes, colour: [data[i], data[i + 1], data[i + 2]] }
}

async function openGame(): Promise<void> {
  await page.evaluate((game) => {
    ;(
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () => {
      let dir = await navigator.storage.getDirectory()
      for (const part of game.split('/')) dir = await dir.getDirectoryHandle(part)
      return dir
    }
  }, GAME)
  await page
    .getByRole('menubar', { name: 'Menu bar' })
    .getByRole('menuitem', { name: 'File', exact: true })
    .click()
  await page.locator('[role="menu"] [data-action="file.openGame"]').click()
  const dialog = page.getByRole('dialog', { name: 'Read the game' })
  await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
  expect((await dialog.getByTestId('game-read-notes').textContent()) ?? '').toContain(
    'backgrounds: 2 frames (background1.png beside background.png)',
  )
  await dialog.getByRole('button', { name: 'OK' }).click()
  await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Room 1')
}

async function nextFrameFromMenu(): Promise<void> {
  await page
    .getByRole('menubar', { name: 'Menu bar' })
    .getByRole('menuitem', { name: 'View', exact: true })
    .click()
  await page.locator('[role="menu"] [data-action="view.nextBackground"]').click()
}

/** The canvas colour at a room point. */
async function canvasAt(x: number, y: number): Promise<[number, number, number]> {
  const v = await viewportOf(page)
  const p = toPage(v, x + 0.5, y + 0.5)
  return (await screenshotPixels(page)).at(p.x, p.y)
}

describe('background frames in the browser edition', () => {
  it('switches the shown frame from the View menu (no edit), saves an edit, and keeps both frames after a reload', async () => {
    const { bytes: frameBytes, colour: FRAME } = await putGameWithFrames()
    await openGame()
    // The room's art is dark at the canvas centre and corner alike: wait for the render to settle.
    await page.waitForTimeout(1500)
    const main = await canvasAt(SKY.x, SKY.y)
    expect(colourDistance(main, FRAME)).toBeGreaterThan(60)
    const select = page.getByTestId('background-frame')
    expect(await select.inputValue()).toBe('0')

    await nextFrameFromMenu()
    await waitUntil(
      () => statusText(page),
      (t) => t.includes('Showing Background 1'),
      'the frame switch to be reported',
    )
    await expect.poll(async () => colourDistance(await canvasAt(SKY.x, SKY.y), FRAME)).toBeLessThan(12)
    expect(await select.inputValue()).toBe('1')
    // A view setting: no unsaved mark, nothing to undo.
    expect((await page.getByTestId('title').textContent()) ?? '').not.toMatch(/^•/)
    await saveScreenshot(page, 'background-frames-frame-2.png')
    await saveDocsImage(page, 'walkbox-ags-frames.png')

    // Compare shows the same frame in its panes.
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
    await page.waitForTimeout(1500)
    const compareAt = async () => {
      const p = roomToPage(await compareViewport(page), SKY.x + 0.5, SKY.y + 0.5)
      return (await screenshotPixels(page)).at(p.x, p.y)
    }
    await expect.poll(async () => colourDistance(await compareAt(), FRAME)).toBeLessThan(12)
    await saveScreenshot(page, 'background-frames-compare.png')
    await page.getByRole('tab', { name: 'Edit' }).click()
    await page.waitForTimeout(500)

    // The Layers panel's choice goes back to the main background.
    await select.selectOption('0')
    await expect.poll(async () => colourDistance(await canvasAt(SKY.x, SKY.y), main)).toBeLessThan(12)

    // The game's project holds both frames; the game's own files are as they were.
    const roomDir = `${GAME}/.walkbox/project/rooms/room-1`
    const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, `${roomDir}/room.json`))) as {
      backgroundFrames?: { file: string }[]
    }
    expect(room.backgroundFrames).toEqual([{ file: 'background1.png' }])
    expect(
      Buffer.from(await readOpfs(page, `${roomDir}/background1.png`)).equals(Buffer.from(frameBytes)),
    ).toBe(true)

    // An edit saved and written into the game: the mask alone is written, the backgrounds stay.
    const before = {
      xml: await readOpfs(page, `${GAME}/Rooms/1/data.xml`),
      main: await readOpfs(page, `${GAME}/Rooms/1/background0.png`),
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
    expect(
      Buffer.from(await readOpfs(page, `${GAME}/Rooms/1/data.xml`)).equals(Buffer.from(before.xml)),
    ).toBe(true)
    expect(
      Buffer.from(await readOpfs(page, `${GAME}/Rooms/1/background0.png`)).equals(Buffer.from(before.main)),
    ).toBe(true)

    // Reload: the editor reopens the game's project; the second frame is still there.
    await page.reload()
    await expect.poll(() => page.getByTestId('room-name').textContent(), { timeout: 30_000 }).toBe('Room 1')
    await page.waitForTimeout(1500)
    await nextFrameFromMenu()
    await expect.poll(async () => colourDistance(await canvasAt(SKY.x, SKY.y), FRAME)).toBeLessThan(12)
    expect(
      Buffer.from(await readOpfs(page, `${GAME}/Rooms/1/background1.png`)).equals(Buffer.from(frameBytes)),
    ).toBe(true)

    // How the game animates the frames: set in the Layers panel, written into data.xml.
    const xmlText = async () => new TextDecoder().decode(await readOpfs(page, `${GAME}/Rooms/1/data.xml`))
    const delayBefore = /<BackgroundAnimationDelay>(\d+)</.exec(await xmlText())?.[1]
    expect(await page.getByTestId('background-delay').inputValue()).toBe(delayBefore)
    await page.getByTestId('background-delay').fill('12')
    await page.getByTestId('background-delay').press('Enter')
    await page.getByTestId('background-delay').blur()
    await saveScreenshot(page, 'background-frames-animation.png')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => write.isVisible(), { timeout: 30_000 }).toBe(true)
    expect(await write.getByRole('list', { name: 'Files to write' }).textContent()).toContain('data.xml')
    await write.getByRole('button', { name: 'Write' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /Wrote Rooms\/1\/data\.xml into ags-frames/.test(t),
      'the write of data.xml to be reported',
    )
    expect(await xmlText()).toContain('<BackgroundAnimationDelay>12</BackgroundAnimationDelay>')
  }, 180_000)

  it('Import Room lists the frames, the added room shows them, and its first save writes them', async () => {
    // The game folder as the author picks it from disk in the Import dialog.
    const dir = await mkdtemp(join(tmpdir(), 'walkbox-frames-import-'))
    try {
      const game = join(dir, 'ags-frames')
      await cp(benchPath('engines', 'ags-tumbleweed'), game, { recursive: true })
      const xml = join(game, 'Rooms', '1', 'data.xml')
      await writeFile(
        xml,
        (await readFile(xml, 'utf8')).replace(
          '<BackgroundCount>1</BackgroundCount>',
          '<BackgroundCount>2</BackgroundCount>',
        ),
      )
      const { bytes: frameBytes, colour: FRAME } = await recolouredFrame()
      await writeFile(join(game, 'Rooms', '1', 'background1.png'), frameBytes)

      await page.getByRole('button', { name: '+ Room' }).click()
      await page.getByRole('menuitem', { name: 'Import from Godot, Tiled, AGS…' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByTestId('import-folder-input').setInputFiles(game)
      await dialog.getByLabel('File to import').selectOption('Rooms/1/data.xml')
      await expect
        .poll(() => dialog.getByTestId('import-facts').textContent(), { timeout: 30_000 })
        .toContain('background.png and 1 more frame (background1.png)')
      await saveScreenshot(dialog, 'background-frames-import-dialog.png')
      await dialog.getByRole('button', { name: 'Add room' }).click()
      await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Room 1')
      await page.waitForTimeout(1500)
      await nextFrameFromMenu()
      await expect.poll(async () => colourDistance(await canvasAt(SKY.x, SKY.y), FRAME)).toBeLessThan(12)

      await saveAndWait(page)
      const saved = await readOpfs(page, `${SAMPLE_REF}/rooms/room-1/background1.png`)
      expect(Buffer.from(saved).equals(Buffer.from(frameBytes))).toBe(true)
      const room = JSON.parse(
        new TextDecoder().decode(await readOpfs(page, `${SAMPLE_REF}/rooms/room-1/room.json`)),
      ) as { backgroundFrames?: { file: string }[] }
      expect(room.backgroundFrames).toEqual([{ file: 'background1.png' }])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
