/**
 * Hostile .zip projects through the desktop's real IPC handler (importProjectZip, the
 * dialog answering a new folder) and the project store: a 2 GB zip bomb, a header that lies
 * about its size and a room file over its limit are each refused at once in one true line,
 * with nothing written (the chosen folder never made, a hidden `.git/` in an empty one left
 * as it was); 19,999 tiny entries import whole, flushed together rather than one by one,
 * with no staging folder left.
 *
 * Each refusal runs under REFUSAL_MS (5 s); before the zip was streamed the bomb took 15 s
 * and 2.7 GB and the 19,999 entries 25 s (docs/benchmarks.md, bench/zip-import.ts).
 */
import { mkdir, open, readdir, readFile, stat, writeFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyRoom } from '../../../src/shared/room/schema'
import {
  deflatedEntry,
  projectText,
  rawZip,
  storedEntry,
  zeroBomb,
  type RawEntry,
} from '../../support/hostile-zips'
import { fingerprint, makeFixture, refusal, REFUSAL_MS, type Fixture } from './hostile'

let fx: Fixture
beforeEach(async () => {
  fx = await makeFixture()
})
afterEach(async () => fx.remove())

const MIB = 1024 * 1024
const encode = (text: string) => new TextEncoder().encode(text)

/** A valid one-room project (room 'a'), as entries. */
function base(): RawEntry[] {
  return [
    deflatedEntry('project.walkbox.json', encode(projectText('Zipped'))),
    deflatedEntry('rooms/a/room.json', encode(JSON.stringify(emptyRoom({ id: 'a', width: 64, height: 48 })))),
  ]
}

/** Import `zip` as `name` into `folder` through IPC; the refusal, with nothing written anywhere. */
async function refusedImport(
  zip: Uint8Array,
  name: string,
  folder = join(fx.dir, 'imported'),
): Promise<string> {
  const before = await fingerprint(fx.dir)
  fx.answers.newFolder = folder
  const message = await refusal(fx.ipc.importProjectZip({ fileName: name, bytes: zip }))
  expect(await fingerprint(fx.dir)).toEqual(before)
  return message
}

describe('zip bombs through the desktop import', { timeout: REFUSAL_MS }, () => {
  it('a 2 GB bomb (eight entries of 250 MB of zeros in 2 MB) is refused from its file list', async () => {
    const block = zeroBomb(250 * MIB, false)
    const junk = [1, 2, 3, 4, 5, 6, 7, 8].map((n): RawEntry => ({
      path: `rooms/a/junk-${n}.png`,
      packed: block.packed,
      method: 8,
      size: 250 * MIB,
      crc: 0,
    }))
    const message = await refusedImport(rawZip([...base(), ...junk]), 'bomb.zip')
    expect(message).toMatch(
      /^bomb\.zip: 'rooms\/a\/junk-1\.png' would inflate \d+ times its packed size; expected at most 100 times \(a zip bomb\?\); nothing was imported$/,
    )
  })

  it('a room file whose header says 1,000 bytes and that inflates to 1 GB stops at 1,000', async () => {
    const block = zeroBomb(1024 * MIB, false)
    const [project] = base()
    const liar: RawEntry = { path: 'rooms/a/room.json', packed: block.packed, method: 8, size: 1000, crc: 0 }
    expect(await refusedImport(rawZip([project, liar]), 'liar.zip')).toBe(
      "liar.zip: 'rooms/a/room.json' inflates past the 1000 bytes its header gives (a zip bomb?); nothing was imported",
    )
  })

  it('a 65 MB room file is refused on the size its header gives', async () => {
    const block = zeroBomb(65 * MIB, false)
    const [project] = base()
    const room: RawEntry = {
      path: 'rooms/a/room.json',
      packed: block.packed,
      method: 8,
      size: 65 * MIB,
      crc: 0,
    }
    expect(await refusedImport(rawZip([project, room]), 'room.zip')).toBe(
      "room.zip: 'rooms/a/room.json' inflates to 65 MB; expected at most 64 MB (Walkbox's limit for this file); nothing was imported",
    )
  })

  it('a project whose room does not load leaves an empty folder empty', async () => {
    const folder = join(fx.dir, 'empty')
    await mkdir(folder)
    const [project] = base()
    const zip = rawZip([project, storedEntry('rooms/a/room.json', encode('not json'))])
    expect(await refusedImport(zip, 'broken.zip', folder)).toMatch(
      /^broken\.zip: rooms\/a\/room\.json[^\n]*$/,
    )
    expect(await readdir(folder)).toEqual([])
  })

  it('a folder holding only hidden files (.git) is not empty: refused, .git untouched', async () => {
    const folder = join(fx.dir, 'repo')
    await mkdir(join(folder, '.git'), { recursive: true })
    await writeFile(join(folder, '.git', 'HEAD'), 'ref: refs/heads/main\n')
    expect(await refusedImport(rawZip(base()), 'ok.zip', folder)).toBe(
      `${folder} is not empty; choose a new or empty folder (Walkbox never writes over files it did not make)`,
    )
    expect(await readdir(folder)).toEqual(['.git'])
    expect(await readFile(join(folder, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/main\n')
  })
})

describe('many small entries', () => {
  // How fast is measured by bench/zip-import.ts (25 s before, under 5 s after); what is
  // checked here is why: the files are flushed together, not one flush each.
  it('19,999 entries import whole, flushed together, with no staging folder left', async () => {
    const notes = Array.from({ length: 19_997 }, (_, i) =>
      deflatedEntry(`rooms/a/notes/n${String(i).padStart(5, '0')}.txt`, encode(`note ${i}\n`)),
    )
    const folder = join(fx.dir, 'many')
    fx.answers.newFolder = folder
    const probe = await open(join(fx.dir, 'probe'), 'w')
    const flushes = vi.spyOn(Object.getPrototypeOf(probe) as FileHandle, 'sync')
    await probe.close()
    try {
      const opened = await fx.ipc.importProjectZip({
        fileName: 'many.zip',
        bytes: rawZip([...base(), ...notes]),
      })
      expect(opened).toMatchObject({ project: { name: 'Zipped' } })
      // A flush per folder (a handful), none per file; a per-file flush took 7.5 s of the 25.
      expect(flushes.mock.calls.length).toBeLessThan(100)
    } finally {
      flushes.mockRestore()
    }
    expect((await readdir(folder)).sort()).toEqual(['project.walkbox.json', 'rooms'])
    expect(await readdir(join(folder, 'rooms/a/notes'))).toHaveLength(19_997)
    expect(await readFile(join(folder, 'rooms/a/notes/n12345.txt'), 'utf8')).toBe('note 12345\n')
    expect((await stat(join(folder, 'rooms/a/room.json'))).isFile()).toBe(true)
  })
})
