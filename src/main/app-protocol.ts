/**
 * The `app://` protocol the packaged editor is loaded from (instead of `file://`): a
 * request is answered from the built renderer folder only, with the production content
 * security policy and the cross-origin isolation headers on every response, errors
 * included. A pure request -> response function over a small file-system interface, so
 * it is tested in Node on real files; index.ts hands it to `protocol.handle`.
 *
 * Glossary
 * - app origin: `app://walkbox`, a standard, secure scheme (relative URLs, module
 *   workers, fetch and cross-origin isolation behave as on https).
 * - renderer folder: out/renderer (inside app.asar when packaged): the only files served.
 * - refused: a path outside the renderer folder (`..`, encoded slashes or dots), a
 *   symbolic link anywhere on the way, a NUL or a backslash: 403, logged. A missing file
 *   or a folder: 404. Any method but GET and HEAD: 405.
 */
import fs from 'node:fs'
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { CONTENT_SECURITY_POLICY } from './csp'
import { CROSS_ORIGIN_ISOLATION_HEADERS } from './isolation-headers'

export const APP_SCHEME = 'app'
export const APP_HOST = 'walkbox'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** The editor's page. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/** What `protocol.registerSchemesAsPrivileged` is given for the scheme (before app ready). */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
} as const

/** Content types by file extension; anything else is served as application/octet-stream. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * The file operations the protocol needs. Node's callback forms, looked up on the fs
 * object at call time: those are the ones Electron patches to read inside app.asar
 * (realpath included, resolving links inside the archive).
 */
export interface AppFiles {
  realpath(path: string): Promise<string>
  isFile(path: string): Promise<boolean>
  readFile(path: string): Promise<Uint8Array<ArrayBuffer>>
}

export const NODE_APP_FILES: AppFiles = {
  realpath: (path) => promisify(fs.realpath)(path),
  isFile: async (path) => (await promisify(fs.stat)(path)).isFile(),
  readFile: (path) => promisify(fs.readFile)(path),
}

export interface AppProtocolOptions {
  /** The renderer folder (absolute). */
  root: string
  /** The policy sent with every response; the production policy unless a test says otherwise. */
  csp?: string
  files?: AppFiles
  /** Where refusals (403) are written, one line each. */
  log?: (line: string) => void
}

/** The headers every response carries, whatever its status. */
export function appResponseHeaders(csp: string = CONTENT_SECURITY_POLICY): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    ...CROSS_ORIGIN_ISOLATION_HEADERS,
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  }
}

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/** Answer one request to the app protocol from the renderer folder. */
export async function serveAppRequest(request: Request, options: AppProtocolOptions): Promise<Response> {
  const files = options.files ?? NODE_APP_FILES
  const headers = appResponseHeaders(options.csp)
  const reply = (status: number, text: string, extra: Record<string, string> = {}) =>
    new Response(request.method === 'HEAD' ? null : text, {
      status,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', ...extra },
    })
  const refuse = (what: string) => {
    options.log?.(`app:// refused ${request.url}: ${what}`)
    return reply(403, `Refused: ${what}`)
  }

  if (request.method !== 'GET' && request.method !== 'HEAD')
    return reply(405, `Method ${request.method} is not allowed`, { Allow: 'GET, HEAD' })
  const url = new URL(request.url)
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refuse(`not ${APP_ORIGIN}`)
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return reply(400, 'Bad request: the path is not valid percent-encoding')
  }
  if (path.includes('\0') || path.includes('\\')) return refuse('a NUL or backslash in the path')
  const wanted = path.replace(/^\/+/, '') || 'index.html'
  const root = resolve(options.root)
  const full = resolve(root, wanted)
  const inside = relative(root, full)
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    return refuse('outside the renderer folder')

  let real: string
  try {
    const realRoot = await files.realpath(root)
    real = await files.realpath(full)
    // Any symbolic link on the way (even one pointing back inside) changes the real path.
    if (real !== join(realRoot, inside)) return refuse('a symbolic link')
    if (!(await files.isFile(real))) return reply(404, `Not found: ${path}`)
  } catch (e) {
    if (isMissing(e)) return reply(404, `Not found: ${path}`)
    throw e
  }
  const type = MIME_TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream'
  const body = request.method === 'HEAD' ? null : await files.readFile(real)
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': type } })
}
