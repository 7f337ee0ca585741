/**
 * Hotspots of an AGS 4 game worked on in place, in real Chromium: a copy of the bench game
 * (../shared/bench/engines/ags-tumbleweed) in the Origin Private File System is opened with
 * File › Open Game Folder… as game-folder.test.ts does; its hotspot hExit (771 px) is in the
 * Hotspots panel; a painted hotspot is added, named and painted; Save lists hotspots.png
 * and data.xml; Write changes exactly the painted pixels of hotspots.png (read with the
 * tests' own PNG reader) and, in data.xml, the new hotspot's fields alone.
 *
 * Units: room px.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { filesBelow } from '../support/folder-listing'
import { benchPath } from '../support/bench-data'
import { readPngIndices } from '../support/png-indices'
import { readOpfs, saveScreenshot, statusText, waitUntil } from './helpers'
import { dragRoom, openSample } from './authoring-helpers'

let browser: LaunchedBrowser
let page: Page
const GAME = 'games/ags-tumbleweed'
const W = 320

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.setViewportSize({ width: 1400, height: 900 })
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

/** Copy the bench AGS game into the page's OPFS (games/ags-tumbleweed). */
async function putGameInOpfs(): Promise<void> {
  const source = benchPath('engines', 'ags-tumbleweed')
  for (const path of await filesBelow(source)) {
    const bytes = Array.from(await readFile(join(source, path)))
    await page.evaluate(
      async ([p, b]) => {
        let dir = await navigator.storage.getDirectory()
        const parts = p.split('/')
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true })
        const w = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable()
        await w.write(new Uint8Array(b))
        await w.close()
      },
      [`${GAME}/${path}`, bytes] as const,
    )
  }
}

/** Make the folder picker answer with the OPFS copy, and choose File › Open Game Folder…. */
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
  await waitUntil(
    () => statusText(page),
    (t) => /Opened the AGS 4 game ags-tumbleweed in place/.test(t),
    'the game to open',
  )
  const read = page.getByRole('dialog', { name: 'Read the game' })
  await expect.poll(() => read.isVisible(), { timeout: 30_000 }).toBe(true)
  expect(await read.getByTestId('game-read-notes').textContent()).toContain(
    'hotspots: 1 hExit 771 px; in the hotspot layer',
  )
  await read.getByRole('button', { name: 'OK' }).click()
}

describe('hotspots of an AGS 4 game in place', () => {
  it('paints and names a new hotspot; Write changes those pixels of hotspots.png and its data.xml fields only', async () => {
    await putGameInOpfs()
    const beforePng = readPngIndices(await readOpfs(page, `${GAME}/Rooms/1/hotspots.png`)).indices
    const beforeXml = new TextDecoder().decode(await readOpfs(page, `${GAME}/Rooms/1/data.xml`))
    await openGame()
    const exit = page.locator('[data-hotspot="hexit"]')
    await expect.poll(() => exit.locator('.count').textContent()).toBe('#1 · 771')

    // A new painted hotspot (mask id 2: AGS hotspot 2), named, painted across the sky.
    await page.getByRole('button', { name: 'Add painted hotspot' }).click()
    await page.locator('#hotspot-name').fill('hMoon')
    await page.locator('#hotspot-name').press('Tab')
    await page.locator('#hotspot-description').fill('the moon')
    await page.locator('#hotspot-description').press('Tab')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('brush')
    await page.getByLabel('Brush size').fill('6')
    await page.getByLabel('Brush size').press('Tab')
    await page.getByLabel('Brush tip round').click() // square: whole 6 x 6 dabs
    await dragRoom(page, [
      [250, 20],
      [290, 20],
    ])
    const moon = page.locator('[data-hotspot="hmoon"], [data-hotspot="hotspot-1"]')
    await expect
      .poll(async () => (await moon.locator('.count').textContent())?.startsWith('#2 · '))
      .toBe(true)
    const painted = Number((await moon.locator('.count').textContent())!.split('·')[1])
    expect(painted).toBeGreaterThan(40 * 6)

    // Save: the change list names the two files; Write replaces them.
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Write into the game' })
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
    const files = (await dialog.getByRole('list', { name: 'Files to write' }).textContent()) ?? ''
    expect(files).toContain('Rooms/1/hotspots.png')
    expect(files).toContain('hotspot mask repainted')
    expect(files).toContain('Rooms/1/data.xml')
    await saveScreenshot(dialog, 'hotspots-game-change-list.png')
    await dialog.getByRole('button', { name: 'Write' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /^Wrote .*Rooms\/1\/hotspots\.png.* into ags-tumbleweed/.test(t),
      'the write to be reported',
    )

    // hotspots.png: hExit's 771 px as they were, the stroke's pixels id 2, nothing else.
    const after = readPngIndices(await readOpfs(page, `${GAME}/Rooms/1/hotspots.png`)).indices
    let changed = 0
    for (let i = 0; i < after.length; i++) {
      if (after[i] === beforePng[i]) continue
      changed++
      expect(
        [beforePng[i], after[i], Math.floor(i / W) >= 15 && Math.floor(i / W) < 26],
        `pixel ${i}`,
      ).toEqual([0, 2, true])
    }
    expect(changed).toBe(painted)
    expect(after.filter((v) => v === 1).length).toBe(771)

    // data.xml: RoomHotspot 2's name and description, nothing else.
    const afterXml = new TextDecoder().decode(await readOpfs(page, `${GAME}/Rooms/1/data.xml`))
    expect(afterXml).toBe(
      beforeXml.replace(
        '<Description />\n      <Name>hHotspot2</Name>',
        '<Description xml:space="preserve">the moon</Description>\n      <Name>hMoon</Name>',
      ),
    )
    expect(afterXml).not.toBe(beforeXml)
  }, 180_000)
})
