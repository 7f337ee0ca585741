/**
 * AGS 3.x compiled rooms (`roomN.crm`), read: a 16-bit format version, then blocks (an
 * 8-bit id and a 32-bit length, 64-bit from AGS 3.5; id 0 = a block named by 16 bytes;
 * 0xFF = end). The main block (id 1) holds the room's fields, then the primary background
 * (LZW-compressed) and the regions, walkable, walk-behind and hotspot masks (run-length
 * coded, each with a palette; the walk-behinds at the room's size, the others at
 * 1:MaskResolution). Blocks 5 and 9 hold object names, block 6 the further
 * backgrounds (frames 2..5, packed like the first); the compiled script, properties and extension blocks are named in the
 * notes. Read from the AGS sources (Common/game/room_file.cpp, Common/util/compress.cpp,
 * Common/util/lzw.cpp), written here from scratch.
 *
 * Untrusted input: every read is bounds-checked ("truncated"), every length and count is
 * checked against what is left of its block and against AGS's own limits before anything
 * is allocated, and the pixel counts are bounded by the room's size.
 *
 * Glossary
 * - format version: 29 = AGS 3.0.3 to 3.4.0.3, 30 = 3.4.0.4, 31 = 3.4.1.5, 32 = 3.5.0,
 *   33 = 3.5.0.8 (also what 3.6 writes), 36306 = 3.6.3.6.
 * - LZW: AGS's LZSS variant (4096-byte window, 12-bit offset and 4-bit length per pair).
 * - RLE: PackBits-like runs per mask; -128 counts as 0.
 *
 * Units: bytes (offsets), px (room and masks), percent (scaling).
 */
import { readableAgsProperties } from './ags-properties'
import { AGS_LIMITS, type AgsMask, type AgsRoomData } from './ags-room'
import { unpackMask } from './crm-rle'
import { MAX_CRM_MESSAGES, MAX_CRM_PIXELS, MAX_ROOM_SIDE_PX } from '../../limits'

export const CRM_MIN_VERSION = 29

const NOT_VECTOR_SCALED = -10000
const FULL_ANIMATION_BYTES = (5 * 4 + 4) * 10 + 4
const BLOCK_NAMES: Record<number, string> = {
  2: 'script source',
  3: 'old compiled script',
  4: 'old compiled script',
  7: 'compiled script',
}

/** Named extension blocks AGS writes (room_file.cpp ReadRoomBlock), as an author knows them. */
const EXTENSION_NAMES: Record<string, string> = {
  ext_sopts: "the room's string options (AGS 3.6)",
  v363_objects: "the objects' transparency, baseline and blocking rectangle (AGS 3.6.3)",
}

export class CrmError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`)
    this.name = 'CrmError'
  }
}

/** Little-endian reads inside [at, end), every one checked. */
class Reader {
  at: number
  private readonly view: DataView
  constructor(
    readonly bytes: Uint8Array,
    readonly file: string,
    at: number,
    public end: number,
    public what: string,
  ) {
    this.at = at
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }
  fail(problem: string): never {
    throw new CrmError(this.file, `${this.what} at byte ${this.at}: ${problem}`)
  }
  need(n: number) {
    if (n < 0 || this.at + n > this.end)
      this.fail(
        this.end >= this.bytes.length
          ? `truncated (needs ${n} more bytes, ${this.end - this.at} left in the file)`
          : `runs past the end of its block (needs ${n} bytes, ${this.end - this.at} left)`,
      )
  }
  /** Fails as `need` does when the data ends before what is being read. */
  ranOut(): never {
    this.fail(
      this.end >= this.bytes.length
        ? 'truncated (the file ends inside it)'
        : 'runs past the end of its block',
    )
  }
  u8() {
    this.need(1)
    return this.bytes[this.at++]
  }
  i8() {
    const v = this.u8()
    return v > 127 ? v - 256 : v
  }
  i16() {
    this.need(2)
    const v = this.view.getInt16(this.at, true)
    this.at += 2
    return v
  }
  i32() {
    this.need(4)
    const v = this.view.getInt32(this.at, true)
    this.at += 4
    return v
  }
  u32() {
    this.need(4)
    const v = this.view.getUint32(this.at, true)
    this.at += 4
    return v
  }
  /** A 64-bit length: refused when above 2^53 (no file is that long). */
  len64() {
    this.need(8)
    const lo = this.view.getUint32(this.at, true)
    const hi = this.view.getUint32(this.at + 4, true)
    this.at += 8
    if (hi > 0x1fffff) this.fail('a block length beyond any file size')
    return hi * 2 ** 32 + lo
  }
  skip(n: number) {
    this.need(n)
    this.at += n
  }
  take(n: number) {
    this.need(n)
    const out = this.bytes.subarray(this.at, this.at + n)
    this.at += n
    return out
  }
  latin1(bytes: Uint8Array) {
    let s = ''
    for (const b of bytes) {
      if (b === 0) break
      s += String.fromCharCode(b)
    }
    return s
  }
  /** int32 length + bytes. */
  lenString(max = 1 << 20) {
    const n = this.i32()
    if (n < 0 || n > max) this.fail(`a string of ${n} bytes`)
    return this.latin1(this.take(n))
  }
  /** Bytes up to a 0 (at most `max`). */
  cString(max = 1 << 16) {
    const start = this.at
    while (this.u8() !== 0) if (this.at - start > max) this.fail(`a text longer than ${max} bytes`)
    return this.latin1(this.bytes.subarray(start, this.at - 1))
  }
  count(value: number, max: number, what: string) {
    if (value < 0 || value > max) this.fail(`${value} ${what}; AGS allows at most ${max}`)
    return value
  }
}

/**
 * AGS's LZSS expansion of `src` into exactly `size` bytes; false when `src` runs out first.
 * The 4096-byte window is the output's last 4096 bytes (before the first, zeros): a pair
 * copies `length` bytes from `distance` back, one by one, so a copy may overlap itself.
 */
export function lzwExpand(src: Uint8Array, size: number): { out: Uint8Array; complete: boolean } {
  const N = 4096
  const out = new Uint8Array(size)
  let s = 0
  let d = 0
  outer: while (s < src.length && d < size) {
    const bits = src[s++]
    for (let mask = 1; mask < 0x100; mask <<= 1) {
      if (bits & mask) {
        if (s + 2 > src.length) break outer
        const pair = src[s] | (src[s + 1] << 8)
        s += 2
        let len = ((pair >> 12) & 15) + 3
        if (d + len > size) break outer
        const distance = ((pair & (N - 1)) + 1) & (N - 1) || N
        let from = d - distance
        while (len--) {
          out[d++] = from >= 0 ? out[from] : 0
          from++
        }
      } else {
        if (s >= src.length) break outer
        out[d++] = src[s++]
      }
      if (d >= size || s >= src.length) break
    }
  }
  return { out, complete: d === size }
}

/** Where one mask lies in the file (absolute offsets): its i16 sizes, its packed pixels, its 768 palette bytes. */
export interface CrmMaskAt {
  at: number
  packedAt: number
  paletteAt: number
  end: number
  width: number
  height: number
}

/**
 * One run-length-coded 8-bit mask and its palette, sized as `expected`, or as `room` when
 * given (the walk-behind mask, which AGS keeps at the room's size).
 */
function readRleMask(
  r: Reader,
  expected: { width: number; height: number },
  name: string,
  room?: { width: number; height: number },
): AgsMask & { place: CrmMaskAt } {
  const at = r.at
  const width = r.i16()
  const height = r.i16()
  const is = (s: { width: number; height: number }) => width === s.width && height === s.height
  if (room && !is(room) && !is(expected))
    r.fail(
      `the ${name} mask is ${width}x${height}; AGS keeps it at the room's size, ${room.width}x${room.height}` +
        (expected.width === room.width && expected.height === room.height
          ? ''
          : ` (or the masks' ${expected.width}x${expected.height})`),
    )
  if (!room && !is(expected))
    r.fail(
      `the ${name} mask is ${width}x${height}; the room's masks are ${expected.width}x${expected.height}`,
    )
  const size = width * height
  // A run of 2 bytes gives at most 129 pixels: refuse a mask the block cannot hold.
  if (size > Math.ceil((r.end - r.at) / 2) * 129)
    r.fail(`the ${name} mask's ${size} pixels cannot fit in the ${r.end - r.at} bytes left`)
  const packedAt = r.at
  const unpacked = unpackMask(r.bytes, r.at, size, r.end)
  if (unpacked === 'overflow') r.fail(`the ${name} mask's runs overflow its ${size} pixels`)
  if (unpacked === 'short') return r.ranOut()
  r.at = unpacked.end
  const paletteAt = r.at
  r.skip(768) // palette
  return {
    width,
    height,
    indices: unpacked.pixels,
    place: { at, packedAt, paletteAt, end: r.at, width, height },
  }
}

export interface CrmBackground {
  width: number
  height: number
  /** RGBA, rows top-down. */
  rgba: Uint8Array
  /** The 256 RGBX entries stored with it (6-bit VGA values; used by 8-bit rooms). */
  palette: Uint8Array
}

/**
 * The LZW background: palette, sizes, then stride and height and the pixels. `name` says
 * which background ("the background", "background frame 2"); `shared` is the room's palette
 * when the frame uses it instead of its own (8-bit rooms). A picture of another size than
 * the room's (AGS loads it all the same) or one that does not unpack gives the reason, in
 * words, instead of the picture; `decode: false` skips unpacking (null).
 */
function readLzwBackground(
  r: Reader,
  bpp: number,
  room: { width: number; height: number },
  name = 'the background',
  shared?: Uint8Array,
  decode = true,
): CrmBackground | string | null {
  const ownPalette = r.take(256 * 4)
  const palette = shared ?? ownPalette
  const uncompressed = r.u32()
  const compressed = r.u32()
  const expected = 8 + room.width * room.height * bpp
  if (uncompressed > 8 + MAX_CRM_PIXELS * 4)
    r.fail(`${name} unpacks to ${uncompressed} bytes; Walkbox reads pictures of at most ${MAX_CRM_PIXELS} px`)
  // One flag byte and 8 pairs (17 bytes) unpack to at most 8 * 18 bytes: refuse a size the
  // data cannot reach before allocating it.
  if (uncompressed > compressed * 9 + 16)
    r.fail(`${name}'s ${compressed} packed bytes cannot unpack to the ${uncompressed} it claims`)
  const packed = r.take(compressed)
  if (uncompressed !== expected)
    return `${name} unpacks to ${uncompressed} bytes, not the ${expected} of a ${room.width}x${room.height} room at ${bpp * 8} bits (a picture of another size)`
  if (!decode) return null
  const { out, complete } = lzwExpand(packed, uncompressed)
  if (!complete) return `${name}: its compressed picture does not fit the room's size`
  const view = new DataView(out.buffer)
  const stride = view.getInt32(0, true)
  const height = view.getInt32(4, true)
  if (stride !== room.width * bpp || height !== room.height)
    return `${name}: its compressed picture does not fit the room's size`
  const rgba = new Uint8Array(room.width * room.height * 4)
  const px = out.subarray(8)
  const count = room.width * room.height
  // One loop per pixel format (BGR(A) for 24 and 32 bits, RGB565 for 16, a 6-bit VGA palette for 8).
  if (bpp === 4 || bpp === 3) {
    for (let i = 0, p = 0, q = 0; i < count; i++, p += bpp, q += 4) {
      rgba[q] = px[p + 2]
      rgba[q + 1] = px[p + 1]
      rgba[q + 2] = px[p]
      rgba[q + 3] = 255
    }
  } else if (bpp === 2) {
    for (let i = 0, q = 0; i < count; i++, q += 4) {
      const v = px[i * 2] | (px[i * 2 + 1] << 8)
      rgba[q] = (((v >> 11) & 31) * 255) / 31
      rgba[q + 1] = (((v >> 5) & 63) * 255) / 63
      rgba[q + 2] = ((v & 31) * 255) / 31
      rgba[q + 3] = 255
    }
  } else {
    for (let i = 0, q = 0; i < count; i++, q += 4) {
      const k = px[i] * 4
      rgba[q] = ((palette[k] & 63) * 255) / 63
      rgba[q + 1] = ((palette[k + 1] & 63) * 255) / 63
      rgba[q + 2] = ((palette[k + 2] & 63) * 255) / 63
      rgba[q + 3] = 255
    }
  }
  return { width: room.width, height: room.height, rgba, palette: ownPalette.slice() }
}

/** An interaction event table (InteractionEvents, 3.6.1 layout): its function names and where it lies. */
export interface CrmEventTable {
  at: number
  end: number
  /** Function names by event index ('' = none). */
  names: string[]
}

/** Custom property values (Properties::ReadValues) of one thing and where they lie. */
export interface CrmPropertyMap {
  at: number
  end: number
  /** 1: names and values end in a 0 byte; 2 (AGS 3.4 on): each after its i32 length. */
  version: number
  values: Record<string, string>
}

/** A part of the file, [at, end) in bytes. */
export interface CrmSpan {
  at: number
  end: number
}

/** A block of the file: its id (0 = named), its name, where its length field is, and its payload. */
export interface CrmBlockAt {
  id: number
  name: string
  /** Offset of the length field; 4 or 8 bytes wide. */
  lengthAt: number
  lengthBytes: 4 | 8
  at: number
  end: number
}

/**
 * Where each field Walkbox reads lies in the file (absolute byte offsets), so that a writer
 * can change those bytes and copy every other one as it is.
 */
export interface CrmLayout {
  blocks: CrmBlockAt[]
  /** Index in `blocks` of the main block. */
  main: number
  /** The first walk-behind baseline (i16 each, by id). */
  baselinesAt: number
  /** The first hotspot's walk-to point (i16 x, i16 y, by id). */
  walkToAt: number
  /** The hotspots' descriptions then script names, as stored. */
  hotspotText: { at: number; end: number }
  /** The raw bytes of each hotspot's description and script name (without length or 0 byte). */
  hotspotRaw: RawText[]
  /** The edges: i16 top, bottom, left, right. */
  edgesAt: number
  /** The first object's record (i16 sprite, x, y, room, on: 10 bytes each). */
  objectsAt: number
  /** Each interaction table: the room's, then the hotspots', objects' and regions' (by id). */
  events: { room: CrmSpan; hotspots: CrmSpan[]; objects: CrmSpan[]; regions: CrmSpan[] }
  /** Walkable area fields, i16 by area: far (min - 100), views, near (max - 100), top and bottom rows. */
  areas: { count: number; farAt: number; nearAt: number; topAt: number; bottomAt: number }
  /** The room options' flags byte. */
  flagsAt: number
  masks: Record<'regions' | 'walkable' | 'walkBehinds' | 'hotspots', CrmMaskAt>
  /** Block 6's delay byte, when there is a block 6. */
  frameDelayAt?: number
  /** Block 8: the room's, each hotspot's (by id) and each object's custom properties. */
  properties?: { block: number; room: CrmPropertyMap; hotspots: CrmPropertyMap[]; objects: CrmPropertyMap[] }
  /** How the room's texts are encoded (ext_sopts textencoding 65001 = UTF-8; else one byte a character). */
  text: 'utf-8' | 'latin1'
}

/** What the AGS 3 room has beyond AgsRoomData: event function names, properties, objects' places. */
export interface CrmExtras {
  events: { room: string[]; hotspots: string[][]; objects: string[][]; regions: string[][] }
  /** Custom properties by hotspot id (empty when the room has no properties block). */
  hotspotProperties: Record<string, string>[]
  /** Each object's sprite, start point (room px) and whether it starts visible. */
  objectPlaces: { sprite: number; x: number; y: number; visible: boolean }[]
}

export interface CrmRoom {
  version: number
  data: AgsRoomData
  masks: { walkable: AgsMask; regions: AgsMask; walkBehinds: AgsMask; hotspots: AgsMask }
  /** null when it cannot be unpacked, or was not asked for (readCrm's `images: false`). */
  background: CrmBackground | null
  /** Backgrounds 2..N (block 6), in order; empty when the room has one. */
  frames: CrmBackground[]
  /** Block 6's animation speed (AGS's BgAnimSpeed, game loops per frame), when there is a block 6. */
  frameDelay?: number
  extras: CrmExtras
  layout: CrmLayout
}

/** A description and a script name as stored (no length, no 0 byte). */
export type RawText = { description: Uint8Array; scriptName: Uint8Array }
const EMPTY: Uint8Array = new Uint8Array(0)

interface RawTexts {
  hotspots: RawText[]
  events: { room: Uint8Array[]; hotspots: Uint8Array[][]; objects: Uint8Array[][]; regions: Uint8Array[][] }
  objects: RawText[]
  properties: { hotspots: RawMap[] }
}

type RawMap = Omit<CrmPropertyMap, 'values'> & { pairs: [Uint8Array, Uint8Array][] }

type MainRead = Omit<CrmRoom, 'extras' | 'layout'> & {
  bpp: number
  raw: RawTexts
  layout: Omit<CrmLayout, 'blocks' | 'main' | 'text'>
  places: CrmExtras['objectPlaces']
}

/** Bytes up to a 0 (the 0 read, not kept). */
function rawCString(r: Reader, max = 1 << 16): Uint8Array {
  const start = r.at
  while (r.u8() !== 0) if (r.at - start > max) r.fail(`a text longer than ${max} bytes`)
  return r.bytes.subarray(start, r.at - 1)
}

/** An i32 length, then that many bytes. */
function rawLenString(r: Reader, max = 1 << 20): Uint8Array {
  const n = r.i32()
  if (n < 0 || n > max) r.fail(`a string of ${n} bytes`)
  return r.take(n)
}

/** Bytes of a fixed-size field up to its first 0. */
function rawFixed(r: Reader, size: number): Uint8Array {
  const field = r.take(size)
  const zero = field.indexOf(0)
  return zero >= 0 ? field.subarray(0, zero) : field
}

/** One interaction table: i32 count, then count texts ending in a 0 byte. */
function readEventTable(r: Reader): { names: Uint8Array[]; span: CrmSpan } {
  const at = r.at
  const n = r.count(r.i32(), 1000, 'events of one interaction')
  const names: Uint8Array[] = []
  for (let e = 0; e < n; e++) names.push(rawCString(r))
  return { names, span: { at, end: r.at } }
}

/** The main block's fields, background and masks. */
function readMainBlock(r: Reader, version: number, notes: string[], images: boolean): MainRead {
  const bpp = Math.max(1, r.i32())
  if (bpp > 4) r.fail(`${bpp} bytes per background pixel; expected 1 to 4`)
  const walkBehindCount = r.count(r.i16(), AGS_LIMITS.walkBehinds, 'walk-behinds')
  const baselinesAt = r.at
  const walkBehindBaselines: number[] = []
  for (let i = 0; i < walkBehindCount; i++) walkBehindBaselines.push(r.i16())
  const hotspotCount = r.count(r.i32(), AGS_LIMITS.hotspots, 'hotspots')
  const walkToAt = r.at
  const hotspots: AgsRoomData['hotspots'] = []
  for (let i = 0; i < hotspotCount; i++) {
    const x = r.i16()
    hotspots.push({ scriptName: '', description: '', walkTo: { x, y: r.i16() } })
  }
  const textAt = r.at
  const rawHotspots = hotspots.map((): RawText => ({ description: EMPTY, scriptName: EMPTY }))
  for (const h of rawHotspots) h.description = version >= 31 ? rawLenString(r) : rawCString(r)
  for (const h of rawHotspots) h.scriptName = version >= 31 ? rawLenString(r) : rawFixed(r, 20)
  const hotspotText = { at: textAt, end: r.at }
  if (r.i32() !== 0) r.fail('legacy poly-point areas (AGS 2.x) are not read')
  const edgesAt = r.at
  const top = r.i16()
  const bottom = r.i16()
  const left = r.i16()
  const right = r.i16()
  const objectCount = r.count(r.i16() & 0xffff, AGS_LIMITS.objects, 'objects')
  const objectsAt = r.at
  const places: CrmExtras['objectPlaces'] = []
  for (let i = 0; i < objectCount; i++) {
    const sprite = r.i16() & 0xffff
    const x = r.i16()
    const y = r.i16()
    r.skip(2) // room
    places.push({ sprite, x, y, visible: r.i16() !== 0 })
  }
  const localVars = r.count(r.i32(), 10_000, 'legacy interaction variables')
  r.skip(localVars * 28)
  const regionCount = r.count(r.i32(), AGS_LIMITS.regions, 'regions')
  const roomEvents = readEventTable(r)
  const hotspotEvents = hotspots.map(() => readEventTable(r))
  const objectEvents = places.map(() => readEventTable(r))
  const regionEvents = Array.from({ length: regionCount }, () => readEventTable(r))
  const spans = (t: { span: CrmSpan }[]) => t.map((e) => e.span)
  const names = (t: { names: Uint8Array[] }[]) => t.map((e) => e.names)
  r.skip(objectCount * 4) // object baselines
  const width = r.i16()
  const height = r.i16()
  if (
    width < 1 ||
    height < 1 ||
    width > MAX_ROOM_SIDE_PX ||
    height > MAX_ROOM_SIDE_PX ||
    width * height > MAX_CRM_PIXELS
  )
    r.fail(
      `the room is ${width}x${height}; Walkbox reads rooms of 1 to ${MAX_ROOM_SIDE_PX} px a side, at most ${MAX_CRM_PIXELS} px`,
    )
  r.skip(objectCount * 2) // object flags
  const maskResolution = r.i16()
  if (maskResolution < 1 || maskResolution > 4) r.fail(`mask resolution ${maskResolution}; expected 1 to 4`)
  const areaCount = r.count(r.i32(), AGS_LIMITS.walkableAreas, 'walkable areas')
  const farAt = r.at
  const far: number[] = []
  const near: number[] = []
  for (let i = 0; i < areaCount; i++) far.push(r.i16())
  r.skip(areaCount * 2) // area views
  const nearAt = r.at
  for (let i = 0; i < areaCount; i++) near.push(r.i16())
  const topAt = r.at
  r.skip(areaCount * 4) // area top and bottom rows (mask px), worked out again from the mask
  r.skip(11 + 5) // password; options: startup music, save/load, player off, player view, volume
  // Options' flags byte (AGS 3.6.0 on; 0 in older rooms): bit 0 locks the background frame,
  // which the AGS editor shows as BackgroundAnimationEnabled = False (agsnative.cpp).
  const flagsAt = r.at
  const frameLocked = (r.u8() & 1) !== 0
  r.skip(4) // reserved
  const messages = r.count(r.i16(), MAX_CRM_MESSAGES, 'messages')
  r.skip(4) // game id
  r.skip(messages * 2)
  for (let i = 0; i < messages; i++) r.skip(r.count(r.i32(), 1 << 20, 'message bytes'))
  const animations = r.count(r.i16(), 100, 'legacy animations')
  r.skip(animations * FULL_ANIMATION_BYTES)
  r.skip(AGS_LIMITS.walkableAreas * 2) // area views, again
  r.skip(regionCount * 6) // light levels and tints
  const room = { width, height }
  const read = readLzwBackground(r, bpp, room, 'the background', undefined, images)
  const background = typeof read === 'string' ? null : read
  if (typeof read === 'string') notes.push(`${read}; the room opens without a background`)
  // Before format 33 the field was the room's "legacy resolution" (1 low, 2 high), not the
  // masks' scale: there the masks' own size says it (1:1 to 1:4 of the room).
  let scale = maskResolution
  if (version < 33) {
    r.need(2)
    const stored = r.bytes[r.at] | (r.bytes[r.at + 1] << 8)
    const k = stored > 0 ? width / stored : 0
    if (Number.isInteger(k) && k >= 1 && k <= 4) scale = k
  }
  const maskSize = { width: Math.floor(width / scale), height: Math.floor(height / scale) }
  const regions = readRleMask(r, maskSize, 'regions')
  const walkable = readRleMask(r, maskSize, 'walkable')
  // Walk-behinds are 1:1 of the background whatever MaskResolution says (roomstruct.cpp
  // FixRoomMasks; the editor made them room-sized before 3.5 too). One at the masks' size
  // is read as well: the engine stretches either to the background.
  const walkBehinds = readRleMask(r, maskSize, 'walk-behind', room)
  const hotspotMask = readRleMask(r, maskSize, 'hotspot')
  if (walkBehinds.width !== width)
    notes.push(
      `walk-behinds: stored at 1:${scale} (${walkBehinds.width}x${walkBehinds.height}); AGS keeps them at the room's size, so they are scaled up to it`,
    )
  const walkableAreas = far.map((f, i) => {
    const continuous = near[i] !== NOT_VECTOR_SCALED && near[i] !== f
    return { continuous, level: f + 100, min: f + 100, max: (continuous ? near[i] : f) + 100 }
  })
  const mask = ({ place: _, ...m }: AgsMask & { place: CrmMaskAt }): AgsMask => m
  return {
    version,
    data: {
      kind: 'ags3',
      width,
      height,
      maskResolution: scale,
      edges: { left, right, top, bottom },
      backgroundCount: 1,
      backgroundAnimationEnabled: !frameLocked,
      walkableAreas,
      hotspots,
      walkBehindBaselines,
      regionCount,
      objects: Array.from({ length: objectCount }, () => ({ scriptName: '', description: '' })),
      notes,
    },
    masks: {
      walkable: mask(walkable),
      regions: mask(regions),
      walkBehinds: mask(walkBehinds),
      hotspots: mask(hotspotMask),
    },
    background,
    frames: [],
    bpp,
    places,
    raw: {
      hotspots: rawHotspots,
      events: {
        room: roomEvents.names,
        hotspots: names(hotspotEvents),
        objects: names(objectEvents),
        regions: names(regionEvents),
      },
      objects: places.map((): RawText => ({ description: EMPTY, scriptName: EMPTY })),
      properties: { hotspots: [] },
    },
    layout: {
      baselinesAt,
      walkToAt,
      hotspotText,
      hotspotRaw: rawHotspots,
      edgesAt,
      objectsAt,
      events: {
        room: roomEvents.span,
        hotspots: spans(hotspotEvents),
        objects: spans(objectEvents),
        regions: spans(regionEvents),
      },
      areas: { count: areaCount, farAt, nearAt, topAt, bottomAt: topAt + areaCount * 2 },
      flagsAt,
      masks: {
        regions: regions.place,
        walkable: walkable.place,
        walkBehinds: walkBehinds.place,
        hotspots: hotspotMask.place,
      },
    },
  }
}

/**
 * Block 6, the animated backgrounds (room_file.cpp ReadAnimBgBlock): the frame count (1..5,
 * the main block's background is frame 1), the animation speed, one palette-shared flag per
 * frame, then frames 2..N each packed like the primary one. A frame that does not unpack to
 * the room's size is a note and ends the frames read (the count says how many AGS has).
 */
function readFramesBlock(r: Reader, main: MainRead, notes: string[], images: boolean) {
  const count = r.count(r.u8(), AGS_LIMITS.backgrounds, 'backgrounds')
  if (count < 1) r.fail('0 backgrounds; AGS rooms have 1 to 5')
  main.data.backgroundCount = count
  main.layout.frameDelayAt = r.at
  main.frameDelay = r.u8()
  if (!images) return
  const shared: boolean[] = []
  for (let i = 0; i < count; i++) shared.push(r.u8() !== 0)
  const room = { width: main.data.width, height: main.data.height }
  for (let i = 1; i < count; i++) {
    const name = `background frame ${i + 1}`
    const palette = shared[i] && main.bpp === 1 ? main.background?.palette : undefined
    const frame = readLzwBackground(r, main.bpp, room, name, palette)
    if (typeof frame === 'string' || !frame) {
      notes.push(`${frame ?? name}; background frames ${i + 1}..${count} are not read`)
      return
    }
    main.frames.push(frame)
  }
}

/** One thing's custom properties (customproperties.cpp ReadValues). */
function readPropertyMap(r: Reader): RawMap {
  const at = r.at
  const version = r.i32()
  if (version !== 1 && version !== 2) r.fail(`custom properties of version ${version}; AGS writes 1 or 2`)
  const count = r.count(r.i32(), 10_000, 'custom properties')
  const pairs: [Uint8Array, Uint8Array][] = []
  for (let i = 0; i < count; i++) {
    const name = version === 1 ? rawCString(r, 200) : rawLenString(r)
    pairs.push([name, version === 1 ? rawCString(r, 500) : rawLenString(r)])
  }
  return { at, end: r.at, version, pairs }
}

/** Block 8 (room_file.cpp ReadPropertiesBlock): version 1, then the room's, each hotspot's and each object's values. */
function readPropertiesBlock(r: Reader, hotspots: number, objects: number) {
  const version = r.i32()
  if (version !== 1) r.fail(`a custom properties block of version ${version}; AGS writes 1`)
  const room = readPropertyMap(r)
  const hs = Array.from({ length: hotspots }, () => readPropertyMap(r))
  const os = Array.from({ length: objects }, () => readPropertyMap(r))
  return { room, hotspots: hs, objects: os }
}

/** ext_sopts (StrUtil::ReadStringMap): i32 count, then names and values, each after its i32 length. */
function readStringOptions(r: Reader): Map<string, string> {
  const out = new Map<string, string>()
  const count = r.count(r.i32(), 10_000, 'string options')
  for (let i = 0; i < count; i++) {
    const key = r.latin1(rawLenString(r))
    out.set(key.toLowerCase(), r.latin1(rawLenString(r)))
  }
  return out
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A room text as AGS stored it: UTF-8 when the room says so (and it is valid UTF-8), else one byte a character. */
export function crmText(bytes: Uint8Array, encoding: CrmLayout['text']): string {
  if (encoding === 'utf-8')
    try {
      return utf8.decode(bytes)
    } catch {
      // Not UTF-8 after all: read byte by byte, as an 8-bit room would be.
    }
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return s
}

/**
 * Read a .crm. Throws one line (CrmError) naming the file and where it went wrong.
 * `images: false` skips unpacking the backgrounds (the layout and masks are still read).
 */
export function readCrm(bytes: Uint8Array, file = 'room.crm', options: { images?: boolean } = {}): CrmRoom {
  const images = options.images ?? true
  const head = new Reader(bytes, file, 0, bytes.length, 'header')
  const version = head.i16() & 0xffff
  if (version < CRM_MIN_VERSION)
    head.fail(
      `format version ${version} is older than AGS 3.0.3 (${CRM_MIN_VERSION}); Walkbox reads AGS 3.0.3 to 3.6 rooms`,
    )
  if (version > 33 && version !== 36306)
    head.fail(`format version ${version} is not one Walkbox knows (29 to 33, 36306: AGS 3.0.3 to 3.6)`)
  const notes: string[] = [`compiled AGS room, format version ${version}`]
  const wide = version >= 32
  let main: MainRead | null = null
  let framesRead = false
  const blocks: CrmBlockAt[] = []
  let properties: Reader | null = null
  let encoding: CrmLayout['text'] = 'latin1'
  const r = head
  for (;;) {
    r.what = 'block list'
    const id = r.u8()
    if (id === 0xff) break
    let name = ''
    if (id === 0) name = r.latin1(r.take(16))
    const lengthAt = r.at
    const lengthBytes = id === 0 || wide ? 8 : 4
    const length = lengthBytes === 8 ? r.len64() : r.u32()
    if (r.at + length > bytes.length)
      r.fail(`block ${name || id} says ${length} bytes; only ${bytes.length - r.at} are left in the file`)
    blocks.push({ id, name, lengthAt, lengthBytes, at: r.at, end: r.at + length })
    const block = new Reader(bytes, file, r.at, r.at + length, `block ${name || id}`)
    if (id === 1) {
      if (main) block.fail('a second main block')
      main = readMainBlock(block, version, notes, images)
    } else if ((id === 5 || id === 9) && main) {
      const n = block.u8()
      if (n !== main.data.objects.length)
        block.fail(`names ${n} objects; the room has ${main.data.objects.length}`)
      for (const o of main.raw.objects) {
        const s = version >= 31 ? rawLenString(block) : rawFixed(block, id === 5 ? 30 : 20)
        if (id === 5) o.description = s
        else o.scriptName = s
      }
    } else if (id === 6 && main) {
      if (framesRead) block.fail('a second background-frames block')
      framesRead = true
      readFramesBlock(block, main, notes, images)
    } else if (id === 8) {
      properties = block
    } else if (id === 0) {
      const known = EXTENSION_NAMES[name.toLowerCase()]
      if (name.toLowerCase() === 'ext_sopts') {
        try {
          if (readStringOptions(block).get('textencoding') === '65001') encoding = 'utf-8'
        } catch (e) {
          notes.push(
            `room extension '${name}': ${(e as Error).message.replace(/^[^:]*: /, '')}; texts read one byte a character`,
          )
        }
      }
      notes.push(
        known
          ? `room extension '${name}' (${known}): not read; it stays in the .crm`
          : `room extension '${name}': unknown to Walkbox, not read; it stays in the .crm`,
      )
    } else if (BLOCK_NAMES[id]) {
      // Script: nothing of Walkbox's.
    } else {
      notes.push(`room data block ${id}: unknown to Walkbox, skipped; it stays in the .crm`)
    }
    r.at += length
  }
  if (!main) throw new CrmError(file, 'no main block (1); not an AGS room')
  // Properties come after the main block in every AGS room; read them once the counts are known.
  let props: ReturnType<typeof readPropertiesBlock> | null = null
  // A properties block Walkbox cannot read is a note: the room opens, and its properties
  // (kept in the .crm as they are) are not written by Walkbox.
  if (properties)
    try {
      props = readPropertiesBlock(properties, main.data.hotspots.length, main.data.objects.length)
    } catch (e) {
      notes.push(
        `custom properties: ${(e as Error).message.replace(/^[^:]*: /, '')}; not read, they stay in the .crm`,
      )
    }
  const text = (b: Uint8Array) => crmText(b, encoding)
  main.data.hotspots.forEach((h, i) => {
    h.description = text(main.raw.hotspots[i].description)
    h.scriptName = text(main.raw.hotspots[i].scriptName)
  })
  main.data.objects.forEach((o, i) => {
    o.description = text(main.raw.objects[i].description)
    o.scriptName = text(main.raw.objects[i].scriptName)
  })
  const names = (t: Uint8Array[]) => t.map(text)
  const values = (m: RawMap): CrmPropertyMap => ({
    at: m.at,
    end: m.end,
    version: m.version,
    values: Object.fromEntries(m.pairs.map(([k, v]) => [text(k), text(v)])),
  })
  main.data.regionEvents = main.raw.events.regions.map(names)
  const propertyMaps = props
    ? {
        block: blocks.findIndex((b) => b.id === 8),
        room: values(props.room),
        hotspots: props.hotspots.map(values),
        objects: props.objects.map(values),
      }
    : undefined
  if (propertyMaps) main.data.properties = readableAgsProperties(propertyMaps.room.values)
  const { bpp: _bpp, raw, layout, places, ...room } = main
  return {
    ...room,
    extras: {
      events: {
        room: names(raw.events.room),
        hotspots: raw.events.hotspots.map(names),
        objects: raw.events.objects.map(names),
        regions: raw.events.regions.map(names),
      },
      hotspotProperties: propertyMaps?.hotspots.map((m) => m.values) ?? [],
      objectPlaces: places,
    },
    layout: {
      ...layout,
      blocks,
      main: blocks.findIndex((b) => b.id === 1),
      text: encoding,
      ...(propertyMaps ? { properties: propertyMaps } : {}),
    },
  }
}
