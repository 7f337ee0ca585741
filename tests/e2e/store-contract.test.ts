/**
 * The project store's contract (tests/support/project-store-contract.ts) on the browser
 * host's adapter, in real Chromium over the real OPFS: every case runs in the page
 * (tests/e2e/harness/store-contract.ts) and gives exactly what the contract expects, and
 * exactly what the desktop's adapter (files on disk, sharp) gives for the same case here.
 * Then the web edition itself: a project made, saved and reopened after a reload.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { CONTRACT_CASES, CONTRACT_EXPECTED } from '../support/project-store-contract'
import { diskStore } from '../../src/main/services/project-store'
import { saveScreenshot, statusText } from './helpers'
import { saveAndWait } from './authoring-helpers'

let browser: LaunchedBrowser
let page: Page
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-contract-e2e-'))
  browser = await launchChromium()
  page = await browser.context.newPage()
})
afterAll(async () => {
  await browser?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** Run a contract case in the page on the browser's adapter (a fresh harness page each time). */
async function inPage(name: string, folder: string): Promise<unknown> {
  await page.goto(inject('harnessUrl'))
  await expect.poll(() => page.title()).toBe('harness ready')
  return page.evaluate(
    ([n, f]) =>
      (
        window as unknown as { walkboxStoreContract: { run(n: string, f: string): Promise<unknown> } }
      ).walkboxStoreContract.run(n, f),
    [name, folder] as const,
  )
}

/** Run a contract case here on the desktop's adapter, in a temporary folder. */
function onDisk(name: string, folder: string): Promise<unknown> {
  return CONTRACT_CASES[name]({
    async fresh(project) {
      await mkdir(join(dir, folder, project), { recursive: true })
      return diskStore(join(dir, folder, project))
    },
  })
}

describe('the project store on the browser adapter', () => {
  for (const [index, name] of Object.keys(CONTRACT_CASES).entries()) {
    it(name, async () => {
      const browserResult = await inPage(name, `case-${index}`)
      expect(browserResult).toEqual(CONTRACT_EXPECTED[name])
      expect(browserResult).toEqual(await onDisk(name, `case-${index}`))
    })
  }
})

describe('the web edition over the shared store', () => {
  it('a project made and saved in the editor opens again after a reload', { timeout: 90_000 }, async () => {
    const app = await browser.context.newPage()
    await app.goto(inject('webUrl'))
    await expect.poll(() => statusText(app), { timeout: 30_000 }).toMatch(/Opened room/)
    await app.getByRole('button', { name: 'New Project…' }).click()
    await app.getByRole('dialog').getByLabel('Project name').fill('Contract')
    await app.getByRole('dialog').getByRole('button', { name: 'Create project' }).click()
    await expect.poll(() => app.getByTestId('title').textContent()).toBe('Contract')
    await app.getByRole('button', { name: '+ Room' }).click()
    await app.getByRole('menuitem', { name: 'Blank room…' }).click()
    await app.getByRole('dialog').getByLabel('Room name').fill('Cellar')
    await app.getByRole('dialog').getByRole('button', { name: 'Create room' }).click()
    await saveAndWait(app)
    // The editor reopens the last project after a reload, through the store.
    await app.reload()
    await expect.poll(() => statusText(app), { timeout: 30_000 }).toMatch(/Opened room Cellar/)
    await expect.poll(() => app.getByTestId('title').textContent()).toBe('Contract — Cellar')
    // The Open dialog lists it from the store, marked as the open one, with the backup its
    // one save made.
    await app.getByRole('button', { name: 'Open Project…' }).click()
    const dialog = app.getByRole('dialog')
    await expect.poll(() => dialog.textContent()).toMatch(/Contractopen now1 room · saved .*Backups \(1\)/)
    await saveScreenshot(app, 'store-contract-reopened.png')
    await app.close()
  })
})
