/**
 * The desktop's raw-deflate inflater for zip entries (zip.ts `ZipInflater`). An entry is
 * inflated as a zlib stream, so the work runs on libuv's thread pool (off the main
 * process's event loop) a chunk at a time and stops when the reader has seen enough. A small
 * entry (declared at most SMALL_ENTRY_BYTES) is inflated in one call capped at its declared
 * size + 1, which costs microseconds where a stream costs a tenth of a millisecond to set up
 * (19,999 tiny entries: 2.4 s as streams); if it would pass the cap it goes the stream way,
 * so the reader sees the bytes past its declared size and refuses it.
 *
 * Glossary
 * - chunk: up to CHUNK_BYTES of inflated output, handed to the reader as zlib makes it.
 *
 * Units: bytes.
 */
import { createInflateRaw, inflateRawSync } from 'node:zlib'
import type { ZipInflater } from '../../shared/room/zip'

const CHUNK_BYTES = 256 * 1024
const SMALL_ENTRY_BYTES = 64 * 1024

function isTooLarge(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
}

/** The inflated chunks of `packed`; leaving the loop early destroys the zlib stream. */
export const inflateZipEntry: ZipInflater = async function* (packed, atMost) {
  if (atMost <= SMALL_ENTRY_BYTES) {
    let whole: Buffer | null = null
    try {
      whole = inflateRawSync(packed, { maxOutputLength: atMost + 1 })
    } catch (e) {
      if (!isTooLarge(e)) throw e
    }
    if (whole) {
      yield new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength)
      return
    }
  }
  const stream = createInflateRaw({ chunkSize: Math.min(CHUNK_BYTES, Math.max(1024, atMost + 1)) })
  stream.end(packed)
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>)
      yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)
  } finally {
    stream.destroy()
  }
}
