/**
 * Projects in and out of the editor on both editions (tests/e2e/editions/edition.ts): the
 * browser host over OPFS, the desktop host over folders on disk, through the same editor.
 * - Save writes the sample in normal form, byte for byte, keeps the version it replaced in
 *   backups/, and the project reopens after a restart (a reload; the app ended and started).
 * - New Project makes an empty project that reopens as the most recent; Open lists both and
 *   opens the other; Save As (File menu) makes a copy and goes on with it.
 * - A project whose file is damaged is listed with its error and restored from a backup.
 * - A project goes out as a .zip (downloaded: the desktop asks where to save it) and comes back
 *   in as a project of its own; a file that is not a zip is refused in one line and leaves
 *   nothing behind.
 *
 * Units: none.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { repoRoot } from '../../support/bench-data'
import { saveScreenshot, statusText, waitUntil } from '../helpers'
import { saveAndWait } from '../authoring-helpers'
import { EDITION, startEdition, type Edition, type Folder } from './edition'

const SAMPLE = resolve(repoRoot, 'resources/sample-project')
const SAMPLE_ROOM = `${SAMPLE}/rooms/courtyard`

let edition: Edition

beforeEach(async () => {
  edition = await startEdition()
})

afterEach(async () => {
  await edition?.close()
})

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
const title = () => edition.page.getByTestId('title').textContent()

/** New Project… with this name (the desktop also asks where). */
async function newProject(name: string): Promise<Folder> {
  const page = edition.page
  const folder = edition.answerNewFolder(name)
  await page.getByRole('button', { name: 'New Project…' }).click()
  await page.getByRole('dialog').getByLabel('Project name').fill(name)
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
  await expect.poll(title, { timeout: 30_000 }).toBe(name)
  return folder
}

/**
 * The Open dialog's entry of the project named `name` (a damaged one is listed by the name the
 * host knows: its folder's in the browser, the recent list's on the desktop).
 */
const listed = (name: string) =>
  edition.page
    .getByTestId('project-list')
    .locator('li[data-project]')
    .filter({ has: edition.page.locator('strong', { hasText: new RegExp(`^${name}$`, 'i') }) })

describe(`projects (${EDITION} edition)`, () => {
  it('saves the sample project byte for byte in normal form, keeps a backup, and reopens it after a restart', async () => {
    const page = edition.page
    // Only rooms with unsaved edits are written: change the room and change it back.
    const authoritative = page.getByLabel('Authoritative representation')
    await authoritative.selectOption('mask')
    await authoritative.selectOption('polygons')
    await expect.poll(title).toMatch(/^• /)
    await page.keyboard.press('Control+s')
    await expect.poll(() => statusText(page)).toContain('Saved Walkbox sample')
    const sample = edition.projectFolder('Walkbox sample')
    expect(text(await edition.readFile(sample, 'rooms/courtyard/room.json'))).toBe(
      await readFile(`${SAMPLE_ROOM}/room.json`, 'utf8'),
    )
    expect(text(await edition.readFile(sample, 'project.walkbox.json'))).toBe(
      await readFile(`${SAMPLE}/project.walkbox.json`, 'utf8'),
    )
    // The mask was written by the host's PNG encoder: same area ids as the original.
    const decode = async (bytes: Uint8Array | Buffer) =>
      (await sharp(bytes).extractChannel(0).raw().toBuffer({ resolveWithObject: true })).data
    const savedMask = await decode(await edition.readFile(sample, 'rooms/courtyard/walkmask.png'))
    expect(savedMask.equals(await decode(await readFile(`${SAMPLE_ROOM}/walkmask.png`)))).toBe(true)
    // The version the save replaced is kept whole in the project's backups.
    const kept = (await edition.listFiles(sample)).filter((f) =>
      /^backups\/[^/]+\/rooms\/courtyard\/room\.json$/.test(f),
    )
    expect(kept).toHaveLength(1)
    expect(text(await edition.readFile(sample, kept[0]))).toBe(
      await readFile(`${SAMPLE_ROOM}/room.json`, 'utf8'),
    )

    await edition.restart()
    await expect.poll(() => statusText(edition.page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
    await expect.poll(() => edition.page.getByTestId('room-name').textContent()).toBe('Courtyard')
    await expect(edition.page.getByText('1 (3 holes, 33 vertices)').count()).resolves.toBe(1)
  })

  it('creates a project that reopens as the most recent, opens another from the list, and saves a copy with Save As', async () => {
    await newProject('Untitled project')
    // A new project is empty: the canvas says how to start a room.
    await expect.poll(() => edition.page.getByTestId('no-room').textContent()).toContain('has no rooms yet')
    await edition.restart()
    await expect.poll(title, { timeout: 30_000 }).toBe('Untitled project')
    const page = edition.page
    await page.getByRole('button', { name: 'Open Project…' }).click()
    const list = page.getByTestId('project-list')
    await expect
      .poll(() => list.locator('li[data-project] strong').allTextContents())
      .toEqual(['Untitled project', 'Walkbox sample'])
    await listed('Walkbox sample').getByRole('button', { name: 'Open' }).click()
    await expect.poll(title, { timeout: 30_000 }).toContain('Walkbox sample — Courtyard')

    // Save As from the File menu: a copy, and the editor goes on with it.
    const copy = edition.answerNewFolder('Walkbox sample copy')
    await edition.menu('File', 'file.saveAs')
    // The browser asks for the copy's name (proposed: "Walkbox sample copy"); the desktop asks for a folder.
    if (EDITION === 'browser')
      await page.getByRole('dialog', { name: 'Save As' }).getByRole('button', { name: 'Save copy' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /Saved as Walkbox sample copy/.test(t),
      'Save As to make a copy',
    )
    await expect.poll(title, { timeout: 30_000 }).toBe('Walkbox sample copy — Courtyard')
    expect(JSON.parse(text(await edition.readFile(copy, 'project.walkbox.json'))).name).toBe(
      'Walkbox sample copy',
    )
    expect(text(await edition.readFile(copy, 'rooms/courtyard/room.json'))).toBe(
      await readFile(`${SAMPLE_ROOM}/room.json`, 'utf8'),
    )
  })

  it('lists a project whose file is damaged with its error, and restores it from a backup', async () => {
    const page = edition.page
    const fragile = await newProject('Fragile')
    await page.getByRole('button', { name: '+ Room' }).click()
    await page.getByRole('menuitem', { name: 'Blank room…' }).click()
    await page.getByRole('dialog').getByLabel('Room name').fill('Attic')
    await page.getByRole('dialog').getByRole('button', { name: 'Create room' }).click()
    await saveAndWait(page)
    // The first save of the room kept the empty project as a backup; a second save keeps this one.
    await page.getByRole('button', { name: '+ Flag' }).click()
    await page.getByRole('dialog').getByLabel('Flag name (e.g. Door open)').fill('Lamp lit')
    await page.getByRole('dialog').getByRole('button', { name: 'Add flag' }).click()
    await saveAndWait(page)
    const good = text(await edition.readFile(fragile, 'project.walkbox.json'))
    await edition.writeFile(fragile, 'project.walkbox.json', good.replace('"rooms"', '"rooms" oops'))

    await page.getByRole('button', { name: 'Open Project…' }).click()
    const damaged = listed('Fragile')
    await expect
      .poll(async () => (await damaged.getByRole('alert').textContent())?.trim())
      .toMatch(
        /^Cannot be opened: project\.walkbox\.json line \d+ column \d+: .+ \(restore it from one of its backups\)$/,
      )
    await expect(damaged.getByRole('button', { name: 'Open' }).count()).resolves.toBe(0)
    await saveScreenshot(page, `projects-open-damaged-${EDITION}.png`)
    await damaged.getByRole('button', { name: /^Backups/ }).click()
    const backups = damaged.getByRole('list', { name: /^Backups of / })
    // Newest first: the project with its room, before the flag was added.
    await expect.poll(() => backups.locator('li').first().textContent()).toContain('Fragile · 1 rooms')
    await backups.getByRole('button', { name: 'Restore' }).first().click()
    await expect.poll(title, { timeout: 30_000 }).toBe('Fragile — Attic')
    await expect.poll(() => statusText(page)).toMatch(/^Restored Fragile from its backup/)
    // The damaged file was backed up before the restore: nothing is lost either way.
    await page.getByRole('button', { name: 'Open Project…' }).click()
    await expect.poll(() => listed('Fragile').getByRole('alert').count()).toBe(0)
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  })

  it('exports a project as a .zip and imports it back as a new project that opens', async () => {
    const page = edition.page
    await page.getByRole('button', { name: 'Open Project…' }).click()
    const list = page.getByTestId('project-list')
    const zip = await edition.saveDownload(() =>
      listed('Walkbox sample').getByRole('button', { name: 'Export .zip' }).click(),
    )
    expect(Buffer.from(zip.subarray(0, 4)).toString('hex')).toBe('504b0304')
    edition.answerNewFolder('courtyard')
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('dialog').getByRole('button', { name: 'Import .zip…' }).click()
    await (
      await chooser
    ).setFiles({ name: 'courtyard.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) })
    // The import is a project of its own, opened, its name numbered: the sample is there already.
    await expect.poll(title, { timeout: 30_000 }).toBe('Walkbox sample (2) — Courtyard')
    await page.getByRole('button', { name: 'Open Project…' }).click()
    await expect.poll(() => list.locator('li[data-project]').count()).toBe(2)
    expect(await list.locator('li[data-project] strong').allTextContents()).toEqual(
      expect.arrayContaining(['Walkbox sample', 'Walkbox sample (2)']),
    )
    // Open marks the open one, and only it.
    expect(await list.locator('li[data-open="yes"] strong').allTextContents()).toEqual(['Walkbox sample (2)'])
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()

    // A file that is not a project is refused in one line and leaves nothing behind.
    await page.getByRole('button', { name: 'Open Project…' }).click()
    const nowhere = edition.answerNewFolder('junk')
    const junk = page.waitForEvent('filechooser')
    await page.getByRole('dialog').getByRole('button', { name: 'Import .zip…' }).click()
    await (
      await junk
    ).setFiles({ name: 'junk.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') })
    await expect
      .poll(() => page.getByTestId('open-problem').textContent())
      .toMatch(/^junk\.zip: is not a zip file \(no end record\); nothing was imported$/)
    await expect.poll(() => list.locator('li[data-project]').count()).toBe(2)
    await expect(edition.listFiles(nowhere)).rejects.toThrow()
  })

  it('renames a project in the Open dialog, and takes another off (the browser deletes it, the desktop keeps its folder)', async () => {
    const page = edition.page
    const scratch = await newProject('Scratch')
    await page.getByRole('button', { name: 'Open Project…' }).click()
    const dialog = page.getByRole('dialog')
    await listed('Scratch').getByRole('button', { name: 'Rename' }).click()
    await dialog.getByLabel('New project name').fill('Scratch pad')
    await dialog.getByLabel('New project name').press('Enter')
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Renamed to Scratch pad.')
    await expect.poll(() => listed('Scratch pad').count()).toBe(1)
    expect(JSON.parse(text(await edition.readFile(scratch, 'project.walkbox.json'))).name).toBe('Scratch pad')

    const sample = edition.projectFolder('Walkbox sample')
    await listed('Walkbox sample')
      .getByRole('button', { name: EDITION === 'browser' ? 'Delete' : 'Remove from list' })
      .click()
    await saveScreenshot(dialog, `projects-remove-${EDITION}.png`)
    await listed('Walkbox sample')
      .getByRole('button', { name: EDITION === 'browser' ? 'Delete for good' : 'Remove' })
      .click()
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe(EDITION === 'browser' ? 'Deleted Walkbox sample.' : 'Removed Walkbox sample from the list.')
    await expect.poll(() => listed('Walkbox sample').count()).toBe(0)
    if (EDITION === 'browser') await expect(edition.listFiles(sample)).rejects.toThrow()
    else expect(await edition.listFiles(sample)).toContain('project.walkbox.json')
  })
})
