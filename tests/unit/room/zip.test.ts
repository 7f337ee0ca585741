/**
 * Projects as .zip files: what writeZip makes, readZip (and the system's own unzip) read
 * back byte for byte; deflated entries (a zip made again by another tool) are read through
 * the host's inflate; paths that leave the folder, too many or too large entries and damaged
 * checksums are refused naming the file.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32, readZip, writeZip, ZIP_LIMITS, type ZipEntry } from '../../../src/shared/room/zip'

const inflate = async (data: Uint8Array) => new Uint8Array(inflateRawSync(data))
const text = (s: string) => new TextEncoder().encode(s)

const entries: ZipEntry[] = [
  { path: 'project.walkbox.json', bytes: text('{"name":"Zürich"}\n') },
  { path: 'rooms/porch/room.json', bytes: text('{}') },
  { path: 'rooms/porch/background.png', bytes: new Uint8Array(3000).map((_, i) => (i * 7) % 256) },
  { path: 'rooms/empty.txt', bytes: new Uint8Array(0) },
]

/** A zip whose single entry is deflated (as zip tools write them), built by hand from the format. */
function deflatedZip(path: string, bytes: Uint8Array): Uint8Array {
  const stored = writeZip([{ path, bytes }])
  const packed = new Uint8Array(deflateRawSync(bytes))
  const name = text(path)
  const out = new Uint8Array(stored.length - bytes.length + packed.length)
  const local = stored.subarray(0, 30 + name.length).slice()
  const lv = new DataView(local.buffer)
  lv.setUint16(8, 8, true)
  lv.setUint32(18, packed.length, true)
  const central = stored.subarray(30 + name.length + bytes.length, stored.length - 22).slice()
  const cv = new DataView(central.buffer)
  cv.setUint16(10, 8, true)
  cv.setUint32(20, packed.length, true)
  const end = stored.subarray(stored.length - 22).slice()
  new DataView(end.buffer).setUint32(16, local.length + packed.length, true)
  out.set(local, 0)
  out.set(packed, local.length)
  out.set(central, local.length + packed.length)
  out.set(end, local.length + packed.length + central.length)
  return out
}

describe('project zips', () => {
  it('round-trips every file byte for byte, and the system unzip agrees', async () => {
    const zip = writeZip(entries)
    const back = await readZip(zip, 'p.zip', inflate)
    expect(back.map((e) => e.path)).toEqual(entries.map((e) => e.path))
    back.forEach((e, i) => expect(Buffer.from(e.bytes).equals(Buffer.from(entries[i].bytes))).toBe(true))
    const dir = mkdtempSync(join(tmpdir(), 'walkbox-zip-'))
    writeFileSync(join(dir, 'p.zip'), zip)
    execFileSync('python3', ['-m', 'zipfile', '-e', join(dir, 'p.zip'), join(dir, 'out')])
    expect(readFileSync(join(dir, 'out/project.walkbox.json'), 'utf8')).toBe('{"name":"Zürich"}\n')
    expect(
      readFileSync(join(dir, 'out/rooms/porch/background.png')).equals(Buffer.from(entries[2].bytes)),
    ).toBe(true)
  })

  it('reads deflated entries through the host, and checks their checksum', async () => {
    const bytes = text('a room file '.repeat(200))
    const [entry] = await readZip(deflatedZip('rooms/a/room.json', bytes), 'd.zip', inflate)
    expect(new TextDecoder().decode(entry.bytes)).toBe('a room file '.repeat(200))
    const damaged = writeZip([{ path: 'x.json', bytes: text('hello') }])
    damaged[30 + 'x.json'.length] ^= 1
    await expect(readZip(damaged, 'bad.zip', inflate)).rejects.toThrow(
      "bad.zip: 'x.json' is damaged (checksum)",
    )
  })

  it('refuses paths that leave the folder, too many or too large files, and what is not a zip', async () => {
    for (const path of ['../evil.json', '/etc/passwd', 'rooms/../../x', 'C:/x', 'a\\\\b'])
      await expect(readZip(writeZip([{ path, bytes: text('x') }]), 'evil.zip', inflate)).rejects.toThrow(
        `evil.zip: '${path}' is not a path inside the project`,
      )
    await expect(
      readZip(writeZip(entries), 'many.zip', inflate, { ...ZIP_LIMITS, maxEntries: 3 }),
    ).rejects.toThrow('many.zip: holds 4 files; at most 3 are read')
    await expect(
      readZip(writeZip(entries), 'big.zip', inflate, { ...ZIP_LIMITS, maxEntryBytes: 1000 }),
    ).rejects.toThrow("big.zip: 'rooms/porch/background.png' is 3000 bytes; at most 1000 per file")
    await expect(readZip(text('hello, not a zip'), 'x.zip', inflate)).rejects.toThrow(
      'x.zip: is not a zip file (no end record)',
    )
  })

  it('computes the CRC-32 zip files use', () => {
    expect(crc32(text('123456789'))).toBe(0xcbf43926)
    expect(crc32(new Uint8Array(0))).toBe(0)
  })
})
