/**
 * The browser edition's projects are untrusted too: a save journal planted in one project's
 * folder (by a zip, another tab or a hand) may name another project of the same browser's
 * storage. Opening it in the web edition in real Chromium, from an empty profile: the
 * journal is set aside, the editor says so in its status line, and the other project is
 * byte for byte as it was. Same shared code as the desktop (unit-save.ts, journal-check.ts).
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { readOpfs, saveScreenshot, statusText, writeOpfs } from './helpers'
import { saveAndWait } from './authoring-helpers'

let browser: LaunchedBrowser
let page: Page

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.goto(inject('webUrl'))
  await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room/)
})

afterEach(async () => {
  await browser?.close()
})

async function newProjectWithRoom(name: string): Promise<void> {
  await page.getByRole('button', { name: 'New Project…' }).click()
  await page.getByRole('dialog').getByLabel('Project name').fill(name)
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
  await expect.poll(() => page.getByTestId('title').textContent()).toBe(name)
  await page.getByRole('button', { name: '+ Room' }).click()
  await page.getByRole('menuitem', { name: 'Blank room…' }).click()
  await page.getByRole('dialog').getByLabel('Room name').fill('Attic')
  await page.getByRole('dialog').getByRole('button', { name: 'Create room' }).click()
  await saveAndWait(page)
}

describe('a planted journal in the browser’s storage', () => {
  it('is set aside on Open, said in the status line, and never touches another project', async () => {
    await newProjectWithRoom('Victim')
    await newProjectWithRoom('Planted')
    const victimFile = 'projects/victim/project.walkbox.json'
    const victim = await readOpfs(page, victimFile)
    await writeOpfs(
      page,
      'projects/planted/.walkbox-save.json',
      JSON.stringify({
        files: [],
        removeFiles: ['../victim/project.walkbox.json'],
        removeFolders: ['../victim'],
      }),
    )
    await page.getByRole('button', { name: 'Open Project…' }).click()
    await page
      .getByTestId('project-list')
      .locator('li[data-project="planted"]')
      .getByRole('button', { name: 'Open' })
      .click()
    await expect
      .poll(() => statusText(page))
      .toBe(
        `Opened Planted, but .walkbox-save.json: a save journal that Walkbox did not run (removeFiles[0]: "../victim/project.walkbox.json" goes up with '..'); it was kept as .walkbox-save.rejected-1.json`,
      )
    // The line is long: the whole of it is in the status line's tooltip too.
    expect(await page.getByTestId('status').getAttribute('title')).toBe(await statusText(page))
    await saveScreenshot(page, 'folder-trust-journal-set-aside.png')
    expect(await readOpfs(page, victimFile)).toEqual(victim)
    expect((await readOpfs(page, 'projects/planted/.walkbox-save.rejected-1.json')).length).toBeGreaterThan(0)
  })
})
