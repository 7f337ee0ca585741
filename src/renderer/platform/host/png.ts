/**
 * Pixels to canvases and PNG files in the page (browser and Electron renderer): the one
 * place where RGBA data, grey values and area-id masks become a 2D canvas, a PNG, or
 * both. The Pixi views make textures from these canvases (editing/canvas/textures.ts); saves and
 * downloads send the PNG bytes.
 *
 * Glossary
 * - RGBA image: width x height pixels, 4 bytes each, rows top-down (src/shared/host.ts).
 * - grey PNG: an opaque image whose three channels hold the same value (a scale map's
 *   grey, or an area id); Walkbox reads such files by their red channel.
 *
 * - image codec: what the project store (src/shared/room/project-store.ts) decodes and
 *   encodes project images with in the browser: createImageBitmap + OffscreenCanvas.
 *
 * Units: px.
 */
import type { RgbaImage } from '../../../shared/host'
import type { ImageCodec } from '../../../shared/room/project-store'
import { checkImageHeader } from './image-header'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Do these bytes start like a PNG file? */
export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b)
}

export type AnyCanvas = HTMLCanvasElement | OffscreenCanvas

function canvasOf(width: number, height: number): AnyCanvas {
  if (typeof document !== 'undefined') {
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    return canvas
  }
  return new OffscreenCanvas(width, height)
}

/**
 * A canvas holding `width` x `height` pixels that `fill` writes as RGBA bytes (the array
 * starts transparent black). Throws when the page cannot draw to a 2D canvas.
 */
export function canvasFromPixels(
  width: number,
  height: number,
  fill: (rgba: Uint8ClampedArray) => void,
): AnyCanvas {
  const canvas = canvasOf(width, height)
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null
  if (!ctx) throw new Error('This window cannot draw to a 2D canvas.')
  const pixels = ctx.createImageData(width, height)
  fill(pixels.data)
  ctx.putImageData(pixels, 0, 0)
  return canvas
}

/** A canvas of an RGBA image as it is. */
export function canvasFromRgba(image: RgbaImage): AnyCanvas {
  return canvasFromPixels(image.width, image.height, (px) => px.set(image.data))
}

/** Opaque grey pixels from one value per pixel (`valueAt(i)`, 0..255). */
export function fillGrey(px: Uint8ClampedArray, count: number, valueAt: (i: number) => number): void {
  for (let i = 0; i < count; i++) {
    const v = valueAt(i)
    px[i * 4] = v
    px[i * 4 + 1] = v
    px[i * 4 + 2] = v
    px[i * 4 + 3] = 255
  }
}

/** A canvas of an image's grey (its red channel), opaque. */
export function canvasFromGrey(image: RgbaImage): AnyCanvas {
  return canvasFromPixels(image.width, image.height, (px) =>
    fillGrey(px, image.width * image.height, (i) => image.data[i * 4]),
  )
}

async function canvasToPng(canvas: AnyCanvas): Promise<Uint8Array> {
  const blob =
    'convertToBlob' in canvas
      ? await canvas.convertToBlob({ type: 'image/png' })
      : await new Promise<Blob>((resolve, reject) =>
          canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed.'))), 'image/png'),
        )
  return new Uint8Array(await blob.arrayBuffer())
}

/** A PNG of an image's grey (red channel), opaque. */
export function encodeGreyPng(image: RgbaImage): Promise<Uint8Array> {
  return canvasToPng(canvasFromGrey(image))
}

/** A PNG of an area-id mask: grey = area id, 0 = not walkable. */
export function encodeMaskPng(mask: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  return canvasToPng(canvasFromPixels(width, height, (px) => fillGrey(px, width * height, (i) => mask[i])))
}

/** A PNG of an RGBA image (a background made or resized in the editor). */
export function encodeRgbaPng(image: RgbaImage): Promise<Uint8Array> {
  return canvasToPng(canvasFromRgba(image))
}

/**
 * The image drawn at another size: 'nearest' keeps hard pixels (pixel art at 2x, 3x),
 * 'smooth' filters (painted art).
 */
export function resampleRgba(
  image: RgbaImage,
  width: number,
  height: number,
  mode: 'nearest' | 'smooth',
): RgbaImage {
  const source = canvasFromRgba(image)
  const target = canvasOf(width, height)
  const ctx = target.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null
  if (!ctx) throw new Error('This window cannot draw to a 2D canvas.')
  ctx.imageSmoothingEnabled = mode === 'smooth'
  if (mode === 'smooth') ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(source as CanvasImageSource, 0, 0, width, height)
  const data = ctx.getImageData(0, 0, width, height).data
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }
}

/** Decode a PNG, JPEG or WebP file to RGBA (not premultiplied) after its header passed the limits. */
export async function decodeImageFile(bytes: Uint8Array, fileName: string): Promise<RgbaImage> {
  checkImageHeader(bytes, fileName)
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart]), {
      premultiplyAlpha: 'none',
      colorSpaceConversion: 'none',
    })
  } catch {
    throw new Error(`${fileName}: the image could not be decoded; expected a valid PNG, JPEG or WebP file`)
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  if (!ctx) throw new Error('This browser cannot decode images (no 2D canvas).')
  ctx.drawImage(bitmap, 0, 0)
  bitmap.close()
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data
  return {
    width: canvas.width,
    height: canvas.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  }
}

/** The project store's image codec in the browser. */
export const browserImageCodec: ImageCodec = {
  decode: decodeImageFile,
  encodeGreyPng: (width, height, values) => encodeMaskPng(values, width, height),
}
