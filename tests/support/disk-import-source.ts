/**
 * An import source over a folder on disk, as the desktop host gives the format readers one:
 * files read by paths relative to `root` (null when missing), images decoded by the main
 * process's codec, image sizes from their headers (null when not an image).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { decodeImage } from '../../src/main/services/image-codec'
import type { ImportSource } from '../../src/shared/formats/registry'
import { readImageHeader } from '../../src/shared/room/image-header'

export function diskSource(root: string): ImportSource {
  return {
    readText: (p) => readFile(join(root, p), 'utf8').catch(() => null),
    readBytes: (p) =>
      readFile(join(root, p))
        .then((b) => new Uint8Array(b))
        .catch(() => null),
    decodeImage: async (bytes, name) => decodeImage(bytes, name),
    imageSize: (bytes) => {
      try {
        return readImageHeader(bytes, 'image')
      } catch {
        return null
      }
    },
  }
}
