/**
 * A Vite plugin for the dev servers only (`npm start`, `npm run web`): swaps the page's
 * production content security policy (src/main/csp.ts, in src/renderer/index.html) for
 * the dev-server policy, which also allows Vite's hot-reload socket. Builds keep the
 * production policy untouched. A page whose meta tag is not the production policy fails
 * to serve, so the two cannot drift apart unnoticed.
 */
import type { Plugin } from 'vite'
import { CONTENT_SECURITY_POLICY, DEV_SERVER_CONTENT_SECURITY_POLICY } from '../src/main/csp'

export function devServerCsp(): Plugin {
  return {
    name: 'walkbox-dev-server-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      const meta = `content="${CONTENT_SECURITY_POLICY}"`
      if (!html.includes(meta))
        throw new Error('src/renderer/index.html: the CSP meta tag is not the policy of src/main/csp.ts')
      return html.replace(meta, `content="${DEV_SERVER_CONTENT_SECURITY_POLICY}"`)
    },
  }
}
