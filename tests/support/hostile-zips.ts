/**
 * Hostile .zip projects for the tests and the bench, built by hand from the zip format
 * (PKWARE APPNOTE 4.3): deflated entries whose headers may lie about their sizes, zip bombs
 * (a few MB of deflate that inflate to gigabytes) and zips of very many tiny entries.
 *
 * Glossary
 * - raw entry: one file of the zip as it is stored: its path, its packed bytes, the method
 *   (0 stored, 8 deflated) and what its headers claim (inflated size, CRC-32).
 * - bomb block: the deflate of `size` zero bytes, made once and reused for every entry
 *   (deflate of zeros packs about 1000 to 1).
 *
 * Units: bytes.
 */
import { constants, deflateRawSync } from 'node:zlib'
import { crc32 } from '../../src/shared/room/zip'

export interface RawEntry {
  path: string
  packed: Uint8Array
  method: 0 | 8
  /** The inflated size the headers claim. */
  size: number
  /** The CRC-32 the headers claim. */
  crc: number
}

const encoder = new TextEncoder()

/** A zip of raw entries, written as they are (headers saying what each entry claims). */
export function rawZip(entries: readonly RawEntry[]): Uint8Array {
  const locals: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const name = encoder.encode(entry.path)
    const local = new Uint8Array(30 + name.length)
    const l = new DataView(local.buffer)
    l.setUint32(0, 0x04034b50, true)
    l.setUint16(4, 20, true)
    l.setUint16(6, 0x0800, true)
    l.setUint16(8, entry.method, true)
    l.setUint32(14, entry.crc, true)
    l.setUint32(18, entry.packed.length, true)
    l.setUint32(22, entry.size, true)
    l.setUint16(26, name.length, true)
    local.set(name, 30)
    const record = new Uint8Array(46 + name.length)
    const c = new DataView(record.buffer)
    c.setUint32(0, 0x02014b50, true)
    c.setUint16(4, 20, true)
    c.setUint16(6, 20, true)
    c.setUint16(8, 0x0800, true)
    c.setUint16(10, entry.method, true)
    c.setUint32(16, entry.crc, true)
    c.setUint32(20, entry.packed.length, true)
    c.setUint32(24, entry.size, true)
    c.setUint16(28, name.length, true)
    c.setUint32(42, offset, true)
    record.set(name, 46)
    locals.push(local, entry.packed)
    central.push(record)
    offset += local.length + entry.packed.length
  }
  const centralSize = central.reduce((n, r) => n + r.length, 0)
  const end = new Uint8Array(22)
  const e = new DataView(end.buffer)
  e.setUint32(0, 0x06054b50, true)
  e.setUint16(8, entries.length, true)
  e.setUint16(10, entries.length, true)
  e.setUint32(12, centralSize, true)
  e.setUint32(16, offset, true)
  const parts = [...locals, ...central, end]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A deflated entry holding `bytes`, its headers honest. */
export function deflatedEntry(path: string, bytes: Uint8Array): RawEntry {
  return {
    path,
    packed: new Uint8Array(deflateRawSync(bytes)),
    method: 8,
    size: bytes.length,
    crc: crc32(bytes),
  }
}

/** A stored entry holding `bytes`, its headers honest. */
export function storedEntry(path: string, bytes: Uint8Array): RawEntry {
  return { path, packed: bytes, method: 0, size: bytes.length, crc: crc32(bytes) }
}

const CHUNK = 64 * 1024 * 1024

/**
 * The deflate of `size` zero bytes and their CRC-32 (0 when `withCrc` is false), made a chunk at a time (each chunk
 * flushed to a byte boundary, then one empty final block), so that the zeros are never all
 * in memory at once.
 */
export function zeroBomb(size: number, withCrc = true): { packed: Uint8Array; crc: number } {
  const zeros = new Uint8Array(Math.min(size, CHUNK))
  const fullChunk = new Uint8Array(deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH }))
  const parts: Uint8Array[] = []
  let crc = 0xffffffff
  for (let left = size; left > 0; left -= CHUNK) {
    const n = Math.min(left, CHUNK)
    parts.push(
      n === zeros.length
        ? fullChunk
        : new Uint8Array(deflateRawSync(zeros.subarray(0, n), { finishFlush: constants.Z_FULL_FLUSH })),
    )
    if (withCrc) crc = crcUpdate(crc, zeros.subarray(0, n))
  }
  parts.push(new Uint8Array(deflateRawSync(new Uint8Array(0))))
  const packed = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    packed.set(p, at)
    at += p.length
  }
  return { packed, crc: withCrc ? (crc ^ 0xffffffff) >>> 0 : 0 }
}

const TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crcUpdate(c: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8)
  return c
}

/** The text of a valid one-room project file (room 'a' in rooms/a). */
export function projectText(name = 'Hostile'): string {
  return JSON.stringify({
    formatVersion: 1,
    appVersion: '0.1.0',
    name,
    rooms: [{ id: 'a', name: 'A', folder: 'rooms/a' }],
    flags: [],
    characters: [],
  })
}
