/**
 * The run-length code of AGS 3 room masks, both ways, byte for byte as AGS writes it
 * (Common/util/compress.cpp cpackbitl; read back as cunpackbitl reads it). The encoder is
 * AGS's: from `i`, a lone last byte is `0, byte`; when the next byte equals it, a run up to
 * 127 equal bytes is `i - j` (negative), byte; otherwise a sequence up to 127 bytes, ending
 * where two equal bytes start, is `j - i`, bytes. A mask is packed in one of two ways,
 * depending on the editor that saved it:
 * - rows: each row packed on its own (csavecompressed, the AGS 3.0 to 3.5 editors);
 * - whole: the whole mask as one line (save_rle_bitmap8, AGS 3.6 on).
 * Both read back the same with one pass over the whole mask, as every AGS 3.6 engine reads.
 *
 * Glossary
 * - packing: 'rows' or 'whole', as above; `packingOf` says which one gave a file's bytes.
 * - size: the mask's pixel count (width * height).
 *
 * Units: bytes; px.
 */

export type CrmPacking = 'rows' | 'whole'

/** Packs `line[from, from + size)` as cpackbitl does, into `out` at `at`; returns the end. */
function packLine(line: Uint8Array, from: number, size: number, out: Uint8Array, at: number): number {
  let i = 0
  while (i < size) {
    const last = Math.min(i + 126, size - 1)
    if (i === size - 1) {
      out[at++] = 0
      out[at++] = line[from + i]
      i++
    } else if (line[from + i] === line[from + i + 1]) {
      let j = i + 1
      while (j < last && line[from + j] === line[from + j + 1]) j++
      out[at++] = (i - j) & 0xff
      out[at++] = line[from + i]
      i = j + 1
    } else {
      let j = i + 1
      while (j < last && line[from + j] !== line[from + j + 1]) j++
      out[at++] = j - i
      out.set(line.subarray(from + i, from + j + 1), at)
      at += j - i + 1
      i = j + 1
    }
  }
  return at
}

/** The most bytes packing `size` pixels can take (every sequence of 1: 2 bytes a pixel). */
const worstCase = (size: number) => size * 2 + 2

/** `pixels` (width * height, row-major) packed as AGS packs a mask, one way or the other. */
export function packMask(pixels: Uint8Array, width: number, height: number, packing: CrmPacking): Uint8Array {
  if (pixels.length !== width * height)
    throw new Error(`a mask of ${pixels.length} px is not ${width}x${height}`)
  const out = new Uint8Array(worstCase(pixels.length))
  let at = 0
  if (packing === 'whole') at = packLine(pixels, 0, pixels.length, out, 0)
  else for (let y = 0; y < height; y++) at = packLine(pixels, y * width, width, out, at)
  return out.slice(0, at)
}

/**
 * Unpacks `size` pixels from `bytes` at `at` (cunpackbitl over the whole mask; -128 counts
 * as 0). Returns the pixels and where the code ends, or why it cannot: the bytes run out
 * before `end` ('short'), or a run goes past the mask's last pixel ('overflow').
 */
export function unpackMask(
  bytes: Uint8Array,
  at: number,
  size: number,
  end = bytes.length,
): { pixels: Uint8Array; end: number } | 'short' | 'overflow' {
  const pixels = new Uint8Array(size)
  let n = 0
  while (n < size) {
    if (at >= end) return 'short'
    let cx = bytes[at++]
    if (cx > 127) cx -= 256
    if (cx === -128) cx = 0
    if (cx < 0) {
      const run = 1 - cx
      if (at >= end) return 'short'
      if (n + run > size) return 'overflow'
      pixels.fill(bytes[at++], n, n + run)
      n += run
    } else {
      const run = cx + 1
      if (n + run > size) return 'overflow'
      if (at + run > end) return 'short'
      pixels.set(bytes.subarray(at, at + run), n)
      at += run
      n += run
    }
  }
  return { pixels, end: at }
}

function equalAt(a: Uint8Array, b: Uint8Array, at: number): boolean {
  if (at + b.length > a.length) return false
  for (let i = 0; i < b.length; i++) if (a[at + i] !== b[i]) return false
  return true
}

/**
 * Which packing gives exactly `bytes[at, end)` for `pixels`, or null when neither does (a
 * mask no AGS editor wrote that way). 'whole' is tried first; a mask both give (no run
 * crossing a row's end) is 'whole'.
 */
export function packingOf(
  bytes: Uint8Array,
  at: number,
  end: number,
  pixels: Uint8Array,
  width: number,
  height: number,
): CrmPacking | null {
  for (const packing of ['whole', 'rows'] as const) {
    const packed = packMask(pixels, width, height, packing)
    if (packed.length === end - at && equalAt(bytes, packed, at)) return packing
  }
  return null
}
