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
import { deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { inflateZipEntry } from '../../../src/main/services/zip-inflate'
import { readProjectZip } from '../../../src/shared/room/project-zip'
import {
  crc32,
  readZip,
  writeZip,
  ZIP_LIMITS,
  type ZipEntry,
  type ZipInflater,
} from '../../../src/shared/room/zip'
import { deflatedEntry, projectText, rawZip, storedEntry, zeroBomb } from '../../support/hostile-zips'

const inflate = inflateZipEntry
const MIB = 1024 * 1024
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

  it('dates its files with real dates the system reads back (not 1980-00-00)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'walkbox-zip-'))
    const when = new Date(2024, 4, 17, 13, 45, 31)
    const dated = writeZip([entries[0], { ...entries[1], modified: new Date(2001, 0, 2, 3, 4, 6) }], {
      modified: when,
    })
    writeFileSync(join(dir, 'dated.zip'), dated)
    writeFileSync(join(dir, 'undated.zip'), writeZip([entries[0]]))
    const read = (file: string) =>
      execFileSync('python3', [
        '-c',
        'import sys, zipfile; [print(list(i.date_time)) for i in zipfile.ZipFile(sys.argv[1]).infolist()]',
        join(dir, file),
      ])
        .toString()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
    // Two-second steps, local time, as MS-DOS dates go.
    expect(read('dated.zip')).toEqual([
      [2024, 5, 17, 13, 45, 30],
      [2001, 1, 2, 3, 4, 6],
    ])
    expect(read('undated.zip')).toEqual([[1980, 1, 1, 0, 0, 0]])
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
    for (const [path, problem] of [
      ['../evil.json', "goes up with '..'"],
      ['/etc/passwd', 'is absolute'],
      ['rooms/../../x', "goes up with '..'"],
      ['C:/x', 'is absolute'],
      ['a\\\\b', "contains '\\'; expected '/' between folders"],
    ])
      await expect(readZip(writeZip([{ path, bytes: text('x') }]), 'evil.zip', inflate)).rejects.toThrow(
        `evil.zip: ${JSON.stringify(path)} ${problem}; paths must stay inside the project`,
      )
    await expect(
      readZip(writeZip(entries), 'many.zip', inflate, { ...ZIP_LIMITS, maxEntries: 3 }),
    ).rejects.toThrow('many.zip: holds 4 files; at most 3 are read')
    await expect(
      readZip(writeZip(entries), 'big.zip', inflate, { ...ZIP_LIMITS, maxEntryBytes: () => 1000 }),
    ).rejects.toThrow(
      "big.zip: 'rooms/porch/background.png' inflates to 3 kB; expected at most 1000 bytes (Walkbox's limit for this file)",
    )
    await expect(readZip(text('hello, not a zip'), 'x.zip', inflate)).rejects.toThrow(
      'x.zip: is not a zip file (no end record)',
    )
  })

  it('computes the CRC-32 zip files use, also in pieces', () => {
    expect(crc32(text('123456789'))).toBe(0xcbf43926)
    expect(crc32(new Uint8Array(0))).toBe(0)
    expect(crc32(text('6789'), crc32(text('12345')))).toBe(0xcbf43926)
  })
})

/** The desktop inflater, counting the calls and the bytes it hands out. */
function countingInflater(): { inflate: ZipInflater; calls: number; bytes: number } {
  const counts = {
    calls: 0,
    bytes: 0,
    inflate: async function* (packed: Uint8Array, atMost: number) {
      counts.calls++
      for await (const chunk of inflateZipEntry(packed, atMost)) {
        counts.bytes += chunk.length
        yield chunk
      }
    } as ZipInflater,
  }
  return counts
}

const project = deflatedEntry('project.walkbox.json', text(projectText()))

describe('zip bombs and lying headers', () => {
  it('refuses a bomb from its file list, before inflating anything', async () => {
    const block = zeroBomb(200 * MIB, false)
    const zip = rawZip([
      project,
      { path: 'rooms/a/x.png', packed: block.packed, method: 8, size: 200 * MIB, crc: 0 },
    ])
    const counter = countingInflater()
    await expect(readZip(zip, 'bomb.zip', counter.inflate)).rejects.toThrow(
      /^bomb\.zip: 'rooms\/a\/x\.png' would inflate \d{3,4} times its packed size; expected at most 100 times \(a zip bomb\?\)$/,
    )
    expect(counter.calls).toBe(0)
  })

  it('stops an entry the moment it passes the size its header gives', async () => {
    const block = zeroBomb(256 * MIB, false)
    const zip = rawZip([
      project,
      { path: 'rooms/a/room.json', packed: block.packed, method: 8, size: 1000, crc: 0 },
    ])
    const counter = countingInflater()
    await expect(readZip(zip, 'liar.zip', counter.inflate)).rejects.toThrow(
      "liar.zip: 'rooms/a/room.json' inflates past the 1000 bytes its header gives (a zip bomb?)",
    )
    // Not the 256 MB it holds: at most one chunk past what it claims.
    expect(counter.bytes).toBeLessThanOrEqual(1000 + 256 * 1024)
  })

  it("holds each file to what the project reads it with: 64 MB for a room file, 4 MB for the project's", async () => {
    const room = zeroBomb(65 * MIB, false)
    const roomZip = rawZip([
      project,
      { path: 'rooms/a/room.json', packed: room.packed, method: 8, size: 65 * MIB, crc: 0 },
    ])
    await expect(readZip(roomZip, 'room.zip', inflate)).rejects.toThrow(
      "room.zip: 'rooms/a/room.json' inflates to 65 MB; expected at most 64 MB (Walkbox's limit for this file)",
    )
    const big = storedEntry('project.walkbox.json', new Uint8Array(5 * MIB))
    await expect(readZip(rawZip([big]), 'p.zip', inflate)).rejects.toThrow(
      "p.zip: 'project.walkbox.json' inflates to 5 MB; expected at most 4 MB (Walkbox's limit for this file)",
    )
  })

  it('refuses a zip whose files together pass the total, from the file list', async () => {
    const parts = [1, 2, 3].map((n) => deflatedEntry(`rooms/a/${n}.png`, new Uint8Array(1000).fill(n)))
    const counter = countingInflater()
    await expect(
      readZip(rawZip(parts), 'total.zip', counter.inflate, { ...ZIP_LIMITS, maxTotalBytes: 2500 }),
    ).rejects.toThrow("total.zip: inflates to more than 2 kB (Walkbox's limit for a whole zip)")
    expect(counter.calls).toBe(0)
  })

  it('refuses a path twice, a file that is also a folder and damaged deflate, naming the entry', async () => {
    const twice = rawZip([
      project,
      storedEntry('rooms/a/room.json', text('{}')),
      storedEntry('rooms/a/room.json', text('[]')),
    ])
    await expect(readZip(twice, 't.zip', inflate)).rejects.toThrow("t.zip: holds 'rooms/a/room.json' twice")
    const both = rawZip([storedEntry('rooms/a', text('x')), storedEntry('rooms/a/room.json', text('{}'))])
    await expect(readZip(both, 'b.zip', inflate)).rejects.toThrow(
      "b.zip: holds 'rooms/a' both as a file and as a folder",
    )
    const garbage = {
      ...deflatedEntry('rooms/a/room.json', text('{}')),
      packed: new Uint8Array([0xff, 0xff, 0xff]),
    }
    await expect(readZip(rawZip([garbage]), 'g.zip', inflate)).rejects.toThrow(
      /^g\.zip: 'rooms\/a\/room\.json' is damaged \(.+\)$/,
    )
  })
})

describe('project zips as the hosts take them in', () => {
  it('says that nothing was imported, in one line', async () => {
    await expect(readProjectZip(text('not a zip'), 'junk.zip', inflate)).rejects.toThrow(
      'junk.zip: is not a zip file (no end record); nothing was imported',
    )
    const noProject = rawZip([storedEntry('rooms/a/room.json', text('{}'))])
    await expect(readProjectZip(noProject, 'n.zip', inflate)).rejects.toThrow(
      'n.zip: expected a Walkbox project (no project.walkbox.json at its top); nothing was imported',
    )
  })

  it('refuses a save journal, staged files and backups (a host would act on them when it opens the project)', async () => {
    for (const path of ['.walkbox-save.json', 'rooms/a/room.json.walkbox-new', 'backups/x/backup.json']) {
      const zip = rawZip([project, storedEntry(path, text('{}'))])
      await expect(readProjectZip(zip, 'j.zip', inflate)).rejects.toThrow(
        `j.zip: '${path}' is not a project file (backups, save journals and staged files are never imported); nothing was imported`,
      )
    }
  })
})
