/**
 * The open room exported as a new AGS 4 room folder from the Export dialog, in real
 * Chromium from an empty profile: the sample's courtyard downloaded as a .zip holding
 * data.xml, background0.png, the four 8-bit masks and room1.asc, which Walkbox's AGS 4
 * reader (run here in Node on the unzipped files) reads as the same 1920x1080 room with its
 * two walkable areas and the zone that follows one of them as a region; a room made from a
 * JPEG exported with a PNG background0.png; and an AGS room
 * with two backgrounds, imported, exported with both and its animation fields. A
 * screenshot of the dialog goes to test-results/.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import sharp from 'sharp'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { roomFormat } from '../../src/shared/formats/registry'
import { readZip } from '../../src/shared/room/zip'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { benchPath } from '../support/bench-data'
import { saveScreenshot } from './helpers'
import { openSample } from './authoring-helpers'
import { diskSource } from '../support/disk-import-source'
import { IMPORT_FROM_ENGINES } from '../../src/shared/formats/engine-texts'

let browser: LaunchedBrowser
let page: Page
let work = ''

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags4-export-'))
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
  await rm(work, { recursive: true, force: true })
})

describe('AGS 4 export in the editor', () => {
  it('downloads the open room as a new AGS 4 room folder (.zip) that the AGS 4 reader reads back', async () => {
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+e')
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Export format').selectOption('ags4')
    await expect
      .poll(() => dialog.getByTestId('export-files').textContent(), { timeout: 30_000 })
      .toBe(
        'data.xml, background0.png, walkableareas.png, regions.png, hotspots.png, walkbehinds.png, room1.asc',
      )
    expect(await dialog.getByTestId('export-notes').textContent()).toContain(
      'room number 1: the folder is Rooms/1 of the game',
    )
    await saveScreenshot(page, 'ags4-export-dialog.png')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download .zip' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('courtyard-ags4.zip')
    const zip = await readFile((await download.path())!)
    const files = await readZip(new Uint8Array(zip), 'courtyard-ags4.zip', () => {
      throw new Error('expected stored entries')
    })
    for (const f of files) await writeFile(join(work, f.path), f.bytes)
    const back = await roomFormat('ags4').importRoom!(diskSource(work), 'data.xml', {})
    expect(back.room.size).toEqual({ width: 1920, height: 1080 })
    // The polygon room's two areas (which area a pixel is in comes from its area mask), and
    // the zone that follows area 2 as a region over it.
    expect(back.room.areas.map((a) => a.id)).toEqual([1, 2])
    expect(back.room.zones.map((z) => z.properties.agsRegion)).toContain('2')
    expect(back.background?.bytes.length).toBeGreaterThan(0)
  }, 120_000)

  it('a room whose background is a JPEG exports it as background0.png, a PNG of its pixels', async () => {
    const jpeg = join(work, 'street.jpg')
    await sharp(benchPath('engines', 'ags-tumbleweed', 'Rooms', '1', 'background0.png'))
      .jpeg()
      .toFile(jpeg)
    await page.getByRole('button', { name: '+ Room' }).click()
    await page.getByRole('menuitem', { name: 'From background image…' }).click()
    const newRoom = page.getByRole('dialog')
    const chooser = page.waitForEvent('filechooser')
    await newRoom.getByRole('button', { name: 'Choose image…' }).click()
    await (await chooser).setFiles(jpeg)
    await expect.poll(() => newRoom.getByTestId('new-room-source').textContent()).toContain('px')
    await newRoom.getByLabel('Room name').fill('Street 4')
    await newRoom.getByRole('button', { name: 'Create room' }).click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Street 4')

    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+e')
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Export format').selectOption('ags4')
    await expect
      .poll(() => dialog.getByTestId('export-notes').textContent(), { timeout: 30_000 })
      .toMatch(/background: \S+\.jpg is written as a PNG \(AGS 4 reads PNG backgrounds\)/)
    expect(await dialog.getByTestId('export-files').textContent()).toContain('data.xml, background0.png')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download .zip' }).click(),
    ])
    const files = await readZip(new Uint8Array(await readFile((await download.path())!)), 'room.zip', () => {
      throw new Error('expected stored entries')
    })
    const png = files.find((f) => f.path === 'background0.png')!
    const meta = await sharp(png.bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 200])
    expect(new TextDecoder().decode(files.find((f) => f.path === 'data.xml')!.bytes)).toContain(
      '<Number>4</Number>',
    )
  }, 120_000)

  it('an AGS room with two backgrounds, imported, exports both (background1.png) and its animation fields', async () => {
    // The bench room 1 with a second background and its animation switched off.
    const game = join(work, 'picked')
    await cp(benchPath('engines', 'ags-tumbleweed', 'Rooms', '1'), join(game, 'Rooms', '1'), {
      recursive: true,
    })
    const xmlFile = join(game, 'Rooms', '1', 'data.xml')
    await writeFile(
      xmlFile,
      (await readFile(xmlFile, 'utf8'))
        .replace('<BackgroundCount>1</BackgroundCount>', '<BackgroundCount>2</BackgroundCount>')
        .replace('<BackgroundAnimationEnabled>True<', '<BackgroundAnimationEnabled>False<'),
    )
    const frame = await sharp(join(game, 'Rooms', '1', 'background0.png'))
      .negate({ alpha: false })
      .png()
      .toBuffer()
    await writeFile(join(game, 'Rooms', '1', 'background1.png'), frame)
    await page.getByRole('button', { name: '+ Room' }).click()
    await page.getByRole('menuitem', { name: IMPORT_FROM_ENGINES }).click()
    const importDialog = page.getByRole('dialog')
    await importDialog.getByTestId('import-folder-input').setInputFiles(game)
    await importDialog.getByLabel('File to import').selectOption('Rooms/1/data.xml')
    await expect
      .poll(() => importDialog.getByTestId('import-notes').textContent(), { timeout: 30_000 })
      .toContain('backgrounds: 2 frames')
    await importDialog.getByRole('button', { name: 'Add room' }).click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Room 1')

    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+e')
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Export format').selectOption('ags4')
    await expect
      .poll(() => dialog.getByTestId('export-files').textContent(), { timeout: 30_000 })
      .toContain('background0.png, background1.png, walkableareas.png')
    await saveScreenshot(page, 'ags4-export-frames.png')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download .zip' }).click(),
    ])
    const files = await readZip(new Uint8Array(await readFile((await download.path())!)), 'room.zip', () => {
      throw new Error('expected stored entries')
    })
    const out = join(work, 'out')
    await mkdir(out)
    for (const f of files) await writeFile(join(out, f.path), f.bytes)
    const back = await roomFormat('ags4').importRoom!(diskSource(out), 'data.xml', {})
    expect(back.room.backgroundFrames).toEqual([{ file: 'background1.png' }])
    expect(back.room.backgroundAnimationEnabled).toBe(false)
    expect(back.room.backgroundAnimationDelay).toBe(5)
    // The frame's pixels as they were (the editor sends the decoded frame as a PNG).
    const pixels = async (bytes: Uint8Array | Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer()
    expect(Buffer.compare(await pixels(back.backgroundFrames![0].bytes), await pixels(frame))).toBe(0)
  }, 120_000)
})
