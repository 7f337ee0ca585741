/**
 * The edition a test in tests/e2e/editions drives, so that one test body runs on both: the
 * browser edition (the web build in Chromium, the browser host over OPFS) in the e2e
 * project, the desktop edition (Walkbox's real main process under the electron double,
 * tests/support/desktop-app.ts) in the e2e-desktop project. Each hides only what differs
 * between them for the author:
 * - menus: the page's menu bar (browser) or the native menu (desktop), by action id;
 * - folders the author has (a game): OPFS folders under `games/` or folders on disk;
 * - pickers: the browser's showDirectoryPicker / file input, or the native dialogs;
 * - where the editor keeps projects: OPFS `projects/` or the folders on disk;
 * - a restart: a reload of the page, or the app ended and started again on its userData.
 * Everything else (the page, its buttons, its status line) is the same editor.
 *
 * Units: none.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { expect, inject } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../../support/chromium'
import { startDesktop, type DesktopApp } from '../../support/desktop-app'
import { recordCalls } from '../../support/desktop-calls'
import { filesBelow } from '../../support/folder-listing'
import { opfsFiles, readOpfs, statusText, waitForCanvasDrawn, waitUntil, writeOpfs } from '../helpers'

export type EditionName = 'browser' | 'desktop'

/** The edition this run drives (the vitest project's). */
export const EDITION: EditionName = inject('edition')

/** A folder the author has: its name and where the edition keeps it. */
export interface Folder {
  readonly name: string
  /** OPFS path ('games/curb') or absolute path on disk. */
  readonly at: string
}

export interface Edition {
  readonly name: EditionName
  /** The editor's page now (a desktop restart gives a new one). */
  readonly page: Page
  /** Run a menu command as the author does, by its action id, from the menu it sits in. */
  menu(menuLabel: string, actionId: string): Promise<void>
  /** File › Open Recent's entries as the author reads them. */
  recentEntries(): Promise<string[]>
  /** Run the File › Open Recent entry whose text matches. */
  openRecent(matching: RegExp): Promise<void>
  /** Put a folder of files where the author keeps folders. */
  putFolder(name: string, files: Record<string, string | Uint8Array>): Promise<Folder>
  readFile(folder: Folder, path: string): Promise<Uint8Array>
  /** Write a file into a folder (a project's, a game's), folders made as needed. */
  writeFile(folder: Folder, path: string, content: string | Uint8Array): Promise<void>
  /** Every file under the folder, relative paths, sorted. */
  listFiles(folder: Folder): Promise<string[]>
  /**
   * The folder the next folder picker answers with. `access: 'read'`: in the browser, a handle
   * granted read access only (write access refused); the desktop has no such thing.
   */
  pickFolder(folder: Folder, access?: 'read' | 'readwrite'): Promise<void>
  /** How the pickers were asked so far: the browser's picker modes, the desktop's dialog titles. */
  pickersAsked(): Promise<string[]>
  /**
   * Where the next new project (New Project, Save As, Import .zip) goes: the desktop's save
   * dialog is answered with a folder of that name; the browser asks nothing and keeps it in
   * OPFS under the name's slug. Returns where it will be.
   */
  answerNewFolder(name: string): Folder
  /** Where the editor keeps the project made under `name` (the sample: 'Walkbox sample'). */
  projectFolder(name: string): Folder
  /**
   * Do `act`, answering the host's file picker it opens (importImage: the browser's file input,
   * the desktop's open dialog) with `file` (a path, or a name and bytes). A file input of the
   * page itself (Open › Import .zip…) is Chromium's on both editions: use the page's filechooser.
   */
  chooseFile(file: string | { name: string; bytes: Uint8Array }, act: () => Promise<void>): Promise<void>
  /** Do `act`, which downloads a file; resolves with the file's bytes as saved. */
  saveDownload(act: () => Promise<void>): Promise<Uint8Array>
  /** Reload (browser) or end and start again (desktop); the editor is up again after. */
  restart(): Promise<void>
  close(): Promise<void>
}

/** Wait until the editor has opened a project (and, on a first start, drawn the sample's room). */
export async function editorUp(page: Page, drawn = false): Promise<void> {
  await waitUntil(
    () => statusText(page),
    (t) => /^Opened /.test(t),
    'the editor to open a project',
    60_000,
  )
  if (drawn) await waitForCanvasDrawn(page)
}

class BrowserEdition implements Edition {
  readonly name = 'browser'
  private constructor(
    private readonly browser: LaunchedBrowser,
    readonly page: Page,
  ) {}

  static async start(): Promise<BrowserEdition> {
    const browser = await launchChromium()
    const page = await browser.context.newPage()
    await page.goto(inject('webUrl'))
    await editorUp(page, true)
    return new BrowserEdition(browser, page)
  }

  async menu(menuLabel: string, actionId: string): Promise<void> {
    await this.page
      .getByRole('menubar', { name: 'Menu bar' })
      .getByRole('menuitem', { name: menuLabel, exact: true })
      .click()
    await this.page.locator(`[role="menu"] [data-action="${actionId}"]`).click()
  }

  private async openRecentMenu() {
    await this.page
      .getByRole('menubar', { name: 'Menu bar' })
      .getByRole('menuitem', { name: 'File', exact: true })
      .click()
    return this.page.getByTestId('open-recent').getByRole('menuitem')
  }

  async recentEntries(): Promise<string[]> {
    const items = await this.openRecentMenu()
    const texts = (await items.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())
    await this.page.keyboard.press('Escape')
    return texts
  }

  async openRecent(matching: RegExp): Promise<void> {
    const items = await this.openRecentMenu()
    await items.filter({ hasText: matching }).click()
  }

  async putFolder(name: string, files: Record<string, string | Uint8Array>): Promise<Folder> {
    for (const [path, content] of Object.entries(files))
      await writeOpfs(this.page, `games/${name}/${path}`, content)
    return { name, at: `games/${name}` }
  }

  readFile(folder: Folder, path: string): Promise<Uint8Array> {
    return readOpfs(this.page, `${folder.at}/${path}`)
  }

  writeFile(folder: Folder, path: string, content: string | Uint8Array): Promise<void> {
    return writeOpfs(this.page, `${folder.at}/${path}`, content)
  }

  listFiles(folder: Folder): Promise<string[]> {
    return opfsFiles(this.page, folder.at)
  }

  async pickFolder(folder: Folder, access: 'read' | 'readwrite' = 'readwrite'): Promise<void> {
    await this.page.evaluate(
      ([at, readOnly]) => {
        const w = window as unknown as Record<string, unknown>
        const asked = (w.walkboxPickersAsked ??= []) as string[]
        if (readOnly) {
          // A handle granted read access only: write access is refused when asked.
          const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>
          proto.queryPermission = async (o?: { mode?: string }) => {
            asked.push(`query ${o?.mode ?? 'read'}`)
            return o?.mode === 'readwrite' ? 'prompt' : 'granted'
          }
          proto.requestPermission = async (o?: { mode?: string }) => {
            asked.push(`request ${o?.mode ?? 'read'}`)
            return o?.mode === 'readwrite' ? 'denied' : 'granted'
          }
        }
        w.showDirectoryPicker = async (o?: { mode?: string }) => {
          asked.push(`picker ${o?.mode ?? 'read'}`)
          let dir = await navigator.storage.getDirectory()
          for (const part of at.split('/')) dir = await dir.getDirectoryHandle(part)
          return dir
        }
      },
      [folder.at, access === 'read'] as const,
    )
  }

  async pickersAsked(): Promise<string[]> {
    return this.page.evaluate(() => [
      ...(((window as unknown as Record<string, unknown>).walkboxPickersAsked as string[] | undefined) ?? []),
    ])
  }

  answerNewFolder(name: string): Folder {
    return this.projectFolder(name)
  }

  projectFolder(name: string): Folder {
    const slug = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
    return { name, at: `projects/${slug}` }
  }

  async chooseFile(
    file: string | { name: string; bytes: Uint8Array },
    act: () => Promise<void>,
  ): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser')
    await act()
    await (
      await chooser
    ).setFiles(
      typeof file === 'string'
        ? file
        : { name: file.name, mimeType: 'application/octet-stream', buffer: Buffer.from(file.bytes) },
    )
  }

  async saveDownload(act: () => Promise<void>): Promise<Uint8Array> {
    const download = this.page.waitForEvent('download')
    await act()
    const path = await (await download).path()
    return new Uint8Array(await readFile(path))
  }

  async restart(): Promise<void> {
    await this.page.reload()
    await editorUp(this.page)
  }

  async close(): Promise<void> {
    await this.browser.close()
  }
}

class DesktopEdition implements Edition {
  readonly name = 'desktop'
  private readonly folders: string

  private constructor(
    private app: DesktopApp,
    folders: string,
  ) {
    this.folders = folders
  }

  static async start(): Promise<DesktopEdition> {
    const folders = await mkdtemp(join(tmpdir(), 'walkbox-desktop-folders-'))
    const app = await startDesktop({ resources: inject('desktopResources') })
    await editorUp(app.page, true)
    return new DesktopEdition(app, folders)
  }

  get page(): Page {
    return this.app.page
  }

  /** The app under test (the desktop's own checks: dialogs, quit, the menu model). */
  get desktop(): DesktopApp {
    return this.app
  }

  async menu(menuLabel: string, actionId: string): Promise<void> {
    const menu = this.app.menuItem(menuLabel).submenu
    const item = menu?.items.find((i) => i.id === actionId)
    if (!item) throw new Error(`The native ${menuLabel} menu has no item ${actionId}.`)
    item.click(this.app.world)
  }

  async recentEntries(): Promise<string[]> {
    return this.app.menuItem('File', 'Open Recent').submenu!.items.map((i) => i.label)
  }

  async openRecent(matching: RegExp): Promise<void> {
    const items = this.app
      .menuItem('File', 'Open Recent')
      .submenu!.items.filter((i) => matching.test(i.label))
    expect(items, `one Open Recent entry matching ${matching}`).toHaveLength(1)
    items[0].click(this.app.world)
  }

  async putFolder(name: string, files: Record<string, string | Uint8Array>): Promise<Folder> {
    const folder = { name, at: join(this.folders, name) }
    for (const [path, content] of Object.entries(files)) await this.writeFile(folder, path, content)
    return folder
  }

  async writeFile(folder: Folder, path: string, content: string | Uint8Array): Promise<void> {
    await mkdir(dirname(join(folder.at, path)), { recursive: true })
    await writeFile(join(folder.at, path), content)
  }

  async readFile(folder: Folder, path: string): Promise<Uint8Array> {
    return new Uint8Array(await readFile(join(folder.at, path)))
  }

  async listFiles(folder: Folder): Promise<string[]> {
    return (await filesBelow(folder.at)).sort()
  }

  async pickFolder(folder: Folder): Promise<void> {
    this.app.answerDialog({ filePaths: [folder.at] })
  }

  async pickersAsked(): Promise<string[]> {
    return this.app.dialogsShown.map((d) => String(d.options.title ?? d.kind))
  }

  answerNewFolder(name: string): Folder {
    const folder = { name, at: join(this.folders, name) }
    this.app.answerDialog({ filePath: folder.at })
    return folder
  }

  async chooseFile(
    file: string | { name: string; bytes: Uint8Array },
    act: () => Promise<void>,
  ): Promise<void> {
    let path = file as string
    if (typeof file !== 'string') {
      path = join(this.folders, 'chosen', file.name)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, file.bytes)
    }
    this.app.answerDialog({ filePaths: [path] })
    await act()
  }

  async saveDownload(act: () => Promise<void>): Promise<Uint8Array> {
    const target = join(this.folders, 'downloads', `${Date.now()}`)
    await mkdir(dirname(target), { recursive: true })
    this.app.answerDialog({ filePath: target })
    await act()
    await waitUntil(
      async () => this.app.world.downloads.includes(target),
      (saved) => saved,
      'the download to be saved where the dialog said',
    )
    return new Uint8Array(await readFile(target))
  }

  projectFolder(name: string): Folder {
    return name === 'Walkbox sample'
      ? { name, at: join(this.app.userData, 'Projects', name) }
      : { name, at: join(this.folders, name) }
  }

  async restart(): Promise<void> {
    await this.record()
    this.app = await this.app.restart()
    await editorUp(this.app.page)
  }

  private async record(): Promise<void> {
    await recordCalls(inject('desktopCalls'), expect.getState().testPath ?? 'unknown', this.app.world.invoked)
  }

  async close(): Promise<void> {
    await this.record()
    await this.app.stop()
    await rm(this.folders, { recursive: true, force: true })
  }
}

/** Start the edition this run drives, on the sample project as a first start opens it. */
export async function startEdition(): Promise<Edition> {
  return EDITION === 'desktop' ? DesktopEdition.start() : BrowserEdition.start()
}

/** The desktop edition's own handle, for the checks only it has (null in the browser edition). */
export function desktopOf(edition: Edition): DesktopApp | null {
  return edition instanceof DesktopEdition ? edition.desktop : null
}
