/**
 * Readers: every bench polygon room parses (areas, holes, points, the escoria-room02
 * alternate state), and masks become area grids under each rule, including the real
 * MonoAGS masks (decoded with sharp, read in place).
 *
 * Units: room px, px².
 */
import { readdirSync, readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { areaPolygonArea } from '../../../src/shared/geometry/polygon'
import {
  benchRoomAreas,
  benchRoomWorld,
  parseBenchRoom,
  BenchRoomError,
} from '../../../src/shared/measure/readers/bench-room'
import {
  maskAreasFromImages,
  resolveMaskRule,
  type AreaImage,
} from '../../../src/shared/measure/readers/mask-areas'
import { benchPath } from '../../support/bench-data'

const roomFiles = readdirSync(benchPath('rooms')).filter(
  (f) => f.endsWith('.json') && !f.startsWith('monoags'),
)

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(benchPath('rooms', file), 'utf8')) as Record<string, unknown>
}

describe('bench polygon rooms', () => {
  it('finds the five polygon rooms', () => {
    expect(roomFiles.sort()).toEqual([
      'adventurepathfinding-room1.json',
      'adventurepathfinding-room2.json',
      'escoria-room02.json',
      'escoria-room04.json',
      'popochiu-house.json',
    ])
  })

  for (const file of roomFiles) {
    it(`parses ${file} with the area and holes its checks state`, () => {
      const json = readJson(file)
      const room = parseBenchRoom(json, file)
      const checks = json.checks as { walkable_area_px2: number; holes: number; walkable_vertices: number }
      expect(room.width).toBe(json.width)
      expect(room.height).toBe(json.height)
      expect(room.areas[0].outer).toHaveLength(checks.walkable_vertices)
      expect(room.areas[0].holes).toHaveLength(checks.holes)
      expect(areaPolygonArea(room.areas[0])).toBeCloseTo(checks.walkable_area_px2, 0)
      expect(Object.keys(room.points).length).toBeGreaterThan(0)
    })
  }

  it('reads named points, nested ones with their path', () => {
    expect(parseBenchRoom(readJson('adventurepathfinding-room1.json')).points.start).toEqual({
      x: 63,
      y: 290,
    })
    const house = parseBenchRoom(readJson('popochiu-house.json')).points
    expect(house['characters/Popsy (NPC; hole 2 surrounds it)']).toEqual({ x: 249, y: 106 })
    const r04 = parseBenchRoom(readJson('escoria-room04.json')).points
    expect(r04['Hotspots/r_door/Marker2D']).toEqual({ x: 2313, y: 520 })
  })

  it('gives escoria-room02 two islands by default and one connected polygon in bridge_closed', () => {
    const room = parseBenchRoom(readJson('escoria-room02.json'))
    expect(room.areas).toHaveLength(2)
    expect(room.states.map((s) => s.name)).toEqual(['bridge_closed'])
    expect(benchRoomAreas(room)).toHaveLength(2)
    expect(benchRoomAreas(room, { bridge_closed: true })).toHaveLength(1)
    expect(benchRoomAreas(room, { bridge_closed: false })).toHaveLength(2)
    expect(() => benchRoomAreas(room, { drawbridge: true })).toThrow(/bridge_closed/)
    const open = benchRoomWorld(room)
    const closed = benchRoomWorld(room, { bridge_closed: true })
    expect(open.key).not.toBe(closed.key)
    const gap = { x: 640, y: 400 }
    expect(open.isWalkable(gap)).toBe(false)
    expect(closed.isWalkable(gap)).toBe(true)
  })

  it('puts the start points of the rooms in their walkable area', () => {
    for (const file of ['adventurepathfinding-room1.json', 'adventurepathfinding-room2.json']) {
      const room = parseBenchRoom(readJson(file))
      expect(benchRoomWorld(room).isWalkable(room.points.start)).toBe(true)
    }
  })

  it('rejects files that are not bench rooms, saying what was expected', () => {
    expect(() => parseBenchRoom([1, 2], 'x.json')).toThrow(BenchRoomError)
    expect(() => parseBenchRoom({ width: 10, height: 10 }, 'x.json')).toThrow(/walkable/)
    expect(() =>
      parseBenchRoom(
        {
          width: 10,
          height: 10,
          walkable: [
            [0, 0],
            [1, 'a'],
            [2, 2],
          ],
        },
        'x.json',
      ),
    ).toThrow(/x\.json\.walkable\[1\]: expected a point/)
    expect(() => parseBenchRoom({ width: -1, height: 10, walkable: [] }, 'x.json')).toThrow(/width/)
  })
})

function image(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number, number],
): AreaImage {
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4)
  }
  return { width, height, data }
}

describe('mask areas', () => {
  // Left half opaque black, right half transparent white.
  const alphaMask = image(4, 2, (x) => (x < 2 ? [0, 0, 0, 255] : [255, 255, 255, 0]))
  // Opaque everywhere: white on the top row, black below.
  const opaque = image(4, 2, (_x, y) => (y === 0 ? [255, 255, 255, 255] : [0, 0, 0, 255]))

  it('applies the alpha rule', () => {
    const { grid } = maskAreasFromImages([alphaMask], 'alpha')
    expect([...grid.cells]).toEqual([1, 1, 0, 0, 1, 1, 0, 0])
  })

  it('applies the nonblack rule', () => {
    expect([...maskAreasFromImages([opaque], 'nonblack').grid.cells]).toEqual([1, 1, 1, 1, 0, 0, 0, 0])
    // Transparent pixels are never walkable, whatever their colour.
    expect([...maskAreasFromImages([alphaMask], 'nonblack').grid.cells]).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
  })

  it('auto picks alpha for images with transparency, else nonblack', () => {
    expect(resolveMaskRule(alphaMask, 'auto')).toBe('alpha')
    expect(resolveMaskRule(opaque, 'auto')).toBe('nonblack')
    const r = maskAreasFromImages([alphaMask, opaque], 'auto')
    expect(r.areas.map((a) => a.rule)).toEqual(['alpha', 'nonblack'])
    // First image wins where both are walkable.
    expect([...r.grid.cells]).toEqual([1, 1, 2, 2, 1, 1, 0, 0])
    expect(r.overlapPixels).toBe(2)
  })

  it('rejects masks of different sizes', () => {
    expect(() => maskAreasFromImages([alphaMask, image(3, 2, () => [0, 0, 0, 255])])).toThrow(/4x2/)
  })

  it('reads the four MonoAGS masks as the sidecar counts them', async () => {
    const sidecar = readJson('monoags-brokencurbstreet.json') as {
      masks: { file: string; walkable_pixels: number }[]
      union_walkable_pixels: number
      overlapping_pixels: number
    }
    const images: AreaImage[] = []
    for (const m of sidecar.masks) {
      const { data, info } = await sharp(benchPath('rooms', m.file))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
      images.push({ width: info.width, height: info.height, data: new Uint8Array(data), name: m.file })
    }
    const r = maskAreasFromImages(images, 'auto')
    expect(r.areas.map((a) => a.walkablePixels)).toEqual(sidecar.masks.map((m) => m.walkable_pixels))
    expect(r.areas.every((a) => a.rule === 'alpha')).toBe(true)
    let union = 0
    for (const c of r.grid.cells) if (c !== 0) union++
    expect(union).toBe(sidecar.union_walkable_pixels)
  })
})
