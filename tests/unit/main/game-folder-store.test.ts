/**
 * Working on a game in place (issues #18, #19): a copy of a real game folder from
 * ../shared/bench/engines is opened through the desktop service (its rooms read into
 * `.walkbox/project`), a room is edited and saved in the project, and the write-back is
 * planned (the list of files and changes the editor shows) and written: only what was
 * edited changes, the replaced file is backed up first, an unedited game stays
 * byte-identical, an AGS 3 room's .crm is written in place (read back by the tests' own
 * reader), paths that leave the game are refused.
 * Tiled maps: the written map is read by real Tiled. A flag default changed in the project
 * is written into the Tiled maps (walkbox.flags) and Godot scenes (metadata/walkbox_flags)
 * that name the flag, and reads back.
 *
 * Units: px; bytes.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { basename, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import {
  gameInfoOf,
  gameOfProject,
  openGameFolder,
  planFingerprint,
  planGameSave,
  writeGameSave,
} from '../../../src/main/services/game-folder-store'
import * as store from '../../../src/main/services/project-store'
import { decodeMask } from '../../../src/main/services/image-codec'
import { diskProjectFiles } from '../../../src/main/services/project-files'
import { GAME_LINK_FILE } from '../../../src/shared/formats/game-folder'
import { commitGameWrite } from '../../../src/shared/game/game-write'
import { tempFolder } from './helpers'
import { folderSource } from '../../../src/cli/format-commands'
import { roomFormat } from '../../../src/shared/formats/registry'
import { DesktopHost } from '../../../src/main/desktop-host'
import { hostHandlers } from '../../../src/main/ipc'
import type { GameSavePlan, OpenedProject } from '../../../src/shared/host'
import { maskDifferences, oracleReadCrm, oracleView } from '../../support/crm-oracle'
import { GATED_CAVE_TMX } from '../../support/tiled-builders'
import { writableCopy } from '../../support/game-copy'

const BENCH = join(__dirname, '../../../../shared/bench/engines')
const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups) await c()
  cleanups = []
})

/** A copy of a bench game in a temp folder (never the bench itself). */
async function copyGame(name: string, only?: string[]): Promise<string> {
  const t = await tempFolder('walkbox-game-')
  cleanups.push(t.remove)
  const game = join(t.dir, name)
  if (only) {
    await mkdir(game)
    for (const f of only) await writableCopy(join(BENCH, name, f), join(game, f))
  } else await writableCopy(join(BENCH, name), game)
  return game
}

/** Every file of the game but Walkbox's own folder, with its bytes. */
async function gameFiles(
  game: string,
  dir = game,
  out = new Map<string, Buffer>(),
): Promise<Map<string, Buffer>> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, e.name)
    const rel = relative(game, full).split('\\').join('/')
    if (rel === '.walkbox') continue
    if (e.isDirectory()) await gameFiles(game, full, out)
    else out.set(rel, await readFile(full))
  }
  return out
}

function changedFiles(before: Map<string, Buffer>, after: Map<string, Buffer>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()])
  return [...keys].filter((k) => !before.get(k)?.equals(after.get(k) ?? Buffer.alloc(0))).sort()
}

/** An independent reading of a .tscn: each section's heading and its lines, in order. */
function tscnSections(text: string): { heading: string; body: string }[] {
  const out: { heading: string; body: string }[] = []
  for (const line of text.split('\n')) {
    if (/^\[[a-z_]+[ \]]/.test(line)) out.push({ heading: line, body: '' })
    else if (out.length > 0) out[out.length - 1].body += `${line}\n`
  }
  return out
}

/** A Godot PackedVector2Array's points. */
function packedPoints(text: string): [number, number][] {
  const nums = (/PackedVector2Array\(([^)]*)\)/.exec(text)?.[1] ?? '').split(',').map(Number)
  const out: [number, number][] = []
  for (let i = 0; i + 1 < nums.length; i += 2) out.push([nums[i], nums[i + 1]])
  return out
}

/** The game opened, and its house room's first walkable vertex moved 3 px right in the project. */
async function openWithEditedHouse(game: string) {
  const opened = await openGameFolder(game)
  const loaded = await store.loadRoom(opened.folder, 'house')
  const [x, y] = loaded.room.polygons[0].outer[0]
  loaded.room.polygons[0].outer[0] = [x + 3, y]
  await store.saveRoom(opened.folder, loaded.room)
  return opened
}

describe('a Godot game (Popochiu sample) worked on in place', () => {
  const FLOOR = 'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn'

  it('opens the game folder with its rooms, and an unedited save writes nothing', async () => {
    const game = await copyGame('popochiu-sample-game')
    const before = await gameFiles(game)
    const opened = await openGameFolder(game)
    expect(opened.imported).toBe(true)
    expect(opened.link.engine).toBe('godot')
    expect(opened.link.rooms).toEqual([{ roomId: 'house', file: 'game/rooms/house/room_house.tscn' }])
    expect(await gameOfProject(opened.folder)).toBe(game)
    const plan = await planGameSave(opened.folder)
    expect(plan.changes).toEqual([])
    const written = await writeGameSave(opened.folder, planFingerprint(plan))
    expect(written.written).toEqual([])
    expect(written.backup).toBeNull()
    expect(changedFiles(before, await gameFiles(game))).toEqual([])
    // Reopening opens the same Walkbox project, not a new import.
    const again = await openGameFolder(game)
    expect(again.imported).toBe(false)
    expect(again.folder).toBe(opened.folder)
  })

  it("writes one moved walkable vertex into the Floor's interaction_polygon and NavigationPolygon only, after a backup", async () => {
    const game = await copyGame('popochiu-sample-game')
    const original = await gameFiles(game)
    const opened = await openGameFolder(game)
    const loaded = await store.loadRoom(opened.folder, 'house')
    // Floor's vertex (-117, -25) sits at (61, 75) in the room (the Floor node is at 178, 100).
    const ring = loaded.room.polygons[0].outer
    const at = ring.findIndex(([x, y]) => x === 61 && y === 75)
    expect(at).toBeGreaterThanOrEqual(0)
    ring[at] = [64, 77]
    await store.saveRoom(opened.folder, loaded.room)

    const plan = await planGameSave(opened.folder)
    expect(plan.changes.map((c) => c.path)).toEqual([FLOOR])
    expect(plan.changes[0].summary).toBe('4 lines changed')
    expect(plan.changes[0].unifiedDiff).toContain('-vertices = ')
    // Nothing is written by planning.
    expect(changedFiles(original, await gameFiles(game))).toEqual([])

    const done = await writeGameSave(opened.folder, planFingerprint(plan))
    expect(done.written).toEqual([FLOOR])
    expect(changedFiles(original, await gameFiles(game))).toEqual([FLOOR])
    // The backup holds the replaced file as it was.
    const backup = await readFile(join(game, done.backup!, FLOOR))
    expect(backup.equals(original.get(FLOOR)!)).toBe(true)

    // Independently: only the NavigationPolygon section's lines and the Floor node's
    // interaction_polygon (what Popochiu walks) differ, and the moved vertex is in both.
    const was = tscnSections(original.get(FLOOR)!.toString('utf8'))
    const now = tscnSections(await readFile(join(game, FLOOR), 'utf8'))
    expect(now.map((s) => s.heading)).toEqual(was.map((s) => s.heading))
    const differing = now.filter((s, i) => s.body !== was[i].body).map((s) => s.heading)
    expect(differing).toEqual([
      '[sub_resource type="NavigationPolygon" id="NavigationPolygon_nhhoh"]',
      '[node name="Floor" type="Node2D"]',
    ])
    for (const [heading, key] of [
      ['NavigationPolygon', 'outlines'],
      ['name="Floor"', 'interaction_polygon'],
    ]) {
      const line = new RegExp(`^${key} = .*$`, 'm').exec(
        now.find((s) => s.heading.includes(heading))!.body,
      )![0]
      const points = packedPoints(line)
      expect(points).toContainEqual([-114, -23])
      expect(points).not.toContainEqual([-117, -25])
    }

    // Reopening the game shows the edit (the game file now holds it, the project too).
    const again = await openGameFolder(game)
    const reloaded = await store.loadRoom(again.folder, 'house')
    expect(reloaded.room.polygons[0].outer).toContainEqual([64, 77])
    expect((await planGameSave(again.folder)).changes).toEqual([])
  })

  it('refuses to write when the game changed after the list was shown, writing nothing', async () => {
    const game = await copyGame('popochiu-sample-game')
    const opened = await openWithEditedHouse(game)
    const plan = await planGameSave(opened.folder)
    await writeFile(join(game, FLOOR), `${await readFile(join(game, FLOOR), 'utf8')}\n`)
    const now = await gameFiles(game)
    await expect(writeGameSave(opened.folder, planFingerprint(plan))).rejects.toThrow(
      /changed since.*nothing written/,
    )
    expect(changedFiles(now, await gameFiles(game))).toEqual([])
  })

  it('refuses a room file reached through a link, writing nothing outside or inside', async () => {
    const game = await copyGame('popochiu-sample-game')
    const opened = await openWithEditedHouse(game)
    // The floor scene becomes a link to a copy outside the game.
    const outside = join(game, '..', 'outside.tscn')
    await cp(join(game, FLOOR), outside)
    await rm(join(game, FLOOR))
    await symlink(outside, join(game, FLOOR))
    const outsideBefore = await readFile(outside)
    await expect(planGameSave(opened.folder)).rejects.toThrow(/nothing written/)
    // Straight to the commit, too: a link on the way is refused before anything is written.
    await expect(
      commitGameWrite(diskProjectFiles(game), [
        { path: FLOOR, before: outsideBefore, after: new TextEncoder().encode('x') },
      ]),
    ).rejects.toThrow(/not a regular file \(a link\?\); nothing written/)
    expect((await readFile(outside)).equals(outsideBefore)).toBe(true)
  })

  it("refuses a link record naming a path that leaves the game with '..'", async () => {
    const game = await copyGame('popochiu-sample-game')
    const opened = await openGameFolder(game)
    const link = JSON.parse(await readFile(join(game, GAME_LINK_FILE), 'utf8'))
    link.rooms[0].file = '../outside/room.tscn'
    await writeFile(join(game, GAME_LINK_FILE), JSON.stringify(link))
    await expect(planGameSave(opened.folder)).rejects.toThrow(/goes up with '\.\.'/)
    await expect(
      commitGameWrite(diskProjectFiles(game), [
        { path: '../x.tscn', before: new Uint8Array(), after: new Uint8Array([1]) },
      ]),
    ).rejects.toThrow(/goes up with '\.\.'.*nothing written/)
    expect(existsSync(join(game, '..', 'x.tscn'))).toBe(false)
  })
})

describe('the Escoria demo game', () => {
  it('opens its four rooms and an unedited save plans no change', async () => {
    const game = await copyGame('escoria-demo-game')
    const before = await gameFiles(game)
    const opened = await openGameFolder(game)
    expect(opened.link.rooms.map((r) => r.roomId)).toEqual(['room2', 'room3', 'room4', 'room5'])
    const plan = await planGameSave(opened.folder)
    expect(plan.changes).toEqual([])
    expect(changedFiles(before, await gameFiles(game))).toEqual([])
    // Room 02's button_left/Marker2D: neither it, its Area2D nor the room root has a position
    // (Godot puts it at (0, 0)), and Escoria never reads a plain Marker2D under an item, so it
    // is no point (issue 31, docs/engines.md); its ESCLocation is placed.
    const room2 = (await store.loadRoom(opened.folder, 'room2')).room
    expect(room2.points?.map((p) => p.name)).toEqual(['player_start'])
    // The ESCLocation is where the player walks to use the button: the hotspot's walk-to.
    const button = room2.hotspots?.find((h) => h.name === 'button_left')
    expect(button?.walkTo).toEqual({ x: 369, y: 375 })
  })

  it('says why each room has no background (its pictures are not in the game folder), again on reopening', async () => {
    // The bench copy has the scenes but none of the game's pictures (their licence is not stated).
    const game = await copyGame('escoria-demo-game')
    const opened = await openGameFolder(game)
    const why = (sprite: string, png: string) =>
      `the scene's background sprite ${sprite} shows res://game/rooms/${png}, which is not in the game folder`
    const expected = {
      room2: why('Room2Background', 'room02/room2background.png'),
      room3: why('Room3Background', 'room03/room3background.png'),
      room4: why('Forrest', 'room04/assets/forrest.png'),
      room5: why('Room5Background', 'room05/room5background.png'),
    }
    for (const r of opened.link.rooms)
      expect((await store.loadRoom(opened.folder, r.roomId)).room.background).toBe(undefined)
    expect((await gameInfoOf(opened.folder))?.noBackground).toEqual(expected)
    // Kept in the link record: the game opened again (no import) still says it.
    const again = await openGameFolder(game)
    expect(again.imported).toBe(false)
    expect((await gameInfoOf(again.folder))?.noBackground).toEqual(expected)
  })
})

describe('an AGS game (Tumbleweed)', () => {
  it('an unedited AGS 4 room is left byte-identical', async () => {
    const game = await copyGame('ags-tumbleweed')
    const before = await gameFiles(game)
    const opened = await openGameFolder(game)
    expect(opened.link).toMatchObject({
      engine: 'ags4',
      rooms: [{ roomId: 'room-1', file: 'Rooms/1/data.xml' }],
    })
    expect((await planGameSave(opened.folder)).changes).toEqual([])
    expect(changedFiles(before, await gameFiles(game))).toEqual([])
  })

  it('an edited walkable mask rewrites that mask only, after a backup', async () => {
    const game = await copyGame('ags-tumbleweed')
    const original = await gameFiles(game)
    const opened = await openGameFolder(game)
    const loaded = await store.loadRoom(opened.folder, 'room-1')
    expect(loaded.room.authoritative).toBe('mask')
    const mask = loaded.mask!
    const cells = new Uint8Array(mask.cells)
    // Clear a 20x10 block of the walkable area (and make a walkable block elsewhere).
    let cleared = 0
    for (let i = 0; i < cells.length && cleared < 200; i++) {
      if (cells[i] === 1) {
        cells[i] = 0
        cleared++
      }
    }
    await store.saveRoom(opened.folder, loaded.room, {
      mask: { width: mask.width, height: mask.height, cells },
    })
    const plan = await planGameSave(opened.folder)
    expect(plan.changes.map((c) => c.path)).toEqual(['Rooms/1/walkableareas.png'])
    expect(plan.changes[0].summary).toMatch(/^walkable area mask repainted \(\d+ bytes before, \d+ after\)$/)
    const done = await writeGameSave(opened.folder, planFingerprint(plan))
    expect(changedFiles(original, await gameFiles(game))).toEqual(['Rooms/1/walkableareas.png'])
    const backup = await readFile(join(game, done.backup!, 'Rooms/1/walkableareas.png'))
    expect(backup.equals(original.get('Rooms/1/walkableareas.png')!)).toBe(true)
    // The new mask holds the edit, read with an image decoder of its own.
    const written = await decodeMask(
      await readFile(join(game, 'Rooms/1/walkableareas.png')),
      'walkableareas.png',
    )
    let walkable = 0
    for (const v of written.cells) if (v === 1) walkable++
    let want = 0
    for (const v of cells) if (v === 1) want++
    expect(written.width).toBe(mask.width)
    expect(walkable).toBe(want)
  })

  it('a game with only AGS 3 .crm rooms opens writable; unedited it writes nothing, one painted pixel rewrites room1.crm after a backup', async () => {
    const game = await copyGame('ags-tumbleweed', ['Game.agf', 'room1.crm'])
    const before = await gameFiles(game)
    const opened = await openGameFolder(game)
    expect(opened.link.engine).toBe('ags3')
    expect(await gameInfoOf(opened.folder)).toEqual({
      engine: 'ags3',
      name: basename(game),
      rooms: 1,
      readOnly: null,
    })
    // Each read note names room1.crm once.
    expect(opened.notes).toContain('room1.crm: compiled AGS room, format version 33')
    expect(opened.notes.filter((n) => n.startsWith('room1.crm: room1.crm'))).toEqual([])
    expect((await planGameSave(opened.folder)).changes).toEqual([])
    // One pixel painted walkable, saved in the project, then written into the game.
    const loaded = await store.loadRoom(opened.folder, 'room-1')
    const cells = new Uint8Array(loaded.mask!.cells)
    const at = 150 * 320 + 10
    expect(cells[at]).toBe(0)
    cells[at] = 1
    await store.saveRoom(opened.folder, loaded.room, { mask: { width: 320, height: 200, cells } })
    const plan = await planGameSave(opened.folder)
    expect(plan.changes.map((c) => [c.path, c.summary])).toEqual([
      [
        'room1.crm',
        `room file: walkable area mask (${before.get('room1.crm')!.length} bytes before, ${plan.changes[0].after.length} after)`,
      ],
    ])
    const done = await writeGameSave(opened.folder, planFingerprint(plan))
    expect(changedFiles(before, await gameFiles(game))).toEqual(['room1.crm'])
    expect((await readFile(join(game, done.backup!, 'room1.crm'))).equals(before.get('room1.crm')!)).toBe(
      true,
    )
    // AGS's reading of the written room (a reader of the tests' own): that one pixel changed.
    const was = oracleReadCrm(new Uint8Array(before.get('room1.crm')!))
    const now = oracleReadCrm(new Uint8Array(await readFile(join(game, 'room1.crm'))))
    expect(maskDifferences(was.masks.walkable, now.masks.walkable)).toEqual([at])
    expect(oracleView(now, ['masks'])).toEqual(oracleView(was, ['masks']))
  })
})

describe('a folder of Tiled maps', () => {
  const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="20" height="15" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="3">
 <properties>
  <property name="music" value="cave.ogg"/>
 </properties>
 <objectgroup id="1" name="walkable">
  <object id="1" name="floor" type="walkable" x="10" y="60">
   <polygon points="0,0 280,0 280,160 0,160"/>
  </object>
 </objectgroup>
 <objectgroup id="2" name="decor">
  <object id="2" name="lamp" x="5" y="5">
   <point/>
  </object>
 </objectgroup>
</map>
`

  it('writes a moved vertex into the map in place, and real Tiled reads it', async () => {
    if (!existsSync(TILED))
      throw new Error(`Tiled is needed for this test and is missing (${TILED}): apt-get install -y tiled`)
    const t = await tempFolder('walkbox-tiled-game-')
    cleanups.push(t.remove)
    const game = join(t.dir, 'maps')
    await mkdir(join(game, 'caves'), { recursive: true })
    await writeFile(join(game, 'caves', 'cave.tmx'), MAP)
    const opened = await openGameFolder(game)
    expect(opened.link).toMatchObject({ engine: 'tiled', rooms: [{ file: 'caves/cave.tmx' }] })
    const id = opened.link.rooms[0].roomId
    expect((await planGameSave(opened.folder)).changes).toEqual([])
    const loaded = await store.loadRoom(opened.folder, id)
    const ring = loaded.room.polygons[0].outer
    const at = ring.findIndex(([x, y]) => x === 290 && y === 220)
    expect(at).toBeGreaterThanOrEqual(0)
    ring[at] = [250, 200]
    await store.saveRoom(opened.folder, loaded.room)
    const plan = await planGameSave(opened.folder)
    expect(plan.changes.map((c) => c.path)).toEqual(['caves/cave.tmx'])
    const done = await writeGameSave(opened.folder, planFingerprint(plan))
    expect((await readFile(join(game, done.backup!, 'caves/cave.tmx'), 'utf8')) === MAP).toBe(true)
    const written = await readFile(join(game, 'caves/cave.tmx'), 'utf8')
    expect(written).toContain('<property name="music" value="cave.ogg"/>')
    await run(TILED, ['--export-map', 'json', join(game, 'caves/cave.tmx'), join(t.dir, 'cave.json')], {
      env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' },
    })
    const json = JSON.parse(await readFile(join(t.dir, 'cave.json'), 'utf8')) as {
      layers: { name: string; objects?: { x: number; y: number; polygon?: { x: number; y: number }[] }[] }[]
    }
    const floor = json.layers.find((l) => l.name === 'walkable')!.objects![0]
    const abs = (floor.polygon ?? []).map((p) => [p.x + floor.x, p.y + floor.y])
    expect(abs).toContainEqual([250, 200])
    expect(abs).not.toContainEqual([290, 220])
    expect(json.layers.find((l) => l.name === 'decor')!.objects).toHaveLength(1)
  })
})

describe('flag defaults changed in the editor, saved into the game', () => {
  const TMX = GATED_CAVE_TMX
  const TMJ = `${JSON.stringify(
    {
      type: 'map',
      version: '1.10',
      tiledversion: '1.10.2',
      orientation: 'orthogonal',
      renderorder: 'right-down',
      infinite: false,
      compressionlevel: -1,
      width: 20,
      height: 15,
      tilewidth: 16,
      tileheight: 16,
      nextlayerid: 3,
      nextobjectid: 3,
      layers: [
        {
          id: 1,
          name: 'walkable',
          type: 'objectgroup',
          draworder: 'topdown',
          opacity: 1,
          visible: true,
          x: 0,
          y: 0,
          objects: [
            {
              id: 1,
              name: 'hall floor',
              type: 'walkable',
              x: 0,
              y: 0,
              width: 200,
              height: 100,
              rotation: 0,
              visible: true,
            },
          ],
        },
        {
          id: 2,
          name: 'gates',
          type: 'objectgroup',
          draworder: 'topdown',
          opacity: 1,
          visible: true,
          x: 0,
          y: 0,
          objects: [
            {
              id: 2,
              name: 'grate',
              type: 'gate',
              x: 50,
              y: 20,
              width: 10,
              height: 10,
              rotation: 0,
              visible: true,
              properties: [{ name: 'flagExpression', type: 'string', value: 'doorOpen' }],
            },
          ],
        },
      ],
    },
    null,
    1,
  )}\n`

  /** A folder of maps in a temporary folder (removed after the test); returns its path. */
  async function mapsFolder(prefix: string, maps: Record<string, string>): Promise<string> {
    const t = await tempFolder(prefix)
    cleanups.push(t.remove)
    const game = join(t.dir, 'maps')
    await mkdir(game, { recursive: true })
    for (const [name, text] of Object.entries(maps)) await writeFile(join(game, name), text)
    return game
  }
  /** The gated map with its own walkbox.flags property (JSON, XML-escaped) instead of its music. */
  const withFlags = (flags: string) =>
    TMX.replace(
      '<property name="music" value="cave.ogg"/>',
      `<property name="walkbox.flags" value="${flags}"/>`,
    )

  it('a Tiled game: the map property walkbox.flags of each map that names the flag (.tmx and .tmj), read back', async () => {
    const game = await mapsFolder('walkbox-tiled-flags-', { 'cave.tmx': TMX, 'hall.tmj': TMJ })
    const opened = await openGameFolder(game)
    expect(opened.link.rooms.map((r) => r.file)).toEqual(['cave.tmx', 'hall.tmj'])
    expect(opened.project.flags).toEqual([{ id: 'doorOpen', name: 'doorOpen', default: false }])
    expect((await planGameSave(opened.folder)).changes).toEqual([])

    await store.updateProject(opened.folder, (p) => ({
      ...p,
      flags: p.flags.map((f) => (f.id === 'doorOpen' ? { ...f, default: true } : f)),
    }))
    const plan = await planGameSave(opened.folder)
    expect(plan.changes.map((c) => c.path)).toEqual(['cave.tmx', 'hall.tmj'])
    expect(plan.notes).toContain(
      'cave.tmx: map property walkbox.flags written (the flags the room names changed)',
    )
    await writeGameSave(opened.folder, planFingerprint(plan))

    const cave = await readFile(join(game, 'cave.tmx'), 'utf8')
    // Only the map's properties gain a line; the objects stay as they were.
    expect(cave.replace(/ *<property name="walkbox\.flags"[^\n]*\n/, '')).toBe(TMX)
    for (const [file, format] of [
      ['cave.tmx', 'tiled-xml'],
      ['hall.tmj', 'tiled-json'],
    ] as const) {
      const back = await roomFormat(format).importRoom!(folderSource(game), file, {})
      expect(back.flags, file).toEqual([{ id: 'doorOpen', name: 'doorOpen', default: true }])
    }
    // Saved again with nothing changed: nothing more to write.
    expect((await planGameSave(opened.folder)).changes).toEqual([])
  })

  it('an unedited Tiled game whose maps name one flag, one of them with a name of its own, plans no change', async () => {
    const game = await mapsFolder('walkbox-tiled-flag-names-', {
      'a-cave.tmx': withFlags(
        '[{&quot;id&quot;:&quot;doorOpen&quot;,&quot;name&quot;:&quot;Door open&quot;,&quot;default&quot;:false}]',
      ),
      'b-hall.tmj': TMJ,
    })
    const opened = await openGameFolder(game)
    expect(opened.project.flags).toEqual([{ id: 'doorOpen', name: 'Door open', default: false }])
    expect((await planGameSave(opened.folder)).changes).toEqual([])
    // Renamed in the project: the map that names it is written, the other left as it is.
    await store.updateProject(opened.folder, (p) => ({
      ...p,
      flags: p.flags.map((f) => ({ ...f, name: 'The door is open' })),
    }))
    expect((await planGameSave(opened.folder)).changes.map((c) => c.path)).toEqual(['a-cave.tmx'])
  })

  it('maps that give one flag different defaults: the project takes the first, and the open says so', async () => {
    const game = await mapsFolder('walkbox-tiled-flag-disagree-', {
      'a-cave.tmx': withFlags('[{&quot;id&quot;:&quot;doorOpen&quot;,&quot;default&quot;:true}]'),
      'b-hall.tmj': TMJ,
    })
    const opened = await openGameFolder(game)
    expect(opened.project.flags.map((f) => [f.id, f.default])).toEqual([['doorOpen', true]])
    expect(opened.notes).toContain(
      "flag 'doorOpen': default true in a-cave.tmx but false in b-hall.tmj; the project keeps a-cave.tmx's, which goes into the others when the rooms are written back into the game",
    )
    // As said: the map that disagrees is the one Save would write.
    expect((await planGameSave(opened.folder)).changes.map((c) => c.path)).toEqual(['b-hall.tmj'])
  })

  it("a Godot game: the scene root's metadata/walkbox_flags of each room scene that names the flag, read back", async () => {
    const game = await copyGame('escoria-demo-game')
    const opened = await openGameFolder(game)
    // Escoria's disabled region bridge_closed: a flag, default false.
    const id = 'bridgeClosedEnabled'
    expect(opened.project.flags.find((f) => f.id === id)).toMatchObject({ default: false })
    const before = await gameFiles(game)

    await store.updateProject(opened.folder, (p) => ({
      ...p,
      flags: p.flags.map((f) => (f.id === id ? { ...f, default: true } : f)),
    }))
    const plan = await planGameSave(opened.folder)
    const paths = plan.changes.map((c) => c.path)
    expect(paths).toContain('game/rooms/room02/room02.tscn')
    for (const c of plan.changes)
      expect(
        c.unifiedDiff.split('\n').filter((l) => /^[-+](?![-+]{2})/.test(l)),
        c.path,
      ).toEqual([expect.stringMatching(/^\+metadata\/walkbox_flags = ".*bridgeClosedEnabled.*"$/)])
    await writeGameSave(opened.folder, planFingerprint(plan))
    expect(changedFiles(before, await gameFiles(game))).toEqual([...paths].sort())
    for (const path of paths) {
      const back = await roomFormat('godot').importRoom!(folderSource(game), path, {})
      expect(
        back.flags.find((f) => f.id === id),
        path,
      ).toMatchObject({ default: true })
    }
    expect((await planGameSave(opened.folder)).changes).toEqual([])
  })
})

describe('a folder with a Tiled project (.tiled-project)', () => {
  it('reads the maps of the folders it lists only, and refuses folders outside the game with a note', async () => {
    const t = await tempFolder('walkbox-tiled-project-')
    cleanups.push(t.remove)
    const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="20" height="15" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="2">
 <objectgroup id="1" name="walkable">
  <object id="1" name="floor" type="walkable" x="10" y="60">
   <polygon points="0,0 280,0 280,160 0,160"/>
  </object>
 </objectgroup>
</map>
`
    const game = join(t.dir, 'maps')
    for (const f of [
      'maps/levels/caves/cave.tmx',
      'maps/levels/hall.tmx',
      'maps/drafts/old.tmx',
      'outside/far.tmx',
    ]) {
      await mkdir(join(t.dir, f, '..'), { recursive: true })
      await writeFile(join(t.dir, f), MAP)
    }
    // As Tiled saves a project (src/tiled/project.cpp): folders relative to the project file.
    await writeFile(
      join(game, 'maps.tiled-project'),
      JSON.stringify(
        {
          automappingRulesFile: '',
          commands: [],
          extensionsPath: 'extensions',
          folders: ['levels', 'levels/caves', '../outside', '/etc', 'missing'],
          propertyTypes: [],
        },
        null,
        4,
      ),
    )
    const opened = await openGameFolder(game)
    expect(opened.link.rooms.map((r) => r.file)).toEqual(['levels/caves/cave.tmx', 'levels/hall.tmx'])
    const notes = opened.notes.join('\n')
    expect(notes).toContain("maps.tiled-project: folder '../outside' leaves the game folder; not looked into")
    expect(notes).toContain("maps.tiled-project: folder '/etc' is outside the game folder (an absolute path)")
    expect(notes).toContain("maps.tiled-project: folder 'missing' is not a folder in the game")
    expect(notes).toContain('maps.tiled-project: maps read from its folders (levels, levels/caves)')
  })
})

describe('through the desktop host (what the editor calls)', () => {
  it('Open Game Folder opens the game; Save lists the change, Write writes it; a wrong fingerprint writes nothing', async () => {
    const game = await copyGame('popochiu-sample-game')
    const t = await tempFolder('walkbox-user-')
    cleanups.push(t.remove)
    const host = new DesktopHost({
      userDataDir: () => t.dir,
      sampleDir: () => t.dir,
      appVersion: () => '0.1.0',
      platform: 'linux',
      dialogs: {
        chooseProjectFolder: async () => null,
        chooseGameFolder: async () => game,
        chooseNewProjectFolder: async () => null,
        chooseImageFile: async () => null,
      },
    })
    const handlers = hostHandlers(host)
    const opened = (await handlers.openGameFolder(undefined)) as OpenedProject
    expect(opened.game).toEqual({ engine: 'godot', name: 'popochiu-sample-game', rooms: 1, readOnly: null })
    expect(opened.rooms.map((r) => r.id)).toEqual(['house'])
    // What reading the game found comes with the first open only (the editor shows it once).
    expect(opened.readNotes?.join('\n')).toContain('character_popsy.tscn is missing')
    const reopened = (await handlers.openGameFolder(undefined)) as OpenedProject
    expect(reopened.readNotes).toBeUndefined()
    const original = await gameFiles(game)

    // The editor saves the project first (as ever), then asks what the game would get.
    const loaded = await host.loadRoom({ ref: opened.ref, roomId: 'house' })
    const [x, y] = loaded.room.polygons[0].outer[0]
    loaded.room.polygons[0].outer[0] = [x + 3, y]
    await host.saveProject({ ref: opened.ref, project: opened.project, rooms: [{ room: loaded.room }] })
    const plan = (await handlers.planGameSave({ ref: opened.ref })) as GameSavePlan
    expect(plan.changes.map((c) => c.path)).toEqual([
      'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn',
    ])
    expect(JSON.stringify(plan)).not.toContain('"before"')

    await expect(handlers.writeGameSave({ ref: opened.ref, fingerprint: 'x' })).rejects.toThrow(
      /writeGameSave: refused a malformed request at fingerprint/,
    )
    await expect(handlers.writeGameSave({ ref: opened.ref, fingerprint: '1-0' })).rejects.toThrow(
      /changed since the changes were listed/,
    )
    expect(changedFiles(original, await gameFiles(game))).toEqual([])
    // A ref the host did not open is refused.
    await expect(handlers.planGameSave({ ref: join(game, '..') })).rejects.toThrow(/was not opened here/)

    const done = (await handlers.writeGameSave({ ref: opened.ref, fingerprint: plan.fingerprint })) as {
      written: string[]
      backup: string
    }
    expect(done.written).toEqual(plan.changes.map((c) => c.path))
    expect(done.backup).toMatch(/^\.walkbox\/game-backups\//)
    expect(changedFiles(original, await gameFiles(game))).toEqual(done.written)
  })

  it('Open Project accepts a game folder too, and opens it in place', async () => {
    const game = await copyGame('ags-tumbleweed')
    const t = await tempFolder('walkbox-user-')
    cleanups.push(t.remove)
    const host = new DesktopHost({
      userDataDir: () => t.dir,
      sampleDir: () => t.dir,
      appVersion: () => '0.1.0',
      platform: 'linux',
      dialogs: {
        chooseProjectFolder: async () => game,
        chooseNewProjectFolder: async () => null,
        chooseImageFile: async () => null,
      },
    })
    const opened = await host.openProject({})
    expect(opened?.game).toMatchObject({ engine: 'ags4', name: 'ags-tumbleweed', rooms: 1, readOnly: null })
    expect(opened?.ref).toBe(join(game, '.walkbox', 'project'))
    // Reopened by its ref (the recent list), it is still the game's.
    expect((await host.openProject({ ref: opened!.ref }))?.game?.engine).toBe('ags4')
  })
})
