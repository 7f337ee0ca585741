/**
 * The shipped runtime for the bench: the package built from the current source (what
 * `npm run build:runtime` writes into packages/runtime/dist, minified by vite) into a
 * temporary folder, then imported from there. So the bench times the file a game ships,
 * not src/runtime through tsx, and never a stale dist.
 *
 * Units: none.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildRuntimePackage, RUNTIME_BUNDLE } from '../scripts/build-runtime'
import type * as Runtime from '../src/runtime/index'

export type RuntimeModule = typeof Runtime

/** Builds the package into a temporary folder and imports its module; the folder is removed after the import. */
export async function shippedRuntime(): Promise<{ module: RuntimeModule; bytes: number; gzipBytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'walkbox-bench-runtime-'))
  try {
    const built = await buildRuntimePackage(dir)
    const module = (await import(pathToFileURL(join(dir, 'dist', RUNTIME_BUNDLE)).href)) as RuntimeModule
    return { module, bytes: built.bundleBytes, gzipBytes: built.bundleGzipBytes }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
