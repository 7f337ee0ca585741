/**
 * Copy, Paste, Delete and Undo on a multi-selection across layers, in real Chromium at
 * 1280 x 800 on the sample courtyard: a point placed with the Points tool; a marquee over the
 * fountain and the doorway (the fountain hole, the doorway gate and the fountain zone), the
 * point added with Shift+click in the outliner; Ctrl+C copies the four; Ctrl+V with the
 * pointer on the room pastes them as one undo step, all moved by one offset (relative places
 * kept, saved in room.json); Delete removes the four pasted as one step; Undo brings them
 * back, Undo again leaves the room as it was copied. The Points panel at this size shows
 * each point's name, kind, x and y whole (screenshot multi-clipboard-points-panel.png), and
 * Compare draws the point with the Edit canvas's mark.
 *
 * Units: room px.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Coord, Room } from '../../src/shared/room/schema'
import { colourDistance, saveScreenshot, screenshotPixels, statusText } from './helpers'
import { compareViewport, roomToPage } from './compare-helpers'
import {
  canvasKey,
  clickRoom,
  dragRoom,
  hoverRoom,
  sampleForEachTest,
  saveAndWait,
  savedSampleRoom,
} from './authoring-helpers'

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
  return savedSampleRoom<Room>(page)
}

const key = (k: string) => canvasKey(page, k)

/** The four copied objects' points in `room`: the hole, the gate's polygon, the zone's outline, the point. */
function groupPoints(
  room: Room,
  ids: { hole: number; gate: string; zone: string; point: string },
): Coord[][] {
  const zone = room.zones.find((z) => z.id === ids.zone)!
  const point = room.points!.find((p) => p.id === ids.point)!
  return [
    room.polygons[0].holes[ids.hole],
    room.gates.find((g) => g.id === ids.gate)!.polygon!,
    zone.shape.kind === 'polygon' ? zone.shape.outer : [],
    [[point.x, point.y]],
  ]
}

describe('copy, paste and delete of a multi-selection', () => {
  it('copies four objects of four layers, pastes them as one step with one offset, deletes, undoes', async () => {
    // A point with the Points tool (J).
    await page.locator('[data-layer="points"] button.name').click()
    await key('j')
    await clickRoom(page, 1200, 950)
    await expect.poll(() => row('point:point-1').count()).toBe(1)
    // The Points panel at 1280 x 800: name, kind, x and y whole.
    const panel = page.getByTestId('points-panel')
    await panel.scrollIntoViewIfNeeded()
    await saveScreenshot(panel, 'multi-clipboard-points-panel.png')
    const fits = await panel
      .locator('li')
      .first()
      .evaluate((li) =>
        [...li.querySelectorAll('input, select')].map((el) => {
          const box = el.getBoundingClientRect()
          const field = el as HTMLInputElement
          return { width: box.width, scroll: field.scrollWidth, client: field.clientWidth }
        }),
      )
    expect(fits.length).toBe(4)
    for (const f of fits) expect(f.scroll, JSON.stringify(fits)).toBeLessThanOrEqual(f.client + 1)
    expect(fits[0].width, 'the name field').toBeGreaterThanOrEqual(150)

    // Lock the walk polygon, so that a press on it starts a marquee; marquee the fountain and doorway.
    await row('polygon:floor').getByRole('button', { name: 'Lock floor' }).click()
    await key('v')
    await dragRoom(page, [
      [360, 620],
      [1100, 900],
    ])
    await expect.poll(selectedKeys).toEqual(['hole:floor#0', 'gate:doorway-gate', 'zone:fountain-edge'])
    await row('point:point-1')
      .getByRole('button', { name: 'Point1', exact: true })
      .click({ modifiers: ['Shift'] })
    await expect.poll(selectedKeys).toHaveLength(4)

    const before = await savedRoom()
    const original = groupPoints(before, {
      hole: 0,
      gate: 'doorway-gate',
      zone: 'fountain-edge',
      point: 'point-1',
    })
    const xs = original.flat().map((p) => p[0])
    const ys = original.flat().map((p) => p[1])
    const centre = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 }

    await key('Control+c')
    await expect.poll(() => statusText(page)).toContain('Copied 4 objects')
    // The pointer 30 px right of and 12 px below the group's centre: the paste goes there.
    await hoverRoom(page, centre.x + 30, centre.y + 12)
    await key('Control+v')
    await expect.poll(() => statusText(page)).toContain('Paste 4 objects')
    await expect.poll(selectedKeys).toEqual(['hole:floor#3', 'gate:gate-1', 'zone:zone-1', 'point:point-2'])
    const pasted = await savedRoom()
    const copies = groupPoints(pasted, { hole: 3, gate: 'gate-1', zone: 'zone-1', point: 'point-2' })
    const dx = copies[0][0][0] - original[0][0][0]
    const dy = copies[0][0][1] - original[0][0][1]
    expect(Math.abs(dx - 30)).toBeLessThanOrEqual(1)
    expect(Math.abs(dy - 12)).toBeLessThanOrEqual(1)
    // Every vertex and the point moved by the one offset.
    expect(copies).toEqual(original.map((ring) => ring.map(([x, y]) => [x + dx, y + dy])))
    expect(pasted.points!.find((p) => p.id === 'point-2')!.name).toBe('Point1 2')

    await key('Delete')
    await expect.poll(() => statusText(page)).toContain('Delete 4 objects')
    await expect.poll(() => row('gate:gate-1').count()).toBe(0)
    expect(await row('point:point-2').count()).toBe(0)
    await saveScreenshot(page, 'multi-clipboard-after-delete.png')

    await key('Control+z')
    await expect.poll(() => row('gate:gate-1').count()).toBe(1)
    expect(await row('point:point-2').count()).toBe(1)
    await key('Control+z')
    await expect.poll(() => row('gate:gate-1').count()).toBe(0)
    const after = await savedRoom()
    expect(after.polygons).toEqual(before.polygons)
    expect(after.gates).toEqual(before.gates)
    expect(after.zones).toEqual(before.zones)
    expect(after.points).toEqual(before.points)

    // Compare draws the point with the Edit canvas's mark: an orange diamond at (1200, 950).
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
    const orangeNear = async (x: number, y: number) => {
      const p = roomToPage(await compareViewport(page), x, y)
      const pixels = await screenshotPixels(page)
      let n = 0
      for (let dy = -8; dy <= 8; dy++)
        for (let dx = -8; dx <= 8; dx++)
          if (colourDistance(pixels.at(p.x + dx, p.y + dy), [0xff, 0xb7, 0x4d]) < 40) n++
      return n
    }
    await expect.poll(() => orangeNear(1200, 950), { timeout: 20_000 }).toBeGreaterThan(20)
    // Nothing of the kind where no point is (the same floor, 200 px to the left).
    expect(await orangeNear(1000, 950)).toBe(0)
    await saveScreenshot(page, 'multi-clipboard-compare-points.png')
  }, 180_000)
})
