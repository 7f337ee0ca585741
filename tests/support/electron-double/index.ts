/**
 * The electron double: what Walkbox's built main process (out/main/index.js) gets when it
 * imports 'electron' in the desktop end-to-end tests (the e2e-desktop project maps the
 * module name here). It is small on purpose: the parts of Electron's main-process API that
 * Walkbox's main uses, with the behaviour Electron's documentation gives them, over a real
 * Chromium page per window. The parts, and what each models and leaves out:
 * - world.ts: app (lifecycle, quit, paths), ipcMain, dialog, protocol, session, shell;
 * - browser-window.ts: BrowserWindow and webContents over a Playwright page;
 * - page-bridge.ts: the sandboxed preload's `electron` (contextBridge, ipcRenderer) in the page;
 * - protocol-bridge.ts: custom schemes served to Chromium through a loopback port;
 * - menu.ts: the native menu as a model a test clicks.
 *
 * Not modelled at all (a test that needs one of them needs real Electron): the GPU process,
 * the renderer sandbox, context isolation as a separate V8 world, auto-update, crash
 * reporting, native accelerators, the tray, notifications, printing, devtools, macOS dock
 * and touch bar, more than one app instance. docs/desktop-harness.md says the same for readers.
 *
 * The module's values are the world's of the app running now (`installWorld`): each start
 * of the app under test gets a fresh world and a fresh instance of main.
 */
import { dialogOf, ElectronWorld, menuOf, protocolOf, shellOf, type WorldOptions } from './world'
import { BrowserWindowDouble, type BrowserWindowOptions } from './browser-window'
import type { WebContentsDouble } from './browser-window'

export { ElectronWorld, type WorldOptions }

/** `BrowserWindow` as main uses it: the constructor and its static look-ups. */
export interface BrowserWindowClass {
  new (options?: BrowserWindowOptions): BrowserWindowDouble
  getAllWindows(): BrowserWindowDouble[]
  getFocusedWindow(): BrowserWindowDouble | null
  fromWebContents(contents: WebContentsDouble): BrowserWindowDouble | null
}

function windowClassOf(world: ElectronWorld): BrowserWindowClass {
  return class BrowserWindow extends BrowserWindowDouble {
    constructor(options?: BrowserWindowOptions) {
      super(world, options)
    }

    static getAllWindows(): BrowserWindowDouble[] {
      return [...world.windows]
    }

    static getFocusedWindow(): BrowserWindowDouble | null {
      return world.focusedWindow()
    }

    static fromWebContents(contents: WebContentsDouble): BrowserWindowDouble | null {
      return world.windows.find((w) => w.webContents === contents) ?? null
    }
  }
}

export let app: ElectronWorld['app']
export let ipcMain: ElectronWorld['ipcMain']
export let session: ElectronWorld['session']
export let BrowserWindow: BrowserWindowClass
export let dialog: ReturnType<typeof dialogOf>
export let protocol: ReturnType<typeof protocolOf>
export let Menu: ReturnType<typeof menuOf>
export let shell: ReturnType<typeof shellOf>

/** Make `world` the one main's imports of 'electron' reach (before main is imported). */
export function installWorld(world: ElectronWorld): void {
  app = world.app
  ipcMain = world.ipcMain
  session = world.session
  BrowserWindow = windowClassOf(world)
  dialog = dialogOf(world)
  protocol = protocolOf(world)
  Menu = menuOf(world)
  shell = shellOf(world)
}
