/**
 * The electron double's custom protocols (`protocol.handle('app', handler)`): Chromium run by
 * Playwright has no custom schemes, so each scheme and host a window loads is served on a
 * loopback HTTP port whose every request is handed to the app's own handler as the
 * `app://walkbox/...` Request Electron would give it, and answered with its Response (status,
 * headers and body as they are: the content security policy and the isolation headers
 * included). The page's origin is then http://127.0.0.1:<port> (a secure context, as a
 * privileged standard secure scheme is); main is told the app:// URL wherever it asks
 * (webContents.getURL(), the sender frame of an IPC call, will-navigate).
 *
 * The double keeps one path of each bridged origin for itself (`/__electron-double/bytes/`:
 * bytes main sends, fetched once by the page, wire.ts); the app's handler never sees it.
 *
 * Glossary
 * - app URL: what main loads and sees (`app://walkbox/index.html`).
 * - page URL: what Chromium loads (`http://127.0.0.1:41234/index.html`).
 */
import { createServer, type Server } from 'node:http'

export type ProtocolHandler = (request: Request) => Response | Promise<Response>

interface Served {
  scheme: string
  host: string
  origin: string
  server: Server
}

/** The path the double keeps for itself on a bridged origin: bytes waiting for the page (wire.ts). */
const STASH_PATH = '/__electron-double/bytes/'

export class ProtocolBridge {
  private readonly handlers = new Map<string, ProtocolHandler>()
  private readonly stashed = new Map<string, Uint8Array>()
  private lastStash = 0
  private readonly served: Served[] = []
  /** Privileges given before the app was ready, by scheme. */
  readonly privileges = new Map<string, Record<string, boolean>>()
  /** Every request the handlers answered: app URL and status. */
  readonly answered: { url: string; status: number }[] = []

  handle(scheme: string, handler: ProtocolHandler): void {
    if (this.handlers.has(scheme)) throw new Error(`The scheme "${scheme}" is already handled.`)
    this.handlers.set(scheme, handler)
  }

  unhandle(scheme: string): void {
    this.handlers.delete(scheme)
  }

  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme)
  }

  /** The page URL for an app URL (starting the scheme's server when first asked); other URLs as they are. */
  async pageUrl(appUrl: string): Promise<string> {
    const url = new URL(appUrl)
    const scheme = url.protocol.slice(0, -1)
    if (!this.handlers.has(scheme)) return appUrl
    const served =
      this.served.find((s) => s.scheme === scheme && s.host === url.host) ??
      (await this.serve(scheme, url.host))
    return `${served.origin}${url.pathname}${url.search}${url.hash}`
  }

  /** The app URL for a page URL (as main sees it); other URLs as they are. */
  appUrl(pageUrl: string): string {
    const served = this.served.find((s) => pageUrl === s.origin || pageUrl.startsWith(`${s.origin}/`))
    return served ? `${served.scheme}://${served.host}${pageUrl.slice(served.origin.length) || '/'}` : pageUrl
  }

  /** Whether `pageUrl` is on a bridged origin (where stashed bytes can be fetched). */
  bridged(pageUrl: string): boolean {
    return this.served.some((s) => pageUrl === s.origin || pageUrl.startsWith(`${s.origin}/`))
  }

  /** Keep bytes for one fetch by the page; returns the path to fetch them from. */
  stash(bytes: Uint8Array): string {
    const id = `${++this.lastStash}`
    this.stashed.set(id, bytes)
    return `${STASH_PATH}${id}`
  }

  private async serve(scheme: string, host: string): Promise<Served> {
    const server = createServer(async (req, res) => {
      if (req.url?.startsWith(STASH_PATH)) {
        // The double's own traffic (wire.ts), never the app's handler.
        const id = req.url.slice(STASH_PATH.length)
        const bytes = this.stashed.get(id)
        this.stashed.delete(id)
        res.writeHead(bytes ? 200 : 404, {
          'Content-Type': 'application/octet-stream',
          'Cross-Origin-Resource-Policy': 'same-origin',
          'Cache-Control': 'no-store',
        })
        res.end(bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined)
        return
      }
      const url = `${scheme}://${host}${req.url ?? '/'}`
      try {
        const handler = this.handlers.get(scheme)
        if (!handler) throw new Error(`No handler for ${scheme}://`)
        const response = await handler(new Request(url, { method: req.method }))
        this.answered.push({ url, status: response.status })
        res.writeHead(response.status, Object.fromEntries(response.headers))
        res.end(Buffer.from(await response.arrayBuffer()))
      } catch (e) {
        // Electron fails the request (net::ERR_FAILED); the page sees a network error.
        this.answered.push({ url, status: 0 })
        res.destroy(e as Error)
      }
    })
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    const address = server.address()
    if (!address || typeof address === 'string') throw new Error('The protocol bridge has no port.')
    const served = { scheme, host, origin: `http://127.0.0.1:${address.port}`, server }
    this.served.push(served)
    return served
  }

  async close(): Promise<void> {
    await Promise.all(
      this.served.splice(0).map(
        (s) =>
          new Promise<void>((ok) => {
            s.server.close(() => ok())
            s.server.closeAllConnections()
          }),
      ),
    )
  }
}
