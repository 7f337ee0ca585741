/**
 * Named points in the editor, in real Chromium from an empty profile. On the sample courtyard
 * (1920x1080, its floor below y=500): the Points layer and tool (J); a click places a point, a
 * drag moves it, F2 renames it in the Points panel, its kind is set there; Undo takes the
 * move back; saved into room.json and back after a reload. And an engine room: the Escoria
 * demo opened with File › Open Game Folder… shows its markers in the Points panel with their
 * kinds (the start location a player start) and on the canvas. docs/images/walkbox-points.png
 * is that room's Points layer and panel (npm run docs:images).
 *
 * Units: room px.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { benchPath } from '../support/bench-data'
import { filesBelow } from '../support/folder-listing'
import { saveDocsImage, saveScreenshot, statusText, waitUntil } from './helpers'
import {
  canvasKey,
  canvasTool,
  clickRoom,
  dragRoom,
  sampleForEachTest,
  saveAndWait,
  savedSampleRoom,
} from './authoring-helpers'

let page: Page
sampleForEachTest((p) => (page = p), { width: 1400, height: 900 })

const tool = () => canvasTool(page)
const row = (id: string) => page.locator(`[data-testid="points-panel"] [data-point="${id}"]`)

const key = (k: string) => canvasKey(page, k)

interface SavedRoom {
  points?: { id: string; name: string; x: number; y: number; kind?: string }[]
}

const savedRoom = () => savedSampleRoom<SavedRoom>(page)

describe('points in the editor', () => {
  it('places, moves, renames, undoes, saves and reopens a point', async () => {
    await page.locator('[data-layer="points"] button.name').click()
    await key('j')
    await expect.poll(tool).toBe('point')
    await clickRoom(page, 700, 900)
    await expect.poll(() => statusText(page)).toMatch(/Add point Point1 at \(700, 900\)/)
    await expect.poll(() => row('point-1').count()).toBe(1)
    await dragRoom(page, [
      [700, 900],
      [760, 880],
      [800, 860],
    ])
    await expect.poll(() => statusText(page)).toMatch(/Move point Point1 to \(800, 860\)/)
    expect(await row('point-1').getByLabel('x of point Point1').inputValue()).toBe('800')
    // F2 on the canvas: the name field takes the keys.
    await key('F2')
    const name = row('point-1').locator('input.name')
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.type('hall_entry')
    await page.keyboard.press('Enter')
    await expect.poll(() => statusText(page)).toMatch(/Rename point Point1 to hall_entry/)
    await row('point-1').getByLabel('Kind of point hall_entry').selectOption('entrance')
    await expect.poll(() => statusText(page)).toMatch(/Point hall_entry is entrance/)
    // A second point, a marker off the floor (no lint warning for a marker).
    await clickRoom(page, 1500, 300)
    await expect.poll(() => row('point-2').count()).toBe(1)
    // Undo the second point, then the kind: one step each.
    await key('Control+z')
    await expect.poll(() => row('point-2').count()).toBe(0)
    await key('Control+z')
    await expect.poll(() => row('point-1').getByLabel('Kind of point hall_entry').inputValue()).toBe('marker')
    await key('Control+Shift+z')
    await expect
      .poll(() => row('point-1').getByLabel('Kind of point hall_entry').inputValue())
      .toBe('entrance')
    await saveAndWait(page)
    expect((await savedRoom()).points).toEqual([
      { id: 'point-1', name: 'hall_entry', x: 800, y: 860, kind: 'entrance' },
    ])
    await page.reload()
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
    await expect.poll(() => row('point-1').locator('input.name').inputValue()).toBe('hall_entry')
    expect(await row('point-1').getByLabel('Kind of point hall_entry').inputValue()).toBe('entrance')
    expect(await row('point-1').getByLabel('y of point hall_entry').inputValue()).toBe('860')
    await saveScreenshot(page, 'points-after-reload.png')
  }, 180_000)

  it("shows an engine room's markers with their kinds (the Escoria demo)", async () => {
    const game = 'games/escoria-demo-game'
    const source = benchPath('engines', 'escoria-demo-game')
    for (const path of await filesBelow(source)) {
      const bytes = Array.from(await readFile(join(source, path)))
      await page.evaluate(
        async ([p, b]) => {
          let dir = await navigator.storage.getDirectory()
          const parts = p.split('/')
          for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true })
          const w = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable()
          await w.write(new Uint8Array(b))
          await w.close()
        },
        [`${game}/${path}`, bytes] as const,
      )
    }
    await page.evaluate((g) => {
      ;(
        window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
      ).showDirectoryPicker = async () => {
        let dir = await navigator.storage.getDirectory()
        for (const part of g.split('/')) dir = await dir.getDirectoryHandle(part)
        return dir
      }
    }, game)
    await page
      .getByRole('menubar', { name: 'Menu bar' })
      .getByRole('menuitem', { name: 'File', exact: true })
      .click()
    await page.locator('[role="menu"] [data-action="file.openGame"]').click()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the Godot game escoria-demo-game/.test(t),
      'the game to open',
    )
    const read = page.getByRole('dialog', { name: 'Read the game' })
    await expect.poll(() => read.isVisible(), { timeout: 30_000 }).toBe(true)
    await read.getByRole('button', { name: 'OK' }).click()
    const rooms = await page
      .getByTestId('room-list')
      .locator('[data-room]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-room')!))
    const room02 = rooms.find((r) => /room-?0?2$/.test(r))
    expect(room02, `the rooms: ${rooms.join(', ')}`).toBeDefined()
    await page.getByTestId('room-list').locator(`[data-room="${room02}"]`).click()
    const panel = page.getByTestId('points-panel')
    await expect.poll(() => panel.locator('li').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    const kinds = await panel
      .locator('li select.kind')
      .evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value))
    expect(kinds).toContain('player-start')
    await page.locator('[data-layer="points"] button.name').click()
    await page.waitForTimeout(300)
    await saveScreenshot(page, 'points-escoria-room02.png')
    // The README's picture: the room with its points, the panel scrolled into view.
    await panel.scrollIntoViewIfNeeded()
    await page.waitForTimeout(300)
    await saveDocsImage(page, 'walkbox-points.png')
  }, 180_000)
})
