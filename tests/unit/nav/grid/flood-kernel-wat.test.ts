/** The committed kernel bytes are the assembly of the committed kernel text. */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { assembleWat, renderWasmModule } from '../../../../scripts/wat'
import { FLOOD_KERNEL_WASM } from '../../../../src/shared/nav/grid/flood-kernel.wasm'

interface WasmReflection {
  Module: {
    new (bytes: Uint8Array): object
    exports(module: object): { name: string; kind: string }[]
    imports(module: object): { module: string; name: string; kind: string }[]
  }
}

const dir = new URL('../../../../src/shared/nav/grid/', import.meta.url)

describe('flood-kernel.wat', () => {
  it('assembles to exactly the committed flood-kernel.wasm.ts (else run: npm run build:wasm)', async () => {
    const bytes = await assembleWat(
      readFileSync(fileURLToPath(new URL('flood-kernel.wat', dir)), 'utf8'),
      'k.wat',
    )
    expect(Array.from(FLOOD_KERNEL_WASM)).toEqual(Array.from(bytes))
    expect(readFileSync(fileURLToPath(new URL('flood-kernel.wasm.ts', dir)), 'utf8')).toBe(
      renderWasmModule(bytes),
    )
  })

  it('exports flood and imports only env.memory', () => {
    // Node's typings declare WebAssembly's types but not its values (see flood-kernel.ts).
    const wasm = (globalThis as unknown as { WebAssembly: WasmReflection }).WebAssembly
    const module = new wasm.Module(FLOOD_KERNEL_WASM)
    expect(wasm.Module.exports(module)).toEqual([{ name: 'flood', kind: 'function' }])
    expect(wasm.Module.imports(module)).toEqual([{ module: 'env', name: 'memory', kind: 'memory' }])
  })

  it('refuses text that is not valid WebAssembly, naming the file', async () => {
    await expect(assembleWat('(module (func (result i32)))', 'broken.wat')).rejects.toThrow(
      /broken\.wat|type mismatch/,
    )
  })
})
