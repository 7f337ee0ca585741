/**
 * `walkbox import <folder | .tiled-project> --out <project>`: every Tiled map of a game
 * becomes a room, one progress line each; tilesets in a sibling folder of the maps are
 * read (they lie inside the folder imported); a map that cannot be read is listed and the
 * others are imported. The maps are written by Tiled itself (`tiled --export-map`).
 *
 * Units: px.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walkbox } from './run-walkbox'

const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' }

let dir = ''
const game = () => join(dir, 'game')

const tileset = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="floor" tilewidth="16" tileheight="16" tilecount="1" columns="1">
 <properties>
  <property name="walkable" type="bool" value="true"/>
 </properties>
 <image source="floor.png" width="16" height="16"/>
</tileset>
`

const map = (layers: object[], tilesets: object[] = []) => ({
  type: 'map',
  version: '1.8',
  tiledversion: '1.8.2',
  orientation: 'orthogonal',
  renderorder: 'right-down',
  infinite: false,
  compressionlevel: -1,
  width: 4,
  height: 2,
  tilewidth: 16,
  tileheight: 16,
  nextlayerid: 5,
  nextobjectid: 5,
  tilesets,
  layers,
})

beforeAll(async () => {
  if (!existsSync(TILED))
    throw new Error(`Tiled is needed for this test and is missing (${TILED}): apt-get install -y tiled`)
  dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-folder-'))
  await mkdir(join(game(), 'maps', 'town'), { recursive: true })
  await mkdir(join(game(), 'tilesets'), { recursive: true })
  await mkdir(join(dir, 'sources'), { recursive: true })
  await writeFile(join(game(), 'tilesets', 'floor.tsx'), tileset)
  const write = async (name: string, m: object) => {
    // Written beside the output so that Tiled keeps relative paths, then moved out.
    const src = join(game(), 'maps', `${name}.source.tmj`)
    await writeFile(src, JSON.stringify(m))
    await run(TILED, ['--export-map', 'tmx', src, join(game(), 'maps', `${name}.tmx`)], { env })
    await rm(src)
  }
  await write(
    'cellar',
    map(
      [
        {
          id: 1,
          name: 'floor',
          type: 'tilelayer',
          width: 4,
          height: 2,
          x: 0,
          y: 0,
          opacity: 1,
          visible: true,
          data: [1, 1, 0, 0, 1, 1, 0, 0],
        },
      ],
      [{ firstgid: 1, source: '../tilesets/floor.tsx' }],
    ),
  )
  await write(
    'town/square',
    map([
      {
        id: 1,
        name: 'zones',
        type: 'objectgroup',
        draworder: 'index',
        opacity: 1,
        visible: true,
        x: 0,
        y: 0,
        objects: [
          {
            id: 1,
            name: 'door',
            type: 'zone',
            x: 2,
            y: 2,
            width: 10,
            height: 10,
            rotation: 0,
            visible: true,
          },
        ],
      },
    ]),
  )
  await writeFile(join(game(), 'maps', 'broken.tmx'), '<map><objectgroup></map>')
  // Above the game folder: a .tiled-project listing '../' must not reach it.
  await writeFile(join(dir, 'outside.tmx'), '<map><objectgroup></map>')
  await writeFile(
    join(game(), 'game.tiled-project'),
    JSON.stringify({
      automappingRulesFile: '',
      commands: [],
      extensionsPath: 'extensions',
      folders: ['maps', '../'],
      propertyTypes: [],
    }),
  )
}, 60_000)
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('walkbox import of a folder of Tiled maps', () => {
  it('imports every map, one progress line each, and lists the one it cannot read', async () => {
    expect(await readFile(join(game(), 'maps', 'cellar.tmx'), 'utf8')).toContain(
      'source="../tilesets/floor.tsx"',
    )
    const out = join(dir, 'project-from-folder')
    const r = await walkbox('import', game(), '--out', out, '--json')
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toEqual([
      '[1/3] maps/broken.tmx: not imported: broken.tmx: line 1: </map> closes <objectgroup>',
      expect.stringMatching(
        /^\[2\/3\] maps\/cellar\.tmx: room cellar \(64x32, 1 walk polygons, 0 zones, 0 points; \d+ notes\)$/,
      ),
      expect.stringMatching(
        /^\[3\/3\] maps\/town\/square\.tmx: room square \(64x32, 0 walk polygons, 1 zones, 0 points; \d+ notes\)$/,
      ),
    ])
    const report = JSON.parse(r.stdout) as {
      rooms: { map: string; room: { id: string; polygons: number } }[]
      refused: { map: string }[]
    }
    expect(report.rooms.map((x) => [x.map, x.room.id, x.room.polygons])).toEqual([
      ['maps/cellar.tmx', 'cellar', 1],
      ['maps/town/square.tmx', 'square', 0],
    ])
    expect(report.refused.map((x) => x.map)).toEqual(['maps/broken.tmx'])
    const cellar = JSON.parse(await readFile(join(out, 'rooms', 'cellar', 'room.json'), 'utf8')) as {
      polygons: { outer: [number, number][] }[]
    }
    expect(cellar.polygons[0].outer).toHaveLength(4)
  }, 120_000)

  it('imports the folders a .tiled-project lists, never one above it', async () => {
    const out = join(dir, 'project-from-tiled-project')
    const r = await walkbox('import', join(game(), 'game.tiled-project'), '--out', out)
    // Without --json the progress lines go to stdout before the summary (as the AGS game import's).
    expect(r.stdout.split('\n').filter((l) => l.startsWith('['))).toHaveLength(3)
    expect(r.stdout).toMatch(/\nImported 2 of 3 Tiled maps from /)
    expect(existsSync(join(out, 'rooms', 'square', 'room.json'))).toBe(true)
  }, 120_000)
})
