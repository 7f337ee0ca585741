/**
 * Walkbox rooms as Tiled maps (.tmj JSON and .tmx XML) and back, checked against Tiled
 * 1.8 itself: `tiled --export-map` reads what we write and writes it in the other format,
 * which we read back; `tmxrasterizer` draws our map with the background where the room has it.
 *
 * Needs Tiled (Debian: apt-get install -y tiled); run with QT_QPA_PLATFORM=offscreen.
 *
 * Units: px.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roomToTiledMap, type TiledMap } from '../../../src/shared/formats/tiled/map'
import { tiledMapToRoom } from '../../../src/shared/formats/tiled/read-map'
import { tiledMapToTmx, tmxToTiledMap } from '../../../src/shared/formats/tiled/tmx'
import { parseXml } from '../../../src/shared/codecs/xml/xml-read'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { parseRoom, type Room } from '../../../src/shared/room/schema'
import { fullRoom } from '../room/fixtures'
import { MAX_XML_DEPTH, TILED_XML_CEILINGS, XML_LIMIT_PROBLEMS } from '../../../src/shared/limits'

const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const RASTERIZER = process.env.WALKBOX_TMXRASTERIZER ?? '/usr/bin/tmxrasterizer'
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' }

function requireTiled(): void {
  if (!existsSync(TILED) || !existsSync(RASTERIZER)) {
    throw new Error(
      `Tiled is needed for this test and is missing (${TILED}, ${RASTERIZER}): apt-get install -y tiled, or set WALKBOX_TILED and WALKBOX_TMXRASTERIZER`,
    )
  }
}

const same = (a: Room, b: Room) =>
  expect(normaliseRoom(parseRoom(JSON.parse(JSON.stringify(a))))).toEqual(normaliseRoom(b))

describe('Tiled maps', () => {
  it('a room goes out as .tmj and comes back the same', () => {
    const room = fullRoom()
    const { map, notes } = roomToTiledMap(room)
    const text = JSON.stringify(map, null, 1)
    same(tiledMapToRoom(JSON.parse(text) as TiledMap, 'porch.tmj').room, room)
    expect(map.tilewidth * map.width).toBeGreaterThanOrEqual(room.size.width)
    expect(notes.join('\n')).toMatch(/walk mask: Tiled has no area masks/)
    expect(notes.join('\n')).toMatch(
      /node graph: Tiled has no join costs or directions; kept as the properties cost and oneWay/,
    )
  })

  it('a room goes out as .tmx and comes back the same', () => {
    const room = fullRoom()
    const xml = tiledMapToTmx(roomToTiledMap(room).map)
    expect(parseXml(xml, 'porch.tmx', TILED_XML_CEILINGS).name).toBe('map')
    same(tiledMapToRoom(tmxToTiledMap(xml, 'porch.tmx'), 'porch.tmx').room, room)
  })

  it("reads a hand-made map: objects typed by their layer's exact name, rectangles, Tiled 1.9 classes, group layers", () => {
    const map = {
      type: 'map',
      orientation: 'orthogonal',
      width: 20,
      height: 10,
      tilewidth: 16,
      tileheight: 16,
      layers: [
        {
          type: 'group',
          name: 'room',
          layers: [
            {
              type: 'objectgroup',
              name: 'Walkable',
              objects: [{ id: 1, name: 'floor', x: 0, y: 80, width: 320, height: 80, rotation: 0 }],
            },
            {
              type: 'objectgroup',
              name: 'stuff',
              objects: [
                { id: 2, name: 'door', class: 'zone', x: 10, y: 90, width: 20, height: 30, rotation: 0 },
              ],
            },
            {
              type: 'objectgroup',
              name: 'deco',
              objects: [{ id: 3, name: 'lamp', x: 5, y: 5, width: 0, height: 0, point: true, rotation: 0 }],
            },
          ],
        },
      ],
    } as unknown as TiledMap
    const { room, notes } = tiledMapToRoom(map, 'hall.tmj')
    expect(room.size).toEqual({ width: 320, height: 160 })
    expect(room.polygons[0].outer).toEqual([
      [0, 80],
      [320, 80],
      [320, 160],
      [0, 160],
    ])
    expect(room.zones.map((z) => z.name)).toEqual(['door'])
    expect(notes.join('\n')).toMatch(
      /layers not read: "deco" \(1 object\): no rule gives it a kind; not read/,
    )
  })

  it('refuses what is not an orthogonal Tiled map, and malformed XML, with the file named', () => {
    expect(() => tiledMapToRoom({ type: 'tileset' } as unknown as TiledMap, 'x.tmj')).toThrow(
      'x.tmj: not a Tiled map',
    )
    expect(() =>
      tiledMapToRoom({ type: 'map', orientation: 'isometric', layers: [] } as unknown as TiledMap, 'iso.tmj'),
    ).toThrow('iso.tmj: an isometric map; Walkbox reads orthogonal maps')
    expect(() => tmxToTiledMap('<map><objectgroup></map>', 'bad.tmx')).toThrow(
      /bad\.tmx: line 1: <\/map> closes <objectgroup>/,
    )
    expect(() => tmxToTiledMap('<tileset/>', 't.tsx')).toThrow(
      't.tsx: not a Tiled map (the root element is <tileset>)',
    )
    expect(() => parseXml('<a>'.repeat(MAX_XML_DEPTH + 1), 'deep.tmx', TILED_XML_CEILINGS)).toThrow(
      `deep.tmx: line 1: ${XML_LIMIT_PROBLEMS.depth}`,
    )
  })
})

describe('Tiled 1.8 reads what Walkbox writes', () => {
  let dir = ''
  const room = fullRoom()
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-'))
    // A 320x200 background: left half red, right half blue.
    const { width, height } = room.size
    const data = Buffer.alloc(width * height * 3)
    for (let i = 0; i < width * height; i++)
      data.set(i % width < width / 2 ? [200, 30, 30] : [30, 30, 200], i * 3)
    await writeFile(
      join(dir, 'background.png'),
      await sharp(data, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer(),
    )
    await writeFile(
      join(dir, 'walkmask.png'),
      await sharp({ create: { width, height, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    )
  })
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('tiled --export-map turns our .tmj into a .tmx that reads back as the same room', async () => {
    requireTiled()
    await writeFile(join(dir, 'porch.tmj'), JSON.stringify(roomToTiledMap(room).map))
    await run(TILED, ['--export-map', 'tmx', join(dir, 'porch.tmj'), join(dir, 'from-tiled.tmx')], { env })
    const tmx = await readFile(join(dir, 'from-tiled.tmx'), 'utf8')
    expect(tmx).toMatch(/<map version="1\.8" tiledversion="1\.8\.\d+"/)
    same(tiledMapToRoom(tmxToTiledMap(tmx, 'from-tiled.tmx'), 'from-tiled.tmx').room, room)
  }, 60_000)

  it('tiled --export-map turns our .tmx into JSON that reads back as the same room', async () => {
    requireTiled()
    await writeFile(join(dir, 'porch.tmx'), tiledMapToTmx(roomToTiledMap(room).map))
    await run(TILED, ['--export-map', 'json', join(dir, 'porch.tmx'), join(dir, 'from-tiled.json')], { env })
    const json = JSON.parse(await readFile(join(dir, 'from-tiled.json'), 'utf8')) as TiledMap
    same(tiledMapToRoom(json, 'from-tiled.json').room, room)
  }, 60_000)

  it('tmxrasterizer draws our map with the background at room px', async () => {
    requireTiled()
    await writeFile(join(dir, 'draw.tmx'), tiledMapToTmx(roomToTiledMap(room).map))
    await run(RASTERIZER, [join(dir, 'draw.tmx'), join(dir, 'draw.png')], { env })
    const { data, info } = await sharp(join(dir, 'draw.png'))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(info.width).toBe(Math.ceil(room.size.width / 16) * 16)
    const at = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3))
    // Object layers draw outlines; sample away from them: the background shows through.
    expect(at(2, 2)).toEqual([200, 30, 30])
    expect(at(room.size.width - 3, 2)).toEqual([30, 30, 200])
  }, 60_000)
})
