import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  decodeGrey,
  decodeImage,
  decodeMask,
  encodeMaskPng,
  encodeRgbaPng,
  IMAGE_LIMITS,
  ImageError,
  readImageInfo,
} from '../../../src/main/services/image-codec'
import { IMAGE_LIMITS as HOST_IMAGE_LIMITS } from '../../../src/shared/host'
import { resolveMaskRule } from '../../../src/shared/measure/readers/mask-areas'
import { encodeWith, pngWithDeclaredSize, rgbaOf, tempFolder } from './helpers'
import { readPngPalette } from '../../../src/shared/room/mask-image'
import { MAX_ROOM_SIDE_PX } from '../../../src/shared/limits'

let dir: string
let remove: () => Promise<void>
beforeEach(async () => ({ dir, remove } = await tempFolder()))
afterEach(() => remove())

const picture = rgbaOf(7, 5, (x, y) => [x * 30, y * 50, 200, 255])

describe('image decoding', () => {
  it.each(['png', 'webp'] as const)('decodes a lossless %s exactly', async (format) => {
    const bytes = await encodeWith(picture, format)
    const image = await decodeImage(bytes, `bg.${format}`)
    expect(image.width).toBe(7)
    expect(image.height).toBe(5)
    expect(image.data).toBeInstanceOf(Uint8Array)
    expect([...image.data]).toEqual([...picture.data])
  })

  it('decodes a JPEG from a file path, close to the original', async () => {
    const path = join(dir, 'bg.jpg')
    await writeFile(path, await encodeWith(picture, 'jpeg'))
    const image = await decodeImage(path, 'bg.jpg')
    expect([image.width, image.height, image.data.length]).toEqual([7, 5, 7 * 5 * 4])
    for (let i = 0; i < image.data.length; i++)
      expect(Math.abs(image.data[i] - picture.data[i])).toBeLessThan(12)
  })

  it('decodes greyscale and alpha PNGs to RGBA', async () => {
    const grey = await sharp(Buffer.from([0, 100, 200, 255]), { raw: { width: 2, height: 2, channels: 1 } })
      .toColourspace('b-w')
      .png()
      .toBuffer()
    expect([...(await decodeImage(grey, 'g.png')).data.subarray(0, 8)]).toEqual([
      0, 0, 0, 255, 100, 100, 100, 255,
    ])
    const clear = rgbaOf(2, 1, (x) => [255, 0, 0, x * 128])
    expect([...(await decodeImage(await encodeWith(clear, 'png'), 'a.png')).data]).toEqual([...clear.data])
  })

  it('round-trips RGBA through encodeRgbaPng', async () => {
    expect([...(await decodeImage(await encodeRgbaPng(picture), 'x.png')).data]).toEqual([...picture.data])
  })

  it('reads the header: format, size, channels', async () => {
    expect(await readImageInfo(await encodeWith(picture, 'webp'), 'bg.webp')).toMatchObject({
      format: 'webp',
      width: 7,
      height: 5,
    })
  })
})

describe('image limits (checked on the header, before decoding)', () => {
  it('documents the limits, the same as the host contract and the room size limit', () => {
    expect(IMAGE_LIMITS).toEqual({ maxSide: 16384, maxPixels: 100_000_000 })
    expect(IMAGE_LIMITS).toEqual(HOST_IMAGE_LIMITS)
    expect(IMAGE_LIMITS.maxSide).toBe(MAX_ROOM_SIDE_PX)
  })

  it('refuses a side over 16384 px from a tiny file', async () => {
    const huge = pngWithDeclaredSize(20000, 10)
    expect(huge.length).toBeLessThan(200)
    await expect(decodeImage(huge, 'huge.png')).rejects.toThrow(
      'huge.png: is 20000 x 10 px; expected at most 16384 px a side (images are checked before decoding)',
    )
  })

  it('refuses more than 100 megapixels even when each side is allowed', async () => {
    await expect(readImageInfo(pngWithDeclaredSize(12000, 9000), 'big.png')).rejects.toThrow(
      'big.png: is 12000 x 9000 px (108 megapixels); expected at most 100 megapixels',
    )
  })

  it('applies smaller limits when given', async () => {
    await expect(
      decodeImage(await encodeWith(picture, 'png'), 'p.png', { maxSide: 6, maxPixels: 1000 }),
    ).rejects.toThrow('expected at most 6 px a side')
  })

  it('accepts an image at the limit by its header', async () => {
    const info = await readImageInfo(pngWithDeclaredSize(16384, 6000), 'edge.png')
    expect([info.width, info.height]).toEqual([16384, 6000])
  })
})

describe('bad image files', () => {
  it('refuses bytes that are not an image, naming the file and what was expected', async () => {
    const e = await decodeImage(new TextEncoder().encode('hello'), 'room.json: background').catch((x) => x)
    expect(e).toBeInstanceOf(ImageError)
    expect(e.message).toMatch(
      /^room\.json: background: not a readable image; expected a PNG, JPEG or WebP file/,
    )
  })

  it('refuses other formats', async () => {
    const gif = await sharp(Buffer.from(picture.data), { raw: { width: 7, height: 5, channels: 4 } })
      .gif()
      .toBuffer()
    await expect(decodeImage(gif, 'anim.gif')).rejects.toThrow(
      'anim.gif: is a gif image; expected PNG, JPEG or WebP',
    )
  })

  it('refuses a truncated PNG', async () => {
    const png = await encodeWith(
      rgbaOf(64, 64, (x, y) => [(x * 7) % 256, (y * 13) % 256, (x * y) % 256, 255]),
      'png',
    )
    await expect(decodeImage(png.subarray(0, png.length - 40), 'cut.png')).rejects.toThrow(
      /^cut\.png: (the image data is damaged|not a readable image)/,
    )
  })

  it('says when a file is missing', async () => {
    await expect(decodeImage(join(dir, 'nope.png'), 'nope.png')).rejects.toThrow('nope.png: file not found')
  })
})

describe('area masks', () => {
  const ids = new Uint8Array([0, 1, 2, 255, 0, 7])

  it('encodes an 8-bit greyscale PNG and reads the ids back', async () => {
    const png = await encodeMaskPng({ width: 3, height: 2, cells: ids })
    const meta = await sharp(Buffer.from(png)).metadata()
    expect([meta.format, meta.channels, meta.depth, meta.isPalette]).toEqual(['png', 1, 'uchar', false])
    const mask = await decodeMask(png, 'walkmask.png', { rule: 'ids' })
    expect([...mask.cells]).toEqual([...ids])
    expect(mask.rule).toBe('ids')
    expect((await decodeMask(png, 'walkmask.png')).rule).toBe('ids') // auto: grey with many values
  })

  it('checks the size against the room', async () => {
    const png = await encodeMaskPng({ width: 3, height: 2, cells: ids })
    await expect(decodeMask(png, 'walkmask.png', { expect: { width: 4, height: 2 } })).rejects.toThrow(
      'walkmask.png: is 3 x 2 px; expected the room size 4 x 2 px',
    )
  })

  it('reads the red channel of a colour image with the ids rule', async () => {
    const img = rgbaOf(2, 1, (x) => (x === 0 ? [3, 200, 9, 255] : [0, 50, 50, 255]))
    expect([...(await decodeMask(await encodeWith(img, 'png'), 'm.png', { rule: 'ids' })).cells]).toEqual([
      3, 0,
    ])
  })

  it('maps each distinct colour to an id in order of first appearance (AGS-style colour mask)', async () => {
    const colours: [number, number, number, number][] = [
      [0, 0, 0, 255],
      [255, 0, 0, 255],
      [0, 0, 255, 255],
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 0, 255],
    ]
    const img = rgbaOf(3, 2, (x, y) => colours[y * 3 + x])
    const mask = await decodeMask(await encodeWith(img, 'png'), 'areas.png')
    expect(mask.rule).toBe('colours')
    expect([...mask.cells]).toEqual([0, 1, 2, 1, 3, 0])
    expect(mask.colours).toEqual([
      { id: 1, colour: '#ff0000' },
      { id: 2, colour: '#0000ff' },
      { id: 3, colour: '#00ff00' },
    ])
  })

  it('uses palette indices as ids for a paletted PNG', async () => {
    // Palette order is chosen by the encoder; the ids must follow whatever PLTE says.
    const img = rgbaOf(
      4,
      1,
      (x) =>
        [
          [0, 0, 0, 255],
          [255, 0, 0, 255],
          [0, 0, 255, 255],
          [255, 0, 0, 255],
        ][x] as [number, number, number, number],
    )
    const png = await sharp(Buffer.from(img.data), { raw: { width: 4, height: 1, channels: 4 } })
      .png({ palette: true, colours: 4, dither: 0 })
      .toBuffer()
    const palette = readPngPalette(png)
    if (!palette) throw new Error('sharp wrote no PLTE chunk')
    expect(palette).toHaveLength(3)
    const mask = await decodeMask(png, 'ags.png')
    expect(mask.rule).toBe('colours')
    const expected = ['#000000', '#ff0000', '#0000ff', '#ff0000'].map((c) => palette.indexOf(c))
    expect([...mask.cells]).toEqual(expected)
  })

  it('maps alpha > 0 to area 1 with the alpha rule (and auto picks it)', async () => {
    const img = rgbaOf(3, 1, (x) => [255, 255, 255, [0, 1, 255][x]])
    const png = await encodeWith(img, 'png')
    const mask = await decodeMask(png, 'alpha.png')
    expect(mask.rule).toBe('alpha')
    expect([...mask.cells]).toEqual([0, 1, 1])
    expect([...(await decodeMask(png, 'alpha.png', { rule: 'alpha' })).cells]).toEqual([0, 1, 1])
  })

  it("reads by alpha on 'auto' exactly when the command line's mask reader does (any pixel not fully opaque)", async () => {
    for (const alphas of [
      [255, 255, 255],
      [255, 128, 255],
      [0, 255, 255],
    ]) {
      const img = rgbaOf(3, 1, (x) => (x === 1 ? [0, 0, 0, alphas[x]] : [255, 255, 255, alphas[x]]))
      const project = await decodeMask(await encodeWith(img, 'png'), 'm.png')
      const cli = resolveMaskRule({ width: 3, height: 1, data: img.data }, 'auto')
      expect(project.rule === 'alpha', String(alphas)).toBe(cli === 'alpha')
    }
  })

  it('maps non-black to area 1 with the nonblack rule; auto picks it for black-and-white', async () => {
    const img = rgbaOf(3, 1, (x) => (x === 1 ? [0, 0, 0, 255] : [255, 255, 255, 255]))
    const mask = await decodeMask(await encodeWith(img, 'png'), 'bw.png')
    expect(mask.rule).toBe('nonblack')
    expect([...mask.cells]).toEqual([1, 0, 1])
    const dim = rgbaOf(2, 1, (x) => (x === 0 ? [0, 0, 1, 255] : [0, 0, 0, 255]))
    expect([
      ...(await decodeMask(await encodeWith(dim, 'png'), 'd.png', { rule: 'nonblack' })).cells,
    ]).toEqual([1, 0])
  })

  it('refuses a colour mask with more than 255 colours', async () => {
    const img = rgbaOf(20, 20, (x, y) => [x * 10 + 1, y * 10 + 1, 7, 255])
    await expect(decodeMask(await encodeWith(img, 'png'), 'photo.png', { rule: 'colours' })).rejects.toThrow(
      'photo.png: has more than 255 colours; expected a mask with at most 255 areas',
    )
  })

  it('decodes a grey scale map', async () => {
    const png = await encodeMaskPng({ width: 2, height: 1, cells: new Uint8Array([10, 240]) })
    expect([...(await decodeGrey(png, 'scale.png')).values]).toEqual([10, 240])
  })
})
