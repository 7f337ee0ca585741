/**
 * The open room exported as a new AGS 4 room folder from the Export dialog, in real
 * Chromium from an empty profile: the sample's courtyard downloaded as a .zip holding
 * data.xml, background0.png, the four 8-bit masks and room1.asc, which Walkbox's AGS 4
 * reader (run here in Node on the unzipped files) reads as the same 1920x1080 room with its
 * two walkable areas and the zone that follows one of them as a region. A screenshot of the dialog goes to test-results/.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { decodeImage } from '../../src/main/services/image-codec'
import { roomFormat, type ImportSource } from '../../src/shared/formats/registry'
import { readImageHeader } from '../../src/shared/room/image-header'
import { readZip } from '../../src/shared/room/zip'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { saveScreenshot } from './helpers'
import { openSample } from './authoring-helpers'

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

function diskSource(root: string): ImportSource {
  return {
    readText: (p) => readFile(join(root, p), 'utf8').catch(() => null),
    readBytes: (p) =>
      readFile(join(root, p))
        .then((b) => new Uint8Array(b))
        .catch(() => null),
    decodeImage: async (bytes, name) => decodeImage(bytes, name),
    imageSize: (bytes) => {
      try {
        return readImageHeader(bytes, 'image')
      } catch {
        return null
      }
    },
  }
}

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
})
