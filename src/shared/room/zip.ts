/**
 * A whole project as one .zip file, to take it in and out of the browser's storage (and to
 * send it to someone). Writing stores files as they are (PNG and JPEG are compressed
 * already); reading takes stored and deflated entries (a zip made again by another tool).
 * Reading is strict and bounded: the whole file list is checked against the budgets (entry
 * count, each entry's size, the total, the compression ratio) before anything is inflated,
 * and each entry is then inflated as a stream through the host (`ZipInflater`), counted as
 * it comes and stopped the moment it passes the size its header gave. So a zip bomb costs a
 * look at its file list, and a header that lies costs at most the size it claims.
 *
 * Glossary
 * - entry: one file in the zip: a path ('/' separated, relative) and its bytes.
 * - local header, central directory, end record: the three parts of the zip format
 *   (PKWARE APPNOTE 4.3); sizes and offsets are 32-bit (no zip64: files over 4 GB are refused).
 * - declared size: the inflated size the central directory gives for an entry.
 * - packed size: the entry's bytes as stored in the zip.
 * - ratio: declared size / packed size.
 * - budgets: ZipLimits; the project's values are in limits.ts.
 * - modified: the date and time an entry carries (MS-DOS format: local time, two-second
 *   steps, years 1980..2107). The caller gives it (this module reads no clock); without one
 *   an entry says 1980-01-01 00:00, the earliest real date, never the invalid 1980-00-00.
 *
 * Units: bytes.
 */

import {
  MAX_ZIP_ENTRIES,
  MAX_ZIP_RATIO,
  MAX_ZIP_TOTAL_BYTES,
  maxZipEntryBytes,
  sizeText,
  ZIP_RATIO_FLOOR_BYTES,
} from '../limits'
import { caseFoldChecker, pathProblem, shownPath, ZIP_ENTRY_PATHS } from '../path-rules'

export interface ZipEntry {
  path: string
  bytes: Uint8Array
  /** When the file was last changed; the zip's `modified` when absent. */
  modified?: Date
}

/** An MS-DOS date and time (local), as zip headers hold them; out-of-range years are clamped. */
export function dosDateTime(date: Date | undefined): { time: number; date: number } {
  if (!date || Number.isNaN(date.getTime())) return { time: 0, date: (1 << 5) | 1 }
  const year = Math.min(2107, Math.max(1980, date.getFullYear()))
  const clamped = year !== date.getFullYear()
  const month = clamped ? 1 : date.getMonth() + 1
  const day = clamped ? 1 : date.getDate()
  const time = clamped ? 0 : (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1)
  return { time, date: ((year - 1980) << 9) | (month << 5) | day }
}

export interface ZipLimits {
  maxEntries: number
  /** Largest size of the entry at `path` once inflated, bytes. */
  maxEntryBytes: (path: string) => number
  /** Largest size of all entries together once inflated, bytes. */
  maxTotalBytes: number
  /** Largest declared / packed size of an entry larger than `ratioFloorBytes`. */
  maxRatio: number
  ratioFloorBytes: number
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: MAX_ZIP_ENTRIES,
  maxEntryBytes: maxZipEntryBytes,
  maxTotalBytes: MAX_ZIP_TOTAL_BYTES,
  maxRatio: MAX_ZIP_RATIO,
  ratioFloorBytes: ZIP_RATIO_FLOOR_BYTES,
}

/**
 * The host's raw-deflate inflater (method 8): the inflated bytes of `packed` as chunks, in
 * order, produced as they are read. The reader stops reading (`return()` on the iterator,
 * as `break` does) once it has `atMost` + 1 bytes; the host should then stop inflating and
 * free what it holds. It may stop by itself after `atMost` + 1 bytes.
 */
export type ZipInflater = (packed: Uint8Array, atMost: number) => AsyncIterable<Uint8Array>

export class ZipError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`)
    this.name = 'ZipError'
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** The CRC-32 of bytes, as zip files carry it; pass the CRC-32 of what came before to go on from it. */
export function crc32(bytes: Uint8Array, before = 0): number {
  let c = (before ^ 0xffffffff) >>> 0
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * A zip of the entries, each stored as it is (method 0), names in UTF-8, dated by their
 * `modified` or the zip's (see "modified").
 */
export function writeZip(entries: readonly ZipEntry[], options: { modified?: Date } = {}): Uint8Array {
  const parts: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const name = encoder.encode(entry.path)
    const crc = crc32(entry.bytes)
    const size = entry.bytes.length
    if (size > 0xfffffffe) throw new Error(`${entry.path}: larger than a zip without zip64 can hold`)
    const local = new Uint8Array(30 + name.length)
    const l = new DataView(local.buffer)
    l.setUint32(0, 0x04034b50, true)
    l.setUint16(4, 20, true) // version needed: 2.0
    l.setUint16(6, 0x0800, true) // flags: UTF-8 names
    l.setUint16(8, 0, true) // method: stored
    const stamp = dosDateTime(entry.modified ?? options.modified)
    l.setUint16(10, stamp.time, true)
    l.setUint16(12, stamp.date, true)
    l.setUint32(14, crc, true)
    l.setUint32(18, size, true)
    l.setUint32(22, size, true)
    l.setUint16(26, name.length, true)
    local.set(name, 30)
    parts.push(local, entry.bytes)
    const record = new Uint8Array(46 + name.length)
    const c = new DataView(record.buffer)
    c.setUint32(0, 0x02014b50, true)
    c.setUint16(4, 20, true) // version made by
    c.setUint16(6, 20, true)
    c.setUint16(8, 0x0800, true)
    c.setUint16(10, 0, true)
    c.setUint16(12, stamp.time, true)
    c.setUint16(14, stamp.date, true)
    c.setUint32(16, crc, true)
    c.setUint32(20, size, true)
    c.setUint32(24, size, true)
    c.setUint16(28, name.length, true)
    c.setUint32(42, offset, true)
    record.set(name, 46)
    central.push(record)
    offset += local.length + size
  }
  const centralSize = central.reduce((n, r) => n + r.length, 0)
  const end = new Uint8Array(22)
  const e = new DataView(end.buffer)
  e.setUint32(0, 0x06054b50, true)
  e.setUint16(8, entries.length, true)
  e.setUint16(10, entries.length, true)
  e.setUint32(12, centralSize, true)
  e.setUint32(16, offset, true)
  const all = [...parts, ...central, end]
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of all) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** One file of the central directory, checked, not yet inflated. */
interface Listed {
  name: string
  method: number
  crc: number
  size: number
  /** Where its packed bytes start and end in the zip. */
  start: number
  end: number
}

/**
 * Every file of the central directory, checked against `limits` and the zip's own bounds
 * before anything is inflated. Folders are skipped.
 */
function listEntries(bytes: Uint8Array, file: string, limits: ZipLimits): Listed[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let end = -1
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) throw new ZipError(file, 'is not a zip file (no end record)')
  const count = view.getUint16(end + 10, true)
  const centralOffset = view.getUint32(end + 16, true)
  if (count > limits.maxEntries)
    throw new ZipError(file, `holds ${count} files; at most ${limits.maxEntries} are read`)
  const out: Listed[] = []
  const seen = new Set<string>()
  const sameButCase = caseFoldChecker()
  let total = 0
  let at = centralOffset
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50)
      throw new ZipError(file, 'is damaged (its file list is cut short)')
    const flags = view.getUint16(at + 8, true)
    const method = view.getUint16(at + 10, true)
    const crc = view.getUint32(at + 16, true)
    const packed = view.getUint32(at + 20, true)
    const size = view.getUint32(at + 24, true)
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    const local = view.getUint32(at + 42, true)
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength))
    at += 46 + nameLength + extraLength + commentLength
    if (flags & 1) throw new ZipError(file, `'${name}' is encrypted`)
    if (name.endsWith('/')) continue
    const unsafe = pathProblem(name, ZIP_ENTRY_PATHS)
    if (unsafe)
      throw new ZipError(file, `${shownPath(name)} ${unsafe.problem}; paths must stay inside the project`)
    if (seen.has(name)) throw new ZipError(file, `holds '${name}' twice`)
    const collision = sameButCase(name)
    if (collision) throw new ZipError(file, `${shownPath(name)} ${collision.problem}`)
    seen.add(name)
    if (method !== 0 && method !== 8)
      throw new ZipError(
        file,
        `'${name}' uses compression method ${method}; expected stored or deflated files`,
      )
    const most = limits.maxEntryBytes(name)
    if (size > most)
      throw new ZipError(
        file,
        `'${name}' inflates to ${sizeText(size)}; expected at most ${sizeText(most)} (Walkbox's limit for this file)`,
      )
    total += size
    if (total > limits.maxTotalBytes)
      throw new ZipError(
        file,
        `inflates to more than ${sizeText(limits.maxTotalBytes)} (Walkbox's limit for a whole zip)`,
      )
    if (method === 8 && size > limits.ratioFloorBytes && size > packed * limits.maxRatio)
      throw new ZipError(
        file,
        `'${name}' would inflate ${Math.round(size / Math.max(1, packed))} times its packed size; expected at most ${limits.maxRatio} times (a zip bomb?)`,
      )
    if (method === 0 && packed !== size) throw new ZipError(file, `is damaged at '${name}' (sizes differ)`)
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50)
      throw new ZipError(file, `is damaged at '${name}'`)
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
    if (start + packed > bytes.length) throw new ZipError(file, `is cut short at '${name}'`)
    out.push({ name, method, crc, size, start, end: start + packed })
  }
  // A file cannot also be a folder of another entry ('rooms/a' beside 'rooms/a/room.json').
  for (const { name } of out) {
    for (let slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
      const folder = name.slice(0, slash)
      if (seen.has(folder)) throw new ZipError(file, `holds '${folder}' both as a file and as a folder`)
    }
  }
  return out
}

/** The inflated bytes of a deflated entry, counted as they come and stopped past its declared size. */
async function inflateEntry(
  entry: Listed,
  packed: Uint8Array,
  file: string,
  inflate: ZipInflater,
): Promise<Uint8Array> {
  const out = new Uint8Array(entry.size)
  let length = 0
  try {
    for await (const chunk of inflate(packed, entry.size)) {
      if (length + chunk.length > entry.size)
        // Leaving the loop stops the host's inflater: nothing past the declared size is kept.
        throw new ZipError(
          file,
          `'${entry.name}' inflates past the ${sizeText(entry.size)} its header gives (a zip bomb?)`,
        )
      out.set(chunk, length)
      length += chunk.length
    }
  } catch (e) {
    if (e instanceof ZipError) throw e
    throw new ZipError(file, `'${entry.name}' is damaged (${e instanceof Error ? e.message : String(e)})`)
  }
  if (length !== entry.size) throw new ZipError(file, `'${entry.name}' is damaged (it inflates short)`)
  return out
}

/**
 * The files of a zip, each inflated through `inflate` (deflated entries, method 8). Folders
 * are skipped. The file list is checked whole first (paths that leave the zip's folder, a
 * path twice, an unknown method, encryption, sizes over `limits`, a ratio over
 * `limits.maxRatio`); each entry is then inflated and stopped the moment it passes its
 * declared size, and its checksum is checked. Every refusal is a ZipError naming `file`.
 */
export async function readZip(
  bytes: Uint8Array,
  file: string,
  inflate: ZipInflater,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<ZipEntry[]> {
  const out: ZipEntry[] = []
  for (const entry of listEntries(bytes, file, limits)) {
    const packed = bytes.subarray(entry.start, entry.end)
    const content = entry.method === 0 ? packed.slice() : await inflateEntry(entry, packed, file, inflate)
    if (crc32(content) !== entry.crc) throw new ZipError(file, `'${entry.name}' is damaged (checksum)`)
    out.push({ path: entry.name, bytes: content })
  }
  return out
}
