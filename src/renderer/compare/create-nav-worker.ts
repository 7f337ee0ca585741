/**
 * Starts a nav worker. Vite bundles nav-worker.ts as a module worker because of the
 * `new URL(…, import.meta.url)` form; keep it literally like this.
 *
 * Units: none.
 */
export function createNavWorker(): Worker {
  return new Worker(new URL('./nav-worker.ts', import.meta.url), { type: 'module', name: 'walkbox-nav' })
}
