/**
 * Who may call the host over IPC: only the editor page itself. Every IPC handler asks
 * this guard first; a call from anywhere else is refused with one error (and one logged
 * line), before its payload is even validated. Plain logic over the few fields of
 * Electron's event it reads, tested in Node without Electron.
 *
 * Glossary
 * - sender frame: the frame whose script made the call (`event.senderFrame`); null when
 *   the frame has navigated away or been destroyed since.
 * - main frame: the top frame of Walkbox's own window (not an iframe inside it).
 * - app origin: where the editor is loaded from: `app://walkbox` when packaged, the
 *   electron-vite dev server's origin in development.
 * - origin: scheme + `//` + host (+ port), compared as text. WHATWG's `URL.origin` is
 *   "null" for non-special schemes such as `app:`, so it is not used.
 */

/** The part of Electron's WebFrameMain the guard reads. */
export interface SenderFrame {
  readonly url: string
  readonly parent: unknown
  readonly processId: number
  readonly routingId: number
}

/** The part of Electron's IpcMainEvent / IpcMainInvokeEvent the guard reads. */
export interface SenderEvent {
  readonly sender: { readonly id: number }
  readonly senderFrame: SenderFrame | null
}

/** Walkbox's own window as the guard sees it: its web contents id and its main frame. */
export interface OwnWindow {
  readonly webContentsId: number
  readonly mainFrame: SenderFrame
}

export interface SenderGuardOptions {
  /** The app origin (see the glossary), e.g. `app://walkbox`. */
  appOrigin: string
  /** The editor's window now, or null before it exists / after it closed. */
  ownWindow: () => OwnWindow | null
  /** Where refusals are written (one line each). */
  log: (line: string) => void
}

/** `scheme://host[:port]` of a URL, or null when it does not parse. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    if (!parsed.host) return null
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return null
  }
}

/** Why `event` is not the editor's own main frame at the app origin, or null when it is. */
export function senderProblem(event: SenderEvent, options: SenderGuardOptions): string | null {
  const frame = event.senderFrame
  if (!frame) return 'the calling frame is gone'
  const own = options.ownWindow()
  if (!own) return "Walkbox's window is not open"
  if (event.sender.id !== own.webContentsId) return `web contents ${event.sender.id} is not Walkbox's window`
  if (frame.parent !== null) return `a sub-frame (${frame.url}) is not Walkbox's main frame`
  if (frame.processId !== own.mainFrame.processId || frame.routingId !== own.mainFrame.routingId)
    return "the calling frame is not Walkbox's main frame"
  const origin = originOf(frame.url)
  if (origin !== options.appOrigin) return `origin ${origin ?? frame.url} is not ${options.appOrigin}`
  return null
}

/** A guard for IPC handlers: throws (and logs) when `event` did not come from the editor. */
export function senderGuard(options: SenderGuardOptions): (event: SenderEvent, channel: string) => void {
  return (event, channel) => {
    const problem = senderProblem(event, options)
    if (problem === null) return
    const message = `IPC ${channel} refused: ${problem}`
    options.log(message)
    throw new Error(message)
  }
}
