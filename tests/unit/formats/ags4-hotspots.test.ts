/**
 * AGS 4 hotspots and the hotspot layer, on the bench's AGS 4 room (Rooms/1 of Tumbleweed:
 * hotspot 1 hExit, 771 px): read pixel for pixel into painted hotspots, written back in place
 * (hotspots.png only where the pixels changed, read by a second PNG reader; data.xml only in
 * the fields that changed), a removed hotspot reset to AGS's defaults, names made valid for
 * AGS, the newer ScriptName/DisplayName spelling kept, custom properties both ways.
 *
 * Units: px.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hotspotCells } from '../../../src/shared/analysis/hotspots'
import { readOpenRoom } from '../../../src/shared/formats/ags/open-room'
import {
  hotspotLayerFromAgs,
  patchOpenRoomHotspots,
} from '../../../src/shared/formats/ags/open-room-hotspots'
import { encodeIndexedPng } from '../../../src/shared/codecs/indexed-png'
import { roomFormat, type ExportFile, type ImportResult } from '../../../src/shared/formats/registry'
import { encodeWalkBehindRows } from '../../../src/shared/room/walk-behinds'
import { parseRoom, type Room } from '../../../src/shared/room/schema'
import { benchPath } from '../../support/bench-data'
import { diskSource } from '../../support/disk-import-source'
import { readPngIndices } from '../../support/png-indices'

const ROOM_DIR = benchPath('engines', 'ags-tumbleweed', 'Rooms', '1')
const W = 320
const H = 200

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

/** The lines of `b` that are not in `a` at the same place (both split on line ends). */
function changedLines(a: string, b: string): string[] {
  const x = a.split('\n')
  const y = b.split('\n')
  let head = 0
  while (head < x.length && x[head] === y[head]) head++
  let tail = 0
  while (tail < x.length - head && x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++
  return y.slice(head, y.length - tail).map((l) => l.trim())
}

let work = ''
let bench: ImportResult
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags4-hotspots-'))
  bench = await roomFormat('ags4').importRoom!(diskSource(ROOM_DIR), 'data.xml', {})
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

/** A copy of the bench room folder to write into. */
async function copyOf(name: string): Promise<string> {
  const dir = join(work, name)
  await cp(ROOM_DIR, dir, { recursive: true })
  return dir
}

async function writeInPlace(dir: string, room: Room) {
  const out = await roomFormat('ags4').exportInPlace!(
    { room, mask: bench.mask!, background: null, scaleMap: null },
    diskSource(dir),
  )
  for (const f of out.files) await writeFile(join(dir, f.path), await fileBytes(f))
  return out
}

describe('AGS 4 hotspots read', () => {
  it('brings hotspot 1 in as a painted hotspot, pixel for pixel, with its name and description', async () => {
    const room = parseRoom(JSON.parse(JSON.stringify(bench.room)))
    expect(room.hotspots).toEqual([
      {
        id: 'hexit',
        name: 'hExit',
        description: 'the Holodeck>ed',
        shape: { kind: 'mask', maskId: 1 },
        properties: {},
      },
    ])
    const stored = readPngIndices(new Uint8Array(await readFile(join(ROOM_DIR, 'hotspots.png'))))
    expect([stored.width, stored.height]).toEqual([W, H])
    expect(Buffer.compare(Buffer.from(hotspotCells(room)!), Buffer.from(stored.indices))).toBe(0)
    expect(counts(stored.indices)).toEqual({ 1: 771 })
    expect(bench.notes).toContain(
      'hotspots: 1 hExit 771 px; in the hotspot layer (names, descriptions, walk-to points, properties)',
    )
    // Nothing is a room point any more: the walk-to point belongs to its hotspot.
    expect(room.points).toBeUndefined()
  })
})

describe('AGS 4 hotspots written back in place', () => {
  it('a painted hotspot and a moved walk-to point change those pixels and those fields only', async () => {
    const dir = await copyOf('painted')
    const xmlBefore = await readFile(join(dir, 'data.xml'), 'utf8')
    const before = readPngIndices(new Uint8Array(await readFile(join(dir, 'hotspots.png')))).indices
    const room: Room = JSON.parse(JSON.stringify(bench.room))
    const cells = hotspotCells(room)!.slice()
    for (let y = 150; y < 170; y++) for (let x = 200; x < 240; x++) cells[y * W + x] = 2
    room.hotspotMask = { rows: encodeWalkBehindRows(cells, W, H) }
    room.hotspots![0].walkTo = { x: 160, y: 185 }
    // Its id as the reader makes it from the script name (AGS keeps no Walkbox ids).
    room.hotspots!.push({
      id: 'hbench',
      name: 'hBench',
      description: 'a bench',
      shape: { kind: 'mask', maskId: 2 },
      walkTo: { x: 220, y: 180 },
      properties: { Verb: 'sit' },
    })
    const out = await writeInPlace(dir, room)
    expect(out.files.map((f) => f.path).sort()).toEqual(['data.xml', 'hotspots.png'])
    const after = readPngIndices(new Uint8Array(await readFile(join(dir, 'hotspots.png')))).indices
    let changed = 0
    for (let i = 0; i < after.length; i++) {
      if (after[i] === before[i]) continue
      changed++
      expect([
        i % W >= 200 && i % W < 240,
        Math.floor(i / W) >= 150 && Math.floor(i / W) < 170,
        after[i],
      ]).toEqual([true, true, 2])
    }
    expect(changed).toBe(40 * 20)
    const xmlAfter = await readFile(join(dir, 'data.xml'), 'utf8')
    expect(changedLines(xmlBefore, xmlAfter)).toEqual([
      '<WalkToPoint>160,185</WalkToPoint>',
      '<Interactions>',
      ...Array.from({ length: 10 }, (_, i) =>
        i === 5 ? '<Event Index="5">hExit_AnyClick</Event>' : `<Event Index="${i}" />`,
      ),
      '</Interactions>',
      '</RoomHotspot>',
      '<RoomHotspot>',
      '<Description xml:space="preserve">a bench</Description>',
      '<Name>hBench</Name>',
      '<Properties>',
      '<CustomProperty>',
      '<Name>Verb</Name>',
      '<Value>sit</Value>',
      '</CustomProperty>',
      '</Properties>',
      '<WalkToPoint>220,180</WalkToPoint>',
    ])
    // Read back: the same hotspots; written again: nothing.
    const again = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    expect(again.room.hotspots).toEqual(room.hotspots)
    expect(again.room.hotspotMask).toEqual(room.hotspotMask)
    const twice = await roomFormat('ags4').exportInPlace!(
      { room: again.room, mask: again.mask!, background: null, scaleMap: null },
      diskSource(dir),
    )
    expect(twice.files).toEqual([])
  })

  it('a removed hotspot: its pixels cleared and its fields back to AGS defaults, its events kept', async () => {
    const dir = await copyOf('removed')
    const room: Room = JSON.parse(JSON.stringify(bench.room))
    room.hotspots = [{ id: 'rug', name: 'hRug', shape: { kind: 'mask', maskId: 3 }, properties: {} }]
    const cells = new Uint8Array(W * H)
    for (let x = 10; x < 20; x++) cells[190 * W + x] = 3
    room.hotspotMask = { rows: encodeWalkBehindRows(cells, W, H) }
    const out = await writeInPlace(dir, room)
    expect(out.notes).toContain(
      "hotspot 1 (hExit): not in the room any more; its pixels are cleared and its fields reset to AGS's defaults (its event functions are kept)",
    )
    expect(counts(readPngIndices(new Uint8Array(await readFile(join(dir, 'hotspots.png')))).indices)).toEqual(
      {
        3: 10,
      },
    )
    const xml = await readFile(join(dir, 'data.xml'), 'utf8')
    const { data } = readOpenRoom(xml)
    expect(data.hotspots[1]).toEqual({
      scriptName: 'hHotspot1',
      description: '',
      walkTo: { x: 0, y: 0 },
      properties: {},
    })
    expect(data.hotspots[3].scriptName).toBe('hRug')
    expect(xml).toContain('<Event Index="5">hExit_AnyClick</Event>')
    const again = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    expect(again.room.hotspots?.map((h) => h.name)).toEqual(['hRug'])
  })

  it('a polygon hotspot is painted with a free id; names are made valid for AGS; what AGS lacks is named', async () => {
    const dir = await copyOf('polygon')
    const room: Room = JSON.parse(JSON.stringify(bench.room))
    room.hotspots!.push({
      id: 'big-window',
      name: 'Big window',
      shape: {
        kind: 'polygon',
        outer: [
          [100, 20],
          [140, 20],
          [140, 40],
          [100, 40],
        ],
      },
      walkTo: { x: 0, y: 150 },
      lookAt: { x: 120, y: 30 },
      direction: 'up',
      enabledBy: 'night',
      properties: {},
    })
    const out = await writeInPlace(dir, room)
    expect(out.notes).toEqual(
      expect.arrayContaining([
        "hotspot Big window: a polygon; written as AGS hotspot 2's pixels (AGS hotspots are painted)",
        'hotspot Big window: written as Big_window (AGS script names are letters, digits and _)',
        'hotspot Big window: walk-to point at x=0; AGS reads x < 1 as no walk-to point',
        'hotspot Big window: AGS hotspots have no look-at point; not written',
        'hotspot Big window: AGS hotspots have no facing direction; not written',
        'hotspot Big window: AGS switches hotspots from scripts (Hotspot.Enabled); its condition is not written',
      ]),
    )
    const stored = readPngIndices(new Uint8Array(await readFile(join(dir, 'hotspots.png')))).indices
    expect(counts(stored)).toEqual({ 1: 771, 2: 40 * 20 })
    const { data } = readOpenRoom(await readFile(join(dir, 'data.xml'), 'utf8'))
    expect(data.hotspots[2].scriptName).toBe('Big_window')
  })

  it('a room without hotspots leaves the game hotspots as they are', async () => {
    const dir = await copyOf('none')
    const room: Room = {
      ...JSON.parse(JSON.stringify(bench.room)),
      hotspots: undefined,
      hotspotMask: undefined,
    }
    const out = await writeInPlace(dir, room)
    expect(out.files).toEqual([])
    expect(out.notes).toContain(
      "hotspots: the room has none; the game's 1 (hExit) are kept as they are (remove them in AGS)",
    )
  })
})

describe('data.xml hotspot fields', () => {
  const newer = [
    '<Room Version="1">',
    '  <Width>20</Width>',
    '  <Height>10</Height>',
    '  <Hotspots>',
    '    <RoomHotspot>',
    '      <DisplayName />',
    '      <Properties />',
    '      <ScriptName>hHotspot0</ScriptName>',
    '      <WalkToPoint>0,0</WalkToPoint>',
    '    </RoomHotspot>',
    '    <RoomHotspot>',
    '      <DisplayName>old sign</DisplayName>',
    '      <Properties>',
    '        <CustomProperty>',
    '          <Name>Verb</Name>',
    '          <Value>read</Value>',
    '        </CustomProperty>',
    '        <CustomProperty>',
    '          <Name>verb</Name>',
    '          <Value>ignored</Value>',
    '        </CustomProperty>',
    '      </Properties>',
    '      <ScriptName>hSign</ScriptName>',
    '      <WalkToPoint>12,8</WalkToPoint>',
    '    </RoomHotspot>',
    '  </Hotspots>',
    '</Room>',
  ].join('\r\n')

  it('reads the newer ScriptName/DisplayName spelling and custom properties (the first of a name)', () => {
    expect(readOpenRoom(newer).data.hotspots[1]).toEqual({
      scriptName: 'hSign',
      description: 'old sign',
      walkTo: { x: 12, y: 8 },
      properties: { Verb: 'read' },
    })
  })

  it('writes into the fields the file has, with its line ends and indentation, and nothing else', () => {
    const edit = {
      scriptName: 'hSign',
      description: 'new sign',
      walkTo: { x: 12, y: 8 },
      properties: { Verb: 'look' },
    }
    const out = patchOpenRoomHotspots(newer, new Map([[1, edit]]))
    expect(out).toBe(
      newer
        .replace(
          '<DisplayName>old sign</DisplayName>',
          '<DisplayName xml:space="preserve">new sign</DisplayName>',
        )
        .replace(
          /<Properties>\r\n[^]*?<\/Properties>/,
          [
            '<Properties>',
            '        <CustomProperty>',
            '          <Name>Verb</Name>',
            '          <Value>look</Value>',
            '        </CustomProperty>',
            '      </Properties>',
          ].join('\r\n'),
        ),
    )
    expect(readOpenRoom(out).data.hotspots[1]).toEqual(edit)
    expect(patchOpenRoomHotspots(newer, new Map())).toBe(newer)
  })
})

describe('which AGS hotspot ids are hotspots of the room', () => {
  it("leaves out ids with the editor's defaults (no description or 'Hotspot N'), keeps the rest", () => {
    const entry = (scriptName: string, description: string, x = 0) => ({
      scriptName,
      description,
      walkTo: { x, y: x === 0 ? 0 : 9 },
      properties: {},
    })
    const entries = [
      entry('hHotspot0', 'No hotspot'),
      entry('hHotspot1', 'Hotspot 1'),
      entry('hHotspot2', ''),
      entry('hHotspot3', 'Hotspot 3'),
      entry('hHotspot4', 'Hotspot 5'),
      entry('hHotspot5', 'Hotspot 5', 7),
    ]
    const cells = new Uint8Array(4 * 2)
    cells[1] = 3
    const notes: string[] = []
    const layer = hotspotLayerFromAgs(entries, cells, { width: 4, height: 2 }, notes)
    expect(
      layer.hotspots!.map((h) => [h.shape.kind === 'mask' ? h.shape.maskId : 0, h.description, h.walkTo]),
    ).toEqual([
      [3, 'Hotspot 3', undefined],
      [4, 'Hotspot 5', undefined],
      [5, 'Hotspot 5', { x: 7, y: 9 }],
    ])
    expect(notes).toContain('hotspots hHotspot4, hHotspot5: named in data.xml but with no pixels')
  })
})
