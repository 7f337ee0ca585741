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
 * Rules: every path found in a project file goes through safe-path; every write is
 * atomic and keeps `<file>.bak`; the newest format version is always written; a load
 * that fails writes nothing. Room files are checked against the project (ids, flags,
 * characters); problems that do not stop loading come back as `warnings`.
 *
 * Units: room px; images as in image-codec.ts.
 */
import { mkdir, readdir, readFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
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
import type { FormatIssue, Project, ProjectRoom, Room } from '../../shared/room/schema'
import type { LayerProblem } from '../../shared/host'
import { serialiseProject, serialiseRoom } from '../../shared/room/serialise'
import { writeFileAtomic } from './atomic-write'
import type { AreaMask, GreyImage, RgbaImage } from './image-codec'
import {
  decodeGrey,
  decodeImage,
  decodeMask,
  encodeGreyPng,
  encodeMaskPng,
  readImageInfo,
} from './image-codec'
import { resolveInsideProject } from './safe-path'

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
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

async function readText(path: string, label: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new ProjectStoreError(`${label}: file not found (${path})`)
    throw new ProjectStoreError(`${label}: cannot read (${(e as Error).message})`)
  }
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

/** Read, migrate, validate and normalise project.walkbox.json; list its rooms. Writes nothing. */
export async function openProject(folder: string): Promise<OpenedProject> {
  const root = resolve(folder)
  const text = await readText(join(root, PROJECT_FILE_NAME), PROJECT_FILE_NAME)
  const loaded = projectFromText(text, PROJECT_FILE_NAME)
  return {
    folder: root,
    project: loaded.value,
    fromVersion: loaded.fromVersion,
    migrations: loaded.migrations,
    rooms: await listRooms(root, loaded.value),
  }
}

/** Make a new project in `folder` (created if missing). Refuses a folder that already holds a project. */
export async function createProject(
  folder: string,
  name: string,
  options: SaveOptions = {},
): Promise<OpenedProject> {
  const root = resolve(folder)
  await mkdir(root, { recursive: true })
  if (await isFile(join(root, PROJECT_FILE_NAME))) {
    throw new ProjectStoreError(`${root} already holds a ${PROJECT_FILE_NAME}; open it instead`)
  }
  const entries = (await readdir(root)).filter((e) => !e.startsWith('.'))
  if (entries.length > 0) {
    throw new ProjectStoreError(`${root} is not empty; expected an empty or new folder for a new project`)
  }
  const project = emptyProject({ name, appVersion: options.appVersion ?? DEFAULT_APP_VERSION })
  await writeFileAtomic(join(root, PROJECT_FILE_NAME), serialiseProject(project))
  return { folder: root, project, fromVersion: project.formatVersion, migrations: [], rooms: [] }
}

/** Validate and write project.walkbox.json (newest format version, atomic, with .bak). Returns what was written. */
export async function saveProject(
  folder: string,
  project: Project,
  options: SaveOptions = {},
): Promise<Project> {
  const root = resolve(folder)
  const checked = parseProject(
    options.appVersion ? { ...project, appVersion: options.appVersion } : project,
    PROJECT_FILE_NAME,
  )
  for (const [index, room] of checked.rooms.entries()) {
    await resolveInsideProject(root, root, room.folder, {
      file: PROJECT_FILE_NAME,
      field: `rooms[${index}].folder`,
    })
  }
  const text = serialiseProject(checked)
  await writeFileAtomic(join(root, PROJECT_FILE_NAME), text)
  return projectFromText(text).value
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
  const loaded = roomFromText(await readText(join(dir, ROOM_FILE_NAME), label), label)
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

/**
 * Validate and write a room that is listed in the project: images first, then room.json,
 * each atomically with a .bak. Images not given are left as they are on disk. Returns the
 * room as written (normalised).
 */
export async function saveRoom(folder: string, room: Room, images: RoomImages = {}): Promise<Room> {
  const root = resolve(folder)
  const { entry, dir } = await roomEntry(root, room.id)
  const label = roomLabel(entry)
  const checked = parseRoom(room, label)
  const files = await roomFiles(root, dir, checked, label)
  const need = (path: string | undefined, what: string, field: string): string => {
    if (!path)
      throw new ProjectStoreError(`${label}: ${field}: expected a file name for the ${what} being saved`)
    return path
  }
  // Encode and check everything before the first write, so a bad image leaves the room untouched.
  const writes: [string, Uint8Array][] = []
  if (images.background) {
    const path = need(files.background, 'background', 'background')
    const info = await readImageInfo(images.background, `${label}: background '${checked.background}'`)
    checkSize(`${label}: background '${checked.background}'`, info, checked)
    writes.push([path, images.background])
  }
  if (images.mask) {
    const path = need(files.mask, 'mask', 'mask')
    checkSize(`${label}: mask '${checked.mask}'`, images.mask, checked)
    writes.push([path, await encodeMaskPng(images.mask)])
  }
  if (images.scaleMap) {
    const path = need(files.scaleMap, 'scale map', 'scaling.map.file')
    const what = `${label}: scaling.map.file '${checked.scaling.map?.file}'`
    const map = images.scaleMap
    if (map instanceof Uint8Array) {
      checkSize(what, await readImageInfo(map, what), checked)
      writes.push([path, map])
    } else {
      checkSize(what, map, checked)
      writes.push([path, await encodeGreyPng(map.width, map.height, map.values)])
    }
  }
  // A room must not name a file that is neither on disk nor being written now: it would not load.
  const named: [string | undefined, string, string | undefined][] = [
    [files.background, 'background', checked.background],
    [files.mask, 'mask', checked.mask],
    [files.scaleMap, 'scaling.map.file', checked.scaling.map?.file],
  ]
  for (const [path, field, value] of named) {
    if (path && !writes.some(([p]) => p === path) && !(await isFile(path))) {
      throw new ProjectStoreError(
        `${label}: ${field}: '${value}' does not exist; save the image with the room`,
      )
    }
  }
  const text = serialiseRoom(checked)
  await mkdir(dir, { recursive: true })
  for (const [path, bytes] of writes) await writeFileAtomic(path, bytes)
  await writeFileAtomic(join(dir, ROOM_FILE_NAME), text)
  return roomFromText(text, label).value
}

/**
 * Add a new room to the project: writes the room (and its images) into `rooms/<id>/`
 * (or `options.folder`), then lists it in project.walkbox.json. Refuses a room id that
 * is already listed.
 */
export async function addRoom(
  folder: string,
  room: Room,
  images: RoomImages = {},
  options: { folder?: string } = {},
): Promise<OpenedProject> {
  const root = resolve(folder)
  const { project } = await openProject(root)
  if (project.rooms.some((r) => r.id === room.id)) {
    throw new ProjectStoreError(`${PROJECT_FILE_NAME}: a room with id '${room.id}' already exists`)
  }
  const entry: ProjectRoom = {
    id: room.id,
    name: room.name,
    folder: options.folder ?? defaultRoomFolder(room.id),
  }
  const next: Project = { ...project, rooms: [...project.rooms, entry] }
  // Validate the new listing (folder clashes, path safety) before writing anything.
  parseProject(next, PROJECT_FILE_NAME)
  await resolveInsideProject(root, root, entry.folder, {
    file: PROJECT_FILE_NAME,
    field: `rooms[${next.rooms.length - 1}].folder`,
  })
  parseRoom(room, roomLabel(entry))
  // The room must be findable by saveRoom, so list it first, and take the listing back if the room cannot be written.
  await saveProject(root, next)
  try {
    await saveRoom(root, room, images)
  } catch (e) {
    await saveProject(root, project)
    throw e
  }
  return openProject(root)
}
