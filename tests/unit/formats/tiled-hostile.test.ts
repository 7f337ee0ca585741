/**
 * Malformed and hostile Tiled maps: every one is either read (what is wrong named in the
 * notes) or refused with an Error naming the file; never a TypeError or RangeError from
 * inside the reader, never a file read outside the map's folder, never a layer inflated
 * past its size.
 *
 * Units: tiles, bytes.
 */
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { folderSource } from '../../../src/cli/format-commands'
import { insideMapFolder, resolveTiledMap } from '../../../src/shared/formats/tiled/external-files'
import type { TiledMap } from '../../../src/shared/formats/tiled/map'
import { tmxToTiledMap } from '../../../src/shared/formats/tiled/tmx'
import { tiledMapToRoom } from '../../../src/shared/formats/tiled/read-map'
import { MAX_TILE_SHAPE_VERTICES } from '../../../src/shared/limits'

const base = (layers: unknown[], extra: object = {}) =>
  ({
    type: 'map',
    orientation: 'orthogonal',
    infinite: false,
    width: 10,
    height: 10,
    tilewidth: 16,
    tileheight: 16,
    tilesets: [{ firstgid: 1, properties: [{ name: 'walkable', type: 'bool', value: true }] }],
    layers,
    ...extra,
  }) as unknown as TiledMap

const objects = (list: unknown[]) => ({ type: 'objectgroup', name: 'Walkable', objects: list })
const tiles = (layer: object) => ({ type: 'tilelayer', name: 'floor', width: 2, height: 2, ...layer })

const noFiles = { readText: async () => null }

/** Reads a map end to end as the registry does; returns notes, or the error's message. */
async function read(map: TiledMap): Promise<{ notes: string[] } | { error: string }> {
  try {
    const resolved = await resolveTiledMap(map, 'maps/hostile.tmj', {
      ...noFiles,
      inflate: async () => {
        throw new Error('no case here is compressed')
      },
    })
    return { notes: [...resolved.notes, ...tiledMapToRoom(resolved.map, 'hostile.tmj').notes] }
  } catch (e) {
    if (e instanceof TypeError || e instanceof RangeError) throw e
    return { error: (e as Error).message }
  }
}

describe('hostile Tiled maps', () => {
  const cases: [string, TiledMap, RegExp][] = [
    [
      'an object with a text x',
      base([objects([{ id: 1, x: 'left', y: 0, width: 5, height: 5 }])]),
      /object 1: x is not a number; skipped/,
    ],
    [
      'a polygon that is not a list',
      base([objects([{ id: 2, x: 0, y: 0, polygon: { x: 1 } }])]),
      /object 2: polygon is not a list of points; skipped/,
    ],
    [
      'a polygon with holes in its points',
      base([objects([{ id: 3, x: 0, y: 0, polygon: [{ x: 0 }, null, { x: 1, y: 1 }] }])]),
      /object 3: polygon is not a list of points/,
    ],
    [
      'properties that are not a list',
      base([objects([{ id: 4, x: 0, y: 0, width: 5, height: 5, properties: { areaId: 3 } }])]),
      /read: 1 walkable object/,
    ],
    ['a null object and a null layer', base([null, objects([null, 7])]), /read: 0 walkable objects/],
    [
      'a tile layer of negative size',
      base([tiles({ width: -2, height: 2, data: [1, 1, 1, 1] })]),
      /tile layer 'floor': its size is not a whole number of tiles; not read/,
    ],
    [
      'tile data of the wrong length',
      base([tiles({ data: [1, 1, 1] })]),
      /tile layer 'floor': 3 tiles where the layer has 4; not read/,
    ],
    [
      'tile data that is not base64',
      base([tiles({ encoding: 'base64', data: '@@@@' })]),
      /tile layer 'floor': not base64/,
    ],
    [
      'an unknown compression',
      base([tiles({ encoding: 'base64', compression: 'lzma', data: 'AAAA' })]),
      /compression 'lzma' is not one Tiled writes/,
    ],
    [
      'a chunk at a fractional place',
      base([tiles({ chunks: [{ x: 0.5, y: 0, width: 1, height: 1, data: [1] }] })], { infinite: true }),
      /has no whole position and size/,
    ],
    [
      'a chunk far away',
      base([tiles({ chunks: [{ x: 1e300, y: 0, width: 1, height: 1, data: [1] }] })], { infinite: true }),
      /has no whole position and size/,
    ],
    [
      'a tileset whose tiles are not a list',
      base([tiles({ data: [1, 1, 1, 1] })], { tilesets: [{ firstgid: 1, tiles: 5, properties: 'x' }] }),
      /layers not read: "floor" \(tiles\): no rule gives it a kind/,
    ],
    [
      'a tileset outside the map folder',
      base([], { tilesets: [{ firstgid: 1, source: '../../etc/passwd' }] }),
      /tileset \.\.\/\.\.\/etc\/passwd: outside the map's folder; not read/,
    ],
    [
      'a template by absolute path',
      base([objects([{ id: 9, template: '/etc/passwd.tx' }])]),
      /template \/etc\/passwd\.tx: outside the map's folder; not read/,
    ],
    [
      'a template by URL',
      base([objects([{ id: 9, template: 'https://example.com/a.tx' }])]),
      /outside the map's folder; not read/,
    ],
    [
      'a million tiles in one chunk',
      base([tiles({ chunks: [{ x: 0, y: 0, width: 5000, height: 5000, data: [] }] })], { infinite: true }),
      /hostile\.tmj: refused: 1 problem/,
    ],
  ]
  for (const [name, map, expected] of cases) {
    it(`${name}: named, not thrown from inside`, async () => {
      const out = await read(map)
      const text = 'error' in out ? out.error : out.notes.join('\n')
      expect(text).toMatch(expected)
    })
  }

  it('a tile collision shape on every cell of a large layer: read up to the vertex limit, the rest named', async () => {
    const ring = Array.from({ length: 32 }, (_, i) => ({
      x: 8 + 7 * Math.cos((2 * Math.PI * i) / 32),
      y: 8 + 7 * Math.sin((2 * Math.PI * i) / 32),
    }))
    const side = 200
    const map = base([tiles({ width: side, height: side, data: new Array(side * side).fill(1) })], {
      width: side,
      height: side,
      tilesets: [
        {
          firstgid: 1,
          tilewidth: 16,
          tileheight: 16,
          tiles: [{ id: 0, objectgroup: { objects: [{ id: 1, x: 0, y: 0, polygon: ring }] } }],
        },
      ],
    })
    const resolved = await resolveTiledMap(map, 'maps/shapes.tmj', noFiles)
    const { notes, room } = tiledMapToRoom(resolved.map, 'shapes.tmj', { layers: { '@shapes': 'obstacles' } })
    expect(notes).toContain(
      `tile collision shapes: more than ${MAX_TILE_SHAPE_VERTICES} vertices in all the cells that hold them; the cells past that are not read`,
    )
    expect(room.polygons[0].holes.length).toBe(Math.floor(MAX_TILE_SHAPE_VERTICES / 32))
  })

  it('reads the bare DOCTYPE older Tiled wrote, and refuses one with declarations (an entity) in one line', () => {
    const map = (doctype: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n<map version="1.0" orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16">\n <objectgroup name="zones">\n  <object id="1" name="rug" x="0" y="0" width="8" height="8"/>\n </objectgroup>\n</map>\n`
    const old = tmxToTiledMap(map('<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">'), 'old.tmx')
    expect(tiledMapToRoom(old, 'old.tmx').room.zones.map((z) => z.name)).toEqual(['rug'])
    expect(() => tmxToTiledMap(map('<!DOCTYPE map [<!ENTITY boom "boom">]>'), 'bomb.tmx')).toThrow(
      'bomb.tmx: line 2: a DOCTYPE is not accepted (no DTDs, no entities)',
    )
  })

  it('never leaves the map folder, whatever the path', () => {
    expect(insideMapFolder('maps/', 'maps/', 'a/../b.tsx')).toBe('maps/b.tsx')
    expect(insideMapFolder('maps/', 'maps/', '../maps2/b.tsx')).toBeNull()
    expect(insideMapFolder('maps/', 'maps/', '..\\b.tsx')).toBeNull()
    expect(insideMapFolder('maps/', 'maps/', 'C:/x.tsx')).toBeNull()
    expect(insideMapFolder('', '', '../x.tsx')).toBeNull()
  })

  it('the command line source refuses to inflate past the layer size', async () => {
    const bomb = deflateSync(Buffer.alloc(1_000_000))
    await expect(folderSource('/nonexistent').inflate!(bomb, 'zlib', 16)).rejects.toThrow(/zlib: /)
  })
})
