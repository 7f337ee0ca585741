/**
 * Electron's fuse wire: the bytes in the Electron binary that switch features on or off
 * at package time (https://www.electronjs.org/docs/latest/tutorial/fuses). Layout, as
 * Electron's build/fuses/build.py writes it: a 32-character sentinel, one byte of wire
 * version (1), one byte of length, then one character per fuse: '0' off, '1' on,
 * 'r' removed. The fuse order is Electron's build/fuses/fuses.json5.
 *
 * Used by `npm run test:package` to read the fuses back from the packed binary, and to
 * give the stub binary it packs the wire a real Electron 45 binary carries.
 */

export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
export const FUSE_WIRE_VERSION = 1

/** Fuse names in wire order (the names @electron/fuses and electron-builder use). */
export const FUSE_NAMES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
] as const

export type FuseName = (typeof FUSE_NAMES)[number]
export type FuseState = 'on' | 'off' | 'removed'

/** The wire an unmodified Electron 45 binary carries (fuses.json5 defaults). */
export const ELECTRON_DEFAULT_WIRE = '10110001'

/** The fuse wire bytes for `states` (one '0' / '1' / 'r' per fuse, wire order). */
export function fuseWireBytes(states: string = ELECTRON_DEFAULT_WIRE): Buffer {
  return Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([FUSE_WIRE_VERSION, states.length]),
    Buffer.from(states, 'latin1'),
  ])
}

/** The fuses of a binary, by name; throws a line saying what is wrong when it has no wire. */
export function readFuseWire(binary: Uint8Array, file = 'the binary'): Partial<Record<FuseName, FuseState>> {
  const bytes = Buffer.from(binary.buffer, binary.byteOffset, binary.byteLength)
  const at = bytes.indexOf(FUSE_SENTINEL, 0, 'latin1')
  if (at < 0) throw new Error(`${file}: no Electron fuse wire (sentinel ${FUSE_SENTINEL} not found)`)
  const version = bytes[at + FUSE_SENTINEL.length]
  if (version !== FUSE_WIRE_VERSION)
    throw new Error(`${file}: fuse wire version ${version}, expected ${FUSE_WIRE_VERSION}`)
  const length = bytes[at + FUSE_SENTINEL.length + 1]
  const out: Partial<Record<FuseName, FuseState>> = {}
  for (let i = 0; i < Math.min(length, FUSE_NAMES.length); i++) {
    const c = String.fromCharCode(bytes[at + FUSE_SENTINEL.length + 2 + i])
    out[FUSE_NAMES[i]] = c === '1' ? 'on' : c === '0' ? 'off' : 'removed'
  }
  return out
}
