/**
 * Reads an image's width and height from its first bytes (PNG, JPEG, WebP), so that an
 * oversized image is refused before anything is decoded and importers can learn an
 * image's size without decoding it.
 *
 * checkImageHeader is the one check every host runs on an image file before decoding it
 * (the shared project store, the desktop's codec, the browser's decoder): its byte size, its
 * signature, its header and the side and pixel limits of src/shared/limits.ts, each refused
 * with one line naming the file.
 *
 * Units: px; bytes for file sizes.
 */
import {
  imageSizeProblem,
  MAX_IMAGE_FILE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE_PX,
  tooLargeProblem,
} from '../limits'

export interface ImageHeader {
  format: 'png' | 'jpeg' | 'webp'
  width: number
  height: number
}

function u16be(b: Uint8Array, i: number): number {
  return (b[i] << 8) | b[i + 1]
}
function u32be(b: Uint8Array, i: number): number {
  return ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3]
}
function u24le(b: Uint8Array, i: number): number {
  return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)
}

/** The header of a PNG, JPEG or WebP file; throws naming `fileName` when it is none of them. */
export function readImageHeader(bytes: Uint8Array, fileName: string): ImageHeader {
  const b = bytes
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    return { format: 'png', width: u32be(b, 16), height: u32be(b, 20) }
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) {
        i++
        continue
      }
      const marker = b[i + 1]
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2
        continue
      }
      const length = u16be(b, i + 2)
      const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
      if (isSof) return { format: 'jpeg', height: u16be(b, i + 5), width: u16be(b, i + 7) }
      i += 2 + length
    }
    throw new Error(`${fileName}: a JPEG file without a frame header; expected a complete JPEG image`)
  }
  const ascii = (i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n))
  if (b.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4)
    if (chunk === 'VP8X') return { format: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
    if (chunk === 'VP8L') {
      const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24)
      return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
    }
    if (chunk === 'VP8 ')
      return {
        format: 'webp',
        width: (b[26] | (b[27] << 8)) & 0x3fff,
        height: (b[28] | (b[29] << 8)) & 0x3fff,
      }
  }
  throw new Error(`${fileName}: not a PNG, JPEG or WebP image`)
}

/** Formats recognised by their signature that Walkbox does not read, by their first bytes. */
const OTHER_SIGNATURES: {
  name: string
  test: (b: Uint8Array, ascii: (i: number, n: number) => string) => boolean
}[] = [
  { name: 'gif', test: (_b, a) => a(0, 4) === 'GIF8' },
  { name: 'tiff', test: (_b, a) => a(0, 4) === 'II*\0' || a(0, 4) === 'MM\0*' },
  { name: 'bmp', test: (_b, a) => a(0, 2) === 'BM' },
  { name: 'pdf', test: (_b, a) => a(0, 5) === '%PDF-' },
  { name: 'heif or avif', test: (_b, a) => a(4, 4) === 'ftyp' },
  { name: 'jpeg xl', test: (b, a) => (b[0] === 0xff && b[1] === 0x0a) || a(4, 4) === 'JXL ' },
  { name: 'ico', test: (b) => b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0 },
  { name: 'psd', test: (_b, a) => a(0, 4) === '8BPS' },
  // SVG and other XML or text: the first non-blank character is '<'.
  { name: 'svg', test: (_b, a) => /^(\uFEFF|\xEF\xBB\xBF)?\s*</.test(a(0, 64)) },
]

/**
 * The format of encoded image bytes from their signature alone ('png', 'jpeg', 'webp'), so
 * that nothing else reaches an image decoder (sharp parses SVG, TIFF, GIF, PDF and more).
 * Throws `<fileName>: is a gif image; expected PNG, JPEG or WebP` for a known other format
 * and `<fileName>: not a readable image; expected a PNG, JPEG or WebP file (...)` otherwise.
 */
export function sniffImageFormat(bytes: Uint8Array, fileName: string): ImageHeader['format'] {
  const b = bytes
  const ascii = (i: number, n: number) => String.fromCharCode(...b.subarray(i, Math.min(b.length, i + n)))
  if (b.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return 'webp'
  const other = OTHER_SIGNATURES.find((s) => s.test(b, ascii))
  if (other) throw new Error(`${fileName}: is a ${other.name} image; expected PNG, JPEG or WebP`)
  if (b.length === 0) throw new Error(`${fileName}: is empty; expected a PNG, JPEG or WebP image`)
  throw new Error(
    `${fileName}: not a readable image; expected a PNG, JPEG or WebP file (its first bytes are none of theirs)`,
  )
}

/** An image file Walkbox does not open: `${file}: ${problem}`. */
export class ImageHeaderError extends Error {
  readonly file: string
  /** What is wrong, the words after "`file`: ". */
  readonly problem: string
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`)
    this.name = 'ImageHeaderError'
    this.file = file
    this.problem = problem
  }
}

/**
 * The header of an image file Walkbox opens, or throws ImageHeaderError naming `fileName`:
 * over MAX_IMAGE_FILE_BYTES, not a PNG, JPEG or WebP (by its signature), no size in its header,
 * or over `limits` (the side and pixel limits of limits.ts unless a test narrows them).
 */
export function checkImageHeader(
  bytes: Uint8Array,
  fileName: string,
  limits: { maxSide: number; maxPixels: number } = {
    maxSide: MAX_IMAGE_SIDE_PX,
    maxPixels: MAX_IMAGE_PIXELS,
  },
): ImageHeader {
  if (bytes.length > MAX_IMAGE_FILE_BYTES)
    throw new ImageHeaderError(fileName, tooLargeProblem(bytes.length, MAX_IMAGE_FILE_BYTES))
  let header: ImageHeader
  try {
    sniffImageFormat(bytes, fileName)
    header = readImageHeader(bytes, fileName)
  } catch (e) {
    throw new ImageHeaderError(fileName, (e as Error).message.slice(fileName.length + 2))
  }
  const problem = imageSizeProblem(header.width, header.height, limits.maxSide, limits.maxPixels)
  if (problem) throw new ImageHeaderError(fileName, problem)
  return header
}
