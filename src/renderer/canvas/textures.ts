/**
 * Pixi textures from pixels: the room and comparison views turn decoded images into
 * textures only here, through the canvases of host/png.ts.
 *
 * Glossary
 * - nearest: pixels are magnified as hard squares (room art and masks are looked at pixel
 *   by pixel when zoomed in), never blurred.
 *
 * Units: px.
 */
import { Texture } from 'pixi.js'
import type { RgbaImage } from '../../shared/host'
import { canvasFromGrey, canvasFromRgba } from '../host/png'

/** A texture of a canvas, magnified without blur. */
export function nearestTexture(canvas: HTMLCanvasElement | OffscreenCanvas): Texture {
  const texture = Texture.from(canvas as HTMLCanvasElement)
  texture.source.scaleMode = 'nearest'
  return texture
}

/** A texture of an RGBA image as it is. */
export function textureFromRgba(image: RgbaImage): Texture {
  return nearestTexture(canvasFromRgba(image))
}

/** A texture of an image's grey (red channel), opaque: how a scale map looks. */
export function textureFromGrey(image: RgbaImage): Texture {
  return nearestTexture(canvasFromGrey(image))
}
