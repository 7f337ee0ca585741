/**
 * A game folder picked in the browser edition in the recent list past a reload, in real
 * Chromium: File › Open Game Folder… is handed an OPFS folder holding a Tiled map (an OPFS
 * folder is the same FileSystemDirectoryHandle `showDirectoryPicker` gives). (Reopening it
 * from the recent list, on both editions: tests/e2e/editions/recent-game-folders.test.ts.)
 * When the browser refuses access again
 * (`requestPermission` answers 'denied') or the folder is gone, one line says so and
 * nothing else is removed; ✕ takes the game off the list and forgets its kept handle. A game
 * folder is listed by its folder's name and engine ('curb — Tiled'), not its project's name:
 * two AGS games whose projects are both 'Tumbleweed' are told apart.
 *
 * Units: room px.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { benchPath } from '../support/bench-data'
import { saveScreenshot, statusText, waitUntil, writeOpfs } from './helpers'
import { openSample } from './authoring-helpers'

let browser: LaunchedBrowser
let page: Page

const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="20" height="15" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="2">
 <objectgroup id="1" name="walkable">
  <object id="1" name="floor" type="walkable" x="10" y="60">
   <polygon points="0,0 280,0 280,160 0,160"/>
  </object>
 </objectgroup>
</map>
`

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

/** The folder picker answers with the OPFS folder `path`; File › Open Game Folder… opens it in place. */
async function pickGame(path: string, room: string): Promise<void> {
  await page.evaluate((at) => {
    ;(
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () => {
      let dir = await navigator.storage.getDirectory()
      for (const part of at.split('/')) dir = await dir.getDirectoryHandle(part)
      return dir
    }
  }, path)
  await page
    .getByRole('menubar', { name: 'Menu bar' })
    .getByRole('menuitem', { name: 'File', exact: true })
    .click()
  await page.locator('[role="menu"] [data-action="file.openGame"]').click()
  const folder = path.split('/').at(-1)!
  await waitUntil(
    () => statusText(page),
    (t) => t.startsWith('Opened the ') && t.includes(` game ${folder} in place`),
    `the game ${folder} to open`,
  )
  expect(await page.getByTestId('room-name').textContent()).toBe(room)
  const notes = page.getByRole('dialog', { name: 'Read the game' })
  if (await notes.isVisible()) await notes.getByRole('button', { name: 'OK' }).click()
}

/** The folder picker answers with OPFS games/curb; File › Open Game Folder… opens it in place. */
async function pickCurb(): Promise<void> {
  await writeOpfs(page, 'games/curb/maps/street.tmx', MAP)
  await pickGame('games/curb', 'street')
}

/** The bench AGS 4 game (Game.agf and Rooms/1) copied into OPFS `games/<folder>`. */
async function putAgsGame(folder: string): Promise<void> {
  const source = benchPath('engines', 'ags-tumbleweed')
  await writeOpfs(page, `games/${folder}/Game.agf`, await readFile(join(source, 'Game.agf')))
  for (const name of await readdir(join(source, 'Rooms/1')))
    await writeOpfs(page, `games/${folder}/Rooms/1/${name}`, await readFile(join(source, 'Rooms/1', name)))
}

/** A new empty project (its canvas shows the start panel with the recent list), then a reload. */
async function newProjectAndReload(): Promise<void> {
  await page.getByRole('button', { name: 'New Project…' }).click()
  await page.getByRole('dialog').getByLabel('Project name').fill('Scratch')
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
  await expect.poll(() => page.getByTestId('title').textContent()).toBe('Scratch')
  await page.reload()
  await expect.poll(() => page.getByTestId('title').textContent(), { timeout: 30_000 }).toBe('Scratch')
  // From here on, a call of the picker would be counted (and cancelled).
  await page.evaluate(() => {
    const w = window as unknown as { picks: number; showDirectoryPicker: () => Promise<never> }
    w.picks = 0
    w.showDirectoryPicker = async () => {
      w.picks++
      throw new DOMException('cancelled', 'AbortError')
    }
  })
}

const recentEntries = () => page.getByTestId('recent-projects').locator('li button.open').allTextContents()

describe('a picked game folder in the recent list of the browser edition', () => {
  it('says in one line when access is refused or the folder is gone, removes nothing, and ✕ forgets it', async () => {
    await pickCurb()
    await newProjectAndReload()
    await expect.poll(recentEntries).toHaveLength(2)
    // The author (or the browser) says no when asked for the folder again.
    await page.evaluate(() => {
      const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>
      ;(window as unknown as { kept: unknown[] }).kept = [proto.queryPermission, proto.requestPermission]
      proto.queryPermission = async () => 'prompt'
      proto.requestPermission = async () => 'denied'
    })
    const curb = page.getByTestId('recent-projects').locator('button.open', { hasText: /curb/i })
    await curb.click()
    await waitUntil(
      () => statusText(page),
      (t) => t.includes("not allowed to use the game folder 'curb' again"),
      'the refusal to be said',
    )
    expect(await statusText(page)).toBe(
      "Could not open the project: Walkbox was not allowed to use the game folder 'curb' again; choose it in File › Open Recent and allow access, or open it with File › Open Game Folder.",
    )
    expect(await page.getByTestId('title').textContent()).toBe('Scratch')
    expect(await recentEntries()).toHaveLength(2)

    // Access is given, but the folder was deleted meanwhile.
    await page.evaluate(async () => {
      const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>
      const [q, r] = (window as unknown as { kept: unknown[] }).kept
      proto.queryPermission = q
      proto.requestPermission = r
      await (
        await (await navigator.storage.getDirectory()).getDirectoryHandle('games')
      ).removeEntry('curb', {
        recursive: true,
      })
    })
    await curb.click()
    await waitUntil(
      () => statusText(page),
      (t) => t.includes('is not there any more'),
      'the missing folder to be said',
    )
    expect(await statusText(page)).toMatch(
      /^Could not open the project: The game folder 'curb' is not there any more, or no longer holds its Walkbox link \(\.walkbox\/game-link\.json\); open it again with File › Open Game Folder\.$/,
    )
    expect(await recentEntries()).toHaveLength(2)
    const keptHandles = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const r = indexedDB.open('walkbox-game-folders', 1)
            r.onerror = () => reject(r.error)
            r.onsuccess = () => {
              const keys = r.result.transaction('handles').objectStore('handles').getAllKeys()
              keys.onsuccess = () => resolve(keys.result.map(String))
              keys.onerror = () => reject(keys.error)
            }
          }),
      )
    expect(await keptHandles()).toEqual(['game:curb'])

    // ✕ takes it off the list; the sample stays, and the kept handle is forgotten.
    await page.getByRole('button', { name: /^Take curb — Tiled off the recent list$/i }).click()
    await expect.poll(recentEntries).toEqual([expect.stringMatching(/^\s*Walkbox sample\s*$/)])
    await expect.poll(keptHandles).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { picks: number }).picks)).toBe(0)
  }, 120_000)

  it('names each game by its folder and engine, so two games whose projects share a name are told apart', async () => {
    await putAgsGame('tumbleweed')
    await putAgsGame('tumbleweed-fork')
    await pickGame('games/tumbleweed', 'Room 1')
    await pickGame('games/tumbleweed-fork', 'Room 1')
    // Both projects are named after the game (Game.agf's GameName).
    expect(await page.getByTestId('title').textContent()).toMatch(/^Tumbleweed/)
    await newProjectAndReload()
    await expect
      .poll(recentEntries)
      .toEqual([
        expect.stringMatching(/^\s*tumbleweed-fork — AGS 4\s*game folder\s*$/),
        expect.stringMatching(/^\s*tumbleweed — AGS 4\s*game folder\s*$/),
        expect.stringMatching(/^\s*Walkbox sample\s*$/),
      ])
    const open = page.getByTestId('recent-projects').locator('li button.open')
    expect(await open.nth(0).getAttribute('title')).toBe(
      'the folder tumbleweed-fork, picked in this browser; its Walkbox project is Tumbleweed',
    )
    expect(await open.nth(1).getAttribute('title')).toBe(
      'the folder tumbleweed, picked in this browser; its Walkbox project is Tumbleweed',
    )
    await saveScreenshot(page.getByTestId('no-room'), 'recent-game-folders-same-project-name.png')
    const bar = page.getByRole('menubar', { name: 'Menu bar' })
    await bar.getByRole('menuitem', { name: 'File', exact: true }).click()
    const recent = page.getByTestId('open-recent').getByRole('menuitem')
    await expect
      .poll(() => recent.allTextContents())
      .toEqual([
        expect.stringMatching(/^\s*Scratch\s*$/),
        expect.stringMatching(/^\s*tumbleweed-fork — AGS 4\s*game folder\s*$/),
        expect.stringMatching(/^\s*tumbleweed — AGS 4\s*game folder\s*$/),
        expect.stringMatching(/^\s*Walkbox sample\s*$/),
      ])
    await saveScreenshot(page, 'recent-game-folders-open-recent-same-name.png')
    // The older one opens from its entry: its own folder (now first in the list), not the other.
    await recent.filter({ hasText: /^\s*tumbleweed — / }).click()
    await expect.poll(() => page.getByTestId('room-name').textContent(), { timeout: 30_000 }).toBe('Room 1')
    await bar.getByRole('menuitem', { name: 'File', exact: true }).click()
    await expect
      .poll(async () => (await recent.allTextContents())[0])
      .toMatch(/^\s*tumbleweed — AGS 4\s*game folder\s*$/)
    expect(await page.evaluate(() => (window as unknown as { picks: number }).picks)).toBe(0)
  }, 180_000)
})
