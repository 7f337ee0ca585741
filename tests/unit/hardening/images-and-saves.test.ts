/**
 * Hostile images and hostile saves, through the desktop's real IPC handlers: images that
 * are pipes, links out of the project or formats Walkbox does not read never reach sharp
 * (the layer is left out with one line, or the request is refused); saves whose rooms or
 * project break a limit are refused before anything is written.
 */
import { execFileSync } from 'node:child_process'
import { readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  baseRoom,
  fingerprint,
  makeFixture,
  openThroughIpc,
  projectJson,
  refusal,
  REFUSAL_MS,
  ROOM_ID,
  ROOM_LABEL,
  type Fixture,
} from './hostile'

let fx: Fixture
let ref: string
beforeEach(async () => {
  fx = await makeFixture()
  ref = await openThroughIpc(fx)
})
afterEach(async () => fx.remove())

const background = () => join(fx.roomDir, 'background.png')
const BG = `${ROOM_LABEL}: background 'background.png'`

/** Load the room through IPC: it opens, without its background, whose problem is returned. */
async function backgroundProblem(): Promise<string> {
  const before = await fingerprint(fx.project)
  const loaded = (await fx.ipc.loadRoom({ ref, roomId: ROOM_ID })) as {
    room: { id: string }
    background: unknown
    problems: { layer: string; message: string }[]
  }
  expect(await fingerprint(fx.project)).toEqual(before)
  expect(loaded.room.id).toBe(ROOM_ID)
  expect(loaded.background).toBeNull()
  expect(loaded.problems.map((p) => p.layer)).toEqual(['background'])
  return loaded.problems[0].message
}

const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"/>'
/** A TIFF signature and nothing sharp could make sense of: only the signature check can name it. */
const TIFF = Uint8Array.from([0x49, 0x49, 0x2a, 0x00, 1, 2, 3, 4, 5, 6, 7, 8])

describe('room images', { timeout: REFUSAL_MS }, () => {
  it('a background that is a named pipe: refused at once, the room opens without it', async () => {
    await rm(background())
    execFileSync('mkfifo', [background()])
    expect(await backgroundProblem()).toBe(`${BG}: is a named pipe; expected a regular file`)
  })

  it('an SVG background never reaches sharp', async () => {
    await writeFile(background(), SVG)
    expect(await backgroundProblem()).toBe(`${BG}: is a svg image; expected PNG, JPEG or WebP`)
  })

  it('a TIFF background is named by its signature, not parsed', async () => {
    await writeFile(background(), TIFF)
    expect(await backgroundProblem()).toBe(`${BG}: is a tiff image; expected PNG, JPEG or WebP`)
  })

  it('a GIF background', async () => {
    await writeFile(
      background(),
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
    )
    expect(await backgroundProblem()).toBe(`${BG}: is a gif image; expected PNG, JPEG or WebP`)
  })

  it('a PDF background', async () => {
    await writeFile(background(), '%PDF-1.7\n%hostile\n')
    expect(await backgroundProblem()).toBe(`${BG}: is a pdf image; expected PNG, JPEG or WebP`)
  })

  it('a background over the image file limit is refused on its size, unread', async () => {
    await truncate(background(), 257 * 1024 * 1024)
    expect(await backgroundProblem()).toBe(
      `${BG}: is 257 MB; expected at most 256 MB (Walkbox's limit for this file)`,
    )
  })

  it('a mask that is a named pipe', async () => {
    const room = JSON.parse(await readFile(join(fx.roomDir, 'room.json'), 'utf8')) as object
    await writeFile(join(fx.roomDir, 'room.json'), JSON.stringify({ ...room, mask: 'walkmask.png' }))
    execFileSync('mkfifo', [join(fx.roomDir, 'walkmask.png')])
    const loaded = (await fx.ipc.loadRoom({ ref, roomId: ROOM_ID })) as {
      problems: { layer: string; message: string }[]
    }
    expect(loaded.problems).toEqual([
      {
        layer: 'mask',
        message: `${ROOM_LABEL}: mask 'walkmask.png': is a named pipe; expected a regular file`,
      },
    ])
  })

  it('a background that is a link to itself (ELOOP)', async () => {
    await rm(background())
    await symlink('background.png', background())
    const before = await fingerprint(fx.project)
    expect(await refusal(fx.ipc.loadRoom({ ref, roomId: ROOM_ID }))).toBe(
      `${ROOM_LABEL}: background: 'background.png': too many levels of symbolic links (a link that points back at itself?)`,
    )
    expect(await fingerprint(fx.project)).toEqual(before)
  })

  it('a background that is a link to a device outside the project', async () => {
    await rm(background())
    await symlink('/dev/zero', background())
    expect(await refusal(fx.ipc.loadRoom({ ref, roomId: ROOM_ID }))).toBe(
      `${ROOM_LABEL}: background: 'background.png' is a link to '/dev/zero', outside the project folder; paths must stay inside the project folder`,
    )
  })
})

describe('images given to the app', { timeout: REFUSAL_MS }, () => {
  it('libvips itself loads only PNG, JPEG and WebP once the codec is loaded, whatever reaches it', async () => {
    await import('../../../src/main/services/image-codec')
    const make = (format: 'gif' | 'tiff' | 'png') =>
      sharp({ create: { width: 4, height: 3, channels: 3, background: '#f00' } })
        .toFormat(format)
        .toBuffer()
    expect((await sharp(await make('png')).metadata()).format).toBe('png')
    for (const bytes of [await make('gif'), await make('tiff'), Buffer.from(SVG)])
      expect(await refusal(sharp(bytes).metadata())).toBe('Input buffer contains unsupported image format')
  })

  it('decodeImage: SVG bytes are refused before sharp sees them', async () => {
    const bytes = new TextEncoder().encode(SVG)
    expect(await refusal(fx.ipc.decodeImage({ fileName: 'drop.svg', bytes, purpose: 'background' }))).toBe(
      'drop.svg: is a svg image; expected PNG, JPEG or WebP',
    )
  })

  it('decodeImage: a TIFF signature', async () => {
    expect(await refusal(fx.ipc.decodeImage({ fileName: 'scan.tif', bytes: TIFF, purpose: 'mask' }))).toBe(
      'scan.tif: is a tiff image; expected PNG, JPEG or WebP',
    )
  })

  it('decodeImage: bytes of no image format at all', async () => {
    const bytes = new TextEncoder().encode('MZ\x90\x00 not an image')
    expect(await refusal(fx.ipc.decodeImage({ fileName: 'x.png', bytes, purpose: 'background' }))).toBe(
      'x.png: not a readable image; expected a PNG, JPEG or WebP file (its first bytes are none of theirs)',
    )
  })

  it('importImage: the chosen file is a named pipe', async () => {
    fx.answers.image = join(fx.dir, 'pipe.png')
    execFileSync('mkfifo', [fx.answers.image])
    expect(await refusal(fx.ipc.importImage({ purpose: 'background' }))).toBe(
      'pipe.png: is a named pipe; expected a regular file',
    )
  })

  it('importImage: the chosen file is a link to itself (ELOOP)', async () => {
    fx.answers.image = join(fx.dir, 'loop.png')
    await symlink('loop.png', fx.answers.image)
    expect(await refusal(fx.ipc.importImage({ purpose: 'background' }))).toBe(
      'loop.png: too many levels of symbolic links (a link that points back at itself?)',
    )
  })
})

describe('hostile saves write nothing', { timeout: REFUSAL_MS }, () => {
  /** Save through IPC; the refusal; the project folder unchanged. */
  async function refusedSave(project: unknown, room: unknown): Promise<string> {
    const before = await fingerprint(fx.project)
    const message = await refusal(fx.ipc.saveProject({ ref, project, rooms: [{ room }] }))
    expect(await fingerprint(fx.project)).toEqual(before)
    return message
  }

  it('a room with a vertex at 1e307 (it would be written as Infinity)', async () => {
    const room = baseRoom()
    room.polygons[0].outer[0] = [1e307, 2]
    expect(await refusedSave(await projectJson(fx), room)).toBe(
      'rooms/porch/room.json: polygons[0].outer[0][0]: expected a number from -1000000 to 1000000',
    )
  })

  it('a room whose gate expression is 5,000 brackets deep', async () => {
    const room = baseRoom()
    room.gates[0].flagExpression = `${'('.repeat(5000)}door_locked${')'.repeat(5000)}`
    expect(await refusedSave(await projectJson(fx), room)).toBe(
      "rooms/porch/room.json: gates[0].flagExpression: expected at most 1000 characters (Walkbox's limit for a flag expression), found 10011",
    )
  })

  it('a project listing 1,001 rooms', async () => {
    const project = await projectJson(fx)
    const rooms = Array.from({ length: 1001 }, (_, i) => ({ id: `r${i}`, name: '', folder: `rooms/r${i}` }))
    expect(await refusedSave({ ...project, rooms }, baseRoom())).toBe(
      "project.walkbox.json: rooms: expected at most 1000 rooms, found 1001 (Walkbox's limit)",
    )
  })

  it('a save request naming 1,001 rooms is refused before any is looked at', async () => {
    const before = await fingerprint(fx.project)
    const rooms = Array.from({ length: 1001 }, () => ({ room: {} }))
    expect(await refusal(fx.ipc.saveProject({ ref, project: {}, rooms }))).toBe(
      'saveProject: refused a malformed request at rooms: Too big: expected array to have <=1000 items',
    )
    expect(await fingerprint(fx.project)).toEqual(before)
  })
})
