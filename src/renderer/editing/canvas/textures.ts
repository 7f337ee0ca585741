/**
 * Pixi textures from pixels: the room and comparison views turn decoded images into
 * textures only here. Images go to the GPU straight from their bytes (no canvas in
 * between), and a room's background is uploaded once for both views and kept while the
 * author moves between a few rooms (both views draw on one WebGL context: on-demand-app.ts).
 *
 * Glossary
 * - nearest: pixels are magnified as hard squares (room art and masks are looked at pixel
 *   by pixel when zoomed in), never blurred.
 * - kept background: the texture of one of the last `KEPT_BACKGROUNDS` background images
 *   asked for; the cache owns it (views never destroy it), the oldest goes first.
 *
 * Units: px.
 */
import { BufferImageSource, Texture } from 'pixi.js'
import type { RgbaImage } from '../../../shared/host'

/** Background textures kept for switching between rooms (each is width x height x 4 bytes on the GPU). */
export const KEPT_BACKGROUNDS = 4

const kept = new Map<RgbaImage, Texture>()

/** A texture of a canvas, magnified without blur (the caller destroys it). */
export function nearestTexture(canvas: HTMLCanvasElement | OffscreenCanvas): Texture {
  const texture = Texture.from(canvas as HTMLCanvasElement)
  texture.source.scaleMode = 'nearest'
  return texture
}

/** A texture of RGBA bytes (straight alpha), magnified without blur (the caller destroys it). */
export function textureFromPixels(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): Texture {
  return new Texture({
    source: new BufferImageSource({
      resource: data,
      width,
      height,
      format: 'rgba8unorm',
      alphaMode: 'premultiply-alpha-on-upload',
      scaleMode: 'nearest',
      autoGenerateMipmaps: false,
    }),
  })
}

/**
 * The texture of a room's background, uploaded once and shared by both views; kept for the
 * last few images (see "kept background"). Never destroy it: the cache does.
 */
export function backgroundTexture(image: RgbaImage): Texture {
  let texture = kept.get(image)
  if (texture) {
    kept.delete(image)
    kept.set(image, texture)
    return texture
  }
  texture = textureFromPixels(image.data, image.width, image.height)
  kept.set(image, texture)
  for (const [old, t] of kept) {
    if (kept.size <= KEPT_BACKGROUNDS) break
    kept.delete(old)
    t.destroy(true)
  }
  return texture
}

const opaque = new WeakMap<RgbaImage, boolean>()

/** Whether every pixel of `image` has alpha 255 (read once an image). */
export function isOpaque(image: RgbaImage): boolean {
  let known = opaque.get(image)
  if (known === undefined) {
    known = true
    const data = image.data
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] !== 255) {
        known = false
        break
      }
    }
    opaque.set(image, known)
  }
  return known
}

/** A texture of an image's grey (its red channel), opaque: how a scale map looks (the caller destroys it). */
export function textureFromGrey(image: RgbaImage): Texture {
  const n = image.width * image.height
  const px = new Uint8Array(n * 4)
  for (let i = 0; i < n; i++) {
    const v = image.data[i * 4]
    px[i * 4] = v
    px[i * 4 + 1] = v
    px[i * 4 + 2] = v
    px[i * 4 + 3] = 255
  }
  return textureFromPixels(px, image.width, image.height)
}
