/**
 * Walk-behinds in the editor, in real Chromium from an empty profile: the bench AGS room
 * (../shared/bench/engines/ags-tumbleweed, Rooms/1) imported through File > Import Room
 * shows its walk-behind layer (walk-behind 1: 15678 px, baseline y=197, the bench README's
 * count); painting the layer with the rectangle tool adds exactly the rectangle's pixels as
 * one undo step and is saved in room.json; the scaling tool's ghost is cut where a
 * walk-behind whose baseline is below its feet covers it, and not once the baseline is
 * dragged above them (Baseline tool); the Compare test walk names the walk-behind hiding its
 * walker; Ctrl+D on the walk-behind, whose pixels reach the room's bottom, puts the copy above
 * it inside the room as one undo step. docs/images/walkbox-walk-behinds.png is this room in Edit with its walk-behind and
 * baseline (npm run docs:images).
 *
 * Units: room px.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { benchPath } from '../support/bench-data'
import {
  colourDistance,
  readOpfs,
  saveDocsImage,
  saveScreenshot,
  screenshotPixels,
  statusText,
  toPage,
  viewportOf,
} from './helpers'
import { canvasKey, dragRoom, hoverRoom, openSample, saveAndWait, SAMPLE_REF } from './authoring-helpers'
import { clickRoom as clickCompareRoom, waitForAnswers } from './compare-helpers'
import { IMPORT_FROM_ENGINES } from '../../src/shared/formats/engine-texts'

let browser: LaunchedBrowser
let page: Page

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.setViewportSize({ width: 1400, height: 900 })
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

const walkBehindRow = () => page.locator('[data-walk-behind="1"]')
const ghostText = async () => (await page.getByTestId('ghost').textContent()) ?? ''

async function importBenchRoom(): Promise<void> {
  await page.getByRole('button', { name: '+ Room' }).click()
  await page.getByRole('menuitem', { name: IMPORT_FROM_ENGINES }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('import-folder-input').setInputFiles(benchPath('engines', 'ags-tumbleweed'))
  await dialog.getByLabel('File to import').selectOption('Rooms/1/data.xml')
  await expect
    .poll(() => dialog.getByTestId('import-notes').textContent(), { timeout: 30_000 })
    .toContain('walk-behinds: 1 (15678 px, baseline y=197); in the walk-behind layer')
  await dialog.getByRole('button', { name: 'Add room' }).click()
  await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Room 1')
}

describe('walk-behinds in the editor', () => {
  it('imports the AGS room with its walk-behind, paints it, and cuts the ghost behind it', async () => {
    await importBenchRoom()
    // The layer and the panel: walk-behind 1, 15678 px, baseline 197.
    await expect.poll(() => page.locator('[data-layer="walk-behinds"]').count()).toBe(1)
    await expect.poll(() => walkBehindRow().locator('.count').textContent()).toBe('15678')
    expect(await page.getByLabel('Baseline of walk-behind 1').inputValue()).toBe('197')
    await saveDocsImage(page, 'walkbox-walk-behinds.png')

    // Paint a 30x30 rectangle of walk-behind 1 into the empty sky: one undo step.
    await page.getByLabel('Paint walk-behind 1').click()
    await expect.poll(() => page.locator('[data-layer="walk-behinds"]').getAttribute('class')).toBe('active')
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('r')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('rectangle')
    await dragRoom(page, [
      [10, 10],
      [40, 40],
    ])
    await expect.poll(() => walkBehindRow().locator('.count').textContent()).toBe(String(15678 + 900))
    await expect.poll(() => statusText(page)).toMatch(/Rectangle in walk-behind 1/)
    await saveScreenshot(page, 'walk-behinds-painted.png')
    // Saved, room.json holds the layer: the painted rows and the imported baseline.
    await saveAndWait(page)
    const saved = JSON.parse(
      new TextDecoder().decode(await readOpfs(page, `${SAMPLE_REF}/rooms/room-1/room.json`)),
    ) as { walkBehinds: { areas: unknown[]; rows: string[] } }
    expect(saved.walkBehinds.areas).toEqual([{ id: 1, name: 'Walk-behind 1', baseline: 197 }])
    expect(saved.walkBehinds.rows[10]).toBe('10 30:1 280')

    // The ghost (scaling tool) with its feet at y=60 under the painted block: the block's
    // baseline (197) is below its feet, so it is cut there.
    await page.keyboard.press('s')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('scale')
    await hoverRoom(page, 25, 60)
    await expect.poll(ghostText).toMatch(/behind walk-behind 1$/)
    const inside = toPage(await viewportOf(page), 25, 30)
    const cut = (await screenshotPixels(page)).at(inside.x, inside.y)
    await saveScreenshot(page, 'walk-behinds-ghost-cut.png')

    // With its feet below the baseline (y=199 > 197) nothing hides it.
    await hoverRoom(page, 100, 199)
    await expect.poll(ghostText).not.toMatch(/behind/)
    // Drag the baseline (Baseline tool, Y) up above the feet at y=60: the block no longer
    // hides the ghost there.
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('y')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('baseline')
    await dragRoom(page, [
      [160, 197],
      [160, 50],
    ])
    await expect.poll(() => statusText(page)).toMatch(/Baseline of walk-behind 1 to y=50/)
    expect(await page.getByLabel('Baseline of walk-behind 1').inputValue()).toBe('50')
    await page.keyboard.press('s')
    await hoverRoom(page, 25, 60)
    await expect.poll(ghostText).toMatch(/^ghost [^·]+· \d+ px$/)
    await saveScreenshot(page, 'walk-behinds-ghost-in-front.png')
    // The same screen point now shows the ghost's white body over the block, not the bare sky.
    const shown = (await screenshotPixels(page)).at(inside.x, inside.y)
    expect(colourDistance(cut, shown)).toBeGreaterThan(40)
  }, 180_000)

  it('Ctrl+D duplicates the walk-behind at the bottom edge inside the room, as one undo step', async () => {
    await importBenchRoom()
    // Its pixels reach the room's bottom rows: 10 px down would leave the room (refused before).
    await page
      .getByRole('region', { name: 'Outliner' })
      .locator('[data-object="walk-behind:1"] button.name')
      .click()
    await canvasKey(page, 'Control+d')
    await expect.poll(() => statusText(page)).toBe('Duplicate 1 object')
    // Every pixel of the copy is in the room: it counts the original's 15678.
    await expect.poll(() => page.locator('[data-walk-behind="2"] .count').textContent()).toBe('15678')
    await saveScreenshot(page, 'walk-behinds-duplicated.png')
    await saveAndWait(page)
    const saved = JSON.parse(
      new TextDecoder().decode(await readOpfs(page, `${SAMPLE_REF}/rooms/room-1/room.json`)),
    ) as { walkBehinds: { areas: { id: number; baseline: number }[] } }
    const [, copy] = saved.walkBehinds.areas
    expect(copy.id).toBe(2)
    // The copy went up (its baseline with it), not down and out of the room.
    expect(copy.baseline).toBeLessThan(197)
    await canvasKey(page, 'Control+z')
    await expect.poll(() => page.locator('[data-walk-behind="2"]').count()).toBe(0)
    await expect.poll(() => walkBehindRow().locator('.count').textContent()).toBe('15678')
  }, 180_000)

  it('the test walk in Compare is cut behind the walk-behind and says so', async () => {
    await importBenchRoom()
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
    // Along the floor at y=158: the foreground walk-behind (baseline 197) covers the
    // character's lower part at both ends and around x=200.
    await clickCompareRoom(page, 40, 158, 'start')
    await clickCompareRoom(page, 250, 158)
    await waitForAnswers(page)
    await page.getByLabel('Walk with algorithm').selectOption('navmesh-funnel')
    await page.getByTestId('walk-start').click()
    const readout = page.getByTestId('walk-readout')
    // The attribute and the text of the same frame, read together.
    const hidden = () =>
      readout.evaluate((el) => `${el.getAttribute('data-hidden-by')} | ${el.textContent?.trim()}`)
    await expect.poll(hidden, { timeout: 30_000 }).toMatch(/^1 \| .* · behind walk-behind 1$/)
    await saveScreenshot(page, 'walk-behinds-compare-walker.png')
  }, 180_000)

  it('the name field has room for a name in the side panel', async () => {
    await page.getByRole('button', { name: 'Add walk-behind' }).click()
    const name = page.getByLabel('Name of walk-behind 1')
    await name.fill('Foreground tree trunk')
    await name.press('Enter')
    // The whole name shows: the field is not scrolled, and is most of the panel wide.
    const fit = await name.evaluate((el) => {
      const input = el as HTMLInputElement
      const panel = input.closest('section')!.getBoundingClientRect().width
      return { scroll: input.scrollWidth, client: input.clientWidth, share: input.clientWidth / panel }
    })
    expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.client)
    expect(fit.share).toBeGreaterThan(0.5)
    await saveScreenshot(page.getByRole('region', { name: 'Walk-behinds' }), 'walk-behinds-panel.png')
  })
})
