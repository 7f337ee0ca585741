/**
 * Godot import sources for tests: a project folder on disk (res:// = the folder of
 * project.godot), or files held in memory.
 */
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { join } from 'node:path'
import type { GodotImportSource } from '../../../src/shared/formats/godot/import'
import { readImageHeader } from '../../../src/shared/room/image-header'

/** RGBA pixels of PNG/JPEG/WebP bytes (sharp), as the hosts decode them. */
export async function decodeRgba(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data) }
}

const imageSize = (bytes: Uint8Array) => {
  try {
    return readImageHeader(bytes, 'image')
  } catch {
    return null
  }
}

export function folderSource(projectDir: string): GodotImportSource {
  const path = (res: string) => join(projectDir, res.replace(/^res:\/\//, ''))
  return {
    readText: async (res) => readFile(path(res), 'utf8').catch(() => null),
    readBytes: async (res) =>
      readFile(path(res))
        .then((b) => new Uint8Array(b))
        .catch(() => null),
    imageSize,
    decodeImage: decodeRgba,
  }
}

export function memorySource(files: Record<string, string | Uint8Array>): GodotImportSource {
  return {
    readText: async (res) => {
      const f = files[res]
      return typeof f === 'string' ? f : null
    },
    readBytes: async (res) => {
      const f = files[res]
      return f instanceof Uint8Array ? f : null
    },
    imageSize,
    decodeImage: decodeRgba,
  }
}
