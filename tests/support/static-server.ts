/**
 * A tiny static file server on 127.0.0.1 for the built web edition (tests only).
 */
import { createServer, type Server } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
}

/** Serve `rootDir`; `headers` are added to every response (e.g. a content security policy). */
export async function serveStatic(
  rootDir: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const root = resolve(rootDir)
  const server: Server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
      let file = normalize(join(root, path))
      if (!file.startsWith(root)) {
        res.writeHead(403).end()
        return
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html')
      const body = await readFile(file)
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        ...headers,
      })
      res.end(body)
    } catch {
      res.writeHead(404).end('not found')
    }
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('The test server has no port.')
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}
