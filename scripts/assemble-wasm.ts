/**
 * Assembles src/shared/nav/grid/flood-kernel.wat into flood-kernel.wasm.ts (the module's
 * bytes as a TypeScript array, so that the core needs no loader or bundler plugin).
 *
 *   npm run build:wasm           write the .wasm.ts file
 *   npm run build:wasm -- --check  exit 1 when the committed bytes differ from the text's
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { assembleWat, renderWasmModule } from './wat'

const WAT = fileURLToPath(new URL('../src/shared/nav/grid/flood-kernel.wat', import.meta.url))
const OUT = fileURLToPath(new URL('../src/shared/nav/grid/flood-kernel.wasm.ts', import.meta.url))

const bytes = await assembleWat(readFileSync(WAT, 'utf8'), 'flood-kernel.wat')
const text = renderWasmModule(bytes)
if (process.argv.includes('--check')) {
  if (readFileSync(OUT, 'utf8') !== text) {
    console.error('flood-kernel.wasm.ts is not the assembly of flood-kernel.wat: run npm run build:wasm')
    process.exit(1)
  }
  console.log(`flood-kernel.wasm.ts matches flood-kernel.wat (${bytes.length} bytes)`)
} else {
  writeFileSync(OUT, text)
  console.log(`wrote ${OUT} (${bytes.length} bytes)`)
}
