/**
 * One run of the app under the electron double: the `app`, `ipcMain`, `dialog`, `Menu`,
 * `protocol`, `session` and `shell` main imports, their state, and the app's Chromium.
 * A world lives from the import of main to its quit; the harness (tests/support/desktop-app.ts)
 * makes one per start of the app. What each part models:
 * - app: isPackaged, name, version, getAppPath, getPath('userData'), the single-instance lock
 *   (always had), whenReady (resolved when the harness says the app is ready), and quit()
 *   as Electron documents it: 'before-quit' (preventable), every window closed as its close
 *   button would (a window that stays open cancels the quit), then 'will-quit'
 *   (preventable) and 'quit'; 'window-all-closed' when the last window closes otherwise.
 *   'second-instance' and 'open-file' are emitted only when a test asks.
 * - ipcMain.handle: one handler per channel (a second throws); an invoke from a page gets
 *   (event, ...args) with event.sender and event.senderFrame (the app:// URL, main frame or
 *   not); the answer is structured-cloned back (a Buffer arrives as a Uint8Array, a class
 *   instance as a plain object, an answer that cannot be cloned fails as "An object could not
 *   be cloned."); a handler that throws replies `error.toString()`; a channel nobody
 *   handles replies "No handler registered for '<channel>'".
 * - dialog: showOpenDialog / showSaveDialog / showMessageBox answer with what the test gave
 *   (`answer`), in order; a dialog with no answer yet stays open until the test gives one.
 *   Every dialog shown is kept (kind and options) for the test to read.
 * - protocol: registerSchemesAsPrivileged only before ready, handle only after ready
 *   (Electron's rules), served through protocol-bridge.ts.
 * - session.defaultSession: the permission and header handlers are kept, never called
 *   (Chromium here grants no permission and Walkbox asks for none).
 * - shell.openExternal: kept, never opened.
 * - downloads (a link with `download` clicked in the page): session 'will-download', then,
 *   when main set no save path, a save dialog as Electron's default asks, and the file saved
 *   where the test answered.
 *
 * Not modelled: the GPU process, the renderer sandbox and site isolation (Playwright's
 * Chromium runs with --no-sandbox), auto-update, crash reporting, the tray, notifications,
 * power and screen events, global shortcuts, native menu accelerators (menu.ts), touch bar,
 * protocol.registerFileProtocol and the other legacy protocol APIs, app.relaunch, and more
 * than one app at a time (the single-instance lock is always ours).
 */
import { EventEmitter } from 'node:events'
import { tmpdir } from 'node:os'
import type { BrowserContext, Download, Frame } from 'playwright-core'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, requireChromium } from '../chromium'
import {
  BrowserWindowDouble,
  preventable,
  type InvokeReply,
  type WebContentsDouble,
  type WindowWorld,
} from './browser-window'
import { MenuDouble, type RoleRunner } from './menu'
import { ProtocolBridge, type ProtocolHandler } from './protocol-bridge'
import { toWire, type ByteStash } from './wire'

export interface WorldOptions {
  /** Where the app's code is (app.getAppPath(): the folder holding package.json). */
  appPath: string
  /** process.resourcesPath of the packed app. */
  resourcesPath: string
  /** app.getPath('userData'); the app's Chromium keeps its profile there too, as Electron does. */
  userData: string
  name: string
  version: string
  packaged: boolean
  platform: string
}

export interface DialogAnswer {
  canceled?: boolean
  /** showOpenDialog's answer. */
  filePaths?: string[]
  /** showSaveDialog's answer. */
  filePath?: string
  /** showMessageBox's answer: the button index. */
  response?: number
}

export interface DialogShown {
  kind: 'open' | 'save' | 'message'
  options: Record<string, unknown>
}

class Dialogs {
  private readonly answers: DialogAnswer[] = []
  private readonly waiting: ((answer: DialogAnswer) => void)[] = []
  readonly shown: DialogShown[] = []

  /** The answer the next dialog gets (or the one open now, if one waits). */
  answer(answer: DialogAnswer): void {
    const open = this.waiting.shift()
    if (open) open(answer)
    else this.answers.push(answer)
  }

  /** Dialogs open now, waiting for an answer. */
  get open(): number {
    return this.waiting.length
  }

  ask(kind: DialogShown['kind'], windowOrOptions: unknown, maybeOptions?: unknown): Promise<DialogAnswer> {
    const options = (maybeOptions ??
      (windowOrOptions instanceof BrowserWindowDouble ? {} : windowOrOptions) ??
      {}) as Record<string, unknown>
    this.shown.push({ kind, options })
    const queued = this.answers.shift()
    if (queued) return Promise.resolve(queued)
    return new Promise((resolve) => this.waiting.push(resolve))
  }
}

export class ElectronWorld implements WindowWorld, RoleRunner {
  readonly protocols = new ProtocolBridge()
  readonly dialogs = new Dialogs()
  readonly windows: BrowserWindowDouble[] = []
  /** Every IPC channel a page invoked, in order. */
  readonly invoked: string[] = []
  /** Lines the double logs (handler errors, undelivered messages). */
  readonly logged: string[] = []
  /** Files the page downloaded, where they were saved. */
  readonly downloads: string[] = []
  /** Links handed to shell.openExternal. */
  readonly openedExternally: string[] = []
  readonly platform: string
  applicationMenu: MenuDouble | null = null
  private chromium: Promise<BrowserContext> | null = null
  private readyNow = false
  private readonly ready: Promise<void>
  private markReady!: () => void
  private quitting = false
  private quitDone = false
  private readonly quitted: Promise<void>
  private markQuitted!: () => void
  private pending: Promise<unknown>[] = []

  readonly app: AppDouble
  readonly ipcMain = new IpcMainDouble()
  readonly session: { defaultSession: SessionDouble }

  constructor(readonly options: WorldOptions) {
    this.platform = options.platform
    this.ready = new Promise((ok) => (this.markReady = ok))
    this.quitted = new Promise((ok) => (this.markQuitted = ok))
    this.app = new AppDouble(this)
    this.session = { defaultSession: new SessionDouble() }
  }

  // ---- lifecycle ----

  /** The app is ready: whenReady resolves and 'ready' is emitted. */
  becomeReady(): void {
    this.readyNow = true
    this.app.emit('will-finish-launching')
    this.markReady()
    this.app.emit('ready', preventable(), {})
  }

  isReady(): boolean {
    return this.readyNow
  }

  whenReady(): Promise<void> {
    return this.ready
  }

  /** Resolves when the app has quit. */
  whenQuit(): Promise<void> {
    return this.quitted
  }

  hasQuit(): boolean {
    return this.quitDone
  }

  /** app.quit() as Electron documents it. */
  async quit(): Promise<void> {
    if (this.quitting || this.quitDone) return
    const before = preventable()
    this.app.emit('before-quit', before)
    if (before.defaultPrevented) return
    this.quitting = true
    for (const window of [...this.windows]) {
      if (!(await window.tryClose())) {
        this.quitting = false
        return
      }
    }
    const will = preventable()
    this.app.emit('will-quit', will)
    if (will.defaultPrevented) {
      this.quitting = false
      return
    }
    this.quitDone = true
    this.app.emit('quit', preventable(), 0)
    this.markQuitted()
  }

  /** Everything the double started and the test may wait for (a close in progress). */
  async settled(): Promise<void> {
    while (this.pending.length > 0) await Promise.allSettled(this.pending.splice(0))
  }

  track(work: Promise<unknown>): void {
    this.pending.push(work.catch((e: unknown) => this.log(`double: ${String(e)}`)))
  }

  log(line: string): void {
    this.logged.push(line)
    if (process.env.WALKBOX_DESKTOP_LOG) console.log(`[electron double] ${line}`)
  }

  /** Close Chromium and the protocol servers at once: the process is gone (no events). */
  async shutDown(): Promise<void> {
    this.quitDone = true
    this.markQuitted()
    const context = await this.chromium?.catch(() => null)
    await context?.close().catch(() => undefined)
    await this.protocols.close()
  }

  // ---- windows ----

  context(viewport: { width: number; height: number }): Promise<BrowserContext> {
    this.chromium ??= chromium.launchPersistentContext(this.options.userData, {
      executablePath: requireChromium(),
      headless: true,
      viewport,
      args: CHROMIUM_ARGS,
    })
    return this.chromium
  }

  windowCreated(window: BrowserWindowDouble): void {
    this.windows.push(window)
    this.app.emit('web-contents-created', preventable(), window.webContents)
    this.app.emit('browser-window-created', preventable(), window)
  }

  windowClosed(window: BrowserWindowDouble): void {
    this.windows.splice(this.windows.indexOf(window), 1)
    if (this.windows.length > 0 || this.quitting) return
    // "If you do not subscribe to this event and all windows are closed, the default behavior is to quit the app."
    if (this.app.listenerCount('window-all-closed') > 0) this.app.emit('window-all-closed')
    else void this.quit()
  }

  focusedWindow(): BrowserWindowDouble | null {
    return this.windows[0] ?? null
  }

  runRole(role: string): void {
    if (role === 'quit') void this.quit()
    else if (role === 'togglefullscreen') this.windows[0]?.setFullScreen(!this.windows[0].isFullScreen())
    else if (role === 'close') this.windows[0]?.close()
    // toggledevtools, appmenu and the edit roles change nothing the tests read.
  }

  // ---- downloads ----

  /**
   * A download the page started (a link with `download`): session 'will-download' with the
   * item; with no save path set by main, Electron asks where with a save dialog (its default),
   * and the file is written there, or the download is cancelled.
   */
  async download(contents: WebContentsDouble, download: Download): Promise<void> {
    let savePath = ''
    let cancelled = false
    const item = {
      getFilename: () => download.suggestedFilename(),
      getURL: () => download.url(),
      setSavePath: (path: string) => (savePath = path),
      getSavePath: () => savePath,
      cancel: () => (cancelled = true),
    }
    const event = preventable()
    this.session.defaultSession.emit('will-download', event, item, contents)
    if (event.defaultPrevented || cancelled) return download.cancel()
    if (!savePath) {
      const answer = await this.dialogs.ask('save', { defaultPath: download.suggestedFilename() })
      if (answer.canceled || !answer.filePath) return download.cancel()
      savePath = answer.filePath
    }
    await download.saveAs(savePath)
    this.downloads.push(savePath)
  }

  // ---- IPC ----

  /** Where bytes for a page at `pageUrl` wait (wire.ts): the bridge when the page is on its origin. */
  stashFor(pageUrl: string): ByteStash {
    return this.protocols.bridged(pageUrl) ? (bytes) => this.protocols.stash(bytes) : null
  }

  async invoke(
    contents: WebContentsDouble,
    frame: Frame,
    channel: string,
    args: unknown[],
  ): Promise<InvokeReply> {
    this.invoked.push(channel)
    const handler = this.ipcMain.handlerFor(channel)
    if (!handler) return { error: `Error: No handler registered for '${channel}'` }
    const main = frame.parentFrame() === null
    const senderFrame = main
      ? contents.mainFrame
      : {
          url: this.protocols.appUrl(frame.url()),
          parent: contents.mainFrame,
          processId: contents.mainFrame.processId,
          routingId: -1,
        }
    const event = {
      type: 'frame',
      sender: contents,
      senderFrame,
      processId: senderFrame.processId,
      frameId: senderFrame.routingId,
    }
    let result: unknown
    const started = Date.now()
    try {
      result = await handler(event, ...args)
      if (process.env.WALKBOX_DESKTOP_LOG) this.log(`${channel} answered in ${Date.now() - started} ms`)
    } catch (e) {
      this.log(`Error occurred in handler for '${channel}': ${String(e)}`)
      return { error: e instanceof Error ? e.toString() : String(e) }
    }
    try {
      return { result: toWire(structuredClone(result), this.stashFor(frame.url())) }
    } catch {
      return { error: 'Error: An object could not be cloned.' }
    }
  }
}

class AppDouble extends EventEmitter {
  readonly isPackaged: boolean
  name: string

  constructor(private readonly world: ElectronWorld) {
    super()
    this.isPackaged = world.options.packaged
    this.name = world.options.name
  }

  getAppPath(): string {
    return this.world.options.appPath
  }

  getPath(name: string): string {
    if (name === 'userData') return this.world.options.userData
    if (name === 'temp') return tmpdir()
    throw new Error(`app.getPath('${name}') is not modelled by the electron double`)
  }

  getVersion(): string {
    return this.world.options.version
  }

  getName(): string {
    return this.name
  }

  requestSingleInstanceLock(): boolean {
    return true
  }

  isReady(): boolean {
    return this.world.isReady()
  }

  whenReady(): Promise<void> {
    return this.world.whenReady()
  }

  quit(): void {
    this.world.track(this.world.quit())
  }

  focus(): void {}
}

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown

class IpcMainDouble extends EventEmitter {
  private readonly handlers = new Map<string, InvokeHandler>()

  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }

  handleOnce(channel: string, handler: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel)
      return handler(event, ...args)
    })
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }

  handlerFor(channel: string): InvokeHandler | undefined {
    return this.handlers.get(channel)
  }

  /** The channels with a handler. */
  channels(): string[] {
    return [...this.handlers.keys()]
  }
}

class SessionDouble extends EventEmitter {
  readonly handlers: Record<string, unknown> = {}
  readonly webRequest = {
    onHeadersReceived: (listener: unknown) => (this.handlers.onHeadersReceived = listener),
  }

  setPermissionRequestHandler(handler: unknown): void {
    this.handlers.permissionRequest = handler
  }

  setPermissionCheckHandler(handler: unknown): void {
    this.handlers.permissionCheck = handler
  }

  setDevicePermissionHandler(handler: unknown): void {
    this.handlers.devicePermission = handler
  }
}

/** The `protocol` module over a world. */
export function protocolOf(world: ElectronWorld) {
  return {
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]) {
      if (world.isReady())
        throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready')
      for (const s of schemes) world.protocols.privileges.set(s.scheme, s.privileges ?? {})
    },
    handle(scheme: string, handler: ProtocolHandler) {
      if (!world.isReady()) throw new Error('The protocol module can only be used after the app is ready')
      world.protocols.handle(scheme, handler)
    },
    unhandle: (scheme: string) => world.protocols.unhandle(scheme),
    isProtocolHandled: (scheme: string) => world.protocols.isProtocolHandled(scheme),
  }
}

/** The `dialog` module over a world. */
export function dialogOf(world: ElectronWorld) {
  return {
    showOpenDialog: async (a: unknown, b?: unknown) => {
      const r = await world.dialogs.ask('open', a, b)
      return { canceled: r.canceled ?? false, filePaths: r.canceled ? [] : (r.filePaths ?? []) }
    },
    showSaveDialog: async (a: unknown, b?: unknown) => {
      const r = await world.dialogs.ask('save', a, b)
      return { canceled: r.canceled ?? false, filePath: r.canceled ? '' : (r.filePath ?? '') }
    },
    showMessageBox: async (a: unknown, b?: unknown) => {
      const r = await world.dialogs.ask('message', a, b)
      return { response: r.response ?? 0, checkboxChecked: false }
    },
    showErrorBox: (title: string, content: string) => world.log(`error box: ${title}: ${content}`),
  }
}

/** The `Menu` class over a world. */
export function menuOf(world: ElectronWorld) {
  return {
    buildFromTemplate: (template: Parameters<typeof MenuDouble.buildFromTemplate>[0]) =>
      MenuDouble.buildFromTemplate(template),
    setApplicationMenu: (menu: MenuDouble | null) => {
      world.applicationMenu = menu
    },
    getApplicationMenu: () => world.applicationMenu,
  }
}

/** The `shell` module over a world. */
export function shellOf(world: ElectronWorld) {
  return {
    openExternal: async (url: string) => {
      world.openedExternally.push(url)
    },
  }
}
