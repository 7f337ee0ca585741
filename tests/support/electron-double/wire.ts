/**
 * How the electron double carries bytes from main to the page: every typed array, DataView
 * and ArrayBuffer in a value main sends (an invoke's answer, webContents.send's arguments)
 * is left with the protocol bridge for one fetch (protocol-bridge.ts, same origin as the page)
 * and travels as `{ [BYTES_MARK]: kind, url }`; the page's bridge (page-bridge.ts) fetches it
 * and makes it the same kind of typed array again. Only the trip changes: what the page
 * receives is what Electron's structured clone delivers. (Playwright carries typed arrays
 * itself, but takes seconds over a 1920×1080 background, where a fetch takes milliseconds.)
 * A page not on a bridged origin gets the bytes inline as base64 (`base64` instead of `url`).
 *
 * Units: bytes.
 */

/** The key that marks bytes on the wire (no Walkbox value has it). */
export const BYTES_MARK = '__electronDoubleBytes'

/** Where bytes wait for the page: a path on the page's own origin, or null (send them inline). */
export type ByteStash = ((bytes: Uint8Array) => string) | null

/** `value` (already structured-cloned: plain data) with its bytes stashed (or as base64). */
export function toWire(value: unknown, stash: ByteStash): unknown {
  if (value === null || typeof value !== 'object') return value
  const bytes =
    value instanceof ArrayBuffer
      ? new Uint8Array(value)
      : ArrayBuffer.isView(value)
        ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
        : null
  if (bytes) {
    const kind = value instanceof ArrayBuffer ? 'ArrayBuffer' : value.constructor.name
    return stash
      ? { [BYTES_MARK]: kind, url: stash(bytes) }
      : { [BYTES_MARK]: kind, base64: Buffer.from(bytes).toString('base64') }
  }
  if (Array.isArray(value)) return value.map((v) => toWire(v, stash))
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) out[key] = toWire(v, stash)
  return out
}
