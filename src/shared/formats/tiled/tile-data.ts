/**
 * Tile layer data as Tiled stores it, decoded into global tile ids: a CSV list (TMX text or
 * a JSON array), base64 of little-endian 32-bit ids, optionally compressed (zlib, gzip,
 * zstd). zlib and gzip are the host's (`Inflate`: Node's zlib, the browser's
 * DecompressionStream); zstd is Walkbox's own decoder (../../codecs/zstd.ts), the same on every host.
 * Either is asked for at most the bytes the layer can hold, so a small file cannot inflate
 * into a large one.
 *
 * Glossary
 * - gid: a global tile id; 0 is no tile. Its top four bits are flags (flipped horizontally,
 *   vertically, diagonally, rotated 120 degrees on hexagonal maps); the rest is the tile.
 * - cells: width x height tiles, row by row from the top-left.
 *
 * Units: tiles, bytes.
 */
import { decompressZstd, ZstdError } from '../../codecs/zstd'

/** The host's zlib/gzip decompressor: `data` in, at most `maxBytes` out; throws when it cannot. */
export type Inflate = (
  data: Uint8Array,
  compression: 'zlib' | 'gzip',
  maxBytes: number,
) => Promise<Uint8Array>

/** zstd data decoded by Walkbox's own decoder, refused as soon as it passes `maxBytes`. */
function unzstd(data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    return decompressZstd(data, maxBytes)
  } catch (e) {
    if (e instanceof ZstdError && e.failure === 'too-large')
      throw new Error(`zstd: inflates past the ${maxBytes} bytes the layer holds; refused`)
    throw e
  }
}

/** The bits of a gid that are flip flags (Tiled's FlippedHorizontallyFlag and the three after it). */
export const GID_FLAG_BITS = 0xf0000000

/** The tile part of a gid (its flip flags cleared). */
export const gidTile = (gid: number): number => (gid & ~GID_FLAG_BITS) >>> 0

/** Tile data as the reader found it, before decoding. */
export interface RawTileData {
  /** Numbers (JSON, or TMX csv / <tile> elements read already) or text (base64, or csv). */
  data: readonly number[] | string
  encoding?: string
  compression?: string
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const B64_VALUE = new Int16Array(128).fill(-1)
for (let i = 0; i < B64.length; i++) B64_VALUE[B64.charCodeAt(i)] = i

/** Bytes of base64 text (whitespace ignored). Throws on any other character. */
export function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/[\s]+/g, '').replace(/=+$/, '')
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4))
  let bits = 0
  let value = 0
  let o = 0
  for (let i = 0; i < clean.length; i++) {
    const c = clean.charCodeAt(i)
    const v = c < 128 ? B64_VALUE[c] : -1
    if (v < 0) throw new Error(`not base64 (character ${JSON.stringify(clean[i])} at ${i})`)
    value = (value << 6) | v
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (value >> bits) & 0xff
    }
  }
  return out.subarray(0, o)
}

/**
 * The `cells` gids of one layer (or chunk). Throws a one-line reason when the data is
 * malformed, has the wrong count, or names a compression the host cannot undo.
 */
export async function decodeTileData(
  raw: RawTileData,
  cells: number,
  inflate: Inflate | undefined,
): Promise<Uint32Array> {
  if (!Number.isInteger(cells) || cells < 0) throw new Error('its size is not a whole number of tiles')
  const out = new Uint32Array(cells)
  if (typeof raw.data !== 'string' || raw.encoding === 'csv' || raw.encoding === undefined) {
    const list =
      typeof raw.data === 'string'
        ? raw.data
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : raw.data
    if (list.length !== cells) throw new Error(`${list.length} tiles where the layer has ${cells}`)
    for (let i = 0; i < cells; i++) {
      const v = Number(list[i])
      if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new Error(`tile ${i} is not a gid`)
      out[i] = v
    }
    return out
  }
  if (raw.encoding !== 'base64') throw new Error(`encoding '${raw.encoding}' is not one Tiled writes`)
  let bytes = decodeBase64(raw.data)
  const compression = raw.compression ?? ''
  if (compression !== '') {
    if (compression !== 'zlib' && compression !== 'gzip' && compression !== 'zstd')
      throw new Error(`compression '${compression}' is not one Tiled writes`)
    if (compression === 'zstd') bytes = unzstd(bytes, cells * 4)
    else if (!inflate) throw new Error(`${compression}-compressed data and no decompressor here`)
    else bytes = await inflate(bytes, compression, cells * 4)
  }
  if (bytes.length !== cells * 4) throw new Error(`${bytes.length / 4} tiles where the layer has ${cells}`)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let i = 0; i < cells; i++) out[i] = view.getUint32(i * 4, true)
  return out
}
