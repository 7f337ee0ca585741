/**
 * `npm run test:package`: builds the app, packs a `--dir` Linux build with a stub
 * Electron (the real binary cannot be downloaded on every machine), and checks that
 * the packaged app holds main, preload, renderer, the sample project and sharp's
 * files unpacked from the asar, and that app.asar stays small (no vue/pixi
 * node_modules). Prints one line per check and exits non-zero when one fails.
 *
 * Hardening checks (docs/reliability.md, "Electron hardening"):
 * - fuses: the stub binary carries the fuse wire of a real Electron 45 binary (its
 *   defaults: run-as-node on, cookie encryption off, ...); electron-builder flips it
 *   with @electron/fuses at package time from electron-builder.yml's electronFuses,
 *   and this script reads the wire back from the packed `walkbox` binary. So what is
 *   checked is the flipped wire of the packed binary, not the config text; with a real
 *   Electron dist (WALKBOX_ELECTRON_DIST=<folder with the electron binary>) the same
 *   check runs on the real binary.
 * - CSP: the packed renderer is extracted from app.asar and its page served through
 *   the app:// protocol function (src/main/app-protocol.ts): the response carries the
 *   production policy (no dev sources) and the isolation headers, and so does the
 *   page's meta tag; the packed main bundle registers the protocol and never loads
 *   file://.
 *
 * The host method table (issue #29), read from the packed files: the packed preload, run as a
 * sandboxed preload against a recording `electron`, exposes exactly the table's methods and
 * events and calls each on its channel; the packed app (the extracted app.asar and the sample
 * it ships) started under the desktop tests' electron double registers an IPC handler for
 * every method of the table, and its window opens the sample through its preload and IPC.
 */
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { extractAll, extractFile, listPackage } from '@electron/asar'
import { APP_ENTRY_URL, serveAppRequest } from '../src/main/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../src/main/csp'
import { CROSS_ORIGIN_ISOLATION_HEADERS } from '../src/main/isolation-headers'
import { fuseWireBytes, readFuseWire, type FuseName, type FuseState } from './fuse-wire'
import { register } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Script } from 'node:vm'
import {
  HOST_EVENT_NAMES,
  HOST_GLOBAL,
  HOST_METHOD_NAMES,
  hostChannel,
  hostEventListenerName,
} from '../src/shared/host-methods'

const root = resolve(import.meta.dirname, '..')
const outDir = join(tmpdir(), `walkbox-package-${process.pid}`)
const stub = join(outDir, 'electron-stub')
const ASAR_LIMIT_BYTES = 12 * 1024 * 1024
const ELECTRON_VERSION = '45.4.1'
/** A real Electron dist to pack instead of the stub (optional). */
const realDist = process.env.WALKBOX_ELECTRON_DIST ?? null

/** The fuses every packed Walkbox must have (electron-builder.yml, electronFuses). */
const REQUIRED_FUSES: Record<FuseName, FuseState> = {
  RunAsNode: 'off',
  EnableCookieEncryption: 'on',
  EnableNodeOptionsEnvironmentVariable: 'off',
  EnableNodeCliInspectArguments: 'off',
  EnableEmbeddedAsarIntegrityValidation: 'on',
  OnlyLoadAppFromAsar: 'on',
  LoadBrowserProcessSpecificV8Snapshot: 'off',
  GrantFileProtocolExtraPrivileges: 'off',
}

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

/** Run a packed preload (CommonJS, as a sandboxed preload runs) against a recording `electron`. */
function runPreload(source: string): { api: Record<string, unknown>; invoked: unknown[][] } {
  const exposed: Record<string, unknown> = {}
  const invoked: unknown[][] = []
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
    ipcRenderer: {
      invoke: (...args: unknown[]) => {
        invoked.push(args)
        return Promise.resolve(undefined)
      },
      on: () => undefined,
      removeListener: () => undefined,
    },
  }
  const require = (id: string) => {
    if (id === 'electron') return electron
    throw new Error(`a sandboxed preload cannot require ${id}`)
  }
  const module = { exports: {} }
  new Script(`(function (require, module, exports) {\n${source}\n})`).runInNewContext({})(
    require,
    module,
    module.exports,
  )
  return { api: (exposed[HOST_GLOBAL] ?? {}) as Record<string, unknown>, invoked }
}

/** What this script reads of a started desktop app (tests/support/desktop-app.ts's DesktopApp). */
interface PackedDesktop {
  page: { getByTestId(id: string): { textContent(): Promise<string | null> } }
  world: { ipcMain: { channels(): string[] } }
  stop(): Promise<void>
}

/**
 * The packed app (its extracted app.asar and the sample it ships) started under the electron
 * double, as the desktop end-to-end tests start the test build (tests/support/desktop-app.ts):
 * the channels its main registered and what its window's status line says once it is up.
 */
async function startPackedApp(
  app: string,
  sample: string,
): Promise<{ channels: string[]; status: string; error: string | null }> {
  // The packed main's `electron` is the double (what tests/e2e/desktop-setup.ts's vitest alias does).
  register(
    `data:text/javascript,${encodeURIComponent(
      `export async function resolve(specifier, context, next) {
        return specifier === 'electron'
          ? next(${JSON.stringify(pathToFileURL(join(root, 'tests/support/electron-double/index.ts')).href)}, context)
          : next(specifier, context)
      }`,
    )}`,
  )
  // Loaded by path: the harness is test code (tsconfig.e2e), not part of this script's program.
  const { startDesktop } = (await import(pathToFileURL(join(root, 'tests/support/desktop-app.ts')).href)) as {
    startDesktop(options: { resources: string }): Promise<PackedDesktop>
  }
  const run = join(outDir, 'run')
  mkdirSync(run, { recursive: true })
  symlinkSync(app, join(run, 'app'), 'dir')
  symlinkSync(sample, join(run, 'sample-project'), 'dir')
  let desktop: PackedDesktop | null = null
  try {
    desktop = await startDesktop({ resources: run })
    const page = desktop.page
    const deadline = Date.now() + 60_000
    let status = ''
    while (Date.now() < deadline && !/^Opened /.test(status)) {
      status = (await page.getByTestId('status').textContent()) ?? ''
      await new Promise((r) => setTimeout(r, 200))
    }
    return { channels: desktop.world.ipcMain.channels(), status, error: null }
  } catch (e) {
    return { channels: [], status: '', error: (e as Error).message.split('\n')[0] }
  } finally {
    await desktop?.stop()
  }
}

let failures = 0
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures++
}

rmSync(outDir, { recursive: true, force: true })
mkdirSync(stub, { recursive: true })
// A stand-in for the Electron binary: electron-builder copies the folder and renames it.
// It ends with the fuse wire of an unmodified Electron 45 binary, for the fuses to flip.
writeFileSync(
  join(stub, 'electron'),
  Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stub electron: packaging check only"\nexit 0\n'),
    fuseWireBytes(),
    Buffer.from('\n'),
  ]),
)
chmodSync(join(stub, 'electron'), 0o755)
writeFileSync(join(stub, 'version'), ELECTRON_VERSION)

run('npx', ['electron-vite', 'build'])
run('npx', [
  'electron-builder',
  '--linux',
  '--dir',
  '--publish',
  'never',
  `-c.electronDist=${realDist ?? stub}`,
  `-c.electronVersion=${ELECTRON_VERSION}`,
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

// Fuses, read back from the packed binary.
const binaryKind = realDist ? `the Electron binary of ${realDist}` : 'the stub binary with a real fuse wire'
const wire = readFuseWire(readFileSync(join(unpacked, 'walkbox')), 'walkbox')
for (const [fuse, state] of Object.entries(REQUIRED_FUSES) as [FuseName, FuseState][])
  check(
    wire[fuse] === state,
    `fuse ${fuse} is ${state} in the packed walkbox (${wire[fuse] ?? 'missing'}; ${binaryKind})`,
  )

// The packed page, served through the app:// protocol from the files in app.asar.
const mainBundle = extractFile(asarPath, 'out/main/index.js').toString('utf8')
check(
  mainBundle.includes('registerSchemesAsPrivileged') && mainBundle.includes('app://walkbox/index.html'),
  'the packed main process registers app:// and loads app://walkbox/index.html',
)
check(!mainBundle.includes('.loadFile('), 'the packed main process never loads a file:// page')
check(
  CONTENT_SECURITY_POLICY.split('; ').every((directive) => mainBundle.includes(`"${directive}"`)),
  'the packed main process carries every directive of the production CSP',
)
const packedPage = extractFile(asarPath, 'out/renderer/index.html').toString('utf8')
const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(packedPage)?.[1]
check(meta === CONTENT_SECURITY_POLICY, 'the packed page carries the production CSP in its meta tag')
check(!/ws:|localhost|127\.0\.0\.1/.test(meta ?? 'missing'), 'the packed page policy has no dev sources')
const extracted = join(outDir, 'asar')
extractAll(asarPath, extracted)
const served = await serveAppRequest(new Request(APP_ENTRY_URL), { root: join(extracted, 'out', 'renderer') })
check(
  served.status === 200,
  `app://walkbox/index.html answers 200 from the packed renderer (${served.status})`,
)
check(
  served.headers.get('content-security-policy') === CONTENT_SECURITY_POLICY,
  'the packed page is served with the production CSP header',
)
for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION_HEADERS))
  check(served.headers.get(name) === value, `the packed page is served with ${name}: ${value}`)
const bundle = [...files].find((f) => /^\/out\/renderer\/assets\/index-.*\.js$/.test(f))
const script = bundle
  ? await serveAppRequest(new Request(`app://walkbox${bundle.slice('/out/renderer'.length)}`), {
      root: join(extracted, 'out', 'renderer'),
    })
  : null
check(
  script?.status === 200 && script.headers.get('content-type') === 'text/javascript; charset=utf-8',
  'the packed renderer bundle is served as JavaScript',
)

// The host method table (src/shared/host-methods.ts), read from the packed files: the packed
// preload is the table-made one, and the packed main registers a handler for every method.
const packedPreload = extractFile(asarPath, 'out/preload/index.cjs').toString('utf8')
const preload = runPreload(packedPreload)
const expectedKeys = ['kind', ...HOST_METHOD_NAMES, ...HOST_EVENT_NAMES.map(hostEventListenerName)].sort()
check(
  JSON.stringify(Object.keys(preload.api).sort()) === JSON.stringify(expectedKeys),
  `the packed preload exposes exactly the host method table (${HOST_METHOD_NAMES.length} methods, ${HOST_EVENT_NAMES.length} events)`,
)
check(
  HOST_METHOD_NAMES.every((method) => {
    const request = { probe: method }
    ;(preload.api[method] as (r: unknown) => unknown)?.(request)
    const last = preload.invoked.at(-1)
    return last?.[0] === hostChannel(method) && last[1] === request
  }),
  'the packed preload calls each method on its own IPC channel with the request as given',
)
const started = await startPackedApp(extracted, join(resources, 'sample-project'))
check(
  started.error === null,
  `the packed app starts under the electron double${started.error ? ` (${started.error})` : ''}`,
)
const missing = HOST_METHOD_NAMES.filter((m) => !started.channels.includes(hostChannel(m)))
check(
  started.channels.length > 0 && missing.length === 0,
  `the packed main registers an IPC handler for every method of the table${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`,
)
check(
  /^Opened room Courtyard/.test(started.status),
  `the packed app's window opens the sample through its preload and IPC (${started.status || 'nothing said'})`,
)

rmSync(outDir, { recursive: true, force: true })
if (failures > 0) {
  console.error(`${failures} packaging check(s) failed`)
  process.exit(1)
}
console.log('packaging checks passed')
