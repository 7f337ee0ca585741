import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../../src/main/csp'

describe('content security policy', () => {
  it('is the same in the window header and in the page meta tag (which the browser edition has alone)', () => {
    const html = readFileSync(resolve(import.meta.dirname, '../../../src/renderer/index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)
    expect(meta, 'index.html has a CSP meta tag').not.toBeNull()
    expect(meta![1]).toBe(CONTENT_SECURITY_POLICY)
  })

  it('allows WebAssembly (flood-fill) and nothing that evaluates JavaScript', () => {
    const script = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src'))
    expect(script).toBe("script-src 'self' 'wasm-unsafe-eval'")
  })
})
