/**
 * `npm run test:package`: builds the app, packs a `--dir` Linux build with a stub
 * Electron (the real binary cannot be downloaded on every machine), and checks that
 * the packaged app holds main, preload, renderer, the sample project and sharp's
 * files unpacked from the asar, and that app.asar stays small (no vue/pixi
 * node_modules). Prints one line per check and exits non-zero when one fails.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { listPackage } from '@electron/asar'

const root = resolve(import.meta.dirname, '..')
const outDir = join(tmpdir(), `walkbox-package-${process.pid}`)
const stub = join(outDir, 'electron-stub')
const ASAR_LIMIT_BYTES = 12 * 1024 * 1024

function run(cmd: string, args: string[]): void {
  execFileSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  })
}

function walk(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...walk(path))
    else out.push(path)
  }
  return out
}

let failures = 0
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures++
}

rmSync(outDir, { recursive: true, force: true })
mkdirSync(stub, { recursive: true })
// A stand-in for the Electron binary: electron-builder copies the folder and renames it.
writeFileSync(join(stub, 'electron'), '#!/bin/sh\necho "stub electron: packaging check only"\n')
chmodSync(join(stub, 'electron'), 0o755)
writeFileSync(join(stub, 'version'), '45.4.1')

run('npx', ['electron-vite', 'build'])
run('npx', [
  'electron-builder',
  '--linux',
  '--dir',
  '--publish',
  'never',
  `-c.electronDist=${stub}`,
  '-c.electronVersion=45.4.1',
  `-c.directories.output=${join(outDir, 'dist')}`,
])

const unpacked = join(outDir, 'dist', 'linux-unpacked')
const resources = join(unpacked, 'resources')
const asarPath = join(resources, 'app.asar')
check(existsSync(asarPath), 'resources/app.asar exists')
const files = new Set(listPackage(asarPath, { isPack: false }).map((f) => f.replace(/\\/g, '/')))
for (const file of [
  '/package.json',
  '/out/main/index.js',
  '/out/preload/index.cjs',
  '/out/renderer/index.html',
]) {
  check(files.has(file), `app.asar holds ${file}`)
}
check(
  [...files].some((f) => /^\/out\/renderer\/assets\/index-.*\.js$/.test(f)),
  'app.asar holds the renderer bundle',
)
for (const pkg of ['vue', 'pinia', 'pixi.js', 'zod', 'electron']) {
  check(
    ![...files].some((f) => f.startsWith(`/node_modules/${pkg}/`)),
    `app.asar has no node_modules/${pkg} (bundled or not shipped)`,
  )
}
const asarBytes = statSync(asarPath).size
check(
  asarBytes < ASAR_LIMIT_BYTES,
  `app.asar is ${(asarBytes / 1024 / 1024).toFixed(2)} MB (limit ${ASAR_LIMIT_BYTES / 1024 / 1024} MB)`,
)
const unpackedDir = join(resources, 'app.asar.unpacked', 'node_modules')
check(existsSync(join(unpackedDir, 'sharp', 'package.json')), 'sharp is unpacked from the asar')
const natives = existsSync(join(unpackedDir, '@img'))
  ? walk(join(unpackedDir, '@img')).filter((f) => f.endsWith('.node'))
  : []
check(
  natives.length > 0,
  `sharp's native binding is unpacked (${natives.map((f) => f.split('/@img/')[1]).join(', ') || 'none'})`,
)
check(
  existsSync(join(resources, 'sample-project', 'project.walkbox.json')),
  'the sample project ships as a resource',
)
check(
  existsSync(join(resources, 'sample-project', 'rooms', 'courtyard', 'background.png')),
  'the sample background ships',
)
check(existsSync(join(unpacked, 'walkbox')), 'the app executable is named walkbox')

rmSync(outDir, { recursive: true, force: true })
if (failures > 0) {
  console.error(`${failures} packaging check(s) failed`)
  process.exit(1)
}
console.log('packaging checks passed')
