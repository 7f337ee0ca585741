/**
 * A Walkbox room written as a brand-new AGS 4 room folder (issue 18), read back with
 * Walkbox's own AGS 4 reader: the walkable mask pixel-equal, the regions (zones), scaling,
 * hotspots (pixels, names, descriptions, walk-to points, properties), walk-behinds and baselines, the background frames and
 * their animation fields equal; the edges AGS's defaults for a new room; and data.xml's
 * structure checked against the bench's room saved by AGS 4, element by element.
 *
 * Units: px.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readOpenRoom } from '../../../src/shared/formats/ags/open-room'
import { exportNewOpenRoom, roomNumberOf } from '../../../src/shared/formats/ags/open-room-new'
import { parseXml, type XmlElement } from '../../../src/shared/codecs/xml/xml-read'
import { AGS_XML_CEILINGS } from '../../../src/shared/limits'
import { readGameAgf } from '../../../src/shared/formats/game-folder'
import { encodeIndexedPng } from '../../../src/shared/codecs/indexed-png'
import {
  roomFormat,
  type ExportFile,
  type ExportInput,
  type ImportResult,
} from '../../../src/shared/formats/registry'
import { encodeRgbaPng } from '../../../src/shared/codecs/rgba-png'
import { hotspotCells } from '../../../src/shared/analysis/hotspots'
import { parseRoom, type Room } from '../../../src/shared/room/schema'
import { stripes } from '../../support/ags-crm-frames'
import { benchPath } from '../../support/bench-data'
import { diskSource } from '../../support/disk-import-source'

const BENCH_ROOM = benchPath('engines', 'ags-tumbleweed', 'Rooms', '1')
const W = 320
const H = 200

async function writeFiles(dir: string, files: readonly ExportFile[]) {
  for (const f of files) {
    const bytes =
      'text' in f
        ? new TextEncoder().encode(f.text)
        : 'bytes' in f
          ? f.bytes
          : await encodeIndexedPng(f.indexed, (b) => new Uint8Array(deflateSync(b)))
    await writeFile(join(dir, f.path), bytes)
  }
}

function counts(cells: Uint8Array): Record<number, number> {
  const out: Record<number, number> = {}
  for (const v of cells) if (v !== 0) out[v] = (out[v] ?? 0) + 1
  return out
}

let work = ''
let bench: ImportResult
/** The bench room as Walkbox has it, with what AGS 4 can hold added: scaling, walk-to points, frames. */
let room: Room
let input: ExportInput
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags4-new-'))
  bench = await roomFormat('ags4').importRoom!(diskSource(BENCH_ROOM), 'data.xml', {})
  room = parseRoom(JSON.parse(JSON.stringify(bench.room)))
  const area = room.areas[0].id
  let top = -1
  let bottom = -1
  bench.mask!.forEach((v, i) => {
    if (v !== area) return
    const y = Math.floor(i / W)
    if (top < 0) top = y
    bottom = y
  })
  room.scaling = {
    mode: 'linear',
    linear: [
      {
        areaId: area,
        stops: [
          { y: top + 0.5, scale: 60 },
          { y: bottom + 0.5, scale: 100 },
        ],
      },
    ],
  }
  // The bench's painted hExit with a walk-to point, and a polygon door with a property.
  room.hotspots![0] = { ...room.hotspots![0], description: 'the Holodeck', walkTo: { x: 150, y: 180 } }
  room.hotspots!.push({
    id: 'hdoor',
    name: 'hDoor',
    description: 'Door',
    shape: {
      kind: 'polygon',
      outer: [
        [10, 100],
        [40, 100],
        [40, 160],
        [10, 160],
      ],
    },
    walkTo: { x: 20, y: 170 },
    properties: { Locked: 'yes it is' },
  })
  room.backgroundFrames = [{ file: 'background1.png' }, { file: 'background2.png' }]
  room.backgroundAnimationDelay = 7
  room.backgroundAnimationEnabled = false
  input = {
    room,
    mask: bench.mask!,
    background: bench.background!,
    backgroundFrames: [1, 2].map((i) => ({
      name: `background${i}.png`,
      bytes: encodeRgbaPng(W, H, stripes(W, H, i)),
    })),
    scaleMap: null,
    ags: { number: 5, gameId: 86585546 },
  }
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

describe('a new AGS 4 room folder', () => {
  it('writes data.xml, background0..2.png, the four masks and room5.asc', () => {
    const out = exportNewOpenRoom(input, input.ags)
    expect(out.files.map((f) => f.path)).toEqual([
      'data.xml',
      'background0.png',
      'background1.png',
      'background2.png',
      'walkableareas.png',
      'regions.png',
      'hotspots.png',
      'walkbehinds.png',
      'room5.asc',
    ])
    for (const f of out.files)
      if ('indexed' in f) {
        expect([f.indexed.width, f.indexed.height, f.indexed.palette.length], f.path).toEqual([W, H, 256])
      }
  })

  it('reads back equal: mask pixels, zones, scaling, hotspots, walk-behinds, frames, edges', async () => {
    const dir = join(work, 'round-trip')
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir)
    await writeFiles(dir, exportNewOpenRoom(input, input.ags).files)
    const back = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    expect(Buffer.compare(Buffer.from(back.mask!), Buffer.from(bench.mask!))).toBe(0)
    expect(back.room.zones).toEqual(room.zones)
    expect(back.room.scaling).toEqual(room.scaling)
    // Hotspots: hExit as it was with its walk-to point; the door painted as AGS hotspot 2.
    expect(back.room.points).toBeUndefined()
    expect(back.room.hotspots).toEqual([
      room.hotspots![0],
      { ...room.hotspots![1], shape: { kind: 'mask', maskId: 2 } },
    ])
    const cells = hotspotCells(back.room)!
    expect(counts(cells)).toEqual({ 1: 771, 2: 30 * 60 })
    expect(cells[130 * W + 25]).toBe(2)
    expect(back.room.walkBehinds).toEqual(room.walkBehinds)
    expect(back.room.walkBehinds!.areas.some((a) => a.baseline > 0)).toBe(true)
    expect(back.room.backgroundFrames).toEqual(room.backgroundFrames)
    expect(back.room.backgroundAnimationDelay).toBe(7)
    expect(back.room.backgroundAnimationEnabled).toBe(false)
    expect(Buffer.compare(Buffer.from(back.background!.bytes), Buffer.from(bench.background!.bytes))).toBe(0)
    back.backgroundFrames!.forEach((f, i) =>
      expect(Buffer.compare(Buffer.from(f.bytes), Buffer.from(input.backgroundFrames![i].bytes))).toBe(0),
    )
    const { data } = readOpenRoom(await readFile(join(dir, 'data.xml'), 'utf8'))
    expect(data.edges).toEqual({ left: 0, right: W - 1, top: 0, bottom: H - 1 })
    expect(data.hotspots.slice(1, 3).map((h) => [h.scriptName, h.description])).toEqual([
      ['hExit', 'the Holodeck'],
      ['hDoor', 'Door'],
    ])
    expect([data.maskResolution, data.backgroundCount, data.notes]).toEqual([1, 3, []])
  })

  it('a room from before the hotspot layer: its walk-to points become hotspots in the ids left free', async () => {
    const dir = join(work, 'legacy-points')
    await mkdir(dir)
    const legacy: Room = { ...room, hotspots: [room.hotspots![0]] }
    legacy.points = [
      { id: 'hexit-walk-to', name: 'the Holodeck (walk-to)', x: 150, y: 180 },
      { id: 'hdoor-walk-to', name: 'Door (walk-to)', x: 20, y: 170 },
    ]
    const out = exportNewOpenRoom({ ...input, room: legacy }, input.ags)
    expect(out.notes).toContain(
      'hotspots 2 hexit2, 3 hdoor: from the walk-to points, with no pixels (draw them in AGS)',
    )
    await writeFiles(dir, out.files)
    const { data } = readOpenRoom(await readFile(join(dir, 'data.xml'), 'utf8'))
    expect(data.hotspots.slice(1, 4).map((h) => [h.scriptName, h.description, h.walkTo.x])).toEqual([
      ['hExit', 'the Holodeck', 150],
      ['hexit2', 'the Holodeck', 150],
      ['hdoor', 'Door', 20],
    ])
  })

  it('data.xml has every element and attribute of the bench room saved by AGS 4 (but room objects)', async () => {
    const theirs = parseXml(
      await readFile(join(BENCH_ROOM, 'data.xml'), 'utf8'),
      'bench data.xml',
      AGS_XML_CEILINGS,
    )
    const ours = parseXml(
      (exportNewOpenRoom(input, input.ags).files[0] as { text: string }).text,
      'data.xml',
      AGS_XML_CEILINGS,
    )
    /** Walkbox has no room objects: the new room has an empty <Objects />, as AGS writes a room without any. */
    const LEFT_OUT: Record<string, string> = { 'Room/Objects/RoomObject': 'Walkbox has no room objects' }
    const shape = (el: XmlElement) => ({
      attrs: Object.keys(el.attrs).sort(),
      children: [...new Set(el.children.map((c) => c.name))],
    })
    const missing: string[] = []
    const compare = (path: string, a: XmlElement, b: XmlElement | undefined) => {
      if (LEFT_OUT[path]) return
      if (!b) return missing.push(path)
      for (const attr of shape(a).attrs) if (!(attr in b.attrs)) missing.push(`${path}@${attr}`)
      for (const name of shape(a).children) {
        const mine = b.children.filter((c) => c.name === name)
        const theirsAll = a.children.filter((c) => c.name === name)
        if (mine.length === 0 && !LEFT_OUT[`${path}/${name}`]) missing.push(`${path}/${name}`)
        if (mine.length > 0 && mine.length !== theirsAll.length)
          missing.push(`${path}/${name} x${theirsAll.length}`)
        // Each list item and each event table against its counterpart.
        theirsAll.forEach((t, i) => compare(`${path}/${name}`, t, mine[i]))
      }
    }
    compare('Room', theirs, ours)
    expect(missing).toEqual([])
    expect(ours.attrs.Version).toBe(theirs.attrs.Version)
    // The same order of top-level elements as AGS writes them.
    const order = (el: XmlElement) => el.children.map((c) => c.name).filter((n) => n !== 'Objects')
    expect(order(ours)).toEqual(order(theirs))
    expect(ours.children.find((c) => c.name === 'GameID')!.text).toBe('86585546')
  })

  it('masks at MaskResolution 2 are half size; walk-behinds stay at room size, as AGS keeps them', () => {
    const out = exportNewOpenRoom(input, { ...input.ags, maskResolution: 2 })
    const size = (path: string) => {
      const f = out.files.find((x) => x.path === path) as { indexed: { width: number; height: number } }
      return [f.indexed.width, f.indexed.height]
    }
    expect(size('walkableareas.png')).toEqual([W / 2, H / 2])
    expect(size('regions.png')).toEqual([W / 2, H / 2])
    expect(size('hotspots.png')).toEqual([W / 2, H / 2])
    expect(size('walkbehinds.png')).toEqual([W, H])
    expect((out.files[0] as { text: string }).text).toContain('<MaskResolution>2</MaskResolution>')
  })

  it('a MaskResolution 2 folder reads back with no note on the scale of its masks', async () => {
    const dir = join(work, 'half')
    await mkdir(dir)
    await writeFiles(dir, exportNewOpenRoom(input, { ...input.ags, maskResolution: 2 }).files)
    const back = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    expect(back.notes.filter((n) => n.includes('.png: stored at'))).toEqual([])
    expect(back.room.walkBehinds).toEqual(room.walkBehinds)
  })

  it("the game's id for GameID comes from Game.agf's Settings/UniqueID", async () => {
    const agf = await readFile(benchPath('engines', 'ags-tumbleweed', 'Game.agf'), 'utf8')
    expect(readGameAgf(agf).uniqueId).toBe(86585546)
    expect(
      readGameAgf('<AGSEditorDocument><Game><Settings /></Game></AGSEditorDocument>').uniqueId,
    ).toBeUndefined()
  })

  it('the room number: given, else the number a room id or name ends with (AGS rooms 0..999), else 1', () => {
    expect(['room-7', 'Room 12', 'room-1000', '7', 'hall'].map(roomNumberOf)).toEqual([7, 12, null, 7, null])
    const numberOf = (id: string) =>
      readOpenRoom(
        (exportNewOpenRoom({ ...input, room: { ...room, id } }).files[0] as { text: string }).text,
      ).root.children.find((c) => c.name === 'Number')!.text
    expect([numberOf('room-12'), numberOf('cellar')]).toEqual(['12', '1'])
    expect(() => exportNewOpenRoom(input, { number: 1000 })).toThrow(
      'room number 1000: AGS numbers rooms 0 to 999',
    )
  })

  it('a background that is not a PNG is named in the notes and not written; frames follow it out', () => {
    const jpeg = { name: 'background.jpg', bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]) }
    const out = exportNewOpenRoom({ ...input, background: jpeg }, input.ags)
    expect(out.files.map((f) => f.path).filter((p) => p.startsWith('background'))).toEqual([])
    expect(out.notes).toContain(
      'background: background.jpg is not a PNG and AGS 4 reads background0.png; not written (save it as PNG)',
    )
    expect((out.files[0] as { text: string }).text).toContain('<BackgroundCount>1</BackgroundCount>')
  })
})
