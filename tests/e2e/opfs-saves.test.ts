/**
 * The browser edition gives the same guarantees as the desktop, checked in real Chromium
 * on the real OPFS files and unit save: a save stopped after any of its file operations
 * (200 points, the page reloaded between for 25 of them, as a killed tab would be) leaves
 * exactly the old or exactly the new version, and nothing of it lying around. Then the
 * web edition itself: the sample project is placed like any project, its name numbered when
 * a listed project has it. (Projects out and in as .zip files, on both editions:
 * tests/e2e/editions/projects.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { createRandom } from '../../src/shared/measure/random'
import { saveScreenshot, statusText, writeOpfs } from './helpers'
import { emptyProject } from '../../src/shared/room/schema'
import { serialiseProject } from '../../src/shared/room/serialise'

let browser: LaunchedBrowser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
})
afterAll(async () => browser?.close())

type Harness = {
  reset(): Promise<void>
  save(n: number, limit: number): Promise<{ died: boolean; operations: number; commitAt: number }>
  versions(): Promise<number[]>
  leftovers(): Promise<string[]>
}

async function openHarness(): Promise<void> {
  await page.goto(inject('harnessUrl'))
  await expect.poll(() => page.title()).toBe('harness ready')
}
const call = <K extends keyof Harness>(name: K, ...args: Parameters<Harness[K]>) =>
  page.evaluate(
    ([n, a]) =>
      (window as unknown as { walkboxHarness: Record<string, (...x: unknown[]) => unknown> }).walkboxHarness[
        n
      ](...a),
    [name, args] as const,
  ) as ReturnType<Harness[K]>

describe('saves in the browser are one unit', () => {
  it('a save stopped at any of 200 points leaves exactly the old or the new version', async () => {
    await openHarness()
    await call('reset')
    // Four saves fill the backups to the number kept (3), so every later save does the same work.
    for (let n = 1; n <= 4; n++) await call('save', n, Number.MAX_SAFE_INTEGER)
    const { operations } = await call('save', 5, Number.MAX_SAFE_INTEGER)
    expect(await call('versions')).toEqual([5])
    // Every crash point of a save (the operation it stops after), in a seeded random order,
    // over and over until 200 saves have been stopped.
    const random = createRandom(7)
    const points: number[] = []
    let current = 5
    let crashes = 0
    let crashedNew = 0
    for (let n = 6; crashes < 200; n++) {
      if (points.length === 0) for (let k = 0; k <= operations; k++) points.push(k)
      const [limit] = points.splice(random.int(0, points.length - 1), 1)
      const result = await call('save', n, limit)
      // For one crash in eight the tab is reloaded before the project is opened again.
      if (result.died && crashes % 8 === 0) await openHarness()
      const versions = await call('versions')
      expect(versions, `save ${n}`).toHaveLength(1)
      expect([current, n]).toContain(versions[0])
      if (result.died) {
        crashes++
        if (versions[0] === n) crashedNew++
      } else expect(versions[0]).toBe(n)
      current = versions[0]
    }
    // The figures docs/reliability.md quotes.
    console.log(
      `crash points: ${crashes}; old version after: ${crashes - crashedNew}; new version after: ${crashedNew}; mixed or lost: 0`,
    )
    // Crashes fell on both sides of the commit.
    expect(crashedNew).toBeGreaterThan(3)
    expect(crashes - crashedNew).toBeGreaterThan(100)
    expect(await call('leftovers')).toEqual([])
  })
})

describe('the sample project in the browser', () => {
  it('is placed like any project: a listed project with its name leaves it "Walkbox sample (2)"', async () => {
    const own = await launchChromium()
    try {
      const p = await own.context.newPage()
      await p.goto(inject('webUrl'))
      await expect.poll(() => statusText(p), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
      // Another project called "Walkbox sample", and the sample's own folder gone.
      await writeOpfs(
        p,
        'projects/mine/project.walkbox.json',
        serialiseProject(emptyProject({ name: 'Walkbox sample', appVersion: '0.1.0' })),
      )
      await p.evaluate(async () => {
        const projects = await (await navigator.storage.getDirectory()).getDirectoryHandle('projects')
        await projects.removeEntry('walkbox-sample', { recursive: true })
      })
      await p
        .getByRole('menubar', { name: 'Menu bar' })
        .getByRole('menuitem', { name: 'File', exact: true })
        .click()
      await p.locator('[role="menu"] [data-action="file.openSample"]').click()
      await expect
        .poll(() => p.getByTestId('title').textContent(), { timeout: 30_000 })
        .toBe('Walkbox sample (2) — Courtyard')
      await p.getByRole('button', { name: 'Open Project…' }).click()
      const list = p.getByTestId('project-list')
      await expect.poll(() => list.locator('li[data-project]').count()).toBe(2)
      expect(await list.locator('li[data-project="walkbox-sample"] strong').textContent()).toBe(
        'Walkbox sample (2)',
      )
      expect(await list.locator('li[data-project="mine"] strong').textContent()).toBe('Walkbox sample')
      await saveScreenshot(p.getByRole('dialog'), 'sample-named-like-any-project.png')
    } finally {
      await own.close()
    }
  })
})
