/**
 * Test support: a second reader of AGS 3 `.crm` rooms, written for the tests from AGS's own
 * source (Common/game/room_file.cpp ReadMainBlock and its block reader, Common/util/
 * compress.cpp cunpackbitl, Common/game/interactions.cpp Read_v361, Common/game/
 * customproperties.cpp ReadValues), with none of Walkbox's code: the oracle that says what
 * AGS would find in a file Walkbox wrote. It reads the stream front to back as AGS does (a
 * cursor, the same order of fields), unpacks each mask one byte at a time as cunpackbitl
 * does, and keeps every field the tests compare, and each block's bytes.
 *
 * Units: bytes; px (masks as stored).
 */

export interface OracleMask {
  width: number
  height: number
  pixels: Uint8Array
  palette: Uint8Array
}

export interface OracleRoom {
  version: number
  /** Blocks as [id or extension name, payload]. */
  blocks: [number | string, Uint8Array][]
  bpp: number
  walkBehindBaselines: number[]
  hotspots: { walkTo: [number, number]; name: string; scriptName: string }[]
  edges: { top: number; bottom: number; left: number; right: number }
  objects: { sprite: number; x: number; y: number; room: number; on: number }[]
  regionCount: number
  events: { room: string[]; hotspots: string[][]; objects: string[][]; regions: string[][] }
  width: number
  height: number
  maskResolution: number
  areas: { far: number; view: number; near: number; top: number; bottom: number }[]
  options: number[]
  regionLight: number[]
  regionTint: number[]
  /** The background's palette and packed bytes, as stored. */
  background: Uint8Array
  masks: { regions: OracleMask; walkable: OracleMask; walkBehinds: OracleMask; hotspots: OracleMask }
  /** Block 8: the room's, each hotspot's, each object's properties (name -> value). */
  properties: {
    room: Map<string, string>
    hotspots: Map<string, string>[]
    objects: Map<string, string>[]
  } | null
  /** Block 6's frame count and speed, when there is one. */
  frames: { count: number; speed: number } | null
  /** The main block's fields the tests do not look into, as stored (for crm-writer.ts). */
  raw: {
    localVars: Uint8Array
    objectBaselines: Uint8Array
    objectFlags: Uint8Array
    /** From the password to the region tints. */
    afterAreas: Uint8Array
  }
}

/** A little-endian stream over bytes, as AGS's Stream reads them; fails past the end. */
class In {
  pos = 0
  private readonly view: DataView
  constructor(private readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
  }
  private need(n: number) {
    if (this.pos + n > this.buf.length) throw new Error(`oracle: read past the end at ${this.pos}`)
  }
  int8() {
    this.need(1)
    return this.view.getInt8(this.pos++)
  }
  byte() {
    this.need(1)
    return this.buf[this.pos++]
  }
  int16() {
    this.need(2)
    const v = this.view.getInt16(this.pos, true)
    this.pos += 2
    return v
  }
  int32() {
    this.need(4)
    const v = this.view.getInt32(this.pos, true)
    this.pos += 4
    return v
  }
  int64() {
    this.need(8)
    const v = this.view.getBigInt64(this.pos, true)
    this.pos += 8
    return Number(v)
  }
  bytes(n: number) {
    this.need(n)
    const v = this.buf.slice(this.pos, this.pos + n)
    this.pos += n
    return v
  }
  seek(n: number) {
    this.need(n)
    this.pos += n
  }
  /** String::FromStream: bytes up to a 0. */
  cstr() {
    let s = ''
    for (let c = this.byte(); c !== 0; c = this.byte()) s += String.fromCharCode(c)
    return s
  }
  /** StrUtil::ReadString: i32 length, then bytes. */
  lstr() {
    const n = this.int32()
    let s = ''
    for (const c of this.bytes(n)) s += String.fromCharCode(c)
    return s
  }
  /** String::FromStreamCount: a fixed field, text up to its first 0. */
  fixed(n: number) {
    const field = this.bytes(n)
    let s = ''
    for (const c of field) {
      if (c === 0) break
      s += String.fromCharCode(c)
    }
    return s
  }
}

/** cunpackbitl over w * h pixels, then the 768-byte palette (load_rle_bitmap8). */
function rleBitmap(r: In): OracleMask {
  const width = r.int16()
  const height = r.int16()
  const size = width * height
  const pixels = new Uint8Array(size)
  let n = 0
  while (n < size) {
    let cx = r.int8()
    if (cx === -128) cx = 0
    if (cx < 0) {
      let i = 1 - cx
      const ch = r.byte()
      while (i--) {
        if (n >= size) throw new Error('oracle: a run overflows the mask')
        pixels[n++] = ch
      }
    } else {
      let i = cx + 1
      while (i--) {
        if (n >= size) throw new Error('oracle: a sequence overflows the mask')
        pixels[n++] = r.byte()
      }
    }
  }
  return { width, height, pixels, palette: r.bytes(768) }
}

function interactionEvents(r: In): string[] {
  const count = r.int32()
  const out: string[] = []
  for (let i = 0; i < count; i++) out.push(r.cstr())
  return out
}

function propertyValues(r: In): Map<string, string> {
  const version = r.int32()
  const count = r.int32()
  const map = new Map<string, string>()
  for (let i = 0; i < count; i++) {
    const name = version === 1 ? r.cstr() : r.lstr()
    map.set(name, version === 1 ? r.cstr() : r.lstr())
  }
  return map
}

/** Reads a whole .crm as AGS 3.6.3's ReadRoomData reads it (formats 29..33 and 36306). */
export function oracleReadCrm(file: Uint8Array): OracleRoom {
  const head = new In(file)
  const version = head.int16() & 0xffff
  const blocks: [number | string, Uint8Array][] = []
  for (;;) {
    const id = head.byte()
    if (id === 0xff) break
    let name: number | string = id
    if (id === 0) name = new In(head.bytes(16)).fixed(16)
    const length = id === 0 || version >= 32 ? head.int64() : head.int32()
    blocks.push([name, head.bytes(length)])
  }
  if (head.pos !== file.length)
    throw new Error(`oracle: ${file.length - head.pos} bytes after the end marker`)
  const main = blocks.find(([id]) => id === 1)
  if (!main) throw new Error('oracle: no main block')
  const r = new In(main[1])
  const bpp = Math.max(1, r.int32())
  const wbCount = r.int16()
  const walkBehindBaselines: number[] = []
  for (let i = 0; i < wbCount; i++) walkBehindBaselines.push(r.int16())
  const hsCount = r.int32()
  const hotspots: OracleRoom['hotspots'] = []
  for (let i = 0; i < hsCount; i++)
    hotspots.push({ walkTo: [r.int16(), r.int16()], name: '', scriptName: '' })
  for (const h of hotspots) h.name = version >= 31 ? r.lstr() : r.cstr()
  for (const h of hotspots) h.scriptName = version >= 31 ? r.lstr() : r.fixed(20)
  if (r.int32() !== 0) throw new Error('oracle: poly-point areas')
  const edges = { top: r.int16(), bottom: r.int16(), left: r.int16(), right: r.int16() }
  const objCount = r.int16() & 0xffff
  const objects: OracleRoom['objects'] = []
  for (let i = 0; i < objCount; i++)
    objects.push({ sprite: r.int16() & 0xffff, x: r.int16(), y: r.int16(), room: r.int16(), on: r.int16() })
  const localAt = r.pos
  r.seek(r.int32() * 28) // legacy local variables
  const localVars = main[1].slice(localAt, r.pos)
  const regionCount = r.int32()
  const events = {
    room: interactionEvents(r),
    hotspots: hotspots.map(() => interactionEvents(r)),
    objects: objects.map(() => interactionEvents(r)),
    regions: Array.from({ length: regionCount }, () => interactionEvents(r)),
  }
  const objectBaselines = r.bytes(objCount * 4)
  const width = r.int16()
  const height = r.int16()
  const objectFlags = r.bytes(objCount * 2)
  const maskResolution = r.int16()
  const areaCount = r.int32()
  const column = () => Array.from({ length: areaCount }, () => r.int16())
  const far = column()
  const view = column()
  const near = column()
  const top = column()
  const bottom = column()
  const areas = far.map((f, i) => ({ far: f, view: view[i], near: near[i], top: top[i], bottom: bottom[i] }))
  const afterAt = r.pos
  r.seek(11)
  const options = Array.from({ length: 6 }, () => r.int8())
  r.seek(4)
  const messages = r.int16()
  r.seek(4 + messages * 2)
  for (let i = 0; i < messages; i++) r.seek(r.int32())
  r.seek(r.int16() * ((5 * 4 + 4) * 10 + 4))
  r.seek(16 * 2)
  const regionLight = Array.from({ length: regionCount }, () => r.int16())
  const regionTint = Array.from({ length: regionCount }, () => r.int32())
  const afterAreas = main[1].slice(afterAt, r.pos)
  const bgAt = r.pos
  r.seek(1024)
  r.int32()
  r.seek(r.int32())
  const background = main[1].slice(bgAt, r.pos)
  const masks = {
    regions: rleBitmap(r),
    walkable: rleBitmap(r),
    walkBehinds: rleBitmap(r),
    hotspots: rleBitmap(r),
  }
  if (r.pos !== main[1].length)
    throw new Error(`oracle: ${main[1].length - r.pos} bytes left in the main block`)
  let properties: OracleRoom['properties'] = null
  const props = blocks.find(([id]) => id === 8)
  if (props) {
    const p = new In(props[1])
    if (p.int32() !== 1) throw new Error('oracle: properties block version')
    properties = {
      room: propertyValues(p),
      hotspots: hotspots.map(() => propertyValues(p)),
      objects: objects.map(() => propertyValues(p)),
    }
    if (p.pos !== props[1].length) throw new Error('oracle: bytes left in the properties block')
  }
  const anim = blocks.find(([id]) => id === 6)
  const frames = anim ? { count: anim[1][0], speed: anim[1][1] } : null
  return {
    version,
    blocks,
    bpp,
    walkBehindBaselines,
    hotspots,
    edges,
    objects,
    regionCount,
    events,
    width,
    height,
    maskResolution,
    areas,
    options,
    regionLight,
    regionTint,
    background,
    masks,
    properties,
    frames,
    raw: { localVars, objectBaselines, objectFlags, afterAreas },
  }
}

/** Pixel indices where two masks of one size differ. */
export function maskDifferences(a: OracleMask, b: OracleMask): number[] {
  if (a.width !== b.width || a.height !== b.height) throw new Error('masks of different sizes')
  const out: number[] = []
  for (let i = 0; i < a.pixels.length; i++) if (a.pixels[i] !== b.pixels[i]) out.push(i)
  return out
}

/**
 * The two readings with the named fields taken out, for "nothing else changed": masks,
 * block payloads and typed arrays as plain arrays, so that toEqual compares them.
 */
export function oracleView(room: OracleRoom, without: readonly string[] = []): Record<string, unknown> {
  const plain = (v: unknown): unknown =>
    v instanceof Uint8Array
      ? Buffer.from(v).toString('base64')
      : v instanceof Map
        ? Object.fromEntries(v)
        : Array.isArray(v)
          ? v.map(plain)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
            : v
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(room)) if (!without.includes(k)) out[k] = plain(v)
  // Blocks other than the main block (whose fields are compared one by one), and other than
  // the properties block (8) when its values are left out.
  const skip = new Set<number | string>([1, ...(without.includes('properties') ? [8] : [])])
  out.blocks = room.blocks
    .filter(([id]) => !skip.has(id))
    .map(([id, p]) => [id, Buffer.from(p).toString('base64')])
  return out
}
