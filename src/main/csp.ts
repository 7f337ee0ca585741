/**
 * The content security policies of the editor page.
 *
 * - production policy: what the packaged app sends with every response of its `app://`
 *   protocol (app-protocol.ts) and what the built page carries in its meta tag
 *   (src/renderer/index.html; the browser edition has the meta tag alone). Nothing but
 *   the page's own origin: no dev-server sockets, no inline or evaluated JavaScript.
 * - dev-server policy: the same plus the Vite dev server's hot-reload socket; only
 *   `npm start` / `npm run web` use it (vite-dev-csp.ts swaps it into the served page,
 *   index.ts sends it as a header for the dev server's responses).
 *
 * 'wasm-unsafe-eval' lets the nav worker compile flood-fill's WebAssembly loop
 * (src/shared/nav/grid/flood-kernel.ts); it allows no JavaScript eval. Without it the
 * flood runs as TypeScript, about 1.5x slower, and flood-fill says so in its answer.
 * 'unsafe-inline' is for styles only: Vue binds style attributes (positions, colours).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

/** The hot-reload sockets the Vite dev servers use (electron-vite and `npm run web`). */
const DEV_SERVER_SOCKETS = 'ws://localhost:* ws://127.0.0.1:*'

/** The production policy with the dev server's hot-reload socket allowed; development only. */
export const DEV_SERVER_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "connect-src 'self'",
  `connect-src 'self' ${DEV_SERVER_SOCKETS}`,
)
