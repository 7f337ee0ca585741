/**
 * CONTRIBUTING.md's recipes are true: in a temporary copy of the checkout, a tenth
 * algorithm, a new tool and a new host method are added exactly as it says (the algorithm: a
 * new file and one line in its registry; the tool: a new file, one line in the shared tool
 * list and its maker in the renderer's registry; the host method: one entry in the method
 * table and the method in the desktop host and in the browser host), and then nothing else
 * needs touching: the copy typechecks and lints, the registry, contract and palette tests pass
 * with them, the compare end-to-end test shows the tenth algorithm's row beside the others,
 * and the preload, the IPC handlers and the Electron wrapper carry the new method (their
 * tests, and the desktop edition's main process run under the harness). The copy is removed
 * afterwards; the checkout is never written (tests/support/recipe-copy.ts).
 *
 * Units: none.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addHostMethod,
  addProbeTool,
  addTenthAlgorithm,
  copyCheckout,
  PROBE_ALGORITHM_ID,
  PROBE_HOST_METHOD,
  PROBE_TOOL_ID,
  type CheckoutCopy,
} from '../support/recipe-copy'

const run = promisify(execFile)

/** The environment for a tool run in the copy, without this run's vitest variables. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!/^(VITEST|TINYPOOL)/.test(k)) env[k] = v
  return { ...env, FORCE_COLOR: '0', NO_COLOR: '1' }
}

/** Run an npx command in the copy; resolves with its output, rejects with it (and the exit code). */
async function npx(root: string, args: string[], timeout: number): Promise<string> {
  try {
    const { stdout, stderr } = await run('npx', args, {
      cwd: root,
      env: childEnv(),
      timeout,
      maxBuffer: 64 * 1024 * 1024,
    })
    return stdout + stderr
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`npx ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`)
  }
}

describe("CONTRIBUTING.md's recipes, followed in a copy of the checkout", () => {
  let copy: CheckoutCopy

  beforeAll(() => {
    copy = copyCheckout()
    addTenthAlgorithm(copy.root)
    addProbeTool(copy.root)
    addHostMethod(copy.root)
  })
  afterAll(() => copy?.remove())

  it('touch exactly the files each recipe names (two for an algorithm, three for a host method)', () => {
    expect(copy.touched()).toEqual([
      'src/main/desktop-host.ts',
      'src/renderer/host/browser-host.ts',
      `src/renderer/tools/${PROBE_TOOL_ID}-tool.ts`,
      'src/renderer/tools/registry.ts',
      'src/shared/host-methods.ts',
      `src/shared/nav/algorithms/${PROBE_ALGORITHM_ID}.ts`,
      'src/shared/nav/registry.ts',
      'src/shared/tools.ts',
    ])
    const registry = readFileSync(join(copy.root, 'src/shared/nav/registry.ts'), 'utf8')
    expect(registry).toContain(`from './algorithms/${PROBE_ALGORITHM_ID}'`)
  })

  it('typecheck and lint with nothing else changed', async () => {
    await npx(copy.root, ['tsc', '--noEmit', '-p', 'tsconfig.node.json'], 300_000)
    await npx(copy.root, ['vue-tsc', '--noEmit', '-p', 'tsconfig.web.json'], 300_000)
    await npx(copy.root, ['tsc', '--noEmit', '-p', 'tsconfig.e2e.json'], 300_000)
    await npx(
      copy.root,
      [
        'eslint',
        '--max-warnings',
        '0',
        `src/shared/nav/algorithms/${PROBE_ALGORITHM_ID}.ts`,
        `src/renderer/tools/${PROBE_TOOL_ID}-tool.ts`,
        'src/shared/host-methods.ts',
        'src/main/desktop-host.ts',
        'src/renderer/host/browser-host.ts',
      ],
      300_000,
    )
  }, 900_000)

  it('are picked up by the registry, contract and palette tests and by the compare e2e', async () => {
    const out = await npx(
      copy.root,
      [
        'vitest',
        'run',
        '--reporter=verbose',
        'tests/unit/nav/framework/registry.test.ts',
        'tests/unit/nav/grid/contract.test.ts',
        'tests/component/authoring-panels.test.ts',
        'tests/component/menu-bar.test.ts',
        'tests/e2e/compare.test.ts',
      ],
      1_500_000,
    )
    // The new algorithm was held to the contract by name, and the run passed (npx rejects otherwise).
    expect(out).toContain(`${PROBE_ALGORITHM_ID} keeps the contract`)
    expect(out).toMatch(/Test Files +5 passed/)
  }, 1_800_000)

  it("carry a new host method through the preload, main's IPC handlers and the Electron wrapper, with nothing else touched", async () => {
    const out = await npx(
      copy.root,
      [
        'vitest',
        'run',
        '--reporter=verbose',
        'tests/unit/electron/preload.test.ts',
        'tests/unit/electron/ipc-and-menu.test.ts',
        'tests/unit/architecture/host-method-table.test.ts',
        'tests/component/electron-host.test.ts',
        '--project',
        'unit',
        '--project',
        'component',
      ],
      900_000,
    )
    expect(out).toMatch(/Test Files +4 passed/)
    // The desktop edition's real main process, in the copy: the preload exposes the new method
    // and main handles its channel (the checks read the table); the desktop run names it among
    // the host methods no desktop test calls yet.
    const desktop = await npx(
      copy.root,
      [
        'vitest',
        'run',
        '--reporter=verbose',
        '--project',
        'e2e-desktop',
        'tests/e2e/desktop/main-process.test.ts',
        '-t',
        'exposes exactly',
      ],
      900_000,
    )
    expect(desktop).toMatch(/Test Files +1 passed/)
    expect(desktop).toMatch(new RegExp(`Host methods no desktop test called: .*\\b${PROBE_HOST_METHOD}\\b`))
  }, 1_800_000)
})
