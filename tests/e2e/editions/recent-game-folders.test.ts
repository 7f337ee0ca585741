/**
 * A game folder opened in place stays in the recent list past a restart, on both editions
 * (tests/e2e/editions/edition.ts; a reload, or the app ended and started again): File › Open
 * Game Folder… opens a folder holding a Tiled map, a new project is made, and after the
 * restart the game opens from the start panel's recent list and from File › Open Recent
 * without the folder being asked for again. When the folder is gone, one line says so and
 * nothing is removed from the list; ✕ takes the game off the list and touches no file.
 * (The browser's own case, a handle whose access is refused again, is in
 * tests/e2e/recent-game-folders.test.ts.)
 *
 * Units: room px.
 */
import { rm } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { saveScreenshot, statusText, waitUntil } from '../helpers'
import { EDITION, startEdition, type Edition, type Folder } from './edition'

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

beforeEach(async () => {
  edition = await startEdition()
})

afterEach(async () => {
  await edition?.close()
})

/** File › Open Game Folder… on the folder curb holding one Tiled map. */
async function openCurb(): Promise<Folder> {
  const curb = await edition.putFolder('curb', { 'maps/street.tmx': MAP })
  await edition.pickFolder(curb)
  await edition.menu('File', 'file.openGame')
  await waitUntil(
    () => statusText(edition.page),
    (t) => t.startsWith('Opened the ') && t.includes(' game curb in place'),
    'the game curb to open',
  )
  expect(await edition.page.getByTestId('room-name').textContent()).toBe('street')
  const notes = edition.page.getByRole('dialog', { name: 'Read the game' })
  if (await notes.isVisible()) await notes.getByRole('button', { name: 'OK' }).click()
  return curb
}

/** A new empty project (its canvas shows the start panel with the recent list), then a restart. */
async function newProjectAndRestart(): Promise<void> {
  edition.answerNewFolder('Scratch')
  await edition.page.getByRole('button', { name: 'New Project…' }).click()
  await edition.page.getByRole('dialog').getByLabel('Project name').fill('Scratch')
  await edition.page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
  await expect
    .poll(() => edition.page.getByTestId('title').textContent(), { timeout: 30_000 })
    .toBe('Scratch')
  await edition.restart()
  await expect
    .poll(() => edition.page.getByTestId('title').textContent(), { timeout: 30_000 })
    .toBe('Scratch')
}

const panelEntries = async () =>
  (await edition.page.getByTestId('recent-projects').locator('li button.open').allTextContents()).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  )

describe(`a game folder in the recent list (${EDITION} edition)`, () => {
  it('opens again after a restart from the start panel and from Open Recent, without asking for the folder', async () => {
    await openCurb()
    await newProjectAndRestart()
    await expect.poll(panelEntries).toEqual(['curb — Tiledgame folder', 'Walkbox sample'])
    await saveScreenshot(edition.page.getByTestId('no-room'), `recent-game-folder-start-panel-${EDITION}.png`)
    const asked = (await edition.pickersAsked()).length
    const recent = await edition.recentEntries()
    expect(recent.filter((e) => /curb/.test(e))).toHaveLength(1)
    await edition.openRecent(/curb — Tiled/)
    await expect
      .poll(() => edition.page.getByTestId('room-name').textContent(), { timeout: 30_000 })
      .toBe('street')
    // The desktop names a game's project after its folder capitalised, the browser as it is (issue #33).
    await expect
      .poll(() => edition.page.getByTestId('title').textContent(), { timeout: 30_000 })
      .toMatch(/^curb — street$/i)
    expect(await edition.page.getByTestId('room-list').locator('[data-room]').count()).toBe(1)
    expect(await edition.page.getByTestId('recent-projects').count()).toBe(0)
    expect(
      (await edition.pickersAsked()).filter((a) => !a.startsWith('query') && !a.startsWith('request')),
    ).toHaveLength(asked)

    // Back to Scratch: the start panel opens the game again as well.
    await edition.openRecent(/^Scratch/)
    await expect
      .poll(() => edition.page.getByTestId('title').textContent(), { timeout: 30_000 })
      .toBe('Scratch')
    await edition.page.getByTestId('recent-projects').locator('button.open', { hasText: /curb/i }).click()
    await expect
      .poll(() => edition.page.getByTestId('room-name').textContent(), { timeout: 30_000 })
      .toBe('street')
  }, 180_000)

  it('says in one line when the folder is gone, removes nothing, and ✕ takes it off the list', async () => {
    const curb = await openCurb()
    await newProjectAndRestart()
    await expect.poll(panelEntries).toHaveLength(2)
    // The folder is deleted meanwhile.
    if (EDITION === 'browser')
      await edition.page.evaluate(async () => {
        await (
          await (await navigator.storage.getDirectory()).getDirectoryHandle('games')
        ).removeEntry('curb', {
          recursive: true,
        })
      })
    else await rm(curb.at, { recursive: true, force: true })
    await edition.page.getByTestId('recent-projects').locator('button.open', { hasText: /curb/i }).click()
    await waitUntil(
      () => statusText(edition.page),
      (t) => t.includes('is not there any more'),
      'the missing folder to be said',
    )
    expect(await statusText(edition.page)).toMatch(
      /^Could not open the project: The game folder .*curb.* is not there any more.*open it again with File › Open Game Folder\.$/,
    )
    expect(await edition.page.getByTestId('title').textContent()).toBe('Scratch')
    expect(await panelEntries()).toHaveLength(2)

    // ✕ takes it off the list; the sample stays.
    await edition.page.getByRole('button', { name: /^Take curb — Tiled off the recent list$/i }).click()
    await expect.poll(panelEntries).toEqual(['Walkbox sample'])
    expect((await edition.recentEntries()).filter((e) => /curb/.test(e))).toEqual([])
  }, 180_000)
})
