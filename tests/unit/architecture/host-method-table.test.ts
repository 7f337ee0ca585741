/**
 * Each host method is declared once: in the method table (src/shared/host-methods.ts), and in
 * no other file of the contract (src/shared/host*.ts). The files that carry the contract
 * between the editor and main (the preload, main's IPC handlers, the renderer's Electron
 * wrapper and the host picker) name no method at all: they are made from the table. The hosts implement every method (the
 * typecheck holds DesktopHost to `CheckedHost` and the browser host to `WalkboxHost`); this
 * test checks that their files do declare each one.
 *
 * Units: none.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../support/bench-data'
import { HOST_EVENT_NAMES, HOST_METHOD_NAMES, hostEventListenerName } from '../../../src/shared/host-methods'

const TABLE = 'src/shared/host-methods.ts'
/** The contract's carriers: made from the table, naming no method. */
const CARRIERS = [
  'src/preload/index.ts',
  'src/main/ipc.ts',
  'src/renderer/platform/host/electron-host.ts',
  'src/renderer/platform/host/index.ts',
]
/** Where the hosts implement the methods (the browser host's game-folder methods live beside it). */
const DESKTOP = ['src/main/desktop-host.ts']
const BROWSER = [
  'src/renderer/platform/host/browser-host.ts',
  'src/renderer/platform/host/game-folder-host.ts',
]

function filesBelow(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesBelow(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )
}

const text = (file: string) => readFileSync(join(repoRoot, file), 'utf8')
const word = (name: string) => new RegExp(`\\b${name}\\b`)
/** A member declared under this name: `name: `, `name(`, `async name(` at the start of a line. */
const declared = (name: string) => new RegExp(`^\\s*(async\\s+)?${name}\\s*(\\?\\s*)?[:(<]`, 'm')

describe('the host method table', () => {
  const names = [...HOST_METHOD_NAMES, ...HOST_EVENT_NAMES]

  it("is where every method and event is declared, and the only place among the contract's files", () => {
    const contract = filesBelow('src/shared').filter((f) => /^src\/shared\/host[^/]*\.ts$/.test(f))
    expect(contract).toContain(TABLE)
    for (const name of names) {
      const where = contract.filter((f) => declared(name).test(text(f)))
      expect(where, name).toEqual([TABLE])
    }
  })

  it('is all the preload, the IPC handlers and the Electron wrapper know: they name no method', () => {
    for (const file of CARRIERS) {
      const named = [...names, ...HOST_EVENT_NAMES.map(hostEventListenerName)].filter((n) =>
        word(n).test(text(file)),
      )
      expect(named, file).toEqual([])
    }
  })

  it('is implemented method by method in the desktop host and in the browser host', () => {
    for (const name of HOST_METHOD_NAMES) {
      expect(
        DESKTOP.some((f) => declared(name).test(text(f))),
        `${name} in the desktop host`,
      ).toBe(true)
      expect(
        BROWSER.some((f) => declared(name).test(text(f))),
        `${name} in the browser host`,
      ).toBe(true)
    }
  })
})
