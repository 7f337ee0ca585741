/**
 * Tiled maps as Tiled writes them, read faithfully: layer and group offsets, rotated
 * objects, ellipses, polylines, tile objects, tile layers in every encoding Tiled 1.8
 * writes, infinite maps, templates and external tilesets, holes without a parent, and
 * geometry outside the room. Each map is written by the test as Tiled JSON and then
 * rewritten by Tiled itself (`tiled --export-map`) into a temporary folder; Walkbox reads
 * Tiled's output through the format registry, as `walkbox import` does.
 *
 * Needs Tiled (Debian: apt-get install -y tiled) and, for the zstd layer's source, the zstd tool
 * (apt-get install -y zstd); Tiled then writes the layer with its own zstd.
 *
 * Units: px.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { deflateSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { folderSource } from '../../../src/cli/format-commands'
import { roomFormat } from '../../../src/shared/formats/registry'
import type { Room } from '../../../src/shared/room/schema'
import { tiledBuilders } from '../../support/tiled-builders'

const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const ZSTD = process.env.WALKBOX_ZSTD ?? '/usr/bin/zstd'
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' }

let dir = ''
beforeAll(async () => {
  if (!existsSync(TILED))
    throw new Error(`Tiled is needed for this test and is missing (${TILED}): apt-get install -y tiled`)
  dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-fidelity-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** Writes `map` as JSON into folder `sub` and has Tiled rewrite it as `name`.tmx (or .json). */
async function tiledWrites(
  sub: string,
  name: string,
  map: object,
  as: 'tmx' | 'json' = 'tmx',
): Promise<string> {
  const folder = join(dir, sub)
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, `${name}-source.tmj`), JSON.stringify(map))
  const out = `${name}.${as}`
  await run(TILED, ['--export-map', as, join(folder, `${name}-source.tmj`), join(folder, out)], { env })
  return out
}

async function importFrom(sub: string, file: string): Promise<{ room: Room; notes: string[] }> {
  const format = roomFormat(file.endsWith('.tmx') ? 'tiled-xml' : 'tiled-json')
  const result = await format.importRoom!(folderSource(join(dir, sub)), file, {})
  return { room: result.room, notes: result.notes }
}

const mapOf = (layers: object[], extra: object = {}) => ({
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
  nextlayerid: 20,
  nextobjectid: 100,
  tilesets: [],
  layers,
  ...extra,
})

const { next, obj, objects } = tiledBuilders()

const near = (a: [number, number][], b: [number, number][]) => {
  expect(a.length).toBe(b.length)
  a.forEach(([x, y], i) => {
    expect(x).toBeCloseTo(b[i][0], 9)
    expect(y).toBeCloseTo(b[i][1], 9)
  })
}

/** Bounding box and shoelace area of a ring. */
const measure = (ring: [number, number][]) => {
  let area = 0
  ring.forEach(([x, y], i) => {
    const [u, v] = ring[(i + 1) % ring.length]
    area += x * v - u * y
  })
  return {
    x0: Math.min(...ring.map((p) => p[0])),
    y0: Math.min(...ring.map((p) => p[1])),
    x1: Math.max(...ring.map((p) => p[0])),
    y1: Math.max(...ring.map((p) => p[1])),
    area: Math.abs(area / 2),
  }
}

describe('Tiled objects where Tiled draws them', () => {
  let room: Room
  let notes: string[]
  beforeAll(async () => {
    // An external JSON tileset for the tile object (objectalignment unspecified).
    await mkdir(join(dir, 'objects'), { recursive: true })
    await writeFile(
      join(dir, 'objects', 'props.tsj'),
      JSON.stringify({
        type: 'tileset',
        version: '1.8',
        tiledversion: '1.8.2',
        name: 'props',
        tilewidth: 16,
        tileheight: 16,
        tilecount: 1,
        columns: 1,
        image: 'props.png',
        imagewidth: 16,
        imageheight: 16,
        margin: 0,
        spacing: 0,
      }),
    )
    const file = await tiledWrites(
      'objects',
      'objects',
      mapOf(
        [
          {
            id: next(),
            name: 'room',
            type: 'group',
            opacity: 1,
            visible: true,
            offsetx: 100,
            offsety: 50,
            layers: [
              objects(
                'walkable',
                [
                  obj({ name: 'floor', type: 'walkable', width: 40, height: 20 }),
                  obj({ name: 'pillar', type: 'hole', x: 10, y: 5, width: 10, height: 10 }),
                ],
                { offsetx: 10, offsety: 5 },
              ),
            ],
          },
          objects('zones', [
            obj({ name: 'turned', type: 'zone', x: 200, y: 100, width: 40, height: 20, rotation: 90 }),
            obj({ name: 'pond', type: 'zone', x: 20, y: 150, width: 100, height: 60, ellipse: true }),
            obj({ name: 'crate', type: 'zone', gid: 1, x: 32, y: 64, width: 16, height: 16 }),
            obj({ name: 'label', type: 'zone', x: 5, y: 5, width: 50, height: 10, text: { text: 'Hello' } }),
            obj({
              name: 'ring',
              type: 'zone',
              x: 250,
              y: 20,
              polyline: [
                { x: 0, y: 0 },
                { x: 30, y: 0 },
                { x: 30, y: 30 },
                { x: 0, y: 0 },
              ],
            }),
          ]),
          objects('node graph', [
            obj({
              name: 'path',
              type: 'join',
              x: 10,
              y: 200,
              polyline: [
                { x: 0, y: 0 },
                { x: 50, y: 0 },
                { x: 50, y: 20 },
              ],
            }),
          ]),
          objects('points', [obj({ name: 'far', type: 'point', x: 400, y: 10, point: true })]),
        ],
        { tilesets: [{ firstgid: 1, source: 'props.tsj' }] },
      ),
    )
    ;({ room, notes } = await importFrom('objects', file))
  }, 60_000)

  it('moves objects by the offsets of their layer and of every group above it', () => {
    near(room.polygons[0].outer, [
      [110, 55],
      [150, 55],
      [150, 75],
      [110, 75],
    ])
  })

  it('gives a hole without an `of` property to the walk polygon it lies in', () => {
    expect(room.polygons).toHaveLength(1)
    near(room.polygons[0].holes[0], [
      [120, 60],
      [130, 60],
      [130, 70],
      [120, 70],
    ])
  })

  it('turns a rotated rectangle clockwise around its (x, y)', () => {
    const z = room.zones.find((x) => x.name === 'turned')!
    expect(z.shape.kind).toBe('polygon')
    near((z.shape as { outer: [number, number][] }).outer, [
      [200, 100],
      [200, 140],
      [180, 140],
      [180, 100],
    ])
  })

  it("makes an ellipse a polygon of the ellipse's area within 0.5 px of it", () => {
    const ring = (room.zones.find((x) => x.name === 'pond')!.shape as { outer: [number, number][] }).outer
    const [cx, cy, rx, ry] = [70, 180, 50, 30]
    // The polygon has the ellipse's area (an inscribed one would be smaller).
    let twice = 0
    ring.forEach(([ax, ay], i) => {
      const [bx, by] = ring[(i + 1) % ring.length]
      twice += ax * by - bx * ay
    })
    expect(Math.abs(twice / 2) / (Math.PI * rx * ry)).toBeCloseTo(1, 9)
    // Every vertex is within 0.5 px of the ellipse (along its ray from the middle, the longer
    // way); every point of the ellipse is within 0.5 px of an edge.
    for (const [x, y] of ring) {
      const along = Math.sqrt(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2)
      expect(Math.hypot(x - cx, y - cy) * (1 - 1 / along)).toBeLessThanOrEqual(0.5)
    }
    for (let k = 0; k < 720; k++) {
      const t = (k / 720) * 2 * Math.PI
      const p = [cx + rx * Math.cos(t), cy + ry * Math.sin(t)]
      let best = Infinity
      ring.forEach(([ax, ay], i) => {
        const [bx, by] = ring[(i + 1) % ring.length]
        const l = (bx - ax) ** 2 + (by - ay) ** 2
        const s = Math.max(0, Math.min(1, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / l))
        best = Math.min(best, Math.hypot(p[0] - ax - s * (bx - ax), p[1] - ay - s * (by - ay)))
      })
      expect(best).toBeLessThanOrEqual(0.5)
    }
  })

  it('hangs a tile object from its bottom-left corner, as Tiled does on orthogonal maps', () => {
    near((room.zones.find((x) => x.name === 'crate')!.shape as { outer: [number, number][] }).outer, [
      [32, 48],
      [48, 48],
      [48, 64],
      [32, 64],
    ])
  })

  it('reads a closed polyline as an area and an open polyline join as nodes joined in order', () => {
    near((room.zones.find((x) => x.name === 'ring')!.shape as { outer: [number, number][] }).outer, [
      [250, 20],
      [280, 20],
      [280, 50],
    ])
    expect(room.nodeGraph.nodes.map((n) => [n.x, n.y])).toEqual([
      [10, 200],
      [60, 200],
      [60, 220],
    ])
    expect(room.nodeGraph.joins.map((j) => [j.a, j.b])).toEqual([
      [room.nodeGraph.nodes[0].id, room.nodeGraph.nodes[1].id],
      [room.nodeGraph.nodes[1].id, room.nodeGraph.nodes[2].id],
    ])
  })

  it('does not take a text object for an area, and says so', () => {
    expect(room.zones.map((z) => z.name)).not.toContain('label')
    expect(notes.join('\n')).toMatch(/1 text object not read \(object \d+\)/)
  })

  it('names geometry outside the room in the notes', () => {
    expect(room.points?.[0]).toMatchObject({ name: 'far', x: 400, y: 10 })
    expect(notes.join('\n')).toMatch(
      /point 'far': lies partly or wholly outside the room \(320x240\); kept as drawn/,
    )
  })
})

describe('Tiled tile layers: walkable tiles become walk polygons', () => {
  // 6 x 4 tiles: gid 1 (walkable by its tileset) in rows 1-2, columns 1-4, one of them
  // flipped horizontally; gid 2 (walkable = false on the tile) along row 0.
  const gids: number[] = []
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 6; c++) gids.push(r >= 1 && r <= 2 && c >= 1 && c <= 4 ? 1 : r === 0 ? 2 : 0)
  gids[6 + 2] = (0x80000000 | 1) >>> 0
  const bytes = Buffer.alloc(gids.length * 4)
  gids.forEach((g, i) => bytes.writeUInt32LE(g, i * 4))

  const tileset = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="floor" tilewidth="16" tileheight="16" tilecount="2" columns="2">
 <properties>
  <property name="walkable" type="bool" value="true"/>
 </properties>
 <image source="floor.png" width="32" height="16"/>
 <tile id="1">
  <properties>
   <property name="walkable" type="bool" value="false"/>
  </properties>
 </tile>
</tileset>
`
  const layerMap = (data: object) =>
    mapOf(
      [
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
      { width: 6, height: 4, tilesets: [{ firstgid: 1, source: 'floor.tsx' }] },
    )

  beforeAll(async () => {
    await mkdir(join(dir, 'tiles'), { recursive: true })
    await writeFile(join(dir, 'tiles', 'floor.tsx'), tileset)
  })

  const zstd = async (b: Buffer): Promise<Buffer> => {
    if (!existsSync(ZSTD))
      throw new Error(
        `The zstd tool is needed for this test and is missing (${ZSTD}): apt-get install -y zstd`,
      )
    await writeFile(join(dir, 'tiles', 'raw.bin'), b)
    await run(ZSTD, ['-q', '-f', join(dir, 'tiles', 'raw.bin'), '-o', join(dir, 'tiles', 'raw.zst')])
    return readFile(join(dir, 'tiles', 'raw.zst'))
  }

  const cases: [string, () => Promise<object>][] = [
    ['csv', async () => ({ data: gids })],
    ['base64', async () => ({ encoding: 'base64', data: bytes.toString('base64') })],
    [
      'zlib',
      async () => ({ encoding: 'base64', compression: 'zlib', data: deflateSync(bytes).toString('base64') }),
    ],
    [
      'gzip',
      async () => ({ encoding: 'base64', compression: 'gzip', data: gzipSync(bytes).toString('base64') }),
    ],
  ]
  for (const [name, data] of cases) {
    for (const as of ['tmx', 'json'] as const) {
      it(`reads a ${name} layer from Tiled's ${as}`, async () => {
        const file = await tiledWrites('tiles', `floor-${name}`, layerMap(await data()), as)
        const text = await readFile(join(dir, 'tiles', file), 'utf8')
        if (name !== 'csv') expect(text).toContain(name === 'base64' ? 'base64' : `"${name}"`)
        const { room, notes } = await importFrom('tiles', file)
        expect(room.polygons).toHaveLength(1)
        expect(measure(room.polygons[0].outer)).toEqual({ x0: 16, y0: 16, x1: 80, y1: 48, area: 64 * 32 })
        expect(notes.join('\n')).toMatch(/tile layer 'floor': 8 walkable tiles read as 1 walk polygon/)
      }, 60_000)
    }
  }

  it('moves walkable tiles by the offsets of their layer and its group', async () => {
    const map = layerMap({ data: gids, offsetx: 8, offsety: 4 }) as { layers: object[] }
    map.layers = [
      { id: 9, name: 'ground', type: 'group', opacity: 1, visible: true, offsetx: 100, layers: map.layers },
    ]
    const file = await tiledWrites('tiles', 'floor-offset', map)
    const { room } = await importFrom('tiles', file)
    expect(measure(room.polygons[0].outer)).toEqual({ x0: 124, y0: 20, x1: 188, y1: 52, area: 64 * 32 })
  }, 60_000)

  for (const as of ['tmx', 'json'] as const) {
    it(`reads a zstd layer Tiled itself wrote (${as}) to the same floor as the CSV layer`, async () => {
      // The source's layer is zstd, so Tiled compresses the layer again with its own zstd.
      const file = await tiledWrites(
        'tiles',
        'floor-zstd',
        layerMap({ encoding: 'base64', compression: 'zstd', data: (await zstd(bytes)).toString('base64') }),
        as,
      )
      expect(await readFile(join(dir, 'tiles', file), 'utf8')).toContain(
        as === 'tmx' ? 'compression="zstd"' : '"compression":"zstd"',
      )
      const csv = await importFrom(
        'tiles',
        await tiledWrites('tiles', 'floor-csv-beside', layerMap({ data: gids }), as),
      )
      const { room, notes } = await importFrom('tiles', file)
      expect(room.polygons).toEqual(csv.room.polygons)
      expect(room.polygons).toHaveLength(1)
      expect(measure(room.polygons[0].outer)).toEqual({ x0: 16, y0: 16, x1: 80, y1: 48, area: 64 * 32 })
      expect(notes.join('\n')).toMatch(/tile layer 'floor': 8 walkable tiles read as 1 walk polygon/)
    }, 60_000)
  }

  it('reads an infinite map from its chunks, the room spanning them (sceneOffset for negative tiles)', async () => {
    const chunk = (cx: number, cells: [number, number][]) => {
      const data = new Array(256).fill(0)
      for (const [c, r] of cells) data[r * 16 + c] = 1
      return { x: cx, y: 0, width: 16, height: 16, data }
    }
    const file = await tiledWrites(
      'tiles',
      'infinite',
      mapOf(
        [
          {
            id: 1,
            name: 'floor',
            type: 'tilelayer',
            startx: -16,
            starty: 0,
            width: 32,
            height: 16,
            x: 0,
            y: 0,
            opacity: 1,
            visible: true,
            chunks: [
              chunk(-16, [
                [14, 0],
                [15, 0],
                [14, 1],
                [15, 1],
              ]),
              chunk(0, [
                [0, 0],
                [1, 0],
                [0, 1],
                [1, 1],
              ]),
            ],
          },
        ],
        { infinite: true, width: 32, height: 16, tilesets: [{ firstgid: 1, source: 'floor.tsx' }] },
      ),
    )
    expect(await readFile(join(dir, 'tiles', file), 'utf8')).toContain('<chunk x="-16" y="0"')
    const { room, notes } = await importFrom('tiles', file)
    expect(room.polygons).toHaveLength(1)
    expect(measure(room.polygons[0].outer)).toEqual({ x0: 0, y0: 0, x1: 64, y1: 32, area: 64 * 32 })
    expect(room.size).toEqual({ width: 64, height: 32 })
    expect(room.sceneOffset).toEqual({ x: 32, y: 0 })
    expect(notes.join('\n')).toMatch(/infinite map: its content reaches \(-32, 0\)/)
  }, 60_000)
})

describe('Tiled templates', () => {
  it('reads a template instance with its template, and refuses a template outside the map folder', async () => {
    const tx = (name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="${name}" type="zone" width="30" height="20">
  <properties>
   <property name="enter" value="openCrate"/>
  </properties>
 </object>
</template>
`
    await mkdir(join(dir, 'templates', 'map'), { recursive: true })
    await writeFile(join(dir, 'templates', 'map', 'crate.tx'), tx('crate'))
    await writeFile(join(dir, 'templates', 'elsewhere.tx'), tx('elsewhere'))
    const file = await tiledWrites(
      'templates/map',
      'templated',
      mapOf([
        objects('stuff', [
          { id: 1, template: 'crate.tx', x: 100, y: 100 },
          { id: 2, template: '../elsewhere.tx', x: 10, y: 10 },
        ]),
      ]),
    )
    const tmx = await readFile(join(dir, 'templates', 'map', file), 'utf8')
    expect(tmx).toContain('template="crate.tx"')
    expect(tmx).toContain('template="../elsewhere.tx"')
    const { room, notes } = await importFrom('templates/map', file)
    expect(room.zones).toHaveLength(1)
    expect(room.zones[0]).toMatchObject({ name: 'crate', events: { enter: 'openCrate' } })
    near((room.zones[0].shape as { outer: [number, number][] }).outer, [
      [100, 100],
      [130, 100],
      [130, 120],
      [100, 120],
    ])
    expect(notes.join('\n')).toMatch(/template \.\.\/elsewhere\.tx: outside the map's folder; not read/)
  }, 60_000)
})
