/**
 * Cross-origin isolation: the response headers that make a page cross-origin isolated,
 * so that `performance.now()` resolves microseconds (instead of 0.1 ms steps) and
 * SharedArrayBuffer exists. The desktop app sends them with every response of its
 * `app://` protocol; the web edition's dev server, preview and test server send them too.
 *
 * - COOP same-origin: the page shares no browsing context group with other origins.
 * - COEP require-corp: every subresource must be same-origin or opt in (Walkbox loads
 *   only its own files, so nothing needs to opt in).
 */
export const CROSS_ORIGIN_ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
}
