/**
 * A Tiled game opened in place, its layers mapped from the Read the game dialog, in real
 * Chromium: the game's maps keep where one may not walk in a `Collisions` layer and their
 * triggers in `Events`, which no rule reads; the dialog lists both with a choice each; Read
 * the game again (the folder picked again) reads every room with those kinds, sets the first
 * project aside in `.walkbox/set-aside/` (nothing deleted) and keeps the kinds in the game
 * link, so that Save writes each room back where it came from.
 *
 * Units: room px.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { tiledBuilders, tiledMap } from '../support/tiled-builders'
import { opfsFiles, readOpfs, saveScreenshot, statusText, waitUntil, writeOpfs } from './helpers'
import { openSample } from './authoring-helpers'

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

/** A town map: two collision rectangles and a door trigger, in layers no rule reads. */
function town(door: string) {
  const { obj, objects } = tiledBuilders()
  return tiledMap(20, 12, [
    objects('Collisions', [
      obj({ type: 'collision', x: 0, y: 0, width: 320, height: 32 }),
      obj({ type: 'collision', x: 120, y: 90, width: 60, height: 40 }),
    ]),
    objects('Events', [obj({ name: door, type: 'event', x: 280, y: 160, width: 16, height: 16 })]),
  ])
}

async function pickGameFolder(folder: string): Promise<void> {
  await page.evaluate((game) => {
    ;(
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () => {
      let dir = await navigator.storage.getDirectory()
      for (const part of game.split('/')) dir = await dir.getDirectoryHandle(part)
      return dir
    }
  }, folder)
  await page
    .getByRole('menubar', { name: 'Menu bar' })
    .getByRole('menuitem', { name: 'File', exact: true })
    .click()
  await page.locator('[role="menu"] [data-action="file.openGame"]').click()
}

describe('a Tiled game read again with the layer kinds the author gives', () => {
  it('lists the layers no rule reads, reads every room again with the chosen kinds, and sets the first project aside', async () => {
    await writeOpfs(page, 'games/tux/maps/town.tmj', JSON.stringify(town('Go Outside')))
    await writeOpfs(page, 'games/tux/maps/house.tmj', JSON.stringify(town('Go Inside')))
    await pickGameFolder('games/tux')
    const dialog = page.getByRole('dialog', { name: 'Read the game' })
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
    const mapping = dialog.getByTestId('game-read-mapping')
    expect(await mapping.textContent()).toContain('Collisions')
    expect(await mapping.textContent()).toContain('Events')
    await dialog.getByLabel('Read Collisions as').selectOption('obstacles')
    await dialog.getByLabel('Read Events as').selectOption('zones')
    await saveScreenshot(page, 'tiled-game-read-mapping.png')
    await dialog.getByRole('button', { name: 'Read the game again' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the Tiled game tux in place \(2 rooms\)/.test(t) && !/Collisions/.test(t),
      'the game to open again',
    )
    // The second read has nothing left to map: OK closes it.
    const again = page.getByRole('dialog', { name: 'Read the game' })
    await expect.poll(() => again.isVisible(), { timeout: 30_000 }).toBe(true)
    expect(await again.getByTestId('game-read-mapping').count()).toBe(0)
    await again.getByRole('button', { name: 'OK' }).click()
    const room = JSON.parse(
      new TextDecoder().decode(await readOpfs(page, 'games/tux/.walkbox/project/rooms/town/room.json')),
    ) as { polygons: { holes: unknown[] }[]; zones: { name: string }[] }
    expect(room.polygons).toHaveLength(1)
    expect(room.polygons[0].holes).toHaveLength(1)
    expect(room.zones.map((z) => z.name)).toEqual(['Go Outside'])
    const link = JSON.parse(
      new TextDecoder().decode(await readOpfs(page, 'games/tux/.walkbox/game-link.json')),
    ) as {
      rooms: { file: string; layers?: Record<string, string> }[]
    }
    expect(link.rooms.map((r) => r.layers)).toEqual([
      { Collisions: 'obstacles', Events: 'zones' },
      { Collisions: 'obstacles', Events: 'zones' },
    ])
    const aside = await opfsFiles(page, 'games/tux/.walkbox/set-aside')
    expect(aside.some((f) => f.endsWith('/project/project.walkbox.json'))).toBe(true)
    expect(aside.some((f) => f.endsWith('/game-link.json'))).toBe(true)
    await saveScreenshot(page, 'tiled-game-read-again.png')
  })
})
