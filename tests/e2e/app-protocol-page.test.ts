/**
 * The editor under the app:// protocol's responses: the built page and every asset it
 * loads are answered by serveAppRequest (src/main/app-protocol.ts, what the packaged
 * app's `protocol.handle` calls), bridged to Chromium over a local HTTP port because
 * Electron cannot run here. The page must come up cross-origin isolated, run flood-fill's
 * WebAssembly loop in its worker, and hit no content-security-policy refusal.
 */
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { APP_ORIGIN, serveAppRequest } from '../../src/main/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../src/main/csp'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { clickRoom, openCompare, waitForAnswers } from './compare-helpers'
import { ALGORITHM_IDS } from '../../src/shared/nav/registry'
import { saveScreenshot } from './helpers'

let browser: LaunchedBrowser
let server: Server
let url: string
const answered: { path: string; status: number; csp: string | null; coep: string | null }[] = []

beforeAll(async () => {
  const root = inject('webDir')
  server = createServer(async (req, res) => {
    const response = await serveAppRequest(
      new Request(`${APP_ORIGIN}${req.url ?? '/'}`, { method: req.method }),
      {
        root,
      },
    )
    answered.push({
      path: req.url ?? '/',
      status: response.status,
      csp: response.headers.get('content-security-policy'),
      coep: response.headers.get('cross-origin-embedder-policy'),
    })
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('The bridge server has no port.')
  url = `http://127.0.0.1:${address.port}/index.html`
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await new Promise<void>((ok) => server?.close(() => ok()))
})

describe('the editor served by the app:// protocol function', () => {
  it('is cross-origin isolated, runs the WebAssembly flood loop, and breaks no CSP rule', async () => {
    const page = await browser.context.newPage()
    const refusals: string[] = []
    page.on('console', (m) => {
      if (/content security policy|refused to/i.test(m.text())) refusals.push(m.text())
    })
    try {
      await openCompare(page, url)
      expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true)
      await clickRoom(page, 300, 940, 'start')
      await clickRoom(page, 1700, 760)
      const rows = await waitForAnswers(page)
      expect(rows.filter((r) => r.reached).length).toBeGreaterThanOrEqual(ALGORITHM_IDS.length - 1)
      const flood = page.locator('[data-testid="metrics-table"] tr[data-algorithm="flood-fill"]')
      expect((await flood.getAttribute('title')) ?? '').not.toMatch(/flood loop/)
      await saveScreenshot(page, 'app-protocol-compare.png')
    } finally {
      await page.close()
    }
    expect(refusals).toEqual([])
    // Every file the page asked for came from the protocol, with the policy and isolation headers.
    expect(answered.some((a) => /\/assets\/nav-worker-.*\.js/.test(a.path))).toBe(true)
    expect(answered.some((a) => /sample-project\/.*\.png/.test(a.path))).toBe(true)
    for (const a of answered) {
      expect(a.status, a.path).toBe(200)
      expect(a.csp, a.path).toBe(CONTENT_SECURITY_POLICY)
      expect(a.coep, a.path).toBe('require-corp')
    }
  })
})
