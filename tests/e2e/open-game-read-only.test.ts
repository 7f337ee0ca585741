/**
 * File › Open Game Folder Read-Only… in the browser edition, in real Chromium. The picked
 * folder is an OPFS folder holding a Tiled map (the same FileSystemDirectoryHandle
 * `showDirectoryPicker` gives), and the browser's permissions are stubbed as for a handle
 * granted read only: read 'granted', readwrite 'denied'. The picker and every permission
 * asked for are written down, so that asking for write access (or a write probe) shows.
 * - The item is in the File menu and runs by mouse; the picker is asked for mode 'read'.
 * - The room opens, Compare answers on it, the status line and the canvas notice say the
 *   author chose read-only, nothing is written into the game (not even `.walkbox`), and Save
 *   keeps the edits with Save As.
 * - After a reload, Open Recent lists the game as read-only and reopens it so, asking for
 *   read access only.
 *
 * Units: room px.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { readOpfs, saveScreenshot, statusText, waitUntil, writeOpfs, opfsFiles } from './helpers'
import { openSample } from './authoring-helpers'
import { reachedInCompare } from './compare-helpers'
import { ALGORITHM_IDS } from '../../src/shared/nav/registry'

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

const NOTICE =
  'You opened the game curb read-only: Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere. Save As…Dismiss'
const LINE =
  'Opened the Tiled game curb read-only, as you asked: nothing is written into it; Save As keeps your edits elsewhere.'

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

/**
 * A handle granted read only: read 'granted', readwrite 'prompt' and, when asked, 'denied'.
 * Every permission asked for is kept in `window.walkboxAsked`; the picker answers with OPFS
 * games/curb and keeps the mode it was asked for in `window.walkboxPicked`.
 */
async function grantReadOnly(): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>
    const asked: string[] = []
    const picked: string[] = []
    w.walkboxAsked = asked
    w.walkboxPicked = picked
    const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>
    proto.queryPermission = async (o?: { mode?: string }) => {
      asked.push(`query ${o?.mode ?? 'read'}`)
      return o?.mode === 'readwrite' ? 'prompt' : 'granted'
    }
    proto.requestPermission = async (o?: { mode?: string }) => {
      asked.push(`request ${o?.mode ?? 'read'}`)
      return o?.mode === 'readwrite' ? 'denied' : 'granted'
    }
    w.showDirectoryPicker = async (o?: { mode?: string }) => {
      picked.push(o?.mode ?? 'read')
      return (await (await navigator.storage.getDirectory()).getDirectoryHandle('games')).getDirectoryHandle(
        'curb',
      )
    }
  })
}

async function asked(): Promise<{ asked: string[]; picked: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { walkboxAsked: string[]; walkboxPicked: string[] }
    return { asked: [...w.walkboxAsked], picked: [...w.walkboxPicked] }
  })
}

async function openFileMenu(): Promise<void> {
  await page
    .getByRole('menubar', { name: 'Menu bar' })
    .getByRole('menuitem', { name: 'File', exact: true })
    .click()
}

async function dismissReadNotes(): Promise<void> {
  const notes = page.getByRole('dialog', { name: 'Read the game' })
  if (await notes.isVisible()) await notes.getByRole('button', { name: 'OK' }).click()
}

describe('File › Open Game Folder Read-Only… (browser edition)', () => {
  it('opens a game read-only by choice, asks for read access only, writes nothing into it, and Open Recent reopens it so', async () => {
    await writeOpfs(page, 'games/curb/maps/street.tmx', MAP)
    await grantReadOnly()

    // The item sits in the File menu, after Open Game Folder…, and runs by mouse.
    await openFileMenu()
    const item = page.locator('[role="menu"] [data-action="file.openGameReadOnly"]')
    expect((await item.textContent())?.trim()).toBe('Open Game Folder Read-Only…')
    await saveScreenshot(page, 'file-menu-open-game-read-only.png')
    await item.click()
    await expect.poll(() => page.getByTestId('room-name').textContent(), { timeout: 30_000 }).toBe('street')
    await dismissReadNotes()
    await waitUntil(
      () => statusText(page),
      (t) => t === LINE,
      'the read-only line',
    )
    const notice = page.getByTestId('read-only-game')
    expect((await notice.textContent())?.replace(/\s+/g, ' ').trim()).toBe(NOTICE)
    await saveScreenshot(page, 'open-game-read-only-notice.png')
    const first = await asked()
    expect(first.picked).toEqual(['read'])
    expect(first.asked.filter((a) => a.endsWith('readwrite'))).toEqual([])
    expect(await opfsFiles(page, 'games/curb')).toEqual(['maps/street.tmx'])

    // Compare answers on the room of the game opened read-only.
    expect(await reachedInCompare(page, { x: 40, y: 100 }, { x: 250, y: 200 })).toEqual(
      [...ALGORITHM_IDS].sort(),
    )

    // Save keeps the project elsewhere (Save As), never in the game.
    await page.keyboard.press('Control+s')
    await page.getByRole('dialog', { name: 'Save As' }).getByRole('button', { name: 'Save copy' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => t.startsWith('Saved as'),
      'Save to keep a copy',
    )
    expect(await statusText(page)).toBe(
      'Saved as curb copy, a Walkbox project of its own (the read-only game is as it was).',
    )
    expect(await opfsFiles(page, 'games/curb')).toEqual(['maps/street.tmx'])

    // After a reload, Open Recent lists the game as read-only and reopens it so.
    await page.reload()
    await expect
      .poll(() => page.getByTestId('title').textContent(), { timeout: 30_000 })
      .toMatch(/^curb copy/)
    await grantReadOnly()
    await openFileMenu()
    const recent = page
      .getByTestId('open-recent')
      .getByRole('menuitem')
      .filter({ hasText: /Tiled\s*game folder/ })
    expect((await recent.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      'curb — Tiledgame folder, read-only',
    )
    await recent.click()
    await waitUntil(
      () => statusText(page),
      (t) => t === LINE,
      'the read-only line again',
    )
    await expect.poll(() => page.getByTestId('title').textContent()).toBe('curb — street')
    expect((await page.getByTestId('read-only-game').textContent())?.replace(/\s+/g, ' ').trim()).toBe(NOTICE)
    const again = await asked()
    expect(again.picked).toEqual([])
    expect(again.asked.length).toBeGreaterThan(0)
    expect(again.asked.filter((a) => a.endsWith('readwrite'))).toEqual([])
    expect(await opfsFiles(page, 'games/curb')).toEqual(['maps/street.tmx'])
    expect(new TextDecoder().decode(await readOpfs(page, 'games/curb/maps/street.tmx'))).toBe(MAP)
  }, 180_000)
})
