/**
 * The window's close button with unsaved work: main does not close the window at once but
 * asks the editor (a close request over IPC); the editor asks the author Save / Don't Save /
 * Cancel and then closes the window itself through the host (`closeWindow`), or keeps it.
 * Once the editor has confirmed, the page's own `beforeunload` (which keeps a browser tab
 * with unsaved work) must not keep the window: after Don't Save the work is still unsaved, and
 * Electron would cancel the close ('will-prevent-unload') unless main lets it go.
 * Plain logic over a minimal window, tested in Node without Electron.
 *
 * Glossary
 * - close request: the event main sends to the page when the author tries to close.
 * - allowed close: a close the editor confirmed; it goes through once, whatever the page's
 *   beforeunload says.
 */
import { hostChannel } from '../shared/host-methods'

/** The part of a BrowserWindow the guard uses. */
export interface GuardedWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown
  close(): void
  isDestroyed(): boolean
  webContents: {
    send(channel: string): void
    on(event: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void): unknown
  }
}

export class CloseGuard {
  private allowed = false

  constructor(private readonly window: GuardedWindow) {
    window.on('close', (event) => {
      if (this.allowed) return
      event.preventDefault()
      if (!window.isDestroyed()) window.webContents.send(hostChannel('closeRequest'))
    })
    // The page's beforeunload tries to keep it: after the editor's confirmation it may not.
    window.webContents.on('will-prevent-unload', (event) => {
      if (this.allowed) event.preventDefault()
    })
  }

  /** The editor confirmed: close the window now (once). */
  closeNow(): void {
    if (this.window.isDestroyed()) return
    this.allowed = true
    this.window.close()
  }

  /** Quit without asking (the editor is not running, e.g. it failed to load). */
  allowClose(): void {
    this.allowed = true
  }
}
