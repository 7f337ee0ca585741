/**
 * Project folders on disk: create, open, load and save rooms. Plain Node; the Electron
 * main process and the command line wrap it.
 *
 * Glossary
 * - project folder: holds project.walkbox.json and one folder per room (by default
 *   rooms/<room id>/) with room.json and its images.
 * - room images: the background (stored as the author's own PNG/JPEG/WebP bytes), the
 *   walk mask (area ids, written as an 8-bit greyscale PNG) and the optional scale map
 *   (grey values, written as an 8-bit greyscale PNG).
 * - loaded: migrated to the current format version, validated, normalised; images
 *   decoded after their header passed IMAGE_LIMITS.
 *
 * Rules: every path found in a project file goes through safe-path; every file is read
 * through regular-file.ts (regular files only, within the limits of
 * src/shared/room/limits.ts, errors as one line naming the file); every write is
 * atomic and keeps `<file>.bak`; the newest format version is always written; a load
 * that fails writes nothing. Room files are checked against the project (ids, flags,
 * characters); problems that do not stop loading come back as `warnings`.
 *
 * Units: room px; images as in image-codec.ts.
 */
import { lstat, readdir, rm, stat } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { projectFromText, roomFromText } from '../../shared/room/load'
import {
  checkRoomAgainstProject,
  defaultRoomFolder,
  emptyProject,
  parseProject,
  parseRoom,
  PROJECT_FILE_NAME,
  ROOM_FILE_NAME,
} from '../../shared/room/schema'
import type { Flag, FormatIssue, Project, ProjectRoom, Room } from '../../shared/room/schema'
import type { LayerProblem } from '../../shared/host'
import { serialiseProject, serialiseRoom } from '../../shared/room/serialise'
import { diskProjectFiles, makeFolders } from './project-files'
import {
  commitSave,
  isWorkingFile,
  recoverSave,
  STAGED_SUFFIX,
  SaveError,
  type FileWrite,
  type ProjectFiles,
} from '../../shared/room/unit-save'
import {
  listBackups,
  makeBackup,
  prepareToOpen,
  pruneBackups,
  projectFiles,
  restoreFromBackup,
  BACKUPS_FOLDER,
  type BackupInfo,
} from '../../shared/room/backups'
import { writeZip, type ZipEntry, type ZipInflater } from '../../shared/room/zip'
import { readProjectZip } from '../../shared/room/project-zip'
import { inflateZipEntry } from './zip-inflate'
import { placeZipEntries } from './zip-import'
import type { AreaMask, GreyImage, RgbaImage } from './image-codec'
import {
  decodeGrey,
  decodeImage,
  decodeMask,
  encodeGreyPng,
  encodeMaskPng,
  readImageInfo,
} from './image-codec'
import { resolveInsideProject, UnsafePathError } from './safe-path'
import { withProjectLock } from './project-lock'
import { FileAccessError, fileError, readRegularText } from './regular-file'
import { MAX_PROJECT_FILE_BYTES, MAX_ROOM_FILE_BYTES } from '../../shared/room/limits'

/** Walkbox version written into project files by default. */
export const DEFAULT_APP_VERSION = '0.1.0'

/** A problem with a project folder that is not a format problem (missing files, bad requests). */
export class ProjectStoreError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProjectStoreError'
  }
}

export interface ProjectRoomListing extends ProjectRoom {
  /** Whether rooms/<id>/room.json is there. */
  exists: boolean
}

export interface OpenedProject {
  /** Absolute path of the project folder. */
  folder: string
  project: Project
  /** Format version the file was written in (older ones are migrated in memory; saving writes the newest). */
  fromVersion: number
  migrations: string[]
  rooms: ProjectRoomListing[]
  /** One line each: what opening found and did not act on (a save journal set aside). */
  warnings: string[]
}

export interface LoadedRoom {
  room: Room
  /** Folder of the room relative to the project folder, '/' separated. */
  folder: string
  fromVersion: number
  migrations: string[]
  background?: RgbaImage
  /** Area ids from the mask file ('ids' rule), room-sized. */
  mask?: AreaMask
  /** Grey values of the scale map, room-sized. */
  scaleMap?: GreyImage
  /** Problems that do not stop loading (unknown flags or characters). */
  warnings: FormatIssue[]
  /** Images that could not be read: that layer is absent, with its one-line reason. */
  problems: LayerProblem[]
}

export interface RoomImages {
  /** Encoded PNG, JPEG or WebP bytes, written as they are to `room.background`. */
  background?: Uint8Array
  /** Written as an 8-bit greyscale PNG to `room.mask`. */
  mask?: AreaMask
  /**
   * Grey values, written as an 8-bit greyscale PNG to `room.scaling.map.file`; or encoded
   * PNG/JPEG/WebP bytes, checked (header and size) and written as they are.
   */
  scaleMap?: GreyImage | Uint8Array
}

export interface SaveOptions {
  appVersion?: string
  /** How many backups to keep (default DEFAULT_BACKUPS_KEPT). */
  keepBackups?: number
  /** The project's files (tests inject failures through them); default: the folder on disk. */
  files?: ProjectFiles
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

async function readText(path: string, label: string, maxBytes: number): Promise<string> {
  try {
    return await readRegularText(path, label, maxBytes)
  } catch (e) {
    if (!(e instanceof FileAccessError)) throw e
    if (e.code === 'ENOENT') throw new ProjectStoreError(`${label}: file not found (${path})`)
    throw new ProjectStoreError(e.message)
  }
}

/** Refuse a project folder that is not there or not a folder, in one line naming it. */
async function checkFolder(root: string): Promise<void> {
  let info
  try {
    info = await stat(root)
  } catch (e) {
    const error = fileError(root, e)
    if (error instanceof FileAccessError && error.code === 'ENOENT')
      throw new ProjectStoreError(`${root}: folder not found`)
    throw new ProjectStoreError(error.message)
  }
  if (!info.isDirectory()) throw new ProjectStoreError(`${root}: is not a folder; expected a project folder`)
}

async function listRooms(root: string, project: Project): Promise<ProjectRoomListing[]> {
  return Promise.all(
    project.rooms.map(async (room, index) => {
      const dir = await resolveInsideProject(root, root, room.folder, {
        file: PROJECT_FILE_NAME,
        field: `rooms[${index}].folder`,
      })
      return { ...room, exists: await isFile(join(dir, ROOM_FILE_NAME)) }
    }),
  )
}

/**
 * Read, migrate, validate and normalise project.walkbox.json; list its rooms. Writes
 * nothing, except to finish a save a crash stopped after its commit (or clear the staged
 * files of one stopped before it), so that what is read is exactly one saved version.
 */
export async function openProject(
  folder: string,
  options: {
    /** For a listing: a save journal that fails its checks is left for the real open to set aside and report. */
    listing?: boolean
  } = {},
): Promise<OpenedProject> {
  const root = resolve(folder)
  await checkFolder(root)
  return withSaveLock(root, () => openLocked(root, diskProjectFiles(root), options.listing))
}

/** openProject's work, for callers that hold the save lock already. */
async function openLocked(root: string, files: ProjectFiles, listing = false): Promise<OpenedProject> {
  const warnings = await prepareToOpen(files, { setAside: !listing })
  // The project file too may be a link; it is read only when it stays inside the folder.
  // (A link loop or a missing file is left to the read, which names it in its own words.)
  await resolveInsideProject(root, root, PROJECT_FILE_NAME, {
    file: PROJECT_FILE_NAME,
    field: 'the project file',
  }).catch((e: unknown) => {
    if (e instanceof UnsafePathError) throw e
  })
  const text = await readText(join(root, PROJECT_FILE_NAME), PROJECT_FILE_NAME, MAX_PROJECT_FILE_BYTES)
  const loaded = projectFromText(text, PROJECT_FILE_NAME)
  return {
    folder: root,
    project: loaded.value,
    fromVersion: loaded.fromVersion,
    migrations: loaded.migrations,
    rooms: await listRooms(root, loaded.value),
    warnings,
  }
}

/** Make a new project in `folder` (created if missing). Refuses a folder that already holds a project. */
export async function createProject(
  folder: string,
  name: string,
  options: SaveOptions = {},
): Promise<OpenedProject> {
  const root = resolve(folder)
  await makeFolders(root)
  if (await isFile(join(root, PROJECT_FILE_NAME))) {
    throw new ProjectStoreError(`${root} already holds a ${PROJECT_FILE_NAME}; open it instead`)
  }
  const entries = (await readdir(root)).filter((e) => !e.startsWith('.'))
  if (entries.length > 0) {
    throw new ProjectStoreError(`${root} is not empty; expected an empty or new folder for a new project`)
  }
  const project = emptyProject({ name, appVersion: options.appVersion ?? DEFAULT_APP_VERSION })
  await commitSave(diskProjectFiles(root), [
    { path: PROJECT_FILE_NAME, bytes: encoder.encode(serialiseProject(project)) },
  ])
  return {
    folder: root,
    project,
    fromVersion: project.formatVersion,
    migrations: [],
    rooms: [],
    warnings: [],
  }
}

/** Validate and write project.walkbox.json alone (one unit save, with a backup). Returns what was written. */
export async function saveProject(
  folder: string,
  project: Project,
  options: SaveOptions = {},
): Promise<Project> {
  return (await saveProjectUnit(folder, { project, rooms: [] }, options)).project
}

/**
 * Change the project file from its state on disk when the save runs (inside the save lock,
 * so a rename or a new flag never saves over a newer save). Returns what was written.
 */
export async function updateProject(
  folder: string,
  change: (current: Project) => Project,
  options: SaveOptions = {},
): Promise<Project> {
  return (
    await saveProjectUnit(folder, (current) => ({ project: change(current.project), rooms: [] }), options)
  ).project
}

async function roomEntry(
  root: string,
  roomId: string,
): Promise<{ project: Project; entry: ProjectRoom; dir: string }> {
  const { project } = await openProject(root)
  const index = project.rooms.findIndex((r) => r.id === roomId)
  if (index < 0) {
    const known = project.rooms.map((r) => `'${r.id}'`).join(', ') || 'none'
    throw new ProjectStoreError(`${PROJECT_FILE_NAME}: no room '${roomId}'; rooms are ${known}`)
  }
  const entry = project.rooms[index]
  const dir = await resolveInsideProject(root, root, entry.folder, {
    file: PROJECT_FILE_NAME,
    field: `rooms[${index}].folder`,
  })
  return { project, entry, dir }
}

function roomLabel(entry: ProjectRoom): string {
  return `${entry.folder.replace(/\\/g, '/').replace(/\/+$/, '')}/${ROOM_FILE_NAME}`
}

/** The room files a room names, resolved safely inside the project. */
async function roomFiles(root: string, dir: string, room: Room, label: string) {
  const at = (value: string | undefined, field: string) =>
    value === undefined ? undefined : resolveInsideProject(root, dir, value, { file: label, field })
  return {
    background: await at(room.background, 'background'),
    mask: await at(room.mask, 'mask'),
    scaleMap: await at(room.scaling.map?.file, 'scaling.map.file'),
  }
}

/** Read a room: room.json migrated, validated and normalised, and its images decoded. Writes nothing. */
export async function loadRoom(folder: string, roomId: string): Promise<LoadedRoom> {
  const root = resolve(folder)
  const { project, entry, dir } = await roomEntry(root, roomId)
  const label = roomLabel(entry)
  const loaded = roomFromText(await readText(join(dir, ROOM_FILE_NAME), label, MAX_ROOM_FILE_BYTES), label)
  const room = loaded.value
  if (room.id !== entry.id) {
    throw new ProjectStoreError(
      `${label}: id: expected '${entry.id}' (its id in ${PROJECT_FILE_NAME}), found '${room.id}'`,
    )
  }
  const files = await roomFiles(root, dir, room, label)
  const size = { width: room.size.width, height: room.size.height }
  const result: LoadedRoom = {
    room,
    folder: entry.folder,
    fromVersion: loaded.fromVersion,
    migrations: loaded.migrations,
    warnings: checkRoomAgainstProject(room, project),
    problems: [],
  }
  // One unreadable image leaves its layer out and says why; the rest of the room opens.
  const layer = async (which: LayerProblem['layer'], read: () => Promise<void>) => {
    try {
      await read()
    } catch (e) {
      if (!(e instanceof Error) || e instanceof TypeError) throw e
      result.problems.push({ layer: which, message: e.message })
    }
  }
  const background = files.background
  if (background) {
    await layer('background', async () => {
      result.background = await decodeImage(background, `${label}: background '${room.background}'`)
    })
  }
  const maskFile = files.mask
  if (maskFile) {
    await layer('mask', async () => {
      const mask = await decodeMask(maskFile, `${label}: mask '${room.mask}'`, { rule: 'ids', expect: size })
      result.mask = { width: mask.width, height: mask.height, cells: mask.cells }
    })
  }
  const scaleFile = files.scaleMap
  if (scaleFile) {
    await layer('scaleMap', async () => {
      const map = await decodeGrey(scaleFile, `${label}: scaling.map.file '${room.scaling.map?.file}'`)
      if (map.width !== size.width || map.height !== size.height) {
        throw new ProjectStoreError(
          `${label}: scaling.map.file '${room.scaling.map?.file}' is ${map.width} x ${map.height} px; expected the room size ${size.width} x ${size.height} px`,
        )
      }
      result.scaleMap = map
    })
  }
  return result
}

function checkSize(what: string, image: { width: number; height: number }, room: Room): void {
  if (image.width !== room.size.width || image.height !== room.size.height) {
    throw new ProjectStoreError(
      `${what} is ${image.width} x ${image.height} px; expected the room size ${room.size.width} x ${room.size.height} px`,
    )
  }
}

/** A room to write in a save, with the images that changed (others stay as they are on disk). */
export interface RoomWrite {
  room: Room
  images?: RoomImages
}

export interface ProjectSave {
  project: Project
  /** Rooms to write; rooms the project lists but are not here stay as they are on disk (they must exist). */
  rooms: RoomWrite[]
}

/** A save made from the project as it is on disk when the save runs (inside the save lock). */
export type ProjectChange = (current: OpenedProject) => ProjectSave | Promise<ProjectSave>

export interface SaveResult {
  /** The project file as written (normalised). */
  project: Project
  /** The backup of the version the save replaced (null for a project's first save). */
  backup: BackupInfo | null
  savedAt: string
}

const encoder = new TextEncoder()

/** One writer at a time per project folder, in this process and across processes (project-lock.ts). */
function withSaveLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  return withProjectLock(root, work).catch((e: unknown) => {
    if (e instanceof Error && e.name === 'ProjectBusyError') throw new ProjectStoreError(e.message)
    throw e
  })
}

/** A path inside the project as the project files want it: relative, '/' separated. */
function projectPath(root: string, absolute: string): string {
  return relative(root, absolute).split(sep).join('/')
}

/** The files of a room write: room.json and the images given, checked and encoded. Writes nothing. */
async function roomWrites(
  root: string,
  project: Project,
  write: RoomWrite,
): Promise<{ label: string; files: FileWrite[]; room: Room }> {
  const index = project.rooms.findIndex((r) => r.id === write.room.id)
  if (index < 0) {
    const known = project.rooms.map((r) => `'${r.id}'`).join(', ') || 'none'
    throw new ProjectStoreError(`${PROJECT_FILE_NAME}: no room '${write.room.id}'; rooms are ${known}`)
  }
  const entry = project.rooms[index]
  const dir = await resolveInsideProject(root, root, entry.folder, {
    file: PROJECT_FILE_NAME,
    field: `rooms[${index}].folder`,
  })
  const label = roomLabel(entry)
  const checked = parseRoom(write.room, label)
  const images = write.images ?? {}
  if (images.mask && !checked.mask) checked.mask = 'walkmask.png'
  const paths = await roomFiles(root, dir, checked, label)
  const need = (path: string | undefined, what: string, field: string): string => {
    if (!path)
      throw new ProjectStoreError(`${label}: ${field}: expected a file name for the ${what} being saved`)
    return path
  }
  const files: FileWrite[] = []
  if (images.background) {
    const path = need(paths.background, 'background', 'background')
    const info = await readImageInfo(images.background, `${label}: background '${checked.background}'`)
    checkSize(`${label}: background '${checked.background}'`, info, checked)
    files.push({ path: projectPath(root, path), bytes: images.background })
  }
  if (images.mask) {
    const path = need(paths.mask, 'mask', 'mask')
    checkSize(`${label}: mask '${checked.mask}'`, images.mask, checked)
    files.push({ path: projectPath(root, path), bytes: await encodeMaskPng(images.mask) })
  }
  if (images.scaleMap) {
    const path = need(paths.scaleMap, 'scale map', 'scaling.map.file')
    const what = `${label}: scaling.map.file '${checked.scaling.map?.file}'`
    const map = images.scaleMap
    if (map instanceof Uint8Array) {
      checkSize(what, await readImageInfo(map, what), checked)
      files.push({ path: projectPath(root, path), bytes: map })
    } else {
      checkSize(what, map, checked)
      files.push({
        path: projectPath(root, path),
        bytes: await encodeGreyPng(map.width, map.height, map.values),
      })
    }
  }
  // A room must not name a file that is neither on disk nor being written now: it would not load.
  const named: [string | undefined, string, string | undefined][] = [
    [paths.background, 'background', checked.background],
    [paths.mask, 'mask', checked.mask],
    [paths.scaleMap, 'scaling.map.file', checked.scaling.map?.file],
  ]
  for (const [path, field, value] of named) {
    if (path && !files.some((f) => f.path === projectPath(root, path)) && !(await isFile(path))) {
      throw new ProjectStoreError(
        `${label}: ${field}: '${value}' does not exist; save the image with the room`,
      )
    }
  }
  const text = serialiseRoom(checked)
  files.push({ path: projectPath(root, join(dir, ROOM_FILE_NAME)), bytes: encoder.encode(text) })
  return { label, files, room: roomFromText(text, label).value }
}

/**
 * Save the project file and the rooms given as ONE unit (src/shared/room/unit-save.ts):
 * after a crash, a kill or a full disk the project loads as exactly the old or exactly the
 * new version. The version it replaces is kept in backups/ first. Room folders the previous
 * project file listed and this one does not (deleted rooms) are removed (they stay in the
 * backup). Everything is validated, encoded and checked before the first write.
 */
export async function saveProjectUnit(
  folder: string,
  change: ProjectSave | ProjectChange,
  options: SaveOptions = {},
): Promise<SaveResult> {
  const root = resolve(folder)
  return withSaveLock(root, async () => {
    const files = options.files ?? diskProjectFiles(root)
    await recoverSave(files)
    // A change made from the project as it is now, inside the lock: no newer save is lost.
    const save = typeof change === 'function' ? await change(await openLocked(root, files)) : change
    const checked = parseProject(
      options.appVersion ? { ...save.project, appVersion: options.appVersion } : save.project,
      PROJECT_FILE_NAME,
    )
    for (const [index, room] of checked.rooms.entries()) {
      await resolveInsideProject(root, root, room.folder, {
        file: PROJECT_FILE_NAME,
        field: `rooms[${index}].folder`,
      })
    }
    const seen = new Set<string>()
    const writes: FileWrite[] = []
    for (const write of save.rooms) {
      if (seen.has(write.room.id)) throw new ProjectStoreError(`the save names room '${write.room.id}' twice`)
      seen.add(write.room.id)
      writes.push(...(await roomWrites(root, checked, write)).files)
    }
    // Listed rooms not written now must be on disk already, or the project would not load.
    for (const [index, entry] of checked.rooms.entries()) {
      if (seen.has(entry.id)) continue
      const dir = await resolveInsideProject(root, root, entry.folder, {
        file: PROJECT_FILE_NAME,
        field: `rooms[${index}].folder`,
      })
      if (!(await isFile(join(dir, ROOM_FILE_NAME))))
        throw new ProjectStoreError(
          `${roomLabel(entry)}: the room '${entry.id}' is new; save it with its room file`,
        )
    }
    const text = serialiseProject(checked)
    writes.push({ path: PROJECT_FILE_NAME, bytes: encoder.encode(text) })
    // Rooms the previous version listed and this one does not: their folders go (the backup keeps them).
    const removeFolders: string[] = []
    const previousText = await files.read(PROJECT_FILE_NAME)
    if (previousText) {
      let previous: Project | null = null
      try {
        previous = projectFromText(new TextDecoder().decode(previousText), PROJECT_FILE_NAME).value
      } catch {
        previous = null // A damaged project file: nothing to compare (it is in the backup).
      }
      const kept = new Set(checked.rooms.map((r) => normFolder(r.folder)))
      for (const [index, room] of (previous?.rooms ?? []).entries()) {
        if (kept.has(normFolder(room.folder))) continue
        const dir = await resolveInsideProject(root, root, room.folder, {
          file: PROJECT_FILE_NAME,
          field: `rooms[${index}].folder`,
        }).catch(() => null)
        if (dir && dir !== root) removeFolders.push(projectPath(root, dir))
      }
    }
    await checkSpace(files, writes)
    let backup: BackupInfo | null = null
    const savedAt = new Date()
    try {
      await commitSave(files, writes, {
        removeFolders,
        beforeCommit: async () => {
          backup = await makeBackup(files, PROJECT_FILE_NAME, { now: savedAt })
        },
      })
    } catch (e) {
      if (e instanceof SaveError) throw new ProjectStoreError(`Could not save ${checked.name}: ${e.message}`)
      throw e
    }
    // Committed: old backups beyond the number kept can go now (a failure here loses nothing).
    await pruneBackups(files, options.keepBackups).catch(() => undefined)
    return { project: projectFromText(text).value, backup, savedAt: savedAt.toISOString() }
  })
}

function normFolder(folder: string): string {
  return folder.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase()
}

/** Refuse a save that cannot fit: the new files plus copies of the files they replace (for the backup). */
async function checkSpace(files: ProjectFiles, writes: FileWrite[]): Promise<void> {
  const free = await files.freeBytes()
  if (free === null) return
  let need = 64 * 1024
  for (const w of writes) need += w.bytes.length + ((await files.size(w.path)) ?? 0)
  if (need > free) {
    const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`
    throw new ProjectStoreError(
      `not enough space to save: needs about ${mb(need)}, ${mb(free)} free; nothing was changed on disk`,
    )
  }
}

/**
 * Validate and write a room that is listed in the project (one unit save with the project
 * file as it is). Images not given are left as they are on disk. Returns the room as written.
 */
export async function saveRoom(
  folder: string,
  room: Room,
  images: RoomImages = {},
  options: SaveOptions = {},
): Promise<Room> {
  const root = resolve(folder)
  let written: Room | null = null
  await saveProjectUnit(
    root,
    async ({ project }) => {
      written = (await roomWrites(root, project, { room, images })).room
      return { project, rooms: [{ room, images }] }
    },
    options,
  )
  return written!
}

/**
 * Add a new room to the project: its folder (`rooms/<id>` or `options.folder`), its room file
 * and images, and its listing in project.walkbox.json, as one unit save. Refuses a room id
 * that is already listed.
 */
export async function addRoom(
  folder: string,
  room: Room,
  images: RoomImages = {},
  options: { folder?: string; flags?: Flag[] } & SaveOptions = {},
): Promise<OpenedProject> {
  const root = resolve(folder)
  await saveProjectUnit(
    root,
    ({ project }) => {
      // Flags the room needs that the project lacks join it in the same save (an import's).
      const newFlags = (options.flags ?? []).filter((f) => !project.flags.some((g) => g.id === f.id))
      if (project.rooms.some((r) => r.id === room.id)) {
        throw new ProjectStoreError(`${PROJECT_FILE_NAME}: a room with id '${room.id}' already exists`)
      }
      const entry: ProjectRoom = {
        id: room.id,
        name: room.name,
        folder: options.folder ?? defaultRoomFolder(room.id),
      }
      const next: Project = {
        ...project,
        flags: [...project.flags, ...newFlags],
        rooms: [...project.rooms, entry],
      }
      return { project: next, rooms: [{ room, images }] }
    },
    options,
  )
  return openProject(root)
}

// --- backups, copies and zips ----------------------------------------------------------

/** The project's backups, newest first (the project file may be damaged). */
export async function listProjectBackups(folder: string): Promise<BackupInfo[]> {
  return listBackups(diskProjectFiles(resolve(folder)))
}

/**
 * Put the project back as backup `backupId` holds it, as one unit save; the state before is
 * backed up first. Works on a project whose file is damaged.
 */
export async function restoreProjectBackup(
  folder: string,
  backupId: string,
  options: SaveOptions = {},
): Promise<BackupInfo | null> {
  const root = resolve(folder)
  return withSaveLock(root, async () => {
    const files = options.files ?? diskProjectFiles(root)
    await recoverSave(files)
    try {
      return await restoreFromBackup(files, backupId, PROJECT_FILE_NAME, { keep: options.keepBackups })
    } catch (e) {
      if (e instanceof SaveError)
        throw new ProjectStoreError(`Could not restore backup ${backupId}: ${e.message}`)
      throw new ProjectStoreError(`Could not restore backup ${backupId}: ${(e as Error).message}`)
    }
  })
}

/** The project's own files (no backups), for a copy or a zip, with their modes. */
async function ownFiles(root: string): Promise<(ZipEntry & { mode?: number })[]> {
  const files = diskProjectFiles(root)
  const entries: (ZipEntry & { mode?: number })[] = []
  for (const path of await projectFiles(files)) {
    const bytes = await files.read(path)
    const info = await lstat(join(root, ...path.split('/'))).catch(() => null)
    if (bytes) entries.push({ path, bytes, mode: info ? info.mode & 0o7777 : undefined })
  }
  return entries
}

/** The whole project (its backups left out) as a zip. */
export async function exportProjectZip(folder: string): Promise<Uint8Array> {
  const root = resolve(folder)
  await openProject(root)
  return writeZip(await ownFiles(root))
}

/**
 * Is `folder` new or empty (nothing of the author's could be overwritten)? Hidden entries
 * count: a `.git` or a `.env` makes a folder not empty.
 */
async function newOrEmpty(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return []
    throw e
  })
  return entries.length === 0
}

/**
 * Put `entries` (a project's files) into the new or empty folder `to` as one unit and check
 * that the project and every room load; when anything fails the folder is left as it was:
 * a folder this made is removed, and in a folder that was there only the entries this made
 * are removed (never an entry that another program put there meanwhile).
 */
async function materialise(
  to: string,
  entries: readonly (ZipEntry & { mode?: number })[],
  what: string,
): Promise<OpenedProject> {
  const root = resolve(to)
  if (!(await newOrEmpty(root)))
    throw new ProjectStoreError(
      `${root} is not empty; choose a new or empty folder (Walkbox never writes over files it did not make)`,
    )
  if (!entries.some((e) => e.path === PROJECT_FILE_NAME))
    throw new ProjectStoreError(`${what}: expected a Walkbox project (no ${PROJECT_FILE_NAME} at its top)`)
  const made = !(await stat(root).catch(() => null))
  await makeFolders(root)
  // What the import puts at the top of the folder: its entries' first segments and the save's working files.
  const ours = (name: string) =>
    entries.some((e) => e.path.split('/')[0] === name || e.path.split('/')[0] + STAGED_SUFFIX === name) ||
    isWorkingFile(name) ||
    name === BACKUPS_FOLDER
  try {
    await commitSave(diskProjectFiles(root), entries)
    const opened = await openProject(root)
    for (const room of opened.rooms) await loadRoom(root, room.id)
    return opened
  } catch (e) {
    if (made) await rm(root, { recursive: true, force: true })
    else
      for (const name of await readdir(root))
        if (ours(name)) await rm(join(root, name), { recursive: true, force: true })
    throw e instanceof ProjectStoreError ? e : new ProjectStoreError(`${what}: ${(e as Error).message}`)
  }
}

/**
 * A project from a zip (made by exportProjectZip) in the new or empty folder `to`. The zip is
 * read whole within its budgets and checked before anything is written (a refusal ends in
 * "nothing was imported"); its entries are inflated as streams off the event loop
 * (zip-inflate.ts) and put on disk as one unit (zip-import.ts).
 */
export async function importProjectZip(
  bytes: Uint8Array,
  file: string,
  to: string,
  inflate: ZipInflater = inflateZipEntry,
): Promise<OpenedProject> {
  const root = resolve(to)
  let entries: ZipEntry[]
  try {
    entries = await readProjectZip(bytes, file, inflate)
  } catch (e) {
    throw new ProjectStoreError((e as Error).message)
  }
  if (!(await newOrEmpty(root)))
    throw new ProjectStoreError(
      `${root} is not empty; choose a new or empty folder (Walkbox never writes over files it did not make)`,
    )
  try {
    await placeZipEntries(root, entries, async (staged) => {
      const opened = await openProject(staged)
      for (const room of opened.rooms) await loadRoom(staged, room.id)
    })
  } catch (e) {
    throw e instanceof ProjectStoreError ? e : new ProjectStoreError(`${file}: ${(e as Error).message}`)
  }
  return openProject(root)
}

/**
 * Save As: the project's own files (not its backups; links are not followed) copied into the
 * new or empty folder `to`, then `save` written there as one unit.
 */
export async function saveProjectCopy(
  from: string,
  to: string,
  save: ProjectSave,
  options: SaveOptions = {},
): Promise<SaveResult> {
  const source = resolve(from)
  const target = resolve(to)
  if (target === source || target.startsWith(source + sep))
    throw new ProjectStoreError('choose a folder outside the project to save a copy into')
  await materialise(target, await ownFiles(source), source)
  return saveProjectUnit(target, save, options)
}
