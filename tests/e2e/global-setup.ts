/**
 * End-to-end setup: build the web edition once and serve it on 127.0.0.1 with the
 * cross-origin isolation headers, and the test page for the browser's save guarantees beside it.
 * Tests read the address with `inject('webUrl')`, and the build folder with
 * `inject('webDir')` (to serve it again with other headers).
 */
import { build } from 'vite'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { repoRoot } from '../support/bench-data'
import { serveStatic } from '../support/static-server'
import { CROSS_ORIGIN_ISOLATION_HEADERS } from '../../src/main/isolation-headers'

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string
    webDir: string
    /** A test page for the browser's save guarantees (tests/e2e/harness). */
    harnessUrl: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // What to undo at the end, last first; also when a build fails half way.
  const undo: (() => Promise<void>)[] = []
  const teardown = async () => {
    for (const step of undo.reverse()) await step()
  }
  /** A new build folder in the system's temporary folder, removed at the end. */
  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(join(tmpdir(), prefix))
    undo.push(() => rm(dir, { recursive: true, force: true }))
    return dir
  }
  try {
    // One build folder per run, in the system's temporary folder: runs side by side do not
    // overwrite each other, and the checkout is left as it was.
    const outDir = await tempDir('walkbox-web-e2e-')
    await build({
      configFile: resolve(repoRoot, 'vite.web.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    })
    // Served cross-origin isolated, as the desktop app and `npm run web` are.
    const server = await serveStatic(outDir, { ...CROSS_ORIGIN_ISOLATION_HEADERS })
    undo.push(() => server.close())
    project.provide('webUrl', server.url)
    project.provide('webDir', outDir)
    const harnessDir = await tempDir('walkbox-harness-e2e-')
    await build({
      configFile: false,
      root: resolve(repoRoot, 'tests/e2e/harness'),
      base: './',
      logLevel: 'warn',
      build: { outDir: harnessDir, emptyOutDir: true },
    })
    const harness = await serveStatic(harnessDir)
    undo.push(() => harness.close())
    project.provide('harnessUrl', harness.url)
  } catch (e) {
    await teardown()
    throw e
  }
  return teardown
}
