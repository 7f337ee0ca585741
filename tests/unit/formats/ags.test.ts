/**
 * AGS masks: the walkable areas and the regions as 8-bit indexed PNGs whose colour index
 * is the area (what AGS reads), read back by Walkbox's own mask reader and by sharp
 * (libvips); the sidecar's scaling; and the same files imported into a room.
 *
 * Units: px; percent.
 */
import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { exportAgs, importAgs } from '../../../src/shared/formats/ags/ags'
import { encodeIndexedPng } from '../../../src/shared/codecs/indexed-png'
import { decodeImage, decodeMask } from '../../../src/main/services/image-codec'
import { readPngPalette } from '../../../src/shared/room/mask-image'
import { rasterisePolygons } from '../../../src/shared/geometry/rasterise'
import { walkPolygonToArea } from '../../../src/shared/room/convert'
import { emptyRoom, type Room } from '../../../src/shared/room/schema'
import { fullRoom } from '../room/fixtures'

const deflate = (b: Uint8Array) => new Uint8Array(deflateSync(b))

function polygonRoom(): Room {
  const room = fullRoom()
  room.authoritative = 'polygons'
  room.scaling = {
    mode: 'linear',
    linear: [
      {
        areaId: 0,
        stops: [
          { y: 100, scale: 60 },
          { y: 190, scale: 100 },
        ],
      },
    ],
  }
  return room
}

describe('AGS export', () => {
  it('writes the walkable areas as an indexed PNG whose colour index is the area id', async () => {
    const room = polygonRoom()
    const out = exportAgs(room, null)
    const png = await encodeIndexedPng(out.walkable, deflate)
    const meta = await sharp(png).metadata()
    expect(meta).toMatchObject({ width: 320, height: 200, isPalette: true, format: 'png' })
    expect(readPngPalette(png)).toHaveLength(16)
    const read = await decodeMask(png, 'walkable.png')
    const expected = new Uint8Array(320 * 200)
    for (const p of room.polygons) rasterisePolygons([walkPolygonToArea(p)], 320, 200, p.areaId, expected)
    expect(read.rule).toBe('colours')
    expect(Buffer.from(read.cells).equals(Buffer.from(expected))).toBe(true)
    // sharp decodes the same file to the palette's colours.
    const rgba = await decodeImage(png, 'walkable.png')
    const at = (x: number, y: number) =>
      Array.from(rgba.data.subarray((y * 320 + x) * 4, (y * 320 + x) * 4 + 3))
    expect(at(0, 0)).toEqual([0, 0, 0])
    expect(at(20, 110)).toEqual([0, 0, 0xaa]) // area 1
    // What is left out is said in AGS's terms.
    expect(out.notes).toContain('node graph: AGS finds paths on the walkable areas itself; not exported')
  })

  it('writes zones as regions and each area scaling as AGS continuous scaling (top row min, bottom row max)', async () => {
    const room = polygonRoom()
    const out = exportAgs(room, null)
    const regions = await decodeMask(await encodeIndexedPng(out.regions, deflate), 'regions.png')
    expect(regions.cells[175 * 320 + 160]).toBe(1) // the door mat, zone 1
    expect(out.sidecar.regions[0]).toEqual({
      region: 1,
      name: 'Door mat',
      enter: 'onMatEnter',
      exit: '',
      stand: 'onMatStand',
      pixels: 600,
    })
    const floor = out.sidecar.walkableAreas.find((a) => a.area === 1)!
    expect(floor.topY).toBe(100)
    expect(floor.scaling!.min).toBe(60)
    expect(floor.scaling!.max).toBe(Math.round(60 + (40 * (floor.bottomY + 0.5 - 100)) / 90))
    expect(out.notes.join('\n')).toMatch(/gates: AGS switches walkable areas from scripts/)
  })

  it('names areas above 15 as beyond AGS 3 and writes them anyway', () => {
    const room = emptyRoom({ id: 'big', width: 40, height: 20 })
    room.areas = [{ id: 20, name: 'Far', colour: '#123456' }]
    room.polygons = [
      {
        id: 'p',
        areaId: 20,
        outer: [
          [0, 0],
          [40, 0],
          [40, 20],
          [0, 20],
        ],
        holes: [],
      },
    ]
    const out = exportAgs(room, null)
    expect(out.walkable.indices[0]).toBe(20)
    expect(out.walkable.palette.length).toBeGreaterThanOrEqual(21)
    expect(out.notes.join('\n')).toMatch(/area 20 is above AGS's 15 \(AGS 3 and AGS 4 alike\)/)
  })

  it('refuses a mask-authoritative room without its mask', () => {
    expect(() => exportAgs(fullRoom(), null)).toThrow(
      /its mask is authoritative but no mask of 320x200 was given/,
    )
  })
})

describe('AGS import', () => {
  it('reads its own export back: the mask, regions as zones, names and scaling from the sidecar', async () => {
    const room = polygonRoom()
    const out = exportAgs(room, null)
    const walkPng = await encodeIndexedPng(out.walkable, deflate)
    const regionPng = await encodeIndexedPng(out.regions, deflate)
    const pixels = async (png: Uint8Array) => {
      const img = await decodeImage(png, 'x.png')
      return { width: img.width, height: img.height, data: img.data }
    }
    const target = emptyRoom({ id: 'porch', width: 320, height: 200 })
    const back = importAgs({
      room: target,
      walkable: { pixels: await pixels(walkPng), palette: readPngPalette(walkPng), file: 'walkable.png' },
      regions: { pixels: await pixels(regionPng), palette: readPngPalette(regionPng), file: 'regions.png' },
      sidecar: { text: JSON.stringify(out.sidecar), file: 'porch.ags.json' },
    })
    expect(back.room.authoritative).toBe('mask')
    expect(Buffer.from(back.mask!).equals(Buffer.from(out.walkable.indices))).toBe(true)
    expect(back.room.areas.map((a) => a.name)).toEqual(['Floor'])
    expect(back.room.zones.map((z) => [z.name, z.events.enter])).toContainEqual(['Door mat', 'onMatEnter'])
    const mat = back.room.zones.find((z) => z.name === 'Door mat')!.shape
    if (mat.kind !== 'polygon') throw new Error('expected a polygon')
    expect(mat.outer).toEqual(
      expect.arrayContaining([
        [140, 170],
        [180, 185],
      ]),
    )
    expect(back.room.scaling.linear.find((l) => l.areaId === 1)!.stops[0]).toEqual({ y: 100.5, scale: 60 })
  })

  it('scales up a walkable mask stored at 1:2, like AGS low-resolution masks', async () => {
    const half = {
      width: 160,
      height: 100,
      indices: new Uint8Array(160 * 100).fill(3),
      palette: ['#000000', '#0000aa', '#00aa00', '#00aaaa'],
    }
    const png = await encodeIndexedPng(half, deflate)
    const img = await decodeImage(png, 'half.png')
    const back = importAgs({
      room: emptyRoom({ id: 'r', width: 320, height: 200 }),
      walkable: {
        pixels: { width: img.width, height: img.height, data: img.data },
        palette: readPngPalette(png),
        file: 'half.png',
      },
    })
    expect(back.mask!.length).toBe(320 * 200)
    expect(back.mask![320 * 200 - 1]).toBe(3)
    expect(back.notes[0]).toBe('half.png: 1 area: 3 (stored at 1:2)')
  })
})
