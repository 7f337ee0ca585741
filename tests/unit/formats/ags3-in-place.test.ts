/**
 * AGS 3 rooms written in place (crm-in-place.ts), for every room format Walkbox reads: the
 * bench's `room1.crm` (format 33, masks packed whole as AGS 3.6 packs them) and the same
 * room written by the test writer as formats 29, 30, 31, 32, 33 and 36306 with masks packed
 * row by row (the editors before 3.6) or whole. Every written file is read with a second
 * reader that is not Walkbox's (tests/support/crm-oracle.ts, from AGS's room_file.cpp):
 * an unedited room writes nothing; one painted pixel changes exactly that pixel of the
 * walkable mask (and the area rows AGS works out from it) and nothing else; hotspot masks,
 * names, walk-to points and properties, baselines, scaling, region events, edges and object
 * start points are written where AGS reads them and come back the same when read again.
 *
 * Units: px; bytes.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { importCrmRoom } from '../../../src/shared/formats/ags/crm-import'
import { planCrmRoom, type CrmRoomState } from '../../../src/shared/formats/ags/crm-in-place'
import type { ImportSource } from '../../../src/shared/formats/registry'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { parseRoom, type Room } from '../../../src/shared/room/schema'
import { decodeWalkBehindRows, encodeWalkBehindRows } from '../../../src/shared/room/walk-behinds'
import { benchPath } from '../../support/bench-data'
import { maskDifferences, oracleReadCrm, oracleView, type OracleRoom } from '../../support/crm-oracle'
import { writeTestCrm, type TestPacking } from '../../support/crm-writer'
import { crmRefusal } from '../../support/crm-refusal'

const W = 320
const H = 200
let bench: Uint8Array

beforeAll(async () => {
  bench = new Uint8Array(await readFile(join(benchPath('engines', 'ags-tumbleweed'), 'room1.crm')))
})

function memory(bytes: Uint8Array): ImportSource {
  return {
    readText: async () => null,
    readBytes: async () => bytes,
    decodeImage: async () => {
      throw new Error('no images here')
    },
    imageSize: () => null,
  }
}

/** The room as Walkbox imports it, through the project format's parse and normal form. */
async function imported(bytes: Uint8Array): Promise<{ room: Room; mask: Uint8Array }> {
  const result = await importCrmRoom(memory(bytes), 'room1.crm', {})
  return { room: normaliseRoom(parseRoom(JSON.parse(JSON.stringify(result.room)))), mask: result.mask! }
}

/** Writes `state` into `before` (the room must stay valid for the project format). */
function write(before: Uint8Array, state: CrmRoomState) {
  const room = normaliseRoom(parseRoom(JSON.parse(JSON.stringify(state.room))))
  return planCrmRoom(before, 'room1.crm', { ...state, room })
}

const FORMATS: [number, TestPacking][] = [
  [29, 'rows'],
  [30, 'rows'],
  [31, 'rows'],
  [32, 'rows'],
  [33, 'rows'],
  [33, 'whole'],
  [36306, 'whole'],
]

describe('the test writer and the oracle agree with AGS', () => {
  it('the oracle reads the bench room and the test writer gives its bytes back', () => {
    const read = oracleReadCrm(bench)
    expect(read.version).toBe(33)
    expect(read.hotspots[1]).toEqual({ walkTo: [0, 0], name: 'the Holodeck>ed', scriptName: 'hExit' })
    expect(Buffer.from(writeTestCrm(read, 33, 'whole')).equals(Buffer.from(bench))).toBe(true)
  })
})

describe.each(FORMATS)('format %i, masks packed %s', (version, packing) => {
  let crm: Uint8Array
  let before: OracleRoom
  beforeAll(() => {
    crm = version === 33 && packing === 'whole' ? bench : writeTestCrm(oracleReadCrm(bench), version, packing)
    before = oracleReadCrm(crm)
  })

  it('an unedited room writes nothing: the same bytes', async () => {
    const { room, mask } = await imported(crm)
    const out = write(crm, { room, mask })
    expect(out.changed).toEqual([])
    expect(Buffer.from(out.after).equals(Buffer.from(crm))).toBe(true)
  })

  it('one painted pixel changes that pixel of the walkable mask and nothing else', async () => {
    const { room, mask } = await imported(crm)
    const at = 150 * W + 10
    expect(mask[at]).toBe(0)
    const painted = mask.slice()
    painted[at] = 1
    const out = write(crm, { room, mask: painted })
    expect(out.changed).toEqual(['walkable area mask'])
    const after = oracleReadCrm(out.after)
    expect(maskDifferences(before.masks.walkable, after.masks.walkable)).toEqual([at])
    expect(after.masks.walkable.pixels[at]).toBe(1)
    // The area's rows, as AGS works them out: unchanged here (row 150 is inside area 1's).
    expect(oracleView(after, ['masks'])).toEqual(oracleView(before, ['masks']))
    for (const m of ['regions', 'walkable', 'walkBehinds', 'hotspots'] as const) {
      if (m !== 'walkable') expect(maskDifferences(before.masks[m], after.masks[m]), m).toEqual([])
      expect(Buffer.from(after.masks[m].palette).equals(Buffer.from(before.masks[m].palette)), m).toBe(true)
    }
    // Walkbox reads it back with the pixel.
    const again = await imported(out.after)
    expect(
      maskDifferences(
        { ...after.masks.walkable, pixels: again.mask },
        { ...after.masks.walkable, pixels: painted },
      ),
    ).toEqual([])
  })

  it("a pixel above the area moves its top row, as the AGS editor's calculate_walkable_areas does", async () => {
    const { room, mask } = await imported(crm)
    const top = before.areas[1].top
    const at = (top - 3) * W + 5
    const painted = mask.slice()
    painted[at] = 1
    const after = oracleReadCrm(write(crm, { room, mask: painted }).after)
    expect(after.areas[1]).toEqual({ ...before.areas[1], top: top - 3 })
    expect(after.areas.filter((_, i) => i !== 1)).toEqual(before.areas.filter((_, i) => i !== 1))
  })

  it('hotspots: mask, script names, descriptions, walk-to points and properties written and read back', async () => {
    const { room, mask } = await imported(crm)
    const cells = decodeWalkBehindRows(room.hotspotMask!.rows, W, H).slice()
    for (let x = 40; x < 50; x++) cells[20 * W + x] = 2
    room.hotspotMask = { rows: encodeWalkBehindRows(cells, W, H) }
    room.hotspots = [
      {
        ...room.hotspots![0],
        name: 'hDoor',
        description: 'the door',
        walkTo: { x: 100, y: 150 },
        properties: { Verb: 'open' },
      },
      {
        id: 'window',
        name: 'hWindow',
        description: 'a window',
        shape: { kind: 'mask', maskId: 2 },
        walkTo: { x: 45, y: 160 },
        properties: {},
      },
    ]
    const out = write(crm, { room, mask })
    expect(out.changed).toEqual([
      'hotspot mask',
      'hotspot properties',
      'hotspot walk-to points',
      'hotspot names',
    ])
    const after = oracleReadCrm(out.after)
    expect(after.hotspots[1]).toEqual({ walkTo: [100, 150], name: 'the door', scriptName: 'hDoor' })
    expect(after.hotspots[2]).toEqual({ walkTo: [45, 160], name: 'a window', scriptName: 'hWindow' })
    expect(after.hotspots.slice(3)).toEqual(before.hotspots.slice(3))
    expect(Object.fromEntries(after.properties!.hotspots[1])).toEqual({ Verb: 'open' })
    expect(maskDifferences(before.masks.hotspots, after.masks.hotspots)).toEqual(
      Array.from({ length: 10 }, (_, k) => 20 * W + 40 + k),
    )
    expect(oracleView(after, ['masks', 'hotspots', 'properties'])).toEqual(
      oracleView(before, ['masks', 'hotspots', 'properties']),
    )
    // Read again, the hotspots are the ones written (ids are Walkbox's, from the script
    // names); written again, nothing changes.
    const again = await imported(out.after)
    const noId = (list: Room['hotspots']) => list!.map(({ id: _, ...h }) => h)
    expect(noId(again.room.hotspots)).toEqual(
      noId(normaliseRoom(parseRoom(JSON.parse(JSON.stringify(room)))).hotspots),
    )
    expect(again.room.hotspotMask).toEqual(room.hotspotMask)
    expect(write(out.after, again).changed).toEqual([])
  })

  it('baselines, scaling, edges and object start points written and read back exactly', async () => {
    const { room, mask } = await imported(crm)
    room.walkBehinds!.areas[0].baseline = 150
    const top = before.areas[1].top + 0.5
    const bottom = before.areas[1].bottom + 0.5
    room.scaling = {
      mode: 'linear',
      linear: [
        {
          areaId: 1,
          stops: [
            { y: top, scale: 60 },
            { y: bottom, scale: 100 },
          ],
        },
      ],
    }
    room.points = room.points!.map((p) =>
      p.id === 'edge-left' ? { ...p, x: 12 } : p.id === 'object-0' ? { ...p, x: 30, y: 190 } : p,
    )
    const out = write(crm, { room, mask })
    expect(out.changed).toEqual([
      'area scaling',
      'walk-behind baselines',
      'room edges',
      'object start points',
    ])
    const after = oracleReadCrm(out.after)
    expect(after.walkBehindBaselines[1]).toBe(150)
    expect(after.areas[1]).toMatchObject({ far: -40, near: 0 })
    expect(after.edges).toEqual({ ...before.edges, left: 12 })
    expect(after.objects[0]).toEqual({ ...before.objects[0], x: 30, y: 190 })
    expect(oracleView(after, ['walkBehindBaselines', 'areas', 'edges', 'objects'])).toEqual(
      oracleView(before, ['walkBehindBaselines', 'areas', 'edges', 'objects']),
    )
    // 60% continuous comes back 60%, and a second write changes nothing.
    const again = await imported(out.after)
    expect(again.room.scaling.linear).toEqual([
      {
        areaId: 1,
        stops: [
          { y: top, scale: 60 },
          { y: bottom, scale: 100 },
        ],
      },
    ])
    expect(again.room.walkBehinds!.areas[0].baseline).toBe(150)
    expect(write(out.after, again).changed).toEqual([])
    // One level: ScalingNear is AGS's NOT_VECTOR_SCALED.
    again.room.scaling = { mode: 'linear', linear: [{ areaId: 1, stops: [{ y: top, scale: 75 }] }] }
    const level = oracleReadCrm(write(out.after, again).after)
    expect(level.areas[1]).toMatchObject({ far: -25, near: -10000 })
  })

  it('a zone drawn becomes a region with its events, named again on import', async () => {
    const { room, mask } = await imported(crm)
    room.zones = [
      {
        id: 'door-zone',
        name: 'Door',
        shape: {
          kind: 'polygon',
          outer: [
            [100, 150],
            [140, 150],
            [140, 180],
            [100, 180],
          ],
        },
        events: { enter: 'region1_WalksOnto', exit: 'region1_WalksOff', stand: 'region1_Standing' },
        properties: {},
      },
    ]
    const out = write(crm, { room, mask })
    expect(out.changed).toEqual(['regions mask', 'region events'])
    const after = oracleReadCrm(out.after)
    expect(after.events.regions[1]).toEqual(['region1_Standing', 'region1_WalksOnto', 'region1_WalksOff'])
    expect(after.events.regions.filter((_, i) => i !== 1)).toEqual(
      before.events.regions.filter((_, i) => i !== 1),
    )
    const inside = after.masks.regions.pixels.filter((v) => v === 1).length
    expect(inside).toBe(40 * 30)
    const again = await imported(out.after)
    expect(again.room.zones.map((z) => [z.properties.agsRegion, z.events])).toEqual([
      ['1', { enter: 'region1_WalksOnto', exit: 'region1_WalksOff', stand: 'region1_Standing' }],
    ])
    expect(write(out.after, again).changed).toEqual([])
  })
})

describe('an area the room had no pixel of', () => {
  it('keeps the scaling AGS has for it when it is painted and the room gives none', async () => {
    const read = oracleReadCrm(bench)
    read.areas[2] = { ...read.areas[2], far: 90 }
    const crm = writeTestCrm(read, 33, 'whole')
    const { room, mask } = await imported(crm)
    expect(room.areas.map((a) => a.id)).toEqual([1])
    const painted = mask.slice()
    painted.fill(2, 150 * W + 10, 150 * W + 20)
    room.areas.push({ id: 2, name: 'Area 2', colour: '#112233' })
    const after = oracleReadCrm(write(crm, { room, mask: painted }).after)
    expect(after.areas[2]).toMatchObject({ far: 90, near: -10000 })
    // Scale stops of its own are written.
    room.scaling = { mode: 'linear', linear: [{ areaId: 2, stops: [{ y: 150.5, scale: 80 }] }] }
    expect(oracleReadCrm(write(crm, { room, mask: painted }).after).areas[2]).toMatchObject({ far: -20 })
  })
})

describe('a properties block Walkbox cannot read', () => {
  it('is a note: the room opens, writes back unedited, and hotspot properties are not written', async () => {
    const { readCrm } = await import('../../../src/shared/formats/ags/crm')
    const block = readCrm(bench, 'room1.crm', { images: false }).layout.blocks.find((b) => b.id === 8)!
    const damaged = bench.slice()
    new DataView(damaged.buffer).setInt32(block.at, 7, true)
    const result = await importCrmRoom(memory(damaged), 'room1.crm', {})
    expect(result.notes.join('\n')).toMatch(
      /custom properties: .*version 7.*; not read, they stay in the \.crm/,
    )
    const { room, mask } = await imported(damaged)
    expect(Buffer.from(write(damaged, { room, mask }).after).equals(Buffer.from(damaged))).toBe(true)
    room.hotspots![0].properties = { Verb: 'open' }
    const out = write(damaged, { room, mask })
    expect(out.notes).toContain(
      'hotspot hExit: room1.crm has no custom properties block Walkbox reads; its properties are not written',
    )
    expect(Buffer.from(out.after).equals(Buffer.from(damaged))).toBe(true)
  })
})

describe('what is refused, before anything is written', () => {
  it('another room size, a replaced background, a name AGS cannot use', async () => {
    const { room, mask } = await imported(bench)
    expect(
      crmRefusal(() =>
        planCrmRoom(bench, 'room1.crm', { room: { ...room, size: { width: 321, height: 200 } }, mask }),
      ),
    ).toMatch(/is 321x200; the AGS room is 320x200/)
    const picture = { width: W, height: H, data: new Uint8Array(W * H * 4).fill(255) }
    expect(crmRefusal(() => planCrmRoom(bench, 'room1.crm', { room, mask, background: picture }))).toMatch(
      /its background is not the one in room1\.crm; Walkbox does not write AGS 3 backgrounds \(LZW\) yet/,
    )
    const bad = { ...room, hotspots: [{ ...room.hotspots![0], name: 'h Exit' }] }
    expect(crmRefusal(() => planCrmRoom(bench, 'room1.crm', { room: bad, mask }))).toMatch(
      /not a script name AGS can use/,
    )
  })

  it("the room's own background passes; frames added are refused", async () => {
    const result = await importCrmRoom(memory(bench), 'room1.crm', {})
    const { room, mask } = await imported(bench)
    const { readCrm } = await import('../../../src/shared/formats/ags/crm')
    const bg = readCrm(bench).background!
    const same = { width: bg.width, height: bg.height, data: bg.rgba }
    expect(
      planCrmRoom(bench, 'room1.crm', { room, mask, background: same, backgroundFrames: [] }).changed,
    ).toEqual([])
    expect(result.background).toBeDefined()
    expect(
      crmRefusal(() => planCrmRoom(bench, 'room1.crm', { room, mask, backgroundFrames: [same] })),
    ).toMatch(/has 2 backgrounds, room1\.crm 1; Walkbox does not write AGS 3 backgrounds/)
  })

  it('a polygon hotspot goes to a free AGS hotspot; one beyond the room is a note', async () => {
    const { room, mask } = await imported(bench)
    room.hotspots = [
      ...room.hotspots!,
      {
        id: 'sign',
        name: 'hSign',
        shape: {
          kind: 'polygon',
          outer: [
            [10, 10],
            [20, 10],
            [20, 20],
            [10, 20],
          ],
        },
        properties: {},
      },
    ]
    const out = write(bench, { room, mask })
    expect(out.notes).toContain(
      "hotspot hSign: a polygon; written as AGS hotspot 2's pixels (AGS hotspots are painted)",
    )
    const after = oracleReadCrm(out.after)
    expect(after.hotspots[2].scriptName).toBe('hSign')
    expect(after.masks.hotspots.pixels.filter((v) => v === 2)).toHaveLength(100)
  })
})
