import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, DEV_SERVER_CONTENT_SECURITY_POLICY } from '../../../src/main/csp'
import { devServerCsp } from '../../../scripts/vite-dev-csp'

const html = readFileSync(resolve(import.meta.dirname, '../../../src/renderer/index.html'), 'utf8')
const metaPolicy = (page: string) =>
  /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(page)?.[1]

describe('content security policy', () => {
  it('is the same in the window header and in the page meta tag (which the browser edition has alone)', () => {
    expect(metaPolicy(html), 'index.html has a CSP meta tag').toBe(CONTENT_SECURITY_POLICY)
  })

  it('allows WebAssembly (flood-fill) and nothing that evaluates JavaScript', () => {
    const script = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src'))
    expect(script).toBe("script-src 'self' 'wasm-unsafe-eval'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/)
  })

  it('has no dev sources in production; the dev servers add their hot-reload socket', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/ws:|localhost|127\.0\.0\.1|http:/)
    expect(CONTENT_SECURITY_POLICY).toMatch(/connect-src 'self';/)
    expect(DEV_SERVER_CONTENT_SECURITY_POLICY).toMatch(
      /connect-src 'self' ws:\/\/localhost:\* ws:\/\/127\.0\.0\.1:\*;/,
    )
    expect(DEV_SERVER_CONTENT_SECURITY_POLICY.replace(/ ws:\/\/[^ ;]+/g, '')).toBe(CONTENT_SECURITY_POLICY)
  })

  it('the dev-server plugin swaps in the dev policy when serving, and refuses a page whose policy drifted', () => {
    const plugin = devServerCsp()
    expect(plugin.apply).toBe('serve')
    const transform = plugin.transformIndexHtml as (html: string) => string
    expect(metaPolicy(transform(html))).toBe(DEV_SERVER_CONTENT_SECURITY_POLICY)
    expect(() => transform(html.replace("object-src 'none'", 'object-src *'))).toThrow(
      /index\.html: the CSP meta tag is not the policy of src\/main\/csp\.ts/,
    )
  })
})
