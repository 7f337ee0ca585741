/**
 * The desktop host: the host contract carried out in plain Node over project
 * folders on disk. Electron's main process registers one IPC handler per method
 * (ipc.ts) and gives it native dialogs; tests drive it with stub dialogs and real
 * temp folders.
 *
 * Glossary
 * - ref: a project folder's absolute path. The renderer may only name folders the
 *   author chose in a dialog, the OS asked us to open, the sample, or the recent list;
 *   any other ref is refused, so a compromised page cannot read or write elsewhere.
 * - recent list: the last ten projects, kept in <userData>/recent-projects.json.
 * - sample: resources/sample-project, copied on first use to <userData>/Projects/Walkbox sample
 *   so the shipped copy is never written.
 */
import { cp, mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type {
  AppInfo,
  CreateProjectRequest,
  ImportImageRequest,
  ImportedImage,
  LoadedRoom,
  LoadRoomRequest,
  OpenedProject,
  OpenProjectRequest,
  ProjectRef,
  RecentProject,
  RgbaImage,
  SaveProjectRequest,
  SaveRoomRequest,
} from '../shared/host'
import { parseProject, parseRoom, PROJECT_FILE_NAME } from '../shared/room/schema'
import type { Project } from '../shared/room/schema'
import { decodeImage } from './services/image-codec'
import * as store from './services/project-store'

export interface DesktopDialogs {
  /** A project folder (or its project.walkbox.json) to open; null when cancelled. */
  chooseProjectFolder(title: string): Promise<string | null>
  /** A new folder to create a project in; null when cancelled. */
  chooseNewProjectFolder(title: string, defaultName: string): Promise<string | null>
  /** An image file; null when cancelled. */
  chooseImageFile(title: string): Promise<string | null>
}

export interface DesktopHostOptions {
  userDataDir: () => string
  sampleDir: () => string
  appVersion: () => string
  platform: string
  dialogs: DesktopDialogs
  onRecentChanged?: (recent: RecentProject[]) => void
  /** Close the editor's window now (its unsaved work was dealt with; see close-guard.ts). */
  closeWindow?: () => void
}

const RECENT_FILE = 'recent-projects.json'
const RECENT_MAX = 10
const SAMPLE_NAME = 'Walkbox sample'

async function isDir(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false
}

/** A project folder from a path the author or the OS gave: the folder itself or its project file. */
export function projectFolderOf(path: string): string {
  const full = resolve(path)
  return basename(full).endsWith('.json') ? dirname(full) : full
}

function greyToRgba(grey: { width: number; height: number; values: Uint8Array }): RgbaImage {
  const data = new Uint8Array(grey.width * grey.height * 4)
  for (let i = 0; i < grey.values.length; i++) {
    const v = grey.values[i]
    data[i * 4] = v
    data[i * 4 + 1] = v
    data[i * 4 + 2] = v
    data[i * 4 + 3] = 255
  }
  return { width: grey.width, height: grey.height, data }
}

export class DesktopHost {
  private readonly allowed = new Set<string>()
  private recent: RecentProject[] | null = null

  constructor(private readonly options: DesktopHostOptions) {}

  private recentPath(): string {
    return join(this.options.userDataDir(), RECENT_FILE)
  }

  /** The recent list, read synchronously (menus are built before any await). */
  recentSync(): RecentProject[] {
    if (this.recent) return this.recent
    try {
      const list = JSON.parse(readFileSync(this.recentPath(), 'utf8')) as RecentProject[]
      this.recent = Array.isArray(list)
        ? list.filter((r) => typeof r?.ref === 'string' && typeof r?.name === 'string')
        : []
    } catch {
      this.recent = []
    }
    for (const r of this.recent) this.allowed.add(resolve(r.ref))
    return this.recent
  }

  private async remember(ref: string, name: string): Promise<void> {
    const list = this.recentSync().filter((r) => resolve(r.ref) !== ref)
    list.unshift({ ref, name, openedAt: new Date().toISOString() })
    this.recent = list.slice(0, RECENT_MAX)
    await mkdir(this.options.userDataDir(), { recursive: true })
    await writeFile(this.recentPath(), JSON.stringify(this.recent, null, 2) + '\n')
    this.options.onRecentChanged?.(this.recent)
  }

  /** Allow a folder the OS asked us to open (file association); returns its ref. */
  allowFromOs(path: string): ProjectRef | null {
    if (!path) return null
    const folder = projectFolderOf(path)
    this.allowed.add(folder)
    return folder
  }

  private requireAllowed(ref: string): string {
    this.recentSync()
    const folder = resolve(ref)
    if (!this.allowed.has(folder)) {
      throw new Error(`The project at ${folder} was not opened here; open it with File › Open Project.`)
    }
    return folder
  }

  private async opened(folder: string): Promise<OpenedProject> {
    const result = await store.openProject(folder)
    this.allowed.add(result.folder)
    await this.remember(result.folder, result.project.name)
    return {
      ref: result.folder,
      project: result.project,
      rooms: result.rooms.filter((r) => r.exists).map((r) => ({ id: r.id, name: r.name })),
    }
  }

  async appInfo(): Promise<AppInfo> {
    return {
      name: 'Walkbox',
      version: this.options.appVersion(),
      host: 'electron',
      platform: this.options.platform,
    }
  }

  async recentProjects(): Promise<RecentProject[]> {
    return this.recentSync()
  }

  async openSampleProject(): Promise<OpenedProject> {
    const target = join(this.options.userDataDir(), 'Projects', SAMPLE_NAME)
    if (!(await isDir(target)) || !(await stat(join(target, PROJECT_FILE_NAME)).catch(() => null))) {
      await mkdir(dirname(target), { recursive: true })
      await cp(this.options.sampleDir(), target, { recursive: true, errorOnExist: false, force: false })
    }
    return this.opened(target)
  }

  async createProject(req: CreateProjectRequest): Promise<OpenedProject | null> {
    const chosen = await this.options.dialogs.chooseNewProjectFolder('New Walkbox project', req.name)
    if (!chosen) return null
    const folder = resolve(chosen)
    // An empty project: its rooms are made from their backgrounds in the editor.
    await store.createProject(folder, basename(folder) || req.name, { appVersion: this.options.appVersion() })
    return this.opened(folder)
  }

  async openProject(req: OpenProjectRequest): Promise<OpenedProject | null> {
    if (req.ref) return this.opened(this.requireAllowed(req.ref))
    const chosen = await this.options.dialogs.chooseProjectFolder('Open Walkbox project')
    if (!chosen) return null
    return this.opened(projectFolderOf(chosen))
  }

  async saveProject(req: SaveProjectRequest | { ref: string; project: unknown }): Promise<void> {
    const folder = this.requireAllowed(req.ref)
    await store.saveProject(folder, parseProject(req.project), { appVersion: this.options.appVersion() })
  }

  async saveProjectAs(
    req: SaveProjectRequest | { ref: string; project: unknown },
  ): Promise<OpenedProject | null> {
    const from = this.requireAllowed(req.ref)
    const project: Project = parseProject(req.project)
    const chosen = await this.options.dialogs.chooseNewProjectFolder(
      'Save Walkbox project as',
      `${project.name} copy`,
    )
    if (!chosen) return null
    const folder = resolve(chosen)
    if (folder === from || folder.startsWith(from + '/') || folder.startsWith(from + '\\')) {
      throw new Error('Choose a folder outside the project to save a copy into.')
    }
    if (await stat(join(folder, PROJECT_FILE_NAME)).catch(() => null)) {
      throw new Error(`${folder} already holds a project; choose an empty folder.`)
    }
    await cp(from, folder, { recursive: true, errorOnExist: false })
    this.allowed.add(folder)
    await store.saveProject(
      folder,
      { ...project, name: basename(folder) || project.name },
      { appVersion: this.options.appVersion() },
    )
    return this.opened(folder)
  }

  async loadRoom(req: LoadRoomRequest): Promise<LoadedRoom> {
    const folder = this.requireAllowed(req.ref)
    const loaded = await store.loadRoom(folder, req.roomId)
    return {
      room: loaded.room,
      background: loaded.background ?? null,
      mask: loaded.mask?.cells ?? null,
      scaleMap: loaded.scaleMap ? greyToRgba(loaded.scaleMap) : null,
      problems: loaded.problems,
    }
  }

  async saveRoom(
    req:
      | SaveRoomRequest
      | { ref: string; room: unknown; background?: Uint8Array; mask?: Uint8Array; scaleMap?: Uint8Array },
  ): Promise<void> {
    const folder = this.requireAllowed(req.ref)
    const room = parseRoom(req.room)
    if (req.mask && !room.mask) room.mask = 'walkmask.png'
    await store.saveRoom(folder, room, {
      background: req.background,
      mask: req.mask ? { width: room.size.width, height: room.size.height, cells: req.mask } : undefined,
      scaleMap: req.scaleMap,
    })
  }

  async closeWindow(): Promise<void> {
    this.options.closeWindow?.()
  }

  async importImage(req: ImportImageRequest): Promise<ImportedImage | null> {
    const titles = {
      background: 'Choose a background image',
      mask: 'Choose a walk mask image',
      'scale-map': 'Choose a scale map image',
    }
    const file = await this.options.dialogs.chooseImageFile(titles[req.purpose])
    if (!file) return null
    const bytes = new Uint8Array(await readFile(file))
    const image = await decodeImage(bytes, basename(file))
    return { fileName: basename(file), bytes, image }
  }
}
