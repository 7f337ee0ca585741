/**
 * Rooms in and out of game engines from the command line, through the format registry
 * (src/shared/formats/registry.ts) and the same project store as the app:
 *
 *   formats                                      what Walkbox reads and writes
 *   import <file> --out <project dir> [--format F] [--name N]
 *                                                a new room from a Godot scene, a Tiled map,
 *                                                AGS masks or a runtime room (the project is
 *                                                made when the folder does not exist)
 *   export <project> --room <id> --format F --out DIR [--res-dir res://...] [--force]
 *                                                the room's files for that engine (ags4 goes
 *                                                into a game's room folder: game-export.ts)
 *
 * Glossary
 * - source root: where an import's relative paths start: the nearest folder above the file
 *   holding its format's root file (Godot: project.godot, res://), else the main file's folder. Nothing outside it is read.
 * - unchanged: an import reads and checks everything before the one save that adds the
 *   room (and the flags it needs); an export refuses to replace files it did not write
 *   unless --force.
 *
 * Units: px.
 */
import { existsSync } from 'node:fs'
import { lstat, mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { FileAccessError, readRegularFile } from '../main/services/regular-file'
import { MAX_IMAGE_FILE_BYTES, MAX_JSON_FILE_BYTES } from '../shared/limits'
import { NORMAL_PATHS, normalPath } from '../shared/path-rules'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { deflateSync } from 'node:zlib'
import {
  ROOM_FORMATS,
  formatForFile,
  roomFormat,
  type ExportFile,
  type ImportResult,
  type ImportSource,
} from '../shared/formats/registry'
import { encodeIndexedPng } from '../shared/codecs/indexed-png'
import type { LayerMapping } from '../shared/formats/tiled/layer-kinds'
import { FormatError, parseRoom } from '../shared/room/schema'
import { idFromName, nameFromFileName, uniqueName } from '../shared/room/names'
import { settleDefaultStart } from '../shared/analysis/goal-snap'
import { flagValues } from '../shared/analysis/room-world'
import * as store from '../main/services/project-store'
import { nodeGameCodec } from '../main/services/game-folder-store'
import { projectFolderOf } from '../main/desktop-host'
import { ProjectCommandError, guardAuthorErrors, warnOpened } from './project-commands'

export interface FormatsReport {
  formats: {
    id: string
    label: string
    extensions: readonly string[]
    import: boolean
    export: boolean
    description: string
  }[]
}

export function formatsList(): FormatsReport {
  return {
    formats: ROOM_FORMATS.map((f) => ({
      id: f.id,
      label: f.label,
      extensions: f.extensions,
      import: !!f.importRoom,
      export: !!f.exportRoom || !!f.exportInPlace,
      description: f.description,
    })),
  }
}

/** The bytes of a regular file, or null when there is none at `full` (see regular-file.ts). */
async function readOrNull(full: string, label: string, maxBytes: number): Promise<Uint8Array | null> {
  try {
    return await readRegularFile(full, label, maxBytes)
  } catch (e) {
    if (e instanceof FileAccessError && (e.code === 'ENOENT' || e.code === 'ENOTDIR')) return null
    throw e
  }
}

/**
 * Throws one line when a folder on the way from `root` to `full`, or `full` itself, is a
 * symbolic link: an import never follows a link, in or out of the folder it reads.
 */
async function refuseLinkOnTheWay(root: string, full: string, label: string): Promise<void> {
  let at = root
  for (const part of relative(root, full).split(sep)) {
    at = join(at, part)
    const st = await lstat(at).catch(() => null)
    if (!st) return
    if (st.isSymbolicLink())
      throw new FileAccessError(
        label,
        'a link (or reached through one); Walkbox does not follow links in a game',
      )
  }
}

/**
 * Files under `root` only, named as the editor's game folders name them (NORMAL_PATHS of
 * src/shared/path-rules.ts: no '..', nothing absolute, like res:// in Godot); no link is followed.
 */
export function folderSource(root: string): ImportSource {
  const top = resolve(root)
  const inside = (path: string): string | null => {
    const normal = normalPath(path, NORMAL_PATHS)
    return typeof normal === 'string' ? join(top, ...normal.split('/')) : null
  }
  const read = async (path: string, maxBytes: number) => {
    const full = inside(path)
    if (!full) return null
    await refuseLinkOnTheWay(top, full, path)
    return readOrNull(full, path, maxBytes)
  }
  return {
    // Regular files only, within the limits (a named pipe in the folder would hang the read):
    // missing is null, anything else refused is one line naming the file.
    readText: async (path) => {
      const bytes = await read(path, MAX_JSON_FILE_BYTES)
      return bytes ? new TextDecoder().decode(bytes) : null
    },
    readBytes: (path) => read(path, MAX_IMAGE_FILE_BYTES),
    // Decoding, image headers and Tiled tile data as the editor's game folders read them.
    decodeImage: nodeGameCodec.decodeImage,
    imageSize: nodeGameCodec.imageSize,
    inflate: nodeGameCodec.inflate,
  }
}

/** The folder holding project.godot at or above `dir` (at most 32 levels), or null. */
/** The nearest folder from `dir` up that holds `marker` (a format's root file: Godot's project.godot), or null. */
function rootHolding(dir: string, marker: string): string | null {
  let d = resolve(dir)
  for (let i = 0; i < 32; i++) {
    if (existsSync(join(d, marker))) return d
    const up = dirname(d)
    if (up === d) return null
    d = up
  }
  return null
}

export interface ImportReport {
  project: string
  format: string
  room: {
    id: string
    name: string
    width: number
    height: number
    polygons: number
    zones: number
    points: number
  }
  flagsAdded: string[]
  notes: string[]
}

export async function importRoomCommand(
  project: string,
  file: string,
  options: { format?: string; name?: string; layers?: LayerMapping },
): Promise<ImportReport> {
  return guardAuthorErrors(async () => {
    // A room given as its folder (AGS 4: Rooms/N) is read from the file its format names there.
    const dirStat = await stat(file).catch(() => null)
    const byFolder = dirStat?.isDirectory()
      ? ROOM_FORMATS.find((f) => f.roomFolder && existsSync(join(file, f.roomFolder.file)))
      : undefined
    if (byFolder?.roomFolder) {
      options = { ...options, format: options.format ?? byFolder.id }
      file = join(file, byFolder.roomFolder.file)
    }
    const format = options.format ? roomFormat(options.format) : formatForFile(file)
    // A format that names a room by its folder (AGS 4: Rooms/7 is "Room 7").
    const folderName = format?.roomFolder?.name?.(basename(dirname(resolve(file))))
    if (folderName !== undefined && options.name === undefined) options = { ...options, name: folderName }
    if (!format)
      throw new ProjectCommandError(
        `${file}: no format reads this file; give --format (one of ${ROOM_FORMATS.filter((f) => f.importRoom)
          .map((f) => f.id)
          .join(', ')})`,
      )
    if (!format.importRoom)
      throw new ProjectCommandError(`--format ${format.id}: Walkbox writes this format but does not read it`)
    const fileStat = await stat(file).catch(() => null)
    if (!fileStat?.isFile()) throw new ProjectCommandError(`${file}: not a file`)
    const root =
      (format.rootFile && rootHolding(dirname(file), format.rootFile.name)) || dirname(resolve(file))
    const path = relative(root, resolve(file)).split(sep).join('/')
    // Read first: a file that cannot be imported leaves no new project behind.
    const result = await format
      .importRoom(folderSource(root), path, {
        name: options.name,
        ...(options.layers ? { layers: options.layers } : {}),
      })
      .catch((e: Error) => {
        // Everything a format reader throws is about the file it was given; a refusal
        // (TiledMapRefused) carries its problems, listed one per line.
        const problems = (e as { problems?: unknown }).problems
        throw new ProjectCommandError(
          e.message.split('\n')[0],
          Array.isArray(problems) ? problems.map(String) : [],
        )
      })
    const added = await addImportedRoom(project, result, options.name).catch((e: unknown) => {
      // A room over the format's limits (more zones than a room holds, …): every problem,
      // one line each (and in --json), as for a refused map.
      if (e instanceof FormatError)
        throw new ProjectCommandError(
          e.message,
          e.issues.map((i) => `${i.path === '' ? '' : `${i.path}: `}${i.message}`),
        )
      throw e
    })
    return { ...added, format: format.id, notes: result.notes }
  })
}

/**
 * The images of an imported room as the project store takes them: the background's and the
 * scale map's bytes as read, the mask as cells of the room's size.
 */
export function importedImages(result: ImportResult): Parameters<typeof store.addRoom>[2] {
  const { room } = result
  return {
    ...(result.background ? { background: result.background.bytes } : {}),
    ...(result.backgroundFrames ? { backgroundFrames: result.backgroundFrames.map((f) => f.bytes) } : {}),
    ...(result.mask
      ? { mask: { width: room.size.width, height: room.size.height, cells: result.mask } }
      : {}),
    ...(result.scaleMap ? { scaleMap: result.scaleMap.bytes } : {}),
  }
}

/**
 * Adds an imported room (and the flags it needs) to a project, made first when its folder
 * does not exist yet or is empty; the room's id is made unique among the project's.
 */
export async function addImportedRoom(
  project: string,
  result: ImportResult,
  name?: string,
): Promise<Omit<ImportReport, 'format' | 'notes'>> {
  // Checked before the project is made: a room the format cannot hold leaves nothing behind.
  parseRoom(JSON.parse(JSON.stringify(result.room)), `room '${result.room.id}'`)
  let folder = projectFolderOf(project)
  const existing = await stat(folder).catch(() => null)
  const empty = existing?.isDirectory() === true && (await readdir(folder)).length === 0
  if (!existing || empty) {
    folder = (await store.createProject(folder, nameFromFileName(basename(resolve(folder))) || 'Game')).folder
  }
  const opened = warnOpened(await store.openProject(folder))
  const taken = opened.project.rooms.map((r) => r.id)
  const room = result.room
  // A name given is kept; else the file's, unique among the project's rooms, as the editor
  // proposes (not a third "Room 1").
  room.name =
    name ||
    uniqueName(
      room.name,
      opened.project.rooms.map((r) => r.name),
    )
  room.id = idFromName(room.id, taken)
  const flagsAdded = result.flags.filter((f) => !opened.project.flags.some((g) => g.id === f.id))
  // A start the format did not give (the default) goes onto the walkable area.
  settleDefaultStart(
    room,
    result.mask ?? null,
    flagValues({ flags: [...opened.project.flags, ...flagsAdded] }),
  )
  await store.addRoom(folder, room, importedImages(result), { flags: flagsAdded })
  return {
    project: resolve(folder),
    room: {
      id: room.id,
      name: room.name,
      width: room.size.width,
      height: room.size.height,
      polygons: room.polygons.length,
      zones: room.zones.length,
      points: room.points?.length ?? 0,
    },
    flagsAdded: flagsAdded.map((f) => f.id),
  }
}

export interface ExportReport {
  project: string
  format: string
  room: string
  out: string
  files: string[]
  notes: string[]
}

/** Bytes of an export file (indexed PNGs encoded here). */
export async function exportFileBytes(f: ExportFile): Promise<Uint8Array> {
  if ('text' in f) return new TextEncoder().encode(f.text)
  if ('bytes' in f) return f.bytes
  return encodeIndexedPng(f.indexed, (b) => new Uint8Array(deflateSync(b)))
}

export async function exportRoomCommand(
  project: string,
  roomId: string,
  options: { format?: string; out?: string; resDir?: string; force?: boolean },
): Promise<ExportReport> {
  return guardAuthorErrors(async () => {
    if (!options.format)
      throw new ProjectCommandError(
        `export: expected --format (one of ${ROOM_FORMATS.filter((f) => f.exportRoom)
          .map((f) => f.id)
          .join(', ')})`,
      )
    if (!options.out) throw new ProjectCommandError('export: expected --out <folder>')
    const format = roomFormat(options.format)
    if (!format.exportRoom)
      throw new ProjectCommandError(`--format ${format.id}: Walkbox reads this format but does not write it`)
    const folder = projectFolderOf(project)
    const loaded = await store.loadRoom(folder, roomId)
    if (loaded.problems.length > 0) {
      throw new ProjectCommandError(
        `room '${roomId}': ${loaded.problems[0].message}; fix it before exporting`,
      )
    }
    const room = loaded.room
    const dir = join(resolve(folder), loaded.folder)
    const background = room.background
      ? {
          name: room.background,
          bytes: await readRegularFile(join(dir, room.background), room.background, MAX_IMAGE_FILE_BYTES),
        }
      : null
    const result = format.exportRoom({
      room,
      mask: loaded.mask?.cells ?? null,
      background,
      scaleMap: loaded.scaleMap
        ? { width: loaded.scaleMap.width, height: loaded.scaleMap.height, values: loaded.scaleMap.values }
        : null,
      resDir: options.resDir,
      flags: (await store.openProject(folder)).project.flags,
    })
    const out = resolve(options.out)
    const existing = result.files.filter((f) => existsSync(join(out, f.path))).map((f) => f.path)
    if (existing.length > 0 && !options.force) {
      throw new ProjectCommandError(
        `${out}: ${existing.join(', ')} already there; nothing written (--force replaces them)`,
      )
    }
    const encoded = await Promise.all(
      result.files.map(async (f) => ({ path: f.path, bytes: await exportFileBytes(f) })),
    )
    await mkdir(out, { recursive: true })
    for (const f of encoded) await writeFile(join(out, f.path), f.bytes)
    return {
      project: resolve(folder),
      format: format.id,
      room: room.id,
      out,
      files: encoded.map((f) => f.path),
      notes: result.notes,
    }
  })
}

export function formatsTable(r: FormatsReport): string {
  const w = Math.max(...r.formats.map((f) => f.id.length))
  return r.formats
    .map(
      (f) =>
        `${f.id.padEnd(w)}  ${[f.import ? 'import' : '', f.export ? 'export' : ''].filter(Boolean).join('+').padEnd(13)}  .${f.extensions.join(', .')}  ${f.description}`,
    )
    .join('\n')
}

export function importTable(r: ImportReport): string {
  return [
    `Imported ${r.format} room ${r.room.name} (${r.room.id}, ${r.room.width}x${r.room.height}): ${r.room.polygons} walk polygons, ${r.room.zones} zones, ${r.room.points} points`,
    ...(r.flagsAdded.length ? [`  flags added: ${r.flagsAdded.join(', ')}`] : []),
    ...r.notes.map((n) => `  note: ${n}`),
  ].join('\n')
}

export function exportTable(r: ExportReport): string {
  return [
    `Exported ${r.room} as ${r.format} to ${r.out}: ${r.files.join(', ')}`,
    ...r.notes.map((n) => `  note: ${n}`),
  ].join('\n')
}
