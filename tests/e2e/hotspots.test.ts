/**
 * Hotspots in the editor, in real Chromium from an empty profile, on the sample courtyard
 * (1920x1080, its floor below y=500): a polygon hotspot round the fountain drawn with the hotspot tool (K),
 * named in the Hotspots panel, its walk-to point put on the floor with the walk-to tool (W)
 * and dragged with Select; a painted hotspot added in the panel and painted over the crates;
 * undo and redo of the stroke; saved into room.json and back after a reload; the layer
 * hidden and shown; and in Compare, a click to walk on the hotspot walks the character to
 * its walk-to point, said first in the timeline. docs/images/walkbox-hotspots.png is this
 * room with its hotspots (npm run docs:images).
 *
 * Units: room px.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { saveDocsImage, saveScreenshot, screenshotPixels, statusText, toPage, viewportOf } from './helpers'
import {
  clickRoom,
  dragRoom,
  drawOutline,
  canvasKey,
  canvasTool,
  sampleForEachTest,
  saveAndWait,
  savedSampleRoom,
} from './authoring-helpers'
import { clickRoom as clickCompareRoom } from './compare-helpers'

let page: Page
sampleForEachTest((p) => (page = p), { width: 1400, height: 900 })

const tool = () => canvasTool(page)
const row = (id: string) => page.locator(`[data-hotspot="${id}"]`)

const key = (k: string) => canvasKey(page, k)

interface SavedRoom {
  hotspots?: {
    id: string
    name: string
    shape: { kind: string; maskId?: number }
    walkTo?: { x: number; y: number }
  }[]
  hotspotMask?: { rows: string[] }
}

const savedRoom = () => savedSampleRoom<SavedRoom>(page)

describe('hotspots in the editor', () => {
  it('draws a polygon and a painted hotspot, undoes and redoes, saves, reloads and walks to one in Compare', async () => {
    // The Hotspots layer, its polygon tool.
    await page.locator('[data-layer="hotspots"] button.name').click()
    await key('k')
    await expect.poll(tool).toBe('hotspot')
    // Around the fountain, on the floor.
    await drawOutline(page, [
      [400, 680],
      [650, 680],
      [650, 840],
      [400, 840],
    ])
    await expect.poll(() => statusText(page)).toMatch(/Add hotspot Hotspot1/)
    await expect.poll(() => row('hotspot-1').count()).toBe(1)
    await page.locator('#hotspot-name').fill('hFountain')
    await page.locator('#hotspot-name').press('Tab')
    await expect.poll(() => row('hotspot-1').textContent()).toContain('hFountain')
    await page.locator('#hotspot-description').fill('an old fountain')
    await page.locator('#hotspot-description').press('Tab')

    // Its walk-to point on the floor (W, a click), then dragged with Select (V): one step each.
    await key('w')
    await expect.poll(tool).toBe('walk-to')
    await clickRoom(page, 330, 930)
    await expect.poll(() => statusText(page)).toMatch(/Walk-to point of hFountain to \(330, 930\)/)
    await key('v')
    await dragRoom(page, [
      [330, 930],
      [340, 920],
      [350, 900],
    ])
    await expect.poll(() => statusText(page)).toMatch(/Walk-to point of hFountain to \(350, 900\)/)
    expect(await page.getByLabel('Walk-to y').inputValue()).toBe('900')

    // A painted hotspot: added in the panel, the brush is ready; one stroke, undone, redone.
    await page.getByRole('button', { name: 'Add painted hotspot' }).click()
    await expect.poll(tool).toBe('brush')
    // Over the crates.
    await page.getByLabel('Brush size').fill('40')
    await page.getByLabel('Brush size').press('Tab')
    await dragRoom(page, [
      [1570, 900],
      [1690, 900],
      [1690, 940],
      [1570, 940],
    ])
    await expect.poll(() => statusText(page)).toMatch(/Paint hotspot Hotspot2/)
    const painted = Number((await row('hotspot-2').locator('.count').textContent())!.split('·')[1])
    expect(painted).toBeGreaterThan(120 * 40)
    await key('Control+z')
    await expect.poll(() => row('hotspot-2').locator('.count').textContent()).toBe('#1 · 0')
    await key('Control+Shift+z')
    await expect.poll(() => row('hotspot-2').locator('.count').textContent()).toBe(`#1 · ${painted}`)
    // The fountain selected, its fields in the panel: the README's picture.
    await row('hotspot-1').locator('button.name').click()
    await page.locator('#hotspot-description').scrollIntoViewIfNeeded()
    await page.waitForTimeout(300)
    await saveDocsImage(page, 'walkbox-hotspots.png')

    // Hidden with the layer: the painted pixels no longer tint the room.
    const inside = toPage(await viewportOf(page), 1630, 920)
    const shown = (await screenshotPixels(page)).at(inside.x, inside.y)
    await page.getByLabel('Show Hotspots').uncheck()
    await page.waitForTimeout(300)
    const hidden = (await screenshotPixels(page)).at(inside.x, inside.y)
    expect(hidden).not.toEqual(shown)
    await page.getByLabel('Show Hotspots').check()

    // Saved: room.json holds both; painted rows carry mask id 1.
    await saveAndWait(page)
    const saved = await savedRoom()
    expect(saved.hotspots?.map((h) => [h.id, h.name, h.shape.kind, h.walkTo ?? null])).toEqual([
      ['hotspot-1', 'hFountain', 'polygon', { x: 350, y: 900 }],
      ['hotspot-2', 'Hotspot2', 'mask', null],
    ])
    expect(saved.hotspotMask?.rows[920]).toMatch(/^\d+ \d+:1 \d+$/)

    // Reloaded: the same hotspots and pixels.
    await page.reload()
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
    await expect.poll(() => row('hotspot-1').textContent()).toContain('hFountain')
    await expect.poll(() => row('hotspot-2').locator('.count').textContent()).toBe(`#1 · ${painted}`)
    await saveScreenshot(page, 'hotspots-after-reload.png')

    // Compare: a click to walk on the fountain walks to its walk-to point.
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
    await page.getByLabel('Click to walk').check()
    await clickCompareRoom(page, 520, 760)
    const first = page.locator('[data-testid="walk-timeline"] li').nth(1)
    await expect
      .poll(() => first.getAttribute('data-text'), { timeout: 60_000 })
      .toBe('clicked hFountain: to its walk-to point (350, 900)')
    await expect
      .poll(() => page.getByTestId('walk-readout').getAttribute('data-status'), { timeout: 90_000 })
      .toBe('arrived')
    const x = Number(await page.getByTestId('walk-readout').getAttribute('data-x'))
    const y = Number(await page.getByTestId('walk-readout').getAttribute('data-y'))
    expect(Math.hypot(x - 350, y - 900)).toBeLessThan(2)
    await saveScreenshot(page, 'hotspots-compare-walk.png')
  }, 180_000)
})
