/**
 * Reads an image's width and height from its first bytes (PNG, JPEG, WebP), so that an
 * oversized image is refused before anything is decoded and importers can learn an
 * image's size without decoding it.
 *
 * Units: px.
 */

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
