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
 * - mask rule: how a picture becomes area ids (MaskRule):
 *   - 'ids': the red channel (the grey value of a greyscale image) is the id. This is
 *     how Walkbox writes masks.
 *   - 'colours': AGS-style: each distinct colour is an area. In a paletted PNG the
 *     palette index of the colour is its id (palette index 0 = not walkable); in
 *     other images black (and fully transparent) pixels are 0 and the other colours
 *     get ids 1, 2, 3... in the order they first appear (rows top to bottom, each
 *     row left to right). More than 255 colours is an error.
 *   - 'alpha': alpha > 0 is area 1, the rest 0.
 *   - 'nonblack': a pixel that is not black and not fully transparent is area 1.
 *   - 'auto': paletted PNG -> 'colours'; an image with any pixel not fully opaque
 *     -> 'alpha' (the same test as the command line's --mask-rule auto, in
 *     measure/readers/mask-areas.ts); a grey image with only the values 0 and 255 -> 'nonblack' (white =
 *     walkable); another grey image -> 'ids'; a colour image -> 'colours'.
 *
 * Supported: PNG, JPEG, WebP (first frame). JPEG EXIF orientation is applied.
 *
 * Units: px; channel values 0..255.
 */
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import type { Metadata } from 'sharp'
import { hasTransparency, walkableByRule } from '../../shared/measure/readers/mask-areas'

import { IMAGE_LIMITS } from '../../shared/host'

/** Largest image accepted (side in px, total pixels), as the host contract states; checked on the header, before decoding. */
export { IMAGE_LIMITS }

export type ImageLimits = { maxSide: number; maxPixels: number }

/** Encoded image bytes, or the path of an image file. */
export type ImageInput = Uint8Array | string

export type ImageFormat = 'png' | 'jpeg' | 'webp'

export interface RgbaImage {
  width: number
  height: number
  /** width * height * 4 bytes. */
  data: Uint8Array
}

export interface AreaMask {
  width: number
  height: number
  /** width * height bytes; 0 = not walkable, else area id. */
  cells: Uint8Array
}

export interface GreyImage {
  width: number
  height: number
  /** width * height bytes, 0..255. */
  values: Uint8Array
}

export interface ImageInfo {
  format: ImageFormat
  width: number
  height: number
  /** Colour channels plus alpha, as stored (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA). */
  channels: number
  hasAlpha: boolean
  isPalette: boolean
}

export type MaskRule = 'ids' | 'colours' | 'alpha' | 'nonblack' | 'auto'

export interface DecodedMask extends AreaMask {
  /** The rule actually used ('auto' resolved). */
  rule: Exclude<MaskRule, 'auto'>
  /** For 'colours': which colour became which id ('#rrggbb'). */
  colours?: { id: number; colour: string }[]
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

/** A sharp pipeline; `limits` undefined = no pixel limit (header reads, where the limits are checked here). */
function sharpOf(input: ImageInput, limits: ImageLimits | undefined) {
  const source =
    typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  return sharp(source, { limitInputPixels: limits ? limits.maxPixels : false, failOn: 'error', pages: 1 })
}

/** Read format and size from the header only, and refuse images over the limits. */
export async function readImageInfo(
  input: ImageInput,
  file: string,
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<ImageInfo> {
  let meta: Metadata
  try {
    meta = await sharpOf(input, undefined).metadata()
  } catch (e) {
    const reason = (e as Error).message
    if (
      (e as NodeJS.ErrnoException).code === 'ENOENT' ||
      /no such file|input file is missing/i.test(reason)
    ) {
      throw new ImageError(file, 'file not found')
    }
    throw new ImageError(file, `not a readable image; expected a PNG, JPEG or WebP file (${reason})`)
  }
  if (!FORMATS.includes(meta.format)) {
    throw new ImageError(file, `is a ${meta.format} image; expected PNG, JPEG or WebP`)
  }
  const { width, height } = meta
  if (!width || !height)
    throw new ImageError(file, 'has no size in its header; expected a PNG, JPEG or WebP image')
  if (width > limits.maxSide || height > limits.maxSide) {
    throw new ImageError(
      file,
      `is ${width} x ${height} px; expected at most ${limits.maxSide} px a side (images are checked before decoding)`,
    )
  }
  if (width * height > limits.maxPixels) {
    const mp = (n: number) => `${Math.round(n / 1e5) / 10} megapixels`
    throw new ImageError(
      file,
      `is ${width} x ${height} px (${mp(width * height)}); expected at most ${mp(limits.maxPixels)}`,
    )
  }
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
  await readImageInfo(input, file, limits)
  try {
    const { data, info } = await sharpOf(input, limits)
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

/** The PLTE chunk of a PNG as '#rrggbb' per palette index, or undefined. */
export function readPngPalette(bytes: Uint8Array): string[] | undefined {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10]
  if (bytes.length < 8 || signature.some((b, i) => bytes[i] !== b)) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 8
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7])
    const start = at + 8
    if (start + length > bytes.length) return undefined
    if (type === 'PLTE') {
      const colours: string[] = []
      for (let k = start; k + 2 < start + length; k += 3)
        colours.push(hex(bytes[k], bytes[k + 1], bytes[k + 2]))
      return colours
    }
    if (type === 'IDAT' || type === 'IEND') return undefined
    at = start + length + 4
  }
  return undefined
}

function hex(r: number, g: number, b: number): string {
  return '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')
}

function chooseRule(info: ImageInfo, rgba: RgbaImage): Exclude<MaskRule, 'auto'> {
  if (info.isPalette && info.format === 'png') return 'colours'
  const d = rgba.data
  if (hasTransparency(d)) return 'alpha'
  let grey = true
  let onlyBlackWhite = true
  for (let j = 0; j < d.length; j += 4) {
    if (d[j] !== d[j + 1] || d[j] !== d[j + 2]) grey = false
    if (d[j] !== 0 && d[j] !== 255) onlyBlackWhite = false
  }
  if (!grey) return 'colours'
  return onlyBlackWhite ? 'nonblack' : 'ids'
}

/**
 * Decode a walk mask to area ids with the given rule (see the glossary).
 * `expect` checks the size (the room's size), naming the file when it differs.
 */
export async function decodeMask(
  input: ImageInput,
  file: string,
  options: { rule?: MaskRule; expect?: { width: number; height: number }; limits?: ImageLimits } = {},
): Promise<DecodedMask> {
  const limits = options.limits ?? IMAGE_LIMITS
  const info = await readImageInfo(input, file, limits)
  if (options.expect && (info.width !== options.expect.width || info.height !== options.expect.height)) {
    throw new ImageError(
      file,
      `is ${info.width} x ${info.height} px; expected the room size ${options.expect.width} x ${options.expect.height} px`,
    )
  }
  const rgba = await decodeImage(input, file, limits)
  const rule = options.rule === undefined || options.rule === 'auto' ? chooseRule(info, rgba) : options.rule
  const { width, height, data } = rgba
  const cells = new Uint8Array(width * height)
  if (rule === 'ids') {
    for (let i = 0, j = 0; i < cells.length; i++, j += 4) cells[i] = data[j]
    return { width, height, cells, rule }
  }
  if (rule === 'alpha' || rule === 'nonblack') {
    for (let i = 0, j = 0; i < cells.length; i++, j += 4) cells[i] = walkableByRule(rule, data, j) ? 1 : 0
    return { width, height, cells, rule }
  }
  // 'colours'
  let palette: string[] | undefined
  if (info.isPalette && info.format === 'png') {
    palette = readPngPalette(typeof input === 'string' ? await readFile(input) : input)
  }
  const idOf = new Map<number, number>()
  if (palette) {
    palette.forEach((colour, index) => {
      const key = parseInt(colour.slice(1), 16)
      if (!idOf.has(key) && index <= 255) idOf.set(key, index)
    })
  }
  const used = new Map<number, number>()
  let nextId = 1
  for (let i = 0, j = 0; i < cells.length; i++, j += 4) {
    if (data[j + 3] === 0) continue
    const key = (data[j] << 16) | (data[j + 1] << 8) | data[j + 2]
    let id = idOf.get(key)
    if (id === undefined) {
      if (palette)
        throw new ImageError(
          file,
          `has colour ${hex(data[j], data[j + 1], data[j + 2])} that is not in its palette`,
        )
      if (key === 0) id = 0
      else {
        if (nextId > 255) {
          throw new ImageError(
            file,
            'has more than 255 colours; expected a mask with at most 255 areas (is it a photo?)',
          )
        }
        id = nextId++
      }
      idOf.set(key, id)
    }
    if (id !== 0 && !used.has(id)) used.set(id, key)
    cells[i] = id
  }
  const colours = [...used.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([id, key]) => ({ id, colour: hex(key >> 16, (key >> 8) & 255, key & 255) }))
  return { width, height, cells, rule, colours }
}
