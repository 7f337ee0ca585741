/**
 * Walk-behinds on the AGS bench room (../shared/bench/engines/ags-tumbleweed, room 1; its
 * README pins walk-behind 1 = 15678 px, data.xml its baseline y=197): imported from AGS 4's
 * Rooms/1 and from AGS 3's room1.crm into the walk-behind layer, written back into a copy
 * of Rooms/1 changing only walkbehinds.png and the edited <Baseline>, and read back equal.
 *
 * Units: px.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeMask } from '../../../src/main/services/image-codec'
import { encodeIndexedPng } from '../../../src/shared/codecs/indexed-png'
import { roomFormat, type ExportFile } from '../../../src/shared/formats/registry'
import { parseRoom } from '../../../src/shared/room/schema'
import {
  decodeWalkBehindRows,
  encodeWalkBehindRows,
  walkBehindPixelCounts,
} from '../../../src/shared/room/walk-behinds'
import { benchPath } from '../../support/bench-data'
import { diskSource } from '../../support/disk-import-source'

const GAME = benchPath('engines', 'ags-tumbleweed')
const ROOM_DIR = join(GAME, 'Rooms', '1')

async function fileBytes(f: ExportFile): Promise<Uint8Array> {
  if ('text' in f) return new TextEncoder().encode(f.text)
  if ('bytes' in f) return f.bytes
  return encodeIndexedPng(f.indexed, (b) => new Uint8Array(deflateSync(b)))
}

let work = ''
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags-wb-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

describe('the bench AGS room has a walk-behind layer', () => {
  it.each([
    ['ags4', 'Rooms/1/data.xml'],
    ['ags3', 'room1.crm'],
  ])('%s: walk-behind 1 has 15678 px (the bench README) and baseline y=197', async (format, path) => {
    const imported = await roomFormat(format).importRoom!(diskSource(GAME), path, {})
    const room = parseRoom(imported.room)
    expect(room.walkBehinds?.areas).toEqual([{ id: 1, name: 'Walk-behind 1', baseline: 197 }])
    const cells = decodeWalkBehindRows(room.walkBehinds!.rows, 320, 200)
    expect(walkBehindPixelCounts(cells)).toEqual(new Map([[1, 15678]]))
    expect(imported.notes.join('\n')).toContain(
      'walk-behinds: 1 (15678 px, baseline y=197); in the walk-behind layer',
    )
  })

  it('AGS 4: import, export in place, import again gives the same layer (and writes nothing)', async () => {
    const copy = join(work, 'round-trip')
    await cp(ROOM_DIR, copy, { recursive: true })
    const first = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    const out = await roomFormat('ags4').exportInPlace!(
      { room: first.room, mask: first.mask!, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(out.files).toEqual([])
    const again = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    expect(again.room.walkBehinds).toEqual(first.room.walkBehinds)
  })

  it('AGS 4: an edited walk-behind changes only walkbehinds.png and its <Baseline>', async () => {
    const copy = join(work, 'edited')
    await cp(ROOM_DIR, copy, { recursive: true })
    const imported = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    const room = imported.room
    const cells = decodeWalkBehindRows(room.walkBehinds!.rows, 320, 200)
    // Paint a 10x10 block of walk-behind 1 at the top left and lower its baseline to 150.
    for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) cells[y * 320 + x] = 1
    room.walkBehinds = {
      areas: [{ id: 1, name: 'Walk-behind 1', baseline: 150 }],
      rows: encodeWalkBehindRows(cells, 320, 200),
    }
    const out = await roomFormat('ags4').exportInPlace!(
      { room, mask: imported.mask!, background: null, scaleMap: null },
      diskSource(copy),
    )
    expect(out.files.map((f) => f.path).sort()).toEqual(['data.xml', 'walkbehinds.png'])
    for (const f of out.files) await writeFile(join(copy, f.path), await fileBytes(f))
    const written = await decodeMask(
      new Uint8Array(await readFile(join(copy, 'walkbehinds.png'))),
      'walkbehinds.png',
    )
    expect(Buffer.compare(Buffer.from(written.cells), Buffer.from(cells))).toBe(0)
    const a = (await readFile(join(ROOM_DIR, 'data.xml'), 'utf8')).split('\n')
    const b = (await readFile(join(copy, 'data.xml'), 'utf8')).split('\n')
    expect(b).toHaveLength(a.length)
    const changed = a.flatMap((line, i) => (line === b[i] ? [] : [b[i].trim()]))
    expect(changed).toEqual(['<Baseline>150</Baseline>'])
    for (const f of ['walkableareas.png', 'hotspots.png', 'regions.png', 'background0.png'])
      expect(Buffer.compare(await readFile(join(copy, f)), await readFile(join(ROOM_DIR, f))), f).toBe(0)
    const again = await roomFormat('ags4').importRoom!(diskSource(copy), 'data.xml', {})
    expect(again.room.walkBehinds).toEqual(room.walkBehinds)
  })
})
