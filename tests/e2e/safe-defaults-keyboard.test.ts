/**
 * Safe defaults and a complete keyboard (issue #31), in real Chromium at 1280 x 800 on the
 * sample. Reproduces the wrong answers and traps:
 * - the unsaved-work dialog opened with the focus on "Don't Save" (Enter threw the work away):
 *   now on Save, and Enter saves;
 * - Undo in a room could undo "Duplicate room", deleting the room the author was in: now Undo
 *   takes back the room's edits only; Edit › Undo Project Change (named) takes the duplicate back;
 * - F10 and Alt did not reach the menu bar; dialogs did not keep the focus nor give it back;
 *   the shortcut sheet left out the canvas keys;
 * - Compare drew neither zones nor open gates; "100%" read as the zoom; the baseline tool
 *   ignored clicks silently; panels clipped at 1280 px.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { saveScreenshot, screenshotPixels, statusText } from './helpers'
import { clickRoom, sampleForEachTest } from './authoring-helpers'
import { compareViewport, roomToPage } from './compare-helpers'

let page: Page
sampleForEachTest((p) => (page = p))

const focusedText = (p: Page) => p.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
const roomCount = (p: Page) => p.locator('[data-testid="room-list"] li').count()

async function openEditMenu(p: Page): Promise<void> {
  await p
    .getByRole('menubar', { name: 'Menu bar' })
    .getByRole('menuitem', { name: 'Edit', exact: true })
    .click()
}

describe('safe defaults', () => {
  it('opens the unsaved-work dialog on Save, and Enter saves', async () => {
    // An edit: the room's name (a project change) makes the project unsaved.
    await page.getByRole('button', { name: 'Room actions for Courtyard' }).click()
    await page.getByRole('menuitem', { name: 'Rename…' }).click()
    await page.getByRole('dialog').getByLabel('Room name').fill('Yard')
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click()
    await expect.poll(() => page.getByTestId('title').textContent()).toMatch(/^•/)
    await page.getByRole('button', { name: 'New Project…' }).click()
    const unsaved = page.getByRole('dialog', { name: 'Unsaved changes' })
    await unsaved.waitFor()
    expect(await focusedText(page)).toBe('Save')
    await saveScreenshot(page, 'safe-unsaved-dialog.png')
    await page.keyboard.press('Enter')
    // Saved, not thrown away: the title loses its mark, then the new project asks its name.
    const next = page.getByRole('dialog', { name: 'New project' })
    await next.waitFor()
    expect(await page.getByTestId('title').textContent()).not.toMatch(/^•/)
    expect(await page.getByTestId('room-list').textContent()).toContain('Yard')
    await next.getByRole('button', { name: 'Cancel' }).click()
  })

  it("never undoes Duplicate Room with the room's Undo; Undo Project Change, named in the Edit menu, does", async () => {
    await page.getByRole('button', { name: 'Room actions for Courtyard' }).click()
    await page.locator('.room-menu').getByRole('menuitem', { name: 'Duplicate' }).click()
    // The copy's background is encoded as a PNG first: seconds on a loaded machine.
    await expect.poll(() => roomCount(page), { timeout: 60_000 }).toBe(2)
    // The duplicate is on screen: the author works in it.
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Courtyard copy')
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+z')
    await page.waitForTimeout(300)
    expect(await roomCount(page)).toBe(2)
    await openEditMenu(page)
    const item = page.locator('[role="menu"] [data-action="edit.undoProject"]')
    expect(await item.textContent()).toContain('Undo Project Change: Duplicate room')
    await saveScreenshot(page, 'safe-edit-menu-undo-project.png')
    await item.click()
    await expect.poll(() => roomCount(page)).toBe(1)
  })

  it('asks for the name of a Save As copy', async () => {
    await page
      .getByRole('menubar', { name: 'Menu bar' })
      .getByRole('menuitem', { name: 'File', exact: true })
      .click()
    await page.locator('[role="menu"] [data-action="file.saveAs"]').click()
    const dialog = page.getByRole('dialog', { name: 'Save As' })
    const name = dialog.getByLabel('Name of the copy')
    expect(await name.inputValue()).toBe('Walkbox sample copy')
    await name.fill('Courtyard study')
    await saveScreenshot(page, 'safe-save-as.png')
    await dialog.getByRole('button', { name: 'Save copy' }).click()
    await expect.poll(() => page.getByTestId('title').textContent()).toContain('Courtyard study')
  })
})

describe('the keyboard', () => {
  it('reaches the menu bar with F10 and with Alt alone, and gives the focus back', async () => {
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('F10')
    expect(await focusedText(page)).toBe('File')
    await page.keyboard.press('ArrowRight')
    expect(await focusedText(page)).toBe('Edit')
    await page.keyboard.press('Escape')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('canvas-host')
    await page.keyboard.press('Alt')
    expect(['File', 'Edit']).toContain(await focusedText(page))
    await page.keyboard.press('Alt')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('canvas-host')
  })

  it('keeps Tab inside a dialog and gives the focus back when it closes', async () => {
    const opener = page.getByRole('button', { name: 'Room actions for Courtyard' })
    await opener.click()
    await page.getByRole('menuitem', { name: 'Rename…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Rename room' })
    await dialog.waitFor()
    // Room name, Cancel, Rename, then round again: never out of the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
    }
    // Opened from the canvas: Escape closes it and the canvas has the focus again.
    await page.keyboard.press('Escape')
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('F1')
    await page.getByTestId('shortcut-sheet').waitFor()
    await page.keyboard.press('Escape')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('canvas-host')
  })

  it('lists every key in the shortcut sheet, the canvas keys included', async () => {
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('F1')
    const sheet = page.getByTestId('shortcut-sheet')
    await sheet.waitFor()
    for (const group of ['canvas', 'tools', 'compare', 'menus'])
      expect(await sheet.locator(`[data-keys-group="${group}"]`).count(), group).toBe(1)
    const text = (await sheet.textContent()) ?? ''
    for (const key of ['Space + drag', '[  ]', 'Backspace', 'Shift + click', 'F10', 'Undo Project Change'])
      expect(text, key).toContain(key)
    await saveScreenshot(page, 'safe-shortcut-sheet.png')
  })
})

describe('what the screens say', () => {
  it('draws the trigger zones in Compare', async () => {
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))))
    // The fountain's zone (x 380..660, y 640..880): its amber outline on the left edge.
    const v = await compareViewport(page)
    const shot = await screenshotPixels(page)
    const amber = [-2, -1, 0, 1, 2]
      .map((d) => roomToPage(v, 380 + d / v.zoom, 760))
      .map((p) => shot.at(Math.round(p.x), Math.round(p.y)))
      .some(([r, g, b]) => r > 150 && r > b + 60 && g > b + 20)
    expect(amber, 'an amber zone outline at x = 380').toBe(true)
    await saveScreenshot(page, 'safe-compare-zones.png')
  })

  it('reads 1:1 on the actual-size button and "zoom" in the status bar', async () => {
    expect(await page.locator('[data-action="view.actualSize"]').textContent()).toBe('1:1')
    expect(await page.locator('footer.status').textContent()).toMatch(/zoom \d+(\.\d)?%/)
  })

  it('says why the baseline tool ignores a click', async () => {
    await page.getByRole('button', { name: 'Add walk-behind' }).click()
    await page.keyboard.press('y')
    await clickRoom(page, 900, 200)
    await expect.poll(() => statusText(page)).toMatch(/^No baseline here: press on a dashed baseline/)
  })

  it('holds the layout at 1280 x 800: no panel clips its content sideways', async () => {
    const overflows = (p: Page) =>
      p.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('aside, section, .metrics, header.toolbar, footer.status')]
          .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.getAttribute('aria-label') ?? el.className),
      )
    expect(await overflows(page)).toEqual([])
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
    await clickRoom(page, 520, 760).catch(() => undefined)
    await page.mouse.click(10, 790)
    expect(await overflows(page)).toEqual([])
    await saveScreenshot(page, 'safe-layout-1280.png')
  })
})
