/**
 * Working on a game in place in the browser edition, in real Chromium: a copy of the bench
 * AGS game (../shared/bench/engines/ags-tumbleweed) is put in the Origin Private File
 * System and handed to File › Open Game Folder… as the folder the author picked (an OPFS
 * folder is the same FileSystemDirectoryHandle `showDirectoryPicker` gives). The room opens
 * with its background; a walkable stroke is painted; Save lists the one game file it would
 * replace; Cancel writes nothing into the game; Save again and Write replace it after a
 * backup; the game read afresh holds the stroke.
 *
 * Units: room px.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { benchPath } from '../support/bench-data'
import { readOpfs, saveDocsImage, saveScreenshot, statusText, waitUntil, writeOpfs } from './helpers'
import { dragRoom, openSample } from './authoring-helpers'

let browser: LaunchedBrowser
let page: Page
const GAME = 'games/ags-tumbleweed'
const POPOCHIU = 'games/popochiu-sample-game'

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

/** Every file of a folder, relative paths. */
async function filesOf(dir: string, root = dir): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...(await filesOf(join(dir, e.name), root)))
    else out.push(relative(root, join(dir, e.name)).split('\\').join('/'))
  }
  return out
}

/** Copy a bench game into the page's OPFS (games/<name>). */
async function putGameInOpfs(name = 'ags-tumbleweed'): Promise<void> {
  const source = benchPath('engines', name)
  for (const path of await filesOf(source)) {
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
      [`games/${name}/${path}`, bytes] as const,
    )
  }
}

/** Make the folder picker answer with an OPFS folder, and choose File › Open Game Folder…. */
async function pickGameFolder(folder = GAME): Promise<void> {
  await page.evaluate((game) => {
    ;(
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () => {
      let dir = await navigator.storage.getDirectory()
      for (const part of game.split('/')) dir = await dir.getDirectoryHandle(part)
      return dir
    }
  }, folder)
  await page
    .getByRole('menubar', { name: 'Menu bar' })
    .getByRole('menuitem', { name: 'File', exact: true })
    .click()
  await page.locator('[role="menu"] [data-action="file.openGame"]').click()
}

/** A Walkbox mask's area id at a pixel (grey = id). */
async function maskAt(bytes: Uint8Array, x: number, y: number): Promise<number> {
  const { data, info } = await sharp(bytes).extractChannel(0).raw().toBuffer({ resolveWithObject: true })
  return data[y * info.width + x]
}

/** An AGS mask's colour at a pixel (its palette colour for the area there). */
async function colourAt(bytes: Uint8Array, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * 3
  return `${data[i]},${data[i + 1]},${data[i + 2]}`
}

describe('a game folder opened in place in the browser', () => {
  it('opens the AGS game, lists the change on Save, writes it on Write with a backup, and the game holds it', async () => {
    await putGameInOpfs()
    const originalMask = await readOpfs(page, `${GAME}/Rooms/1/walkableareas.png`)
    const originalXml = await readOpfs(page, `${GAME}/Rooms/1/data.xml`)
    await pickGameFolder()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the AGS 4 game ags-tumbleweed in place \(1 room\)/.test(t),
      'the game to open',
    )
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Room 1')
    // The room's art is dark at the canvas centre and corner alike: wait for the render to settle.
    await page.waitForTimeout(1500)
    await saveScreenshot(page, 'game-folder-ags-opened.png')
    await saveDocsImage(page, 'walkbox-game-in-place.png')

    // Paint area 1 across the sky, where the game has no walkable area.
    await page.keyboard.press('b')
    await expect.poll(() => page.getByTestId('canvas-host').getAttribute('data-tool')).toBe('brush')
    await page.getByLabel('Brush size').fill('12')
    await page.getByLabel('Brush size').press('Tab')
    await page.getByLabel('Paint area 1').check()
    await dragRoom(page, [
      [60, 20],
      [260, 20],
    ])
    // (160, 150) is on the game's floor, area 1; (160, 20) is not walkable.
    const area1 = await colourAt(originalMask, 160, 150)
    expect(await colourAt(originalMask, 160, 20)).not.toBe(area1)

    // Save: the project is saved, then the change list is shown; Cancel writes nothing into the game.
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Write into the game' })
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
    const files = dialog.getByRole('list', { name: 'Files to write' })
    expect((await files.textContent()) ?? '').toContain('Rooms/1/walkableareas.png')
    expect((await files.textContent()) ?? '').toContain('walkable areas mask replaced')
    expect(await files.getByRole('listitem').count()).toBe(1)
    await saveScreenshot(dialog, 'game-folder-change-list.png')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /nothing was written into the game/.test(t),
      'the cancel to be reported',
    )
    expect(
      Buffer.from(await readOpfs(page, `${GAME}/Rooms/1/walkableareas.png`)).equals(
        Buffer.from(originalMask),
      ),
    ).toBe(true)

    // Save again: Write replaces the mask alone, after a backup.
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
    await dialog.getByRole('button', { name: 'Write' }).click()
    await waitUntil(
      () => statusText(page),
      (t) =>
        /Wrote Rooms\/1\/walkableareas\.png into ags-tumbleweed; the files it replaced are in \.walkbox\/game-backups\//.test(
          t,
        ),
      'the write to be reported',
    )
    const backup = /in (\.walkbox\/game-backups\/[0-9A-Za-z-]+)/.exec(await statusText(page))![1]
    const written = await readOpfs(page, `${GAME}/Rooms/1/walkableareas.png`)
    expect(Buffer.from(written).equals(Buffer.from(originalMask))).toBe(false)
    expect(await colourAt(written, 160, 20)).toBe(area1)
    expect(
      Buffer.from(await readOpfs(page, `${GAME}/Rooms/1/data.xml`)).equals(Buffer.from(originalXml)),
    ).toBe(true)
    const kept = await readOpfs(page, `${GAME}/${backup}/Rooms/1/walkableareas.png`)
    expect(Buffer.from(kept).equals(Buffer.from(originalMask))).toBe(true)

    // Reopen from the game's own files alone (its Walkbox folder removed): the stroke is there.
    await page.evaluate(async (game) => {
      let dir = await navigator.storage.getDirectory()
      for (const part of game.split('/')) dir = await dir.getDirectoryHandle(part)
      await dir.removeEntry('.walkbox', { recursive: true })
    }, GAME)
    await page.reload()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened room/.test(t),
      'the editor to start again',
    )
    await pickGameFolder()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the AGS 4 game ags-tumbleweed in place/.test(t),
      'the game to open again',
    )
    const reread = await page.evaluate(async (game) => {
      let dir = await navigator.storage.getDirectory()
      for (const part of `${game}/.walkbox/project/rooms/room-1`.split('/'))
        dir = await dir.getDirectoryHandle(part)
      const names: string[] = []
      for await (const [name] of dir.entries()) names.push(name)
      const mask = names.find((n) => n.startsWith('walkmask'))!
      return `${game}/.walkbox/project/rooms/room-1/${mask}`
    }, GAME)
    expect(await maskAt(await readOpfs(page, reread), 160, 20)).toBe(1)
  }, 180_000)

  it('lists a Godot scene edit with its diff on demand, and Cancel writes nothing', async () => {
    await putGameInOpfs('popochiu-sample-game')
    const floor = `${POPOCHIU}/game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn`
    const original = await readOpfs(page, floor)
    await pickGameFolder(POPOCHIU)
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the Godot game popochiu-sample-game in place \(1 room\)/.test(t),
      'the game to open',
    )
    // A vertex moved in the saved project (as a save from another window would leave it).
    const roomFile = `${POPOCHIU}/.walkbox/project/rooms/house/room.json`
    const room = JSON.parse(new TextDecoder().decode(await readOpfs(page, roomFile))) as {
      polygons: { outer: [number, number][] }[]
    }
    const at = room.polygons[0].outer.findIndex(([x, y]) => x === 61 && y === 75)
    expect(at).toBeGreaterThanOrEqual(0)
    room.polygons[0].outer[at] = [64, 77]
    await writeOpfs(page, roomFile, JSON.stringify(room, null, 2))

    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Write into the game' })
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
    const files = dialog.getByRole('list', { name: 'Files to write' })
    expect(await files.getByRole('listitem').count()).toBe(1)
    expect((await files.textContent()) ?? '').toContain('walkable_area_floor.tscn')
    await dialog.getByRole('button', { name: 'Show changes' }).click()
    const diff = (await dialog.getByLabel('Changes').textContent()) ?? ''
    expect(diff).toContain('-outlines = Array[PackedVector2Array]([PackedVector2Array(-117, -25,')
    expect(diff).toContain('+outlines = Array[PackedVector2Array]([PackedVector2Array(-114, -23,')
    await saveScreenshot(dialog, 'game-folder-godot-diff.png')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /nothing was written into the game/.test(t),
      'the cancel to be reported',
    )
    expect(Buffer.from(await readOpfs(page, floor)).equals(Buffer.from(original))).toBe(true)
  }, 180_000)
})
