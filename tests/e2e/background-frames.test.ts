/**
 * Background frames through File › Import Room… in the browser edition, in real Chromium: a
 * copy of the bench AGS game whose room 1 has a second background (tests/e2e/frames-game.ts)
 * picked in the Import dialog lists both frames, the added room shows the second with View ›
 * Next Background Frame, and its first save writes it. (The frames of a game opened in place,
 * on both editions: tests/e2e/editions/background-frames.test.ts.)
 *
 * Units: room px.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { colourDistance, readOpfs, saveScreenshot, screenshotPixels, toPage, viewportOf } from './helpers'
import { openSample, SAMPLE_REF, saveAndWait } from './authoring-helpers'
import { gameWithFrames, SKY } from './frames-game'
import { IMPORT_FROM_ENGINES } from '../../src/shared/formats/engine-texts'

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

describe('background frames imported in the browser edition', () => {
  it('Import Room lists the frames, the added room shows them, and its first save writes them', async () => {
    // The game folder as the author picks it from disk in the Import dialog.
    const dir = await mkdtemp(join(tmpdir(), 'walkbox-frames-import-'))
    try {
      const game = join(dir, 'ags-frames')
      const { files, frame } = await gameWithFrames()
      for (const [path, bytes] of Object.entries(files)) {
        await mkdir(dirname(join(game, path)), { recursive: true })
        await writeFile(join(game, path), bytes)
      }
      const { bytes: frameBytes, colour: FRAME } = frame

      await page.getByRole('button', { name: '+ Room' }).click()
      await page.getByRole('menuitem', { name: IMPORT_FROM_ENGINES }).click()
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
