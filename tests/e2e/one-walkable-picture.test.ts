/**
 * One walkable picture at a time (issue #31), in real Chromium: a room shows the walkable
 * layer that is its truth, the other one grey and faint (and "unused" in the Layers panel);
 * painting the mask of a polygon room asks once whether to switch, says what switching does,
 * keeps the room as it is by default, and once switched the brush paints the walkable area.
 * Reproduces the "a new room's brush does nothing" and "a stale mask stays drawn in
 * walkable green after switching back".
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { colourDistance, saveScreenshot, screenshotPixels, toPage, viewportOf } from './helpers'
import { clickRoom, dragRoom, sampleForEachTest } from './authoring-helpers'

let page: Page
sampleForEachTest((p) => (page = p))

/** The page colour at a room point, after the next frames. */
async function colourAt(p: Page, x: number, y: number): Promise<number[]> {
  await p.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))))
  const at = toPage(await viewportOf(p), x, y)
  return (await screenshotPixels(p)).at(at.x, at.y)
}

async function historyLabels(p: Page): Promise<string[]> {
  return p.$$eval('[data-testid="history"] li[data-done="yes"]', (els) =>
    els.map((e) => e.textContent?.trim() ?? ''),
  )
}

const unusedLayer = (p: Page) =>
  p.$$eval('[data-testid="unused-layer"]', (els) =>
    els.map((e) => e.closest('li')!.getAttribute('data-layer')),
  )

describe('one walkable picture at a time', () => {
  it('asks once when a new room is painted, says what switching does, and the brush then paints', async () => {
    await page.getByRole('menuitem', { name: 'Room' }).click()
    await page.getByRole('menuitem', { name: 'New Blank Room…' }).click()
    const create = page.getByRole('dialog')
    await create.getByLabel('Room name').fill('Cellar')
    await create.getByLabel('Room width').fill('800')
    await create.getByLabel('Room height').fill('450')
    await create.getByRole('button', { name: 'Create room' }).click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Cellar')
    expect(await unusedLayer(page)).toEqual(['walk-mask'])
    await page.keyboard.press('b')
    await clickRoom(page, 400, 300)
    const ask = page.getByRole('dialog', { name: 'Paint the walk mask?' })
    await ask.waitFor()
    expect(await ask.textContent()).toContain('This room has no walkable area yet')
    // The default button keeps the room as it is.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Keep the polygons')
    await saveScreenshot(page, 'walkable-picture-question.png')
    await ask.getByRole('button', { name: 'Switch to the mask' }).click()
    await ask.waitFor({ state: 'detached' })
    expect(await unusedLayer(page)).toEqual(['walk-polygons'])
    const before = await colourAt(page, 300, 200)
    await dragRoom(page, [
      [250, 200],
      [550, 200],
    ])
    // Painted, in the area's colour, without asking again.
    expect(await ask.count()).toBe(0)
    expect(colourDistance(await colourAt(page, 300, 200), before)).toBeGreaterThan(30)
    const labels = await historyLabels(page)
    expect(labels.at(-1)).toMatch(/^Paint /)
    expect(labels.some((l) => /mask authoritative/i.test(l))).toBe(true)
    await saveScreenshot(page, 'walkable-picture-painted.png')
  })

  it('draws the mask of a polygon room grey and faint, and in its colours once the mask is the truth', async () => {
    // The sample's walkable area is its polygons; its mask (area 2 in the east courtyard) is unused.
    expect(await unusedLayer(page)).toEqual(['walk-mask'])
    const mask = page.getByLabel('Show Walk mask areas')
    const polygons = page.getByLabel('Show Walk polygons')
    await polygons.uncheck()
    const eastWith = await colourAt(page, 1400, 860)
    await mask.uncheck()
    const eastWithout = await colourAt(page, 1400, 860)
    await mask.check()
    // Faint and grey: not the area's blue.
    expect(colourDistance(eastWith, eastWithout)).toBeLessThan(40)
    await saveScreenshot(page, 'walkable-picture-polygon-room.png')
    // The mask becomes the truth: its areas in their colours, the polygons grey outlines.
    await page.getByLabel('Authoritative representation').selectOption('mask')
    await expect.poll(unusedLayer.bind(null, page)).toEqual(['walk-polygons'])
    const eastTruth = await colourAt(page, 1400, 860)
    expect(colourDistance(eastTruth, eastWithout)).toBeGreaterThan(40)
    // Back to the polygons: the mask is grey again (not "walkable green").
    await page.getByLabel('Authoritative representation').selectOption('polygons')
    await expect.poll(unusedLayer.bind(null, page)).toEqual(['walk-mask'])
    expect(colourDistance(await colourAt(page, 1400, 860), eastWithout)).toBeLessThan(40)
    await polygons.check()
    await saveScreenshot(page, 'walkable-picture-back-to-polygons.png')
  })
})
