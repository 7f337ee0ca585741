/**
 * The app:// protocol on real files: a renderer folder in a temp dir with a secret beside
 * it and symbolic links in it; every response (errors too) carries the production policy
 * and the cross-origin isolation headers.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ENTRY_URL, APP_ORIGIN, MIME_TYPES, serveAppRequest } from '../../../src/main/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../../src/main/csp'
import { CROSS_ORIGIN_ISOLATION_HEADERS } from '../../../src/main/isolation-headers'

let dir: string
let root: string
const log: string[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-app-protocol-'))
  root = join(dir, 'renderer')
  await mkdir(join(root, 'assets', 'deep'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Walkbox</title>')
  await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log(1)')
  await writeFile(join(root, 'assets', 'nav-worker-abc.js'), 'self.onmessage = () => {}')
  await writeFile(join(root, 'assets', 'index-abc.css'), 'body{}')
  await writeFile(join(root, 'assets', 'flood.wasm'), new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))
  await writeFile(join(root, 'assets', 'logo.PNG'), new Uint8Array([137, 80, 78, 71]))
  await writeFile(join(root, 'assets', 'data.bin'), new Uint8Array([1, 2, 3]))
  await writeFile(join(root, 'assets', 'deep', 'a b.json'), '{"ok":true}')
  // Beside the renderer folder, with a name the folder's name is a prefix of.
  await writeFile(join(dir, 'secret.txt'), 'secret')
  await mkdir(join(dir, 'renderer-private'))
  await writeFile(join(dir, 'renderer-private', 'key.txt'), 'key')
  await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'leak.txt'))
  await symlink(join(root, 'index.html'), join(root, 'assets', 'alias.html'))
  await symlink(dir, join(root, 'up'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function get(path: string, method = 'GET'): Promise<Response> {
  return serveAppRequest(new Request(`${APP_ORIGIN}${path}`, { method }), { root, log: (l) => log.push(l) })
}

function expectSecurityHeaders(res: Response): void {
  expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
  for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION_HEADERS))
    expect(res.headers.get(name), name).toBe(value)
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
}

describe('app:// protocol', () => {
  it('serves the page and its assets with their content types and the security headers', async () => {
    const page = await serveAppRequest(new Request(APP_ENTRY_URL), { root })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Walkbox</title>')
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expectSecurityHeaders(page)
    const cases: [string, string][] = [
      ['/', 'text/html; charset=utf-8'],
      ['/assets/index-abc.js', 'text/javascript; charset=utf-8'],
      ['/assets/nav-worker-abc.js?worker_file&type=module', 'text/javascript; charset=utf-8'],
      ['/assets/index-abc.css', 'text/css; charset=utf-8'],
      ['/assets/flood.wasm', 'application/wasm'],
      ['/assets/logo.PNG', 'image/png'],
      ['/assets/data.bin', 'application/octet-stream'],
      ['/assets/deep/a%20b.json', 'application/json; charset=utf-8'],
    ]
    for (const [path, type] of cases) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toBe(type)
      expectSecurityHeaders(res)
    }
    const wasm = new Uint8Array(await (await get('/assets/flood.wasm')).arrayBuffer())
    expect([...wasm.slice(0, 4)]).toEqual([0, 97, 115, 109])
    expect(await (await get('/assets/deep/a%20b.json')).json()).toEqual({ ok: true })
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('/index.html', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = await get('/index.html', 'POST')
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    expectSecurityHeaders(post)
  })

  it('answers 404 for a missing file, a folder, and a path through a file', async () => {
    for (const path of ['/missing.js', '/assets', '/assets/', '/index.html/x']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).toMatch(/^Not found: /)
      expectSecurityHeaders(res)
    }
  })

  it('refuses every way out of the renderer folder with 403, logged, never the file', async () => {
    // [path, status, what the protocol was asked for]. The URL parser folds plain and %2e
    // dot segments itself, so those ask for a file inside the folder that is not there.
    const attempts: [string, number][] = [
      ['/..%2Fsecret.txt', 403],
      ['/assets/..%2F..%2Fsecret.txt', 403],
      ['/..%2frenderer-private%2fkey.txt', 403],
      ['/..%5Csecret.txt', 403],
      ['/index.html%00.png', 403],
      ['/%2e%2e/secret.txt', 404],
      ['/../secret.txt', 404],
      ['/%2Fetc%2Fpasswd', 404],
      ['//etc/passwd', 404],
      ['/%E0%A4%A', 400],
    ]
    log.length = 0
    for (const [path, status] of attempts) {
      const res = await get(path)
      const body = await res.text()
      expect(res.status, path).toBe(status)
      expect(body, path).not.toBe('secret')
      expect(body, path).not.toBe('key')
      expectSecurityHeaders(res)
    }
    expect(log).toEqual([
      'app:// refused app://walkbox/..%2Fsecret.txt: outside the renderer folder',
      'app:// refused app://walkbox/assets/..%2F..%2Fsecret.txt: outside the renderer folder',
      'app:// refused app://walkbox/..%2frenderer-private%2fkey.txt: outside the renderer folder',
      'app:// refused app://walkbox/..%5Csecret.txt: a NUL or backslash in the path',
      'app:// refused app://walkbox/index.html%00.png: a NUL or backslash in the path',
    ])
  })

  it('refuses symbolic links, out of the folder or back into it', async () => {
    for (const path of ['/assets/leak.txt', '/assets/alias.html', '/up/secret.txt']) {
      const res = await get(path)
      expect(res.status, path).toBe(403)
      expect(await res.text(), path).toBe('Refused: a symbolic link')
      expectSecurityHeaders(res)
    }
  })

  it('refuses other hosts of the scheme', async () => {
    const res = await serveAppRequest(new Request('app://elsewhere/index.html'), { root })
    expect(res.status).toBe(403)
    expectSecurityHeaders(res)
  })

  it('knows the types the renderer build emits', () => {
    for (const ext of ['.html', '.js', '.css', '.wasm', '.png', '.json', '.woff2'])
      expect(MIME_TYPES[ext]).toBeTruthy()
  })
})
