/**
 * The project store: open a project, load its rooms, plan and commit saves, Save As copies,
 * backups and recovery, once for both hosts. The desktop (src/main/services/project-store.ts,
 * files on disk, sharp) and the browser (src/renderer/platform/host/browser-host.ts, the Origin
 * Private File System, the browser's image codec) are thin adapters: each gives a
 * `StoreHost` (its `ProjectFiles`, its image codec and its save lock) and keeps only what is
 * its own (choosing folders, dialogs, the list of recent projects).
 *
 * Glossary
 * - store host: what a host gives the store (see `StoreHost`).
 * - loaded: migrated to the current format version, validated, normalised; images decoded
 *   after their header passed the image limits.
 * - room label: `<room folder>/room.json`, how messages name a room file.
 * - one unit: a save is written through unit-save.ts, so after a crash, a kill or a full disk
 *   the project loads as exactly the old or exactly the new version; the version it replaces
 *   is kept in backups/ first (backups.ts).
 *
 * Rules: every path found in a project file is checked (project-paths.ts, plus the host's
 * `checkPath`); every file is read within the limits of limits.ts, refused on its size before
 * it is read; the newest format version is always written; a load that fails writes nothing.
 * Room files are checked against the project (ids, flags, characters); problems that do not
 * stop loading come back as `warnings`, unreadable images as `problems`.
 *
 * Units: room px; bytes for files.
 */
import type { RgbaImage } from './rgba-image'
import { projectFromText, roomFromText } from './load'
import {
  checkRoomAgainstProject,
  emptyProject,
  parseProject,
  parseRoom,
  PROJECT_FILE_NAME,
  ROOM_FILE_NAME,
  type FormatIssue,
  type Project,
  type ProjectRoom,
  type Room,
} from './schema'
import { serialiseProject, serialiseRoom } from './serialise'
import { commitSave, recoverSave, SaveError, type FileWrite, type ProjectFiles } from './unit-save'
import {
  listBackups,
  makeBackup,
  prepareToOpen,
  projectFiles,
  pruneBackups,
  restoreFromBackup,
  type BackupInfo,
} from './backups'
import {
  fileTooLargeMessage,
  MAX_IMAGE_FILE_BYTES,
  MAX_PROJECT_FILE_BYTES,
  MAX_ROOM_FILE_BYTES,
} from '../limits'
import { readMaskImage, readPngPalette } from './mask-image'
import { checkImageHeader, ImageHeaderError } from './image-header'
import { folderKey, projectPathOf, UnsafePathError, type PathSource } from './project-paths'

/** A problem with a project that is not a format problem (missing files, bad requests, no space). */
export class ProjectStoreError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProjectStoreError'
  }
}

// The decoded image type is the one of rgba-image.ts (exported again for the adapters).
export type { RgbaImage }

/** 1 byte per pixel; 0 = not walkable, else the area id. */
export interface AreaMask {
  width: number
  height: number
  cells: Uint8Array
}

/** 1 byte per pixel, 0..255 (a scale map). */
export interface GreyImage {
  width: number
  height: number
  values: Uint8Array
}

/** A host's image codec (sharp on the desktop, the browser's own in the web edition). */
export interface ImageCodec {
  /** Decode a PNG, JPEG or WebP (after the same header checks); errors name `label`. */
  decode(bytes: Uint8Array, label: string): Promise<RgbaImage>
  /** 1-byte values as an 8-bit greyscale PNG (the walk mask and scale map format). */
  encodeGreyPng(width: number, height: number, values: Uint8Array): Promise<Uint8Array>
}

/** What a host gives the store for one project. */
export interface StoreHost {
  files: ProjectFiles
  codec: ImageCodec
  /** Run `work` as the only writer of this project (this process and others); errors as one line. */
  lock<T>(work: () => Promise<T>): Promise<T>
  /**
   * A check beyond the text of a path from a project file (the desktop's symbolic links):
   * `value` under the project path `base`; throws a one-line error naming `where`.
   */
  checkPath?(base: string, value: string, where: PathSource): Promise<void>
  /** Written into the project file by each save (default: what the project says). */
  appVersion?: string
  /** How many backups to keep (default DEFAULT_BACKUPS_KEPT). */
  keepBackups?: number
}

export interface StoredRoomListing extends ProjectRoom {
  /** Whether the room's room.json is there. */
  exists: boolean
}

export interface StoredProject {
  project: Project
  /** Format version the file was written in (older ones are migrated in memory; saving writes the newest). */
  fromVersion: number
  migrations: string[]
  rooms: StoredRoomListing[]
  /** One line each: what opening found and did not act on (a save journal set aside). */
  warnings: string[]
}

/** A layer of a room that could not be read: it is left out and the reason shown. */
export interface StoredLayerProblem {
  layer: 'background' | 'mask' | 'scaleMap'
  message: string
}

export interface StoredRoom {
  room: Room
  /** Folder of the room relative to the project folder, as the project file names it. */
  folder: string
  fromVersion: number
  migrations: string[]
  background?: RgbaImage
  /**
   * Backgrounds 2..N in the order of `room.backgroundFrames`; a frame that could not be read
   * (or is not the room's size) is null, with its reason in `problems` (layer 'background').
   */
  backgroundFrames?: (RgbaImage | null)[]
  /** Area ids from the mask file ('ids' rule), room-sized. */
  mask?: AreaMask
  /** Grey values of the scale map, room-sized. */
  scaleMap?: GreyImage
  /** Problems that do not stop loading (unknown flags or characters). */
  warnings: FormatIssue[]
  /** Images that could not be read: that layer is absent, with its one-line reason. */
  problems: StoredLayerProblem[]
}

export interface RoomImages {
  /** Encoded PNG, JPEG or WebP bytes, written as they are to `room.background`. */
  background?: Uint8Array
  /**
   * Encoded bytes of background frames 2..N, index i written as they are to
   * `room.backgroundFrames[i].file`; an absent entry stays as it is on disk.
   */
  backgroundFrames?: readonly (Uint8Array | undefined | null)[]
  /** Area ids, written as an 8-bit greyscale PNG to `room.mask`; bare bytes are room-sized. */
  mask?: AreaMask | Uint8Array
  /** Grey values, written as an 8-bit greyscale PNG; or encoded PNG/JPEG/WebP bytes, checked and written as they are. */
  scaleMap?: GreyImage | Uint8Array
}

/** A room to write in a save, with the images that changed (others stay as they are). */
export interface RoomWrite {
  room: Room
  images?: RoomImages
}

export interface ProjectSave {
  project: Project
  /** Rooms to write; rooms the project lists but are not here stay as they are (they must exist). */
  rooms: RoomWrite[]
}

/** A save made from the project as it is stored when the save runs (inside the lock). */
export type ProjectChange = (current: StoredProject) => ProjectSave | Promise<ProjectSave>

export interface StoreSaveResult {
  /** The project file as written (normalised). */
  project: Project
  /** The rooms as written (normalised), in the order of the save. */
  rooms: Room[]
  /** The backup of the version the save replaced (null for a project's first save). */
  backup: BackupInfo | null
  savedAt: string
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * The name an imported project takes so that the project list never holds two rows that
 * read the same: its own name when no listed project has it, else the first free
 * "Name (2)", "Name (3)", ... Both hosts number an imported zip's project this way.
 */
export function unusedProjectName(name: string, taken: Iterable<string>): string {
  const names = new Set(taken)
  let candidate = name
  for (let n = 2; names.has(candidate); n++) candidate = `${name} (${n})`
  return candidate
}

/** `<room folder>/room.json`, how messages name a room file. */
export function roomLabel(entry: { folder: string }): string {
  return `${entry.folder.replace(/\\/g, '/').replace(/\/+$/, '')}/${ROOM_FILE_NAME}`
}

/** A path from a project file as a project path, checked on its text and by the host. */
async function pathOf(host: StoreHost, base: string, value: string, where: PathSource): Promise<string> {
  const path = projectPathOf(base, value, where)
  await host.checkPath?.(base, value, where)
  return path
}

/** The folder of the project's room at `index`, as a project path. */
function roomFolder(host: StoreHost, project: Project, index: number): Promise<string> {
  return pathOf(host, '', project.rooms[index].folder, {
    file: PROJECT_FILE_NAME,
    field: `rooms[${index}].folder`,
  })
}

/** The bytes of a file of at most `maxBytes`, refused on its size before it is read. */
async function readLimited(
  files: ProjectFiles,
  path: string,
  label: string,
  maxBytes: number,
): Promise<Uint8Array> {
  try {
    return await readLimitedAs(files, path, label, maxBytes)
  } catch (e) {
    // The files name the path; the message names the file as the author knows it.
    if (e instanceof Error && !(e instanceof ProjectStoreError) && e.message.startsWith(`${path}: `))
      throw new ProjectStoreError(`${label}${e.message.slice(path.length)}`)
    throw e
  }
}

async function readLimitedAs(
  files: ProjectFiles,
  path: string,
  label: string,
  maxBytes: number,
): Promise<Uint8Array> {
  const size = await files.size(path)
  if (size !== null && size > maxBytes)
    throw new ProjectStoreError(fileTooLargeMessage(label, size, maxBytes))
  const bytes = size === null ? null : await files.read(path)
  if (!bytes) throw new ProjectStoreError(`${label}: file not found`)
  if (bytes.length > maxBytes) throw new ProjectStoreError(fileTooLargeMessage(label, bytes.length, maxBytes))
  return bytes
}

async function openLocked(host: StoreHost, listing: boolean): Promise<StoredProject> {
  const warnings = await prepareToOpen(host.files, { setAside: !listing, keep: host.keepBackups })
  return { ...(await readProjectLocked(host)), warnings }
}

/** The project file read, migrated and checked, and its rooms listed; nothing written. */
async function readProjectLocked(host: StoreHost): Promise<Omit<StoredProject, 'warnings'>> {
  // The project file too may be a link: it is read only when it stays inside the folder.
  // (A link loop or a missing file is left to the read, which names it in its own words.)
  await host
    .checkPath?.('', PROJECT_FILE_NAME, { file: PROJECT_FILE_NAME, field: 'the project file' })
    .catch((e: unknown) => {
      if (e instanceof UnsafePathError) throw e
    })
  const bytes = await readLimited(host.files, PROJECT_FILE_NAME, PROJECT_FILE_NAME, MAX_PROJECT_FILE_BYTES)
  const loaded = projectFromText(decoder.decode(bytes), PROJECT_FILE_NAME)
  const rooms: StoredRoomListing[] = []
  for (const [index, room] of loaded.value.rooms.entries()) {
    const folder = await roomFolder(host, loaded.value, index)
    rooms.push({ ...room, exists: (await host.files.kind(`${folder}/${ROOM_FILE_NAME}`)) === 'file' })
  }
  return {
    project: loaded.value,
    fromVersion: loaded.fromVersion,
    migrations: loaded.migrations,
    rooms,
  }
}

/**
 * Read, migrate, validate and normalise the project file; list its rooms. Under the lock, a
 * save a crash stopped is finished or dropped first (its journal checked; one that fails is
 * set aside and named in `warnings`), so that what is read is exactly one saved version.
 * A listing leaves a failing journal where it is for the real open to report.
 */
export function openStoredProject(
  host: StoreHost,
  options: { listing?: boolean } = {},
): Promise<StoredProject> {
  return host.lock(() => openLocked(host, options.listing ?? false))
}

/** Make a new, empty project (the caller has checked that its place is new or empty). */
export async function createStoredProject(
  host: StoreHost,
  name: string,
  appVersion: string,
): Promise<Project> {
  const project = emptyProject({ name, appVersion: host.appVersion ?? appVersion })
  await host.lock(() =>
    commitSave(host.files, [{ path: PROJECT_FILE_NAME, bytes: encoder.encode(serialiseProject(project)) }]),
  )
  return project
}

/** Where a room is listed in the project, or a one-line refusal naming the rooms there are. */
function entryIndex(project: Project, roomId: string): number {
  const index = project.rooms.findIndex((r) => r.id === roomId)
  if (index < 0) {
    const known = project.rooms.map((r) => `'${r.id}'`).join(', ') || 'none'
    throw new ProjectStoreError(`${PROJECT_FILE_NAME}: no room '${roomId}'; rooms are ${known}`)
  }
  return index
}

/** The image files a room names, as project paths (checked before any is read or written). */
async function roomImagePaths(host: StoreHost, folder: string, room: Room, label: string) {
  const at = (value: string | undefined, field: string) =>
    value === undefined ? undefined : pathOf(host, folder, value, { file: label, field })
  return {
    background: await at(room.background, 'background'),
    frames: await Promise.all(
      (room.backgroundFrames ?? []).map((f, i) => at(f.file, `backgroundFrames[${i}].file`)),
    ),
    mask: await at(room.mask, 'mask'),
    scaleMap: await at(room.scaling.map?.file, 'scaling.map.file'),
  }
}

/**
 * An image file's size from its header, refused (naming `label`) when it is not a PNG, JPEG or
 * WebP or is over the image limits: checked here, the same on every host, before any codec runs.
 */
export function imageSize(bytes: Uint8Array, label: string): { width: number; height: number } {
  try {
    const { width, height } = checkImageHeader(bytes, label)
    return { width, height }
  } catch (e) {
    throw e instanceof ImageHeaderError ? new ProjectStoreError(e.message) : e
  }
}

function sizeProblem(image: { width: number; height: number }, room: Room): string | null {
  if (image.width === room.size.width && image.height === room.size.height) return null
  return `is ${image.width} x ${image.height} px; expected the room size ${room.size.width} x ${room.size.height} px`
}

/**
 * Read a room: room.json migrated, validated, normalised and checked against its entry in the
 * project (a room.json whose id differs is refused), and its images decoded. One unreadable
 * image leaves its layer out and says why; the rest of the room opens. Writes nothing: crash
 * recovery and backup pruning are the open's work (`openStoredProject`), not every load's.
 */
export async function loadStoredRoom(host: StoreHost, roomId: string): Promise<StoredRoom> {
  // Recovery and backup pruning ran when the project was opened; a room load only reads.
  const { project } = await host.lock(() => readProjectLocked(host))
  const index = entryIndex(project, roomId)
  const entry = project.rooms[index]
  const folder = await roomFolder(host, project, index)
  const label = roomLabel(entry)
  const text = decoder.decode(
    await readLimited(host.files, `${folder}/${ROOM_FILE_NAME}`, label, MAX_ROOM_FILE_BYTES),
  )
  const loaded = roomFromText(text, label)
  const room = loaded.value
  if (room.id !== entry.id) {
    throw new ProjectStoreError(
      `${label}: id: expected '${entry.id}' (its id in ${PROJECT_FILE_NAME}), found '${room.id}'`,
    )
  }
  const paths = await roomImagePaths(host, folder, room, label)
  const result: StoredRoom = {
    room,
    folder: entry.folder,
    fromVersion: loaded.fromVersion,
    migrations: loaded.migrations,
    warnings: checkRoomAgainstProject(room, project),
    problems: [],
  }
  const layer = async (
    which: StoredLayerProblem['layer'],
    path: string | undefined,
    what: string,
    read: (bytes: Uint8Array) => Promise<void>,
  ) => {
    if (!path) return
    try {
      await read(await readLimited(host.files, path, what, MAX_IMAGE_FILE_BYTES))
    } catch (e) {
      if (!(e instanceof Error) || e instanceof TypeError) throw e
      result.problems.push({ layer: which, message: e.message })
    }
  }
  const { codec } = host
  await layer('background', paths.background, `${label}: background '${room.background}'`, async (bytes) => {
    result.background = await codec.decode(bytes, `${label}: background '${room.background}'`)
  })
  for (const [i, frame] of (room.backgroundFrames ?? []).entries()) {
    const what = `${label}: backgroundFrames[${i}] '${frame.file}'`
    const frames = (result.backgroundFrames ??= [])
    frames.push(null)
    await layer('background', paths.frames[i], what, async (bytes) => {
      const problem = sizeProblem(imageSize(bytes, what), room)
      if (problem) throw new ProjectStoreError(`${what} ${problem}`)
      frames[i] = await codec.decode(bytes, what)
    })
  }
  const maskWhat = `${label}: mask '${room.mask}'`
  await layer('mask', paths.mask, maskWhat, async (bytes) => {
    const problem = sizeProblem(imageSize(bytes, maskWhat), room)
    if (problem) throw new ProjectStoreError(`${maskWhat}: ${problem}`)
    const read = readMaskImage(await codec.decode(bytes, maskWhat), {
      rule: 'ids',
      palette: readPngPalette(bytes),
      file: maskWhat,
    })
    result.mask = { width: read.width, height: read.height, cells: read.cells }
  })
  const scaleWhat = `${label}: scaling.map.file '${room.scaling.map?.file}'`
  await layer('scaleMap', paths.scaleMap, scaleWhat, async (bytes) => {
    const rgba = await codec.decode(bytes, scaleWhat)
    const problem = sizeProblem(rgba, room)
    if (problem) throw new ProjectStoreError(`${scaleWhat} ${problem}`)
    result.scaleMap = greyOf(rgba)
  })
  return result
}

/** The red channel of an RGBA image (a greyscale file's grey values). */
export function greyOf(rgba: RgbaImage): GreyImage {
  const values = new Uint8Array(rgba.width * rgba.height)
  for (let i = 0, j = 0; i < values.length; i++, j += 4) values[i] = rgba.data[j]
  return { width: rgba.width, height: rgba.height, values }
}

/** Grey values as an opaque RGBA image (grey in red, green and blue). */
export function rgbaOfGrey(grey: GreyImage): RgbaImage {
  const data = new Uint8Array(grey.width * grey.height * 4)
  for (let i = 0, j = 0; i < grey.values.length; i++, j += 4) {
    const v = grey.values[i]
    data[j] = v
    data[j + 1] = v
    data[j + 2] = v
    data[j + 3] = 255
  }
  return { width: grey.width, height: grey.height, data }
}

/** The files of a room write: room.json and the images given, checked and encoded once. Writes nothing. */
async function roomWrites(
  host: StoreHost,
  project: Project,
  write: RoomWrite,
): Promise<{ files: FileWrite[]; room: Room }> {
  const index = entryIndex(project, write.room.id)
  const entry = project.rooms[index]
  const folder = await roomFolder(host, project, index)
  const label = roomLabel(entry)
  const checked = parseRoom(write.room, label)
  const images = write.images ?? {}
  if (images.mask && !checked.mask) checked.mask = 'walkmask.png'
  const paths = await roomImagePaths(host, folder, checked, label)
  const need = (path: string | undefined, what: string, field: string): string => {
    if (!path)
      throw new ProjectStoreError(`${label}: ${field}: expected a file name for the ${what} being saved`)
    return path
  }
  const fits = (what: string, image: { width: number; height: number }) => {
    const problem = sizeProblem(image, checked)
    if (problem) throw new ProjectStoreError(`${what} ${problem}`)
  }
  const files: FileWrite[] = []
  if (images.background) {
    const path = need(paths.background, 'background', 'background')
    const what = `${label}: background '${checked.background}'`
    fits(what, imageSize(images.background, what))
    files.push({ path, bytes: images.background })
  }
  const frameBytes = images.backgroundFrames ?? []
  if (frameBytes.length > paths.frames.length)
    throw new ProjectStoreError(
      `${label}: backgroundFrames: ${frameBytes.length} frame images for ${paths.frames.length} frames`,
    )
  for (const [i, bytes] of frameBytes.entries()) {
    if (!bytes) continue
    const what = `${label}: backgroundFrames[${i}] '${checked.backgroundFrames?.[i].file}'`
    fits(what, imageSize(bytes, what))
    files.push({ path: paths.frames[i]!, bytes })
  }
  if (images.mask) {
    const path = need(paths.mask, 'mask', 'mask')
    const what = `${label}: mask '${checked.mask}'`
    const { width, height } = checked.size
    const mask = images.mask instanceof Uint8Array ? { width, height, cells: images.mask } : images.mask
    if (mask.cells.length !== mask.width * mask.height)
      throw new ProjectStoreError(
        `${what}: the mask holds ${mask.cells.length} px; expected ${mask.width} x ${mask.height}`,
      )
    fits(what, mask)
    files.push({ path, bytes: await host.codec.encodeGreyPng(mask.width, mask.height, mask.cells) })
  }
  if (images.scaleMap) {
    const path = need(paths.scaleMap, 'scale map', 'scaling.map.file')
    const what = `${label}: scaling.map.file '${checked.scaling.map?.file}'`
    const map = images.scaleMap
    if (map instanceof Uint8Array) {
      fits(what, imageSize(map, what))
      files.push({ path, bytes: map })
    } else {
      fits(what, map)
      files.push({ path, bytes: await host.codec.encodeGreyPng(map.width, map.height, map.values) })
    }
  }
  // A room must not name a file that is neither there nor being written now: it would not load.
  const named: [string | undefined, string, string | undefined][] = [
    [paths.background, 'background', checked.background],
    [paths.mask, 'mask', checked.mask],
    [paths.scaleMap, 'scaling.map.file', checked.scaling.map?.file],
    ...paths.frames.map((path, i): [string | undefined, string, string | undefined] => [
      path,
      `backgroundFrames[${i}].file`,
      checked.backgroundFrames?.[i].file,
    ]),
  ]
  for (const [path, field, value] of named) {
    if (path && !files.some((f) => f.path === path) && (await host.files.kind(path)) === null)
      throw new ProjectStoreError(
        `${label}: ${field}: '${value}' does not exist; save the image with the room`,
      )
  }
  const text = serialiseRoom(checked)
  files.push({ path: `${folder}/${ROOM_FILE_NAME}`, bytes: encoder.encode(text) })
  return { files, room: roomFromText(text, label).value }
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

/** Room folders the stored project lists and `next` does not (deleted rooms): they go with the save. */
async function droppedFolders(host: StoreHost, next: Project): Promise<string[]> {
  const previousBytes = await host.files.read(PROJECT_FILE_NAME).catch(() => null)
  if (!previousBytes) return []
  let previous: Project
  try {
    previous = projectFromText(decoder.decode(previousBytes), PROJECT_FILE_NAME).value
  } catch {
    return [] // A damaged project file: nothing to compare (it is in the backup).
  }
  const kept = new Set(next.rooms.map((r) => folderKey(r.folder)))
  const out: string[] = []
  for (const index of previous.rooms.keys()) {
    if (kept.has(folderKey(previous.rooms[index].folder))) continue
    const folder = await roomFolder(host, previous, index).catch(() => null)
    if (folder) out.push(folder)
  }
  return out
}

/**
 * Save the project file and the rooms given as ONE unit, with a backup of the version it
 * replaces. A change function gets the project as stored when the save runs, inside the lock,
 * so no newer save is lost. Room folders the previous project file listed and this one does
 * not are removed (they stay in the backup). Everything is validated, encoded and checked
 * before the first write; a refusal changes nothing.
 */
export function saveStoredProject(
  host: StoreHost,
  change: ProjectSave | ProjectChange,
): Promise<StoreSaveResult> {
  const { files } = host
  return host.lock(async () => {
    await recoverSave(files)
    const save = typeof change === 'function' ? await change(await openLocked(host, false)) : change
    const checked = parseProject(
      host.appVersion ? { ...save.project, appVersion: host.appVersion } : save.project,
      PROJECT_FILE_NAME,
    )
    for (const index of checked.rooms.keys()) await roomFolder(host, checked, index)
    const seen = new Set<string>()
    const writes: FileWrite[] = []
    const rooms: Room[] = []
    for (const write of save.rooms) {
      if (seen.has(write.room.id)) throw new ProjectStoreError(`the save names room '${write.room.id}' twice`)
      seen.add(write.room.id)
      const planned = await roomWrites(host, checked, write)
      writes.push(...planned.files)
      rooms.push(planned.room)
    }
    // Listed rooms not written now must be there already, or the project would not load.
    for (const [index, entry] of checked.rooms.entries()) {
      if (seen.has(entry.id)) continue
      const folder = await roomFolder(host, checked, index)
      if ((await files.kind(`${folder}/${ROOM_FILE_NAME}`)) !== 'file')
        throw new ProjectStoreError(
          `${roomLabel(entry)}: the room '${entry.id}' is new; save it with its room file`,
        )
    }
    const text = serialiseProject(checked)
    writes.push({ path: PROJECT_FILE_NAME, bytes: encoder.encode(text) })
    const removeFolders = await droppedFolders(host, checked)
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
    await pruneBackups(files, host.keepBackups).catch(() => undefined)
    return { project: projectFromText(text).value, rooms, backup, savedAt: savedAt.toISOString() }
  })
}

/** The project's backups, newest first (the project file may be damaged). */
export function listStoredBackups(host: StoreHost): Promise<BackupInfo[]> {
  return listBackups(host.files)
}

/**
 * Put the project back as backup `backupId` holds it, as one unit save; the state before is
 * backed up first. Works on a project whose file is damaged.
 */
export function restoreStoredBackup(host: StoreHost, backupId: string): Promise<BackupInfo | null> {
  return host.lock(async () => {
    await recoverSave(host.files)
    try {
      return await restoreFromBackup(host.files, backupId, PROJECT_FILE_NAME, { keep: host.keepBackups })
    } catch (e) {
      throw new ProjectStoreError(`Could not restore backup ${backupId}: ${(e as Error).message}`)
    }
  })
}

/** The project's own files (no backups, no working files), for a copy or a zip. */
export async function ownStoredFiles(files: ProjectFiles): Promise<FileWrite[]> {
  const out: FileWrite[] = []
  for (const path of await projectFiles(files)) {
    const bytes = await files.read(path)
    if (bytes) out.push({ path, bytes })
  }
  return out
}

/** Does the stored project open, with every room? Throws the first reason it does not. */
export async function checkStoredProject(host: StoreHost): Promise<StoredProject> {
  const opened = await openStoredProject(host)
  for (const room of opened.rooms) await loadStoredRoom(host, room.id)
  return opened
}

/**
 * Put a project's files into a new, empty place as one unit and check that it opens with
 * every room (Save As, a copy). The caller removes what it made when this throws.
 */
export async function placeStoredProject(
  host: StoreHost,
  entries: readonly FileWrite[],
  what: string,
): Promise<StoredProject> {
  if (!entries.some((e) => e.path === PROJECT_FILE_NAME))
    throw new ProjectStoreError(`${what}: expected a Walkbox project (no ${PROJECT_FILE_NAME} at its top)`)
  await host.lock(() => commitSave(host.files, entries))
  return checkStoredProject(host)
}

/** A save request as the editor sends it (models not yet validated, images as bytes). */
export interface SaveRequestLike {
  project: unknown
  rooms: readonly {
    room: unknown
    background?: Uint8Array
    backgroundFrames?: readonly (Uint8Array | null | undefined)[]
    mask?: Uint8Array
    scaleMap?: Uint8Array
  }[]
}

/** The store's form of a save request (the store validates the models, naming their files). */
export function saveOfRequest(req: SaveRequestLike): ProjectSave {
  return {
    project: req.project as Project,
    rooms: req.rooms.map((r) => ({
      room: r.room as Room,
      images: {
        background: r.background,
        backgroundFrames: r.backgroundFrames,
        mask: r.mask,
        scaleMap: r.scaleMap,
      },
    })),
  }
}

const WARNING_SUBJECTS = { areas: 'area', gates: 'gate', zones: 'zone', hotspots: 'hotspot' } as const

/**
 * A room warning as the author reads it: what it is about by its name, then the path for the
 * JSON-minded, e.g. `zone 'Door' (zones[1]): enabledBy names the flag 'x' that the project
 * does not define`. A path this does not know is kept as `path: message`.
 */
export function roomWarningLine(room: Room, issue: FormatIssue): string {
  const item = /^(areas|gates|zones|hotspots)\[(\d+)\]\.(\w+)$/.exec(issue.path)
  if (item) {
    const [, list, index, field] = item
    const name = room[list as keyof typeof WARNING_SUBJECTS]?.[Number(index)]?.name
    const subject = WARNING_SUBJECTS[list as keyof typeof WARNING_SUBJECTS]
    const named = name ? `${subject} '${name}'` : `a ${subject} with no name`
    return `${named} (${list}[${index}]): ${field} ${issue.message}`
  }
  if (issue.path === 'testWalk.characterId') return `the test walk (testWalk): characterId ${issue.message}`
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message
}

/** A loaded room in the host contract's form (src/shared/host.ts `LoadedRoom`). */
export function roomForHost(loaded: StoredRoom) {
  return {
    room: loaded.room,
    background: loaded.background ?? null,
    backgroundFrames: loaded.backgroundFrames ?? [],
    mask: loaded.mask?.cells ?? null,
    scaleMap: loaded.scaleMap ? rgbaOfGrey(loaded.scaleMap) : null,
    problems: loaded.problems,
    warnings: loaded.warnings.map((w) => roomWarningLine(loaded.room, w)),
  }
}

/** An opened project in the host contract's form (src/shared/host.ts `OpenedProject`): rooms whose file is there. */
export function projectForHost(ref: string, opened: StoredProject) {
  return {
    ref,
    project: opened.project,
    rooms: opened.rooms.filter((r) => r.exists).map((r) => ({ id: r.id, name: r.name })),
    warnings: opened.warnings,
  }
}
