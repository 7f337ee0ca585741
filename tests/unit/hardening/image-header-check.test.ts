/**
 * One image size check, one wording: the desktop's codec (sharp's header), the shared project
 * store (both hosts' opens) and the browser's import all refuse an image over the limits of
 * src/shared/limits.ts with the same line, read from the header before anything is decoded.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { readImageInfo } from '../../../src/main/services/image-codec'
import { checkImageLimits, readImageHeader } from '../../../src/renderer/host/image-header'
import { imageSizeProblem, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../../../src/shared/limits'
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
    browser: await caught(() => checkImageLimits(readImageHeader(bytes, file), file)),
  }
}

describe('the image size check', () => {
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
})
