/**
 * AGS's limits on hotspots and walk-behinds (issue 18, item 5): ids above what AGS reads
 * are named in the notes on import and on the write back, and never dropped: a walk-behind
 * above 15 stays in the walk-behind layer and its pixels are written back.
 * (Walkable areas and regions above 15: ags-rooms.test.ts.)
 *
 * Units: px.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { folderSource } from '../../../src/cli/format-commands'
import { decodeMask } from '../../../src/main/services/image-codec'
import { encodeIndexedPng } from '../../../src/shared/codecs/indexed-png'
import { roomFormat } from '../../../src/shared/formats/registry'
import { benchPath } from '../../support/bench-data'

const ROOM_DIR = benchPath('engines', 'ags-tumbleweed', 'Rooms', '1')
let work = ''
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags-limits-'))
})
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

const palette = Array.from({ length: 64 }, (_, i) => `#${(i * 4).toString(16).padStart(2, '0')}4080`)
const png = (indices: Uint8Array) =>
  encodeIndexedPng({ width: 320, height: 200, indices, palette }, (b) => new Uint8Array(deflateSync(b)))

async function mask(file: string): Promise<Uint8Array> {
  return (await decodeMask(await readFile(join(ROOM_DIR, file)), file)).cells
}

describe("AGS's limits on hotspots and walk-behinds", () => {
  it('names hotspot 55 and walk-behind 20, keeps the walk-behind and writes its pixels back', async () => {
    const copy = join(work, 'room')
    await cp(ROOM_DIR, copy, { recursive: true })
    const hotspots = await mask('hotspots.png')
    for (let y = 20; y < 30; y++) for (let x = 20; x < 40; x++) hotspots[y * 320 + x] = 55
    const behinds = await mask('walkbehinds.png')
    for (let y = 100; y < 110; y++) for (let x = 250; x < 270; x++) behinds[y * 320 + x] = 20
    await writeFile(join(copy, 'hotspots.png'), await png(hotspots))
    await writeFile(join(copy, 'walkbehinds.png'), await png(behinds))

    const imported = await roomFormat('ags4').importRoom!(folderSource(copy), 'data.xml', {})
    const notes = imported.notes.join('\n')
    expect(notes).toContain("hotspots 55: above AGS's 49; AGS ignores them")
    expect(notes).toContain("walk-behinds 20: above AGS's 15; AGS ignores them")
    expect(imported.room.walkBehinds?.areas.map((a) => a.id)).toContain(20)

    const out = await roomFormat('ags4').exportInPlace!(
      { room: imported.room, mask: imported.mask!, background: null, scaleMap: null },
      folderSource(copy),
    )
    expect(out.notes.join('\n')).toMatch(/walk-behinds 20: above AGS's 15 .*their pixels are written/)
    const written = out.files.find((f) => f.path === 'walkbehinds.png')
    // Unedited: the mask file is not rewritten, so walk-behind 20 stays in the game as drawn.
    if (written && 'indexed' in written) {
      const n = written.indexed.indices.filter((v) => v === 20).length
      expect(n).toBe(200)
    } else {
      expect((await mask('walkbehinds.png')).filter((v) => v === 20).length).toBe(0)
      expect(
        (await decodeMask(await readFile(join(copy, 'walkbehinds.png')), 'walkbehinds.png')).cells.filter(
          (v) => v === 20,
        ).length,
      ).toBe(200)
    }
  })
})
