/**
 * `walkbox export <project> --room R --format ags4 --out <folder>` when the folder is new:
 * a complete AGS 4 room folder (src/shared/formats/ags/open-room-new.ts) written into a
 * missing or empty folder. A folder holding data.xml is the in-place path
 * (format-commands.ts); anything else is refused in one line with nothing written.
 *
 * Glossary
 * - room number: the folder's own name when it is a number (`Rooms/7`), else the room's id.
 * - game id: `<UniqueID>` of the game's Game.agf two folders up (`<game>/Rooms/N`), when
 *   there is one, so that AGS takes the room as the game's own.
 * - staging folder: a new folder is written beside its final place and renamed into it in
 *   one step, so that a failed write leaves nothing; files written into an existing empty
 *   folder are created exclusively and removed again on a failure.
 *
 * Units: bytes.
 */
import { randomBytes } from 'node:crypto'
import { lstat, mkdir, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve, sep } from 'node:path'
import type { ExportFile, RoomFormat } from '../shared/formats/registry'
import { MAX_IMAGE_FILE_BYTES, MAX_JSON_FILE_BYTES } from '../shared/room/limits'
import * as store from '../main/services/project-store'
import { readRegularFile } from '../main/services/regular-file'
import { decodeImage, encodeRgbaPng } from '../main/services/image-codec'
import { sniffImageFormat } from '../shared/room/image-header'
import { projectFolderOf } from '../main/desktop-host'
import { ProjectCommandError } from './project-commands'
import { readGameAgf } from '../shared/formats/game-folder'

/** Throws when an existing part of `path` is (or goes through) a symbolic link. */
async function refuseLinks(path: string): Promise<void> {
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

/** The game's UniqueID from `<game>/Game.agf` when `out` is `<game>/Rooms/N`, else undefined. */
async function gameIdOf(out: string): Promise<number | undefined> {
  const agf = join(dirname(dirname(out)), 'Game.agf')
  const bytes = await readRegularFile(agf, 'Game.agf', MAX_JSON_FILE_BYTES).catch(() => null)
  if (!bytes) return undefined
  try {
    return readGameAgf(new TextDecoder().decode(bytes)).uniqueId
  } catch {
    return undefined // a Game.agf Walkbox cannot read: GameID 0, said in the notes
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

export interface NewRoomReport {
  out: string
  files: string[]
  notes: string[]
}

export async function exportNewAgsRoom(
  project: string,
  roomId: string,
  format: RoomFormat,
  outDir: string,
  encode: (f: ExportFile) => Promise<Uint8Array>,
): Promise<NewRoomReport> {
  const out = resolve(outDir)
  await refuseLinks(out)
  const kind = await agsOutKind(out)
  if (kind === 'room')
    throw new ProjectCommandError(`${out}: holds a room already (data.xml); nothing written`)
  const folder = projectFolderOf(project)
  const loaded = await store.loadRoom(folder, roomId)
  if (loaded.problems.length > 0)
    throw new ProjectCommandError(`room '${roomId}': ${loaded.problems[0].message}; fix it before exporting`)
  const { room } = loaded
  const dir = join(resolve(folder), loaded.folder)
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
  const result = format.exportRoom!({
    room,
    mask: loaded.mask?.cells ?? null,
    background,
    backgroundFrames,
    scaleMap: null,
    flags: (await store.openProject(folder)).project.flags,
    ags: { ...(number !== undefined ? { number } : {}), gameId: await gameIdOf(out) },
  })
  const encoded = await Promise.all(result.files.map(async (f) => ({ path: f.path, bytes: await encode(f) })))
  if (kind === 'missing') {
    // Written beside its place, then renamed into it: the folder appears whole or not at all.
    await mkdir(dirname(out), { recursive: true })
    const staging = join(dirname(out), `.${basename(out)}.walkbox-${randomBytes(6).toString('hex')}`)
    await mkdir(staging)
    try {
      for (const f of encoded) await writeFile(join(staging, f.path), f.bytes, { flag: 'wx' })
      await rename(staging, out)
    } catch (e) {
      await rm(staging, { recursive: true, force: true })
      throw new ProjectCommandError(`${out}: ${(e as Error).message.split('\n')[0]}; nothing written`)
    }
  } else {
    const written: string[] = []
    try {
      for (const f of encoded) {
        await writeFile(join(out, f.path), f.bytes, { flag: 'wx' })
        written.push(f.path)
      }
    } catch (e) {
      for (const p of written) await rm(join(out, p), { force: true })
      throw new ProjectCommandError(`${out}: ${(e as Error).message.split('\n')[0]}; nothing written`)
    }
  }
  return {
    out,
    files: encoded.map((f) => f.path),
    notes: [...conversions, ...result.notes],
  }
}
