/**
 * A second reader of 8-bit indexed PNGs for the tests, apart from Walkbox's image codec: the
 * chunks walked by hand, IDAT inflated with Node's zlib, the five PNG row filters undone, and
 * the palette indices returned as they are stored (no colour matching), so that a test of
 * "this mask pixel has index N" does not lean on the code it checks.
 *
 * Units: px.
 */
import { inflateSync } from 'node:zlib'

export interface PngIndices {
  width: number
  height: number
  indices: Uint8Array
}

/** The indices of an 8-bit, non-interlaced, colour type 3 PNG; throws on anything else. */
export function readPngIndices(bytes: Uint8Array): PngIndices {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 8
  let width = 0
  let height = 0
  const data: Uint8Array[] = []
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    const body = bytes.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') {
      width = view.getUint32(at + 8)
      height = view.getUint32(at + 12)
      const [depth, colour, , , interlace] = body.subarray(8, 13)
      if (depth !== 8 || colour !== 3 || interlace !== 0)
        throw new Error(
          `not an 8-bit indexed PNG (depth ${depth}, colour type ${colour}, interlace ${interlace})`,
        )
    } else if (type === 'IDAT') data.push(body)
    else if (type === 'IEND') break
    at += 12 + length
  }
  const raw = inflateSync(Buffer.concat(data))
  const indices = new Uint8Array(width * height)
  let prev = new Uint8Array(width)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (width + 1)]
    const line = raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1))
    const out = new Uint8Array(width)
    for (let x = 0; x < width; x++) {
      const a = x > 0 ? out[x - 1] : 0
      const b = prev[x]
      const c = x > 0 ? prev[x - 1] : 0
      let add = 0
      if (filter === 1) add = a
      else if (filter === 2) add = b
      else if (filter === 3) add = (a + b) >> 1
      else if (filter === 4) {
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      } else if (filter !== 0) throw new Error(`row ${y}: PNG filter ${filter}`)
      out[x] = (line[x] + add) & 255
    }
    indices.set(out, y * width)
    prev = out
  }
  return { width, height, indices }
}
