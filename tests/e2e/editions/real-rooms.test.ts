/**
 * Rooms from real art on both editions (tests/e2e/editions/edition.ts), each test from a
 * first start (an empty browser profile; an empty userData folder): a new project; a room
 * from a real background of ../shared/bench/rooms picked with the host's file picker (the
 * browser's file input, the desktop's open dialog; size and name from the image) and its
 * four walk masks, one area each; a flag and a gate bound to it; a second room from another
 * background; switching back and forth with unsaved edits kept; save, restart, everything
 * back; a background dropped on the window; and closing the window while edits are unsaved
 * (the browser's own prompt; the desktop's Save / Don't Save / Cancel, and the app quits when
 * the author lets it close).
 */
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { benchPath } from '../../support/bench-data'
import { saveScreenshot, statusText, waitForCanvasDrawn } from '../helpers'
import { clickRoom, drawOutline, saveAndWait } from '../authoring-helpers'
import { desktopOf, EDITION, startEdition, type Edition } from './edition'

const STREET_BG = benchPath('rooms', 'monoags-brokencurbstreet-background.png')
const STREET_MASKS = [1, 2, 3, 4].map((n) => benchPath('rooms', `monoags-brokencurbstreet-walkable${n}.png`))
const STREET_SIDECAR = JSON.parse(
  readFileSync(benchPath('rooms', 'monoags-brokencurbstreet.json'), 'utf8'),
) as {
  union_walkable_pixels: number
}
const HOUSE_BG = benchPath('rooms', 'popochiu-house-background.png')

let edition: Edition

beforeEach(async () => {
  edition = await startEdition()
})

afterEach(async () => {
  await edition?.close()
})

async function newProject(name: string): Promise<void> {
  const page = edition.page
  edition.answerNewFolder(name)
  await page.getByRole('button', { name: 'New Project…' }).click()
  await page.getByRole('dialog').getByLabel('Project name').fill(name)
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
  await expect.poll(() => page.getByTestId('title').textContent(), { timeout: 30_000 }).toBe(name)
}

/** The New Room dialog from the project panel's menu, with `file` chosen through the file picker. */
async function newRoomFrom(file: string, name: string): Promise<void> {
  const page = edition.page
  await page.getByRole('button', { name: '+ Room' }).click()
  await page.getByRole('menuitem', { name: 'From background image…' }).click()
  const dialog = page.getByRole('dialog')
  await edition.chooseFile(file, () => dialog.getByRole('button', { name: 'Choose image…' }).click())
  await expect.poll(() => dialog.getByTestId('new-room-source').textContent()).toContain('px')
  await dialog.getByLabel('Room name').fill(name)
  await dialog.getByRole('button', { name: 'Create room' }).click()
  await expect.poll(() => statusText(page)).toContain(`New room ${name}`)
}

async function roomList(): Promise<string[]> {
  return edition.page.getByTestId('room-list').locator('li .name').allTextContents()
}

describe(`a project from real art (${EDITION} edition)`, () => {
  it('makes rooms from backgrounds, binds a gate to a flag, keeps edits per room, and saves it all', async () => {
    const page = edition.page
    await newProject('Broken Curb')
    await expect.poll(() => page.getByTestId('no-room').textContent()).toContain('has no rooms yet')

    // A room from a real 420x200 background: the room takes its size and the name the author gives.
    await page.getByRole('button', { name: '+ Room' }).click()
    await page.getByRole('menuitem', { name: 'From background image…' }).click()
    const dialog = page.getByRole('dialog')
    await edition.chooseFile(STREET_BG, () => dialog.getByRole('button', { name: 'Choose image…' }).click())
    await expect
      .poll(async () => (await dialog.getByTestId('new-room-source').textContent())?.trim())
      .toBe('monoags-brokencurbstreet-background.png · 420×200 px')
    // The name comes from the file name, editable.
    await expect(dialog.getByLabel('Room name').inputValue()).resolves.toBe(
      'Monoags brokencurbstreet background',
    )
    await expect(dialog.getByLabel('Room width').inputValue()).resolves.toBe('420')
    await expect(dialog.getByLabel('Room height').inputValue()).resolves.toBe('200')
    await saveScreenshot(page, `real-rooms-new-room-dialog-${EDITION}.png`)
    await dialog.getByLabel('Room name').fill('Street')
    await dialog.getByRole('button', { name: 'Create room' }).click()
    await expect
      .poll(() => statusText(page))
      .toBe('New room Street (420×200) from monoags-brokencurbstreet-background.png.')
    await expect.poll(() => page.getByTestId('room-size').textContent()).toBe('420 × 200 px')
    await waitForCanvasDrawn(page)
    // Fit zooms in: the 420 px room fills the canvas's width (16 px margins).
    const host = page.getByTestId('canvas-host')
    const width = (await host.boundingBox())!.width
    expect(Number(await host.getAttribute('data-zoom'))).toBeCloseTo((width - 32) / 420, 3)
    expect(Number(await host.getAttribute('data-zoom'))).toBeGreaterThan(1.5)

    // Its four walk masks (MonoAGS: one alpha mask per area), each into an area of its own.
    for (const [i, file] of STREET_MASKS.entries()) {
      await edition.chooseFile(file, () => page.getByRole('button', { name: 'Import mask…' }).click())
      const dialog = page.getByRole('dialog')
      await expect
        .poll(() => dialog.getByTestId('mask-import-size').textContent())
        .toBe("420×200 px, the room's size")
      if (i > 0)
        await dialog.getByLabel('Area of the imported mask').selectOption({ label: `a new area ${i + 1}` })
      await expect
        .poll(() => dialog.getByTestId('mask-import-summary').textContent())
        .toBe(`1 area: ${i + 1}`)
      await dialog.getByRole('button', { name: 'Import' }).click()
      await expect.poll(() => statusText(page)).toBe(`Imported ${basename(file)}: 1 area: ${i + 1}.`)
    }
    const counts = await page.locator('li[data-area] .count').allTextContents()
    expect(counts).toHaveLength(4)
    // Together the areas cover the union of the four masks, as the data's sidecar counts it.
    expect(counts.reduce((n, c) => n + Number(c), 0)).toBe(STREET_SIDECAR.union_walkable_pixels)
    // A room without polygons takes its walkable area from the imported mask.
    await expect(page.getByLabel('Authoritative representation').inputValue()).resolves.toBe('mask')
    await saveScreenshot(page, `real-rooms-masks-${EDITION}.png`)

    // A flag, and a gate bound to it.
    await page.getByRole('button', { name: '+ Flag' }).click()
    await page.getByRole('dialog').getByLabel('Flag name (e.g. Door open)').fill('Door open')
    await page.getByRole('dialog').getByRole('button', { name: 'Add flag' }).click()
    await expect.poll(() => page.getByLabel('Flag id doorOpen').inputValue()).toBe('doorOpen')
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('t')
    await drawOutline(page, [
      [200, 120],
      [240, 120],
      [240, 160],
      [200, 160],
    ])
    const expression = page.getByLabel('Gate flag expression')
    await expression.fill('!doorOpen')
    await expression.press('Tab')
    await expect
      .poll(() => page.getByTestId('history').locator('li[data-done="yes"]').last().textContent())
      .toContain('Change gate')

    // A second room from another background; the first keeps its unsaved gate.
    await newRoomFrom(HOUSE_BG, 'House')
    await expect.poll(() => page.getByTestId('room-size').textContent()).toBe('356 × 200 px')
    await expect.poll(() => roomList()).toEqual(['Street', 'House'])
    await expect.poll(() => page.getByTestId('room-list').locator('li[data-dirty="yes"]').count()).toBe(2)
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('z')
    await drawOutline(page, [
      [40, 150],
      [90, 150],
      [90, 190],
    ])
    await page
      .getByTestId('room-list')
      .getByRole('button', { name: /Street/ })
      .first()
      .click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Street')
    await expect
      .poll(() => page.getByTestId('selection-panel').getByRole('button', { name: '⊠ Gate 1' }).count())
      .toBe(1)
    await page.getByTestId('room-list').getByRole('button', { name: /House/ }).first().click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('House')
    await expect
      .poll(() => page.getByTestId('selection-panel').getByRole('button', { name: '◇ Zone 1' }).count())
      .toBe(1)
    // Undo in House takes back House's zone only.
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+z')
    await expect
      .poll(() => page.getByTestId('selection-panel').getByRole('button', { name: '◇ Zone 1' }).count())
      .toBe(0)
    await page.keyboard.press('Control+Shift+z')
    await saveScreenshot(page, `real-rooms-two-rooms-${EDITION}.png`)

    // Save, restart: both rooms, the flag and the gate are back.
    await saveAndWait(page)
    await edition.restart()
    const again = edition.page
    await expect
      .poll(() => again.getByTestId('title').textContent(), { timeout: 30_000 })
      .toBe('Broken Curb — Street')
    await expect.poll(() => roomList()).toEqual(['Street', 'House'])
    await expect.poll(() => again.getByLabel('Flag id doorOpen').count()).toBe(1)
    await again.getByTestId('selection-panel').getByRole('button', { name: '⊠ Gate 1' }).click()
    await expect(again.getByLabel('Gate flag expression').inputValue()).resolves.toBe('!doorOpen')
    await again.getByTestId('room-list').getByRole('button', { name: /House/ }).first().click()
    await expect.poll(() => again.getByTestId('room-size').textContent()).toBe('356 × 200 px')
    await expect
      .poll(() => again.getByTestId('selection-panel').getByRole('button', { name: '◇ Zone 1' }).count())
      .toBe(1)
  })

  it('asks before the window closes while edits are unsaved, and not after saving', async () => {
    const page = edition.page
    await newProject('Prompted')
    await newRoomFrom(HOUSE_BG, 'House')
    const zone = async () => {
      await page.getByTestId('canvas-host').focus()
      await page.keyboard.press('z')
      await drawOutline(page, [
        [40, 150],
        [90, 150],
        [90, 190],
      ])
    }
    await zone()
    const desktop = desktopOf(edition)
    if (!desktop) {
      // The browser asks with its own prompt (shown only to a page the author has interacted with).
      const prompted = new Promise<string>((resolve) =>
        page.once('dialog', (d) => {
          resolve(d.type())
          void d.dismiss()
        }),
      )
      await page.close({ runBeforeUnload: true })
      expect(await prompted).toBe('beforeunload')
      expect(page.isClosed()).toBe(false)

      await saveAndWait(page)
      let asked = false
      page.once('dialog', (d) => {
        asked = true
        void d.dismiss()
      })
      await clickRoom(page, 10, 10)
      await page.close({ runBeforeUnload: true })
      await expect.poll(() => page.isClosed()).toBe(true)
      expect(asked).toBe(false)
      return
    }
    // The desktop's close button: the editor asks Save / Don't Save / Cancel; Cancel keeps the window and the work.
    const closing = desktop.closeWindow()
    const unsaved = page.getByRole('dialog', { name: 'Unsaved changes' })
    await expect.poll(() => unsaved.isVisible()).toBe(true)
    await expect
      .poll(() => unsaved.getByRole('list', { name: 'Unsaved' }).textContent())
      .toContain("room 'House'")
    await saveScreenshot(page, 'real-rooms-close-unsaved-desktop.png')
    await unsaved.getByRole('button', { name: 'Cancel' }).click()
    expect(await closing).toBe(false)
    await expect.poll(() => page.getByTestId('title').textContent()).toMatch(/^• Prompted/)
    expect(desktop.hasQuit()).toBe(false)

    // Save in the prompt: saved, then the window closes and the app quits.
    await desktop.closeWindow()
    await unsaved.getByRole('button', { name: 'Save', exact: true }).click()
    await desktop.waitForQuit()
    const saved = JSON.parse(
      new TextDecoder().decode(
        await edition.readFile(edition.projectFolder('Prompted'), 'rooms/house/room.json'),
      ),
    ) as { zones: unknown[] }
    expect(saved.zones).toHaveLength(1)

    // Started again: an edit, and Don't Save lets the window close (the edit is not kept).
    await edition.restart()
    await expect
      .poll(() => edition.page.getByTestId('title').textContent(), { timeout: 30_000 })
      .toBe('Prompted — House')
    const again = edition.page
    await again.getByTestId('canvas-host').focus()
    await again.keyboard.press('z')
    await drawOutline(again, [
      [150, 150],
      [200, 150],
      [200, 190],
    ])
    await expect.poll(() => again.getByTestId('title').textContent()).toMatch(/^• /)
    const app = desktopOf(edition)!
    void app.closeWindow()
    await again
      .getByRole('dialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: "Don't Save" })
      .click()
    await app.waitForQuit()
    const kept = JSON.parse(
      new TextDecoder().decode(
        await edition.readFile(edition.projectFolder('Prompted'), 'rooms/house/room.json'),
      ),
    ) as { zones: unknown[] }
    expect(kept.zones).toHaveLength(1)
  })

  it('starts a room from a background dropped on the window', async () => {
    const page = edition.page
    await newProject('Dropped')
    const bytes = [...(await readFile(HOUSE_BG))]
    // A drop as the system makes it: a DataTransfer holding the file, over the canvas.
    await page.evaluate(async (data) => {
      const file = new File([new Uint8Array(data)], 'popochiu-house-background.png', { type: 'image/png' })
      const transfer = new DataTransfer()
      transfer.items.add(file)
      const target = document.querySelector('[data-testid="canvas-host"]')!
      target.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      )
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }))
    }, bytes)
    const dialog = page.getByRole('dialog')
    await expect
      .poll(async () => (await dialog.getByTestId('new-room-source').textContent())?.trim())
      .toBe('popochiu-house-background.png · 356×200 px')
    await expect(dialog.getByLabel('Room name').inputValue()).resolves.toBe('Popochiu house background')
    await dialog.getByRole('button', { name: 'Create room' }).click()
    await expect.poll(() => page.getByTestId('room-size').textContent()).toBe('356 × 200 px')
    await expect.poll(() => roomList()).toEqual(['Popochiu house background'])
    // What is not an image is refused in one line.
    await page.evaluate(() => {
      const transfer = new DataTransfer()
      transfer.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
      document
        .querySelector('[data-testid="canvas-host"]')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }))
    })
    await expect
      .poll(() => statusText(page))
      .toBe('Cannot use notes.txt: expected a PNG, JPEG or WebP image.')
  })
})
