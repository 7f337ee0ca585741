/**
 * Custom properties through Tiled: a map Tiled itself wrote (`tiled --export-map`) with typed
 * properties (string, int, float, bool, color, file, object) on a walkable polygon, a gate, a
 * zone, a point and a hotspot imports them with their types; an edited property is written
 * back in place (.tmx and .tmj, as the game store's planner writes them) changing only that
 * property's line; Tiled reads the written file, and it imports back as the edited room.
 *
 * Units: px.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { folderSource } from '../../../src/cli/format-commands'
import { roomFormat } from '../../../src/shared/formats/registry'
import { writeRoomIntoTmx } from '../../../src/shared/formats/tiled/write-in-place'
import { writeRoomIntoTmj } from '../../../src/shared/formats/tiled/write-in-place-json'
import { roomToTiledMap } from '../../../src/shared/formats/tiled/map'
import { unifiedDiff } from '../../../src/shared/codecs/unified-diff'
import type { Room } from '../../../src/shared/room/schema'
import { objectLayer, tiledObject } from '../../support/tiled-builders'

const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' }

let dir = ''
const files: Record<string, string> = {}

const obj = tiledObject
const layer = objectLayer
const typed = [
  { name: 'sound', type: 'string', value: 'drip.ogg' },
  { name: 'weight', type: 'int', value: 3 },
  { name: 'friction', type: 'float', value: 0.25 },
  { name: 'slippery', type: 'bool', value: true },
  { name: 'tint', type: 'color', value: '#ff336699' },
  { name: 'script', type: 'file', value: 'scripts/cave.lua' },
  { name: 'target', type: 'object', value: 4 },
]

async function importAs(name: string): Promise<Room> {
  const format = name.endsWith('.tmx') ? 'tiled-xml' : 'tiled-json'
  return (await roomFormat(format).importRoom!(folderSource(dir), name, {})).room
}

beforeAll(async () => {
  if (!existsSync(TILED))
    throw new Error(`Tiled is needed for this test and is missing (${TILED}): apt-get install -y tiled`)
  dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-properties-'))
  const map = {
    type: 'map',
    version: '1.8',
    tiledversion: '1.8.2',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    infinite: false,
    compressionlevel: -1,
    width: 20,
    height: 15,
    tilewidth: 16,
    tileheight: 16,
    nextlayerid: 6,
    nextobjectid: 6,
    properties: [{ name: 'music', type: 'string', value: 'cave.ogg' }],
    tilesets: [],
    layers: [
      layer(1, 'walkable', [
        obj({
          id: 1,
          name: 'floor',
          type: 'walkable',
          x: 10,
          y: 60,
          width: 280,
          height: 160,
          properties: typed,
        }),
      ]),
      layer(2, 'gates', [
        obj({
          id: 2,
          name: 'door',
          type: 'gate',
          x: 100,
          y: 100,
          width: 20,
          height: 20,
          properties: [
            { name: 'flagExpression', type: 'string', value: 'open' },
            { name: 'locked', type: 'bool', value: false },
          ],
        }),
      ]),
      layer(3, 'zones', [
        obj({
          id: 3,
          name: 'mat',
          type: 'zone',
          x: 200,
          y: 80,
          width: 30,
          height: 30,
          properties: [
            { name: 'enter', type: 'string', value: 'on_mat' },
            { name: 'property.enter', type: 'string', value: 'a key Walkbox reads' },
            { name: 'depth', type: 'float', value: 1.5 },
          ],
        }),
      ]),
      layer(4, 'points', [
        obj({
          id: 4,
          name: 'start',
          type: 'point',
          x: 50,
          y: 200,
          point: true,
          properties: [{ name: 'facing', type: 'string', value: 'left' }],
        }),
      ]),
      layer(5, 'hotspots', [
        obj({
          id: 5,
          name: 'hRock',
          type: 'hotspot',
          x: 150,
          y: 150,
          width: 20,
          height: 20,
          properties: [
            { name: 'verb', type: 'string', value: 'look' },
            { name: 'score', type: 'int', value: 10 },
          ],
        }),
      ]),
    ],
  }
  await writeFile(join(dir, 'source.tmj'), JSON.stringify(map))
  for (const [name, format] of [
    ['cave.tmx', 'tmx'],
    ['cave.tmj', 'json'],
  ] as const) {
    await run(TILED, ['--export-map', format, join(dir, 'source.tmj'), join(dir, name)], { env })
    files[name] = await readFile(join(dir, name), 'utf8')
  }
}, 60_000)
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('custom properties through Tiled', () => {
  it.each([['cave.tmx'], ['cave.tmj']])(
    '%s: every kind imports its properties with their types',
    async (name) => {
      const room = await importAs(name)
      expect(room.polygons[0].properties).toEqual({
        sound: 'drip.ogg',
        weight: '3',
        friction: '0.25',
        slippery: 'true',
        tint: '#ff336699',
        script: 'scripts/cave.lua',
        target: '4',
      })
      expect(room.polygons[0].propertyTypes).toEqual({
        weight: 'int',
        friction: 'float',
        slippery: 'bool',
        tint: 'color',
        script: 'file',
        target: 'object',
      })
      expect(room.gates[0]).toMatchObject({
        properties: { locked: 'false' },
        propertyTypes: { locked: 'bool' },
      })
      expect(room.zones[0]).toMatchObject({
        events: { enter: 'on_mat' },
        properties: { enter: 'a key Walkbox reads', depth: '1.5' },
        propertyTypes: { depth: 'float' },
      })
      expect(room.points![0].properties).toEqual({ facing: 'left' })
      expect(room.hotspots![0]).toMatchObject({
        properties: { verb: 'look', score: '10' },
        propertyTypes: { score: 'int' },
      })
    },
  )

  it.each([['cave.tmx'], ['cave.tmj']])(
    '%s: an edited, an added and a removed property are written in place; Tiled reads it; it imports back',
    async (name) => {
      const original = files[name]
      const room = await importAs(name)
      const write = name.endsWith('.tmx') ? writeRoomIntoTmx : writeRoomIntoTmj
      expect((await write(original, name, room)).text).toBe(original)
      room.polygons[0].properties!.weight = '7'
      room.gates[0].properties = { locked: 'false', key: 'brass' }
      delete room.points![0].properties
      const { text } = await write(original, name, room)
      const changed = unifiedDiff(original, text, name)
        .split('\n')
        .filter((l) => /^[-+](?![-+]{2})/.test(l))
      // Only the three edited objects change (the others keep every byte): the new value, the
      // added key, the removed one (and a rewritten rectangle's outline, written as a polygon).
      const diff = changed.join('\n')
      expect(diff).toMatch(/^\+.*(value="7"|"value":7)/m)
      expect(diff).toMatch(/^\+.*brass/m)
      expect(diff).toMatch(/^-.*facing/m)
      expect(diff).not.toMatch(/mat|hRock|drip|on_mat|score|"value":4|value="4"/)
      const edited = `edited-${name}`
      await writeFile(join(dir, edited), text)
      await run(TILED, ['--export-map', 'json', join(dir, edited), join(dir, `${edited}.json`)], { env })
      const tiled = JSON.parse(await readFile(join(dir, `${edited}.json`), 'utf8')) as {
        layers: { objects: { properties?: { name: string; type: string; value: unknown }[] }[] }[]
      }
      expect(tiled.layers[0].objects[0].properties).toContainEqual({ name: 'weight', type: 'int', value: 7 })
      expect(tiled.layers[1].objects[0].properties).toContainEqual({
        name: 'key',
        type: 'string',
        value: 'brass',
      })
      expect(tiled.layers[3].objects[0].properties).toBeUndefined()
      const back = await importAs(edited)
      expect(back.polygons[0]).toEqual(room.polygons[0])
      expect(back.gates[0].properties).toEqual({ locked: 'false', key: 'brass' })
      expect(back.points![0].properties).toBeUndefined()
      expect(back.zones).toEqual(room.zones)
      expect(back.hotspots).toEqual(room.hotspots)
    },
  )

  it("a new map keeps every kind's properties and types, and Tiled reads it", async () => {
    const room = await importAs('cave.tmj')
    const { map } = roomToTiledMap(room)
    await writeFile(join(dir, 'new.tmj'), JSON.stringify(map))
    await run(TILED, ['--export-map', 'tmx', join(dir, 'new.tmj'), join(dir, 'new.tmx')], { env })
    const back = await importAs('new.tmx')
    for (const kind of ['polygons', 'gates', 'zones', 'points', 'hotspots'] as const)
      expect(back[kind]!.map((x) => [x.properties, x.propertyTypes])).toEqual(
        room[kind]!.map((x) => [x.properties, x.propertyTypes]),
      )
  })
})
