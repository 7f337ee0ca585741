/**
 * AGS's switch for background animation (issue 18): AGS 4's `<BackgroundAnimationEnabled>`
 * in data.xml, and AGS 3.6's "background frame locked" bit of a .crm's room options, read
 * into room.json's `backgroundAnimationEnabled`; written back into data.xml in place only
 * when it changed (the file stays byte-identical otherwise), and added when the file has none.
 *
 * Units: px.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCrm } from '../../../src/shared/formats/ags/crm'
import { roomFormat } from '../../../src/shared/formats/registry'
import { encodeRgbaPng } from '../../../src/shared/codecs/rgba-png'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { parseRoom } from '../../../src/shared/room/schema'
import { framesBlock, lzwFrame, stripes, withBlock } from '../../support/ags-crm-frames'
import { benchPath } from '../../support/bench-data'
import { diskSource } from '../../support/disk-import-source'

const GAME = benchPath('engines', 'ags-tumbleweed')
const W = 320
const H = 200

let work = ''
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags-bg-anim-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

/** A copy of the bench's Rooms/1 with two backgrounds and data.xml changed by `edit`. */
async function roomWithTwoFrames(name: string, edit: (xml: string) => string) {
  const dir = join(work, name)
  await cp(join(GAME, 'Rooms', '1'), dir, { recursive: true })
  const xml = (await readFile(join(dir, 'data.xml'), 'utf8')).replace(
    '<BackgroundCount>1</BackgroundCount>',
    '<BackgroundCount>2</BackgroundCount>',
  )
  await writeFile(join(dir, 'data.xml'), edit(xml))
  await writeFile(join(dir, 'background1.png'), encodeRgbaPng(W, H, stripes(W, H, 1)))
  return dir
}

const disabled = (xml: string) =>
  xml.replace(
    '<BackgroundAnimationEnabled>True</BackgroundAnimationEnabled>',
    '<BackgroundAnimationEnabled>False</BackgroundAnimationEnabled>',
  )

async function importAndWriteBack(dir: string, change: (room: ReturnType<typeof parseRoom>) => void) {
  const imported = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
  const room = parseRoom(JSON.parse(JSON.stringify(imported.room)))
  change(room)
  return roomFormat('ags4').exportInPlace!(
    { room, mask: imported.mask!, background: null, scaleMap: null },
    diskSource(dir),
  )
}

describe('AGS 4 BackgroundAnimationEnabled', () => {
  it('is read into room.json: False and True, kept by the normal form; absent with one background', async () => {
    const off = await roomWithTwoFrames('off', disabled)
    const on = await roomWithTwoFrames('on', (x) => x)
    const read = async (dir: string) =>
      (await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})).room
    const offRoom = parseRoom(JSON.parse(JSON.stringify(await read(off))))
    expect(offRoom.backgroundAnimationEnabled).toBe(false)
    expect(normaliseRoom(offRoom).backgroundAnimationEnabled).toBe(false)
    expect((await read(on)).backgroundAnimationEnabled).toBe(true)
    expect((await read(join(GAME, 'Rooms', '1'))).backgroundAnimationEnabled).toBeUndefined()
  })

  it('a value other than True or False is refused in one line', async () => {
    const dir = await roomWithTwoFrames('bad', (x) =>
      x.replace('<BackgroundAnimationEnabled>True<', '<BackgroundAnimationEnabled>maybe<'),
    )
    await expect(roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})).rejects.toThrow(
      /^data\.xml: <BackgroundAnimationEnabled> is 'maybe'; expected True or False$/,
    )
  })

  it('written back in place only when it changed: one field, every other byte kept', async () => {
    const dir = await roomWithTwoFrames('write-back', disabled)
    const before = await readFile(join(dir, 'data.xml'), 'utf8')
    expect((await importAndWriteBack(dir, () => {})).files).toEqual([])
    const out = await importAndWriteBack(dir, (room) => {
      room.backgroundAnimationEnabled = true
    })
    expect(out.files.map((f) => f.path)).toEqual(['data.xml'])
    const after = new TextDecoder().decode((out.files[0] as { bytes: Uint8Array }).bytes)
    expect(after).toBe(
      before.replace(
        '<BackgroundAnimationEnabled>False</BackgroundAnimationEnabled>',
        '<BackgroundAnimationEnabled>True</BackgroundAnimationEnabled>',
      ),
    )
  })

  it('added after BackgroundAnimationDelay when data.xml has no such field', async () => {
    const dir = await roomWithTwoFrames('added', (x) =>
      x.replace(/\r?\n\s*<BackgroundAnimationEnabled>True<\/BackgroundAnimationEnabled>/, ''),
    )
    const before = await readFile(join(dir, 'data.xml'), 'utf8')
    // No field: AGS takes True, so a room that animates changes nothing.
    expect((await importAndWriteBack(dir, (r) => (r.backgroundAnimationEnabled = true))).files).toEqual([])
    const out = await importAndWriteBack(dir, (r) => (r.backgroundAnimationEnabled = false))
    const after = new TextDecoder().decode((out.files[0] as { bytes: Uint8Array }).bytes)
    expect(after).toBe(
      before.replace(
        '<BackgroundAnimationDelay>5</BackgroundAnimationDelay>',
        '<BackgroundAnimationDelay>5</BackgroundAnimationDelay>\n  <BackgroundAnimationEnabled>False</BackgroundAnimationEnabled>',
      ),
    )
  })
})

describe('AGS 4 BackgroundAnimationDelay', () => {
  it('written back in place only when it changed; added first in <Room> when data.xml has none', async () => {
    const dir = await roomWithTwoFrames('delay', (x) => x)
    const before = await readFile(join(dir, 'data.xml'), 'utf8')
    expect(before).toContain('<BackgroundAnimationDelay>5</BackgroundAnimationDelay>')
    expect((await importAndWriteBack(dir, (r) => (r.backgroundAnimationDelay = 5))).files).toEqual([])
    const out = await importAndWriteBack(dir, (r) => (r.backgroundAnimationDelay = 12))
    expect(new TextDecoder().decode((out.files[0] as { bytes: Uint8Array }).bytes)).toBe(
      before.replace(
        '<BackgroundAnimationDelay>5</BackgroundAnimationDelay>',
        '<BackgroundAnimationDelay>12</BackgroundAnimationDelay>',
      ),
    )

    const bare = await roomWithTwoFrames('no-delay', (x) =>
      x.replace(/\r?\n\s*<BackgroundAnimationDelay>5<\/BackgroundAnimationDelay>/, ''),
    )
    const read = await readFile(join(bare, 'data.xml'), 'utf8')
    const both = await importAndWriteBack(bare, (r) => {
      r.backgroundAnimationDelay = 9
      r.backgroundAnimationEnabled = false
    })
    const written = new TextDecoder().decode((both.files[0] as { bytes: Uint8Array }).bytes)
    expect(written).toBe(
      read
        .replace(/(<Room[^>]*>\r?\n)(\s*)/, '$1$2<BackgroundAnimationDelay>9</BackgroundAnimationDelay>\n$2')
        .replace(
          '<BackgroundAnimationEnabled>True</BackgroundAnimationEnabled>',
          '<BackgroundAnimationEnabled>False</BackgroundAnimationEnabled>',
        ),
    )
  })
})

describe('AGS 3 .crm: the room option "background frame locked" (AGS 3.6.0 on)', () => {
  /** The bench room1.crm with two backgrounds and its options' flags byte set to `flags`. */
  async function crmWithFlags(flags: number): Promise<Uint8Array> {
    const bytes = new Uint8Array(await readFile(join(GAME, 'room1.crm')))
    // The flags byte sits 7 bytes before the game id (then 4 reserved, 2 for the message count).
    const gameId = 86585546
    const at = Buffer.from(bytes).indexOf(Buffer.from(new Int32Array([gameId]).buffer))
    expect(at).toBeGreaterThan(0)
    expect(bytes[at - 7]).toBe(0)
    bytes[at - 7] = flags
    return withBlock(bytes, 6, framesBlock(2, 5, [lzwFrame(W, H, stripes(W, H, 1))]))
  }

  it('bit 0 set reads as backgroundAnimationEnabled false; clear as true (older rooms have 0)', async () => {
    expect(readCrm(await crmWithFlags(1), 'room1.crm').data.backgroundAnimationEnabled).toBe(false)
    expect(readCrm(await crmWithFlags(0), 'room1.crm').data.backgroundAnimationEnabled).toBe(true)
    const dir = join(work, 'crm')
    await cp(GAME, dir, { recursive: true, filter: (src) => !src.includes('Rooms') })
    await writeFile(join(dir, 'room1.crm'), await crmWithFlags(1))
    const result = await roomFormat('ags3').importRoom!(diskSource(dir), 'room1.crm', {})
    expect(result.room.backgroundAnimationEnabled).toBe(false)
    expect(result.room.backgroundAnimationDelay).toBe(5)
  })
})
