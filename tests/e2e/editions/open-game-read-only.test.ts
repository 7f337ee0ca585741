/**
 * File › Open Game Folder Read-Only… on both editions (tests/e2e/editions/edition.ts): the
 * picked folder holds a Tiled map; the browser's handle is granted read access only (write
 * access refused if asked), the desktop's folder is an ordinary writable folder on disk, so
 * that only the author's choice keeps the game untouched.
 * - The item runs from the File menu (the page's menu bar, the native menu); the browser's
 *   picker is asked for read access only, the desktop's dialog says read-only.
 * - The room opens, Compare answers on it, the status line and the canvas notice say the
 *   author chose read-only; an edit and Save keep the edits with Save As, and the game's
 *   folder holds exactly its one map, byte for byte (not even `.walkbox`).
 * - After a restart (a reload; the app ended and started again), Open Recent lists the game
 *   as read-only and reopens it so, without asking for the folder again.
 * On the desktop this failed before the host method table: the renderer's Electron wrapper
 * dropped `{ readOnly: true }`, so the game opened writable and Save wrote into it.
 *
 * Units: room px.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { saveScreenshot, statusText, waitUntil } from '../helpers'
import { dragRoom } from '../authoring-helpers'
import { reachedInCompare } from '../compare-helpers'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import { EDITION, startEdition, type Edition } from './edition'
import { openGameFolderTitle } from '../../../src/shared/formats/engine-texts'

let edition: Edition

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
  edition = await startEdition()
})

afterEach(async () => {
  await edition?.close()
})

async function dismissReadNotes(): Promise<void> {
  const notes = edition.page.getByRole('dialog', { name: 'Read the game' })
  if (await notes.isVisible()) await notes.getByRole('button', { name: 'OK' }).click()
}

const notice = async () =>
  ((await edition.page.getByTestId('read-only-game').textContent()) ?? '').replace(/\s+/g, ' ').trim()

describe(`File › Open Game Folder Read-Only… (${EDITION} edition)`, () => {
  it('opens a game read-only by choice, writes nothing into it when edited and saved, and Open Recent reopens it so', async () => {
    const curb = await edition.putFolder('curb', { 'maps/street.tmx': MAP })
    await edition.pickFolder(curb, 'read')
    await edition.menu('File', 'file.openGameReadOnly')
    const page = edition.page
    await expect.poll(() => page.getByTestId('room-name').textContent(), { timeout: 30_000 }).toBe('street')
    await dismissReadNotes()
    await waitUntil(
      () => statusText(page),
      (t) => t === LINE,
      'the read-only line',
    )
    expect(await notice()).toBe(NOTICE)
    await saveScreenshot(page, `open-game-read-only-notice-${EDITION}.png`)
    // The browser asked for read access only; the desktop's dialog said read-only.
    const first = await edition.pickersAsked()
    if (EDITION === 'browser') {
      expect(first.filter((a) => a.startsWith('picker'))).toEqual(['picker read'])
      expect(first.filter((a) => a.endsWith('readwrite'))).toEqual([])
    } else expect(first).toEqual([openGameFolderTitle(true)])
    expect(await edition.listFiles(curb)).toEqual(['maps/street.tmx'])

    // Compare answers on the room of the game opened read-only.
    expect(await reachedInCompare(page, { x: 40, y: 100 }, { x: 250, y: 200 })).toEqual(
      [...ALGORITHM_IDS].sort(),
    )
    await page.getByRole('tab', { name: 'Edit' }).click()

    // An edit: the floor's first corner dragged with the Select tool.
    await page.keyboard.press('v')
    await dragRoom(page, [
      [10, 60],
      [30, 80],
    ])
    await expect.poll(() => page.getByTestId('title').textContent()).toMatch(/^•/)

    // Save keeps the project elsewhere (Save As), never in the game.
    edition.answerNewFolder('curb copy')
    await page.keyboard.press('Control+s')
    // The browser asks for the copy's name (proposed: "curb copy"); the desktop asks for a folder.
    if (EDITION === 'browser')
      await page.getByRole('dialog', { name: 'Save As' }).getByRole('button', { name: 'Save copy' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => t.startsWith('Saved as'),
      'Save to keep a copy',
    )
    expect(await statusText(page)).toBe(
      'Saved as curb copy, a Walkbox project of its own (the read-only game is as it was).',
    )
    expect(await edition.listFiles(curb)).toEqual(['maps/street.tmx'])
    expect(new TextDecoder().decode(await edition.readFile(curb, 'maps/street.tmx'))).toBe(MAP)

    // After a restart, Open Recent lists the game as read-only and reopens it so.
    await edition.restart()
    await expect
      .poll(() => edition.page.getByTestId('title').textContent(), { timeout: 30_000 })
      .toMatch(/^curb copy/)
    const asked = (await edition.pickersAsked()).length
    await edition.pickFolder(curb, 'read')
    const entries = await edition.recentEntries()
    expect(entries.filter((e) => /curb/.test(e) && /Tiled/.test(e))).toEqual([
      EDITION === 'browser'
        ? 'curb — Tiledgame folder, read-only'
        : `curb — Tiled (game folder, read-only) — ${curb.at}`,
    ])
    await edition.openRecent(/curb — Tiled/)
    await waitUntil(
      () => statusText(edition.page),
      (t) => t === LINE,
      'the read-only line again',
    )
    // The desktop names a game's project after its folder capitalised ('Curb'), the browser as
    // it is ('curb'): the shared game store (issue #33) makes them one.
    await expect
      .poll(() => edition.page.getByTestId('title').textContent(), { timeout: 30_000 })
      .toMatch(/^curb — street$/i)
    expect(await notice()).toBe(NOTICE)
    // Reopened without the folder picked again; the browser asked for read access only.
    const again = await edition.pickersAsked()
    if (EDITION === 'browser') {
      expect(again.filter((a) => a.startsWith('picker'))).toEqual([])
      expect(again.filter((a) => a.endsWith('readwrite'))).toEqual([])
    } else expect(again).toHaveLength(asked)
    expect(await edition.listFiles(curb)).toEqual(['maps/street.tmx'])
    expect(new TextDecoder().decode(await edition.readFile(curb, 'maps/street.tmx'))).toBe(MAP)
  }, 180_000)
})
