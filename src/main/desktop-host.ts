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
import { cp, mkdir, stat, writeFile } from 'node:fs/promises'
import { readRegularFile } from './services/regular-file'
import { MAX_IMAGE_FILE_BYTES, MAX_RECENT_FILE_BYTES } from '../shared/limits'
import { readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type {
  AppInfo,
  BackupSummary,
  CreateProjectRequest,
  DecodeImageRequest,
  GameSavePlan,
  GameSaveResult,
  ImportImageRequest,
  ImportedImage,
  ImportZipRequest,
  LoadedRoom,
  LoadRoomRequest,
  MenuChecksRequest,
  OpenedProject,
  OpenGameFolderRequest,
  OpenProjectRequest,
  ProjectListing,
  ProjectRef,
  ProjectRequest,
  RecentProject,
  RenameProjectRequest,
  RestoreBackupRequest,
  SaveProjectRequest,
  SaveResult,
  WriteGameSaveRequest,
} from '../shared/host'
import { RECENT_MAX } from '../shared/host'
import { cleanRecentList } from '../shared/recent-list'
import { openGameFolderTitle } from '../shared/formats/engine-texts'
import type { CheckedHost } from '../shared/host-methods'
import { parseProject, PROJECT_FILE_NAME } from '../shared/room/schema'
import type { MenuChecks } from '../shared/actions'
import { projectForHost, roomForHost, saveOfRequest, unusedProjectName } from '../shared/room/project-store'
import { decodeImage } from './services/image-codec'
import * as store from './services/project-store'
import {
  GAME_PROJECT_DIR,
  gameInfoOf,
  gameOfProject,
  isGameFolder,
  openGameFolder,
  planGameSave,
  readOnlyGameRefusal,
  scratchFolderFor,
  withNoBackground,
  writeGameSave,
} from './services/game-folder-store'
import type { ProjectFiles } from '../shared/room/unit-save'
import { planForAuthor } from '../shared/game/game-plan'

export interface DesktopDialogs {
  /** A project folder (or its project.walkbox.json) to open; null when cancelled. */
  chooseProjectFolder(title: string): Promise<string | null>
  /** A game folder (AGS, Godot, Tiled) to open; null when cancelled. Absent: chooseProjectFolder asks. */
  chooseGameFolder?(title: string): Promise<string | null>
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
  /** The editor's checkbox settings changed: the native menu shows them (menu-template.ts). */
  onMenuChecks?: (checked: MenuChecks) => void
  /** A game folder's files (tests inject a layer that refuses writes); default: the folder on disk. */
  gameFiles?: (game: string) => ProjectFiles
}

const RECENT_FILE = 'recent-projects.json'
const SAMPLE_NAME = 'Walkbox sample'

async function isDir(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false
}

/** A project folder from a path the author or the OS gave: the folder itself or its project file. */
export function projectFolderOf(path: string): string {
  const full = resolve(path)
  return basename(full).endsWith('.json') ? dirname(full) : full
}

/** Where the scratch projects of read-only game folders go, under the user data folder. */
const READ_ONLY_GAMES_DIR = 'Read-only games'

/** The desktop's side of every method of the host method table (src/shared/host-methods.ts). */
export class DesktopHost implements CheckedHost {
  private readonly allowed = new Set<string>()
  private recent: RecentProject[] | null = null
  /** Scratch project folders of read-only games opened here -> the line saying so. */
  private readonly readOnlyGames = new Map<string, string>()

  constructor(private readonly options: DesktopHostOptions) {}

  private recentPath(): string {
    return join(this.options.userDataDir(), RECENT_FILE)
  }

  /** The recent list, read synchronously (menus are built before any await). */
  recentSync(): RecentProject[] {
    if (this.recent) return this.recent
    try {
      // Read synchronously, so only a small regular file (a pipe here would block the main thread).
      const info = statSync(this.recentPath())
      if (!info.isFile() || info.size > MAX_RECENT_FILE_BYTES) throw new Error('not a recent-projects list')
      this.recent = cleanRecentList(JSON.parse(readFileSync(this.recentPath(), 'utf8')))
    } catch {
      this.recent = []
    }
    for (const r of this.recent) this.allowed.add(resolve(r.ref))
    return this.recent
  }

  /**
   * Put a project (a game's: with its engine, and whether the author opened it read-only)
   * first in the recent list.
   */
  private async remember(
    ref: string,
    name: string,
    game?: RecentProject['game'],
    readOnly?: boolean,
  ): Promise<void> {
    const was = this.recentSync().find((r) => resolve(r.ref) === ref)
    const list = this.recentSync().filter((r) => resolve(r.ref) !== ref)
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
    await this.keepRecent(list.slice(0, RECENT_MAX))
  }

  private async keepRecent(list: RecentProject[]): Promise<void> {
    this.recent = list
    await mkdir(this.options.userDataDir(), { recursive: true })
    await writeFile(this.recentPath(), JSON.stringify(this.recent, null, 2) + '\n')
    this.options.onRecentChanged?.(this.recent)
  }

  /** Take a project or game off the recent list; its folder is not touched. */
  async forgetRecentProject(req: ProjectRequest): Promise<void> {
    const folder = resolve(req.ref)
    const list = this.recentSync()
    if (list.some((r) => resolve(r.ref) === folder))
      await this.keepRecent(list.filter((r) => resolve(r.ref) !== folder))
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

  /** A folder a request may write: allowed, and no part of a game opened read-only (its scratch project or anything in the game). */
  private requireWritable(ref: string): string {
    const folder = this.requireAllowed(ref)
    const readOnly = this.readOnlyGames.get(folder) ?? readOnlyGameRefusal(folder)
    if (readOnly) throw new Error(`Not saved: ${readOnly}.`)
    return folder
  }

  private async opened(folder: string): Promise<OpenedProject> {
    const result = await store.openProject(folder)
    this.allowed.add(result.folder)
    const game = await gameInfoOf(result.folder)
    await this.remember(result.folder, result.project.name, game?.engine)
    return { ...projectForHost(result.folder, result), ...(game ? { game } : {}) }
  }

  /**
   * Open a game folder the author picks (game-folder-store.ts); `readOnly`: read-only by the
   * author's choice, nothing tried or written in it.
   */
  async openGameFolder(req: OpenGameFolderRequest = {}): Promise<OpenedProject | null> {
    const { dialogs } = this.options
    const title = openGameFolderTitle(req.readOnly === true)
    const chosen = await (dialogs.chooseGameFolder ?? dialogs.chooseProjectFolder).call(dialogs, title)
    return chosen
      ? this.openGameAt(chosen, req.readOnly === true, {
          ...(req.tiledLayers ? { tiledLayers: req.tiledLayers } : {}),
          ...(req.setAside ? { setAside: true } : {}),
        })
      : null
  }

  private async openGameAt(
    chosen: string,
    readOnly = false,
    read: { tiledLayers?: OpenGameFolderRequest['tiledLayers']; setAside?: boolean } = {},
  ): Promise<OpenedProject> {
    const game = await openGameFolder(chosen, {
      appVersion: this.options.appVersion(),
      scratch: scratchFolderFor(chosen, join(this.options.userDataDir(), READ_ONLY_GAMES_DIR)),
      ...(this.options.gameFiles ? { files: this.options.gameFiles(resolve(chosen)) } : {}),
      readOnly,
      ...read,
    })
    if (game.readOnly !== null) {
      // Edited in a scratch project; the recent list names the game (reopened as a game from there).
      this.allowed.add(game.folder)
      this.readOnlyGames.set(
        game.folder,
        readOnly
          ? `you opened the game ${basename(game.game)} read-only: ${game.readOnly}`
          : `the game ${basename(game.game)} is read-only here: ${game.readOnly}`,
      )
      const inGame = join(game.game, GAME_PROJECT_DIR)
      this.allowed.add(inGame)
      await this.remember(inGame, game.project.name, game.link.engine, readOnly)
      return {
        ...projectForHost(game.folder, game),
        game: {
          engine: game.link.engine,
          name: basename(game.game),
          rooms: game.link.rooms.length,
          readOnly: null,
          readOnlyFolder: game.readOnly,
          ...(readOnly ? { readOnlyChosen: true as const } : {}),
          ...withNoBackground(game.link),
        },
        ...(game.imported && game.notes.length > 0 ? { readNotes: game.notes } : {}),
      }
    }
    const opened = await this.opened(game.folder)
    // What reading the game found is shown once (readNotes); a write-back set aside is a warning.
    return {
      ...opened,
      warnings: [...new Set([...(opened.warnings ?? []), ...game.warnings])],
      ...(game.imported && game.notes.length > 0 ? { readNotes: game.notes } : {}),
    }
  }

  async planGameSave(req: ProjectRequest): Promise<GameSavePlan> {
    return planForAuthor(await planGameSave(this.requireAllowed(req.ref)))
  }

  async writeGameSave(req: WriteGameSaveRequest): Promise<GameSaveResult> {
    const done = await writeGameSave(this.requireAllowed(req.ref), req.fingerprint)
    return { written: done.written, backup: done.backup }
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
    if (req.ref) {
      const folder = this.requireAllowed(req.ref)
      const entry = this.recentSync().find((r) => resolve(r.ref) === folder)
      const game = await gameOfProject(folder)
      if (!game && !entry?.game) return this.opened(folder)
      // A game folder from the recent list: still there and still a game, opened as Open
      // Game Folder opens it (a write-back a crash stopped is finished first), or read-only
      // when the author opened it so.
      // (A read-only game has no link: Walkbox never wrote into it.)
      const gameFolder = game ?? dirname(dirname(folder))
      if (!(await isGameFolder(gameFolder)))
        throw new Error(
          `The game folder ${gameFolder} is not there any more or is no longer a game Walkbox opened (moved, renamed or deleted?); open it again with File › Open Game Folder.`,
        )
      return this.openGameAt(gameFolder, entry?.readOnly === true)
    }
    const chosen = await this.options.dialogs.chooseProjectFolder('Open Walkbox project')
    if (!chosen) return null
    // Open accepts a game's own folder too (AGS, Godot, Tiled): it opens in place.
    const folder = projectFolderOf(chosen)
    if (!(await stat(join(folder, PROJECT_FILE_NAME)).catch(() => null)) && (await isGameFolder(folder)))
      return this.openGameAt(folder)
    return this.opened(folder)
  }

  /** The store's form of a save request: validated models and images as the store takes them. */
  private unitSave(
    req:
      | SaveProjectRequest
      | {
          project: unknown
          rooms: { room: unknown; background?: Uint8Array; mask?: Uint8Array; scaleMap?: Uint8Array }[]
        },
  ): store.ProjectSave {
    // The project is checked here too: Save As names the copy after it before the store runs.
    return saveOfRequest({ ...req, project: parseProject(req.project) })
  }

  async saveProject(
    req: SaveProjectRequest | { ref: string; project: unknown; rooms: { room: unknown }[] },
  ): Promise<SaveResult> {
    const folder = this.requireWritable(req.ref)
    const result = await store.saveProjectUnit(folder, this.unitSave(req as SaveProjectRequest), {
      appVersion: this.options.appVersion(),
    })
    await this.remember(folder, result.project.name)
    return result
  }

  async saveProjectAs(
    req: SaveProjectRequest | { ref: string; project: unknown; rooms: { room: unknown }[] },
  ): Promise<OpenedProject | null> {
    const from = this.requireAllowed(req.ref)
    const save = this.unitSave(req as SaveProjectRequest)
    const chosen = await this.options.dialogs.chooseNewProjectFolder(
      'Save Walkbox project as',
      `${save.project.name} copy`,
    )
    if (!chosen) return null
    const folder = resolve(chosen)
    await store.saveProjectCopy(
      from,
      folder,
      { ...save, project: { ...save.project, name: basename(folder) || save.project.name } },
      { appVersion: this.options.appVersion() },
    )
    this.allowed.add(folder)
    return this.opened(folder)
  }

  async loadRoom(req: LoadRoomRequest): Promise<LoadedRoom> {
    const folder = this.requireAllowed(req.ref)
    return roomForHost(await store.loadRoom(folder, req.roomId))
  }

  async closeWindow(): Promise<void> {
    this.options.closeWindow?.()
  }

  /** The checks of the native menu's on/off items, as the editor last said. */
  menuChecks: MenuChecks = {}

  async setMenuChecks(req: MenuChecksRequest): Promise<void> {
    this.menuChecks = { ...this.menuChecks, ...req.checked }
    this.options.onMenuChecks?.(this.menuChecks)
  }

  async decodeImage(req: DecodeImageRequest): Promise<ImportedImage> {
    return { fileName: req.fileName, bytes: req.bytes, image: await decodeImage(req.bytes, req.fileName) }
  }

  /** Every project of the recent list, damaged ones with their one-line error. */
  async listProjects(): Promise<ProjectListing[]> {
    const out: ProjectListing[] = []
    for (const recent of this.recentSync()) {
      const folder = resolve(recent.ref)
      const backups = (await store.listProjectBackups(folder).catch(() => [])).length
      const savedAt =
        (await stat(join(folder, PROJECT_FILE_NAME)).catch(() => null))?.mtime.toISOString() ?? null
      try {
        const opened = await store.openProject(folder, { listing: true })
        out.push({
          ref: folder,
          name: opened.project.name,
          rooms: opened.project.rooms.length,
          savedAt,
          error: null,
          backups,
        })
      } catch (e) {
        // A read-only game keeps no project in its folder: said as such, not as a damaged project.
        const readOnlyGame =
          recent.game && !(await isDir(folder)) && (await isGameFolder(dirname(dirname(folder))))
        out.push({
          ref: folder,
          name: recent.name,
          rooms: null,
          savedAt,
          error: !readOnlyGame
            ? (e as Error).message
            : recent.readOnly
              ? `${dirname(dirname(folder))}: a game folder you opened read-only (nothing of Walkbox's is kept there); open it from File › Open Recent or File › Open Game Folder Read-Only.`
              : `${dirname(dirname(folder))}: a game folder Walkbox may only read (nothing of Walkbox's is kept there); open it from File › Open Recent or File › Open Game Folder.`,
          backups,
        })
      }
    }
    return out
  }

  async listBackups(req: ProjectRequest): Promise<BackupSummary[]> {
    return store.listProjectBackups(this.requireAllowed(req.ref))
  }

  async restoreBackup(req: RestoreBackupRequest): Promise<OpenedProject> {
    const folder = this.requireWritable(req.ref)
    await store.restoreProjectBackup(folder, req.backupId)
    return this.opened(folder)
  }

  async renameProject(req: RenameProjectRequest): Promise<void> {
    const folder = this.requireWritable(req.ref)
    await store.updateProject(folder, (project) => ({ ...project, name: req.name.trim() }))
    await this.remember(folder, req.name.trim())
  }

  /** The desktop never deletes project folders: the project leaves the recent list, its files stay. */
  async deleteProject(req: ProjectRequest): Promise<void> {
    await this.forgetRecentProject({ ref: this.requireAllowed(req.ref) })
  }

  async exportProjectZip(req: ProjectRequest): Promise<{ fileName: string; bytes: Uint8Array }> {
    const folder = this.requireAllowed(req.ref)
    const { project } = await store.openProject(folder)
    return {
      fileName: `${basename(folder) || project.name}.zip`,
      bytes: await store.exportProjectZip(folder),
    }
  }

  async importProjectZip(req: ImportZipRequest): Promise<OpenedProject | null> {
    const chosen = await this.options.dialogs.chooseNewProjectFolder(
      'Import a Walkbox project into',
      req.fileName.replace(/\.zip$/i, ''),
    )
    if (!chosen) return null
    const folder = resolve(chosen)
    // A name the list already has gets a number ("Walkbox sample (2)"), as in the browser.
    const taken = (await this.listProjects()).filter((p) => resolve(p.ref) !== folder).map((p) => p.name)
    const imported = await store.importProjectZip(req.bytes, req.fileName, folder)
    const name = unusedProjectName(imported.project.name, taken)
    if (name !== imported.project.name) await store.updateProject(folder, (p) => ({ ...p, name }))
    return this.opened(folder)
  }

  async importImage(req: ImportImageRequest): Promise<ImportedImage | null> {
    const titles = {
      background: 'Choose a background image',
      mask: 'Choose a walk mask image',
      'scale-map': 'Choose a scale map image',
    }
    const file = await this.options.dialogs.chooseImageFile(titles[req.purpose])
    if (!file) return null
    const bytes = await readRegularFile(file, basename(file), MAX_IMAGE_FILE_BYTES)
    const image = await decodeImage(bytes, basename(file))
    return { fileName: basename(file), bytes, image }
  }
}
