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

import { keptAncillaryChunks, pngFile } from './png-chunks'

export interface IndexedImage {
  width: number
  height: number
  indices: Uint8Array
  /** '#rrggbb' per palette entry, index 0 first (at most 256). */
  palette: string[]
  /**
   * The PNG this one replaces, when it does: its ancillary chunks that still hold (sRGB,
   * gAMA, pHYs, text...: png-chunks.ts keptAncillaryChunks) are written again where they were.
   */
  replaces?: Uint8Array
}

/** zlib-wrapped deflate (RFC 1950), as Node's deflateSync and CompressionStream('deflate') give. */
export type Deflate = (bytes: Uint8Array) => Promise<Uint8Array> | Uint8Array

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
  const kept = image.replaces ? keptAncillaryChunks(image.replaces) : null
  // A transparency entry per palette entry at most.
  const palettePart = (kept?.beforeData ?? []).map(([type, data]): [string, Uint8Array] =>
    type === 'tRNS' ? [type, data.subarray(0, palette.length)] : [type, data],
  )
  return pngFile([
    ['IHDR', ihdr],
    ...(kept?.beforePalette ?? []),
    ['PLTE', plte],
    ...palettePart,
    ['IDAT', await deflate(raw)],
    ...(kept?.afterData ?? []),
  ])
}
