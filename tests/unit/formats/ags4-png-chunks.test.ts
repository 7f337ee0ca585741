/**
 * AGS 4 masks rewritten in place keep the file's ancillary PNG chunks (png-chunks.ts
 * keptAncillaryChunks): the bench room's walkableareas.png (as AGS 4 saved it: a pHYs
 * chunk) is given sRGB, gAMA and cHRM before its palette, tEXt and iTXt around its pixels, and the chunks a new picture must not
 * carry over (tIME: when it last changed; hIST: how often each colour is used); one pixel
 * is painted and the room written back: the new file has the kept chunks where the PNG
 * specification wants them, not the others, and its pixels (read by sharp, not Walkbox)
 * hold the edit. And continuous scaling of 60%..100% comes back 60%..100% through the
 * folder, at mask resolution 1 and 2.
 *
 * Units: px; bytes.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { exportOpenRoomInPlace } from '../../../src/shared/formats/ags/open-room-export'
import { roomFormat } from '../../../src/shared/formats/registry'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { parseRoom } from '../../../src/shared/room/schema'
import { benchPath } from '../../support/bench-data'
import { diskSource } from '../../support/disk-import-source'

const ROOM = benchPath('engines', 'ags-tumbleweed', 'Rooms', '1')
let work: string | null = null
afterEach(async () => {
  if (work) await rm(work, { recursive: true, force: true })
  work = null
})

async function roomCopy(): Promise<string> {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags4-chunks-'))
  await cp(ROOM, work, { recursive: true })
  return work
}

/** A PNG's chunks, in order, read here byte by byte. */
function chunks(png: Uint8Array): { type: string; data: Buffer }[] {
  const b = Buffer.from(png)
  const out: { type: string; data: Buffer }[] = []
  for (let at = 8; at < b.length;) {
    const length = b.readUInt32BE(at)
    out.push({ type: b.toString('latin1', at + 4, at + 8), data: b.subarray(at + 8, at + 8 + length) })
    at += 12 + length
  }
  return out
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
  return Buffer.concat([head, data, crc])
}

/** The PNG with `extra` chunks put before the chunk of type `before`. */
function withChunks(png: Uint8Array, extra: Record<string, [string, Buffer][]>): Buffer {
  const parts: Buffer[] = [Buffer.from(png.subarray(0, 8))]
  for (const c of chunks(png)) {
    for (const [type, data] of extra[c.type] ?? []) parts.push(chunk(type, data))
    parts.push(chunk(c.type, c.data))
  }
  return Buffer.concat(parts)
}

describe('AGS 4 masks written again keep their ancillary chunks', () => {
  it('sRGB, gAMA, cHRM before PLTE, pHYs before IDAT, text kept; tIME and hIST left out', async () => {
    const dir = await roomCopy()
    const file = join(dir, 'walkableareas.png')
    const original = new Uint8Array(await readFile(file))
    const gama = Buffer.alloc(4)
    gama.writeUInt32BE(45455)
    // AGS 4 wrote a pHYs of its own; it is kept as it is.
    const phys = chunks(original).find((c) => c.type === 'pHYs')!.data
    expect(phys.length).toBe(9)
    const chrm = Buffer.alloc(32, 1)
    const entries = chunks(original).find((c) => c.type === 'PLTE')!.data.length / 3
    const decorated = withChunks(original, {
      PLTE: [
        ['sRGB', Buffer.from([0])],
        ['gAMA', gama],
        ['cHRM', chrm],
      ],
      IDAT: [
        ['hIST', Buffer.alloc(entries * 2)],
        ['tEXt', Buffer.from('Author\0room painter', 'latin1')],
      ],
      IEND: [
        ['tIME', Buffer.from([7, 234, 11, 27, 10, 0, 0])],
        ['iTXt', Buffer.from('Comment\0\0\0\0\0walkable', 'latin1')],
      ],
    })
    await writeFile(file, decorated)
    const imported = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    const room = normaliseRoom(parseRoom(JSON.parse(JSON.stringify(imported.room))))
    const mask = imported.mask!.slice()
    const at = 20 * 320 + 160
    expect(mask[at]).toBe(0)
    mask[at] = 1
    const result = await exportOpenRoomInPlace(
      { room, mask, background: null, scaleMap: null },
      diskSource(dir),
    )
    const written = result.files.find((f) => f.path === 'walkableareas.png')!
    if (!('indexed' in written)) throw new Error('expected an indexed mask')
    const { encodeIndexedPng } = await import('../../../src/shared/codecs/indexed-png')
    const { deflateSync } = await import('node:zlib')
    const png = await encodeIndexedPng(written.indexed, (b) => new Uint8Array(deflateSync(b)))
    const types = chunks(png).map((c) => c.type)
    expect(types).toEqual(['IHDR', 'sRGB', 'gAMA', 'cHRM', 'PLTE', 'pHYs', 'tEXt', 'IDAT', 'iTXt', 'IEND'])
    const byType = new Map(chunks(png).map((c) => [c.type, c.data]))
    expect(byType.get('gAMA')!.equals(gama)).toBe(true)
    expect(byType.get('pHYs')!.equals(phys)).toBe(true)
    // Every chunk's CRC is right, and sharp reads the pixels with the edit in them.
    const { data, info } = await sharp(Buffer.from(png)).raw().toBuffer({ resolveWithObject: true })
    const before = await sharp(Buffer.from(original)).raw().toBuffer()
    const differs: number[] = []
    for (let i = 0; i < info.width * info.height; i++)
      for (let c = 0; c < info.channels; c++)
        if (data[i * info.channels + c] !== before[i * info.channels + c]) {
          differs.push(i)
          break
        }
    expect(differs).toEqual([at])
  })
})

describe('continuous scaling through an AGS 4 room folder', () => {
  for (const resolution of [1, 2])
    it(`60%..100% comes back 60%..100% (mask resolution ${resolution}), and writes nothing`, async () => {
      const dir = await roomCopy()
      let xml = await readFile(join(dir, 'data.xml'), 'utf8')
      let k = 0
      xml = xml.replace(
        /<MinScalingLevel>100<\/MinScalingLevel>([\s\S]*?)<UseContinuousScaling>False/g,
        (m, mid) => (k++ === 1 ? `<MinScalingLevel>60</MinScalingLevel>${mid}<UseContinuousScaling>True` : m),
      )
      expect(k).toBeGreaterThan(1)
      if (resolution === 2) {
        xml = xml.replace(/<MaskResolution>1<\/MaskResolution>/, '<MaskResolution>2</MaskResolution>')
        for (const m of ['walkableareas.png', 'regions.png', 'hotspots.png'])
          await writeFile(
            join(dir, m),
            await sharp(join(ROOM, m))
              .resize(160, 100, { kernel: 'nearest' })
              .png({ palette: true })
              .toBuffer(),
          )
      }
      await writeFile(join(dir, 'data.xml'), xml)
      const imported = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
      const room = normaliseRoom(parseRoom(JSON.parse(JSON.stringify(imported.room))))
      const stops = room.scaling.linear.find((l) => l.areaId === 1)!.stops
      expect(stops.map((s) => s.scale)).toEqual([60, 100])
      const result = await exportOpenRoomInPlace(
        { room, mask: imported.mask!, background: null, scaleMap: null },
        diskSource(dir),
      )
      expect(result.files).toEqual([])
    })
})
