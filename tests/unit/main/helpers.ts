/**
 * Helpers for the main-service tests: temporary folders and hand-made image files.
 *
 * Units: px; bytes.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A fresh folder under the OS temp folder, and a function that removes it. */
export async function tempFolder(
  prefix = 'walkbox-test-',
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/**
 * A PNG whose header declares width x height (8-bit grey) but whose pixel data is a few
 * bytes: only a reader that trusts the header before decoding can handle it cheaply.
 */
export function pngWithDeclaredSize(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // grey
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', new Uint8Array()),
  ])
}

/** RGBA pixels from a function of (x, y). */
export function rgbaOf(
  width: number,
  height: number,
  f: (x: number, y: number) => [number, number, number, number],
) {
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(f(x, y), (y * width + x) * 4)
  return { width, height, data }
}

/** Encode RGBA pixels with sharp as png, jpeg (quality 100) or webp (lossless). */
export async function encodeWith(
  image: { width: number; height: number; data: Uint8Array },
  format: 'png' | 'jpeg' | 'webp',
): Promise<Buffer> {
  const s = sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } })
  if (format === 'png') return s.png().toBuffer()
  if (format === 'jpeg') return s.jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer()
  return s.webp({ lossless: true }).toBuffer()
}

/** Every file under `dir` (relative path -> bytes as hex), to compare a folder before and after. */
export async function snapshotFiles(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) await walk(p)
      else out[relative(dir, p)] = (await readFile(p)).toString('hex')
    }
  }
  await walk(dir)
  return out
}
