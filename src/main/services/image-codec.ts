/**
 * Image decoding and encoding for project files, with sharp (libvips): room
 * backgrounds, area-id walk masks and greyscale scale maps.
 *
 * Glossary
 * - header check: the image's format and declared size are read first (sharp
 *   metadata, which does not decode pixels); images over IMAGE_LIMITS are refused
 *   before any pixel memory is spent.
 * - RGBA image: 4 bytes per pixel (red, green, blue, alpha; 0..255; not premultiplied),
 *   row-major, top row first, sRGB.
 * - area mask: 1 byte per pixel, row-major; 0 = not walkable, 1..255 = area id. Same
 *   shape as the nav WalkGrid ({ width, height, cells }).
 * - grey image: 1 byte per pixel (0..255), e.g. a scale map.
 * - mask rule: how a picture becomes area ids (MaskRule): see src/shared/room/mask-image.ts,
 *   which the browser edition and the command line use too. A room's own mask file is read
 *   with 'ids' at exactly the room's size; an import may be an exact fraction (1:2 to 1:4).
 *
 * - signature check: before sharp sees any bytes, their first bytes must be those of a PNG,
 *   JPEG or WebP file, and its header within the limits (src/shared/room/image-header.ts
 *   `checkImageHeader`, the one check every host runs); sharp (libvips)
 *   would otherwise parse SVG, TIFF, GIF, PDF and more, each a parser Walkbox does not need.
 * - loader allowlist: on top of the signature check, libvips itself is told to refuse every
 *   image loader but PNG, JPEG and WebP (`sharp.block` / `sharp.unblock`, process-wide, when
 *   this module loads), so no other format's parser runs in this process whatever the bytes.
 * - file input: a path is read by regular-file.ts (a regular file of at most
 *   MAX_IMAGE_FILE_BYTES, never a pipe or device) and sharp gets the bytes, never the path.
 *
 * Supported: PNG, JPEG, WebP (first frame). JPEG EXIF orientation is applied.
 *
 * Units: px; channel values 0..255.
 */
import sharp from 'sharp'
import type { Metadata } from 'sharp'
import type { RgbaImage } from '../../shared/room/rgba-image'
import { MaskImageError, readMaskImage, readPngPalette, type MaskRule } from '../../shared/room/mask-image'
import type { AreaMask, GreyImage, ImageCodec as StoreImageCodec } from '../../shared/room/project-store'

import { IMAGE_LIMITS } from '../../shared/host'
import { checkImageHeader, ImageHeaderError } from '../../shared/room/image-header'
import { imageSizeProblem, MAX_IMAGE_FILE_BYTES } from '../../shared/limits'
import { FileAccessError, readRegularFile } from './regular-file'

/** Largest image accepted (side in px, total pixels), as the host contract states; checked on the header, before decoding. */
export { IMAGE_LIMITS }

export type ImageLimits = { maxSide: number; maxPixels: number }

/** Encoded image bytes, or the path of an image file. */
export type ImageInput = Uint8Array | string

export type ImageFormat = 'png' | 'jpeg' | 'webp'

/** The image shapes of the project store (RGBA, area-id mask, grey values). */
export type { AreaMask, GreyImage, RgbaImage }

export interface ImageInfo {
  format: ImageFormat
  width: number
  height: number
  /** Colour channels plus alpha, as stored (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA). */
  channels: number
  hasAlpha: boolean
  isPalette: boolean
}

export type { MaskRule }

export interface DecodedMask extends AreaMask {
  /** The rule actually used ('auto' resolved). */
  rule: Exclude<MaskRule, 'auto'>
  /** For 'colours': which colour became which id ('#rrggbb'). */
  colours?: { id: number; colour: string }[]
  /** How many times the file was scaled up to fit (1 = as stored). */
  scale: number
  /** What was read ("3 areas: 1, 2, 5"). */
  summary: string
}

/** A file that is not a usable image: names the file and says what was expected. */
export class ImageError extends Error {
  readonly file: string
  constructor(file: string, message: string) {
    super(`${file}: ${message}`)
    this.name = 'ImageError'
    this.file = file
  }
}

const FORMATS: readonly string[] = ['png', 'jpeg', 'webp']

/** The libvips loaders Walkbox uses: PNG, JPEG and WebP, from memory or a file. */
export const ALLOWED_LOADERS: readonly string[] = ['Png', 'Jpeg', 'Webp'].flatMap((f) => [
  `VipsForeignLoad${f}Buffer`,
  `VipsForeignLoad${f}File`,
])
sharp.block({ operation: ['VipsForeignLoad'] })
sharp.unblock({ operation: [...ALLOWED_LOADERS] })

/** A sharp pipeline; `limits` undefined = no pixel limit (header reads, where the limits are checked here). */
function sharpOf(bytes: Uint8Array, limits: ImageLimits | undefined) {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return sharp(source, { limitInputPixels: limits ? limits.maxPixels : false, failOn: 'error', pages: 1 })
}

/** The bytes of an image input: a path is read as a regular file within MAX_IMAGE_FILE_BYTES. */
async function bytesOf(input: ImageInput, file: string): Promise<Uint8Array> {
  if (typeof input !== 'string') return input
  try {
    return await readRegularFile(input, file, MAX_IMAGE_FILE_BYTES)
  } catch (e) {
    if (e instanceof FileAccessError) throw new ImageError(file, e.message.slice(file.length + 2))
    throw e
  }
}

/** Read format and size from the header only, and refuse images over the limits. */
export async function readImageInfo(
  input: ImageInput,
  file: string,
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<ImageInfo> {
  return infoOf(await bytesOf(input, file), file, limits)
}

async function infoOf(bytes: Uint8Array, file: string, limits: ImageLimits): Promise<ImageInfo> {
  try {
    checkImageHeader(bytes, file, limits)
  } catch (e) {
    throw e instanceof ImageHeaderError ? new ImageError(file, e.problem) : e
  }
  let meta: Metadata
  try {
    meta = await sharpOf(bytes, undefined).metadata()
  } catch (e) {
    const reason = (e as Error).message
    throw new ImageError(file, `not a readable image; expected a PNG, JPEG or WebP file (${reason})`)
  }
  if (!FORMATS.includes(meta.format)) {
    throw new ImageError(file, `is a ${meta.format} image; expected PNG, JPEG or WebP`)
  }
  const { width, height } = meta
  // Sharp reads the same header; a file whose sizes disagree with it is refused all the same.
  const problem = imageSizeProblem(width ?? 0, height ?? 0, limits.maxSide, limits.maxPixels)
  if (problem) throw new ImageError(file, problem)
  return {
    format: meta.format as ImageFormat,
    width,
    height,
    channels: meta.channels,
    hasAlpha: meta.hasAlpha,
    isPalette: meta.isPalette,
  }
}

/** Decode a PNG, JPEG or WebP to RGBA after the header check. */
export async function decodeImage(
  input: ImageInput,
  file: string,
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<RgbaImage> {
  const bytes = await bytesOf(input, file)
  await infoOf(bytes, file, limits)
  try {
    const { data, info } = await sharpOf(bytes, limits)
      .autoOrient()
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    if (info.channels !== 4) throw new Error(`decoded to ${info.channels} channels`)
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    }
  } catch (e) {
    throw new ImageError(file, `the image data is damaged or unsupported (${(e as Error).message})`)
  }
}

/** Encode RGBA pixels as a PNG. */
export async function encodeRgbaPng(image: RgbaImage): Promise<Uint8Array> {
  checkLength(image.data, image.width * image.height * 4, 'RGBA image')
  const out = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .png({ compressionLevel: 9 })
    .toBuffer()
  return new Uint8Array(out)
}

function checkLength(data: Uint8Array, expected: number, what: string): void {
  if (data.length !== expected) {
    throw new Error(`${what}: expected ${expected} bytes (width x height x channels), found ${data.length}`)
  }
}

/** Encode 1-byte-per-pixel values as an 8-bit greyscale PNG (the walk mask and scale map format). */
export async function encodeGreyPng(width: number, height: number, values: Uint8Array): Promise<Uint8Array> {
  checkLength(values, width * height, 'grey image')
  const out = await sharp(Buffer.from(values.buffer, values.byteOffset, values.byteLength), {
    raw: { width, height, channels: 1 },
  })
    .toColourspace('b-w')
    .png({ compressionLevel: 9, palette: false })
    .toBuffer()
  return new Uint8Array(out)
}

/** Encode an area mask as an 8-bit greyscale PNG: grey value = area id. */
export function encodeMaskPng(mask: AreaMask): Promise<Uint8Array> {
  return encodeGreyPng(mask.width, mask.height, mask.cells)
}

/** Decode a greyscale image (e.g. a scale map): the red channel, 0..255. */
export async function decodeGrey(
  input: ImageInput,
  file: string,
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<GreyImage> {
  const rgba = await decodeImage(input, file, limits)
  const values = new Uint8Array(rgba.width * rgba.height)
  for (let i = 0, j = 0; i < values.length; i++, j += 4) values[i] = rgba.data[j]
  return { width: rgba.width, height: rgba.height, values }
}

/**
 * Decode a walk mask to area ids with the given rule (see the glossary).
 * `expect` checks the size (the room's size), naming the file when it differs.
 */
export async function decodeMask(
  input: ImageInput,
  file: string,
  options: {
    rule?: MaskRule
    /** The exact size the mask must have (a room's own mask file). */
    expect?: { width: number; height: number }
    /** The size to scale the mask up to (an import: the room's size or an exact fraction, 1:2 to 1:4). */
    fit?: { width: number; height: number }
    limits?: ImageLimits
  } = {},
): Promise<DecodedMask> {
  const limits = options.limits ?? IMAGE_LIMITS
  const bytes = await bytesOf(input, file)
  const info = await infoOf(bytes, file, limits)
  if (options.expect && (info.width !== options.expect.width || info.height !== options.expect.height)) {
    throw new ImageError(
      file,
      `is ${info.width} x ${info.height} px; expected the room size ${options.expect.width} x ${options.expect.height} px`,
    )
  }
  const rgba = await decodeImage(bytes, file, limits)
  const palette = info.isPalette && info.format === 'png' ? readPngPalette(bytes) : undefined
  try {
    const read = readMaskImage(rgba, { rule: options.rule, palette, fit: options.fit, file })
    const colours = read.areas.filter((a) => a.colour).map((a) => ({ id: a.id, colour: a.colour! }))
    return {
      width: read.width,
      height: read.height,
      cells: read.cells,
      rule: read.rule,
      scale: read.scale,
      summary: read.summary,
      ...(read.rule === 'colours' ? { colours } : {}),
    }
  } catch (e) {
    if (e instanceof MaskImageError) throw new ImageError(file, e.message.slice(file.length + 2))
    throw e
  }
}

/** The project store's image codec (src/shared/room/project-store.ts) on the desktop: sharp. */
export const sharpImageCodec: StoreImageCodec = {
  decode: (bytes, label) => decodeImage(bytes, label),
  encodeGreyPng,
}
