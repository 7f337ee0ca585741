/**
 * The Import dialog maps a Tiled map's own layers, in real Chromium from an empty profile: a
 * game map whose `Collisions` and `Events` layers no rule names is picked (JSON beside it that
 * is no map is not offered); the dialog lists
 * its layers with what each is read as; reading `Collisions` as obstacles and `Events` as
 * zones makes the room the map minus the collision rectangles with one zone; the room added
 * holds them. Screenshots of the dialog before and after the mapping go to the screenshot
 * folder (tests/support/screenshots.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { tiledBuilders, tiledMap } from '../support/tiled-builders'
import { readOpfs, saveScreenshot, statusText } from './helpers'
import { openSample, saveAndWait } from './authoring-helpers'
import { IMPORT_FROM_ENGINES } from '../../src/shared/formats/engine-texts'

let browser: LaunchedBrowser
let page: Page
let dir = ''

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-e2e-tiled-mapping-'))
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('the Import dialog maps Tiled layers', () => {
  it('reads Collisions as obstacles and Events as zones when the author says so, and adds that room', async () => {
    const { obj, objects } = tiledBuilders()
    const map = tiledMap(20, 12, [
      objects('Collisions', [
        obj({ type: 'collision', x: 0, y: 0, width: 320, height: 32 }),
        obj({ type: 'collision', x: 120, y: 90, width: 60, height: 40 }),
      ]),
      objects('Events', [obj({ name: 'Go Outside', type: 'event', x: 280, y: 160, width: 16, height: 16 })]),
    ])
    const game = join(dir, 'town')
    await mkdir(game, { recursive: true })
    await writeFile(join(game, 'town.tmj'), JSON.stringify(map))
    // JSON beside it that is no map (sorted first): not offered.
    await writeFile(join(game, 'atlas.json'), JSON.stringify({ frames: {} }))

    await page.getByRole('button', { name: '+ Room' }).click()
    await page.getByRole('menuitem', { name: IMPORT_FROM_ENGINES }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('import-folder-input').setInputFiles(game)
    await expect
      .poll(() => dialog.getByTestId('import-facts').textContent(), { timeout: 30_000 })
      .toContain('320×192 px')
    const facts = () => dialog.getByTestId('import-facts').textContent()
    expect(await dialog.getByLabel('File to import').locator('option').allTextContents()).toEqual([
      'town.tmj · Tiled map (.tmj)',
    ])
    expect(await facts()).toContain('0 walk polygons')
    expect(await dialog.getByTestId('import-notes').textContent()).toContain(
      'layers not read: "Collisions" (2 objects), "Events" (1 object): no rule gives them a kind',
    )
    const table = dialog.getByTestId('tiled-layer-mapping')
    expect(await table.textContent()).toContain('as the rules say (not read)')
    await saveScreenshot(page, 'tiled-layer-mapping-before.png')

    await dialog.getByLabel('Read Collisions as').selectOption('obstacles')
    await expect.poll(facts, { timeout: 30_000 }).toContain('1 walk polygon in 1 area')
    await dialog.getByLabel('Read Events as').selectOption('zones')
    await expect.poll(facts, { timeout: 30_000 }).toContain('1 zone,')
    expect(await dialog.getByTestId('import-notes').textContent()).toContain(
      "obstacles (layer 'Collisions': 2 objects): the walk area is the map minus them",
    )
    await saveScreenshot(page, 'tiled-layer-mapping-after.png')

    await dialog.getByRole('button', { name: 'Add room' }).click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('town')
    await expect.poll(() => statusText(page)).toMatch(/Imported room town/)
    await saveAndWait(page)
    const room = JSON.parse(
      new TextDecoder().decode(await readOpfs(page, 'projects/walkbox-sample/rooms/town/room.json')),
    ) as { polygons: { holes: unknown[] }[]; zones: { name: string }[] }
    expect(room.polygons).toHaveLength(1)
    expect(room.polygons[0].holes).toHaveLength(1)
    expect(room.zones.map((z) => z.name)).toEqual(['Go Outside'])
    await saveScreenshot(page, 'tiled-layer-mapping-room.png')
  })
})
