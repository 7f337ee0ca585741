/**
 * The outliner and multi-select in real Chromium at 1280 x 800, on the sample courtyard
 * (one walk polygon with three holes, the doorway gate, two zones): rename an object by
 * double-click (one undo step); lock the walk polygon so that a press on it starts a
 * marquee instead of selecting it; a marquee from there selects the fountain hole, the
 * fountain zone and the doorway gate across three layers; Shift+→ moves all three 10 px
 * and Align top lines them up, one undo step each, saved in room.json; Undo takes both
 * back exactly; hiding the gate takes it off the canvas and out of the next marquee.
 * docs/images/walkbox-outliner.png is this room with the three objects selected.
 *
 * Units: room px.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Room } from '../../src/shared/room/schema'
import { readOpfs, saveDocsImage, saveScreenshot, statusText, toPage, viewportOf } from './helpers'
import { clickRoom, dragRoom, sampleForEachTest, saveAndWait, SAMPLE_ROOM_DIR } from './authoring-helpers'

let page: Page
sampleForEachTest((p) => (page = p))

const outliner = () => page.getByRole('region', { name: 'Outliner' })
const row = (key: string) => outliner().locator(`[data-object="${key}"]`)
const selectedKeys = async () =>
  outliner()
    .locator('li.selected')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-object')))

async function savedRoom(): Promise<Room> {
  await saveAndWait(page)
  return JSON.parse(new TextDecoder().decode(await readOpfs(page, `${SAMPLE_ROOM_DIR}/room.json`))) as Room
}

/** The canvas pixels of a room rectangle as PNG bytes (to see whether something is drawn there). */
async function canvasClip(x0: number, y0: number, x1: number, y1: number): Promise<Buffer> {
  const v = await viewportOf(page)
  const a = toPage(v, x0, y0)
  const b = toPage(v, x1, y1)
  return page.screenshot({ clip: { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y } })
}

describe('outliner and multi-select', () => {
  it('renames, locks, marquee-selects across layers, moves and aligns as one step each, undoes, hides', async () => {
    // Every object by kind: the walk polygon and its three holes, the areas, the gate, the zones.
    await expect.poll(() => row('polygon:floor').count()).toBe(1)
    await expect.poll(() => row('hole:floor#2').count()).toBe(1)
    expect(await row('gate:doorway-gate').textContent()).toContain('Doorway gate')
    expect(await row('zone:east-courtyard').textContent()).toContain('East courtyard')

    // Rename by double-click: one undo step, named.
    await row('zone:fountain-edge').getByRole('button', { name: 'Fountain edge', exact: true }).dblclick()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill('Fountain rim')
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await expect.poll(() => row('zone:fountain-edge').textContent()).toContain('Fountain rim')
    await expect.poll(() => statusText(page)).toContain("Rename zone to 'Fountain rim'")

    // Lock the walk polygon: a press on it selects nothing (and starts a marquee).
    await row('polygon:floor').getByRole('button', { name: 'Lock floor' }).click()
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('v')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('select')
    await clickRoom(page, 200, 900)
    expect(await selectedKeys()).toEqual([])

    // A marquee over the fountain and the doorway: three objects on three layers.
    await dragRoom(page, [
      [360, 620],
      [1100, 900],
    ])
    await expect.poll(selectedKeys).toEqual(['hole:floor#0', 'gate:doorway-gate', 'zone:fountain-edge'])
    // The README image: the room with the three selected, and the outliner with its buttons in view.
    await outliner().getByRole('button', { name: 'Align top' }).scrollIntoViewIfNeeded()
    await saveDocsImage(page, 'walkbox-outliner.png')

    // Shift+→ moves all three 10 px; Align top lines them up on y = 640: one step each.
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Shift+ArrowRight')
    await expect.poll(() => statusText(page)).toContain('Move 3 objects')
    await outliner().getByRole('button', { name: 'Align top' }).click()
    await expect.poll(() => statusText(page)).toContain('Align top 3 objects')
    const history = await page.getByTestId('history').locator('li').allTextContents()
    expect(history.filter((t) => /Move 3 objects|Align top 3 objects/.test(t))).toHaveLength(2)
    const moved = await savedRoom()
    expect(moved.gates[0].polygon![0]).toEqual([1030, 640])
    expect(moved.zones[0].shape).toMatchObject({
      kind: 'polygon',
      outer: [
        [390, 640],
        [670, 640],
        [670, 880],
        [390, 880],
      ],
    })
    expect(Math.min(...moved.polygons[0].holes[0].map(([, y]) => y))).toBe(640)
    await saveScreenshot(page, 'outliner-moved-aligned.png')

    // Undo twice: exactly as before the move.
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+z')
    await page.keyboard.press('Control+z')
    await expect.poll(() => statusText(page)).toContain('Undid')
    const back = await savedRoom()
    expect(back.gates[0].polygon).toEqual([
      [1020, 750],
      [1040, 750],
      [1040, 802],
      [1020, 802],
    ])
    expect(back.zones[0].shape).toMatchObject({
      outer: [
        [380, 640],
        [660, 640],
        [660, 880],
        [380, 880],
      ],
    })
    expect(back.polygons[0].holes[0][0]).toEqual([622, 728])
    expect(back.zones[0].name).toBe('Fountain rim')

    // Hide the gate: no longer drawn, no longer picked by a marquee, still in the room.
    // Nothing selected (a press on the locked floor selects nothing), so no outline is drawn over it.
    await clickRoom(page, 200, 900)
    await expect.poll(selectedKeys).toEqual([])
    const shown = await canvasClip(1010, 740, 1050, 812)
    await row('gate:doorway-gate').getByRole('button', { name: 'Hide Doorway gate' }).click()
    await expect.poll(async () => (await canvasClip(1010, 740, 1050, 812)).equals(shown)).toBe(false)
    await dragRoom(page, [
      [360, 620],
      [1100, 900],
    ])
    await expect.poll(selectedKeys).toEqual(['hole:floor#0', 'zone:fountain-edge'])
    expect((await savedRoom()).gates).toHaveLength(1)
    await clickRoom(page, 200, 900)
    await row('gate:doorway-gate').getByRole('button', { name: 'Show Doorway gate' }).click()
    await expect.poll(async () => (await canvasClip(1010, 740, 1050, 812)).equals(shown)).toBe(true)

    // The shortcut sheet lists the multi-select actions and the select and outliner gestures.
    await page.keyboard.press('F1')
    const sheet = page.getByTestId('shortcut-sheet')
    await sheet.waitFor()
    const text = (await sheet.textContent()) ?? ''
    for (const line of [
      'Align Top',
      'Flip Horizontally',
      'Rename Object…',
      'Drag from empty room',
      'Double-click  or  F2',
    ])
      expect(text).toContain(line)
    await saveScreenshot(page, 'outliner-shortcut-sheet.png')
  })
})
