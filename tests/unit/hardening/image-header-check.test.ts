/**
 * One image header check, one wording: the desktop's codec, the shared project store (both
 * hosts' opens) and the browser's decoder all run checkImageHeader (src/shared/room/image-header.ts)
 * before anything is decoded, and refuse an image Walkbox does not open with the same line.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { readImageInfo } from '../../../src/main/services/image-codec'
import { checkImageHeader as browserCheck } from '../../../src/renderer/platform/host/image-header'
import { imageSizeProblem, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../../../src/shared/limits'
import { checkImageHeader, ImageHeaderError } from '../../../src/shared/room/image-header'
import { imageSize } from '../../../src/shared/room/project-store'
import { pngWithDeclaredSize } from '../main/helpers'

/** The message each host gives for `bytes` named `file`, or '' when it takes the image. */
async function refusals(bytes: Uint8Array, file: string): Promise<Record<string, string>> {
  const caught = async (f: () => unknown) => {
    try {
      await f()
      return ''
    } catch (e) {
      return (e as Error).message
    }
  }
  return {
    desktop: await caught(() => readImageInfo(bytes, file)),
    store: await caught(() => imageSize(bytes, file)),
    browser: await caught(() => browserCheck(bytes, file)),
  }
}

/** A JPEG whose only content is a frame header declaring `width` x `height`. */
function jpegWithDeclaredSize(width: number, height: number): Uint8Array {
  const sof = [0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2, ...sof, 0xff, 0xd9])
}

/** A lossless WebP (VP8L) header declaring `width` x `height` (at most 16384 a side). */
function webpWithDeclaredSize(width: number, height: number): Uint8Array {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0
  const b = new Uint8Array(30)
  b.set(new TextEncoder().encode('RIFF'), 0)
  b.set(new TextEncoder().encode('WEBPVP8L'), 8)
  b[20] = 0x2f
  b.set([bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255], 21)
  return b
}

describe('the image header check', () => {
  const side = MAX_IMAGE_SIDE_PX
  const overPixels = Math.ceil(MAX_IMAGE_PIXELS / (side - 1)) + 1

  it.each([
    ['a side over the limit', side + 1, 10],
    ['too many pixels with both sides allowed', side - 1, overPixels],
  ])('refuses %s with one line, the same on every host', async (_, width, height) => {
    const found = await refusals(pngWithDeclaredSize(width, height), 'big.png')
    const expected = `big.png: ${imageSizeProblem(width, height)}`
    expect(imageSizeProblem(width, height)).not.toBeNull()
    expect(found).toEqual({ desktop: expected, store: expected, browser: expected })
  })

  it('takes an image at the side limit on every host (header only)', async () => {
    const found = await refusals(pngWithDeclaredSize(side, 1), 'wide.png')
    expect(found).toEqual({ desktop: '', store: '', browser: '' })
  })

  it.each([
    [
      'a PNG without a size',
      pngWithDeclaredSize(0, 0),
      'has no size in its header; expected a PNG, JPEG or WebP image',
    ],
    [
      'a GIF',
      new TextEncoder().encode('GIF89a\x01\x00\x01\x00'),
      'is a gif image; expected PNG, JPEG or WebP',
    ],
    ['an empty file', new Uint8Array(), 'is empty; expected a PNG, JPEG or WebP image'],
    [
      'text',
      new TextEncoder().encode('hello, world'),
      'not a readable image; expected a PNG, JPEG or WebP file (its first bytes are none of theirs)',
    ],
  ])('refuses %s with the same line on every host', async (_, bytes, problem) => {
    const found = await refusals(bytes, 'x.png')
    expect(found).toEqual({
      desktop: `x.png: ${problem}`,
      store: `x.png: ${problem}`,
      browser: `x.png: ${problem}`,
    })
  })

  it('reads the size of PNG, JPEG and WebP headers and holds each to the limits', () => {
    expect(checkImageHeader(pngWithDeclaredSize(640, 480), 'a.png')).toEqual({
      format: 'png',
      width: 640,
      height: 480,
    })
    expect(checkImageHeader(jpegWithDeclaredSize(side, 2), 'a.jpg')).toEqual({
      format: 'jpeg',
      width: side,
      height: 2,
    })
    expect(checkImageHeader(webpWithDeclaredSize(300, 200), 'a.webp')).toEqual({
      format: 'webp',
      width: 300,
      height: 200,
    })
    const wide = () => checkImageHeader(jpegWithDeclaredSize(side + 1, 2), 'b.jpg')
    expect(wide).toThrow(ImageHeaderError)
    expect(wide).toThrow(`b.jpg: ${imageSizeProblem(side + 1, 2)}`)
    // A WebP header holds at most 16384 a side; the pixel budget still applies.
    expect(() => checkImageHeader(webpWithDeclaredSize(side, side), 'c.webp')).toThrow(
      `c.webp: ${imageSizeProblem(side, side)}`,
    )
  })

  it('narrows to the limits a caller gives', () => {
    expect(() =>
      checkImageHeader(pngWithDeclaredSize(7, 5), 'p.png', { maxSide: 6, maxPixels: 1000 }),
    ).toThrow('p.png: is 7 x 5 px; expected at most 6 px a side')
  })
})
