/**
 * Room authoring in the web edition, in real Chromium, on the sample room: painting
 * walk areas with undo and redo (mask pixels read back from the saved PNG), drawing
 * a walk polygon with a hole and a gate and switching the gate's flag, a trigger
 * zone and a scaling gradient read through the ghost, and everything still there
 * after saving and reloading. Screenshots of the tools in use go to test-results/.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { readOpfs, saveScreenshot, statusText } from './helpers'
import {
  answerPaintQuestion,
  clickRoom,
  dragRoom,
  drawOutline,
  hoverRoom,
  openSample,
  readSavedMask,
  SAMPLE_ROOM_DIR,
  saveAndWait,
  statusField,
} from './authoring-helpers'

let browser: LaunchedBrowser
let page: Page

// Each test starts from an empty browser profile with the sample room open: no test
// depends on what another left behind.
beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

async function historyLabels(): Promise<string[]> {
  return page.getByTestId('history').locator('li[data-done="yes"] button').allTextContents()
}

describe('walk mask painting', () => {
  it('paints two areas, erases part of one, and undoes and redoes the erasing', async () => {
    // The wall above the floor is not walkable in the sample mask.
    await saveAndWait(page)
    const original = await readSavedMask(page)
    for (const [x, y] of [
      [250, 150],
      [350, 150],
      [350, 250],
    ])
      expect(original.at(x, y), `sample mask at ${x},${y}`).toBe(0)

    await page.keyboard.press('b')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('brush')
    await page.getByLabel('Brush size').fill('40')
    await page.getByLabel('Brush size').press('Tab')
    await page.getByLabel('Paint area 1').check()
    await answerPaintQuestion(page, 'Keep the polygons')
    await dragRoom(page, [
      [200, 150],
      [500, 150],
    ])
    await page.getByLabel('Paint area 2').check()
    await dragRoom(page, [
      [200, 250],
      [500, 250],
    ])
    await hoverRoom(page, 520, 200)
    await saveScreenshot(page, 'authoring-brush.png')

    await page.keyboard.press('e')
    await dragRoom(page, [
      [350, 110],
      [350, 190],
    ])
    await saveScreenshot(page, 'authoring-eraser.png')
    expect(await historyLabels()).toEqual(['Paint area 1', 'Paint area 2', 'Erase'])

    await saveAndWait(page)
    let mask = await readSavedMask(page)
    expect(mask.at(250, 150)).toBe(1)
    expect(mask.at(350, 150)).toBe(0)
    expect(mask.at(350, 250)).toBe(2)
    expect(mask.at(250, 250)).toBe(2)
    // The brush is 40 px wide: 19 px off the stroke is painted, 22 px is not.
    expect(mask.at(250, 169)).toBe(1)
    expect(mask.at(250, 172)).toBe(0)

    await page.keyboard.press('Control+z')
    expect(await historyLabels()).toEqual(['Paint area 1', 'Paint area 2'])
    await saveAndWait(page)
    mask = await readSavedMask(page)
    expect(mask.at(350, 150)).toBe(1)

    await page.keyboard.press('Control+Shift+z')
    await saveAndWait(page)
    mask = await readSavedMask(page)
    expect(mask.at(350, 150)).toBe(0)
    expect(mask.at(350, 250)).toBe(2)
  })

  it('fills a rectangle, an ellipse, a polygon and a flood fill, each one undo step', async () => {
    await page.keyboard.press('b')
    await page.getByLabel('Paint area 1').check()
    await page.keyboard.press('r')
    await answerPaintQuestion(page, 'Keep the polygons')
    await dragRoom(page, [
      [600, 100],
      [700, 160],
    ])
    await page.keyboard.press('o')
    await dragRoom(page, [
      [750, 100],
      [850, 180],
    ])
    await page.keyboard.press('l')
    await drawOutline(page, [
      [900, 100],
      [1000, 100],
      [950, 190],
    ])
    await saveScreenshot(page, 'authoring-shapes.png')
    await page.getByLabel('Paint area 2').check()
    await page.keyboard.press('g')
    await clickRoom(page, 650, 130)
    expect((await historyLabels()).slice(-4)).toEqual([
      'Rectangle in area 1',
      'Ellipse in area 1',
      'Polygon fill area 1',
      'Bucket fill area 2',
    ])
    await saveAndWait(page)
    const mask = await readSavedMask(page)
    expect(mask.at(650, 130)).toBe(2) // rectangle, flood-filled to area 2
    expect(mask.at(699, 159)).toBe(2)
    expect(mask.at(700, 130)).toBe(0)
    expect(mask.at(800, 140)).toBe(1) // ellipse centre
    expect(mask.at(752, 102)).toBe(0) // ellipse's bounding-box corner
    expect(mask.at(950, 130)).toBe(1) // polygon
    expect(mask.at(905, 180)).toBe(0)
  })
})

describe('walk polygons and gates', () => {
  it('draws a walk polygon with a hole and a gate, and the gate flag changes the walkable area', async () => {
    await page.keyboard.press('p')
    await drawOutline(page, [
      [200, 330],
      [700, 330],
      [700, 480],
      [200, 480],
    ])
    await page.keyboard.press('h')
    await drawOutline(page, [
      [260, 360],
      [320, 360],
      [320, 420],
      [260, 420],
    ])
    await saveScreenshot(page, 'authoring-polygon-hole.png')
    // A crossing outline is refused and marked.
    await page.keyboard.press('p')
    await drawOutline(page, [
      [750, 330],
      [850, 450],
      [850, 330],
      [750, 450],
    ])
    await expect.poll(() => statusText(page)).toMatch(/crosses itself/)
    await saveScreenshot(page, 'authoring-self-intersection.png')
    await page.keyboard.press('Escape')

    await page.keyboard.press('t')
    await drawOutline(page, [
      [500, 340],
      [560, 340],
      [560, 470],
      [500, 470],
    ])
    await expect.poll(() => page.getByLabel('Gate flag expression').count()).toBe(1)
    await page.getByLabel('Gate flag expression').fill('!nope')
    await expect.poll(() => page.getByRole('alert').textContent()).toContain("Unknown flag 'nope'")
    await page.getByLabel('Gate flag expression').fill('!gateOpen')
    await page.getByLabel('Gate flag expression').press('Enter')
    await expect
      .poll(async () => (await historyLabels()).slice(-4))
      .toEqual(['Draw walk polygon', 'Draw hole', 'Add gate', 'Change gate Gate 1'])

    await hoverRoom(page, 400, 400)
    await expect.poll(() => statusField(page, 'walkable')).toBe('walkable')
    await hoverRoom(page, 290, 390)
    await expect.poll(() => statusField(page, 'walkable')).toBe('not walkable')
    // gateOpen defaults to true: the gate is open.
    await hoverRoom(page, 530, 400)
    await expect.poll(() => statusField(page, 'walkable')).toBe('walkable')
    await page.locator('[data-flag="gateOpen"]').uncheck()
    await hoverRoom(page, 531, 401)
    await expect.poll(() => statusField(page, 'walkable')).toBe('blocked by gate')
    await saveScreenshot(page, 'authoring-gate-closed.png')
    await page.locator('[data-flag="gateOpen"]').check()
    await hoverRoom(page, 530, 400)
    await expect.poll(() => statusField(page, 'walkable')).toBe('walkable')

    // Saved and reloaded: the polygon, its hole and the gate are there and still work.
    await saveAndWait(page)
    await page.reload()
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
    const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, `${SAMPLE_ROOM_DIR}/room.json`)))
    expect(room.polygons.map((p: { id: string }) => p.id)).toEqual(['floor', 'polygon-1'])
    expect(room.polygons[1].holes).toHaveLength(1)
    expect(room.gates.map((g: { flagExpression: string }) => g.flagExpression)).toEqual([
      '!gateOpen',
      '!gateOpen',
    ])
    await page.locator('[data-flag="gateOpen"]').uncheck()
    await hoverRoom(page, 530, 400)
    await expect.poll(() => statusField(page, 'walkable')).toBe('blocked by gate')
    await saveScreenshot(page, 'authoring-after-reload.png')
  })
})

describe('zones, scaling, lint and recovery', () => {
  it('adds a zone and a scaling gradient and reads the ghost scale at two heights', async () => {
    await page.keyboard.press('z')
    await drawOutline(page, [
      [1200, 550],
      [1300, 550],
      [1300, 620],
      [1200, 620],
    ])
    await page.locator('#sel-zone-name').fill('Bench')
    await page.locator('#sel-zone-name').press('Tab')
    await page.locator('#sel-zone-enter').fill('onFountain')
    await page.locator('#sel-zone-enter').press('Tab')
    await saveScreenshot(page, 'authoring-zone.png')

    // Back on the canvas (the zone's text fields had the keyboard), S picks the scaling tool.
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('s')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('scale')
    await page.getByLabel('Scale stops for').selectOption('1')
    await clickRoom(page, 960, 500)
    await page.getByLabel('Scale percent').fill('50')
    await page.getByLabel('Scale percent').press('Tab')
    await clickRoom(page, 960, 1000)
    await page.getByLabel('Scale percent').fill('100')
    await page.getByLabel('Scale percent').press('Tab')
    // Area 1 of the mask (west courtyard floor): 50 % at y 500, 100 % at y 1000; the hero is 200 px tall.
    await hoverRoom(page, 300, 750)
    await expect.poll(() => statusField(page, 'ghost')).toBe('ghost 75% · 150 px')
    await saveScreenshot(page, 'authoring-scaling-ghost.png')
    await hoverRoom(page, 300, 1000)
    await expect.poll(() => statusField(page, 'ghost')).toBe('ghost 100% · 200 px')

    // Saved and reloaded: the zone and the stops are in room.json and the ghost reads the same.
    await saveAndWait(page)
    await page.reload()
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
    const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, `${SAMPLE_ROOM_DIR}/room.json`)))
    expect(room.zones.at(-1)).toMatchObject({ name: 'Bench', events: { enter: 'onFountain' } })
    // The sample's default stops (area 0) stay; area 1 has its own now.
    expect(room.scaling.mode).toBe('linear')
    expect(room.scaling.linear).toContainEqual({
      areaId: 1,
      stops: [
        { y: 500, scale: 50 },
        { y: 1000, scale: 100 },
      ],
    })
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('s')
    await hoverRoom(page, 300, 750)
    await expect.poll(() => statusField(page, 'ghost')).toBe('ghost 75% · 150 px')
  })

  it('lists lint findings and jumps to one', async () => {
    // A zone up on the wall, where nobody can walk: lint reports it.
    await page.keyboard.press('z')
    await drawOutline(page, [
      [220, 120],
      [320, 120],
      [320, 180],
      [220, 180],
    ])
    await page.getByTestId('canvas-host').focus()
    await page.getByRole('button', { name: 'Check room' }).click()
    const entries = page.getByTestId('lint').locator('button')
    await expect.poll(() => entries.count(), { timeout: 60_000 }).toBeGreaterThan(0)
    const before = await page.getByTestId('canvas-host').getAttribute('data-offset-x')
    await entries.first().click()
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-zoom')).toBe('1')
    expect(await page.getByTestId('canvas-host').getAttribute('data-offset-x')).not.toBe(before)
    await saveScreenshot(page, 'authoring-lint.png')
  })

  it('keeps unsaved work in a recovery slot when the page goes, and restores it as one undo step', async () => {
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+0')
    await page.keyboard.press('b')
    await page.getByLabel('Paint area 2').check()
    await answerPaintQuestion(page, 'Keep the polygons')
    await dragRoom(page, [
      [1300, 150],
      [1500, 150],
    ])
    await expect.poll(() => page.getByTestId('title').textContent()).toMatch(/^•/)
    // The copy is written shortly after the last change; the status bar says when.
    await expect.poll(() => page.getByTestId('recovery-copy').count(), { timeout: 10_000 }).toBe(1)
    await page.reload()
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
    const offer = page.getByRole('alert', { name: 'Recovered work' })
    await expect.poll(() => offer.count()).toBe(1)
    await saveScreenshot(page, 'authoring-recovery-offer.png')
    await offer.getByRole('button', { name: 'Restore' }).click()
    // One step of the project's history (Undo Project Change), none of the room's.
    expect(await historyLabels()).toEqual([])
    expect(
      await page.getByTestId('project-history').locator('li[data-done="yes"] button').allTextContents(),
    ).toEqual(['Restore recovered work'])
    await saveAndWait(page)
    expect((await readSavedMask(page)).at(1400, 150)).toBe(2)
    // Saved: the slot is gone, so a reload offers nothing.
    await page.reload()
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
    expect(await page.getByRole('alert', { name: 'Recovered work' }).count()).toBe(0)
  })
})

describe('node graph, vertex editing and conversions', () => {
  it('places and joins nodes, makes a join one-way, drags a vertex and previews mask tracing', async () => {
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('Control+0')
    // A second walk polygon whose corner (700, 330) is dragged below.
    await page.keyboard.press('p')
    await drawOutline(page, [
      [200, 330],
      [700, 330],
      [700, 480],
      [200, 480],
    ])
    await page.keyboard.press('n')
    await page.keyboard.press('Escape')
    const nodesBefore = JSON.parse(
      new TextDecoder().decode(await readOpfs(page, `${SAMPLE_ROOM_DIR}/room.json`)),
    ).nodeGraph.nodes.length
    await clickRoom(page, 300, 1000)
    await clickRoom(page, 600, 1000)
    expect((await historyLabels()).slice(-2)).toEqual(['Add node', 'Add joined node'])
    // Click the middle of the new join: it is selected; make it one-way with cost 2.
    await clickRoom(page, 450, 1000)
    await page.locator('#sel-join-oneway').check()
    await page.locator('#sel-join-cost').fill('2')
    await page.locator('#sel-join-cost').press('Tab')
    await saveScreenshot(page, 'authoring-node-graph.png')

    // Select tool on the walk polygons: drag the new polygon's corner.
    await page.getByTestId('canvas-host').focus()
    await page.keyboard.press('v')
    await page.getByRole('button', { name: 'Walk polygons', exact: true }).click()
    await dragRoom(page, [
      [700, 330],
      [720, 310],
      [740, 300],
    ])
    expect((await historyLabels()).at(-1)).toBe('Move vertex')
    await saveScreenshot(page, 'authoring-vertex-drag.png')

    await page.getByLabel('Preview mask outline').check()
    await expect
      .poll(() => page.getByTestId('conversion-vertices').textContent(), { timeout: 60_000 })
      .toMatch(/\d+ polygons, \d+ vertices/)
    const coarse = await page.getByTestId('conversion-vertices').textContent()
    await page.getByLabel('Simplify tolerance').fill('0')
    await expect.poll(() => page.getByTestId('conversion-vertices').textContent()).not.toBe(coarse)
    const vertices = (t: string | null) => Number(/(\d+) vertices/.exec(t ?? '')?.[1])
    expect(vertices(await page.getByTestId('conversion-vertices').textContent())).toBeGreaterThan(
      vertices(coarse),
    )
    await saveScreenshot(page, 'authoring-mask-to-polygons-preview.png')
    await page.getByLabel('Preview mask outline').uncheck()

    await saveAndWait(page)
    const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, `${SAMPLE_ROOM_DIR}/room.json`)))
    expect(room.nodeGraph.nodes.length).toBe(nodesBefore + 2)
    // Saving sorts the joins; find the new one by its ends.
    expect(room.nodeGraph.joins).toContainEqual({ a: 'node-1', b: 'node-2', oneWay: true, cost: 2 })
    expect(room.polygons[1].outer).toContainEqual([740, 300])
  })
})
