/**
 * Starts a floor worker. Vite bundles floor-worker.ts as a module worker because of the
 * `new URL(…, import.meta.url)` form; keep it literally like this.
 *
 * Units: none.
 */
export function createFloorWorker(): Worker {
  return new Worker(new URL('./floor-worker.ts', import.meta.url), { type: 'module', name: 'walkbox-floor' })
}
