/**
 * Tiled layers read by documented rules, never by a word a name happens to contain: a layer
 * is a kind when the import's mapping, the map's remembered mapping (walkbox.layers), its
 * own `walkbox` property, its class or its exact name says so; a layer no rule names is left
 * alone and named; a polyline is never a point. Each map is written here as Tiled JSON and
 * rewritten by Tiled 1.8 itself (`tiled --export-map`) before Walkbox reads it.
 *
 * Units: px.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { folderSource } from '../../../src/cli/format-commands'
import { roomFormat, type ImportResult } from '../../../src/shared/formats/registry'
import { parseLayerMapping, type LayerMapping } from '../../../src/shared/formats/tiled/layer-kinds'
import { tiledBuilders, tiledMap } from '../../support/tiled-builders'

const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' }

let dir = ''
beforeAll(async () => {
  if (!existsSync(TILED))
    throw new Error(`Tiled is needed for this test and is missing (${TILED}): apt-get install -y tiled`)
  dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-kinds-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** The map written by Tiled as .tmx, then read by Walkbox with `layers`. */
async function read(name: string, map: object, layers: LayerMapping = {}): Promise<ImportResult> {
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, `${name}-source.tmj`), JSON.stringify(map))
  await run(TILED, ['--export-map', 'tmx', join(dir, `${name}-source.tmj`), join(dir, `${name}.tmx`)], {
    env,
  })
  return roomFormat('tiled-xml').importRoom!(folderSource(dir), `${name}.tmx`, { layers })
}

describe('a layer is a kind by rule', () => {
  it("a racing game's Waypoints polyline is not a point, and is named; mapped to points it is still named", async () => {
    const { obj, objects } = tiledBuilders()
    const line = Array.from({ length: 20 }, (_, i) => ({ x: i * 10, y: (i % 3) * 7 }))
    const map = tiledMap(20, 10, [
      objects('Waypoints', [obj({ name: 'racing line', x: 20, y: 40, polyline: line })]),
    ])
    const plain = await read('waypoints', map)
    expect(plain.room.points ?? []).toEqual([])
    expect(plain.notes.join('\n')).toMatch(
      /layers not read: "Waypoints" \(1 object\): no rule gives it a kind; not read/,
    )
    const mapped = await read('waypoints-mapped', map, { Waypoints: 'points' })
    expect(mapped.room.points ?? []).toEqual([])
    expect(mapped.notes.join('\n')).toMatch(
      /object \d+ 'racing line' in layer 'Waypoints': a polyline of 20 vertices is not a point; not read/,
    )
  })

  it('a name that only contains a kind (Walkable Areas) is not that kind; the exact name in any case is', async () => {
    const { obj, objects } = tiledBuilders()
    const floor = (name: string) =>
      objects(name, [obj({ name: 'floor', x: 0, y: 80, width: 320, height: 80 })])
    const areas = await read('areas', tiledMap(20, 10, [floor('Walkable Areas')]))
    expect(areas.room.polygons).toEqual([])
    const exact = await read('exact', tiledMap(20, 10, [floor('WALKABLE')]))
    expect(exact.room.polygons.map((p) => p.id)).toEqual(['floor'])
    expect(exact.tiled?.layers.find((l) => l.name === 'WALKABLE')).toMatchObject({
      kind: 'walkable',
      rule: 'name',
    })
  })

  it("a layer's class (Tiled 1.9+), its walkbox property and the map's walkbox.layers name its kind", async () => {
    const { obj, objects } = tiledBuilders()
    const door = obj({ name: 'door', x: 10, y: 10, width: 20, height: 30 })
    const rock = obj({ name: 'rock', x: 100, y: 100, width: 20, height: 20 })
    const spot = obj({ name: 'spot', x: 200, y: 50, point: true })
    const map = tiledMap(
      20,
      10,
      [
        objects('Doors', [door], { class: 'zones' }),
        objects('Rocks', [rock], { properties: [{ name: 'walkbox', type: 'string', value: 'obstacles' }] }),
        objects('Spawns', [spot]),
      ],
      { properties: [{ name: 'walkbox.layers', type: 'string', value: '{"Spawns":"points"}' }] },
    )
    // Tiled 1.8 does not keep a layer's class: the JSON is read as written (what Tiled 1.9+ saves).
    await writeFile(join(dir, 'rules.tmj'), JSON.stringify(map))
    const result = await roomFormat('tiled-json').importRoom!(folderSource(dir), 'rules.tmj', {})
    expect(result.room.zones.map((z) => z.name)).toEqual(['door'])
    expect(result.room.points?.map((p) => [p.name, p.x, p.y])).toEqual([['spot', 200, 50]])
    // The rock is an obstacle: the walk area is the map minus it.
    expect(result.room.polygons).toHaveLength(1)
    expect(result.room.polygons[0].holes).toHaveLength(1)
    expect(Object.fromEntries(result.tiled!.layers.map((l) => [l.name, `${l.kind} by ${l.rule}`]))).toEqual({
      Doors: 'zones by class',
      Rocks: 'obstacles by layer property',
      Spawns: 'points by map property',
    })
  })

  it("the import's mapping wins over every other rule; none leaves a layer Walkbox would read alone", async () => {
    const { obj, objects } = tiledBuilders()
    const map = tiledMap(20, 10, [
      objects('zones', [obj({ name: 'porch', x: 10, y: 10, width: 20, height: 20 })]),
      objects('Events', [obj({ name: 'Go Outside', type: 'event', x: 100, y: 40, width: 16, height: 16 })]),
    ])
    const result = await read('given', map, { zones: 'none', Events: 'zones' })
    expect(result.room.zones.map((z) => z.name)).toEqual(['Go Outside'])
    expect(result.tiled?.mapping).toEqual({ zones: 'none', Events: 'zones' })
  })

  it('a layer of a group takes the group’s kind; an object typed with a kind keeps its type in any layer', async () => {
    const { obj, objects, next } = tiledBuilders()
    const map = tiledMap(20, 10, [
      {
        id: next(),
        name: 'Room',
        type: 'group',
        opacity: 1,
        visible: true,
        layers: [
          objects('Triggers', [
            obj({ name: 'rug', x: 10, y: 10, width: 20, height: 20 }),
            obj({ name: 'exit', type: 'point', x: 300, y: 100, point: true }),
          ]),
        ],
      },
    ])
    const result = await read('group', map, { Room: 'zones' })
    expect(result.room.zones.map((z) => z.name)).toEqual(['rug'])
    expect(result.room.points?.map((p) => p.name)).toEqual(['exit'])
    expect(result.tiled?.layers.find((l) => l.name === 'Triggers')).toMatchObject({
      kind: 'zones',
      rule: 'group',
    })
  })
})

describe('--layer NAME=KIND', () => {
  it('reads NAME=KIND (the last = splits) and tile sources, and refuses anything else in one line', () => {
    expect(
      parseLayerMapping([
        'Collisions=obstacles',
        'a=b=zones',
        '@shapes=obstacles',
        '@property:solid=obstacles',
      ]),
    ).toEqual({
      Collisions: 'obstacles',
      'a=b': 'zones',
      '@shapes': 'obstacles',
      '@property:solid': 'obstacles',
    })
    expect(() => parseLayerMapping(['Collisions'])).toThrow(
      '--layer "Collisions": expected NAME=KIND, KIND one of walkable, obstacles, gates, zones, points, hotspots, nodes, none',
    )
    expect(() => parseLayerMapping(['=zones'])).toThrow('--layer "=zones": an empty layer name')
    expect(() => parseLayerMapping(['@shapes=zones'])).toThrow(
      "'@shapes': tiles are walkable, obstacles or none, not zones",
    )
    expect(() => parseLayerMapping(['@tiles=obstacles'])).toThrow('a name starting with @ is a tile source')
  })
})
