/**
 * Batch work on projects from the command line, through the same project store as the
 * app (src/main/services/project-store.ts): make a project, add rooms from their
 * backgrounds and masks, list rooms, add flags. Studios import tens of rooms at once.
 *
 *   project new <dir> [--name N]
 *   room add <project> --background bg.png [--mask walk.png ...] [--name N] [--size WxH]
 *   room list <project> [--json]
 *   flag add <project> <name> [--default true|false]
 *
 * Glossary
 * - project: a project folder or its project.walkbox.json.
 * - masks: each --mask file is read by the shared rules (src/shared/room/mask-image.ts) at
 *   the room's size or an exact fraction of it (1:2 to 1:4); a one-area picture (alpha, or
 *   black and white) becomes the next free area id; pictures with ids or colours keep
 *   theirs. Where masks overlap the earlier one keeps the pixel (as `walkbox batch --mask`).
 * - unchanged: every input is read and checked before the first write, so a background or
 *   mask that cannot be read leaves the project byte for byte as it was.
 *
 * Units: px.
 */
import { basename } from 'node:path'
import { emptyRoom, FormatError, type Room, type WalkArea, defaultAreaColour } from '../shared/room/schema'
import { JsonSyntaxError } from '../shared/room/json-text'
import { MigrationError } from '../shared/room/migrate'
import { UnsafePathError } from '../main/services/safe-path'
import { flagIdFromName, idFromName, nameFromFileName } from '../shared/room/names'
import { IMAGE_LIMITS } from '../shared/host'
import * as store from '../main/services/project-store'
import { decodeMask, ImageError, readImageInfo } from '../main/services/image-codec'
import { projectFolderOf } from '../main/desktop-host'
import { FileAccessError, readRegularFile } from '../main/services/regular-file'
import { GameFolderError } from '../shared/formats/game-folder'
import { OutsideProjectError } from '../main/services/project-files'
import { LockBusyError } from '../main/services/file-lock'
import { MAX_IMAGE_FILE_BYTES, MAX_MASK_FILES, MAX_ROOM_SIDE_PX } from '../shared/limits'

/** How many problems a refusal lists, one line each (text and --json). */
export const MAX_LISTED_PROBLEMS = 10

/**
 * A refusal the command line prints as one line (exit code 2), followed by its first
 * `problems` one per line when there are several (a file with many schema problems).
 */
export class ProjectCommandError extends Error {
  readonly problems: string[]
  constructor(message: string, problems: readonly string[] = []) {
    super(message)
    this.problems = [...problems]
  }
}

/** The errors that are about the author's files or arguments: printed as one line, exit 2. */
const AUTHOR_ERRORS = [
  ImageError,
  store.ProjectStoreError,
  FormatError,
  JsonSyntaxError,
  MigrationError,
  UnsafePathError,
  FileAccessError,
  GameFolderError,
  OutsideProjectError,
  LockBusyError,
]

/** Runs `work`, turning errors about the author's files or arguments into one-line refusals. */
/** Say on stderr what opening a project set aside (one line each): a command never hides it. */
export function warnOpened<T extends { warnings: string[] }>(opened: T): T {
  for (const line of opened.warnings) process.stderr.write(`walkbox: warning: ${line}\n`)
  return opened
}

export async function guardAuthorErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    if (e instanceof ProjectCommandError) throw e
    if (e instanceof FormatError && e.issues.length > 1)
      throw new ProjectCommandError(
        e.message.split('\n')[0],
        e.issues.map((i) => (i.path === '' ? i.message : `${i.path}: ${i.message}`)),
      )
    if (AUTHOR_ERRORS.some((kind) => e instanceof kind))
      throw new ProjectCommandError((e as Error).message.split('\n')[0])
    const errno = e as NodeJS.ErrnoException
    if (errno?.code && errno.path)
      throw new ProjectCommandError(`${errno.path}: ${errno.code} (${errno.message})`)
    throw e
  }
}

export interface ProjectNewReport {
  folder: string
  name: string
}

export async function projectNew(dir: string, name?: string): Promise<ProjectNewReport> {
  return guardAuthorErrors(async () => {
    const opened = await store.createProject(dir, name ?? (basename(dir) || 'Untitled project'))
    return { folder: opened.folder, name: opened.project.name }
  })
}

/** '640x400' -> { width: 640, height: 400 }, checked against the format's limits. */
export function parseSize(text: string): { width: number; height: number } {
  const m = /^(\d+)\s*[x×]\s*(\d+)$/i.exec(text.trim())
  if (!m) throw new ProjectCommandError(`--size: expected WxH in px (e.g. 640x400), got "${text}"`)
  const width = Number(m[1])
  const height = Number(m[2])
  if (width < 1 || height < 1 || width > MAX_ROOM_SIDE_PX || height > MAX_ROOM_SIDE_PX)
    throw new ProjectCommandError(`--size: each side is 1..${MAX_ROOM_SIDE_PX} px, got ${width}x${height}`)
  if (width * height > IMAGE_LIMITS.maxPixels)
    throw new ProjectCommandError(
      `--size: at most ${IMAGE_LIMITS.maxPixels / 1e6} megapixels, got ${width}x${height}`,
    )
  return { width, height }
}

export interface RoomAddOptions {
  background?: string
  masks: string[]
  name?: string
  size?: string
}

export interface RoomAddReport {
  project: string
  room: { id: string; name: string; folder: string; width: number; height: number }
  background: string | null
  masks: { file: string; rule: string; scale: number; areas: number[] }[]
  /** What the masks hold together ("4 areas: 1, 2, 3, 4"). */
  areas: number[]
}

export async function roomAdd(project: string, options: RoomAddOptions): Promise<RoomAddReport> {
  return guardAuthorErrors(async () => {
    const folder = projectFolderOf(project)
    const opened = warnOpened(await store.openProject(folder))
    if (!options.background && !options.size)
      throw new ProjectCommandError(
        'room add: expected --background <image> (or --size WxH for a blank room)',
      )
    if (options.masks.length > MAX_MASK_FILES)
      throw new ProjectCommandError(
        `room add: at most ${MAX_MASK_FILES} masks (area ids 1..255), got ${options.masks.length}`,
      )

    // Read and check everything before the first write.
    let backgroundBytes: Uint8Array | undefined
    let size = options.size ? parseSize(options.size) : undefined
    if (options.background) {
      backgroundBytes = await readRegularFile(options.background, options.background, MAX_IMAGE_FILE_BYTES)
      const info = await readImageInfo(backgroundBytes, options.background)
      if (size && (size.width !== info.width || size.height !== info.height))
        throw new ProjectCommandError(
          `${options.background}: is ${info.width}x${info.height} px; --size says ${size.width}x${size.height} (leave --size out to take the image's size)`,
        )
      size = { width: info.width, height: info.height }
    }
    const { width, height } = size!
    const cells = new Uint8Array(width * height)
    const areas: WalkArea[] = []
    const masks: RoomAddReport['masks'] = []
    let nextId = 1
    for (const file of options.masks) {
      const decoded = await decodeMask(file, file, { rule: 'auto', fit: { width, height } })
      const single = decoded.rule === 'alpha' || decoded.rule === 'nonblack'
      const taken = new Set(areas.map((a) => a.id))
      while (single && taken.has(nextId)) nextId++
      if (single && nextId > 255) throw new ProjectCommandError(`${file}: no area id left (1..255 are used)`)
      const found = new Set<number>()
      for (let i = 0; i < cells.length; i++) {
        const id = decoded.cells[i] === 0 ? 0 : single ? nextId : decoded.cells[i]
        if (id === 0) continue
        found.add(id)
        if (cells[i] === 0) cells[i] = id
      }
      for (const id of [...found].sort((a, b) => a - b)) {
        if (taken.has(id)) continue
        const colour = decoded.colours?.find((c) => c.id === id)?.colour
        areas.push({
          id,
          name: single ? nameFromFileName(basename(file)) : `Area ${id}`,
          colour: colour ?? defaultAreaColour(id),
        })
        taken.add(id)
      }
      masks.push({
        file: basename(file),
        rule: decoded.rule,
        scale: decoded.scale,
        areas: [...found].sort((a, b) => a - b),
      })
    }

    const name = (
      options.name ?? (options.background ? nameFromFileName(basename(options.background)) : 'Room')
    ).trim()
    if (!name) throw new ProjectCommandError('--name: a room needs a name')
    const id = idFromName(
      name,
      opened.project.rooms.map((r) => r.id),
    )
    const room: Room = emptyRoom({ id, name, width, height })
    if (backgroundBytes) {
      const ext = readExt(backgroundBytes)
      room.background = `background.${ext}`
    }
    if (options.masks.length > 0) {
      room.areas = areas.sort((a, b) => a.id - b.id)
      room.mask = 'walkmask.png'
      room.authoritative = 'mask'
    }
    const after = await store.addRoom(folder, room, {
      background: backgroundBytes,
      mask: options.masks.length > 0 ? { width, height, cells } : undefined,
    })
    const entry = after.rooms.find((r) => r.id === id)!
    const present = new Set<number>()
    for (const v of cells) if (v !== 0) present.add(v)
    return {
      project: after.folder,
      room: { id, name, folder: entry.folder, width, height },
      background: options.background ? basename(options.background) : null,
      masks,
      areas: [...present].sort((a, b) => a - b),
    }
  })
}

function readExt(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg'
  if (bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'webp'
  return 'png'
}

export interface RoomListReport {
  project: string
  name: string
  rooms: {
    id: string
    name: string
    folder: string
    width: number | null
    height: number | null
    problem: string | null
  }[]
}

export async function roomList(project: string): Promise<RoomListReport> {
  return guardAuthorErrors(async () => {
    const opened = warnOpened(await store.openProject(projectFolderOf(project)))
    const rooms: RoomListReport['rooms'] = []
    for (const r of opened.rooms) {
      try {
        const loaded = await store.loadRoom(opened.folder, r.id)
        rooms.push({
          id: r.id,
          name: r.name,
          folder: r.folder,
          width: loaded.room.size.width,
          height: loaded.room.size.height,
          problem: null,
        })
      } catch (e) {
        rooms.push({
          id: r.id,
          name: r.name,
          folder: r.folder,
          width: null,
          height: null,
          problem: (e as Error).message,
        })
      }
    }
    return { project: opened.folder, name: opened.project.name, rooms }
  })
}

export function roomListTable(report: RoomListReport): string {
  const lines = [
    `${report.name} (${report.project}): ${report.rooms.length} room${report.rooms.length === 1 ? '' : 's'}`,
  ]
  for (const r of report.rooms)
    lines.push(
      `  ${r.id.padEnd(20)} ${r.name.padEnd(24)} ${r.width !== null ? `${r.width}x${r.height}`.padEnd(11) : 'unreadable '} ${r.folder}${r.problem ? `  (${r.problem})` : ''}`,
    )
  return lines.join('\n')
}

export interface FlagAddReport {
  project: string
  flag: { id: string; name: string; default: boolean }
}

export async function flagAdd(project: string, name: string, defaultText?: string): Promise<FlagAddReport> {
  return guardAuthorErrors(async () => {
    if (defaultText !== undefined && defaultText !== 'true' && defaultText !== 'false')
      throw new ProjectCommandError(`--default: expected true or false, got "${defaultText}"`)
    const clean = name.trim()
    if (!clean) throw new ProjectCommandError('flag add: expected a flag name')
    const folder = projectFolderOf(project)
    const opened = warnOpened(await store.openProject(folder))
    let flag: FlagAddReport['flag'] | null = null
    // Made from the project as it is when the save runs: a flag another process just added stays.
    await store.updateProject(folder, (current) => {
      const id = flagIdFromName(
        clean,
        current.flags.map((f) => f.id),
      )
      flag = { id, name: clean, default: defaultText === 'true' }
      return { ...current, flags: [...current.flags, flag] }
    })
    return { project: opened.folder, flag: flag! }
  })
}
