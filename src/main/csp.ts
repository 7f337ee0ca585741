/**
 * The desktop window's content security policy, sent as a header with every response
 * (index.ts); src/renderer/index.html carries the same policy in a meta tag.
 *
 * 'wasm-unsafe-eval' lets the nav worker compile flood-fill's WebAssembly loop
 * (src/shared/nav/grid/flood-kernel.ts); it allows no JavaScript eval. Without it the
 * flood runs as TypeScript, about 1.5x slower, and flood-fill says so in its answer.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')
