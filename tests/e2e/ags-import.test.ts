/**
 * An AGS game in the editor, in real Chromium from an empty profile: the bench game folder
 * (../shared/bench/engines/ags-tumbleweed) picked in the Import dialog offers the AGS 4
 * room folder's data.xml and the AGS 3 room1.crm; each reads as the same 320x200 room with
 * its walkable area and walk-behind named in the notes, and the AGS 4 room is added
 * (docs/images/walkbox-ags.png shows that state; this test writes no file).
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { benchPath } from '../support/bench-data'
import { statusText } from './helpers'
import { openSample } from './authoring-helpers'
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

describe('an AGS game in the editor', () => {
  it('imports room 1 from the picked game folder, as AGS 4 and as AGS 3, and adds it', async () => {
    await page.getByRole('button', { name: '+ Room' }).click()
    await page.getByRole('menuitem', { name: IMPORT_FROM_ENGINES }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('import-folder-input').setInputFiles(benchPath('engines', 'ags-tumbleweed'))
    for (const file of ['room1.crm', 'Rooms/1/data.xml']) {
      await dialog.getByLabel('File to import').selectOption(file)
      await expect
        .poll(() => dialog.getByTestId('import-notes').textContent(), { timeout: 30_000 })
        .toContain('walk-behinds: 1 (15678 px, baseline y=197)')
      expect(await dialog.getByTestId('import-facts').textContent()).toContain('320×200 px')
      expect(await dialog.getByTestId('import-notes').textContent()).toContain('walkable areas: 1 (8317 px)')
    }
    await dialog.getByRole('button', { name: 'Add room' }).click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Room 1')
    await expect.poll(() => statusText(page)).toMatch(/Imported room Room 1/)
  }, 120_000)
})
