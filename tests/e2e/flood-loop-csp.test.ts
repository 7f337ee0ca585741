/**
 * flood-fill's WebAssembly loop under the desktop app's content security policy (sent as
 * a header, as the Electron main process does for every response, worker scripts too),
 * and its fallback to the TypeScript loop under a policy that refuses WebAssembly.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../src/main/csp'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { serveStatic } from '../support/static-server'
import { clickRoom, openCompare, waitForAnswers } from './compare-helpers'

let browser: LaunchedBrowser

beforeAll(async () => {
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
})

/** Serve the web build with `policy` as a header, ask one far query, return flood-fill's row. */
async function floodRowUnder(
  policy: string,
): Promise<{ title: string; reached: boolean; length: number | null; cspErrors: string[] }> {
  const server = await serveStatic(inject('webDir'), { 'content-security-policy': policy })
  const page: Page = await browser.context.newPage()
  const cspErrors: string[] = []
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) cspErrors.push(m.text())
  })
  try {
    await openCompare(page, server.url)
    await clickRoom(page, 300, 940, 'start')
    await clickRoom(page, 1700, 760)
    const rows = await waitForAnswers(page)
    const flood = rows.find((r) => r.algorithm === 'flood-fill')
    const row = page.locator('[data-testid="metrics-table"] tr[data-algorithm="flood-fill"]')
    return {
      title: (await row.getAttribute('title')) ?? '',
      reached: flood?.reached ?? false,
      length: flood?.length ?? null,
      cspErrors,
    }
  } finally {
    await page.close()
    await server.close()
  }
}

describe('flood-fill under a content security policy', () => {
  let wasmLength: number | null = null

  it("runs its WebAssembly loop under the desktop app's policy", async () => {
    const row = await floodRowUnder(CONTENT_SECURITY_POLICY)
    expect(row.reached).toBe(true)
    wasmLength = row.length
    expect(row.title).not.toMatch(/flood loop/)
    expect(row.cspErrors).toEqual([])
  })

  it("falls back to the TypeScript loop, with the same answer and a note, where 'wasm-unsafe-eval' is missing", async () => {
    const strict = CONTENT_SECURITY_POLICY.replace(" 'wasm-unsafe-eval'", '')
    expect(strict).not.toBe(CONTENT_SECURITY_POLICY)
    const row = await floodRowUnder(strict)
    expect(row.reached).toBe(true)
    expect(row.title).toMatch(/flood loop: TypeScript/)
    expect(wasmLength).not.toBeNull()
    expect(row.length).toBe(wasmLength)
  })
})
