/**
 * Truecolour PNG files (colour type 6, 8 bits per channel) from RGBA pixels, with the
 * image data in stored (uncompressed) deflate blocks, so that a pure reader (an AGS .crm's
 * background) can hand back a file without a compression library. The file is larger
 * than a compressed one (width * height * 4 bytes and a little); any PNG reader opens it.
 *
 * Glossary
 * - stored block: a deflate block of at most 65535 bytes copied as they are (RFC 1951 3.2.4).
 *
 * Units: px, bytes.
 */
import { pngFile } from './png-chunks'

function adler32(bytes: Uint8Array): number {
  let a = 1
  let b = 0
  // The sums stay below 2^32 for 5552 bytes (zlib's NMAX): take the modulo once per block.
  for (let start = 0; start < bytes.length; start += 5552) {
    const end = Math.min(bytes.length, start + 5552)
    for (let i = start; i < end; i++) {
      a += bytes[i]
      b += a
    }
    a %= 65521
    b %= 65521
  }
  return ((b << 16) | a) >>> 0
}

/** zlib stream (RFC 1950) of `raw` in stored deflate blocks. */
export function zlibStored(raw: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(raw.length / 65535))
  const out = new Uint8Array(2 + raw.length + blocks * 5 + 4)
  out[0] = 0x78
  out[1] = 0x01
  let at = 2
  for (let k = 0; k < blocks; k++) {
    const part = raw.subarray(k * 65535, Math.min(raw.length, (k + 1) * 65535))
    out[at] = k === blocks - 1 ? 1 : 0
    out[at + 1] = part.length & 0xff
    out[at + 2] = part.length >> 8
    out[at + 3] = ~part.length & 0xff
    out[at + 4] = (~part.length >> 8) & 0xff
    out.set(part, at + 5)
    at += 5 + part.length
  }
  new DataView(out.buffer).setUint32(at, adler32(raw))
  return out
}

/** A PNG file of `rgba` (width * height * 4 bytes, rows top-down). */
export function encodeRgbaPng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error(`expected ${width * height * 4} bytes of RGBA`)
  const ihdr = new Uint8Array(13)
  const v = new DataView(ihdr.buffer)
  v.setUint32(0, width)
  v.setUint32(4, height)
  ihdr.set([8, 6, 0, 0, 0], 8)
  const row = width * 4
  const raw = new Uint8Array((row + 1) * height)
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * row, (y + 1) * row), y * (row + 1) + 1)
  return pngFile([
    ['IHDR', ihdr],
    ['IDAT', zlibStored(raw)],
  ])
}
