/**
 * Working on a game in place in the browser edition, in real Chromium: a copy of the bench
 * AGS game (../shared/bench/engines/ags-tumbleweed) is put in the Origin Private File
 * System and handed to File › Open Game Folder… as the folder the author picked (an OPFS
 * folder is the same FileSystemDirectoryHandle `showDirectoryPicker` gives). The room opens
 * with its background; a walkable stroke is painted; Save lists the one game file it would
 * replace; Cancel writes nothing into the game; Save again and Write replace it after a
 * backup; the game read afresh holds the stroke. A Tiled game: a flag default changed in
 * the Flags panel is written into its map's walkbox.flags by Save and Write.
 *
 * Units: room px.
 */
import { execFile, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { deflateSync, gzipSync } from 'node:zlib'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { filesBelow } from '../support/folder-listing'
import { benchPath } from '../support/bench-data'
import {
  opfsFiles,
  readOpfs,
  saveDocsImage,
  saveScreenshot,
  statusText,
  waitUntil,
  writeOpfs,
} from './helpers'
import { dragRoom, openSample } from './authoring-helpers'
import { GATED_CAVE_TMX } from '../support/tiled-builders'

let browser: LaunchedBrowser
let page: Page
const GAME = 'games/ags-tumbleweed'
const POPOCHIU = 'games/popochiu-sample-game'
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const ZSTD = process.env.WALKBOX_ZSTD ?? '/usr/bin/zstd'

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

/** Copy a bench game (or any folder: `source`) into the page's OPFS (games/<name>). */
async function putGameInOpfs(name = 'ags-tumbleweed', source = benchPath('engines', name)): Promise<void> {
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
      [`games/${name}/${path}`, bytes] as const,
    )
  }
}

/**
 * Make the page's storage refuse to create files in folders named `folder` from now on (as a
 * full disk refuses them); a later call names another folder.
 */
async function failWritesIn(folder: string, why: string): Promise<void> {
  await page.evaluate(
    ([name, message]) => {
      type Get = (n: string, o?: { create?: boolean }) => Promise<FileSystemFileHandle>
      const proto = FileSystemDirectoryHandle.prototype as unknown as {
        getFileHandle: Get
        walkboxGetFileHandle?: Get
      }
      const original = (proto.walkboxGetFileHandle ??= proto.getFileHandle)
      proto.getFileHandle = function (this: FileSystemDirectoryHandle, n, o) {
        if (this.name === name && o?.create)
          return Promise.reject(new DOMException(message, 'QuotaExceededError'))
        return original.call(this, n, o)
      }
    },
    [folder, why] as const,
  )
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

/**
 * The notes of the 'Read the game' dialog, one '<file>: <note>' line each (the dialog lists
 * them under a heading per file), a screenshot of it when named; closed with OK.
 */
async function readNotesShown(screenshot?: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Read the game' })
  await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
  const text = (
    await dialog
      .getByTestId('game-read-notes')
      .locator('ul')
      .evaluateAll((lists) =>
        lists.flatMap((ul) => {
          const file = ul.getAttribute('aria-label')
          return [...ul.querySelectorAll('li')].map((li) =>
            file === 'The game' ? li.textContent : `${file}: ${li.textContent}`,
          )
        }),
      )
  ).join('\n')
  if (screenshot) await saveScreenshot(dialog, screenshot)
  await dialog.getByRole('button', { name: 'OK' }).click()
  await expect.poll(() => dialog.isVisible()).toBe(false)
  return text
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
    // What reading the game found is shown once, as Import Room shows it for one room.
    const notes = await readNotesShown('game-folder-ags-read-notes.png')
    expect(notes).toContain('1 roomN.crm file(s) beside Rooms/ were not read')
    expect(notes).toContain('Rooms/1/data.xml: room objects: oBlueCup (not carried; Walkbox has no objects)')
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
    expect((await files.textContent()) ?? '').toContain('walkable area mask repainted')
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
    // The start reopens the most recent project, the game's, whose project is gone: the sample opens.
    await page.reload()
    await waitUntil(
      () => statusText(page),
      (t) => /Could not reopen .* opened the sample project instead/.test(t),
      'the editor to start again',
    )
    await pickGameFolder()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the AGS 4 game ags-tumbleweed in place/.test(t),
      'the game to open again',
    )
    await readNotesShown()
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

  it('says from the start that an AGS 3 game is read-only, and Save goes to Save As', async () => {
    // An AGS 3 game: Game.agf and a compiled room1.crm, no Rooms/ folders.
    const source = await mkdtemp(join(tmpdir(), 'walkbox-ags3-'))
    try {
      for (const f of ['Game.agf', 'room1.crm'])
        await writeFile(join(source, f), await readFile(benchPath('engines', 'ags-tumbleweed', f)))
      await putGameInOpfs('ags3-tumbleweed', source)
    } finally {
      await rm(source, { recursive: true, force: true })
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await pickGameFolder('games/ags3-tumbleweed')
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the AGS 3 game ags3-tumbleweed: its \.crm rooms are read-only; Save As keeps/.test(t),
      'the game to open',
    )
    const notes = await readNotesShown()
    expect(notes).toContain('room1.crm: compiled AGS room, format version 33')
    expect(notes).not.toContain('room1.crm: room1.crm')
    // The canvas notice says it before any edit, in the author's terms.
    const notice = page.getByTestId('read-only-game')
    await expect.poll(() => notice.isVisible(), { timeout: 30_000 }).toBe(true)
    expect(await notice.textContent()).toContain(
      'AGS 3 rooms (.crm) are compiled: Walkbox reads them but cannot write them; Save As keeps your edits in a Walkbox project, or convert the game to AGS 4 to work in place',
    )
    await page.waitForTimeout(1000)
    await saveScreenshot(page, 'game-folder-ags3-read-only.png')
    // Save does not try the game: it asks where Save As keeps the edits (cancelled here).
    await page.evaluate(() => {
      ;(window as unknown as { showDirectoryPicker: () => Promise<never> }).showDirectoryPicker =
        async () => {
          throw new DOMException('cancelled', 'AbortError')
        }
    })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Write into the game' }).isVisible()).toBe(false)
    expect(await readOpfs(page, 'games/ags3-tumbleweed/room1.crm')).toEqual(
      new Uint8Array(await readFile(benchPath('engines', 'ags-tumbleweed', 'room1.crm'))),
    )
  }, 120_000)

  it('a game whose import fails part way leaves its folder as it was, and says why', async () => {
    // The Escoria demo game opened while the page's storage refuses new files in one room's
    // folder, as a full disk does (a room the importer makes is one the project keeps, so a
    // failing write is what stops an open part way).
    const GAME_DIR = 'games/escoria-demo-game'
    await putGameInOpfs('escoria-demo-game')
    await failWritesIn('room4', 'There is not enough space on the disk.')
    const line = (why: string) =>
      new RegExp(
        `^Could not open the game folder: .*\\(${why.replace('.', '\\.')}\\); nothing opened, and the game folder is as it was$`,
      )
    const before = await opfsFiles(page, GAME_DIR)
    await pickGameFolder(GAME_DIR)
    await waitUntil(
      () => statusText(page),
      (t) => t.startsWith('Could not open'),
      'the open to fail',
    )
    expect(await statusText(page)).toMatch(line('There is not enough space on the disk.'))
    expect(await opfsFiles(page, GAME_DIR)).toEqual(before)
    expect(before.some((f) => f.startsWith('.walkbox'))).toBe(false)
    expect(await page.getByTestId('title').textContent()).toMatch(/^Walkbox sample/)
    await saveScreenshot(page, 'game-folder-failed-import.png')

    // A .walkbox that was there before (the author's notes, earlier backups) is left as it was.
    await writeOpfs(page, `${GAME_DIR}/.walkbox/notes.txt`, 'kept\n')
    await writeOpfs(page, `${GAME_DIR}/.walkbox/game-backups/2026-01-01T00-00-00-000Z/a.tscn`, 'old\n')
    // (Room 3's folder this time, so that the second refusal reads differently.)
    await failWritesIn('room3', 'The disk is full.')
    const withWalkbox = await opfsFiles(page, GAME_DIR)
    await pickGameFolder(GAME_DIR)
    await waitUntil(
      () => statusText(page),
      (t) => t.includes('The disk is full.'),
      'the open to fail again',
    )
    expect(await statusText(page)).toMatch(line('The disk is full.'))

    expect(await opfsFiles(page, GAME_DIR)).toEqual(withWalkbox)
    expect(new TextDecoder().decode(await readOpfs(page, `${GAME_DIR}/.walkbox/notes.txt`))).toBe('kept\n')

    // A .walkbox/project that holds files but no project file is not written over.
    await writeOpfs(page, `${GAME_DIR}/.walkbox/project/rooms/room2/room.json`, '{"left": "over"}\n')
    const withLeftover = await opfsFiles(page, GAME_DIR)
    await pickGameFolder(GAME_DIR)
    await waitUntil(
      () => statusText(page),
      (t) => t.includes('no project.walkbox.json'),
      'the refusal',
    )
    expect(await statusText(page)).toBe(
      'Could not open the game folder: .walkbox/project holds files but no project.walkbox.json; move it out of the game folder to read the game afresh; nothing opened',
    )
    expect(await opfsFiles(page, GAME_DIR)).toEqual(withLeftover)
  }, 120_000)

  it('an Escoria room whose background picture is not in the game says so on the canvas and in Lint', async () => {
    // The bench copy of the Escoria demo has its scenes but none of its pictures.
    await putGameInOpfs('escoria-demo-game')
    await page.setViewportSize({ width: 1280, height: 800 })
    await pickGameFolder('games/escoria-demo-game')
    await readNotesShown()
    await expect.poll(() => page.getByTestId('room-name').textContent(), { timeout: 30_000 }).toBe('room2')
    const notice = page.getByTestId('no-background')
    await expect.poll(() => notice.isVisible(), { timeout: 30_000 }).toBe(true)
    const why =
      "the scene's background sprite Room2Background shows res://game/rooms/room02/room2background.png, which is not in the game folder"
    expect((await notice.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      `This room has no background: ${why}. Room › Replace Background… puts a picture behind it (kept in the Walkbox project; the game's files are not changed). Replace Background… Dismiss`,
    )
    expect(
      await page.getByRole('region', { name: 'Lint' }).getByTestId('lint-no-background').textContent(),
    ).toBe(`No background: ${why}`)
    await page.waitForTimeout(500)
    await saveScreenshot(page, 'game-folder-escoria-no-background.png')
    await saveScreenshot(page.getByRole('region', { name: 'Lint' }), 'game-folder-escoria-lint.png')
    // Another room says its own picture; Dismiss hides the notice for that room only.
    await page.getByTestId('room-list').locator('[data-room="room4"]').click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('room4')
    await expect
      .poll(() => notice.textContent())
      .toContain('Forrest shows res://game/rooms/room04/assets/forrest.png, which is not in the game folder')
    await notice.getByRole('button', { name: 'Dismiss' }).click()
    await expect.poll(() => notice.count()).toBe(0)
    await page.getByTestId('room-list').locator('[data-room="room2"]').click()
    await expect.poll(() => notice.textContent()).toContain('Room2Background')
  }, 120_000)

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
    expect(await readNotesShown()).toContain('character_popsy.tscn is missing')
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

  it("writes a flag default changed in the Flags panel into the Tiled map's walkbox.flags, after a backup", async () => {
    // A hand-made map: a gate shut while doorOpen is false, and no walkbox.flags yet.
    const map = GATED_CAVE_TMX
    const dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-flags-'))
    try {
      await writeFile(join(dir, 'cave.tmx'), map)
      await putGameInOpfs('tiled-flags', dir)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    await pickGameFolder('games/tiled-flags')
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the Tiled game tiled-flags in place \(1 room\)/.test(t),
      'the map to open',
    )
    await readNotesShown()
    const starts = page.getByLabel('doorOpen starts on')
    await expect.poll(() => starts.isChecked()).toBe(false)
    await starts.check()
    await saveScreenshot(page, 'game-folder-tiled-flag-default.png')

    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Write into the game' })
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
    const files = dialog.getByRole('list', { name: 'Files to write' })
    expect(await files.getByRole('listitem').count()).toBe(1)
    expect((await files.textContent()) ?? '').toContain('cave.tmx')
    await dialog.getByRole('button', { name: 'Show changes' }).click()
    expect((await dialog.getByLabel('Changes').textContent()) ?? '').toContain(
      '+  <property name="walkbox.flags" value="[{&quot;id&quot;:&quot;doorOpen&quot;,&quot;name&quot;:&quot;doorOpen&quot;,&quot;default&quot;:true}]"/>',
    )
    await saveScreenshot(dialog, 'game-folder-tiled-flag-diff.png')
    await dialog.getByRole('button', { name: 'Write' }).click()
    await waitUntil(
      () => statusText(page),
      (t) =>
        /Wrote cave\.tmx into tiled-flags; the files it replaced are in \.walkbox\/game-backups\//.test(t),
      'the write to be reported',
    )
    const written = new TextDecoder().decode(await readOpfs(page, 'games/tiled-flags/cave.tmx'))
    // The map gains the one property line; every other byte stays.
    expect(written.replace(/ *<property name="walkbox\.flags"[^\n]*\n/, '')).toBe(map)
    expect(written).toContain('&quot;default&quot;:true')
  }, 180_000)

  it('reads Tiled tile layers compressed with zlib, gzip and zstd, and refuses ones that inflate past their size', async () => {
    // 6 x 4 tiles of 16 px: gid 1 (walkable by its tileset) in rows 1-2, columns 1-4.
    const gids: number[] = []
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 6; c++) gids.push(r >= 1 && r <= 2 && c >= 1 && c <= 4 ? 1 : 0)
    const bytes = Buffer.alloc(gids.length * 4)
    gids.forEach((g, i) => bytes.writeUInt32LE(g, i * 4))
    const map = (data: object) => ({
      type: 'map',
      version: '1.8',
      tiledversion: '1.8.2',
      orientation: 'orthogonal',
      renderorder: 'right-down',
      infinite: false,
      compressionlevel: -1,
      width: 6,
      height: 4,
      tilewidth: 16,
      tileheight: 16,
      nextlayerid: 2,
      nextobjectid: 1,
      tilesets: [{ firstgid: 1, source: 'floor.tsx' }],
      layers: [
        {
          id: 1,
          name: 'floor',
          type: 'tilelayer',
          width: 6,
          height: 4,
          x: 0,
          y: 0,
          opacity: 1,
          visible: true,
          ...data,
        },
      ],
    })
    const dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-game-'))
    try {
      await writeFile(
        join(dir, 'floor.tsx'),
        `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="floor" tilewidth="16" tileheight="16" tilecount="2" columns="2">
 <properties>
  <property name="walkable" type="bool" value="true"/>
 </properties>
 <image source="floor.png" width="32" height="16"/>
</tileset>
`,
      )
      // Real Tiled writes the zlib map as JSON and the gzip one as TMX (its source beside, then removed).
      const tiled = async (name: string, data: object, as: 'json' | 'tmx') => {
        const src = join(dir, `${name}-source.tmj`)
        await writeFile(src, JSON.stringify(map(data)))
        await promisify(execFile)(
          TILED,
          ['--export-map', as, src, join(dir, `${name}.${as === 'json' ? 'tmj' : 'tmx'}`)],
          {
            env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' },
          },
        )
        await rm(src)
      }
      await tiled(
        'floor-zlib',
        { encoding: 'base64', compression: 'zlib', data: deflateSync(bytes).toString('base64') },
        'json',
      )
      await tiled(
        'floor-gzip',
        { encoding: 'base64', compression: 'gzip', data: gzipSync(bytes).toString('base64') },
        'tmx',
      )
      // zstd: the zstd tool packs the source's layer, and Tiled writes the layer again with its own zstd.
      if (!existsSync(ZSTD))
        throw new Error(
          `The zstd tool is needed for this test and is missing (${ZSTD}): apt-get install -y zstd`,
        )
      const zstd = (input: Buffer) => execFileSync(ZSTD, ['-q', '-c'], { input, maxBuffer: 64 * 1024 * 1024 })
      await tiled(
        'floor-zstd',
        { encoding: 'base64', compression: 'zstd', data: zstd(bytes).toString('base64') },
        'tmx',
      )
      expect(await readFile(join(dir, 'floor-zlib.tmj'), 'utf8')).toContain('"compression":"zlib"')
      expect(await readFile(join(dir, 'floor-gzip.tmx'), 'utf8')).toContain('compression="gzip"')
      expect(await readFile(join(dir, 'floor-zstd.tmx'), 'utf8')).toContain('compression="zstd"')
      // A bomb no Tiled writes: 96 bytes of layer, 16 MB once inflated.
      const bomb = deflateSync(Buffer.alloc(16 * 1024 * 1024)).toString('base64')
      await writeFile(
        join(dir, 'floor-bomb.tmj'),
        JSON.stringify(map({ encoding: 'base64', compression: 'zlib', data: bomb })),
      )
      // The same in zstd: 16 MB of zeros from a pipe (no content size in its header).
      await writeFile(
        join(dir, 'floor-zstd-bomb.tmj'),
        JSON.stringify(
          map({
            encoding: 'base64',
            compression: 'zstd',
            data: zstd(Buffer.alloc(16 * 1024 * 1024)).toString('base64'),
          }),
        ),
      )
      await putGameInOpfs('tiled-maps', dir)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    await pickGameFolder('games/tiled-maps')
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the Tiled game tiled-maps in place \(5 rooms\)/.test(t),
      'the maps to open',
    )
    const notes = await readNotesShown('game-folder-tiled-read-notes.png')
    expect(notes).toContain("floor-zlib.tmj: tile layer 'floor': 8 walkable tiles read as 1 walk polygon")
    expect(notes).toContain("floor-gzip.tmx: tile layer 'floor': 8 walkable tiles read as 1 walk polygon")
    expect(notes).toContain("floor-zstd.tmx: tile layer 'floor': 8 walkable tiles read as 1 walk polygon")
    expect(notes).toMatch(
      /floor-zstd-bomb\.tmj: tile layer 'floor': zstd: inflates past the 96 bytes the layer holds; refused; not read/,
    )
    expect(notes).toMatch(
      /floor-bomb\.tmj: tile layer 'floor': zlib: inflates past the 96 bytes the layer holds; refused; not read/,
    )
    const roomsDir = 'games/tiled-maps/.walkbox/project/rooms'
    const polygons = async (id: string) =>
      (
        JSON.parse(new TextDecoder().decode(await readOpfs(page, `${roomsDir}/${id}/room.json`))) as {
          polygons: unknown[]
        }
      ).polygons.length
    expect(await polygons('floor-zlib')).toBe(1)
    expect(await polygons('floor-gzip')).toBe(1)
    expect(await polygons('floor-zstd')).toBe(1)
    expect(await polygons('floor-zstd-bomb')).toBe(0)
    // The zstd map opened: its room shows the walk polygon of its 8 floor tiles.
    await page.locator('[data-testid="room-list"] li[data-room="floor-zstd"] button.open').click()
    await expect
      .poll(() => page.locator('[data-testid="room-list"] li.active').getAttribute('data-room'))
      .toBe('floor-zstd')
    await saveScreenshot(page, 'game-folder-tiled-zstd-room.png')
    expect(await polygons('floor-bomb')).toBe(0)
  }, 180_000)

  it('keeps a picked game in the recent list: after a reload it opens from there, in place', async () => {
    await putGameInOpfs()
    await pickGameFolder()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened the AGS 4 game ags-tumbleweed in place/.test(t),
      'the game to open',
    )
    await readNotesShown()
    await page.reload()
    await waitUntil(
      () => statusText(page),
      (t) => /Opened room/.test(t),
      'the editor to start again',
    )
    const bar = page.getByRole('menubar', { name: 'Menu bar' })
    await bar.getByRole('menuitem', { name: 'File', exact: true }).click()
    const recent = page.getByTestId('open-recent').getByRole('menuitem')
    await expect.poll(() => recent.count()).toBeGreaterThan(1)
    const names = await recent.allTextContents()
    const game = names.find((n) => n !== 'Walkbox sample')!
    expect(game).toBeTruthy()
    await saveScreenshot(page, 'game-folder-open-recent.png')
    await recent.filter({ hasText: game }).first().click()
    await expect.poll(() => page.getByTestId('room-name').textContent(), { timeout: 30_000 }).toBe('Room 1')
    // It is the game in place: Save writes its project and finds nothing to write into the game.
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /the game's files already hold every edit \(nothing to write\)/.test(t),
      'the save to be reported',
    )
  }, 180_000)
})
