/**
 * Assembling a PNG file from its chunks, as the PNG specification lays them out: the
 * signature, then each chunk as length, type, data and a CRC-32 over type and data. The
 * writers of indexed and truecolour PNGs (indexed-png.ts, rgba-png.ts) share it.
 *
 * Glossary
 * - chunk: a 4-letter type ('IHDR', 'PLTE', 'IDAT', 'IEND') and its data.
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
