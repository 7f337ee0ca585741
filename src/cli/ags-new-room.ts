/**
 * `walkbox export <project> --room R --format ags4 --out <folder>` when the folder is new:
 * the files of a complete AGS 4 room folder (src/shared/formats/ags/open-room-new.ts) for a
 * missing or empty folder. The game store writes them (game-export.ts: under the game's
 * lock, as one unit, data.xml last). A folder holding data.xml is the in-place path;
 * anything else is refused in one line with nothing written.
 *
 * Glossary
 * - room number: the folder's own name when it is a number (`Rooms/7`), else the room's id.
 * - game id: `<UniqueID>` of the game's Game.agf (`<game>/Rooms/N`), when there is one, so
 *   that AGS takes the room as the game's own; a Game.agf Walkbox cannot read gives GameID 0
 *   and a note saying why.
 *
 * Units: bytes.
 */
import { lstat, readdir, realpath } from 'node:fs/promises'
import { basename, dirname, join, resolve, sep } from 'node:path'
import type { ExportFile, RoomFormat } from '../shared/formats/registry'
import { MAX_IMAGE_FILE_BYTES } from '../shared/limits'
import type * as store from '../main/services/project-store'
import { readRegularFile } from '../main/services/regular-file'
import { decodeImage, encodeRgbaPng } from '../main/services/image-codec'
import { sniffImageFormat } from '../shared/room/image-header'
import { ProjectCommandError } from './project-commands'
import { readGameAgf } from '../shared/formats/game-folder'

/** Throws when an existing part of `path` is (or goes through) a symbolic link. */
export async function refuseLinks(path: string): Promise<void> {
  let existing = path
  for (;;) {
    const st = await lstat(existing).catch(() => null)
    if (st) break
    const up = dirname(existing)
    if (up === existing) return
    existing = up
  }
  const real = await realpath(existing)
  if (real === existing) return
  // Name the first link on the way.
  const parts = existing.split(sep)
  for (let i = 2; i <= parts.length; i++) {
    const at = parts.slice(0, i).join(sep) || sep
    if ((await lstat(at)).isSymbolicLink())
      throw new ProjectCommandError(
        `${path}: ${at} is a symbolic link; a new room folder is written only where its path says (give the real path); nothing written`,
      )
  }
}

/** The game's UniqueID from the text of its Game.agf, and a note when it cannot be read. */
export function gameIdOf(agf: string | null): { gameId?: number; note?: string } {
  if (agf === null) return {}
  try {
    return { gameId: readGameAgf(agf).uniqueId }
  } catch (e) {
    const why = (e as Error).message.split('\n')[0].replace(/^Game\.agf: /, '')
    return { note: `Game.agf: ${why}; the room gets GameID 0` }
  }
}

/** What an existing `out` is: missing, an empty folder, a room folder (data.xml), or refused. */
export async function agsOutKind(out: string): Promise<'missing' | 'empty' | 'room'> {
  const st = await lstat(out).catch(() => null)
  if (!st) return 'missing'
  if (st.isSymbolicLink())
    throw new ProjectCommandError(`${out}: a symbolic link; give the real folder; nothing written`)
  if (!st.isDirectory()) throw new ProjectCommandError(`${out}: not a folder; nothing written`)
  const names = await readdir(out)
  if (names.length === 0) return 'empty'
  if (names.includes('data.xml')) return 'room'
  const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '')
  throw new ProjectCommandError(
    `${out}: holds other files (${shown}) and no data.xml; a new AGS 4 room is written into a missing or empty folder; nothing written`,
  )
}

/** The files of a new AGS 4 room folder for the project's room, and what was converted or assumed. */
export async function newAgsRoomFiles(
  loaded: Awaited<ReturnType<typeof store.loadRoom>>,
  projectFolder: string,
  flags: Awaited<ReturnType<typeof store.openProject>>['project']['flags'],
  format: RoomFormat,
  out: string,
  agf: string | null,
  encode: (f: ExportFile) => Promise<Uint8Array>,
): Promise<{ files: { name: string; bytes: Uint8Array }[]; notes: string[] }> {
  const { room } = loaded
  const dir = join(resolve(projectFolder), loaded.folder)
  // AGS 4 reads PNG backgrounds only: a JPEG or WebP is converted (its pixels as they are).
  const conversions: string[] = []
  const read = async (file: string, as: string) => {
    const bytes = await readRegularFile(join(dir, file), file, MAX_IMAGE_FILE_BYTES)
    if (sniffImageFormat(bytes, file) === 'png') return { name: file, bytes }
    conversions.push(`${file}: converted to PNG as ${as} (AGS 4 reads PNG backgrounds)`)
    return { name: file, bytes: await encodeRgbaPng(await decodeImage(bytes, file)) }
  }
  const background = room.background ? await read(room.background, 'background0.png') : null
  const backgroundFrames = []
  for (const [i, f] of (room.backgroundFrames ?? []).entries())
    backgroundFrames.push(await read(f.file, `background${i + 1}.png`))
  const number = /^\d{1,3}$/.test(basename(out)) ? Number(basename(out)) : undefined
  const id = gameIdOf(agf)
  const result = format.exportRoom!({
    room,
    mask: loaded.mask?.cells ?? null,
    background,
    backgroundFrames,
    scaleMap: null,
    flags,
    ags: { ...(number !== undefined ? { number } : {}), gameId: id.gameId },
  })
  const files = await Promise.all(result.files.map(async (f) => ({ name: f.path, bytes: await encode(f) })))
  return { files, notes: [...conversions, ...(id.note ? [id.note] : []), ...result.notes] }
}
