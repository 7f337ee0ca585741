/**
 * A game's own folder as every engine reads it: Walkbox's place in it, the one error a game
 * folder is refused with, its files as an import source (regular files within the image size
 * limit, no links), its files listed (bounded depth and count), the rule for paths Walkbox may
 * write, and the bytes of a format's export file. What is particular to an engine (detection,
 * room listing, the game's name, in-place writing) is in its descriptor (formats/engine.ts,
 * formats/engines.ts).
 *
 * Glossary
 * - game folder: the folder the author opened: an AGS game, a Godot project, a folder of Tiled maps.
 * - game path: relative to the game folder, '/' separated.
 *
 * Units: bytes.
 */
import { encodeIndexedPng, type Deflate } from '../codecs/indexed-png'
import type { ExportFile, ImportSource } from './format-io'
import { projectPathProblem } from '../room/journal-check'
import { MAX_GAME_DEPTH, MAX_GAME_FILES, MAX_IMAGE_FILE_BYTES } from '../limits'
import type { ProjectFiles } from '../room/unit-save'

/** Walkbox's folder inside a game: the Walkbox project, the link record, the game backups. */
export const GAME_WALKBOX_DIR = '.walkbox'
export const GAME_LINK_FILE = `${GAME_WALKBOX_DIR}/game-link.json`
export const GAME_BACKUPS_DIR = `${GAME_WALKBOX_DIR}/game-backups`
export { MAX_GAME_DEPTH, MAX_GAME_FILES }

/** A game folder that Walkbox will not act on, or a write it refuses: one line for the author. */
export class GameFolderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GameFolderError'
  }
}

/** What reading images needs from the host. */
export interface GameCodec {
  decodeImage: ImportSource['decodeImage']
  imageSize: ImportSource['imageSize']
  inflate?: ImportSource['inflate']
  /** zlib deflate, for the masks written back (AGS). */
  deflate: Deflate
}

const decoder = new TextDecoder()

/** An ImportSource over game files: regular files only, within the image size limit. */
export function gameSource(files: ProjectFiles, codec: GameCodec, under = ''): ImportSource {
  const path = (p: string): string | null => {
    const full = under ? `${under}/${p}` : p
    return projectPathProblem(full) ? null : full
  }
  const readBytes = async (p: string): Promise<Uint8Array | null> => {
    const full = path(p)
    if (full === null) return null
    const kind = await files.kind(full)
    if (kind === 'other')
      throw new GameFolderError(
        `${full}: a link (or reached through one); Walkbox does not follow links in a game`,
      )
    if (kind !== 'file') return null
    const size = await files.size(full)
    if (size !== null && size > MAX_IMAGE_FILE_BYTES)
      throw new GameFolderError(`${full}: larger than ${MAX_IMAGE_FILE_BYTES} bytes; not read`)
    return files.read(full)
  }
  return {
    readBytes,
    readText: async (p) => {
      const bytes = await readBytes(p)
      return bytes ? decoder.decode(bytes) : null
    },
    decodeImage: codec.decodeImage,
    imageSize: codec.imageSize,
    ...(codec.inflate ? { inflate: codec.inflate } : {}),
  }
}

/** Every file under `folder` whose name `match` takes, without links, dot folders or `skip`ped folders. */
export async function listGameFiles(
  files: ProjectFiles,
  match: (name: string) => boolean,
  options: { skip?: (path: string) => boolean; notes?: string[]; under?: string } = {},
): Promise<string[]> {
  const out: string[] = []
  let listed = 0
  const visit = async (folder: string, depth: number): Promise<void> => {
    if (depth > MAX_GAME_DEPTH) {
      options.notes?.push(`${folder}: folders nest more than ${MAX_GAME_DEPTH} deep; not looked into`)
      return
    }
    const entries = (await files.list(folder)).sort((a, b) => a.name.localeCompare(b.name))
    for (const e of entries) {
      if (++listed > MAX_GAME_FILES) {
        if (listed === MAX_GAME_FILES + 1)
          options.notes?.push(`more than ${MAX_GAME_FILES} files; the rest were not looked at`)
        return
      }
      const path = folder ? `${folder}/${e.name}` : e.name
      if (e.folder) {
        if (e.name.startsWith('.') || options.skip?.(path)) continue
        await visit(path, depth + 1)
      } else if (match(e.name)) out.push(path)
    }
  }
  await visit(options.under ?? '', 0)
  return out
}

/** Why Walkbox must not write `path` in a game folder, or null. */
export function gamePathProblem(path: unknown): string | null {
  const problem = projectPathProblem(path)
  if (problem) return problem
  const p = path as string
  if (p === GAME_WALKBOX_DIR || p.startsWith(`${GAME_WALKBOX_DIR}/`)) return `'${p}' is Walkbox's own folder`
  if (p.split('/').some((s) => s.includes('.walkbox-'))) return `'${p}' is one of Walkbox's working files`
  return null
}

/** The first line of an error's message. */
export const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]

const encoder = new TextEncoder()

/** Bytes of a format's export file (indexed PNGs deflated with the host's deflate). */
export async function exportFileBytes(f: ExportFile, codec: Pick<GameCodec, 'deflate'>): Promise<Uint8Array> {
  if ('text' in f) return encoder.encode(f.text)
  if ('bytes' in f) return f.bytes
  return encodeIndexedPng(f.indexed, codec.deflate)
}
