/**
 * Every command has a visible home in the browser edition: the menu bar holds every action
 * of the registry (walked here), reachable by mouse and keyboard, with the shortcut the
 * browser leaves to the page; a few representative items really run. The shortcut sheet
 * (F1 or ?) lists every action with a shortcut, with the browser's keys. Escape closes the
 * Open dialog and the room menu when they were opened with the mouse, and no shortcut acts
 * behind an open dialog.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { saveScreenshot, statusText, toPage, viewportOf, waitUntil } from './helpers'
import { ACTIONS, MENUS, type ActionDescriptor } from '../../src/shared/actions'

let browser: LaunchedBrowser
let page: Page

/** The shared actions; the registry adds one per tool ('tool.brush'), which the component
 * test of the menu bar (tests/component/menu-bar.test.ts) walks with the tool list itself. */
const SHARED: string[] = ACTIONS.map((a) => a.id)

/** The keys the browser edition takes for an action, as Linux Chromium shows them. */
function browserKeys(a: ActionDescriptor): string | undefined {
  const shortcut = a.webShortcut ?? a.shortcut
  const arrows: Record<string, string> = { Left: '←', Right: '→', Up: '↑', Down: '↓' }
  return shortcut?.replace('CmdOrCtrl', 'Ctrl').replace(/Arrow(\w+)$/, (_, d: string) => arrows[d])
}

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.goto(inject('webUrl'))
  await waitUntil(
    () => statusText(page),
    (t) => /Opened room/.test(t),
    'the sample room to open',
  )
})

afterEach(async () => {
  await browser?.close()
})

const bar = () => page.getByRole('menubar', { name: 'Menu bar' })
const title = (label: string) => bar().getByRole('menuitem', { name: label, exact: true })

/** Click a menu's title, then one of its items, as a mouse user would. */
async function choose(menu: string, actionId: string): Promise<void> {
  await title(menu).click()
  await page.locator(`[role="menu"] [data-action="${actionId}"]`).click()
}

async function activeRoom(): Promise<string | null> {
  return page.locator('[data-testid="room-list"] li.active').getAttribute('data-room')
}

describe('the menu bar of the browser edition', () => {
  it('holds every registered action, each in one menu, with the shortcut the browser leaves to the page', async () => {
    expect((await bar().locator('[data-menu-title]').allTextContents()).map((t) => t.trim())).toEqual(
      MENUS.map((m) => m.label),
    )
    const found: string[] = []
    for (const menu of MENUS) {
      await title(menu.label).click()
      // Every action item (File's Open Recent entries are projects, not actions).
      const items = page.locator('[role="menu"] [data-action]')
      await expect.poll(() => items.count()).toBeGreaterThan(0)
      found.push(
        ...((await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))) as string[]),
      )
      await title(menu.label).click()
      await expect.poll(() => page.locator('[role="menu"]').count()).toBe(0)
    }
    expect(new Set(found).size).toBe(found.length)
    expect(found.filter((id) => !id.startsWith('tool.')).sort()).toEqual([...SHARED].sort())
    expect(found.filter((id) => id.startsWith('tool.')).length).toBeGreaterThanOrEqual(10)

    // Ctrl+N and Ctrl+Shift+N open browser windows: the menus show the keys that work here.
    await title('File').click()
    const item = (id: string) => page.locator(`[role="menu"] [data-action="${id}"]`)
    expect(await item('file.new').textContent()).toContain('Alt+N')
    expect(await item('file.save').textContent()).toContain('Ctrl+S')
    expect(await item('file.save').getAttribute('aria-keyshortcuts')).toBe('Control+S')
    await title('Room').hover()
    expect(await item('room.newFromBackground').textContent()).toContain('Alt+Shift+N')
    expect(await item('room.next').textContent()).toContain('Alt+PageDown')
    expect(await item('room.next').textContent()).not.toContain('Ctrl')
    expect(await item('room.next').getAttribute('aria-keyshortcuts')).toBe('Alt+PageDown')
    // The toolbar's tooltips agree.
    expect(await page.locator('[data-action="file.new"]').first().getAttribute('title')).toBe(
      'New Project… (Alt+N)',
    )
  })

  it('runs Save As, Open Sample Project and Export Room from the mouse', async () => {
    const titleText = () => page.getByTestId('title').textContent()
    await choose('File', 'file.saveAs')
    await page.getByRole('dialog', { name: 'Save As' }).getByRole('button', { name: 'Save copy' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /Saved as Walkbox sample copy/.test(t),
      'Save As to make a copy',
    )
    await expect.poll(titleText).toContain('Walkbox sample copy')

    await choose('File', 'file.openSample')
    await expect.poll(titleText).toMatch(/^Walkbox sample — Courtyard/)

    await choose('File', 'file.exportRoom')
    const dialog = page.getByRole('dialog', { name: 'Export Courtyard' })
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it("checks View's Show Grid, Snap and Show Rulers as the editor has them", async () => {
    const checked = () =>
      page
        .locator('[role="menu"] [role="menuitemcheckbox"]')
        .evaluateAll((els) =>
          els.map((e) => `${e.getAttribute('data-action')}=${e.getAttribute('aria-checked')}`),
        )
    await title('View').click()
    const before = await checked()
    expect(before.map((c) => c.split('=')[0])).toEqual(['view.grid', 'view.snap', 'view.rulers'])
    const was = (id: string) => before.includes(`${id}=true`)
    // Show Grid from the menu, Show Rulers by its key: both marks follow.
    await page.locator('[role="menu"] [data-action="view.grid"]').click()
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Alt+R')
    await title('View').click()
    expect(await checked()).toEqual([
      `view.grid=${!was('view.grid')}`,
      `view.snap=${was('view.snap')}`,
      `view.rulers=${!was('view.rulers')}`,
    ])
    const grid = page.locator('[role="menu"] [data-action="view.grid"]')
    expect((await grid.textContent())?.startsWith(was('view.grid') ? 'Show Grid' : '✓Show Grid')).toBe(true)
    await saveScreenshot(page, 'menu-bar-view-checks.png')
  })

  it('is worked from the keyboard: arrows between and inside menus, Enter runs, Escape closes', async () => {
    await title('File').focus()
    await page.keyboard.press('ArrowDown')
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-action') ?? null)
    await expect.poll(focused).toBe('file.new')
    await page.keyboard.press('ArrowUp')
    expect(await focused()).toBe(ACTIONS.filter((a) => 'menu' in a && a.menu === 'file').at(-1)!.id)
    await page.keyboard.press('ArrowRight')
    await expect.poll(focused).toBe('edit.undo')
    expect(await title('Edit').getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('[role="menu"]').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Edit')
    // Help › Keyboard Shortcuts by keys alone.
    for (let i = 0; i < MENUS.length - 2; i++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('help.shortcuts')
    await page.keyboard.press('Enter')
    await page.getByTestId('shortcut-sheet').waitFor()
  })

  it('closes on a press outside it, and that press does not edit the room', async () => {
    const undo = page.locator('.toolbar [data-action="edit.undo"]')
    // The eraser on the west courtyard's floor: a click there is an edit (one undo step).
    await page.keyboard.press('e')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('eraser')
    await title('Edit').click()
    const at = toPage(await viewportOf(page), 600, 800)
    await page.mouse.click(at.x, at.y)
    await expect.poll(() => page.locator('[role="menu"]').count()).toBe(0)
    await page.waitForTimeout(300)
    expect(await undo.isDisabled()).toBe(true)
    // A press that reached the room would have asked whether to paint the polygon room's mask.
    const question = page.getByRole('dialog', { name: 'Paint the walk mask?' })
    expect(await question.count()).toBe(0)
    // The next press erases, as always (asking once first, on this polygon room).
    await page.mouse.click(at.x, at.y)
    await question.getByRole('button', { name: 'Keep the polygons' }).click()
    await question.waitFor({ state: 'detached' })
    await page.mouse.click(at.x, at.y)
    await expect.poll(() => undo.isDisabled()).toBe(false)
  })
})

describe('the keyboard-shortcut sheet', () => {
  it('opens with F1 and with ?, and lists every action that has a shortcut with the browser keys', async () => {
    await page.keyboard.press('F1')
    const sheet = page.getByTestId('shortcut-sheet')
    await sheet.waitFor()
    const withKeys = ACTIONS.filter(
      (a): a is (typeof ACTIONS)[number] & { shortcut: string } => 'shortcut' in a,
    )
    for (const action of withKeys) {
      const row = sheet.locator(`tr[data-action="${action.id}"]`)
      expect(await row.locator('td.label').textContent(), action.id).toBe(action.label)
      expect(await row.locator('[data-keys]').first().textContent(), action.id).toBe(browserKeys(action))
    }
    // One row per tool, each with its one-letter key.
    const toolKeys = await sheet.locator('tr[data-action^="tool."] [data-keys]').allTextContents()
    expect(toolKeys.length).toBeGreaterThanOrEqual(10)
    for (const k of toolKeys) expect(k).toMatch(/^[A-Z]$/)
    expect(await sheet.locator('tr[data-action="file.new"] [data-keys]').textContent()).toBe('Alt+N')
    expect(await sheet.locator('tr[data-action="help.shortcuts"]').textContent()).toMatch(/F1\s+or\s+\?/)
    await page.keyboard.press('Escape')
    await expect.poll(() => sheet.count()).toBe(0)

    await page.keyboard.press('Shift+?')
    await sheet.waitFor()
  })
})

describe('dialogs and menus opened with the mouse', () => {
  it('Escape closes the Open dialog, and no shortcut switches rooms behind it', async () => {
    await page.getByRole('button', { name: 'Room actions for Courtyard' }).click()
    await page.locator('.room-menu').getByRole('menuitem', { name: 'Duplicate' }).click()
    // Duplicating copies the room's pictures (the background, its masks): give it time.
    await expect.poll(() => page.locator('[data-testid="room-list"] li').count(), { timeout: 15_000 }).toBe(2)
    const before = await activeRoom()

    await page.locator('.toolbar [data-action="file.open"]').click()
    const dialog = page.getByRole('dialog', { name: 'Open project' })
    await dialog.waitFor()
    await page.keyboard.press('Alt+PageDown')
    await page.keyboard.press('Control+PageDown')
    await page.waitForTimeout(300)
    expect(await activeRoom()).toBe(before)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)

    // With the dialog gone, the browser edition's key switches rooms.
    await page.keyboard.press('Alt+PageDown')
    await expect.poll(activeRoom).not.toBe(before)
  })

  it('Escape closes the room menu opened with the mouse', async () => {
    await page.getByRole('button', { name: 'Room actions for Courtyard' }).click()
    const menu = page.locator('.room-menu[role="menu"]')
    await menu.waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => menu.count()).toBe(0)
  })
})
