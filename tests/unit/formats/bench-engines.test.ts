/**
 * Every room scene of ../shared/bench/engines through Walkbox: the walkable area (px²)
 * pinned against the scene file's own outlines with the node offsets applied (computed
 * here by hand from the file text, not by the importer), the zone and point names, and all
 * registered algorithms on the imported rooms with no invalid path. Then the sample courtyard
 * and two imported rooms through Tiled 1.8 (`tiled --export-map`) and through Godot and
 * Tiled round trips, with the walkable area kept within 0.1%.
 *
 * Units: px, px².
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { exportGodotScene } from '../../../src/shared/formats/godot/export'
import { importGodotScene } from '../../../src/shared/formats/godot/import'
import { roomToTiledMap, tiledMapToRoom, type TiledMap } from '../../../src/shared/formats/tiled/map'
import { checkPath } from '../../../src/shared/measure/metrics'
import { randomPairs } from '../../../src/shared/measure/random'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import { prepareAlgorithm, runQuery } from '../../../src/shared/nav/run'
import { parseProject, parseRoom, type Room } from '../../../src/shared/room/schema'
import { benchPath, repoRoot } from '../../support/bench-data'
import { folderSource, memorySource } from './godot-source'

const run = promisify(execFile)
const POPOCHIU = benchPath('engines', 'popochiu-sample-game')
const ESCORIA = benchPath('engines', 'escoria-demo-game')

/** Shoelace area of a flat [x0, y0, x1, y1, ...] list. */
function shoelace(nums: number[]): number {
  let s = 0
  for (let i = 0; i < nums.length; i += 2) {
    const j = (i + 2) % nums.length
    s += nums[i] * nums[j + 1] - nums[j] * nums[i + 1]
  }
  return Math.abs(s) / 2
}

/** The outlines of the NavigationPolygon sub-resource `id` in a scene's text, as flat lists. */
function outlinesOf(text: string, id: string): number[][] {
  const section = text.slice(text.indexOf(`[sub_resource type="NavigationPolygon" id="${id}"]`))
  const line = section.split('\n').find((l) => l.startsWith('outlines'))!
  return [...line.matchAll(/PackedVector2Array\(([^)]*)\)/g)].map((m) => m[1].split(',').map(Number))
}

/** Walkable px² of one state: outer rings minus holes, the areas that are on. */
function walkableArea(room: Room, areasOn?: number[]): number {
  let total = 0
  for (const p of room.polygons) {
    if (areasOn && !areasOn.includes(p.areaId)) continue
    total += shoelace(p.outer.flat()) - p.holes.reduce((s, h) => s + shoelace(h.flat()), 0)
  }
  return total
}

const SCENES = [
  { name: 'popochiu house', dir: POPOCHIU, scene: 'res://game/rooms/house/room_house.tscn' },
  { name: 'escoria room02', dir: ESCORIA, scene: 'res://game/rooms/room02/room02.tscn' },
  { name: 'escoria room03', dir: ESCORIA, scene: 'res://game/rooms/room03/room03.tscn' },
  { name: 'escoria room04', dir: ESCORIA, scene: 'res://game/rooms/room04/room04.tscn' },
  { name: 'escoria room05', dir: ESCORIA, scene: 'res://game/rooms/room05/room05.tscn' },
  { name: 'escoria room03 terrain', dir: ESCORIA, scene: 'res://game/rooms/room03/walkable_area.tscn' },
  { name: 'escoria room05 terrain', dir: ESCORIA, scene: 'res://game/rooms/room05/walkable_area.tscn' },
]

describe('every room scene of ../shared/bench/engines imports', () => {
  it('pins the walkable area (px²) against the scene files own outlines', async () => {
    const house = await importGodotScene(folderSource(POPOCHIU), SCENES[0].scene)
    const floor = await readFile(
      `${POPOCHIU}/game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn`,
      'utf8',
    )
    const [outer, ...holes] = outlinesOf(floor, 'NavigationPolygon_nhhoh')
    // Translation by (178, 100) does not change an area.
    const expectedHouse = shoelace(outer) - holes.reduce((s, h) => s + shoelace(h), 0)
    expect(walkableArea(house.room)).toBeCloseTo(expectedHouse, 6)
    expect(expectedHouse).toBeGreaterThan(10000)

    const room02 = await importGodotScene(folderSource(ESCORIA), SCENES[1].scene)
    const text02 = await readFile(`${ESCORIA}/game/rooms/room02/room02.tscn`, 'utf8')
    const open02 = outlinesOf(text02, '1').reduce((s, r) => s + shoelace(r), 0)
    const closed02 = outlinesOf(text02, '2').reduce((s, r) => s + shoelace(r), 0)
    expect(walkableArea(room02.room, [1])).toBeCloseTo(open02, 6)
    expect(walkableArea(room02.room, [2])).toBeCloseTo(closed02, 6)
    // Issue 31: the buttons' plain Marker2D children (no script, no position) are not points at
    // (0, 0); each button walks to its ESCLocation.
    expect(room02.room.points!.map((p) => [p.name, p.x, p.y])).toEqual([['player_start', 76.7617, 437.649]])
    expect(
      room02.room.hotspots!.filter((h) => h.name.startsWith('button')).map((h) => [h.name, h.walkTo]),
    ).toEqual([
      ['button_left', { x: 369, y: 375 }],
      ['button_right2', { x: 914, y: 378 }],
    ])

    const room04 = await importGodotScene(folderSource(ESCORIA), SCENES[3].scene)
    const text04 = await readFile(`${ESCORIA}/game/rooms/room04/room04.tscn`, 'utf8')
    expect(walkableArea(room04.room)).toBeCloseTo(
      outlinesOf(text04, '1').reduce((s, r) => s + shoelace(r), 0),
      6,
    )
    // room04's scale map settings (its texture is not in the bench data).
    expect(room04.notes.join('\n')).toContain('scale_min 40%, scale_max 100%')
  })

  it('names the hotspots and points as the scenes do (clickables are hotspots, not zones)', async () => {
    const names = async (i: number) => {
      const r = await importGodotScene(folderSource(SCENES[i].dir), SCENES[i].scene)
      return {
        zones: r.room.zones.map((z) => z.name),
        hotspots: (r.room.hotspots ?? []).map((h) => h.name),
        points: (r.room.points ?? []).map((p) => p.name),
      }
    }
    expect(await names(0)).toEqual({
      zones: [],
      hotspots: ['Door', 'Drawer', 'Table', 'ToyCar', 'Window'],
      points: ['CharacterPopsy'],
    })
    expect((await names(1)).hotspots).toEqual([
      'r_platform',
      'r_door',
      'l_door',
      'button_left',
      'button_right2',
    ])
    expect(await names(3)).toEqual({ zones: [], hotspots: ['l_door', 'r_door'], points: ['player_start'] })
    expect((await names(4)).hotspots).toEqual(['l_door', 'r_door', 'pipe'])
  })

  it.each(SCENES)(
    '$name: every algorithm, 40 seeded pairs, no invalid path',
    async ({ dir, scene }) => {
      const { room, flags } = await importGodotScene(folderSource(dir), scene)
      const state = Object.fromEntries(flags.map((f) => [f.id, f.default]))
      const world = navWorldForRoom(parseRoom(JSON.parse(JSON.stringify(room))), null, state)
      const pairs = randomPairs(world, 40, 11)
      expect(pairs.length).toBe(40)
      const invalid: string[] = []
      for (const id of ALGORITHM_IDS) {
        const prepared = prepareAlgorithm(world, id)
        expect(prepared.error, id).toBeUndefined()
        for (const [ax, ay, bx, by] of pairs) {
          const r = runQuery(prepared, { x: ax, y: ay }, { x: bx, y: by })
          if (r.error) invalid.push(`${id}: ${r.error}`)
          else if (r.points.length > 0 && !checkPath(world, r.points).valid)
            invalid.push(`${id} ${ax},${ay} -> ${bx},${by}`)
        }
      }
      expect(invalid).toEqual([])
    },
    120_000,
  )
})

const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' }
const ringKeys = (room: Room) =>
  room.polygons
    .map((p) =>
      [p.outer, ...p.holes]
        .map((r) =>
          r
            .map(([x, y]) => `${x},${y}`)
            .sort()
            .join(' '),
        )
        .join(' | '),
    )
    .sort()

describe('the sample courtyard and two imported rooms through Tiled and Godot', () => {
  let dir = ''
  let rooms: Room[] = []
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'walkbox-engines-'))
    const sampleDir = join(repoRoot, 'resources/sample-project')
    parseProject(JSON.parse(await readFile(join(sampleDir, 'project.walkbox.json'), 'utf8')))
    const courtyard = parseRoom(
      JSON.parse(await readFile(join(sampleDir, 'rooms/courtyard/room.json'), 'utf8')),
    )
    const house = (await importGodotScene(folderSource(POPOCHIU), SCENES[0].scene)).room
    const room02 = (await importGodotScene(folderSource(ESCORIA), SCENES[1].scene)).room
    rooms = [courtyard, house, room02]
  })
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('Tiled 1.8 reads each .tmj back (tiled --export-map) and writes out the same polygons', async () => {
    if (!existsSync(TILED))
      throw new Error(`Tiled is needed for this test and is missing (${TILED}): apt-get install -y tiled`)
    for (const room of rooms) {
      const tmj = join(dir, `${room.id}.tmj`)
      await writeFile(tmj, JSON.stringify(roomToTiledMap(room).map))
      const out = join(dir, `${room.id}.tiled.json`)
      await run(TILED, ['--export-map', 'json', tmj, out], { env })
      const back = tiledMapToRoom(JSON.parse(await readFile(out, 'utf8')) as TiledMap, 'x.json').room
      expect(ringKeys(back), room.id).toEqual(ringKeys(room))
    }
  }, 120_000)

  it('Godot and Tiled round trips keep the walkable area within 0.1%', async () => {
    for (const room of rooms) {
      const area = walkableArea(room)
      const viaGodot = await importGodotScene(
        memorySource({ 'res://r.tscn': exportGodotScene(room).text }),
        'res://r.tscn',
      )
      const viaTiled = tiledMapToRoom(
        JSON.parse(JSON.stringify(roomToTiledMap(room).map)) as TiledMap,
        'r.tmj',
      )
      expect(Math.abs(walkableArea(viaGodot.room) - area) / area, `${room.id} via Godot`).toBeLessThan(0.001)
      expect(Math.abs(walkableArea(viaTiled.room) - area) / area, `${room.id} via Tiled`).toBeLessThan(0.001)
    }
  })
})
