/**
 * Rooms from and to game engines in the editor, in real Chromium from an empty profile:
 * the Popochiu sample game's folder picked in the Import dialog, its House scene added as
 * a room (what was read and the notes shown first), saved; then the room exported as a
 * Godot scene and as a Tiled map, downloaded as .zip files whose contents are checked.
 * Screenshots of both dialogs go to test-results/.
 */
import sharp from 'sharp'
import { readFile } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { benchPath } from '../support/bench-data'
import { readOpfs, saveScreenshot, statusText } from './helpers'
import { openSample, saveAndWait } from './authoring-helpers'
import { readZip } from '../../src/shared/room/zip'
import { IMPORT_FROM_ENGINES } from '../../src/shared/formats/engine-texts'

/** The files of a downloaded zip (Walkbox writes them stored, not deflated). */
async function unzip(path: string) {
  return readZip(new Uint8Array(await readFile(path)), path, () => {
    throw new Error('expected stored entries')
  })
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

async function importHouse(): Promise<void> {
  await page.getByRole('button', { name: '+ Room' }).click()
  await page.getByRole('menuitem', { name: IMPORT_FROM_ENGINES }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('import-folder-input').setInputFiles(benchPath('engines', 'popochiu-sample-game'))
  await dialog.getByLabel('File to import').selectOption('game/rooms/house/room_house.tscn')
  await expect
    .poll(() => dialog.getByTestId('import-facts').textContent(), { timeout: 30_000 })
    .toContain('356×200 px')
}

describe('engine formats in the editor', () => {
  it('imports the Popochiu House from the picked game folder, showing what was read, and saves it', async () => {
    await importHouse()
    const dialog = page.getByRole('dialog')
    const facts = await dialog.getByTestId('import-facts').textContent()
    expect(facts).toContain('1 walk polygon in 1 area')
    expect(facts).toContain('0 zones, 5 hotspots, 1 point')
    expect(await dialog.getByTestId('import-notes').textContent()).toContain(
      'character_popsy.tscn is missing',
    )
    await saveScreenshot(page, 'engine-import-dialog.png')
    await dialog.getByRole('button', { name: 'Add room' }).click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('House')
    await expect.poll(() => statusText(page)).toMatch(/Imported room House/)
    await saveScreenshot(page, 'engine-imported-house.png')
    await saveAndWait(page)
    const room = JSON.parse(
      new TextDecoder().decode(await readOpfs(page, 'projects/walkbox-sample/rooms/house/room.json')),
    )
    expect(room.size).toEqual({ width: 356, height: 200 })
    expect(room.polygons[0].holes).toHaveLength(2)
    expect(room.zones).toEqual([])
    expect(room.hotspots.map((h: { name: string }) => h.name)).toEqual([
      'Door',
      'Drawer',
      'Table',
      'ToyCar',
      'Window',
    ])
    const bg = await readOpfs(page, 'projects/walkbox-sample/rooms/house/background.png')
    const original = await readFile(
      benchPath('engines', 'popochiu-sample-game', 'game/rooms/house/props/background/background.png'),
    )
    // The background prop's art with the props drawn over it (same size, other pixels).
    const raw = (b: Buffer) => sharp(b).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const [drawn, plain] = await Promise.all([raw(Buffer.from(bg)), raw(original)])
    expect([drawn.info.width, drawn.info.height]).toEqual([plain.info.width, plain.info.height])
    expect(drawn.data.equals(plain.data)).toBe(false)
    // One step of the project's history (Undo Project Change) takes the whole import back.
    await page.keyboard.press('Control+Alt+z')
    await expect.poll(() => page.getByTestId('room-name').textContent()).not.toBe('House')
  }, 120_000)

  it('exports the room as a Godot scene and as a Tiled map, each a .zip of the engine files', async () => {
    await importHouse()
    await page.getByRole('dialog').getByRole('button', { name: 'Add room' }).click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('House')
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+e')
    const dialog = page.getByRole('dialog')
    await expect
      .poll(() => dialog.getByTestId('export-files').textContent())
      .toBe('house.tscn, background.png')
    await saveScreenshot(page, 'engine-export-dialog.png')
    const [godot] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download .zip' }).click(),
    ])
    expect(godot.suggestedFilename()).toBe('house-godot.zip')
    const files = await unzip((await godot.path())!)
    const scene = new TextDecoder().decode(files.find((f) => f.path === 'house.tscn')!.bytes)
    expect(scene).toMatch(/^\[gd_scene load_steps=\d+ format=3\]/)
    expect(scene).toContain('type="NavigationRegion2D"')
    expect(scene).toContain('path="res://rooms/house/background.png"')

    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+e')
    await page.getByRole('dialog').getByLabel('Export format').selectOption('tiled-json')
    await expect
      .poll(() => page.getByRole('dialog').getByTestId('export-files').textContent())
      .toBe('house.tmj, background.png')
    expect(await page.getByRole('dialog').getByTestId('export-notes').textContent()).toContain(
      'walkbox.areas',
    )
    const [tiled] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog').getByRole('button', { name: 'Download .zip' }).click(),
    ])
    const map = JSON.parse(
      new TextDecoder().decode(
        (await unzip((await tiled.path())!)).find((f) => f.path === 'house.tmj')!.bytes,
      ),
    )
    expect(map.type).toBe('map')
    expect(map.layers.map((l: { name: string }) => l.name)).toEqual([
      'background',
      'walkable',
      'gates',
      'zones',
      'node graph',
      'points',
      'hotspots',
    ])
  }, 120_000)
})
