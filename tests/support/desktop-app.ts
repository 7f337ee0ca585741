/**
 * The desktop edition under test: Walkbox's own built main process (out/main/index.js, as
 * electron-vite builds it for the packed app) run in this Node process against the electron
 * double (tests/support/electron-double), its window a real Chromium page loading the built
 * renderer through main's own app:// protocol handler, with the built preload bridging it.
 * Everything of main runs: window creation, the protocol, the menus, IPC registration and
 * its sender checks, the desktop host and its services on real folders, the close guard.
 *
 * A start is a fresh instance of main and a fresh world (the module is imported again), on
 * a userData folder of its own or the one a restart keeps.
 *
 * Glossary
 * - resources: the packed app's resources folder as a test build lays it out: `app/`
 *   (package.json and out/{main,preload,renderer}) and `sample-project/`.
 * - userData: app.getPath('userData'): the recent list, the sample's copy, read-only games'
 *   scratch projects, and the window's Chromium profile (IndexedDB recovery copies).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { ElectronWorld, installWorld } from './electron-double/index'
import type { DialogAnswer, DialogShown } from './electron-double/world'
import type { MenuItemDouble } from './electron-double/menu'

export interface DesktopStartOptions {
  /** The test build's resources folder (see the glossary). */
  resources: string
  /** Keep this userData folder (a restart); default: a new temporary one, removed by stop(). */
  userData?: string
  /** Window size is main's; the platform main is told (process.platform stays Node's). */
  platform?: string
}

export interface DesktopApp {
  /** The window's page (what the author sees). */
  readonly page: Page
  readonly world: ElectronWorld
  readonly userData: string
  /** Answer the next native dialog (open, save, message box), in order. */
  answerDialog(answer: DialogAnswer): void
  /** Every native dialog shown so far. */
  readonly dialogsShown: readonly DialogShown[]
  /** The native menu item at a path of labels, as it stands now. */
  menuItem(...path: string[]): MenuItemDouble
  /** Click a native menu item (File › Open Game Folder Read-Only…). */
  clickMenu(...path: string[]): void
  /** The window's close button; resolves when what it started has settled: true if the window is gone. */
  closeWindow(): Promise<boolean>
  /** Wait for the app to quit (or throw after `timeoutMs`). */
  waitForQuit(timeoutMs?: number): Promise<void>
  hasQuit(): boolean
  /** End the app hard (like killing it) and start it again on the same userData. */
  restart(): Promise<DesktopApp>
  /** End the app hard; removes userData unless it was given. */
  stop(): Promise<void>
}

let instances = 0

async function packageInfo(resources: string): Promise<{ name: string; version: string }> {
  const pkg = JSON.parse(await readFile(join(resources, 'app', 'package.json'), 'utf8')) as {
    productName?: string
    name: string
    version: string
  }
  return { name: pkg.productName ?? pkg.name, version: pkg.version }
}

/** Start the desktop app and wait until its window has loaded the editor page. */
export async function startDesktop(options: DesktopStartOptions): Promise<DesktopApp> {
  const ownUserData = options.userData === undefined
  const userData = options.userData ?? (await mkdtemp(join(tmpdir(), 'walkbox-desktop-')))
  const appPath = join(options.resources, 'app')
  const { name, version } = await packageInfo(options.resources)
  const world = new ElectronWorld({
    appPath,
    resourcesPath: options.resources,
    userData,
    name,
    version,
    packaged: true,
    platform: options.platform ?? 'linux',
  })
  installWorld(world)
  // What Electron sets in a packed app's main process.
  ;(process as unknown as { resourcesPath: string }).resourcesPath = options.resources
  instances += 1
  const main = join(appPath, 'out', 'main', 'index.js')
  try {
    const started = Date.now()
    await import(/* @vite-ignore */ `${main}?instance=${instances}`)
    world.log(`main imported in ${Date.now() - started} ms`)
    world.becomeReady()
    const window = await waitFor(() => world.windows[0], 'main to open its window')
    const page = await window.webContents.whenPage()
    world.log(`the window's page ready after ${Date.now() - started} ms`)
    await waitFor(
      () => (window.webContents.getURL().startsWith('app://') ? true : undefined),
      'the window to load',
    )
    return appOf(world, page, options, ownUserData)
  } catch (e) {
    await world.shutDown()
    if (ownUserData) await rm(userData, { recursive: true, force: true })
    throw e
  }
}

async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}.`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

function appOf(
  world: ElectronWorld,
  page: Page,
  options: DesktopStartOptions,
  ownUserData: boolean,
): DesktopApp {
  const menu = () => {
    if (!world.applicationMenu) throw new Error('Main set no application menu.')
    return world.applicationMenu
  }
  const stop = async () => {
    await world.shutDown()
    if (ownUserData) await rm(world.options.userData, { recursive: true, force: true })
  }
  return {
    page,
    world,
    userData: world.options.userData,
    answerDialog: (answer) => world.dialogs.answer(answer),
    dialogsShown: world.dialogs.shown,
    menuItem: (...path) => menu().at(path),
    clickMenu: (...path) => menu().at(path).click(world),
    async closeWindow() {
      const window = world.windows[0]
      if (!window) return true
      window.close()
      await world.settled()
      return window.isDestroyed()
    },
    async waitForQuit(timeoutMs = 30_000) {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        world.whenQuit(),
        new Promise((_, fail) => {
          timer = setTimeout(() => fail(new Error('The desktop app did not quit.')), timeoutMs)
        }),
      ]).finally(() => clearTimeout(timer))
    },
    hasQuit: () => world.hasQuit(),
    async restart() {
      await world.shutDown()
      const again = await startDesktop({ ...options, userData: world.options.userData })
      // The first start's folder goes when the last start stops.
      return ownUserData
        ? {
            ...again,
            stop: async () => {
              await again.stop()
              await rm(world.options.userData, { recursive: true, force: true })
            },
          }
        : again
    },
    stop,
  }
}
