/**
 * The browser's decompressor for Tiled tile layers (tile-data.ts `Inflate`): zlib through
 * DecompressionStream('deflate'), gzip through DecompressionStream('gzip'). The packed
 * bytes go in a piece at a time and the output is read a chunk at a time; once the output
 * passes the bytes the layer can hold (`maxBytes`) the stream is cancelled and the layer
 * refused, so a small layer cannot inflate into a large one (as on the desktop, where
 * zlib's maxOutputLength stops it). zstd layers never come here: Walkbox decodes them
 * itself on every host (src/shared/codecs/zstd.ts, called by tile-data.ts).
 *
 * Units: bytes.
 */
import type { Inflate } from '../../../shared/formats/tiled/tile-data'

/** Packed bytes handed to the stream at a time: deflate inflates at most about 1000 to 1. */
const PIECE_BYTES = 4 * 1024

async function feed(writer: WritableStreamDefaultWriter<BufferSource>, packed: Uint8Array): Promise<void> {
  for (let at = 0; at < packed.length; at += PIECE_BYTES)
    await writer.write(packed.subarray(at, at + PIECE_BYTES) as Uint8Array<ArrayBuffer>)
  await writer.close()
}

export const inflateTileData: Inflate = async (data, compression, maxBytes) => {
  const limit = Math.max(1, maxBytes)
  const stream = new DecompressionStream(compression === 'zlib' ? 'deflate' : 'gzip')
  // Its failures (damaged data, a cancel) surface through the reader below.
  feed(stream.writable.getWriter(), data).catch(() => undefined)
  const reader = stream.readable.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  let finished = false
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>
      try {
        step = await reader.read()
      } catch (e) {
        throw new Error(`${compression}: ${(e as Error).message.split('\n')[0] || 'damaged data'}`)
      }
      if (step.done) {
        finished = true
        break
      }
      total += step.value.length
      if (total > limit)
        throw new Error(`${compression}: inflates past the ${limit} bytes the layer holds; refused`)
      chunks.push(step.value)
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}
