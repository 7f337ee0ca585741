/**
 * Project folders on disk: the project store (src/shared/room/project-store.ts) over the
 * folder's files, with sharp as its image codec and the folder's save lock. Plain Node; the
 * Electron main process and the command line wrap it. What is the desktop's own stays here:
 * folders by path (checked to exist, new or empty for a new project or a copy), symbolic
 * links in paths from project files (safe-path.ts), file modes kept in copies, and zips.
 *
 * Glossary
 * - project folder: holds project.walkbox.json and one folder per room (by default
 *   rooms/<room id>/) with room.json and its images.
 * - store host: what the shared store works through (`diskStore`).
 *
 * Rules: every path found in a project file goes through safe-path; every file is read
 * through project-files.ts (regular files only, within the limits of
 * src/shared/limits.ts, errors as one line naming the file); every save is one unit and
 * keeps a backup; the newest format version is always written; a load that fails writes
 * nothing.
 *
 * Units: room px; images as in image-codec.ts.
 */
import { lstat, readdir, rm, stat } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import {
  defaultRoomFolder,
  PROJECT_FILE_NAME,
  type Flag,
  type Project,
  type ProjectRoom,
  type Room,
} from '../../shared/room/schema'
import { diskProjectFiles, makeFolders } from './project-files'
import { isWorkingFile, STAGED_SUFFIX, type FileWrite, type ProjectFiles } from '../../shared/room/unit-save'
import { BACKUPS_FOLDER, type BackupInfo } from '../../shared/room/backups'
import {
  checkStoredProject,
  createStoredProject,
  listStoredBackups,
  loadStoredRoom,
  openStoredProject,
  ownStoredFiles,
  placeStoredProject,
  ProjectStoreError,
  restoreStoredBackup,
  saveStoredProject,
  type ProjectChange as StoredProjectChange,
  type ImageCodec,
  type ProjectSave,
  type StoreHost,
  type StoredProject,
  type StoredRoom,
} from '../../shared/room/project-store'
import { writeZip, type ZipEntry, type ZipInflater } from '../../shared/room/zip'
import { readProjectZip } from '../../shared/room/project-zip'
import { inflateZipEntry } from './zip-inflate'
import { placeZipEntries } from './zip-import'
import { sharpImageCodec } from './image-codec'
import { resolveInsideProject } from './safe-path'
import { withProjectLock } from './project-lock'
import { FileAccessError, fileError } from './regular-file'

export {
  ProjectStoreError,
  type ProjectSave,
  type RoomImages,
  type RoomWrite,
} from '../../shared/room/project-store'

/** Walkbox version written into project files by default. */
export const DEFAULT_APP_VERSION = '0.1.0'

export type ProjectRoomListing = StoredProject['rooms'][number]

/** A stored project opened from its folder on disk (what the editor gets is the host contract's OpenedProject). */
export interface OpenedFolder extends StoredProject {
  /** Absolute path of the project folder. */
  folder: string
}

export interface SaveOptions {
  appVersion?: string
  /** How many backups to keep (default DEFAULT_BACKUPS_KEPT). */
  keepBackups?: number
  /** The project's files (tests inject failures through them); default: the folder on disk. */
  files?: ProjectFiles
  /** The image codec (tests count its work); default: sharp. */
  codec?: ImageCodec
}

/** A save made from the project as it is on disk when the save runs (inside the save lock). */
export type ProjectChange = (current: OpenedFolder) => ProjectSave | Promise<ProjectSave>

export interface SaveResult {
  /** The project file as written (normalised). */
  project: Project
  /** The backup of the version the save replaced (null for a project's first save). */
  backup: BackupInfo | null
  savedAt: string
}

/** One writer at a time per project folder, in this process and across processes (project-lock.ts). */
function withSaveLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  return withProjectLock(root, work).catch((e: unknown) => {
    if (e instanceof Error && e.name === 'LockBusyError') throw new ProjectStoreError(e.message)
    throw e
  })
}

/** The project store's host for the project folder `root` (absolute): disk files, sharp, the folder lock. */
export function diskStore(root: string, options: SaveOptions = {}): StoreHost {
  return {
    files: options.files ?? diskProjectFiles(root),
    codec: options.codec ?? sharpImageCodec,
    lock: (work) => withSaveLock(root, work),
    async checkPath(base, value, where) {
      await resolveInsideProject(root, base ? join(root, ...base.split('/')) : root, value, where)
    },
    appVersion: options.appVersion,
    keepBackups: options.keepBackups,
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
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
): Promise<OpenedFolder> {
  const root = resolve(folder)
  await checkFolder(root)
  return { folder: root, ...(await openStoredProject(diskStore(root), options)) }
}

/** Make a new project in `folder` (created if missing). Refuses a folder that already holds a project. */
export async function createProject(
  folder: string,
  name: string,
  options: SaveOptions = {},
): Promise<OpenedFolder> {
  const root = resolve(folder)
  await makeFolders(root)
  if (await isFile(join(root, PROJECT_FILE_NAME))) {
    throw new ProjectStoreError(`${root} already holds a ${PROJECT_FILE_NAME}; open it instead`)
  }
  const entries = (await readdir(root)).filter((e) => !e.startsWith('.'))
  if (entries.length > 0) {
    throw new ProjectStoreError(`${root} is not empty; expected an empty or new folder for a new project`)
  }
  const project = await createStoredProject(diskStore(root, options), name, DEFAULT_APP_VERSION)
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

/** Read a room: room.json migrated, validated and normalised, and its images decoded. Writes nothing. */
export async function loadRoom(folder: string, roomId: string): Promise<StoredRoom> {
  const root = resolve(folder)
  await checkFolder(root)
  return loadStoredRoom(diskStore(root), roomId)
}

/**
 * Save the project file and the rooms given as ONE unit (see saveStoredProject in
 * src/shared/room/project-store.ts).
 */
export async function saveProjectUnit(
  folder: string,
  change: ProjectSave | ProjectChange,
  options: SaveOptions = {},
): Promise<SaveResult> {
  const root = resolve(folder)
  const storeChange: ProjectSave | StoredProjectChange =
    typeof change === 'function' ? (current) => change({ folder: root, ...current }) : change
  const result = await saveStoredProject(diskStore(root, options), storeChange)
  return { project: result.project, backup: result.backup, savedAt: result.savedAt }
}

/**
 * Validate and write a room that is listed in the project (one unit save with the project
 * file as it is). Images not given are left as they are on disk. Returns the room as written.
 */
export async function saveRoom(
  folder: string,
  room: Room,
  images: ProjectSave['rooms'][number]['images'] = {},
  options: SaveOptions = {},
): Promise<Room> {
  const root = resolve(folder)
  const result = await saveStoredProject(diskStore(root, options), ({ project }) => ({
    project,
    rooms: [{ room, images }],
  }))
  return result.rooms[0]
}

/**
 * Add a new room to the project: its folder (`rooms/<id>` or `options.folder`), its room file
 * and images, and its listing in project.walkbox.json, as one unit save. Refuses a room id
 * that is already listed.
 */
export async function addRoom(
  folder: string,
  room: Room,
  images: ProjectSave['rooms'][number]['images'] = {},
  options: { folder?: string; flags?: Flag[] } & SaveOptions = {},
): Promise<OpenedFolder> {
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
  return listStoredBackups(diskStore(resolve(folder)))
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
  return restoreStoredBackup(diskStore(resolve(folder), options), backupId)
}

/** The project's own files (no backups), for a copy or a zip, with their modes. */
async function ownFiles(root: string): Promise<(ZipEntry & { mode?: number })[]> {
  const entries: (ZipEntry & { mode?: number })[] = []
  for (const { path, bytes } of await ownStoredFiles(diskProjectFiles(root))) {
    const info = await lstat(join(root, ...path.split('/'))).catch(() => null)
    entries.push({ path, bytes, mode: info ? info.mode & 0o7777 : undefined, modified: info?.mtime })
  }
  return entries
}

/** The whole project (its backups left out) as a zip. */
export async function exportProjectZip(folder: string): Promise<Uint8Array> {
  const root = resolve(folder)
  await openProject(root)
  return writeZip(await ownFiles(root), { modified: new Date() })
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
): Promise<void> {
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
    await placeStoredProject(diskStore(root), entries as FileWrite[], what)
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
): Promise<OpenedFolder> {
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
      await checkStoredProject(diskStore(resolve(staged)))
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
