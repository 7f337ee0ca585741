/**
 * Test support: AGS 3.x `.crm` background frames written from scratch, to build rooms with
 * several backgrounds from the bench's one-background `room1.crm`. `packLiterals` is a
 * minimal encoder of AGS's LZW (an LZSS variant, Common/util/lzw.cpp): every byte a literal,
 * each group of 8 behind a flag byte of 0, which the engine's expander reads like any other.
 * `framesBlock` is block 6 as room_file.cpp WriteAnimBgBlock lays it out: the frame count,
 * the animation speed, one palette-shared flag per frame, then frames 2..N, each a 1024-byte
 * palette, the unpacked and packed sizes and the packed stride, height and pixels.
 *
 * Units: bytes; px.
 */

/** `data` as AGS LZW with literals only. */
export function packLiterals(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length + Math.ceil(data.length / 8))
  let o = 0
  for (let i = 0; i < data.length; i += 8) {
    out[o++] = 0
    const n = Math.min(8, data.length - i)
    out.set(data.subarray(i, i + n), o)
    o += n
  }
  return out
}

/** A 32-bit frame (RGBA in, AGS's B, G, R, A order stored) as load_lzw reads it. */
export function lzwFrame(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const raw = new Uint8Array(8 + width * height * 4)
  const v = new DataView(raw.buffer)
  v.setInt32(0, width * 4, true)
  v.setInt32(4, height, true)
  for (let i = 0; i < width * height; i++) {
    raw[8 + i * 4] = rgba[i * 4 + 2]
    raw[8 + i * 4 + 1] = rgba[i * 4 + 1]
    raw[8 + i * 4 + 2] = rgba[i * 4]
    raw[8 + i * 4 + 3] = rgba[i * 4 + 3]
  }
  const packed = packLiterals(raw)
  const out = new Uint8Array(1024 + 8 + packed.length)
  const ov = new DataView(out.buffer)
  ov.setUint32(1024, raw.length, true)
  ov.setUint32(1028, packed.length, true)
  out.set(packed, 1032)
  return out
}

/** Block 6's payload: `count` frames (1..), `delay`, and the packed frames 2..N. */
export function framesBlock(count: number, delay: number, frames: Uint8Array[]): Uint8Array {
  const size = 2 + count + frames.reduce((n, f) => n + f.length, 0)
  const out = new Uint8Array(size)
  out[0] = count
  out[1] = delay
  let at = 2 + count
  for (const f of frames) {
    out.set(f, at)
    at += f.length
  }
  return out
}

/**
 * A format-33 `.crm` (64-bit block lengths) with `payload` added as block `id` before the end
 * marker; `claimed` overrides the length written in its header (a block past the end).
 */
export function withBlock(crm: Uint8Array, id: number, payload: Uint8Array, claimed?: number): Uint8Array {
  if (crm[crm.length - 1] !== 0xff) throw new Error('expected a .crm ending in its end marker')
  const out = new Uint8Array(crm.length + 9 + payload.length)
  out.set(crm.subarray(0, crm.length - 1))
  let at = crm.length - 1
  out[at++] = id
  new DataView(out.buffer).setBigUint64(at, BigInt(claimed ?? payload.length), true)
  at += 8
  out.set(payload, at)
  out[out.length - 1] = 0xff
  return out
}

/** A room-sized RGBA image of vertical stripes whose colours depend on `seed`, opaque. */
export function stripes(width: number, height: number, seed: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const q = (y * width + x) * 4
      rgba[q] = (x * 7 + seed * 40) & 255
      rgba[q + 1] = (y * 3 + seed * 90) & 255
      rgba[q + 2] = ((x ^ y) + seed * 17) & 255
      rgba[q + 3] = 255
    }
  return rgba
}

/**
 * `pixels` packed as AGS's cpackbitl (Common/util/compress.cpp) packs a whole 8-bit mask: a
 * lone last byte is `0, byte`; a run of 2..127 equal bytes is `1 - n, byte`; otherwise a
 * sequence of 1..127 bytes, up to and with the first of the next pair of equal ones, is
 * `n - 1, bytes`.
 */
export function packBitl(pixels: Uint8Array): Uint8Array {
  const out: number[] = []
  const size = pixels.length
  let at = 0
  while (at < size) {
    const last = Math.min(at + 126, size - 1)
    let end = at + 1
    if (at === size - 1) {
      out.push(0, pixels[at])
      at++
    } else if (pixels[at] === pixels[end]) {
      while (end < last && pixels[end] === pixels[end + 1]) end++
      out.push((at - end) & 0xff, pixels[at])
      at = end + 1
    } else {
      while (end < last && pixels[end] !== pixels[end + 1]) end++
      out.push(end - at)
      for (let k = at; k <= end; k++) out.push(pixels[k])
      at = end + 1
    }
  }
  return Uint8Array.from(out)
}

/** One mask as save_rle_bitmap8 writes it: i16 width, i16 height, packed pixels, 768 palette bytes. */
export function rleMask(width: number, height: number, pixels: Uint8Array, palette?: Uint8Array): Uint8Array {
  const packed = packBitl(pixels)
  const out = new Uint8Array(4 + packed.length + 768)
  const v = new DataView(out.buffer)
  v.setInt16(0, width, true)
  v.setInt16(2, height, true)
  out.set(packed, 4)
  if (palette) out.set(palette.subarray(0, 768), 4 + packed.length)
  return out
}

/** Every `scale`-th pixel of every `scale`-th row: a room-size mask at 1:scale. */
export function everyNth(pixels: Uint8Array, width: number, height: number, scale: number): Uint8Array {
  const w = Math.floor(width / scale)
  const h = Math.floor(height / scale)
  const out = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) out[y * w + x] = pixels[y * scale * width + x * scale]
  return out
}

/** A `.crm`'s blocks in order: id, the 16-byte name of an id-0 block (else empty), payload. */
export interface CrmBlock {
  id: number
  name: Uint8Array
  payload: Uint8Array
}

/** Splits a `.crm` of format 32 or later (64-bit block lengths) into its version and blocks. */
export function splitCrm(bytes: Uint8Array): { version: number; blocks: CrmBlock[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const version = view.getUint16(0, true)
  if (version < 32) throw new Error('expected a .crm with 64-bit block lengths (format 32 or later)')
  const blocks: CrmBlock[] = []
  let at = 2
  while (bytes[at] !== 0xff) {
    const id = bytes[at++]
    const name = id === 0 ? bytes.slice(at, at + 16) : new Uint8Array(0)
    at += name.length
    const length = Number(view.getBigUint64(at, true))
    at += 8
    blocks.push({ id, name, payload: bytes.slice(at, at + length) })
    at += length
  }
  return { version, blocks }
}

/** A `.crm` of `version` from `blocks`: 64-bit lengths from format 32 (and for id 0), else 32-bit. */
export function joinCrm(version: number, blocks: CrmBlock[]): Uint8Array {
  const wide = (b: CrmBlock) => b.id === 0 || version >= 32
  const size =
    2 + blocks.reduce((n, b) => n + 1 + b.name.length + (wide(b) ? 8 : 4) + b.payload.length, 0) + 1
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  view.setUint16(0, version, true)
  let at = 2
  for (const b of blocks) {
    out[at++] = b.id
    out.set(b.name, at)
    at += b.name.length
    if (wide(b)) view.setBigUint64(at, BigInt(b.payload.length), true)
    else view.setUint32(at, b.payload.length, true)
    at += wide(b) ? 8 : 4
    out.set(b.payload, at)
    at += b.payload.length
  }
  out[at] = 0xff
  return out
}

/** The main block's masks in the order it stores them (room_file.cpp ReadMainBlock). */
export const CRM_MASK_ORDER = ['regions', 'walkable', 'walkBehinds', 'hotspots'] as const
export type CrmMaskName = (typeof CRM_MASK_ORDER)[number]

/**
 * Where the four masks (room-size `masks`, as read) start in a main block's payload, found
 * by packing them again, and each one's 768 palette bytes.
 */
export function crmMaskTail(
  main: Uint8Array,
  masks: Record<CrmMaskName, Uint8Array>,
): { at: number; palettes: Record<CrmMaskName, Uint8Array> } {
  const sizes = CRM_MASK_ORDER.map((m) => 4 + packBitl(masks[m]).length + 768)
  const at = main.length - sizes.reduce((a, b) => a + b, 0)
  const palettes = {} as Record<CrmMaskName, Uint8Array>
  let end = at
  CRM_MASK_ORDER.forEach((m, i) => {
    end += sizes[i]
    palettes[m] = main.slice(end - 768, end)
  })
  return { at, palettes }
}

/**
 * A format-32+ `.crm` of a `width` x `height` room whose masks are `masks` (room size, as
 * read), written again as `version` with MaskResolution `field` and each mask at `sizes`:
 * a size dividing the room takes every n-th pixel, any other is filled with 1.
 */
export function crmWithMasks(
  crm: Uint8Array,
  room: { width: number; height: number; objects: number },
  masks: Record<CrmMaskName, Uint8Array>,
  field: number,
  sizes: Record<CrmMaskName, { width: number; height: number }>,
  version = 33,
): Uint8Array {
  const { blocks } = splitCrm(crm)
  const main = blocks.find((b) => b.id === 1)
  if (!main) throw new Error('no main block')
  const tail = crmMaskTail(main.payload, masks)
  const fields = main.payload.slice(0, tail.at)
  // Room width and height, one i16 of flags per object, then MaskResolution (1 here) and the
  // walkable-area count AGS always writes (16): found once in the fields.
  const size = [room.width & 0xff, room.width >> 8, room.height & 0xff, room.height >> 8]
  const hits: number[] = []
  for (let i = 0; i + 10 + room.objects * 2 <= fields.length; i++) {
    const after = i + 4 + room.objects * 2
    if (
      size.every((b, k) => fields[i + k] === b) &&
      [0x01, 0x00, 0x10, 0x00, 0x00, 0x00].every((b, k) => fields[after + k] === b)
    )
      hits.push(after)
  }
  if (hits.length !== 1) throw new Error(`MaskResolution found ${hits.length} times; expected once`)
  new DataView(fields.buffer).setInt16(hits[0], field, true)
  const packed = CRM_MASK_ORDER.map((m) => {
    const { width, height } = sizes[m]
    const scale = room.width / width
    const pixels =
      Number.isInteger(scale) && room.height / scale === height
        ? everyNth(masks[m], room.width, room.height, scale)
        : new Uint8Array(width * height).fill(1)
    return rleMask(width, height, pixels, tail.palettes[m])
  })
  const payload = new Uint8Array(fields.length + packed.reduce((n, m) => n + m.length, 0))
  payload.set(fields)
  let at = fields.length
  for (const m of packed) {
    payload.set(m, at)
    at += m.length
  }
  return joinCrm(
    version,
    blocks.map((b) => (b.id === 1 ? { ...b, payload } : b)),
  )
}
