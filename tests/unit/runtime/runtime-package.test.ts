/**
 * The runtime as an npm package (packages/runtime): built into a temporary folder, packed
 * with `npm pack`, installed from the tarball into a game folder, then used as a game uses
 * it: a plain Node script imports it by name, and a game's strict TypeScript checks
 * against its declarations with nothing else installed (no zod). The bundle's module list
 * is checked at build time (scripts/build-runtime.ts); the checker is tested here too.
 *
 * Units: bytes, room px.
 */
import { execFile } from 'node:child_process'
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimeModuleProblems } from '../../../scripts/build-runtime'
import { repoRoot } from '../../support/bench-data'
import { sampleAgreement, type Agreement } from '../../support/runtime-agreement'
import { installRuntime, packRuntime, type PackedRuntime } from '../../support/runtime-package'

const run = promisify(execFile)

let dir = ''
let packed: PackedRuntime
let installed = ''
let game = ''

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-runtime-package-'))
  packed = await packRuntime(dir)
  game = join(dir, 'game')
  installed = await installRuntime(packed.tarball, game)
}, 240_000)

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('the runtime package', () => {
  it('packs the minified module, its declarations and the README, and nothing else', async () => {
    expect(packed.files).toContain('package.json')
    expect(packed.files).toContain('README.md')
    expect(packed.files).toContain('dist/walkbox-runtime.js')
    expect(packed.files).toContain('dist/types/runtime/index.d.ts')
    expect(packed.files.filter((f) => !f.startsWith('dist/types/'))).toEqual([
      'README.md',
      'dist/THIRD-PARTY-LICENSES.txt',
      'dist/walkbox-runtime.js',
      'package.json',
    ])
    // The bundled libraries' licences, named in the file and whole beside it.
    const notices = await readFile(join(installed, 'dist/THIRD-PARTY-LICENSES.txt'), 'utf8')
    expect(notices).toContain('Boost Software License - Version 1.0')
    expect(notices).toContain('ISC License')
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >
    expect(manifest.type).toBe('module')
    expect(manifest.sideEffects).toBe(false)
    expect(manifest.dependencies).toBeUndefined()
    expect(manifest.exports).toMatchObject({
      '.': { types: './dist/types/runtime/index.d.ts', import: './dist/walkbox-runtime.js' },
    })
    // Minified (whitespace too), with the pure annotations a game's bundler tree-shakes by.
    const js = await readFile(join(installed, 'dist/walkbox-runtime.js'), 'utf8')
    expect(js.split('\n').length).toBeLessThan(50)
    expect(js).not.toMatch(/\n\t/)
    expect(js).toContain('__PURE__')
    expect(js.startsWith('/*! walkbox-runtime (MIT')).toBe(true)
    expect(packed.tarballBytes).toBeLessThan(packed.build.bundleBytes)
    // No declaration imports a package (zod among them).
    for (const file of packed.files.filter((f) => f.endsWith('.d.ts'))) {
      const text = await readFile(join(installed, file), 'utf8')
      expect(text, file).not.toMatch(/from\s+['"][^.'"]/)
    }
  })

  it('is imported by name by a plain Node script and gives the core paths for 1000 seeded pairs', async () => {
    const agreement = sampleAgreement()
    // The checker script is read from the checkout and copied into the game folder (a temporary one).
    const checker = join(repoRoot, 'tests/support/runtime-node-check.mjs')
    await copyFile(checker, join(game, 'check.mjs'))
    await writeFile(
      join(game, 'input.json'),
      JSON.stringify({ file: agreement.file, pairs: agreement.pairs }),
    )
    const { stdout } = await run(process.execPath, ['check.mjs', 'walkbox-runtime', 'input.json'], {
      cwd: game,
      maxBuffer: 64 * 1024 * 1024,
    })
    const got = JSON.parse(stdout) as Agreement['expected']
    expect(got).toHaveLength(1000)
    expect(got.filter((g, i) => JSON.stringify(g) !== JSON.stringify(agreement.expected[i]))).toEqual([])
  }, 60_000)

  it("type-checks a game's strict TypeScript with nothing else installed, and catches a wrong call", async () => {
    await writeFile(
      join(game, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['es2022', 'dom'],
          types: [],
        },
        files: ['game.ts'],
      }),
    )
    const good = [
      "import { loadRoom, jps, type RuntimeZone, type RuntimePath } from 'walkbox-runtime'",
      "const room = loadRoom('{}', { flags: { doorOpen: true } })",
      'const path: RuntimePath = room.findPath({ x: 1, y: 2 }, { x: 3, y: 4 }, { algorithm: jps })',
      'const zones: RuntimeZone[] = room.zonesAt(path.points[0])',
      'export const answer = [path.length, zones.map((z) => z.events.enter), room.room.size.width, room.scaleAt({ x: 0, y: 0 })]',
      '',
    ].join('\n')
    const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc')
    // One run: the good lines type-check, and the one wrong call is the only error.
    await writeFile(join(game, 'game.ts'), `${good}export const wrong = loadRoom('{}').findPath(1, 2)\n`)
    const failed = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: game }).then(
      () => '',
      (e: { stdout: string }) => e.stdout,
    )
    expect(failed.trim().split('\n')).toEqual([
      "game.ts(6,46): error TS2345: Argument of type 'number' is not assignable to parameter of type 'Point'.",
    ])
  }, 120_000)
})

describe('the runtime bundle check', () => {
  it('names zod, Node built-ins, the editor and the schema, one line each, and lets the geometry libraries in', () => {
    const root = '/repo'
    expect(
      runtimeModuleProblems(
        [
          '/repo/src/runtime/index.ts',
          '/repo/src/shared/nav/algorithms/jps.ts',
          '/repo/node_modules/earcut/src/earcut.js',
          '/repo/node_modules/clipper2-ts/dist/Engine.js',
          '/repo/node_modules/zod/v4/classic/schemas.js',
          'node:fs',
          '/repo/src/renderer/editing/stores/editor.ts',
          '/repo/src/shared/room/schema.ts',
        ],
        root,
      ),
    ).toEqual([
      'zod: a package the runtime may not bundle',
      'node:fs: not a file of the project (a Node built-in or a virtual module)',
      'src/renderer/editing/stores/editor.ts: outside src/runtime and src/shared',
      'src/shared/room/schema.ts: editor-only (or needs zod)',
    ])
  })

  it('finds nothing in the real bundle', () => {
    expect(runtimeModuleProblems(packed.build.modules)).toEqual([])
    expect(packed.build.modules.some((m) => m.includes('navmesh-funnel'))).toBe(true)
  })
})
