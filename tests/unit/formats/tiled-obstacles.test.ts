/**
 * Where one may not walk, as real maps say it: obstacle objects, collision tile layers, tile
 * properties and the collision shapes of a tileset's tiles, mapped to `obstacles`, make the
 * room the map minus them; and an edited walk area goes back as obstacles where they came
 * from. Tiled 1.8 is the reader the results are held to: `tmxrasterizer` draws a tile whose
 * picture is exactly its collision shape (flipped, turned, taller than the grid, offset), and
 * `tiled --export-map` reads every map written back.
 *
 * Units: px, px² for areas.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { folderSource } from '../../../src/cli/format-commands'
import { pointInAreas } from '../../../src/shared/geometry/polygon'
import { roomFormat, type ImportResult } from '../../../src/shared/formats/registry'
import type { LayerMapping } from '../../../src/shared/formats/tiled/layer-kinds'
import { writeRoomIntoTmx } from '../../../src/shared/formats/tiled/write-in-place'
import { writeRoomIntoTmj } from '../../../src/shared/formats/tiled/write-in-place-json'
import { unifiedDiff } from '../../../src/shared/codecs/unified-diff'
import type { Room } from '../../../src/shared/room/schema'
import { tiledBuilders, tiledMap, tileLayer } from '../../support/tiled-builders'

const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const RASTERIZER = process.env.WALKBOX_TMXRASTERIZER ?? '/usr/bin/tmxrasterizer'
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' }

let dir = ''
beforeAll(async () => {
  for (const tool of [TILED, RASTERIZER])
    if (!existsSync(tool))
      throw new Error(`Tiled is needed for this test and is missing (${tool}): apt-get install -y tiled`)
  dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-obstacles-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

const files = () => {
  const source = folderSource(dir)
  return { readText: source.readText, inflate: source.inflate, root: '' }
}

/** Writes `map` as JSON and has Tiled write it as `name.tmx`. */
async function tiledTmx(name: string, map: object): Promise<string> {
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, `${name}-source.tmj`), JSON.stringify(map))
  await run(TILED, ['--export-map', 'tmx', join(dir, `${name}-source.tmj`), join(dir, `${name}.tmx`)], {
    env,
  })
  return `${name}.tmx`
}

const readTmx = (file: string, layers: LayerMapping): Promise<ImportResult> =>
  roomFormat('tiled-xml').importRoom!(folderSource(dir), file, { layers })

const walkable = (room: Room, x: number, y: number) =>
  pointInAreas(
    room.polygons.map((p) => ({
      outer: p.outer.map(([a, b]) => ({ x: a, y: b })),
      holes: p.holes.map((h) => h.map(([a, b]) => ({ x: a, y: b }))),
    })),
    { x, y },
  )

const area = (room: Room) => {
  const ring = (r: [number, number][]) => {
    let s = 0
    r.forEach(([ax, ay], i) => {
      const [bx, by] = r[(i + 1) % r.length]
      s += ax * by - bx * ay
    })
    return Math.abs(s / 2)
  }
  return room.polygons.reduce((s, p) => s + ring(p.outer) - p.holes.reduce((t, h) => t + ring(h), 0), 0)
}

describe('obstacles: the room is the map minus them', () => {
  it('obstacle objects (Tuxemon-style rectangles, an ellipse) cut the whole map; Tiled reads the map', async () => {
    const { obj, objects } = tiledBuilders()
    const map = tiledMap(20, 10, [
      objects('Collisions', [
        obj({ type: 'collision', x: 0, y: 0, width: 320, height: 16 }),
        obj({ type: 'collision', x: 100, y: 60, width: 40, height: 20 }),
        obj({ type: 'collision', x: 200, y: 100, width: 30, height: 30, ellipse: true }),
        obj({ name: 'marker', x: 10, y: 150, point: true }),
      ]),
    ])
    const file = await tiledTmx('collisions', map)
    const { room, notes } = await readTmx(file, { Collisions: 'obstacles' })
    const expected = 320 * 160 - 320 * 16 - 40 * 20 - Math.PI * 15 * 15
    expect(area(room)).toBeCloseTo(expected, 3)
    expect(walkable(room, 120, 70)).toBe(false)
    expect(walkable(room, 120, 90)).toBe(true)
    expect(notes.join('\n')).toMatch(
      /1 obstacle without an area \(object \d+ 'marker' in layer 'Collisions': a point\)/,
    )
    expect(notes.join('\n')).toMatch(
      /obstacles \(layer 'Collisions': 3 objects\): the walk area is the map minus them/,
    )
  })

  it('a collision tile layer and a tile property block whole cells', async () => {
    const tilesets = [
      {
        firstgid: 1,
        name: 'tiles',
        tilewidth: 16,
        tileheight: 16,
        tilecount: 2,
        columns: 2,
        image: 'tiles.png',
        imagewidth: 32,
        imageheight: 16,
        tiles: [{ id: 1, properties: [{ name: 'collides', type: 'bool', value: true }] }],
      },
    ]
    const ground = Array.from({ length: 16 }, (_, i) => (i === 5 ? 2 : 1))
    const walls = Array.from({ length: 16 }, (_, i) => (i === 0 || i === 15 ? 1 : 0))
    const map = tiledMap(4, 4, [tileLayer(1, 'Ground', 4, 4, ground), tileLayer(2, 'Walls', 4, 4, walls)], {
      tilesets,
    })
    const file = await tiledTmx('walls', map)
    const { room } = await readTmx(file, { Walls: 'obstacles', '@property:collides': 'obstacles' })
    expect(area(room)).toBe(64 * 64 - 3 * 256)
    expect(walkable(room, 8, 8)).toBe(false)
    expect(walkable(room, 24, 24)).toBe(false)
    expect(walkable(room, 40, 8)).toBe(true)
  })

  it("a tile's collision shape is where Tiled draws the tile: flipped, turned, taller than the grid, offset (tmxrasterizer)", async () => {
    // A 16x24 tile whose picture is opaque exactly over its collision shape, a 9x6 rectangle.
    const [tw, th] = [16, 24]
    const rgba = Buffer.alloc(tw * th * 4)
    for (let y = 3; y < 9; y++) for (let x = 2; x < 11; x++) rgba.writeUInt32BE(0xffffffff, (y * tw + x) * 4)
    await sharp(rgba, { raw: { width: tw, height: th, channels: 4 } })
      .png()
      .toFile(join(dir, 'shape.png'))
    const tileset = {
      firstgid: 1,
      name: 'shape',
      tilewidth: tw,
      tileheight: th,
      tilecount: 1,
      columns: 1,
      image: 'shape.png',
      imagewidth: tw,
      imageheight: th,
      tileoffset: { x: 1, y: -2 },
      tiles: [
        {
          id: 0,
          objectgroup: {
            type: 'objectgroup',
            name: '',
            draworder: 'index',
            objects: [
              { id: 1, name: '', type: '', x: 2, y: 3, width: 9, height: 6, rotation: 0, visible: true },
            ],
          },
        },
      ],
    }
    const [H, V, D] = [0x80000000, 0x40000000, 0x20000000]
    const flags = [0, H, V, D, H | V, H | D, V | D, H | V | D]
    // Row 1 and row 3, every other column, each with another flip (4 per row).
    const data = Array.from({ length: 8 * 4 }, () => 0)
    flags.forEach((f, i) => (data[(i < 4 ? 1 : 3) * 8 + (i % 4) * 2] = (1 | f) >>> 0))
    const map = tiledMap(8, 4, [tileLayer(1, 'Props', 8, 4, data)], { tilesets: [tileset] })
    const file = await tiledTmx('shapes', map)
    await run(RASTERIZER, ['--no-smoothing', join(dir, file), join(dir, 'shapes.png')], { env })
    const drawn = await sharp(join(dir, 'shapes.png'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([drawn.info.width, drawn.info.height]).toEqual([128, 64])
    const { room } = await readTmx(file, { '@shapes': 'obstacles' })
    let blocked = 0
    const wrong: string[] = []
    for (let y = 0; y < 64; y++)
      for (let x = 0; x < 128; x++) {
        const opaque = drawn.data[(y * 128 + x) * 4 + 3] > 127
        if (opaque) blocked++
        if (opaque === walkable(room, x + 0.5, y + 0.5)) wrong.push(`${x},${y}`)
      }
    expect(blocked).toBe(8 * 9 * 6)
    expect(wrong).toEqual([])
  })
})

describe('an edited walk area goes back as obstacles', () => {
  const { obj, objects } = tiledBuilders()
  const map = tiledMap(20, 10, [
    objects('Collisions', [
      obj({ id: 1, type: 'collision', x: 0, y: 0, width: 320, height: 16 }),
      obj({ id: 2, type: 'collision', x: 100, y: 60, width: 40, height: 20 }),
    ]),
    objects('Events', [obj({ id: 3, name: 'door', type: 'event', x: 280, y: 120, width: 16, height: 16 })]),
  ])
  const mapping: LayerMapping = { Collisions: 'obstacles', Events: 'zones' }

  it('unedited: byte-identical in .tmx and .tmj; the mapping, once remembered in the map, needs no option', async () => {
    const file = await tiledTmx('tux', map)
    const text = await readFile(join(dir, file), 'utf8')
    const { room } = await readTmx(file, mapping)
    expect((await writeRoomIntoTmx(text, file, room, { layers: mapping, files: files() })).text).toBe(text)
    await run(TILED, ['--export-map', 'json', join(dir, file), join(dir, 'tux.tmj')], { env })
    const json = await readFile(join(dir, 'tux.tmj'), 'utf8')
    const fromJson = await roomFormat('tiled-json').importRoom!(folderSource(dir), 'tux.tmj', {
      layers: mapping,
    })
    expect(
      (await writeRoomIntoTmj(json, 'tux.tmj', fromJson.room, { layers: mapping, files: files() })).text,
    ).toBe(json)
  })

  it('a new hole becomes one obstacle object in the mapped layer; only its lines and the next id change; Tiled reads it; the mapping is remembered', async () => {
    const file = await tiledTmx('tux-edit', map)
    const text = await readFile(join(dir, file), 'utf8')
    const { room } = await readTmx(file, mapping)
    const edited = JSON.parse(JSON.stringify(room)) as Room
    edited.polygons[0].holes.push([
      [200, 100],
      [200, 110],
      [210, 110],
      [210, 100],
    ])
    const out = await writeRoomIntoTmx(text, file, edited, { layers: mapping, files: files() })
    const diff = unifiedDiff(text, out.text, file)
    const removed = diff.split('\n').filter((l) => /^-(?!--)/.test(l))
    expect(removed).toEqual([expect.stringMatching(/^-<map .*nextobjectid="100"/)])
    expect(out.text).toMatch(/<object id="100" x="\d+" y="\d+">\s*<polygon points="[^"]+"\/>\s*<\/object>/)
    expect(out.text).toContain(
      '<property name="walkbox.layers" value="{&quot;Collisions&quot;:&quot;obstacles&quot;,&quot;Events&quot;:&quot;zones&quot;}"/>',
    )
    await writeFile(join(dir, 'tux-edited.tmx'), out.text)
    await run(TILED, ['--export-map', 'json', join(dir, 'tux-edited.tmx'), join(dir, 'tux-edited.json')], {
      env,
    })
    // Read back with no mapping given: the map remembers it.
    const back = await roomFormat('tiled-json').importRoom!(folderSource(dir), 'tux-edited.json', {})
    expect(area(back.room)).toBeCloseTo(area(room) - 100, 6)
    expect(back.room.zones.map((z) => z.name)).toEqual(['door'])
  })

  it('a wall shortened reshapes its own object (id, type kept) and nothing else', async () => {
    const file = await tiledTmx('tux-wall', map)
    const text = await readFile(join(dir, file), 'utf8')
    const { room } = await readTmx(file, mapping)
    // The walk area now reaches up to y = 8 between x = 100 and 140: the top wall loses a notch.
    const edited = JSON.parse(JSON.stringify(room)) as Room
    const outer = edited.polygons[0].outer
    const at = outer.findIndex(([x, y]) => x === 0 && y === 16)
    expect(at).toBeGreaterThanOrEqual(0)
    const out = await writeRoomIntoTmx(
      text,
      file,
      { ...edited, polygons: [{ ...edited.polygons[0], outer: notched(outer) }] },
      { layers: mapping, files: files() },
    )
    const diff = unifiedDiff(text, out.text, file)
    // The map's properties (the mapping remembered) aside, only the wall's object changes.
    const changed = diff
      .split('\n')
      .filter((l) => /^[-+](?![-+]{2})/.test(l) && !/properties>|walkbox\.layers/.test(l))
    expect(changed[0]).toMatch(/^- {2}<object id="1" type="collision" x="0" y="0" width="320" height="16"\/>/)
    expect(changed.slice(1).join('\n')).toMatch(/^\+ {2}<object id="1" type="collision" x="0" y="0">/)
    expect(out.text).toContain('<object id="2" type="collision" x="100" y="60" width="40" height="20"/>')
    await writeFile(join(dir, 'tux-wall-edited.tmx'), out.text)
    await run(
      TILED,
      ['--export-map', 'json', join(dir, 'tux-wall-edited.tmx'), join(dir, 'tux-wall-edited.json')],
      { env },
    )
    const back = await roomFormat('tiled-json').importRoom!(folderSource(dir), 'tux-wall-edited.json', {})
    expect(area(back.room)).toBeCloseTo(area(room) + 40 * 8, 6)
    expect(walkable(back.room, 120, 12)).toBe(true)

    /** The outer ring with the notch (100..140 x 8..16) taken out of the wall above it. */
    function notched(ring: [number, number][]): [number, number][] {
      const out2: [number, number][] = []
      for (let i = 0; i < ring.length; i++) {
        out2.push(ring[i])
        const [ax, ay] = ring[i]
        const [bx, by] = ring[(i + 1) % ring.length]
        if (ay === 16 && by === 16 && Math.min(ax, bx) <= 100 && Math.max(ax, bx) >= 140) {
          const pts: [number, number][] = [
            [100, 16],
            [100, 8],
            [140, 8],
            [140, 16],
          ]
          out2.push(...(ax < bx ? pts : pts.reverse()))
        }
      }
      return out2
    }
  })

  it('a walk area made from tiles: unedited writes back byte-identical; edited is refused in one line', async () => {
    const tilesets = [
      {
        firstgid: 1,
        name: 't',
        tilewidth: 16,
        tileheight: 16,
        tilecount: 1,
        columns: 1,
        image: 't.png',
        imagewidth: 16,
        imageheight: 16,
      },
    ]
    const walls = Array.from({ length: 16 }, (_, i) => (i < 4 ? 1 : 0))
    const file = await tiledTmx(
      'tiles-only',
      tiledMap(4, 4, [tileLayer(1, 'Walls', 4, 4, walls)], { tilesets }),
    )
    const text = await readFile(join(dir, file), 'utf8')
    const { room } = await readTmx(file, { Walls: 'walkable' })
    expect(
      (await writeRoomIntoTmx(text, file, room, { layers: { Walls: 'walkable' }, files: files() })).text,
    ).toBe(text)
    const edited = JSON.parse(JSON.stringify(room)) as Room
    edited.polygons[0].outer[0] = [1, 1]
    await expect(
      writeRoomIntoTmx(text, file, edited, { layers: { Walls: 'walkable' }, files: files() }),
    ).rejects.toThrow(/the walk area comes from tiles \(walls\) and was edited; Walkbox does not paint tiles/)
  })
})

describe('objects Walkbox reads in layers of their own are written where they are', () => {
  it('a typed walk polygon in a layer not named walkable: unedited byte-identical; edited in place (never "twice")', async () => {
    const { obj, objects } = tiledBuilders()
    const map = tiledMap(20, 10, [
      objects('Floor', [
        obj({ id: 1, name: 'lawn', type: 'walkable', x: 10, y: 60, width: 200, height: 80 }),
      ]),
      objects('Decor', [obj({ id: 2, name: 'lamp', x: 5, y: 5, point: true })]),
    ])
    const file = await tiledTmx('floor', map)
    const text = await readFile(join(dir, file), 'utf8')
    const { room } = await readTmx(file, {})
    expect((await writeRoomIntoTmx(text, file, room, { files: files() })).text).toBe(text)
    const edited = JSON.parse(JSON.stringify(room)) as Room
    edited.polygons[0].outer[1] = [214, 60]
    const out = await writeRoomIntoTmx(text, file, edited, { files: files() })
    const diff = unifiedDiff(text, out.text, file)
    expect(diff.split('\n').filter((l) => /^-(?!--)/.test(l))).toEqual([
      '-  <object id="1" name="lawn" type="walkable" x="10" y="60" width="200" height="80"/>',
    ])
    expect(out.text).not.toContain('name="walkable"')
  })
})
