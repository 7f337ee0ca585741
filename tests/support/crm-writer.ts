/**
 * Test support: AGS 3 `.crm` rooms of any format Walkbox reads (29, 30, 31, 32, 33, 36306),
 * written from a room the oracle read (crm-oracle.ts), as the AGS editors of each version
 * lay them out: room_file.cpp WriteMainBlock and WriteRoomData (3.5 on), agsnative.cpp
 * save_room (3.4 and before): 32-bit block lengths before format 32; before format 31 the
 * hotspot descriptions end in a 0 byte, script names sit in 20-byte fields, and the object
 * names blocks use 30- and 20-byte fields; the extension blocks (`ext_sopts`,
 * `v363_objects`) only from format 33. Masks are packed row by row (editors before 3.6) or
 * whole (3.6 on), with test code of AGS's cpackbitl (ags-crm-frames.ts packBitl). Used to
 * build the rooms of every format from the bench's one `room1.crm`.
 *
 * Units: bytes; px.
 */
import { packBitl } from './ags-crm-frames'
import type { OracleMask, OracleRoom } from './crm-oracle'

class Out {
  private readonly parts: number[] = []
  int8(v: number) {
    this.parts.push(v & 0xff)
  }
  int16(v: number) {
    this.parts.push(v & 0xff, (v >> 8) & 0xff)
  }
  int32(v: number) {
    for (let k = 0; k < 4; k++) this.parts.push((v >>> (k * 8)) & 0xff)
  }
  int64(v: number) {
    this.int32(v % 2 ** 32)
    this.int32(Math.floor(v / 2 ** 32))
  }
  bytes(b: Uint8Array | readonly number[]) {
    for (const x of b) this.parts.push(x)
  }
  text(s: string) {
    for (let i = 0; i < s.length; i++) this.parts.push(s.charCodeAt(i) & 0xff)
  }
  cstr(s: string) {
    this.text(s)
    this.int8(0)
  }
  lstr(s: string) {
    this.int32(s.length)
    this.text(s)
  }
  fixed(s: string, n: number) {
    for (let i = 0; i < n; i++) this.parts.push(i < s.length && i < n - 1 ? s.charCodeAt(i) & 0xff : 0)
  }
  get result() {
    return Uint8Array.from(this.parts)
  }
}

export type TestPacking = 'rows' | 'whole'

function packed(mask: OracleMask, packing: TestPacking): Uint8Array {
  if (packing === 'whole') return packBitl(mask.pixels)
  const rows: Uint8Array[] = []
  for (let y = 0; y < mask.height; y++)
    rows.push(packBitl(mask.pixels.subarray(y * mask.width, (y + 1) * mask.width)))
  const out = new Uint8Array(rows.reduce((n, r) => n + r.length, 0))
  let at = 0
  for (const r of rows) {
    out.set(r, at)
    at += r.length
  }
  return out
}

function mainBlock(room: OracleRoom, version: number, packing: TestPacking): Uint8Array {
  const o = new Out()
  o.int32(room.bpp)
  o.int16(room.walkBehindBaselines.length)
  for (const b of room.walkBehindBaselines) o.int16(b)
  o.int32(room.hotspots.length)
  for (const h of room.hotspots) {
    o.int16(h.walkTo[0])
    o.int16(h.walkTo[1])
  }
  for (const h of room.hotspots) {
    if (version >= 31) o.lstr(h.name)
    else o.cstr(h.name)
  }
  for (const h of room.hotspots) {
    if (version >= 31) o.lstr(h.scriptName)
    else o.fixed(h.scriptName, 20)
  }
  o.int32(0)
  o.int16(room.edges.top)
  o.int16(room.edges.bottom)
  o.int16(room.edges.left)
  o.int16(room.edges.right)
  o.int16(room.objects.length)
  for (const b of room.objects) [b.sprite, b.x, b.y, b.room, b.on].forEach((v) => o.int16(v))
  o.bytes(room.raw.localVars)
  o.int32(room.regionCount)
  const events = (names: string[]) => {
    o.int32(names.length)
    for (const n of names) o.cstr(n)
  }
  events(room.events.room)
  room.events.hotspots.forEach(events)
  room.events.objects.forEach(events)
  room.events.regions.forEach(events)
  o.bytes(room.raw.objectBaselines)
  o.int16(room.width)
  o.int16(room.height)
  o.bytes(room.raw.objectFlags)
  o.int16(room.maskResolution)
  o.int32(room.areas.length)
  for (const key of ['far', 'view', 'near', 'top', 'bottom'] as const)
    for (const a of room.areas) o.int16(a[key])
  o.bytes(room.raw.afterAreas)
  o.bytes(room.background)
  for (const m of [room.masks.regions, room.masks.walkable, room.masks.walkBehinds, room.masks.hotspots]) {
    o.int16(m.width)
    o.int16(m.height)
    o.bytes(packed(m, packing))
    o.bytes(m.palette)
  }
  return o.result
}

/** An object names block (5: descriptions, 9: script names) as `version` stores it. */
function namesBlock(payload: Uint8Array, id: number, version: number): Uint8Array {
  const count = payload[0]
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength)
  const names: string[] = []
  let at = 1
  for (let i = 0; i < count; i++) {
    const n = view.getInt32(at, true)
    names.push(String.fromCharCode(...payload.subarray(at + 4, at + 4 + n)))
    at += 4 + n
  }
  const o = new Out()
  o.int8(count)
  for (const n of names) {
    if (version >= 31) o.lstr(n)
    else o.fixed(n, id === 5 ? 30 : 20)
  }
  return o.result
}

/**
 * `room` (read from a format 31+ file) as a .crm of `version` with masks packed `packing`.
 * Before format 33 the extension blocks are left out, as those editors wrote none.
 */
export function writeTestCrm(room: OracleRoom, version: number, packing: TestPacking): Uint8Array {
  if (room.version < 31) throw new Error('writeTestCrm takes a room read from a format 31 or later file')
  const o = new Out()
  o.int16(version)
  const block = (id: number | string, payload: Uint8Array) => {
    if (typeof id === 'string') {
      o.int8(0)
      o.bytes(Array.from({ length: 16 }, (_, i) => (i < id.length ? id.charCodeAt(i) : 0)))
      o.int64(payload.length)
    } else {
      o.int8(id)
      if (version >= 32) o.int64(payload.length)
      else o.int32(payload.length)
    }
    o.bytes(payload)
  }
  for (const [id, payload] of room.blocks) {
    if (id === 1) block(1, mainBlock(room, version, packing))
    else if (typeof id === 'string') {
      if (version >= 33) block(id, payload)
    } else if (id === 5 || id === 9) block(id, namesBlock(payload, id, version))
    else block(id, payload)
  }
  o.int8(0xff)
  return o.result
}
