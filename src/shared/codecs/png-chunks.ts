/**
 * Assembling a PNG file from its chunks, as the PNG specification lays them out: the
 * signature, then each chunk as length, type, data and a CRC-32 over type and data. The
 * writers of indexed and truecolour PNGs (indexed-png.ts, rgba-png.ts) share it. And the
 * ancillary chunks of a PNG an editor keeps when it writes the picture's pixels again
 * (PNG specification 14.2, "behaviour of PNG editors"), each where it may stand.
 *
 * Glossary
 * - chunk: a 4-letter type ('IHDR', 'PLTE', 'IDAT', 'IEND') and its data.
 * - ancillary: a chunk whose type starts in lower case (sRGB, gAMA, pHYs, tEXt...).
 * - safe to copy: an ancillary chunk whose type's last letter is lower case (pHYs, tEXt,
 *   iTXt, zTXt, eXIf): kept whatever changed. The unsafe ones that say how to show the
 *   colours (sRGB, gAMA, cHRM, iCCP, sBIT) or palette entries (tRNS, bKGD) are kept too,
 *   since the palette is kept; hIST (a histogram of the pixels), tIME (the time of the last
 *   change) and unknown unsafe ones are not.
 *
 * Units: bytes.
 */
import { crc32 } from '../room/zip'

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** One chunk: length, type, data, CRC-32. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** The PNG file: the signature and then the chunks in order (IHDR first, IEND added last). */
export function pngFile(chunks: readonly [string, Uint8Array][]): Uint8Array {
  const parts = [
    Uint8Array.from(SIGNATURE),
    ...chunks.map(([type, data]) => pngChunk(type, data)),
    pngChunk('IEND', new Uint8Array(0)),
  ]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A PNG's chunks in order, [type, data] (signature and lengths checked; CRCs not); throws on a damaged file. */
export function readPngChunks(bytes: Uint8Array): [string, Uint8Array][] {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) throw new Error('not a PNG file')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out: [string, Uint8Array][] = []
  let at = 8
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at)
    if (at + 12 + length > bytes.length) throw new Error('a PNG chunk runs past the end of the file')
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    out.push([type, bytes.subarray(at + 8, at + 8 + length)])
    at += 12 + length
    if (type === 'IEND') break
  }
  return out
}

/** Unsafe-to-copy ancillary chunks an editor that keeps the palette may keep. */
const KEPT_UNSAFE = new Set(['sRGB', 'gAMA', 'cHRM', 'iCCP', 'sBIT', 'tRNS', 'bKGD'])

/** The ancillary chunks of `png` an editor keeps, by where they stand: before PLTE, between PLTE and IDAT, after IDAT. */
export interface KeptChunks {
  beforePalette: [string, Uint8Array][]
  beforeData: [string, Uint8Array][]
  afterData: [string, Uint8Array][]
}

export function keptAncillaryChunks(png: Uint8Array): KeptChunks {
  const out: KeptChunks = { beforePalette: [], beforeData: [], afterData: [] }
  let where: keyof KeptChunks = 'beforePalette'
  for (const [type, data] of readPngChunks(png)) {
    if (type === 'PLTE') where = 'beforeData'
    else if (type === 'IDAT') where = 'afterData'
    const ancillary = type.charCodeAt(0) >= 97
    const safe = type.charCodeAt(3) >= 97
    if (!ancillary || (!safe && !KEPT_UNSAFE.has(type))) continue
    // Colour-space chunks stand before PLTE in a valid file; palette ones after it.
    out[where].push([type, data.slice()])
  }
  return out
}
