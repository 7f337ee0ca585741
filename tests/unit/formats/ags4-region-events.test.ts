/**
 * AGS 4 region events (the functions a region calls: Standing, WalksOnto, WalksOff, in each
 * RoomRegion's `<Interactions>` of data.xml) named on import as the zones' events and kept
 * through a write-back: the bench room given a region 1 with two of its events set; read,
 * the zone names them; written back unedited, no file; an event set in Walkbox changes that
 * one line of data.xml.
 *
 * Units: px.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { exportOpenRoomInPlace } from '../../../src/shared/formats/ags/open-room-export'
import { encodeIndexedPng } from '../../../src/shared/codecs/indexed-png'
import { roomFormat } from '../../../src/shared/formats/registry'
import { readPngPalette } from '../../../src/shared/room/mask-image'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { parseRoom } from '../../../src/shared/room/schema'
import { benchPath } from '../../support/bench-data'
import { diskSource } from '../../support/disk-import-source'

let work: string | null = null
afterEach(async () => {
  if (work) await rm(work, { recursive: true, force: true })
  work = null
})

/** The bench room with region 1 painted (a 20 x 20 block) and its Standing and WalksOnto events set. */
async function roomWithRegion(): Promise<string> {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags4-events-'))
  await cp(benchPath('engines', 'ags-tumbleweed', 'Rooms', '1'), work, { recursive: true })
  const regions = join(work, 'regions.png')
  const indices = new Uint8Array(320 * 200)
  for (let y = 150; y < 170; y++) indices.fill(1, y * 320 + 100, y * 320 + 120)
  const palette = readPngPalette(new Uint8Array(await readFile(regions)))!
  await writeFile(
    regions,
    await encodeIndexedPng(
      { width: 320, height: 200, indices, palette },
      (b) => new Uint8Array(deflateSync(b)),
    ),
  )
  const xml = await readFile(join(work, 'data.xml'), 'utf8')
  const at = xml.indexOf('<RoomRegion>', xml.indexOf('<RoomRegion>') + 1)
  const region1 = xml
    .slice(at)
    .replace('<Event Index="0" />', '<Event Index="0">region1_Standing</Event>')
    .replace('<Event Index="1" />', '<Event Index="1">region1_WalksOnto</Event>')
  await writeFile(join(work, 'data.xml'), xml.slice(0, at) + region1)
  return work
}

describe('AGS 4 region events', () => {
  it('are named on import, kept unedited, and an event set changes that line only', async () => {
    const dir = await roomWithRegion()
    const imported = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    const room = normaliseRoom(parseRoom(JSON.parse(JSON.stringify(imported.room))))
    expect(room.zones.map((z) => [z.properties.agsRegion, z.events])).toEqual([
      ['1', { stand: 'region1_Standing', enter: 'region1_WalksOnto', exit: '' }],
    ])
    const input = { room, mask: imported.mask!, background: null, scaleMap: null }
    expect((await exportOpenRoomInPlace(input, diskSource(dir))).files).toEqual([])

    room.zones[0].events.exit = 'region1_WalksOff'
    const out = await exportOpenRoomInPlace(input, diskSource(dir))
    expect(out.files.map((f) => f.path)).toEqual(['data.xml'])
    const before = (await readFile(join(dir, 'data.xml'), 'utf8')).split('\n')
    const file = out.files[0]
    if (!('bytes' in file)) throw new Error('expected bytes')
    const after = new TextDecoder().decode(file.bytes).split('\n')
    expect(after.length).toBe(before.length)
    const changed = after.map((l, i) => [before[i], l]).filter(([a, b]) => a !== b)
    expect(changed).toEqual([
      ['        <Event Index="2" />', '        <Event Index="2">region1_WalksOff</Event>'],
    ])
    await writeFile(join(dir, 'data.xml'), file.bytes)
    const again = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    expect(again.room.zones[0].events).toEqual({
      stand: 'region1_Standing',
      enter: 'region1_WalksOnto',
      exit: 'region1_WalksOff',
    })
  })
})
