/**
 * CONTRIBUTING.md's recipes are true: in one temporary copy of the checkout, a tenth
 * algorithm, a new tool, a fourth engine and a new host method are added exactly as it says
 * (the algorithm: a new file, its export line and one line in its registry; the tool: a new
 * file, one line in the shared tool list and its maker in the renderer's registry; the engine:
 * its folder in src/shared/formats/ and one line in the descriptor list; the host method: one
 * entry in the method table and the method in the desktop host and in the browser host). Each recipe
 * touches exactly the files its "Files you touch" line in CONTRIBUTING.md names, and then
 * nothing else needs touching: with all of them applied the copy typechecks and lints, the
 * WHOLE unit and component suites pass (run once, for every recipe at a time, so the run costs
 * one suite, not one per recipe), the compare end-to-end test shows the tenth algorithm's row
 * beside the others, the new engine's game folder is detected, listed and imported by the
 * command line with its label, formats and help, and the desktop edition's main process
 * carries the new method. The copy
 * is removed afterwards; the checkout is never written (tests/support/recipe-copy.ts).
 *
 * Units: timeouts in ms.
 */
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../support/bench-data'
import {
  addHostMethod,
  addProbeEngine,
  addProbeTool,
  addTenthAlgorithm,
  copyCheckout,
  PROBE_ALGORITHM_ID,
  PROBE_ENGINE_ID,
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

/** A command's output, run synchronously in `cwd`. */
function output(cwd: string, command: string, ...args: string[]): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
}

/** Run an npx command in the copy; resolves with its output, rejects with it (and the exit code). */
async function npx(root: string, args: string[], timeout: number): Promise<string> {
  const { stdout, stderr } = await npxRun(root, args, timeout)
  return stdout + stderr
}

/** Run a command line that answers `--json` in the copy: its standard output read as JSON (progress lines go to standard error). */
async function npxJson<T>(root: string, args: string[], timeout: number): Promise<T> {
  return JSON.parse((await npxRun(root, args, timeout)).stdout) as T
}

async function npxRun(
  root: string,
  args: string[],
  timeout: number,
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run('npx', args, {
      cwd: root,
      env: childEnv(),
      timeout,
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`npx ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`)
  }
}

/**
 * The files a recipe's "Files you touch:" paragraph in CONTRIBUTING.md names (the section
 * under `## <heading>`), with its placeholders (`<id>`, `<name>`) given their probe values.
 */
function recipeFiles(heading: string, names: Record<string, string>): string[] {
  const text = readFileSync(join(repoRoot, 'CONTRIBUTING.md'), 'utf8')
  const section = text.split(/^## /m).find((s) => s.startsWith(`${heading}\n`))
  if (!section) throw new Error(`CONTRIBUTING.md has no section "## ${heading}"`)
  const paragraph = section.split('\n\n').find((p) => p.startsWith('Files you touch: '))
  if (!paragraph) throw new Error(`"## ${heading}" in CONTRIBUTING.md has no "Files you touch:" line`)
  return [...paragraph.matchAll(/`([^`]+)`/g)]
    .map(([, file]) => Object.entries(names).reduce((f, [k, v]) => f.split(k).join(v), file))
    .sort()
}

/** Each recipe: its CONTRIBUTING.md section, the helper that follows it, its placeholders' values. */
const RECIPES: { heading: string; apply: (root: string) => void; names: Record<string, string> }[] = [
  {
    heading: 'Adding a pathfinding algorithm',
    apply: addTenthAlgorithm,
    names: { '<id>': PROBE_ALGORITHM_ID },
  },
  { heading: 'Adding a tool', apply: addProbeTool, names: { '<name>': PROBE_TOOL_ID } },
  { heading: 'Adding an engine', apply: addProbeEngine, names: { '<engine>': PROBE_ENGINE_ID } },
  { heading: 'Adding a host method', apply: addHostMethod, names: {} },
]

describe("CONTRIBUTING.md's recipes, followed in a copy of the checkout", () => {
  let copy: CheckoutCopy
  /** The files each recipe touched, in RECIPES order. */
  let touched: string[][]

  beforeAll(() => {
    copy = copyCheckout()
    touched = RECIPES.map((recipe) => {
      recipe.apply(copy.root)
      return copy.checkpoint()
    })
  })
  afterAll(() => copy?.remove())

  it('each touch exactly the files its "Files you touch" line in CONTRIBUTING.md names', () => {
    RECIPES.forEach((recipe, i) => {
      expect(touched[i], recipe.heading).toEqual(recipeFiles(recipe.heading, recipe.names))
    })
    const registry = readFileSync(join(copy.root, 'src/shared/nav/pathfinder-exports.ts'), 'utf8')
    expect(registry).toContain(`from './algorithms/${PROBE_ALGORITHM_ID}'`)
    // The engine recipe's one line: the descriptor list names the new engine.
    const list = readFileSync(join(copy.root, 'src/shared/formats/engines.ts'), 'utf8')
    expect(list).toMatch(/^const ENGINES = \[.*\bPROBE_ENGINE\] as const$/m)
  })

  it('typecheck and lint with nothing else changed', async () => {
    await npx(copy.root, ['tsc', '--noEmit', '-p', 'tsconfig.node.json'], 300_000)
    await npx(copy.root, ['vue-tsc', '--noEmit', '-p', 'tsconfig.web.json'], 300_000)
    await npx(copy.root, ['tsc', '--noEmit', '-p', 'tsconfig.e2e.json'], 300_000)
    // Every touched file, with the whole project's rules (import circles among them).
    await npx(copy.root, ['eslint', '--max-warnings', '0', ...copy.touched()], 300_000)
  }, 900_000)

  it('pick up the new engine: the command line detects, lists and imports its game, with its label, formats and help; the editor names it in its Import buttons, folder picker and Import hint', async () => {
    // A game of the probe engine beside the copy (tests/support/recipes/probe-engine.ts.txt):
    // game.probe names it, rooms/*.probe are its rooms, anything else is not a room.
    const game = join(copy.root, '..', 'probe-game')
    mkdirSync(join(game, 'rooms'), { recursive: true })
    writeFileSync(join(game, 'game.probe'), 'Probe Quest\n')
    writeFileSync(
      join(game, 'rooms', 'hall.probe'),
      'name Hall\nsize 320 200\nwalk 10,150 300,150 300,190 10,190\n',
    )
    writeFileSync(
      join(game, 'rooms', 'cellar.probe'),
      'size 160 120\nwalk 0,60 150,60 150,110\nwalk 0,0 20,0 20,20\n',
    )
    writeFileSync(join(game, 'rooms', 'notes.txt'), 'not a room\n')
    const out = join(copy.root, '..', 'probe-project')
    const cli = ['tsx', 'src/cli/walkbox.ts']
    const imported = await npxJson<{
      engine: string
      label: string
      rooms: { file: string; name: string; width: number; height: number; areas: number }[]
      skipped: unknown[]
    }>(copy.root, [...cli, 'import', game, '--out', out, '--json'], 300_000)
    expect(imported.engine).toBe(PROBE_ENGINE_ID)
    expect(imported.label).toBe('Probe')
    expect(imported.skipped).toEqual([])
    expect(imported.rooms.map((r) => [r.file, r.name, r.width, r.height]).sort()).toEqual([
      ['rooms/cellar.probe', 'cellar', 160, 120],
      ['rooms/hall.probe', 'Hall', 320, 200],
    ])
    // The project holds both rooms (one save), named after the game.
    const listed = await npxJson<{
      name: string
      rooms: { id: string; problem: string | null }[]
    }>(copy.root, [...cli, 'room', 'list', out, '--json'], 300_000)
    expect(listed.name).toBe('Probe Quest')
    expect(listed.rooms.map((r) => r.problem)).toEqual([null, null])
    // `walkbox formats` lists its room format; the help names the engine and its game folder.
    const formats = await npxJson<{
      formats: { id: string; import: boolean }[]
    }>(copy.root, [...cli, 'formats', '--json'], 300_000)
    expect(formats.formats).toContainEqual(expect.objectContaining({ id: 'probe-room', import: true }))
    const help = await npx(copy.root, cli, 300_000).catch((error: Error) => error.message)
    expect(help).toContain(`${PROBE_ENGINE_ID} (Probe)`)
    expect(help).toContain('a probe game with game.probe')
    // The labels the editor shows (the status line, Open Recent) and the dialogs' formats (the
    // registry's) come from the descriptor too.
    const probe = join(copy.root, '..', 'probe-labels.ts')
    writeFileSync(
      probe,
      [
        `import { recentGameFolder } from '${join(copy.root, 'src/shared/recent-list')}'`,
        `import { engineName } from '${join(copy.root, 'src/renderer/editing/stores/status')}'`,
        `import { ROOM_FORMATS } from '${join(copy.root, 'src/shared/formats/registry')}'`,
        `import { IMPORT_FROM_ENGINES, IMPORT_GAME_HINT, openGameFolderTitle } from '${join(copy.root, 'src/shared/formats/engine-texts')}'`,
        `const recent = recentGameFolder({ ref: 'game:quest', name: 'Quest', openedAt: '', game: '${PROBE_ENGINE_ID}' })`,
        `console.log(JSON.stringify({ recent: recent?.label, status: engineName('${PROBE_ENGINE_ID}'), formats: ROOM_FORMATS.map((f) => f.id), button: IMPORT_FROM_ENGINES, picker: openGameFolderTitle(false), hint: IMPORT_GAME_HINT }))`,
      ].join('\n'),
    )
    const labels = await npxJson<{
      recent: string
      status: string
      formats: string[]
      button: string
      picker: string
      hint: string
    }>(copy.root, ['tsx', probe], 300_000)
    // The Import buttons, the desktop's folder picker and the Import dialog's hint name it too
    // (src/shared/formats/engine-texts.ts; the buttons and the dialog show these texts).
    expect(labels).toEqual({
      recent: 'quest — Probe',
      status: 'Probe',
      formats: expect.arrayContaining(['probe-room']),
      button: 'Import from Godot, Tiled, AGS, Probe…',
      picker: 'Open a game folder (Godot, Tiled, AGS, Probe)',
      hint: expect.stringContaining('a probe game with game.probe'),
    })
  }, 1_200_000)

  it('pass the whole unit and component suites, which hold the new algorithm, tool, engine and host method to their rules', async () => {
    const report = join(copy.root, '..', 'vitest-report.json')
    // A failing suite exits non-zero; its report still names what failed, so read it then too.
    const ran = await npx(
      copy.root,
      [
        'vitest',
        'run',
        '--project',
        'unit',
        '--project',
        'component',
        '--reporter=json',
        `--outputFile=${report}`,
      ],
      3_000_000,
    ).catch((error: Error) => error.message)
    if (!existsSync(report)) throw new Error(`the suites wrote no report:\n${ran.slice(-4000)}`)
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      numFailedTests: number
      numPassedTests: number
      testResults: {
        name: string
        status: string
        message?: string
        assertionResults: { fullName: string; status: string }[]
      }[]
    }
    const failed = result.testResults.flatMap((r) => [
      ...(r.status === 'failed' && r.message ? [`${r.name}: ${r.message.split('\n')[0]}`] : []),
      ...r.assertionResults.filter((a) => a.status === 'failed').map((a) => `${r.name}: ${a.fullName}`),
    ])
    expect(failed).toEqual([])
    expect(result.numFailedTests).toBe(0)
    const files = result.testResults.map((r) => r.name.slice(copy.root.length + 1))
    // The whole suites ran: every unit and component test file of the copy, not a subset.
    const all = output(copy.root, 'git', 'ls-files', 'tests/unit', 'tests/component')
      .split('\n')
      .filter((f) => f.endsWith('.test.ts'))
    expect(files.sort()).toEqual(all.sort())
    // The new algorithm was held to the contract by name, the runtime exports it, and the host
    // method passed the method-table checks.
    const passed = result.testResults.flatMap((r) =>
      r.assertionResults.filter((a) => a.status === 'passed').map((a) => a.fullName),
    )
    expect(
      passed.filter((t) => t.includes(`${PROBE_ALGORITHM_ID} keeps the contract`)).length,
    ).toBeGreaterThan(0)
  }, 3_600_000)

  it('show the tenth algorithm in the compare end-to-end test and the new method in the desktop main process', async () => {
    const out = await npx(
      copy.root,
      ['vitest', 'run', '--reporter=verbose', '--project', 'e2e', 'tests/e2e/compare.test.ts'],
      1_500_000,
    )
    expect(out).toMatch(/Test Files +1 passed/)
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
  }, 2_400_000)
})
