/**
 * Game folders in the browser edition that Walkbox may read but not write, and a write-back a
 * crash stopped, in real Chromium. The picked folder is an OPFS folder (the same
 * FileSystemDirectoryHandle `showDirectoryPicker` gives) holding a Tiled map; the browser's
 * permissions are stubbed: read access 'granted', write access refused ('denied').
 * - Read-only: the room opens, Compare answers on it, one line says the folder is read-only
 *   and where edits go, nothing is written into the game (not even `.walkbox`), and Save
 *   keeps the edits with Save As as a project of its own.
 * - A folder whose write access is granted but that refuses writes (a read-only medium): the
 *   same, told by a probe write in `.walkbox/` that fails and leaves nothing.
 * - Reopened from Open Recent with write access refused: read-only too, its Walkbox project
 *   (made when it could be written) copied, the game's files as they were.
 * - Crash: a write-back journal left in the game (staged file and journal, as a write killed
 *   after its commit leaves them) is finished as soon as the game is reopened from Open
 *   Recent, not at the next Save.
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

const map = (right: number) => `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="20" height="15" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="2">
 <objectgroup id="1" name="walkable">
  <object id="1" name="floor" type="walkable" x="10" y="60">
   <polygon points="0,0 ${right},0 ${right},160 0,160"/>
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

/** The browser lets Walkbox read folders but refuses to let it write them. */
async function refuseWriteAccess(): Promise<void> {
  await page.evaluate(() => {
    const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>
    proto.queryPermission = async (o?: { mode?: string }) => (o?.mode === 'readwrite' ? 'prompt' : 'granted')
    proto.requestPermission = async (o?: { mode?: string }) =>
      o?.mode === 'readwrite' ? 'denied' : 'granted'
  })
}

/** The folder picker answers with OPFS games/curb; File › Open Game Folder… opens it. */
async function pickCurb(): Promise<void> {
  await page.evaluate(() => {
    ;(
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () =>
      (await (await navigator.storage.getDirectory()).getDirectoryHandle('games')).getDirectoryHandle('curb')
  })
  await fileMenu('file.openGame')
  await expect.poll(() => page.getByTestId('room-name').textContent(), { timeout: 30_000 }).toBe('street')
  const notes = page.getByRole('dialog', { name: 'Read the game' })
  if (await notes.isVisible()) await notes.getByRole('button', { name: 'OK' }).click()
}

/** Another project is open when the page starts again; the game is only in the recent list. */
async function newScratchAndReload(): Promise<void> {
  await page.getByRole('button', { name: 'New Project…' }).click()
  await page.getByRole('dialog').getByLabel('Project name').fill('Scratch')
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
  await expect.poll(() => page.getByTestId('title').textContent()).toBe('Scratch')
  await page.reload()
  await expect.poll(() => page.getByTestId('title').textContent(), { timeout: 30_000 }).toBe('Scratch')
}

async function fileMenu(action: string): Promise<void> {
  await page
    .getByRole('menubar', { name: 'Menu bar' })
    .getByRole('menuitem', { name: 'File', exact: true })
    .click()
  await page.locator(`[role="menu"] [data-action="${action}"]`).click()
}

describe('a game folder the browser lets Walkbox read but not write', () => {
  it('opens read-only: rooms and Compare work, one line says so, nothing is written into it, Save keeps a copy', async () => {
    await writeOpfs(page, 'games/curb/maps/street.tmx', map(280))
    await refuseWriteAccess()
    await pickCurb()
    const line =
      'Opened the Tiled game curb read-only: nothing is written into it; Save As keeps your edits elsewhere.'
    await waitUntil(
      () => statusText(page),
      (t) => t === line,
      'the read-only line',
    )
    const notice = page.getByTestId('read-only-game')
    expect((await notice.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      'The game curb is read-only here: its folder cannot be written (write access was refused): Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere. Save As…Dismiss',
    )
    await saveScreenshot(page, 'read-only-game-folder.png')
    expect(await opfsFiles(page, 'games/curb')).toEqual(['maps/street.tmx'])

    // Compare answers on the read-only game's room.
    expect(await reachedInCompare(page, { x: 40, y: 100 }, { x: 250, y: 200 })).toEqual(
      [...ALGORITHM_IDS].sort(),
    )

    // Save keeps the project elsewhere (Save As), never in the game.
    await page.keyboard.press('Control+s')
    // The browser's Save As asks for the copy's name first.
    await page.getByRole('dialog', { name: 'Save As' }).getByRole('button', { name: 'Save copy' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => t.startsWith('Saved as'),
      'Save to keep a copy',
    )
    expect(await statusText(page)).toBe(
      'Saved as curb copy, a Walkbox project of its own (the read-only game is as it was).',
    )
    await expect.poll(() => page.getByTestId('title').textContent()).toMatch(/^curb copy/)
    expect(await opfsFiles(page, 'games/curb')).toEqual(['maps/street.tmx'])
    expect(new TextDecoder().decode(await readOpfs(page, 'games/curb/maps/street.tmx'))).toBe(map(280))
  }, 180_000)
})

describe('a game folder the browser lets Walkbox write but that refuses writes (a read-only medium)', () => {
  it('opens read-only too, and nothing is made in it', async () => {
    await writeOpfs(page, 'games/curb/maps/street.tmx', map(280))
    // Every folder or file created under games/ is refused, as a read-only medium refuses it.
    await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory()
      const proto = FileSystemDirectoryHandle.prototype as unknown as Record<
        string,
        (this: FileSystemDirectoryHandle, name: string, o?: { create?: boolean }) => Promise<unknown>
      >
      for (const method of ['getDirectoryHandle', 'getFileHandle']) {
        const real = proto[method]
        proto[method] = async function (name, o) {
          if (o?.create && (await root.resolve(this))?.[0] === 'games')
            throw new DOMException('a read-only medium', 'NoModificationAllowedError')
          return real.call(this, name, o)
        }
      }
    })
    await pickCurb()
    await waitUntil(
      () => statusText(page),
      (t) => t.includes('read-only'),
      'the read-only line',
    )
    expect(await page.getByTestId('read-only-game').count()).toBe(1)
    expect(await opfsFiles(page, 'games/curb')).toEqual(['maps/street.tmx'])
  }, 120_000)
})

describe('a picked folder that is no game', () => {
  it('is refused in one line, and nothing is made in it (not even by the write probe)', async () => {
    await writeOpfs(page, 'games/notes/readme.txt', 'not a game')
    await page.evaluate(() => {
      ;(
        window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
      ).showDirectoryPicker = async () =>
        (await (await navigator.storage.getDirectory()).getDirectoryHandle('games')).getDirectoryHandle(
          'notes',
        )
    })
    await fileMenu('file.openGame')
    await waitUntil(
      () => statusText(page),
      (t) => t.startsWith('Could not open the game folder'),
      'the refusal',
    )
    expect(await statusText(page)).toMatch(/^Could not open the game folder: not a game folder Walkbox knows/)
    expect(await opfsFiles(page, 'games/notes')).toEqual(['readme.txt'])
  }, 120_000)
})

describe('a game from the recent list whose write access is refused on reopening', () => {
  it('opens read-only from Open Recent with its Walkbox project, and writes nothing into the game', async () => {
    await writeOpfs(page, 'games/curb/maps/street.tmx', map(280))
    await pickCurb()
    await newScratchAndReload()
    const before = await opfsFiles(page, 'games/curb')
    expect(before).toContain('.walkbox/game-link.json')
    await refuseWriteAccess()
    await page
      .getByRole('menubar', { name: 'Menu bar' })
      .getByRole('menuitem', { name: 'File', exact: true })
      .click()
    await page.getByTestId('open-recent').getByRole('menuitem').filter({ hasText: /curb/i }).click()
    await waitUntil(
      () => statusText(page),
      (t) => t.includes('read-only'),
      'the read-only line',
    )
    expect(await statusText(page)).toBe(
      'Opened the Tiled game curb read-only: nothing is written into it; Save As keeps your edits elsewhere.',
    )
    await expect.poll(() => page.getByTestId('title').textContent()).toBe('curb — street')
    expect(await page.getByTestId('read-only-game').count()).toBe(1)
    expect(await opfsFiles(page, 'games/curb')).toEqual(before)
  }, 120_000)
})

describe('a write-back a crash stopped, in the browser edition', () => {
  it('is finished as soon as the game is reopened from Open Recent', async () => {
    await writeOpfs(page, 'games/curb/maps/street.tmx', map(280))
    await pickCurb()
    // A write into the game killed after its commit: the journal and the staged map are left.
    await writeOpfs(page, 'games/curb/maps/street.tmx.walkbox-new', map(300))
    await writeOpfs(
      page,
      'games/curb/.walkbox-save.json',
      JSON.stringify({
        files: [{ target: 'maps/street.tmx', staged: 'maps/street.tmx.walkbox-new' }],
        removeFiles: [],
        removeFolders: [],
      }),
    )
    await newScratchAndReload()
    expect(new TextDecoder().decode(await readOpfs(page, 'games/curb/maps/street.tmx'))).toBe(map(280))
    await page
      .getByRole('menubar', { name: 'Menu bar' })
      .getByRole('menuitem', { name: 'File', exact: true })
      .click()
    await page.getByTestId('open-recent').getByRole('menuitem').filter({ hasText: /curb/i }).click()
    await expect
      .poll(() => page.getByTestId('title').textContent(), { timeout: 30_000 })
      .toBe('curb — street')
    await expect
      .poll(async () => new TextDecoder().decode(await readOpfs(page, 'games/curb/maps/street.tmx')))
      .toBe(map(300))
    const files = await opfsFiles(page, 'games/curb')
    expect(files.filter((f) => f.endsWith('.walkbox-new') || f === '.walkbox-save.json')).toEqual([])
    // Said in one line on the status line (the game store's recovery, as on the desktop).
    await expect
      .poll(() => statusText(page), { timeout: 30_000 })
      .toContain(
        'a write into the game that a crash or a kill stopped after it counted was finished: the new version of maps/street.tmx is in place',
      )
    await saveScreenshot(page, 'game-write-finished-on-reopen.png')
  }, 120_000)
})
