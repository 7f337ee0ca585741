/**
 * End-to-end setup of the desktop edition (the e2e-desktop project): build main, preload and
 * renderer once with electron-vite (electron.vite.config.ts, as `npm run dist` does) into a
 * temporary folder laid out as the packed app's resources (`app/` with package.json and
 * out/, `sample-project/`), for tests/support/desktop-app.ts to run. Tests read it with
 * `inject('desktopResources')`.
 *
 * Every start of the app writes the host methods its page called into
 * `inject('desktopCalls')`; at the end, the host methods of the table that no desktop test
 * called are listed (tests/support/desktop-calls.ts).
 */
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'electron-vite'
import type { TestProject } from 'vitest/node'
import { repoRoot } from '../support/bench-data'
import { uncalledReport } from '../support/desktop-calls'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which edition the project drives: 'browser' (e2e) or 'desktop' (e2e-desktop). */
    edition: 'browser' | 'desktop'
    /** The desktop build's resources folder (tests/support/desktop-app.ts). */
    desktopResources: string
    /** Where each start of the desktop app writes the host methods it was asked. */
    desktopCalls: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'walkbox-desktop-e2e-'))
  const teardown = async () => {
    const report = await uncalledReport(join(root, 'calls'))
    if (report) console.log(report)
    await rm(root, { recursive: true, force: true })
  }
  try {
    const resources = join(root, 'resources')
    const app = join(resources, 'app')
    await build({
      configFile: resolve(repoRoot, 'electron.vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: join(app, 'out'), emptyOutDir: true },
    })
    // Read from the checkout, written into the temporary folder only.
    const from = {
      packageJson: join(repoRoot, 'package.json'),
      modules: join(repoRoot, 'node_modules'),
      sample: join(repoRoot, 'resources', 'sample-project'),
    }
    await cp(from.packageJson, join(app, 'package.json'))
    // The packed app carries its runtime dependencies (sharp, unpacked from the asar).
    await symlink(from.modules, join(app, 'node_modules'), 'dir')
    await cp(from.sample, join(resources, 'sample-project'), { recursive: true })
    await mkdir(join(root, 'calls'))
    project.provide('desktopResources', resources)
    project.provide('desktopCalls', join(root, 'calls'))
  } catch (e) {
    await teardown()
    throw e
  }
  return teardown
}
