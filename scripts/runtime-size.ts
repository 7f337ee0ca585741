/**
 * How big the Walkbox runtime is in a game: two bundles built with the project's own
 * vite, minified: a game that imports only loadRoom (navmesh-funnel, the default) and one
 * that imports all nine algorithms. Prints a markdown table of bytes, minified and gzipped.
 *
 *   npm run size:runtime
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = resolve(import.meta.dirname, '..')
const dir = await mkdtemp(join(tmpdir(), 'walkbox-runtime-size-'))
const runtime = join(root, 'src/runtime/index.ts')
const games = {
  'loadRoom only (navmesh-funnel)': `import { loadRoom } from ${JSON.stringify(runtime)}\nexport const game = loadRoom\n`,
  'all nine algorithms': `import * as walkbox from ${JSON.stringify(runtime)}\nexport const game = walkbox\n`,
}
const rows: string[] = []
try {
  for (const [name, source] of Object.entries(games)) {
    const entry = join(dir, `${rows.length}.ts`)
    await writeFile(entry, source)
    const out = join(dir, `out-${rows.length}`)
    await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        lib: { entry, formats: ['es'], fileName: () => 'game.js' },
        outDir: out,
        minify: true,
        // Whitespace too, as a game's own build minifies (library mode keeps it otherwise).
        rolldownOptions: { output: { minify: true } },
        target: 'es2022',
      },
    })
    const bytes = await readFile(join(out, 'game.js'))
    rows.push(
      `| ${name} | ${(bytes.length / 1024).toFixed(1)} KiB | ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KiB |`,
    )
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
console.log('| game imports | minified | minified + gzip -9 |\n| --- | ---: | ---: |\n' + rows.join('\n'))
