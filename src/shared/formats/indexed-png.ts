/**
 * 8-bit indexed PNG files (colour type 3), written byte by byte from the PNG
 * specification (signature, IHDR, PLTE, IDAT, IEND; CRC-32 over type and data). The
 * deflate step is the caller's (Node's zlib, the browser's CompressionStream), so this
 * module stays free of platform code.
 *
 * Glossary
 * - indices: one byte per pixel, row-major; the pixel's palette entry.
 *
 * Units: px.
 */

import { crc32 } from '../room/zip'

export interface IndexedImage {
  width: number
  height: number
  indices: Uint8Array
  /** '#rrggbb' per palette entry, index 0 first (at most 256). */
  palette: string[]
}

/** zlib-wrapped deflate (RFC 1950), as Node's deflateSync and CompressionStream('deflate') give. */
export type Deflate = (bytes: Uint8Array) => Promise<Uint8Array> | Uint8Array

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

export async function encodeIndexedPng(image: IndexedImage, deflate: Deflate): Promise<Uint8Array> {
  const { width, height, indices, palette } = image
  if (indices.length !== width * height)
    throw new Error(`expected ${width * height} indices, got ${indices.length}`)
  if (palette.length < 1 || palette.length > 256) throw new Error('expected 1 to 256 palette entries')
  let top = 0
  for (let i = 0; i < indices.length; i++) if (indices[i] > top) top = indices[i]
  if (top >= palette.length) throw new Error(`index ${top} has no palette entry (${palette.length} entries)`)
  const ihdr = new Uint8Array(13)
  const v = new DataView(ihdr.buffer)
  v.setUint32(0, width)
  v.setUint32(4, height)
  ihdr.set([8, 3, 0, 0, 0], 8)
  const plte = new Uint8Array(palette.length * 3)
  palette.forEach((c, i) => {
    const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c)
    if (!m) throw new Error(`palette entry ${i}: expected '#rrggbb', found '${c}'`)
    plte.set([parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)], i * 3)
  })
  const raw = new Uint8Array((width + 1) * height)
  for (let y = 0; y < height; y++) raw.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1)
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('IDAT', await deflate(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}
