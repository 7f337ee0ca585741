/**
 * The browser's raw-deflate inflater for zip entries (zip.ts `ZipInflater`): the entry's
 * packed bytes written into a DecompressionStream('deflate-raw') and its output read a chunk
 * at a time, so the browser inflates off the page's script as the reader asks; when the
 * reader has seen enough (an entry passing the size its header gives) the stream is
 * cancelled and nothing more is inflated. The packed bytes go to the stream's writer a
 * piece at a time (see feed), not through Blob.stream(): that costs about 1 ms an entry
 * (19,999 tiny entries: 20.6 s, against 1.2 s this way, in Debian's Chromium).
 *
 * Glossary
 * - chunk: what one read of the DecompressionStream hands over (the browser picks its size,
 *   typically 64 kB).
 *
 * Units: bytes.
 */
import type { ZipInflater } from '../../../shared/room/zip'

/** Packed bytes handed to the stream at a time: deflate inflates at most about 1000 to 1. */
const PIECE_BYTES = 4 * 1024

/**
 * Write `packed` into `writer` a piece at a time. Each write waits until the stream has
 * room, so the browser inflates only as fast as the reader reads: one write of the whole
 * entry would be inflated in one go however far past its declared size it goes (a 1 MB
 * piece of a bomb is 1 GB).
 */
async function feed(writer: WritableStreamDefaultWriter<BufferSource>, packed: Uint8Array): Promise<void> {
  for (let at = 0; at < packed.length; at += PIECE_BYTES)
    await writer.write(packed.subarray(at, at + PIECE_BYTES) as Uint8Array<ArrayBuffer>)
  await writer.close()
}

/** The inflated chunks of `packed`; leaving the loop early cancels the stream. */
export const inflateZipEntry: ZipInflater = async function* (packed) {
  const stream = new DecompressionStream('deflate-raw')
  // Its failures (damaged deflate, a cancel) surface through the reader below.
  feed(stream.writable.getWriter(), packed).catch(() => undefined)
  const reader = stream.readable.getReader()
  let finished = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) {
        finished = true
        return
      }
      yield value
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
}
