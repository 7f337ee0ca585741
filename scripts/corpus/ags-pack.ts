/**
 * A compiled AGS game's data file (`game.ags`, a CLIB package: Common/data/multifilelib.cpp),
 * read far enough to find its rooms and give back a copy with some rooms replaced, so that
 * an engine (ScummVM's AGS) can load rooms Walkbox wrote. The new bytes of a room go after
 * the end of the file and the room's table entry (offset, size) points at them; every other
 * byte stays as it is, so the table keeps its size.
 *
 * Glossary
 * - CLIB 30 (AGS 3.5 on): "CLIB\x1a", version 30, part index 0, i32 options, i32 part count
 *   and their names (0-ended), i32 asset count, then per asset: name (0-ended), part (u8),
 *   offset (i64), size (i64).
 * - CLIB 21 (AGS 2.7 to 3.4): after version and part index, an i32 seed, then the table
 *   with every byte shifted by the next value of a pseudo-random sequence from that seed:
 *   part count and names, asset count, names (0-ended), then all offsets, all sizes (i32
 *   each) and all parts (u8 each).
 *
 * Units: bytes.
 */

export interface PackAsset {
  name: string
  /** The package part holding it (0: this file). */
  part: number
  offset: number
  size: number
  offsetAt: number
  sizeAt: number
}

export interface Pack {
  version: number
  assets: PackAsset[]
  /** CLIB 21: the key byte at each table offset (the stored byte minus the plain one). */
  keys: Map<number, number> | null
}

const SEED = 9338638

export function readPack(bytes: Uint8Array): Pack {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const sig = String.fromCharCode(...bytes.subarray(0, 5))
  if (sig !== 'CLIB\x1a') throw new Error('not an AGS data file (no CLIB signature at its start)')
  const version = bytes[5]
  if (bytes[6] !== 0) throw new Error('not the first part of an AGS data file')
  let at = 7
  const assets: PackAsset[] = []
  if (version === 30) {
    at += 4
    const parts = view.getInt32(at, true)
    at += 4
    for (let i = 0; i < parts; i++) while (bytes[at++] !== 0);
    const count = view.getInt32(at, true)
    at += 4
    for (let i = 0; i < count; i++) {
      let name = ''
      while (bytes[at] !== 0) name += String.fromCharCode(bytes[at++])
      at++
      const part = bytes[at++]
      const offsetAt = at
      const offset = Number(view.getBigInt64(at, true))
      const sizeAt = at + 8
      const size = Number(view.getBigInt64(sizeAt, true))
      at += 16
      assets.push({ name, part, offset, size, offsetAt, sizeAt })
    }
    return { version, assets, keys: null }
  }
  if (version !== 21) throw new Error(`AGS data file version ${version}; this reads 21 and 30`)
  let rand = (view.getInt32(at, true) + SEED) | 0
  at += 4
  const keys = new Map<number, number>()
  const next = () => {
    rand = (Math.imul(rand, 214013) + 2531011) | 0
    return (rand >> 16) & 0x7fff
  }
  const byte = () => {
    const key = next() & 0xff
    keys.set(at, key)
    return (bytes[at++] - key) & 0xff
  }
  const int32 = () => (byte() | (byte() << 8) | (byte() << 16) | (byte() << 24)) >>> 0
  const text = (max: number) => {
    let s = ''
    for (let i = 0; ; i++) {
      const c = byte()
      if (c === 0 || i >= max - 1) break
      s += String.fromCharCode(c)
    }
    return s
  }
  const parts = int32()
  for (let i = 0; i < parts; i++) text(50)
  const count = int32()
  for (let i = 0; i < count; i++)
    assets.push({ name: text(100), part: 0, offset: 0, size: 0, offsetAt: 0, sizeAt: 0 })
  for (const a of assets) {
    a.offsetAt = at
    a.offset = int32()
  }
  for (const a of assets) {
    a.sizeAt = at
    a.size = int32()
  }
  for (const a of assets) a.part = byte()
  return { version, assets, keys }
}

/** The data file with the assets named in `replaced` (lower-case names) holding new bytes. */
export function replaceInPack(bytes: Uint8Array, replaced: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const pack = readPack(bytes)
  const extra = [...replaced.values()].reduce((n, b) => n + b.length, 0)
  const out = new Uint8Array(bytes.length + extra)
  out.set(bytes)
  const view = new DataView(out.buffer)
  let end = bytes.length
  const put32 = (at: number, value: number) => {
    for (let k = 0; k < 4; k++) out[at + k] = (((value >>> (8 * k)) & 0xff) + pack.keys!.get(at + k)!) & 0xff
  }
  for (const a of pack.assets) {
    const data = replaced.get(a.name.toLowerCase())
    if (!data || a.part !== 0) continue
    out.set(data, end)
    if (pack.version === 30) {
      view.setBigInt64(a.offsetAt, BigInt(end), true)
      view.setBigInt64(a.sizeAt, BigInt(data.length), true)
    } else {
      put32(a.offsetAt, end)
      put32(a.sizeAt, data.length)
    }
    end += data.length
  }
  return out
}
