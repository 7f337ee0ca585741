/**
 * AGS background frames (rooms with 2 to 5 backgrounds): an AGS 4 room folder with
 * `background1.png`, `background2.png` and `BackgroundCount` 3, and an AGS 3 `.crm` with a
 * block 6, both built from the bench's room 1, import every frame pixel for pixel; hostile
 * frame data is refused in one line or noted; an unedited room with frames is written back
 * byte-identical.
 *
 * Units: px.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeImage } from '../../../src/main/services/image-codec'
import { readCrm } from '../../../src/shared/formats/ags/crm'
import { roomFormat } from '../../../src/shared/formats/registry'
import { encodeRgbaPng } from '../../../src/shared/codecs/rgba-png'
import { parseRoom } from '../../../src/shared/room/schema'
import { framesBlock, lzwFrame, stripes, withBlock } from '../../support/ags-crm-frames'
import { benchPath } from '../../support/bench-data'
import { diskSource } from '../../support/disk-import-source'

const GAME = benchPath('engines', 'ags-tumbleweed')
const ROOM_DIR = join(GAME, 'Rooms', '1')
const W = 320
const H = 200

/** How many pixels of two RGBA images differ (0 = pixel-exact). */
function differing(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.max(a.length, b.length)
  let n = 0
  for (let i = 0; i < a.length; i += 4)
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) n++
  return n
}

let work = ''
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags-frames-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

/** A copy of Rooms/1 with `count` backgrounds: frames 2.. striped, data.xml's BackgroundCount set. */
async function roomWithFrames(name: string, count: number, sizes: { w: number; h: number }[] = []) {
  const dir = join(work, name)
  await cp(ROOM_DIR, dir, { recursive: true })
  const xml = await readFile(join(dir, 'data.xml'), 'utf8')
  await writeFile(
    join(dir, 'data.xml'),
    xml.replace('<BackgroundCount>1</BackgroundCount>', `<BackgroundCount>${count}</BackgroundCount>`),
  )
  const frames: Uint8Array[] = []
  for (let i = 1; i < count; i++) {
    const { w, h } = sizes[i - 1] ?? { w: W, h: H }
    const rgba = stripes(w, h, i)
    frames.push(rgba)
    await writeFile(join(dir, `background${i}.png`), encodeRgbaPng(w, h, rgba))
  }
  return { dir, frames }
}

describe('AGS 4 room folder with background frames', () => {
  it('imports background1.png and background2.png as frames 2 and 3, pixel-exact, with the delay', async () => {
    const { dir, frames } = await roomWithFrames('three', 3)
    const result = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    const room = parseRoom(JSON.parse(JSON.stringify(result.room)))
    expect(room.background).toBe('background.png')
    expect(room.backgroundFrames).toEqual([{ file: 'background1.png' }, { file: 'background2.png' }])
    expect(room.backgroundAnimationDelay).toBe(5)
    expect(result.backgroundFrames?.map((f) => f.name)).toEqual(['background1.png', 'background2.png'])
    for (const [i, f] of result.backgroundFrames!.entries()) {
      const decoded = await decodeImage(f.bytes, f.name)
      expect([decoded.width, decoded.height]).toEqual([W, H])
      expect(differing(decoded.data, frames[i]), f.name).toBe(0)
      // The files are carried as they are (Walkbox does not edit pixels).
      expect(Buffer.compare(Buffer.from(f.bytes), await readFile(join(dir, f.name)))).toBe(0)
    }
    expect(result.notes.join('\n')).toContain('backgrounds: 3 frames')
  })

  it('a room with one background has no frames field', async () => {
    const result = await roomFormat('ags4').importRoom!(diskSource(ROOM_DIR), 'data.xml', {})
    expect(result.room.backgroundFrames).toBeUndefined()
    expect(result.room.backgroundAnimationDelay).toBeUndefined()
    expect(result.backgroundFrames).toBeUndefined()
  })

  it('a frame of another size, or a missing one, is a note and ends the frames', async () => {
    const { dir } = await roomWithFrames('sizes', 3, [
      { w: W, h: H },
      { w: 100, h: 50 },
    ])
    const result = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    expect(result.room.backgroundFrames).toEqual([{ file: 'background1.png' }])
    expect(result.notes).toContain(
      'background2.png: 100x50; the room is 320x200; background frames 3..3 are not carried',
    )
    const missing = await roomWithFrames('missing', 2)
    await rm(join(missing.dir, 'background1.png'))
    const none = await roomFormat('ags4').importRoom!(diskSource(missing.dir), 'data.xml', {})
    expect(none.room.backgroundFrames).toBeUndefined()
    expect(none.notes.join('\n')).toMatch(/background1\.png: missing beside data\.xml \(BackgroundCount 2\)/)
  })

  it('BackgroundCount above 5 is refused in one line', async () => {
    const { dir } = await roomWithFrames('six', 1)
    const xml = await readFile(join(dir, 'data.xml'), 'utf8')
    await writeFile(join(dir, 'data.xml'), xml.replace(/<BackgroundCount>\d+</, '<BackgroundCount>6<'))
    await expect(roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})).rejects.toThrow(
      /^data\.xml: BackgroundCount 6; AGS has 1 to 5$/,
    )
  })

  it('writes an unedited room with frames back byte-identical (no file changes)', async () => {
    const { dir } = await roomWithFrames('unedited', 3)
    const before = await readdir(dir)
    const originals = new Map<string, Buffer>()
    for (const f of before) originals.set(f, await readFile(join(dir, f)))
    const imported = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    const out = await roomFormat('ags4').exportInPlace!(
      { room: imported.room, mask: imported.mask!, background: null, scaleMap: null },
      diskSource(dir),
    )
    expect(out.files).toEqual([])
    expect(out.notes).toContain('background frames: not written; AGS keeps background1..2.png')
    expect(await readdir(dir)).toEqual(before)
    for (const f of before) expect(Buffer.compare(await readFile(join(dir, f)), originals.get(f)!), f).toBe(0)
  })
})

describe('AGS 3 .crm with background frames (block 6)', () => {
  let crm: Uint8Array
  beforeAll(async () => {
    crm = new Uint8Array(await readFile(join(GAME, 'room1.crm')))
  })
  const refuse = (bytes: Uint8Array) => {
    try {
      readCrm(bytes, 'room1.crm')
    } catch (e) {
      return (e as Error).message
    }
    return 'read'
  }

  it('the bench room has no block 6: one background', () => {
    const read = readCrm(crm, 'room1.crm')
    expect(read.frames).toEqual([])
    expect(read.data.backgroundCount).toBe(1)
  })

  it('reads frame 2 pixel-exact and imports it as background1.png with the delay', async () => {
    const frame = stripes(W, H, 2)
    const bytes = withBlock(crm, 6, framesBlock(2, 7, [lzwFrame(W, H, frame)]))
    const read = readCrm(bytes, 'room1.crm')
    expect(read.data.backgroundCount).toBe(2)
    expect(read.frameDelay).toBe(7)
    expect(read.frames).toHaveLength(1)
    expect(differing(read.frames[0].rgba, frame)).toBe(0)
    const dir = join(work, 'crm')
    await cp(GAME, dir, { recursive: true, filter: (src) => !src.includes('Rooms') })
    await writeFile(join(dir, 'room1.crm'), bytes)
    const result = await roomFormat('ags3').importRoom!(diskSource(dir), 'room1.crm', {})
    const room = parseRoom(JSON.parse(JSON.stringify(result.room)))
    expect(room.backgroundFrames).toEqual([{ file: 'background1.png' }])
    expect(room.backgroundAnimationDelay).toBe(7)
    const png = await decodeImage(result.backgroundFrames![0].bytes, 'background1.png')
    expect(differing(png.data, frame)).toBe(0)
  })

  it('a frame count above 5 is refused in one line', () => {
    const message = refuse(withBlock(crm, 6, framesBlock(6, 5, [])))
    expect(message).toMatch(/^room1\.crm: block 6 at byte \d+: 6 backgrounds; AGS allows at most 5$/)
  })

  it('a frame past the end of its block, or a block past the end of the file, is refused in one line', () => {
    const one = lzwFrame(W, H, stripes(W, H, 1))
    expect(refuse(withBlock(crm, 6, framesBlock(3, 5, [one])))).toMatch(
      /^room1\.crm: block 6 at byte \d+: runs past the end of its block/,
    )
    const cut = withBlock(crm, 6, framesBlock(2, 5, [one]), one.length * 4)
    expect(refuse(cut)).toMatch(
      /^room1\.crm: block list at byte \d+: block 6 says \d+ bytes; only \d+ are left/,
    )
  })

  it('a frame whose size differs from the room is read as AGS reads the room: a note, that frame and the next not carried', () => {
    const small = lzwFrame(100, 50, stripes(100, 50, 1))
    const read = readCrm(
      withBlock(crm, 6, framesBlock(3, 5, [small, lzwFrame(W, H, stripes(W, H, 2))])),
      'room1.crm',
    )
    expect(read.data.backgroundCount).toBe(3)
    expect(read.frames).toEqual([])
    expect(read.data.notes).toContain(
      'background frame 2 unpacks to 20008 bytes, not the 256008 of a 320x200 room at 32 bits (a picture of another size); background frames 2..3 are not read',
    )
  })
})

describe('exports without a place for frames', () => {
  it('Godot, Tiled, AGS masks and runtime exports name frames 2..N in their notes', async () => {
    const { dir } = await roomWithFrames('exports', 3)
    const imported = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
    const input = { room: imported.room, mask: imported.mask!, background: null, scaleMap: null }
    for (const id of ['godot', 'tiled-json', 'tiled-xml', 'ags', 'runtime']) {
      const notes = roomFormat(id).exportRoom!(input).notes.join('\n')
      expect(notes, id).toMatch(
        /background frames 2\.\.3 \(background1\.png, background2\.png\): not exported; /,
      )
    }
  })
})
