/**
 * Zip bombs and very many entries through the web edition's Open dialog in Chromium (the
 * browser host over OPFS): a 2 GB bomb and a room file whose header lies about its size are
 * refused in one true line within seconds, leaving no project behind. Each case prints how
 * long the refusal took (docs/benchmarks.md).
 * Each case runs in a fresh browser profile (its own OPFS).
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { emptyRoom } from '../../src/shared/room/schema'
import { deflatedEntry, projectText, rawZip, zeroBomb, type RawEntry } from '../support/hostile-zips'
import { statusText } from './helpers'

let browser: LaunchedBrowser
let page: Page
beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.goto(inject('webUrl'))
  await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
})
afterEach(async () => browser?.close())

const MIB = 1024 * 1024
const encode = (text: string) => new TextEncoder().encode(text)

function base(): RawEntry[] {
  return [
    deflatedEntry('project.walkbox.json', encode(projectText('Zipped'))),
    deflatedEntry('rooms/a/room.json', encode(JSON.stringify(emptyRoom({ id: 'a', width: 64, height: 48 })))),
  ]
}

/** Hand `zip` to the Open dialog's Import; resolves once the file is chosen. */
async function chooseZip(zip: Uint8Array, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Open Project…' }).click()
  const list = page.getByTestId('project-list')
  await expect.poll(() => list.locator('li[data-project]').count()).toBe(1)
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('dialog').getByRole('button', { name: 'Import .zip…' }).click()
  await (await chooser).setFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(zip) })
}

/** Import `zip` through the Open dialog; the line it is refused with and how long that took. */
async function refusedImport(zip: Uint8Array, name: string): Promise<{ line: string; ms: number }> {
  const start = performance.now()
  await chooseZip(zip, name)
  const problem = page.getByTestId('open-problem')
  await expect.poll(() => problem.count(), { timeout: 5000 }).toBe(1)
  const ms = performance.now() - start
  // Only the sample project is left: nothing of the zip was kept.
  await expect.poll(() => page.getByTestId('project-list').locator('li[data-project]').count()).toBe(1)
  console.log(`${name}: refused in ${ms.toFixed(0)} ms`)
  return { line: (await problem.textContent()) ?? '', ms }
}

describe('zip bombs in the browser', () => {
  it('a 2 GB bomb (eight entries of 250 MB of zeros in 2 MB) is refused from its file list', async () => {
    const block = zeroBomb(250 * MIB, false)
    const junk = [1, 2, 3, 4, 5, 6, 7, 8].map((n): RawEntry => ({
      path: `rooms/a/junk-${n}.png`,
      packed: block.packed,
      method: 8,
      size: 250 * MIB,
      crc: 0,
    }))
    const { line } = await refusedImport(rawZip([...base(), ...junk]), 'bomb.zip')
    expect(line).toMatch(
      /^bomb\.zip: 'rooms\/a\/junk-1\.png' would inflate \d+ times its packed size; expected at most 100 times \(a zip bomb\?\); nothing was imported$/,
    )
  })

  it('a room file whose header says 1,000 bytes and that inflates to 1 GB stops at 1,000', async () => {
    const block = zeroBomb(1024 * MIB, false)
    const [project] = base()
    const liar: RawEntry = {
      path: 'rooms/a/room.json',
      packed: block.packed,
      method: 8,
      size: 1000,
      crc: 0,
    }
    const { line } = await refusedImport(rawZip([project, liar]), 'liar.zip')
    expect(line).toBe(
      "liar.zip: 'rooms/a/room.json' inflates past the 1000 bytes its header gives (a zip bomb?); nothing was imported",
    )
  })
})
