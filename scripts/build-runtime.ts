/**
 * Builds the Walkbox runtime package (packages/runtime) from src/runtime: the minified ES
 * module with its source map (vite.runtime.config.ts) and the type declarations
 * (tsconfig.runtime.json), then checks what went in:
 * - the bundle's modules are src/runtime, the parts of src/shared a game needs, and the
 *   two geometry libraries (clipper2-ts, earcut): no zod, no Node, nothing of the editor;
 * - the declarations a game's type checker reads (those reachable from the entry's) import
 *   only each other: no zod, nothing to install. The others are removed.
 *
 *   npm run build:runtime                 # into packages/runtime/dist (then: npm pack packages/runtime)
 *   tsx scripts/build-runtime.ts --out D  # the whole package (package.json, README, dist) in D
 *
 * Units: bytes.
 */
import { execFile } from 'node:child_process'
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { build, type Rollup } from 'vite'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '..')
export const RUNTIME_PACKAGE_DIR = join(root, 'packages/runtime')
export const RUNTIME_BUNDLE = 'walkbox-runtime.js'
export const RUNTIME_TYPES_ENTRY = 'types/runtime/index.d.ts'

/** Libraries the bundle may hold (geometry: clipping and triangulation). */
const ALLOWED_PACKAGES = ['clipper2-ts', 'earcut']
/** Parts of src/shared the runtime may not hold: the editor's side and zod's users. */
const FORBIDDEN_SHARED = [
  'src/shared/measure/',
  'src/shared/host',
  'src/shared/actions',
  'src/shared/room/schema',
  'src/shared/room/normalise',
  'src/shared/room/migrate',
]

/** Problems with a bundle's module list (ids as vite gives them), one line each; none = fine. */
export function runtimeModuleProblems(ids: readonly string[], base = root): string[] {
  const problems: string[] = []
  for (const id of ids) {
    const clean = id.replace(/^\0/, '').split('?')[0]
    if (clean.startsWith('node:') || !clean.startsWith('/')) {
      problems.push(`${clean}: not a file of the project (a Node built-in or a virtual module)`)
      continue
    }
    const nm = clean.lastIndexOf(`${sep}node_modules${sep}`)
    if (nm >= 0) {
      const rest = clean.slice(nm + '/node_modules/'.length).split('/')
      const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
      if (!ALLOWED_PACKAGES.includes(name)) problems.push(`${name}: a package the runtime may not bundle`)
      continue
    }
    const path = relative(base, clean).split(sep).join('/')
    if (!path.startsWith('src/runtime/') && !path.startsWith('src/shared/'))
      problems.push(`${path}: outside src/runtime and src/shared`)
    else if (FORBIDDEN_SHARED.some((f) => path.startsWith(f)))
      problems.push(`${path}: editor-only (or needs zod)`)
  }
  return problems
}

/** Module specifiers a declaration file imports or re-exports. */
function specifiers(text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) found.push(m[1])
  return found
}

/** Keeps the declarations reachable from the entry; throws if one imports a package. */
async function pruneDeclarations(typesDir: string): Promise<string[]> {
  const entry = join(typesDir, 'runtime/index.d.ts')
  const keep = new Set<string>()
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (keep.has(file)) continue
    keep.add(file)
    const text = await readFile(file, 'utf8')
    for (const spec of specifiers(text)) {
      if (!spec.startsWith('.'))
        throw new Error(
          `${relative(typesDir, file)}: its types import '${spec}'; the runtime's types must import nothing`,
        )
      const target = resolve(dirname(file), spec.replace(/\.js$/, ''))
      queue.push(`${target}.d.ts`)
    }
    // Relative specifiers with their '.js', as Node's ESM resolution (module nodenext) wants.
    await writeFile(
      file,
      text.replace(/((?:from|import)\s*\(?\s*)(['"])(\.[^'"]*?)(?<!\.js)\2/g, '$1$2$3.js$2'),
    )
  }
  const all = (await readdir(typesDir, { recursive: true })).map((f) => join(typesDir, f))
  for (const f of all) if (f.endsWith('.d.ts') && !keep.has(f)) await rm(f)
  // Folders left empty.
  for (const f of all.sort((a, b) => b.length - a.length)) {
    if (!f.endsWith('.d.ts')) await rm(f, { recursive: false }).catch(() => rmdirIfEmpty(f))
  }
  return [...keep].map((f) => relative(typesDir, f).split(sep).join('/')).sort()
}

async function rmdirIfEmpty(dir: string): Promise<void> {
  try {
    if ((await readdir(dir)).length === 0) await rm(dir, { recursive: true })
  } catch {
    // not a folder
  }
}

export interface RuntimeBuild {
  /** The package folder (package.json, README.md, dist). */
  dir: string
  bundleBytes: number
  bundleGzipBytes: number
  /** The declaration files shipped, relative to dist/types. */
  declarations: string[]
  modules: string[]
}

/** Builds the package into `outDir` (default packages/runtime); throws with the problems, one a line. */
export async function buildRuntimePackage(outDir = RUNTIME_PACKAGE_DIR): Promise<RuntimeBuild> {
  const dir = resolve(outDir)
  const dist = join(dir, 'dist')
  await rm(dist, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  if (dir !== RUNTIME_PACKAGE_DIR) {
    for (const f of ['package.json', 'README.md']) await copyFile(join(RUNTIME_PACKAGE_DIR, f), join(dir, f))
  }
  const result = (await build({
    configFile: join(root, 'vite.runtime.config.ts'),
    logLevel: 'silent',
    build: { outDir: dist, emptyOutDir: true },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[]
  const output = (Array.isArray(result) ? result[0] : result).output
  const chunk = output.find((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry)!
  const modules = Object.keys(chunk.modules)
  const problems = runtimeModuleProblems(modules)
  if (problems.length > 0)
    throw new Error(`the runtime bundle holds what a game must not ship:\n${problems.join('\n')}`)
  const tsc = join(root, 'node_modules/typescript/bin/tsc')
  await run(
    process.execPath,
    [tsc, '-p', join(root, 'tsconfig.runtime.json'), '--outDir', join(dist, 'types')],
    {
      cwd: root,
    },
  )
  const declarations = await pruneDeclarations(join(dist, 'types'))
  // The licences of the libraries the bundle holds, whole, beside it.
  const notices: string[] = []
  for (const name of ALLOWED_PACKAGES) {
    const manifest = JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string
      license: string
    }
    const text = await readFile(join(root, 'node_modules', name, 'LICENSE'), 'utf8')
    notices.push(`${name} ${manifest.version} (${manifest.license})\n\n${text.trim()}\n`)
  }
  await writeFile(
    join(dist, 'THIRD-PARTY-LICENSES.txt'),
    `walkbox-runtime bundles the following libraries.\n\n${notices.join('\n---\n\n')}`,
  )
  const bytes = await readFile(join(dist, RUNTIME_BUNDLE))
  return {
    dir,
    bundleBytes: bytes.length,
    bundleGzipBytes: gzipSync(bytes, { level: 9 }).length,
    declarations,
    modules,
  }
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const at = process.argv.indexOf('--out')
  const out = at > 0 ? process.argv[at + 1] : undefined
  buildRuntimePackage(out).then(
    (b) =>
      console.log(
        `${relative(process.cwd(), b.dir) || '.'}: dist/${RUNTIME_BUNDLE} ${(b.bundleBytes / 1024).toFixed(1)} KiB, ` +
          `${(b.bundleGzipBytes / 1024).toFixed(1)} KiB gzipped; ${b.modules.length} modules; ${b.declarations.length} declaration files`,
      ),
    (e: unknown) => {
      console.error(`build:runtime: ${e instanceof Error ? e.message : String(e)}`)
      process.exitCode = 1
    },
  )
}
