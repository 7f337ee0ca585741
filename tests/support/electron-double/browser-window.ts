/**
 * BrowserWindow and webContents of the electron double: each window is a page of a real
 * Chromium (playwright-core), sized as the window's content, with the window's preload run
 * before the page's scripts (page-bridge.ts) and its IPC carried to the app's ipcMain
 * handlers. What main sees of it follows Electron's documented behaviour:
 * - loadURL(url) resolves when the page has loaded (did-finish-load) and rejects, with
 *   did-fail-load, when it cannot load; an app:// URL goes through the app's own protocol
 *   handler (protocol-bridge.ts). ready-to-show follows the first load.
 * - close() (and the window's close button) emits 'close' (preventDefault keeps the window),
 *   then runs the page's beforeunload: a page that cancels it keeps the window open unless
 *   main calls preventDefault on webContents' 'will-prevent-unload'; then 'closed'.
 * - webContents.send(channel, ...args) structured-clones its arguments (what cannot be cloned
 *   throws "Failed to serialize arguments") and delivers them, in order, to the page's
 *   ipcRenderer listeners; a destroyed webContents throws "Object has been destroyed".
 * - 'will-navigate' is emitted for navigations the page starts in its main frame (not for
 *   loadURL), with the app:// form of the URL; preventDefault cancels the navigation.
 * - setWindowOpenHandler is asked about every popup; a denied popup is closed at once
 *   (Electron never creates it: here Chromium opened it first).
 *
 * Not modelled: window geometry beyond the page's viewport, focus and visibility (show()
 * only records), full screen, devtools, zoom, printing, the GPU process and the renderer
 * sandbox (the page runs in Playwright's Chromium with --no-sandbox).
 */
import { EventEmitter } from 'node:events'
import { readFile } from 'node:fs/promises'
import type { BrowserContext, Dialog, Download, Frame, Page, Request, Route } from 'playwright-core'
import { installPageBridge, type PageBridgeNames } from './page-bridge'
import type { ProtocolBridge } from './protocol-bridge'
import { BYTES_MARK, toWire, type ByteStash } from './wire'

/** What a window needs of the app around it (world.ts). */
export interface WindowWorld {
  /** The app's Chromium (its profile in the app's userData folder). */
  context(viewport: { width: number; height: number }): Promise<BrowserContext>
  readonly protocols: ProtocolBridge
  readonly platform: string
  /** A download the page started. */
  download(contents: WebContentsDouble, download: Download): Promise<void>
  /** Where bytes for a page at this URL wait on their way (wire.ts). */
  stashFor(pageUrl: string): ByteStash
  /** Carry one ipcRenderer.invoke to main's handler. */
  invoke(contents: WebContentsDouble, frame: Frame, channel: string, args: unknown[]): Promise<InvokeReply>
  windowCreated(window: BrowserWindowDouble): void
  windowClosed(window: BrowserWindowDouble): void
  /** Work the double started that the test may wait for (a close in progress). */
  track(work: Promise<unknown>): void
  log(line: string): void
}

export interface InvokeReply {
  error?: string
  result?: unknown
}

/** An Electron event object: what main's listeners get and may preventDefault. */
export interface PreventableEvent {
  defaultPrevented: boolean
  preventDefault(): void
}

export function preventable<T extends object>(fields: T = {} as T): T & PreventableEvent {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  return event
}

const NAMES: PageBridgeNames = {
  invoke: '__walkboxElectronInvoke',
  deliver: '__walkboxElectronDeliver',
  bytesMark: BYTES_MARK,
  platform: 'linux',
}

let lastId = 0

/**
 * The page's script: the bridge, then the preload as a sandboxed CommonJS function. The
 * bridge's source is this process's compiled function: a compiler that keeps function names
 * (esbuild's keepNames, as tsx runs it) calls `__name` in it, given here as what it does.
 */
function preloadScript(source: string, platform: string): string {
  const names = JSON.stringify({ ...NAMES, platform })
  return `(() => {\nconst __name = (target) => target;\n(${installPageBridge.toString()})(${names}, function (require, module, exports, process) {\n${source}\n});\n})();`
}

export class WebContentsDouble extends EventEmitter {
  readonly id = ++lastId
  private page: Page | null = null
  private readonly ready: Promise<Page>
  private destroyed = false
  private loading: string | null = null
  private deliveries: Promise<void> = Promise.resolve()
  private windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null
  /** The main frame as main's IPC sender checks see it (ipc-sender.ts). */
  readonly mainFrame: { readonly url: string; readonly parent: null; processId: number; routingId: number }

  constructor(
    private readonly world: WindowWorld,
    preload: string | undefined,
    viewport: { width: number; height: number },
  ) {
    super()
    const url = () => this.getURL()
    this.mainFrame = {
      get url() {
        return url()
      },
      parent: null,
      processId: 1,
      routingId: this.id,
    }
    this.ready = this.open(preload, viewport)
    // The page opens whatever main does with it; a failure shows at loadURL.
    this.ready.catch(() => undefined)
  }

  private async open(
    preload: string | undefined,
    viewport: { width: number; height: number },
  ): Promise<Page> {
    const context = await this.world.context(viewport)
    const blank = context.pages().find((p) => p.url() === 'about:blank' && !claimed.has(p))
    const page = blank ?? (await context.newPage())
    claimed.add(page)
    await page.setViewportSize(viewport)
    await page.exposeBinding(NAMES.invoke, (source, channel: string, args: unknown[]) =>
      this.world.invoke(this, source.frame, channel, args),
    )
    if (preload)
      await page.addInitScript({
        content: preloadScript(await readFile(preload, 'utf8'), this.world.platform),
      })
    let shown = false
    page.on('domcontentloaded', () => this.emit('dom-ready', preventable()))
    page.on('load', () => {
      this.emit('did-finish-load', preventable())
      if (!shown) {
        shown = true
        this.emit('-first-load')
      }
    })
    page.on('popup', (popup) => void this.popup(popup))
    page.on('download', (download) => this.world.track(this.world.download(this, download)))
    await page.route('**/*', (route, request) => this.route(route, request))
    this.page = page
    return page
  }

  /** The page (for the test). */
  async whenPage(): Promise<Page> {
    return this.ready
  }

  getURL(): string {
    return this.page ? this.world.protocols.appUrl(this.page.url()) : ''
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  async loadURL(url: string): Promise<void> {
    const page = await this.ready
    const target = await this.world.protocols.pageUrl(url)
    this.loading = target
    try {
      await page.goto(target)
    } catch (e) {
      this.emit('did-fail-load', preventable(), -2, String(e), url, true)
      throw e
    } finally {
      this.loading = null
    }
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed')
    let cloned: unknown
    try {
      cloned = structuredClone(args)
    } catch {
      throw new Error('Failed to serialize arguments')
    }
    this.deliveries = this.deliveries.then(async () => {
      const page = await this.ready
      if (page.isClosed()) return
      const wire = toWire(cloned, this.world.stashFor(page.url()))
      await page
        .evaluate(
          ([name, c, a]) =>
            (window as unknown as Record<string, (c: string, a: unknown) => Promise<void>>)[name]?.(c, a),
          [NAMES.deliver, channel, wire] as const,
        )
        .catch((e: unknown) => this.world.log(`webContents.send(${channel}) was not delivered: ${String(e)}`))
    })
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler
  }

  private async route(route: Route, request: Request): Promise<void> {
    const page = this.page
    if (
      page &&
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      request.url() !== this.loading
    ) {
      const event = preventable({ url: this.world.protocols.appUrl(request.url()), isMainFrame: true })
      this.emit('will-navigate', event, event.url)
      if (event.defaultPrevented) return route.abort('aborted')
    }
    return route.fallback()
  }

  private async popup(popup: Page): Promise<void> {
    const url = this.world.protocols.appUrl(popup.url())
    const decision = this.windowOpenHandler?.({ url }) ?? { action: 'allow' }
    if (decision.action === 'deny') await popup.close()
  }

  /**
   * The page's beforeunload, as a window close runs it: true when the page unloaded (and is
   * gone), false when it cancelled and main did not override that in 'will-prevent-unload'.
   */
  async unload(): Promise<boolean> {
    const page = await this.ready
    if (page.isClosed()) return true
    return new Promise<boolean>((resolve) => {
      const onDialog = async (dialog: Dialog) => {
        if (dialog.type() !== 'beforeunload') return
        const event = preventable()
        this.emit('will-prevent-unload', event)
        if (event.defaultPrevented) {
          await dialog.accept()
          return
        }
        page.off('dialog', onDialog)
        page.off('close', onClose)
        this.world.log('the page cancelled its unload (beforeunload) and main let it: the window stays open')
        await dialog.dismiss()
        resolve(false)
      }
      const onClose = () => {
        page.off('dialog', onDialog)
        resolve(true)
      }
      page.on('dialog', onDialog)
      page.once('close', onClose)
      void page.close({ runBeforeUnload: true }).catch(() => undefined)
    })
  }

  /** Gone without asking the page (BrowserWindow.destroy, the app quitting hard). */
  async destroyPage(): Promise<void> {
    this.destroyed = true
    const page = await this.ready.catch(() => null)
    if (page && !page.isClosed()) await page.close().catch(() => undefined)
    this.emit('destroyed')
  }

  markDestroyed(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.emit('destroyed')
  }
}

/** Pages already given to a window (the persistent context opens one blank page itself). */
const claimed = new WeakSet<Page>()

export interface BrowserWindowOptions {
  width?: number
  height?: number
  show?: boolean
  title?: string
  webPreferences?: { preload?: string; [key: string]: unknown }
  [key: string]: unknown
}

export class BrowserWindowDouble extends EventEmitter {
  private static lastId = 0
  readonly id = ++BrowserWindowDouble.lastId
  readonly webContents: WebContentsDouble
  readonly options: BrowserWindowOptions
  private destroyed = false
  private visible: boolean
  private fullScreen = false

  constructor(
    private readonly world: WindowWorld,
    options: BrowserWindowOptions = {},
  ) {
    super()
    this.options = options
    this.visible = options.show !== false
    this.webContents = new WebContentsDouble(world, options.webPreferences?.preload, {
      width: options.width ?? 800,
      height: options.height ?? 600,
    })
    this.webContents.once('-first-load', () => this.emit('ready-to-show', preventable()))
    world.windowCreated(this)
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url)
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  show(): void {
    this.visible = true
    this.emit('show')
  }

  isVisible(): boolean {
    return this.visible
  }

  focus(): void {
    this.emit('focus')
  }

  setFullScreen(flag: boolean): void {
    this.fullScreen = flag
  }

  isFullScreen(): boolean {
    return this.fullScreen
  }

  /** "Same effect as a user manually clicking the close button of the window." */
  close(): void {
    this.world.track(this.tryClose())
  }

  /** Close as the close button does; true when the window is gone. */
  async tryClose(): Promise<boolean> {
    if (this.destroyed) return true
    const event = preventable()
    this.emit('close', event)
    if (event.defaultPrevented) return false
    if (!(await this.webContents.unload())) return false
    this.closed()
    return true
  }

  /** Force closing: no 'close', no beforeunload; 'closed' is emitted. */
  destroy(): void {
    if (this.destroyed) return
    this.world.track(this.webContents.destroyPage().then(() => this.closed()))
  }

  private closed(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.webContents.markDestroyed()
    this.emit('closed')
    this.world.windowClosed(this)
  }
}
