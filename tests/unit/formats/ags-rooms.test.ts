/**
 * AGS game rooms on the bench pair (../shared/bench/engines/ags-tumbleweed, room 1 as AGS
 * 3.6 keeps it, `room1.crm`, and as AGS 4 keeps it, `Rooms/1/`): what is read (pixel counts
 * pinned by the bench README: walkable area 1 = 8317 px, hotspot 1 = 771 px, walk-behind 1
 * = 15678 px), the two files giving the same masks pixel for pixel, an unedited AGS 4 room
 * written back byte-identical and an edited one differing only in what was edited, the
 * registered algorithms on both imports, and hostile files refused in one line.
 *
 * Units: px, percent.
 */
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeImage, decodeMask } from '../../../src/main/services/image-codec'
import { navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { readCrm } from '../../../src/shared/formats/ags/crm'
import { readOpenRoom } from '../../../src/shared/formats/ags/open-room'
import { parseXml } from '../../../src/shared/codecs/xml/xml-read'
import { applyXmlEdits, setElementText } from '../../../src/shared/codecs/xml/xml-patch'
import { AGS_XML_CEILINGS } from '../../../src/shared/limits'
import { encodeIndexedPng } from '../../../src/shared/codecs/indexed-png'
import { roomFormat, type ExportFile } from '../../../src/shared/formats/registry'
import { checkPath } from '../../../src/shared/measure/metrics'
import { randomPairs } from '../../../src/shared/measure/random'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import { prepareAlgorithm, runQuery } from '../../../src/shared/nav/run'
import { parseRoom, type Room } from '../../../src/shared/room/schema'
import { benchPath } from '../../support/bench-data'
import { diskSource } from '../../support/disk-import-source'

const GAME = benchPath('engines', 'ags-tumbleweed')
const ROOM_DIR = join(GAME, 'Rooms', '1')
const CRM = join(GAME, 'room1.crm')

async function fileBytes(f: ExportFile): Promise<Uint8Array> {
  if ('text' in f) return new TextEncoder().encode(f.text)
  if ('bytes' in f) return f.bytes
  return encodeIndexedPng(f.indexed, (b) => new Uint8Array(deflateSync(b)))
}

function counts(cells: Uint8Array): Record<number, number> {
  const out: Record<number, number> = {}
  for (const v of cells) if (v !== 0) out[v] = (out[v] ?? 0) + 1
  return out
}

/** Where two masks differ: the count and the first few pixels, for the failure message. */
function differences(a: Uint8Array, b: Uint8Array, width: number): string[] {
  const out: string[] = []
  let n = 0
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] === b[i]) continue
    n++
    if (out.length < 5) out.push(`(${i % width}, ${Math.floor(i / width)}): ${a[i]} vs ${b[i]}`)
  }
  return n === 0 ? [] : [`${n} px differ`, ...out]
}

/** A stored AGS 4 mask PNG as its indices (room 1 has MaskResolution 1). */
async function openRoomMask(dir: string, file: string): Promise<Uint8Array> {
  const bytes = await readFile(join(dir, file))
  return (await decodeMask(new Uint8Array(bytes), file)).cells
}

let work = ''
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

describe('AGS 4 room folder (Rooms/1)', () => {
  it('reads size, masks, scaling, hotspots, walk-behinds and edges from data.xml and the PNGs', async () => {
    const result = await roomFormat('ags4').importRoom!(diskSource(ROOM_DIR), 'data.xml', {})
    const room = parseRoom(JSON.parse(JSON.stringify(result.room)))
    expect(room.size).toEqual({ width: 320, height: 200 })
    expect(room.authoritative).toBe('mask')
    expect(room.areas.map((a) => [a.id, a.colour])).toEqual([[1, '#3cb371']])
    expect(counts(result.mask!)).toEqual({ 1: 8317 })
    expect(room.scaling.mode).toBe('none') // every area at 100 % in data.xml
    expect(room.zones).toEqual([]) // regions.png is empty
    expect(result.background?.name).toBe('background.png')
    const notes = result.notes.join('\n')
    expect(notes).toContain('1 hExit 771 px')
    expect(notes).toContain('walk-behinds: 1 (15678 px, baseline y=197)')
    expect(notes).toContain('edges: left x=0, right x=317, top y=40, bottom y=198')
    expect(notes).toContain('objects: oBlueCup')
    // The test walk starts on the floor.
    const { x, y } = room.testWalk.start
    expect(result.mask![Math.floor(y) * 320 + Math.floor(x)]).toBe(1)
  })

  it('reads the data.xml fields as the AGS editor wrote them', async () => {
    const { data } = readOpenRoom(await readFile(join(ROOM_DIR, 'data.xml'), 'utf8'))
    expect(data).toMatchObject({ width: 320, height: 200, maskResolution: 1, backgroundCount: 1 })
    expect(data.walkableAreas).toHaveLength(16)
    expect(data.hotspots).toHaveLength(50)
    expect(data.hotspots[1]).toEqual({
      scriptName: 'hExit',
      description: 'the Holodeck>ed',
      walkTo: { x: 0, y: 0 },
      properties: {},
    })
    expect(data.walkBehindBaselines.slice(0, 3)).toEqual([0, 197, 0])
    expect(data.regionCount).toBe(16)
    expect(data.notes).toEqual([])
    const newer = readOpenRoom('<Room Version="2"><Width>10</Width><Height>10</Height></Room>').data
    expect(newer.notes).toEqual([
      'data.xml: <Room Version="2">; Walkbox knows version 1, fields it does not know are kept as they are',
    ])
  })

  it('writes an unedited room back byte-identical (no file changes)', async () => {
    const copy = join(work, 'unedited')
    await cp(ROOM_DIR, copy, { recursive: true })
    const before = await readdir(copy)
    const imported = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    const out = await roomFormat('ags4').exportInPlace!(
      { room: imported.room, mask: imported.mask!, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(out.files).toEqual([])
    expect(out.notes).toContain('nothing Walkbox carries has changed; no file written')
    expect(await readdir(copy)).toEqual(before)
    for (const f of before)
      expect(Buffer.compare(await readFile(join(copy, f)), await readFile(join(ROOM_DIR, f))), f).toBe(0)
  })

  it('writes an edited room back changing only the edited mask and scaling fields', async () => {
    const copy = join(work, 'edited')
    await cp(ROOM_DIR, copy, { recursive: true })
    const imported = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    const room: Room = imported.room
    const mask = imported.mask!.slice()
    // Paint a 10x10 block of area 1 on the floor's left and scale area 1 from 60 % to 100 %.
    for (let y = 150; y < 160; y++) for (let x = 2; x < 12; x++) mask[y * 320 + x] = 1
    let top = 200
    let bottom = 0
    for (let i = 0; i < mask.length; i++)
      if (mask[i] === 1) {
        top = Math.min(top, Math.floor(i / 320))
        bottom = Math.max(bottom, Math.floor(i / 320))
      }
    room.scaling = {
      mode: 'linear',
      linear: [
        {
          areaId: 1,
          stops: [
            { y: top + 0.5, scale: 60 },
            { y: bottom + 0.5, scale: 100 },
          ],
        },
      ],
    }
    const out = await roomFormat('ags4').exportInPlace!(
      { room, mask, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(out.files.map((f) => f.path).sort()).toEqual(['data.xml', 'walkableareas.png'])
    for (const f of out.files) await writeFile(join(copy, f.path), await fileBytes(f))
    // The mask file holds exactly the edited mask, as an 8-bit indexed PNG.
    expect(differences(await openRoomMask(copy, 'walkableareas.png'), mask, 320)).toEqual([])
    // data.xml differs from the original only in area 1's scaling lines.
    const a = (await readFile(join(ROOM_DIR, 'data.xml'), 'utf8')).split('\n')
    const b = (await readFile(join(copy, 'data.xml'), 'utf8')).split('\n')
    expect(b).toHaveLength(a.length)
    const changed = a.flatMap((line, i) => (line === b[i] ? [] : [`${i + 1}: ${b[i].trim()}`]))
    // Line numbers of area 1's fields (the second <RoomWalkableArea>; area 0 is the first).
    const starts = a.flatMap((l, i) => (l.includes('<RoomWalkableArea>') ? [i] : []))
    const line = (field: string) =>
      starts[1] + a.slice(starts[1]).findIndex((l) => l.includes(`<${field}>`)) + 1
    expect(changed).toEqual([
      `${line('MinScalingLevel')}: <MinScalingLevel>60</MinScalingLevel>`,
      `${line('UseContinuousScaling')}: <UseContinuousScaling>True</UseContinuousScaling>`,
    ])
    // The other files are untouched; read back, the room has the edits.
    for (const f of ['hotspots.png', 'regions.png', 'walkbehinds.png', 'background0.png'])
      expect(Buffer.compare(await readFile(join(copy, f)), await readFile(join(ROOM_DIR, f))), f).toBe(0)
    const again = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    expect(differences(again.mask!, mask, 320)).toEqual([])
    expect(again.room.scaling).toEqual(room.scaling)
  })
})

describe('AGS 3 compiled room (room1.crm)', () => {
  it('reads the fields, masks and background of an AGS 3.6 room', async () => {
    const crm = readCrm(new Uint8Array(await readFile(CRM)), 'room1.crm')
    expect(crm.version).toBe(33)
    expect(crm.data).toMatchObject({
      width: 320,
      height: 200,
      maskResolution: 1,
      edges: { left: 0, right: 317, top: 40, bottom: 198 },
    })
    expect(crm.data.hotspots[1]).toMatchObject({ scriptName: 'hExit', description: 'the Holodeck>ed' })
    expect(crm.data.objects).toEqual([{ scriptName: 'oBlueCup', description: 'Blue Cup>p' }])
    expect(crm.data.walkBehindBaselines.slice(0, 2)).toEqual([0, 197])
    expect(counts(crm.masks.walkable.indices)).toEqual({ 1: 8317 })
    expect(counts(crm.masks.hotspots.indices)).toEqual({ 1: 771 })
    expect(counts(crm.masks.walkBehinds.indices)).toEqual({ 1: 15678 })
    expect(crm.data.notes).toContain(
      "room extension 'ext_sopts' (the room's string options (AGS 3.6)): not read; it stays in the .crm",
    )
    expect(crm.data.notes[0]).toBe('compiled AGS room, format version 33')
    expect(crm.background).not.toBeNull()
  })

  it('gives the same masks as Rooms/1, pixel for pixel', async () => {
    const crm = readCrm(new Uint8Array(await readFile(CRM)), 'room1.crm')
    const pairs = [
      ['walkable', 'walkableareas.png'],
      ['hotspots', 'hotspots.png'],
      ['regions', 'regions.png'],
      ['walkBehinds', 'walkbehinds.png'],
    ] as const
    for (const [mask, file] of pairs)
      expect(differences(crm.masks[mask].indices, await openRoomMask(ROOM_DIR, file), 320), file).toEqual([])
  })

  it('gives the same background as background0.png', async () => {
    const crm = readCrm(new Uint8Array(await readFile(CRM)), 'room1.crm')
    const png = await decodeImage(new Uint8Array(await readFile(join(ROOM_DIR, 'background0.png'))), 'bg')
    let differ = 0
    for (let i = 0; i < 320 * 200; i++)
      for (let c = 0; c < 3; c++) if (crm.background!.rgba[i * 4 + c] !== png.data[i * 4 + c]) differ++
    expect(differ).toBe(0)
  })

  it('imports through the registry with a decodable background', async () => {
    const result = await roomFormat('ags3').importRoom!(diskSource(GAME), 'room1.crm', {})
    expect(result.room.name).toBe('Room 1')
    expect(counts(result.mask!)).toEqual({ 1: 8317 })
    // Area 1 takes the colour Walkbox gives a new area 1 (not AGS's dark blue, lost on the blue floor).
    expect(result.room.areas).toEqual([{ id: 1, name: 'Area 1', colour: '#3cb371' }])
    const bg = await decodeImage(result.background!.bytes, 'background.png')
    expect([bg.width, bg.height]).toEqual([320, 200])
  })
})

describe('every algorithm on imported AGS rooms', () => {
  it.each([
    ['ags4', ROOM_DIR, 'data.xml'],
    ['ags3', GAME, 'room1.crm'],
  ])(
    '%s: 40 seeded pairs, no invalid path',
    async (format, root, path) => {
      const { room, mask } = await roomFormat(format).importRoom!(diskSource(root), path, {})
      const world = navWorldForRoom(parseRoom(JSON.parse(JSON.stringify(room))), mask!, {})
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

describe('hostile AGS files are refused in one line', () => {
  let crm: Uint8Array
  beforeAll(async () => {
    crm = new Uint8Array(await readFile(CRM))
  })
  const refuse = (bytes: Uint8Array) => {
    try {
      readCrm(bytes, 'room1.crm')
    } catch (e) {
      const message = (e as Error).message
      expect(message).not.toContain('\n')
      return message
    }
    throw new Error('not refused')
  }
  /** Offset of the last (or first) little-endian int16 pair 320, 200 in the file. */
  const sizeAt = (which: 'first' | 'last') => {
    const hits: number[] = []
    for (let i = 0; i + 4 <= crm.length; i++)
      if (crm[i] === 0x40 && crm[i + 1] === 0x01 && crm[i + 2] === 0xc8 && crm[i + 3] === 0) hits.push(i)
    return which === 'first' ? hits[0] : hits[hits.length - 1]
  }

  it('a truncated .crm, cut anywhere', () => {
    for (const cut of [1, 3, 10, 300, 1000, 20_000, crm.length - 800, crm.length - 2]) {
      expect(refuse(crm.slice(0, cut)), String(cut)).toMatch(/truncated|past the end|says \d+ bytes/)
    }
  })

  it('a block length past the end of the file', () => {
    const bad = crm.slice()
    new DataView(bad.buffer).setUint32(3, 0x7fffffff, true)
    expect(refuse(bad)).toMatch(/block 1 says 2147483647 bytes; only \d+ are left in the file/)
  })

  it('a mask whose size disagrees with the room', () => {
    const bad = crm.slice()
    const at = sizeAt('last') // the hotspot mask's header
    bad[at] = 0xa0
    bad[at + 1] = 0x00
    expect(refuse(bad)).toContain('the hotspot mask is 160x200; the room')
  })

  it('a room of 10^9 pixels', () => {
    const bad = crm.slice()
    const at = sizeAt('first') // the room's width and height in the main block
    new DataView(bad.buffer).setInt16(at, 31623, true)
    new DataView(bad.buffer).setInt16(at + 2, 31623, true)
    expect(refuse(bad)).toContain('the room is 31623x31623')
  })

  it('a large room whose packed background is too small to be it, before allocating it', () => {
    const bad = crm.slice()
    const view = new DataView(bad.buffer)
    const at = sizeAt('first')
    view.setInt16(at, 8192, true)
    view.setInt16(at + 2, 8192, true)
    // The background's unpacked size (after its 1024-byte palette) claims the whole room.
    const unpacked = 8 + 320 * 200 * 4
    let field = -1
    for (let i = at; i + 4 <= bad.length; i++)
      if (view.getUint32(i, true) === unpacked) {
        field = i
        break
      }
    expect(field).toBeGreaterThan(at)
    view.setUint32(field, 8 + 8192 * 8192 * 4, true)
    expect(refuse(bad)).toMatch(/the background's \d+ packed bytes cannot unpack to the 268435464 it claims/)
  })

  it('an unknown format version', () => {
    const bad = crm.slice()
    bad[0] = 40
    expect(refuse(bad)).toContain('format version 40 is not one Walkbox knows')
  })

  it('a data.xml with a DOCTYPE, an entity, or 10^5 nested elements', () => {
    const doctype = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><Room><Width>&a;</Width></Room>'
    expect(() => readOpenRoom(doctype)).toThrow('data.xml: line 1: a DOCTYPE is not accepted')
    expect(() => readOpenRoom('<Room><Width>&a;</Width></Room>')).toThrow('entity &a; is not one of')
    const deep = '<Room>' + '<a>'.repeat(100_000) + '</a>'.repeat(100_000) + '</Room>'
    expect(() => readOpenRoom(deep)).toThrow('elements nested deeper than 64')
    const huge = '<Room><Width>100000</Width><Height>100000</Height></Room>'
    expect(() => readOpenRoom(huge)).toThrow('the room is 100000x100000')
  })

  it('an AGS 4 mask whose size disagrees with the room', async () => {
    const copy = join(work, 'bad-mask')
    await cp(ROOM_DIR, copy, { recursive: true })
    const small = await encodeIndexedPng(
      { width: 100, height: 100, indices: new Uint8Array(10_000), palette: ['#000000', '#0000a8'] },
      (b) => new Uint8Array(deflateSync(b)),
    )
    await writeFile(join(copy, 'walkableareas.png'), small)
    await expect(roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})).rejects.toThrow(
      /walkableareas.png: is 100×100 px; expected the room's size 320×200/,
    )
  })
})

/** The bench .crm's blocks (id, 16-byte name for id 0, payload). */
function crmBlocks(bytes: Uint8Array): { id: number; name: Uint8Array; payload: Uint8Array }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out: { id: number; name: Uint8Array; payload: Uint8Array }[] = []
  let at = 2
  for (;;) {
    const id = bytes[at++]
    if (id === 0xff) return out
    const name = id === 0 ? bytes.slice(at, at + 16) : new Uint8Array(0)
    if (id === 0) at += 16
    const length = Number(view.getBigUint64(at, true))
    at += 8
    out.push({ id, name, payload: bytes.slice(at, at + length) })
    at += length
  }
}

/** A .crm of `version` from blocks (32-bit lengths before version 32, like AGS 3.4). */
function crmFile(
  version: number,
  blocks: { id: number; name: Uint8Array; payload: Uint8Array }[],
): Uint8Array {
  const parts: number[] = [version & 0xff, version >> 8]
  for (const b of blocks) {
    parts.push(b.id, ...b.name)
    const wide = b.id === 0 || version >= 32
    const len = new Uint8Array(wide ? 8 : 4)
    new DataView(len.buffer).setUint32(0, b.payload.length, true)
    parts.push(...len, ...b.payload)
  }
  parts.push(0xff)
  return Uint8Array.from(parts)
}

describe('AGS 3 .crm: versions and blocks', () => {
  it('reads the same room written as format 31 (AGS 3.4.1, 32-bit block lengths)', async () => {
    const bytes = new Uint8Array(await readFile(CRM))
    const v31 = readCrm(crmFile(31, crmBlocks(bytes)), 'room1.crm')
    const v33 = readCrm(bytes, 'room1.crm')
    expect(v31.version).toBe(31)
    expect(v31.data.hotspots).toEqual(v33.data.hotspots)
    expect(differences(v31.masks.walkable.indices, v33.masks.walkable.indices, 320)).toEqual([])
  })

  it('reads the same room written as format 30 (AGS 3.4.0: C strings and fixed-length names)', async () => {
    const bytes = new Uint8Array(await readFile(CRM))
    const blocks = crmBlocks(bytes)
    const main = blocks.find((b) => b.id === 1)!.payload
    const view = new DataView(main.buffer, main.byteOffset, main.byteLength)
    // bpp, walk-behind count and baselines, hotspot count and walk-to points, then the names.
    let at = 4
    at += 2 + 2 * view.getInt16(at, true)
    const hotspots = view.getInt32(at, true)
    at += 4 + 4 * hotspots
    const head = main.slice(0, at)
    const latin1 = (s: string) => Array.from(s, (c) => c.charCodeAt(0))
    const strings: string[] = []
    for (let i = 0; i < 2 * hotspots; i++) {
      const n = view.getInt32(at, true)
      strings.push(String.fromCharCode(...main.subarray(at + 4, at + 4 + n)))
      at += 4 + n
    }
    const fixed = (s: string, n: number) => [...latin1(s), ...new Array<number>(n - s.length).fill(0)]
    const names = strings.slice(0, hotspots).flatMap((s) => [...latin1(s), 0])
    const scriptNames = strings.slice(hotspots).flatMap((s) => fixed(s, 20))
    const v30main = Uint8Array.from([...head, ...names, ...scriptNames, ...main.subarray(at)])
    const objectNames = (id: number, n: number) => {
      const b = blocks.find((x) => x.id === id)!.payload
      const len = new DataView(b.buffer, b.byteOffset).getInt32(1, true)
      return Uint8Array.from([1, ...fixed(String.fromCharCode(...b.subarray(5, 5 + len)), n)])
    }
    const v30 = blocks
      .filter((b) => b.id !== 0)
      .map((b) =>
        b.id === 1
          ? { ...b, payload: v30main }
          : b.id === 5
            ? { ...b, payload: objectNames(5, 30) }
            : b.id === 9
              ? { ...b, payload: objectNames(9, 20) }
              : b,
      )
    const read = readCrm(crmFile(30, v30), 'room1.crm')
    const v33 = readCrm(bytes, 'room1.crm')
    expect(read.version).toBe(30)
    expect(read.data.hotspots).toEqual(v33.data.hotspots)
    expect(read.data.objects).toEqual(v33.data.objects)
    expect(read.data.maskResolution).toBe(1)
    for (const m of ['walkable', 'regions', 'hotspots', 'walkBehinds'] as const)
      expect(differences(read.masks[m].indices, v33.masks[m].indices, 320), m).toEqual([])
  })

  it('reads continuous scaling like the AGS 4 room with the same settings', async () => {
    // Area 1 scaled 60 % at its top row to 100 % at its bottom row, in both files.
    const bytes = new Uint8Array(await readFile(CRM))
    const at = Buffer.from(bytes).indexOf(Buffer.from([1, 0, 16, 0, 0, 0])) // mask resolution, 16 areas
    const view = new DataView(bytes.buffer, bytes.byteOffset)
    expect(view.getInt16(at + 6 + 64 + 2, true)).toBe(-10000) // area 1 not continuous yet
    view.setInt16(at + 6 + 2, 60 - 100, true) // far (top), percent - 100
    view.setInt16(at + 6 + 64 + 2, 100 - 100, true) // near (bottom)
    const dir = join(work, 'scaling')
    await mkdir(dir)
    await writeFile(join(dir, 'room1.crm'), bytes)
    const crm = await roomFormat('ags3').importRoom!(diskSource(dir), 'room1.crm', {})

    const copy = join(dir, 'Rooms', '1')
    await cp(ROOM_DIR, copy, { recursive: true })
    const xml = (await readFile(join(ROOM_DIR, 'data.xml'), 'utf8')).split('\n')
    const starts = xml.flatMap((l, i) => (l.includes('<RoomWalkableArea>') ? [i] : []))
    for (let i = starts[1]; i < starts[2]; i++) {
      xml[i] = xml[i]
        .replace('<MinScalingLevel>100<', '<MinScalingLevel>60<')
        .replace('<UseContinuousScaling>False<', '<UseContinuousScaling>True<')
    }
    await writeFile(join(copy, 'data.xml'), xml.join('\n'))
    const ags4 = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    expect(crm.room.scaling).toEqual({
      mode: 'linear',
      linear: [
        {
          areaId: 1,
          stops: [
            { y: 124.5, scale: 60 },
            { y: 167.5, scale: 100 },
          ],
        },
      ],
    })
    expect(ags4.room.scaling).toEqual(crm.room.scaling)
  })

  it('names unknown and newer blocks in the notes instead of failing', async () => {
    const blocks = crmBlocks(new Uint8Array(await readFile(CRM)))
    const name = new Uint8Array(16)
    name.set(new TextEncoder().encode('ext_future'))
    blocks.push({ id: 12, name: new Uint8Array(0), payload: Uint8Array.from([1, 2, 3]) })
    blocks.push({ id: 0, name, payload: Uint8Array.from([4, 5]) })
    const crm = readCrm(crmFile(33, blocks), 'room1.crm')
    expect(crm.data.notes).toContain('room data block 12: unknown to Walkbox, skipped; it stays in the .crm')
    expect(crm.data.notes).toContain(
      "room extension 'ext_future': unknown to Walkbox, not read; it stays in the .crm",
    )
    expect(counts(crm.masks.walkable.indices)).toEqual({ 1: 8317 })
  })

  it('refuses or reads any corrupted copy, always in one line (400 seeded corruptions)', async () => {
    const bytes = new Uint8Array(await readFile(CRM))
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0)
    let refused = 0
    for (let k = 0; k < 400; k++) {
      const bad = bytes.slice()
      const flips = 1 + (next() % 4)
      // Corrupt the fields of the main block (its first 600 bytes), where counts and sizes are.
      for (let f = 0; f < flips; f++) bad[11 + (next() % 600)] = next() & 0xff
      try {
        readCrm(bad, 'room1.crm')
      } catch (e) {
        expect((e as Error).name, (e as Error).message).toBe('CrmError')
        expect((e as Error).message).not.toContain('\n')
        refused++
      }
    }
    expect(refused).toBeGreaterThan(0)
  })
})

describe('AGS 4 room folders: mask resolution and regions', () => {
  /** A copy of Rooms/1 with its masks stored at 1:2 and MaskResolution 2. */
  async function halfResolutionCopy(to: string) {
    await cp(ROOM_DIR, to, { recursive: true })
    for (const file of ['walkableareas.png', 'hotspots.png', 'regions.png', 'walkbehinds.png']) {
      const full = await openRoomMask(ROOM_DIR, file)
      const half = new Uint8Array(160 * 100)
      for (let y = 0; y < 100; y++)
        for (let x = 0; x < 160; x++) half[y * 160 + x] = full[y * 2 * 320 + x * 2]
      const palette = Array.from(
        { length: 16 },
        (_, i) => `#${(i * 16).toString(16).padStart(2, '0')}00${i ? 'a8' : '00'}`,
      )
      await writeFile(
        join(to, file),
        await encodeIndexedPng(
          { width: 160, height: 100, indices: half, palette },
          (b) => new Uint8Array(deflateSync(b)),
        ),
      )
    }
    const xml = await readFile(join(to, 'data.xml'), 'utf8')
    await writeFile(
      join(to, 'data.xml'),
      xml.replace('<MaskResolution>1</MaskResolution>', '<MaskResolution>2</MaskResolution>'),
    )
  }

  it('reads masks stored at 1:2 at room size and writes an edit back at 1:2', async () => {
    const copy = join(work, 'half')
    await halfResolutionCopy(copy)
    const imported = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    expect(imported.room.size).toEqual({ width: 320, height: 200 })
    expect(imported.notes.join('\n')).toContain('masks stored at 1:2')
    expect(counts(imported.mask!)[1]).toBeGreaterThan(8000)
    const unedited = await roomFormat('ags4').exportInPlace!(
      { room: imported.room, mask: imported.mask!, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(unedited.files).toEqual([])
    const mask = imported.mask!.slice()
    mask.fill(0, 320 * 150) // clear the floor from y = 150 down (it spans rows 124..167)
    const out = await roomFormat('ags4').exportInPlace!(
      { room: imported.room, mask, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(out.files.map((f) => f.path)).toEqual(['walkableareas.png'])
    const file = out.files[0]
    expect('indexed' in file && [file.indexed.width, file.indexed.height]).toEqual([160, 100])
  })

  it('walk-behinds are at room size whatever MaskResolution says: a 1:2 one is a note, an edit is written 1:1', async () => {
    const copy = join(work, 'half-walk-behinds')
    await halfResolutionCopy(copy)
    const imported = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    expect(imported.notes).toContain(
      'walkbehinds.png: stored at 1:2; AGS keeps walk-behinds at room size (1:1)',
    )
    expect(imported.notes.some((n) => n.startsWith('walkableareas.png: stored at'))).toBe(false)
    const room = parseRoom(JSON.parse(JSON.stringify(imported.room)))
    room.walkBehinds!.rows = room.walkBehinds!.rows.map((r, y) => (y === 0 ? '3:1 317' : r))
    const out = await roomFormat('ags4').exportInPlace!(
      { room, mask: imported.mask!, background: null, scaleMap: null },
      diskSource(copy),
    )
    const file = out.files.find((f) => f.path === 'walkbehinds.png')!
    expect('indexed' in file && [file.indexed.width, file.indexed.height]).toEqual([320, 200])
    expect(out.notes.some((n) => n.includes('walk-behind mask written at 1:'))).toBe(false)
  })

  it('writes regions.png when a zone is drawn, at the next free region id, and reads it back as a zone', async () => {
    const copy = join(work, 'regions')
    await cp(ROOM_DIR, copy, { recursive: true })
    const imported = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    const room: Room = imported.room
    room.zones = [
      {
        id: 'doorway',
        name: 'Doorway',
        shape: {
          kind: 'polygon',
          outer: [
            [100, 150],
            [140, 150],
            [140, 190],
            [100, 190],
          ],
        },
        events: { enter: '', exit: '', stand: '' },
        properties: {},
      },
    ]
    const out = await roomFormat('ags4').exportInPlace!(
      { room, mask: imported.mask!, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(out.files.map((f) => f.path)).toEqual(['regions.png'])
    for (const f of out.files) await writeFile(join(copy, f.path), await fileBytes(f))
    expect(counts(await openRoomMask(copy, 'regions.png'))).toEqual({ 1: 40 * 40 })
    const again = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    expect(again.room.zones.map((z) => [z.name, z.properties.agsRegion])).toEqual([['Region 1', '1']])
    // Read back and written again unchanged, nothing is written.
    const twice = await roomFormat('ags4').exportInPlace!(
      { room: again.room, mask: again.mask!, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(twice.files).toEqual([])
  })
})

describe('hotspot walk-to points of a room from before the hotspot layer', () => {
  it('writes a moved walk-to room point back into its WalkToPoint only, keeping the game hotspots', async () => {
    const copy = join(work, 'walk-to')
    await cp(ROOM_DIR, copy, { recursive: true })
    const original = await readFile(join(ROOM_DIR, 'data.xml'), 'utf8')
    const exit = original.indexOf('<Name>hExit</Name>')
    const at = original.indexOf('<WalkToPoint>0,0</WalkToPoint>', exit)
    const edited = original.slice(0, at) + '<WalkToPoint>160,150</WalkToPoint>' + original.slice(at + 30)
    await writeFile(join(copy, 'data.xml'), edited)
    const imported = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    expect(imported.room.points).toBeUndefined()
    expect(imported.room.hotspots?.map((h) => [h.name, h.walkTo])).toEqual([['hExit', { x: 160, y: 150 }]])
    // As Walkbox read AGS rooms before it had a hotspot layer: the walk-to point as a room point.
    const room: Room = { ...imported.room, hotspots: undefined, hotspotMask: undefined }
    room.points = [{ id: 'hexit-walk-to', name: 'the Holodeck>ed (walk-to)', x: 170, y: 150 }]
    const out = await roomFormat('ags4').exportInPlace!(
      { room, mask: imported.mask!, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(out.files.map((f) => f.path)).toEqual(['data.xml'])
    expect(out.notes).toContain(
      "hotspots: the room has none; the game's 1 (hExit) are kept as they are (remove them in AGS)",
    )
    const written = new TextDecoder().decode(await fileBytes(out.files[0]))
    expect(written).toBe(
      edited.replace('<WalkToPoint>160,150</WalkToPoint>', '<WalkToPoint>170,150</WalkToPoint>'),
    )
  })
})

describe("AGS's limits", () => {
  it('names walkable areas and regions above 15 on import and on export, never dropping them', async () => {
    const copy = join(work, 'limits')
    await cp(ROOM_DIR, copy, { recursive: true })
    const palette = Array.from(
      { length: 32 },
      (_, i) => `#${i.toString(16).padStart(2, '0')}40${i ? '80' : '00'}`,
    )
    palette[0] = '#000000'
    const walk = await openRoomMask(ROOM_DIR, 'walkableareas.png')
    for (let y = 150; y < 160; y++) for (let x = 150; x < 170; x++) walk[y * 320 + x] = 20
    const regions = new Uint8Array(320 * 200)
    for (let y = 10; y < 30; y++) for (let x = 10; x < 30; x++) regions[y * 320 + x] = 17
    const png = (indices: Uint8Array) =>
      encodeIndexedPng({ width: 320, height: 200, indices, palette }, (b) => new Uint8Array(deflateSync(b)))
    await writeFile(join(copy, 'walkableareas.png'), await png(walk))
    await writeFile(join(copy, 'regions.png'), await png(regions))
    const imported = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    expect(counts(imported.mask!)[20]).toBe(200)
    expect(imported.room.zones.map((z) => z.properties.agsRegion)).toEqual(['17'])
    const notes = imported.notes.join('\n')
    expect(notes).toContain("walkable areas 20: above AGS's 15; kept, but AGS will not read them back")
    expect(notes).toContain("regions 17: above AGS's 15; AGS ignores them")
    const mask = imported.mask!.slice()
    mask[0] = 20
    const out = await roomFormat('ags4').exportInPlace!(
      { room: imported.room, mask, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(out.notes).toContain("walkable areas 20: above AGS's 15; written, AGS will not read them")
    const file = out.files.find((f) => f.path === 'walkableareas.png')!
    expect('indexed' in file && counts(file.indexed.indices)[20]).toBe(201)
  })
})

describe('the XML patcher', () => {
  it('keeps every other character, a byte-order mark and a self-closing element turned into text', () => {
    const text = '\ufeff<?xml version="1.0"?>\r\n<Room>\r\n  <A x="1">old</A>\r\n  <B />\r\n</Room>'
    const root = parseXml(text, 't.xml', AGS_XML_CEILINGS)
    const [a, b] = root.children
    const out = applyXmlEdits(text, [setElementText(text, a, 'n<1'), setElementText(text, b, 'x')])
    expect(out).toBe(
      '\ufeff<?xml version="1.0"?>\r\n<Room>\r\n  <A x="1">n&lt;1</A>\r\n  <B>x</B>\r\n</Room>',
    )
    expect(applyXmlEdits(text, [])).toBe(text)
  })
})
