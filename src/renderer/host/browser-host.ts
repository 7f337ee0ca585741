/**
 * The browser host: the host contract over the Origin Private File System (OPFS), with
 * createImageBitmap + OffscreenCanvas for decoding and PNG encoding. Projects persist
 * across reloads in the page's origin, and get the same guarantees as on the desktop: a
 * save is one unit (src/shared/room/unit-save.ts over OPFS files), the last saves are kept
 * as backups, damaged projects are listed with their error and restore from a backup, and
 * whole projects go in and out as .zip files (the only way in and out of OPFS).
 *
 * Glossary
 * - OPFS layout: `projects/<ref>/project.walkbox.json` and the project's room folders,
 *   exactly as on disk in the desktop app (with `backups/`).
 * - ref: the project's folder name under `projects/`.
 *
 * - limits: the same as the desktop's (src/shared/room/limits.ts): a project or room file
 *   over its size limit is refused on its size before it is read, then the shared loader
 *   checks depth, counts, coordinates and flag expressions; an image file over
 *   MAX_IMAGE_FILE_BYTES, or without a PNG, JPEG or WebP signature, never reaches the decoder.
 *   (OPFS holds only regular files, so there are no pipes or devices to refuse here.)
 *
 * Units: px for images; bytes for files.
 */
import type {
  AppInfo,
  BackupSummary,
  ImportedImage,
  LayerProblem,
  LoadedRoom,
  OpenedProject,
  ProjectListing,
  RecentProject,
  RgbaImage,
  SaveProjectRequest,
  SaveResult,
  WalkboxHost,
} from '../../shared/host'
import { projectFromText, roomFromText } from '../../shared/room/load'
import {
  emptyProject,
  parseProject,
  parseRoom,
  PROJECT_FILE_NAME,
  ROOM_FILE_NAME,
  type Project,
  type Room,
} from '../../shared/room/schema'
import { serialiseProject, serialiseRoom } from '../../shared/room/serialise'
import {
  commitSave,
  recoverSave,
  SaveError,
  type FileWrite,
  type ProjectFiles,
} from '../../shared/room/unit-save'
import {
  prepareToOpen,
  listBackups,
  makeBackup,
  pruneBackups,
  projectFiles,
  restoreFromBackup,
} from '../../shared/room/backups'
import { writeZip } from '../../shared/room/zip'
import { readProjectZip } from '../../shared/room/project-zip'
import { inflateZipEntry } from './zip-inflate'
import { writeImportedProject } from './opfs-zip-import'
import { checkImageLimits, readImageHeader, sniffImageFormat } from './image-header'
import {
  fileTooLargeMessage,
  MAX_IMAGE_FILE_BYTES,
  MAX_PROJECT_FILE_BYTES,
  MAX_ROOM_FILE_BYTES,
} from '../../shared/room/limits'
import { chooseFromList } from './browser-dialogs'
import { opfsProjectFiles } from './opfs-files'
import { encodeMaskPng } from './png'

const PROJECTS_DIR = 'projects'
const RECENT_KEY = 'walkbox.recentProjects'
const SAMPLE_REF = 'walkbox-sample'
/** Where the web build serves the sample project from (resources/sample-project). */
const SAMPLE_URL = 'sample-project/'
const APP_VERSION = '0.1.0'

type Dir = FileSystemDirectoryHandle

const encoder = new TextEncoder()
const decoder = new TextDecoder()

async function projectsRoot(): Promise<Dir> {
  if (!navigator.storage?.getDirectory) {
    throw new Error(
      'This browser has no Origin Private File System; use a current Chromium, Firefox or Safari.',
    )
  }
  const root = await navigator.storage.getDirectory()
  return root.getDirectoryHandle(PROJECTS_DIR, { create: true })
}

/** A project-relative path checked to stay inside the project folder ('/' separated). */
function insidePath(relative: string, file: string, field: string): string {
  const parts = relative
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.')
  if (
    relative.startsWith('/') ||
    /^[A-Za-z]:/.test(relative) ||
    parts.some((p) => p === '..') ||
    parts.length === 0
  ) {
    throw new Error(`${file}: ${field}: '${relative}' leaves the project folder; paths must stay inside it`)
  }
  return parts.join('/')
}

/** The bytes of a file of at most `maxBytes`, refused on its size before it is read; null when missing. */
async function readLimited(
  files: ProjectFiles,
  path: string,
  label: string,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const size = await files.size(path)
  if (size === null) return null
  if (size > maxBytes) throw new Error(fileTooLargeMessage(label, size, maxBytes))
  return files.read(path)
}

async function readText(files: ProjectFiles, path: string, label: string, maxBytes: number): Promise<string> {
  const bytes = await readLimited(files, path, label, maxBytes)
  if (!bytes) throw new Error(`${label}: file not found`)
  return decoder.decode(bytes)
}

async function decodeImage(bytes: Uint8Array, fileName: string): Promise<RgbaImage> {
  if (bytes.length > MAX_IMAGE_FILE_BYTES)
    throw new Error(fileTooLargeMessage(fileName, bytes.length, MAX_IMAGE_FILE_BYTES))
  sniffImageFormat(bytes, fileName)
  checkImageLimits(readImageHeader(bytes, fileName), fileName)
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart]), {
      premultiplyAlpha: 'none',
      colorSpaceConversion: 'none',
    })
  } catch {
    throw new Error(`${fileName}: the image could not be decoded; expected a valid PNG, JPEG or WebP file`)
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  if (!ctx) throw new Error('This browser cannot decode images (no 2D canvas).')
  ctx.drawImage(bitmap, 0, 0)
  bitmap.close()
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data
  return {
    width: canvas.width,
    height: canvas.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  }
}

/** Area ids from a mask image: the red (grey) channel, 0 = not walkable. */
function maskFromImage(image: RgbaImage, room: Room, what: string): Uint8Array {
  if (image.width !== room.size.width || image.height !== room.size.height) {
    throw new Error(
      `${what}: the mask is ${image.width}×${image.height} px; expected the room's size ${room.size.width}×${room.size.height}`,
    )
  }
  const ids = new Uint8Array(image.width * image.height)
  for (let i = 0; i < ids.length; i++) ids[i] = image.data[i * 4]
  return ids
}

function slug(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return s || 'project'
}

function readRecent(): RecentProject[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as RecentProject[]
    return Array.isArray(list) ? list : []
  } catch {
    return []
  }
}

function rememberRecent(ref: string, name: string): void {
  const list = readRecent().filter((r) => r.ref !== ref)
  list.unshift({ ref, name, openedAt: new Date().toISOString() })
  localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, 10)))
}

function forgetRecent(ref: string): void {
  localStorage.setItem(RECENT_KEY, JSON.stringify(readRecent().filter((r) => r.ref !== ref)))
}

async function projectDir(ref: string): Promise<Dir> {
  const root = await projectsRoot()
  try {
    return await root.getDirectoryHandle(insidePath(ref, 'project', 'ref'))
  } catch {
    throw new Error(`There is no project '${ref}' in this browser's storage.`)
  }
}

/**
 * One writer at a time per project: a second waits for the first, in this page and in every
 * other tab of the same origin (the Web Locks API, where the browser has it), so two tabs
 * never save over each other.
 */
const locks = new Map<string, Promise<unknown>>()
async function withLock<T>(ref: string, work: () => Promise<T>): Promise<T> {
  const exclusive = () =>
    navigator.locks ? (navigator.locks.request(`walkbox-project:${ref}`, work) as Promise<T>) : work()
  const mine = (locks.get(ref) ?? Promise.resolve()).catch(() => undefined).then(exclusive)
  locks.set(ref, mine)
  try {
    return await mine
  } finally {
    if (locks.get(ref) === mine) locks.delete(ref)
  }
}

/** Files of a project, with a save stopped by a crash finished or dropped first (its journal checked). */
async function openFiles(ref: string): Promise<{ files: ProjectFiles; warnings: string[] }> {
  const files = opfsProjectFiles(await projectDir(ref))
  const warnings = await withLock(ref, () => prepareToOpen(files))
  return { files, warnings }
}

async function readProject(files: ProjectFiles): Promise<Project> {
  return projectFromText(
    await readText(files, PROJECT_FILE_NAME, PROJECT_FILE_NAME, MAX_PROJECT_FILE_BYTES),
    PROJECT_FILE_NAME,
  ).value
}

async function openRef(ref: string): Promise<OpenedProject> {
  const { files, warnings } = await openFiles(ref)
  const project = await readProject(files)
  rememberRecent(ref, project.name)
  return { ref, project, rooms: project.rooms.map((r) => ({ id: r.id, name: r.name })), warnings }
}

function roomEntry(project: Project, roomId: string) {
  const entry = project.rooms.find((r) => r.id === roomId)
  if (!entry) throw new Error(`${PROJECT_FILE_NAME}: there is no room '${roomId}'`)
  return { folder: insidePath(entry.folder, PROJECT_FILE_NAME, `rooms '${roomId}' folder`), entry }
}

/** Check an image's header and size against the room before it is written. */
function checkImage(bytes: Uint8Array, what: string, room: Room): void {
  const header = readImageHeader(bytes, what)
  checkImageLimits(header, what)
  if (header.width !== room.size.width || header.height !== room.size.height)
    throw new Error(
      `${what} is ${header.width}×${header.height} px; expected the room's size ${room.size.width}×${room.size.height}`,
    )
}

/** The files of a save request, checked and encoded, and the room folders it removes. Writes nothing. */
async function planSave(
  files: ProjectFiles,
  req: SaveProjectRequest,
): Promise<{ writes: FileWrite[]; removeFolders: string[]; project: Project }> {
  const project = parseProject({ ...req.project, appVersion: APP_VERSION }, PROJECT_FILE_NAME)
  const writes: FileWrite[] = []
  const written = new Set<string>()
  for (const save of req.rooms) {
    const { folder } = roomEntry(project, save.room.id)
    const label = `${folder}/${ROOM_FILE_NAME}`
    const room = parseRoom(save.room, label)
    if (save.mask && !room.mask) room.mask = 'walkmask.png'
    const at = (name: string, field: string) => `${folder}/${insidePath(name, label, field)}`
    if (save.background) {
      if (!room.background)
        throw new Error(`${label}: background: expected a file name for the background being saved`)
      checkImage(save.background, `${label}: background '${room.background}'`, room)
      writes.push({ path: at(room.background, 'background'), bytes: save.background })
    }
    if (save.mask) {
      if (save.mask.length !== room.size.width * room.size.height)
        throw new Error(
          `${label}: the mask holds ${save.mask.length} px; expected ${room.size.width}×${room.size.height}`,
        )
      writes.push({
        path: at(room.mask!, 'mask'),
        bytes: await encodeMaskPng(save.mask, room.size.width, room.size.height),
      })
    }
    if (save.scaleMap) {
      if (!room.scaling.map)
        throw new Error(`${label}: scaling.map.file: expected a file name for the scale map being saved`)
      checkImage(save.scaleMap, `${label}: scaling.map.file '${room.scaling.map.file}'`, room)
      writes.push({ path: at(room.scaling.map.file, 'scaling.map.file'), bytes: save.scaleMap })
    }
    // A room must not name a file that is neither there nor written now: it would not load.
    for (const [name, field] of [
      [room.background, 'background'],
      [room.mask, 'mask'],
      [room.scaling.map?.file, 'scaling.map.file'],
    ] as const) {
      if (!name) continue
      const path = at(name, field)
      if (!writes.some((w) => w.path === path) && (await files.size(path)) === null)
        throw new Error(`${label}: ${field}: '${name}' does not exist; save the image with the room`)
    }
    writes.push({ path: label, bytes: encoder.encode(serialiseRoom(room)) })
    written.add(room.id)
  }
  for (const entry of project.rooms) {
    if (written.has(entry.id)) continue
    const { folder } = roomEntry(project, entry.id)
    if ((await files.size(`${folder}/${ROOM_FILE_NAME}`)) === null)
      throw new Error(
        `${folder}/${ROOM_FILE_NAME}: the room '${entry.id}' is new; save it with its room file`,
      )
  }
  writes.push({ path: PROJECT_FILE_NAME, bytes: encoder.encode(serialiseProject(project)) })
  const removeFolders: string[] = []
  let previous: Project | null = null
  try {
    previous = await readProject(files)
  } catch {
    previous = null // A new or damaged project file: nothing to compare (the backup keeps it).
  }
  const kept = new Set(
    project.rooms.map((r) => r.folder.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase()),
  )
  for (const room of previous?.rooms ?? []) {
    const folder = room.folder.replace(/\\/g, '/').replace(/\/+$/, '')
    if (!kept.has(folder.toLowerCase()))
      removeFolders.push(insidePath(folder, PROJECT_FILE_NAME, 'rooms folder'))
  }
  return { writes, removeFolders, project }
}

/** Write a planned save as one unit, keeping a backup of the version it replaces. */
async function commitPlanned(
  files: ProjectFiles,
  plan: { writes: FileWrite[]; removeFolders: string[]; project: Project },
): Promise<SaveResult> {
  const free = await files.freeBytes()
  const need = plan.writes.reduce((n, w) => n + w.bytes.length * 2, 64 * 1024)
  if (free !== null && need > free)
    throw new Error(
      `not enough storage for this browser's projects: needs about ${(need / 1e6).toFixed(1)} MB, ${(free / 1e6).toFixed(1)} MB free; nothing was changed`,
    )
  const savedAt = new Date()
  let backup: BackupSummary | null = null
  try {
    await commitSave(files, plan.writes, {
      removeFolders: plan.removeFolders,
      beforeCommit: async () => {
        backup = await makeBackup(files, PROJECT_FILE_NAME, { now: savedAt })
      },
    })
  } catch (error) {
    if (error instanceof SaveError) throw new Error(`Could not save ${plan.project.name}: ${error.message}`)
    throw error
  }
  // Committed: old backups beyond the number kept can go now (a failure here loses nothing).
  await pruneBackups(files).catch(() => undefined)
  return { savedAt: savedAt.toISOString(), backup, project: plan.project }
}

async function saveRef(ref: string, req: SaveProjectRequest): Promise<SaveResult> {
  const files = opfsProjectFiles(await projectDir(ref))
  return withLock(ref, async () => {
    await recoverSave(files)
    return commitPlanned(files, await planSave(files, req))
  })
}

async function copySampleInto(root: Dir): Promise<void> {
  const fetchBytes = async (path: string) => {
    const res = await fetch(SAMPLE_URL + path)
    if (!res.ok) throw new Error(`The sample project file '${path}' could not be fetched (${res.status}).`)
    return new Uint8Array(await res.arrayBuffer())
  }
  const projectBytes = await fetchBytes(PROJECT_FILE_NAME)
  const project = projectFromText(decoder.decode(projectBytes), PROJECT_FILE_NAME).value
  const writes: FileWrite[] = []
  for (const entry of project.rooms) {
    const roomBytes = await fetchBytes(`${entry.folder}/${ROOM_FILE_NAME}`)
    const room = roomFromText(decoder.decode(roomBytes), ROOM_FILE_NAME).value
    for (const file of [room.background, room.mask, room.scaling.map?.file]) {
      if (file)
        writes.push({ path: `${entry.folder}/${file}`, bytes: await fetchBytes(`${entry.folder}/${file}`) })
    }
    writes.push({ path: `${entry.folder}/${ROOM_FILE_NAME}`, bytes: roomBytes })
  }
  writes.push({ path: PROJECT_FILE_NAME, bytes: projectBytes })
  await commitSave(opfsProjectFiles(await root.getDirectoryHandle(SAMPLE_REF, { create: true })), writes)
}

async function uniqueRef(root: Dir, name: string): Promise<string> {
  const base = slug(name)
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}-${i + 1}`
    try {
      await root.getDirectoryHandle(candidate)
    } catch {
      return candidate
    }
  }
}

async function listStored(): Promise<ProjectListing[]> {
  const root = await projectsRoot()
  const found: ProjectListing[] = []
  for await (const [ref, handle] of root.entries()) {
    if (handle.kind !== 'directory') continue
    const files = opfsProjectFiles(handle as Dir)
    const backups = (await listBackups(files).catch(() => [])).length
    let savedAt: string | null = null
    try {
      const file = await (await (handle as Dir).getFileHandle(PROJECT_FILE_NAME)).getFile()
      savedAt = new Date(file.lastModified).toISOString()
    } catch {
      savedAt = null
    }
    try {
      await withLock(ref, () => prepareToOpen(files, { setAside: false }))
      const project = await readProject(files)
      found.push({ ref, name: project.name, rooms: project.rooms.length, savedAt, error: null, backups })
    } catch (error) {
      found.push({
        ref,
        name: ref,
        rooms: null,
        savedAt,
        error: error instanceof Error ? error.message : String(error),
        backups,
      })
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name))
}

/** Does a freshly stored project open, with every room? Throws the first reason it does not. */
async function checkOpens(ref: string): Promise<OpenedProject> {
  const opened = await openRef(ref)
  for (const room of opened.rooms) await host.loadRoom({ ref, roomId: room.id })
  return opened
}

function pickImageFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = 'image/png,image/jpeg,image/webp'
    input.style.display = 'none'
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null)
      input.remove()
    })
    input.addEventListener('cancel', () => {
      resolve(null)
      input.remove()
    })
    document.body.appendChild(input)
    input.click()
  })
}

const menuListeners = new Set<(id: string) => void>()

const host: WalkboxHost = {
  kind: 'browser',
  async appInfo(): Promise<AppInfo> {
    return { name: 'Walkbox', version: APP_VERSION, host: 'browser', platform: navigator.userAgent }
  },
  async recentProjects() {
    return readRecent()
  },
  async openSampleProject() {
    const root = await projectsRoot()
    let present = false
    try {
      present =
        (await opfsProjectFiles(await root.getDirectoryHandle(SAMPLE_REF)).size(PROJECT_FILE_NAME)) !== null
    } catch {
      present = false
    }
    if (!present) await copySampleInto(root)
    return openRef(SAMPLE_REF)
  },
  async createProject({ name }) {
    const root = await projectsRoot()
    const ref = await uniqueRef(root, name)
    const dir = await root.getDirectoryHandle(ref, { create: true })
    // An empty project: its rooms are made from their backgrounds in the editor.
    const project = emptyProject({ name, appVersion: APP_VERSION })
    await commitSave(opfsProjectFiles(dir), [
      { path: PROJECT_FILE_NAME, bytes: encoder.encode(serialiseProject(project)) },
    ])
    return openRef(ref)
  },
  async openProject({ ref }) {
    if (ref) return openRef(ref)
    const choice = await chooseFromList(
      'Open project',
      (await listStored()).filter((p) => !p.error).map((p) => ({ value: p.ref, label: p.name })),
    )
    return choice ? openRef(choice) : null
  },
  saveProject: (req) => saveRef(req.ref, req),
  async saveProjectAs(req) {
    const name = req.copyName ?? `${req.project.name} copy`
    const root = await projectsRoot()
    const from = opfsProjectFiles(await projectDir(req.ref))
    const ref = await uniqueRef(root, name)
    const files = opfsProjectFiles(await root.getDirectoryHandle(ref, { create: true }))
    try {
      const own: FileWrite[] = []
      for (const path of await projectFiles(from)) {
        const bytes = await from.read(path)
        if (bytes) own.push({ path, bytes })
      }
      await commitSave(files, own)
      await commitPlanned(files, await planSave(files, { ...req, ref, project: { ...req.project, name } }))
    } catch (error) {
      await root.removeEntry(ref, { recursive: true }).catch(() => undefined)
      throw error
    }
    return openRef(ref)
  },
  async loadRoom({ ref, roomId }): Promise<LoadedRoom> {
    const { files } = await openFiles(ref)
    const project = await readProject(files)
    const { folder } = roomEntry(project, roomId)
    const roomFile = `${folder}/${ROOM_FILE_NAME}`
    const room = roomFromText(await readText(files, roomFile, roomFile, MAX_ROOM_FILE_BYTES), roomFile).value
    const problems: LayerProblem[] = []
    /** One layer's image; an unreadable one is left out with its reason (the rest of the room opens). */
    const layer = async <T>(
      which: LayerProblem['layer'],
      file: string | undefined,
      field: string,
      use: (image: RgbaImage) => T,
    ): Promise<T | null> => {
      if (!file) return null
      const what = `${roomFile}: ${field} '${file}'`
      try {
        const path = `${folder}/${insidePath(file, roomFile, field)}`
        const bytes = await readLimited(files, path, what, MAX_IMAGE_FILE_BYTES)
        if (!bytes) throw new Error(`${what}: file not found`)
        return use(await decodeImage(bytes, what))
      } catch (error) {
        problems.push({ layer: which, message: error instanceof Error ? error.message : String(error) })
        return null
      }
    }
    const background = await layer('background', room.background, 'background', (image) => image)
    const mask = await layer('mask', room.mask, 'mask', (image) =>
      maskFromImage(image, room, `${roomFile}: mask '${room.mask}'`),
    )
    const scaleMap = await layer('scaleMap', room.scaling.map?.file, 'scaling.map.file', (image) => {
      if (image.width !== room.size.width || image.height !== room.size.height)
        throw new Error(
          `${roomFile}: scaling.map.file '${room.scaling.map?.file}' is ${image.width}×${image.height} px; expected the room's size ${room.size.width}×${room.size.height}`,
        )
      return image
    })
    return { room, background, mask, scaleMap, problems }
  },
  async importImage(): Promise<ImportedImage | null> {
    const file = await pickImageFile()
    if (!file) return null
    if (file.size > MAX_IMAGE_FILE_BYTES)
      throw new Error(fileTooLargeMessage(file.name, file.size, MAX_IMAGE_FILE_BYTES))
    const bytes = new Uint8Array(await file.arrayBuffer())
    return { fileName: file.name, bytes, image: await decodeImage(bytes, file.name) }
  },
  async decodeImage({ fileName, bytes }) {
    return { fileName, bytes, image: await decodeImage(bytes, fileName) }
  },
  listProjects: () => listStored(),
  async listBackups({ ref }) {
    return listBackups(opfsProjectFiles(await projectDir(ref)))
  },
  async restoreBackup({ ref, backupId }) {
    const files = opfsProjectFiles(await projectDir(ref))
    await withLock(ref, async () => {
      await recoverSave(files)
      await restoreFromBackup(files, backupId, PROJECT_FILE_NAME)
    })
    return openRef(ref)
  },
  async renameProject({ ref, name }) {
    const { files } = await openFiles(ref)
    // Read and saved inside the lock: a save that lands meanwhile is never undone by the rename.
    await withLock(ref, async () => {
      await recoverSave(files)
      const project = await readProject(files)
      await commitPlanned(
        files,
        await planSave(files, { ref, project: { ...project, name: name.trim() }, rooms: [] }),
      )
    })
    rememberRecent(ref, name.trim())
  },
  async deleteProject({ ref }) {
    const root = await projectsRoot()
    await withLock(ref, () => root.removeEntry(insidePath(ref, 'project', 'ref'), { recursive: true }))
    forgetRecent(ref)
  },
  async exportProjectZip({ ref }) {
    const { files } = await openFiles(ref)
    await readProject(files)
    const entries = []
    for (const path of await projectFiles(files)) {
      const bytes = await files.read(path)
      if (bytes) entries.push({ path, bytes })
    }
    return { fileName: `${ref}.zip`, bytes: writeZip(entries) }
  },
  async importProjectZip({ fileName, bytes }) {
    // Read whole within the zip budgets and checked before anything is written.
    const entries = await readProjectZip(bytes, fileName, inflateZipEntry)
    const projectEntry = entries.find((e) => e.path === PROJECT_FILE_NAME)!
    const project = projectFromText(
      decoder.decode(projectEntry.bytes),
      `${fileName}: ${PROJECT_FILE_NAME}`,
    ).value
    const root = await projectsRoot()
    // A name the list already has gets a number ("Walkbox sample (2)"): two rows that read
    // the same cannot be told apart in Open.
    const names = new Set((await listStored()).map((p) => p.name))
    let name = project.name
    for (let n = 2; names.has(name); n++) name = `${project.name} (${n})`
    const ref = await uniqueRef(root, name)
    try {
      await writeImportedProject(
        opfsProjectFiles(await root.getDirectoryHandle(ref, { create: true })),
        entries,
      )
      if (name !== project.name) await host.renameProject({ ref, name })
      return await checkOpens(ref)
    } catch (error) {
      // Nothing is left behind when the zip does not make a project that opens.
      await root.removeEntry(ref, { recursive: true }).catch(() => undefined)
      forgetRecent(ref)
      throw new Error(`${fileName}: ${error instanceof Error ? error.message : String(error)}`)
    }
  },
  onMenuAction(listener) {
    menuListeners.add(listener)
    return () => menuListeners.delete(listener)
  },
  onOpenRequest() {
    // The browser edition has no OS file associations or native menus.
    return () => undefined
  },
  onCloseRequest() {
    // A tab asks through 'beforeunload' (App.vue); there is no close request to hear.
    return () => undefined
  },
  async closeWindow() {
    // A page cannot close the tab the author opened; leaving it is the author's move.
  },
}

export function createBrowserHost(): WalkboxHost {
  return host
}
