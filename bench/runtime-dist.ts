/**
 * The shipped runtime for the bench: the module `npm run build:runtime` writes into
 * packages/runtime/dist (vite.runtime.config.ts, minified as shipped), built from the
 * current source into a temporary folder, then imported from there. So the bench times the
 * file a game ships, not src/runtime through tsx, and never a stale dist. (The package's
 * type declarations and checks are scripts/build-runtime.ts's; the bench needs the module.)
 * It is imported as .mjs, which tsx leaves untouched (see shippedRuntime).
 *
 * Units: bytes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import type * as Runtime from '../src/runtime/index'

export type RuntimeModule = typeof Runtime

/** Builds the module into a temporary folder and imports it; the folder is removed after the import. */
export async function shippedRuntime(): Promise<{ module: RuntimeModule; bytes: number; gzipBytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'walkbox-bench-runtime-'))
  try {
    await build({
      configFile: resolve(import.meta.dirname, '../vite.runtime.config.ts'),
      logLevel: 'silent',
      build: { outDir: dir, sourcemap: false },
    })
    const code = readFileSync(join(dir, 'walkbox-runtime.js'))
    // Imported as .mjs: tsx (which runs the bench) rewrites the .js files it imports, adding
    // a __name call for every function made (a closure made per loadRoom then costs more);
    // it leaves .mjs as it is, so the bench runs the bytes a game ships.
    const file = join(dir, 'walkbox-runtime.mjs')
    writeFileSync(file, code)
    const module = (await import(pathToFileURL(file).href)) as RuntimeModule
    return { module, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
