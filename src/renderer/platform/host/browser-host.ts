/**
 * The browser host: the host contract over the Origin Private File System (OPFS). Projects
 * persist across reloads in the page's origin. Opening, loading rooms, saves, Save As,
 * backups and recovery are the project store's (src/shared/room/project-store.ts), the same
 * code as the desktop's, over OPFS files (opfs-files.ts), the browser's image codec
 * (png.ts) and the Web Locks API; whole projects go in and out as .zip files (the only way
 * in and out of OPFS).
 *
 * Glossary
 * - OPFS layout: `projects/<ref>/project.walkbox.json` and the project's room folders,
 *   exactly as on disk in the desktop app (with `backups/`).
 * - ref: the project's folder name under `projects/`.
 *
 * Units: px for images; bytes for files.
 */
import type {
  AppInfo,
  ImportedImage,
  LoadedRoom,
  OpenedProject,
  ProjectListing,
  RecentProject,
} from '../../../shared/host'
import type { WalkboxHost } from '../../../shared/host-methods'
import { RECENT_MAX } from '../../../shared/host'
import { cleanRecentList } from '../../../shared/recent-list'
import { projectFromText, roomFromText } from '../../../shared/room/load'
import { PROJECT_FILE_NAME, ROOM_FILE_NAME } from '../../../shared/room/schema'
import { projectPathOf } from '../../../shared/room/project-paths'
import type { FileWrite } from '../../../shared/room/unit-save'
import {
  checkStoredProject,
  createStoredProject,
  listStoredBackups,
  loadStoredRoom,
  openStoredProject,
  ownStoredFiles,
  placeStoredProject,
  projectForHost,
  restoreStoredBackup,
  roomForHost,
  saveOfRequest,
  saveStoredProject,
  type StoreHost,
  unusedProjectName,
} from '../../../shared/room/project-store'
import { writeZip } from '../../../shared/room/zip'
import { readProjectZip } from '../../../shared/room/project-zip'
import { inflateZipEntry } from './zip-inflate'
import { writeImportedProject } from './opfs-zip-import'
import { fileTooLargeMessage, MAX_IMAGE_FILE_BYTES } from '../../../shared/limits'
import { chooseFromList } from './browser-dialogs'
import { opfsProjectFiles } from './opfs-files'
import { browserImageCodec, decodeImageFile } from './png'
import { forgetGames, gameFolderMethods, gameInfoFor, gameProjectDir, isGameRef } from './game-folder-host'
import { withWebLock } from './web-locks'

const PROJECTS_DIR = 'projects'
const RECENT_KEY = 'walkbox.recentProjects'
const SAMPLE_REF = 'walkbox-sample'
/** Where the web build serves the sample project from (resources/sample-project). */
const SAMPLE_URL = 'sample-project/'
const APP_VERSION = '0.1.0'

type Dir = FileSystemDirectoryHandle

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

/**
 * A project name from the recent list or the address, as a folder of `projects/` (the rules
 * of a path inside a project file: src/shared/path-rules.ts, PROJECT_FILE_PATHS).
 */
export function insidePath(relative: string, file: string, field: string): string {
  return projectPathOf('', relative, { file, field })
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
    return cleanRecentList(JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]'))
  } catch {
    return []
  }
}

/** Keep the recent list (at most RECENT_MAX); the game folders that left it are forgotten too. */
function keepRecent(before: RecentProject[], list: RecentProject[]): void {
  const kept = list.slice(0, RECENT_MAX)
  localStorage.setItem(RECENT_KEY, JSON.stringify(kept))
  void forgetGames(before.map((r) => r.ref).filter((r) => !kept.some((k) => k.ref === r)))
}

/** Put a project (a game's: its engine, and whether the author opened it read-only) first in the recent list. */
function rememberRecent(ref: string, name: string, game?: RecentProject['game'], readOnly?: boolean): void {
  const before = readRecent()
  const was = before.find((r) => r.ref === ref)
  const list = before.filter((r) => r.ref !== ref)
  // Renaming or saving a game's project keeps it marked as the game's (and as read-only).
  const engine = game ?? was?.game
  const chosen = game ? readOnly === true : was?.readOnly === true
  list.unshift({
    ref,
    name,
    openedAt: new Date().toISOString(),
    ...(engine ? { game: engine } : {}),
    ...(engine && chosen ? { readOnly: true as const } : {}),
  })
  keepRecent(before, list)
}

function forgetRecent(ref: string): void {
  const before = readRecent()
  keepRecent(
    before,
    before.filter((r) => r.ref !== ref),
  )
}

async function projectDir(ref: string): Promise<Dir> {
  const game = await gameProjectDir(ref)
  if (game) return game
  const root = await projectsRoot()
  try {
    return await root.getDirectoryHandle(insidePath(ref, 'project', 'ref'))
  } catch {
    throw new Error(`There is no project '${ref}' in this browser's storage.`)
  }
}

/**
 * One writer at a time per project: a second waits for the first, in this page and in every
 * other tab of the same origin (web-locks.ts), so two tabs never save over each other.
 */
function withLock<T>(ref: string, work: () => Promise<T>): Promise<T> {
  return withWebLock(`walkbox-project:${ref}`, work)
}

/** The project store's host for the project `ref` in OPFS (its folder `dir`): OPFS files, the browser's codec, Web Locks. */
export function opfsStore(ref: string, dir: Dir): StoreHost {
  return {
    files: opfsProjectFiles(dir),
    codec: browserImageCodec,
    lock: (work) => withLock(ref, work),
    appVersion: APP_VERSION,
  }
}

async function storeOf(ref: string, dir?: Dir): Promise<StoreHost> {
  return opfsStore(ref, dir ?? (await projectDir(ref)))
}

async function openRef(ref: string): Promise<OpenedProject> {
  const opened = await openStoredProject(await storeOf(ref))
  const game = await gameInfoFor(ref)
  rememberRecent(ref, opened.project.name, game?.engine, game?.readOnlyChosen === true)
  return { ...projectForHost(ref, opened), ...(game ? { game } : {}) }
}

/**
 * Put the sample project (served beside the page) into `projects/walkbox-sample` as any
 * project is placed: its files checked, written as one unit under the project's lock, then
 * opened with every room; named like an imported project, so that a listed project already
 * called "Walkbox sample" leaves it "Walkbox sample (2)". A folder this made is removed when
 * the sample does not open.
 */
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
    for (const file of [
      room.background,
      ...(room.backgroundFrames ?? []).map((f) => f.file),
      room.mask,
      room.scaling.map?.file,
    ]) {
      if (file)
        writes.push({ path: `${entry.folder}/${file}`, bytes: await fetchBytes(`${entry.folder}/${file}`) })
    }
    writes.push({ path: `${entry.folder}/${ROOM_FILE_NAME}`, bytes: roomBytes })
  }
  writes.push({ path: PROJECT_FILE_NAME, bytes: projectBytes })
  const name = unusedProjectName(
    project.name,
    (await listStored()).filter((p) => p.ref !== SAMPLE_REF).map((p) => p.name),
  )
  const existed = await root
    .getDirectoryHandle(SAMPLE_REF)
    .then(() => true)
    .catch(() => false)
  try {
    const store = await storeOf(SAMPLE_REF, await root.getDirectoryHandle(SAMPLE_REF, { create: true }))
    await placeStoredProject(store, writes, 'the sample project')
    if (name !== project.name) await host.renameProject({ ref: SAMPLE_REF, name })
  } catch (error) {
    if (!existed) await root.removeEntry(SAMPLE_REF, { recursive: true }).catch(() => undefined)
    throw error
  }
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
    const store = await storeOf(ref, handle as Dir)
    const backups = (await listStoredBackups(store).catch(() => [])).length
    let savedAt: string | null = null
    try {
      const file = await (await (handle as Dir).getFileHandle(PROJECT_FILE_NAME)).getFile()
      savedAt = new Date(file.lastModified).toISOString()
    } catch {
      savedAt = null
    }
    try {
      const { project } = await openStoredProject(store, { listing: true })
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
  async forgetRecentProject({ ref }) {
    forgetRecent(ref)
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
    // An empty project: its rooms are made from their backgrounds in the editor.
    await createStoredProject(
      await storeOf(ref, await root.getDirectoryHandle(ref, { create: true })),
      name,
      APP_VERSION,
    )
    return openRef(ref)
  },
  async openProject({ ref }) {
    // A game from the recent list opens as Open Game Folder opens it (game-folder-host.ts),
    // read-only when the author opened it so.
    if (ref && isGameRef(ref))
      return gameFolderMethods(host).openGameRef(
        ref,
        () => openRef(ref),
        readRecent().find((r) => r.ref === ref)?.readOnly === true,
      )
    if (ref) return openRef(ref)
    const choice = await chooseFromList(
      'Open project',
      (await listStored()).filter((p) => !p.error).map((p) => ({ value: p.ref, label: p.name })),
    )
    return choice ? openRef(choice) : null
  },
  async saveProject(req) {
    const result = await saveStoredProject(await storeOf(req.ref), saveOfRequest(req))
    return { savedAt: result.savedAt, backup: result.backup, project: result.project }
  },
  async saveProjectAs(req) {
    const name = req.copyName ?? `${req.project.name} copy`
    const root = await projectsRoot()
    const from = await storeOf(req.ref)
    const ref = await uniqueRef(root, name)
    try {
      const to = await storeOf(ref, await root.getDirectoryHandle(ref, { create: true }))
      await placeStoredProject(to, await ownStoredFiles(from.files), req.ref)
      await saveStoredProject(to, saveOfRequest({ ...req, project: { ...req.project, name } }))
    } catch (error) {
      await root.removeEntry(ref, { recursive: true }).catch(() => undefined)
      throw error
    }
    return openRef(ref)
  },
  async loadRoom({ ref, roomId }): Promise<LoadedRoom> {
    return roomForHost(await loadStoredRoom(await storeOf(ref), roomId))
  },
  async importImage(): Promise<ImportedImage | null> {
    const file = await pickImageFile()
    if (!file) return null
    if (file.size > MAX_IMAGE_FILE_BYTES)
      throw new Error(fileTooLargeMessage(file.name, file.size, MAX_IMAGE_FILE_BYTES))
    const bytes = new Uint8Array(await file.arrayBuffer())
    return { fileName: file.name, bytes, image: await decodeImageFile(bytes, file.name) }
  },
  async decodeImage({ fileName, bytes }) {
    return { fileName, bytes, image: await decodeImageFile(bytes, fileName) }
  },
  listProjects: () => listStored(),
  async listBackups({ ref }) {
    return listStoredBackups(await storeOf(ref))
  },
  async restoreBackup({ ref, backupId }) {
    await restoreStoredBackup(await storeOf(ref), backupId)
    return openRef(ref)
  },
  async renameProject({ ref, name }) {
    // Read and saved inside the lock: a save that lands meanwhile is never undone by the rename.
    await saveStoredProject(await storeOf(ref), ({ project }) => ({
      project: { ...project, name: name.trim() },
      rooms: [],
    }))
    rememberRecent(ref, name.trim())
  },
  async deleteProject({ ref }) {
    // A game's own folder is never deleted from here: it only leaves the recent list.
    if (isGameRef(ref)) return forgetRecent(ref)
    const root = await projectsRoot()
    await withLock(ref, () => root.removeEntry(insidePath(ref, 'project', 'ref'), { recursive: true }))
    forgetRecent(ref)
  },
  async exportProjectZip({ ref }) {
    const store = await storeOf(ref)
    await openStoredProject(store)
    // Dated when it is made (the browser's storage keeps no dates of its own for us).
    const bytes = writeZip(await ownStoredFiles(store.files), { modified: new Date() })
    return { fileName: `${ref}.zip`, bytes }
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
    const name = unusedProjectName(
      project.name,
      (await listStored()).map((p) => p.name),
    )
    const ref = await uniqueRef(root, name)
    try {
      const store = await storeOf(ref, await root.getDirectoryHandle(ref, { create: true }))
      await writeImportedProject(store.files, entries)
      if (name !== project.name) await host.renameProject({ ref, name })
      await checkStoredProject(store)
      return await openRef(ref)
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
  openGameFolder: (req) => gameFolderMethods(host).openGameFolder(req),
  planGameSave: (req) => gameFolderMethods(host).planGameSave(req),
  writeGameSave: (req) => gameFolderMethods(host).writeGameSave(req),
  async setMenuChecks() {
    // The browser's menu bar reads the editor's state itself.
  },
  async closeWindow() {
    // A page cannot close the tab the author opened; leaving it is the author's move.
  },
}

export function createBrowserHost(): WalkboxHost {
  return host
}
