/**
 * The runtime package as a game gets it: built (scripts/build-runtime.ts) into a temporary
 * folder, packed with `npm pack`, and installed from the tarball into a game folder of its
 * own with `npm install` (offline: the package has no dependencies).
 *
 * Units: bytes.
 */
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { buildRuntimePackage, type RuntimeBuild } from '../../scripts/build-runtime'

const run = promisify(execFile)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

export interface PackedRuntime {
  build: RuntimeBuild
  /** The tarball npm pack wrote. */
  tarball: string
  /** Its size: the package as downloaded (gzipped). */
  tarballBytes: number
  /** Every file in it, package-relative. */
  files: string[]
}

/** Builds the package in `dir`/package and packs it into `dir`. */
export async function packRuntime(dir: string): Promise<PackedRuntime> {
  const build = await buildRuntimePackage(join(dir, 'package'))
  const { stdout } = await run(npm, ['pack', join(dir, 'package'), '--pack-destination', dir, '--json'], {
    cwd: dir,
  })
  const [info] = JSON.parse(stdout) as { filename: string; size: number; files: { path: string }[] }[]
  return {
    build,
    tarball: join(dir, info.filename),
    tarballBytes: info.size,
    files: info.files.map((f) => f.path).sort(),
  }
}

/** A game folder (`dir`) with the tarball installed as a dependency, as `npm install <tarball>` does. */
export async function installRuntime(tarball: string, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'a-game', version: '1.0.0', private: true, type: 'module' }, null, 2),
  )
  await run(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: dir,
  })
  return join(dir, 'node_modules/walkbox-runtime')
}
