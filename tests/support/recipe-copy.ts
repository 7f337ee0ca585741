/**
 * CONTRIBUTING.md's recipes, followed in a temporary copy of the checkout: the copy is the
 * checkout's files (tracked and new, as git lists them) in the system's temporary folder,
 * made a git repository of its own so that `git status` there says which files a recipe
 * touched. node_modules is a link to the checkout's. The checkout itself is never written,
 * so a run that is killed half way leaves it as it was (at worst a folder in the temp dir).
 *
 * Glossary
 * - recipe: "Adding a pathfinding algorithm", "Adding a tool", "Adding an engine" or "Adding a
 *   host method" in CONTRIBUTING.md: the new file and one line in its registry; for an engine,
 *   its folder and one line in the descriptor list; for a host method, one entry in the method
 *   table and the method in each host.
 * - fixture: the new file's text, from tests/support/recipes (kept as .txt so that the
 *   checkout's own typecheck and lint leave it alone).
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { repoRoot } from './bench-data'

const RECIPES = join(repoRoot, 'tests', 'support', 'recipes')

export interface CheckoutCopy {
  /** The copy's root folder. */
  readonly root: string
  /** Files changed or added since the copy was made (paths from the root, sorted). */
  touched(): string[]
  /**
   * Files changed or added since the last checkpoint (or the copy), sorted: call it after
   * each recipe to know the files that recipe touched. The copy's git history keeps them.
   */
  checkpoint(): string[]
  /** Remove the copy. */
  remove(): void
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=recipe', '-c', 'user.email=recipe@walkbox.invalid', ...args], {
    cwd,
    encoding: 'utf8',
  })
}

/** Copy the checkout (its files as git lists them, not node_modules or build output) to a temporary folder. */
export function copyCheckout(): CheckoutCopy {
  const parent = mkdtempSync(join(tmpdir(), 'walkbox-recipe-'))
  const root = join(parent, 'walkbox')
  const files = git(repoRoot, 'ls-files', '-z', '--cached', '--others', '--exclude-standard')
    .split('\0')
    .filter((f) => f && existsSync(join(repoRoot, f)))
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    cpSync(join(repoRoot, file), join(root, file))
  }
  symlinkSync(realpathSync(join(repoRoot, 'node_modules')), join(root, 'node_modules'), 'dir')
  // ../shared beside the copy, as beside the checkout (read in place by the tests that use it).
  const shared = join(repoRoot, '..', 'shared')
  if (existsSync(shared)) symlinkSync(realpathSync(shared), join(parent, 'shared'), 'dir')
  git(root, 'init', '-q')
  git(root, 'add', '-A')
  git(root, 'commit', '-q', '-m', 'copy')
  const base = git(root, 'rev-parse', 'HEAD').trim()
  return {
    root,
    touched: () => {
      git(root, 'add', '-A')
      return git(root, 'diff', '--cached', '--name-only', base).split('\n').filter(Boolean).sort()
    },
    checkpoint: () => {
      git(root, 'add', '-A')
      git(root, 'commit', '-q', '--allow-empty', '-m', 'recipe')
      return git(root, 'diff', '--name-only', 'HEAD~1', 'HEAD').split('\n').filter(Boolean).sort()
    },
    remove: () => rmSync(parent, { recursive: true, force: true }),
  }
}

/** Put `line` before the line of `file` that starts with `anchor` (a registry's closing line). */
function insertBefore(root: string, file: string, anchor: string, line: string): void {
  const path = join(root, file)
  const lines = readFileSync(path, 'utf8').split('\n')
  const at = lines.findIndex((l) => l.startsWith(anchor))
  if (at < 0) throw new Error(`${file} has no line starting with ${anchor}`)
  lines.splice(at, 0, line)
  writeFileSync(path, lines.join('\n'))
}

/** Put an import after the last import of `file`. */
function addImport(root: string, file: string, statement: string): void {
  const path = join(root, file)
  const lines = readFileSync(path, 'utf8').split('\n')
  const last = lines.reduce((found, l, i) => (l.startsWith('import ') ? i : found), -1)
  lines.splice(last + 1, 0, statement)
  writeFileSync(path, lines.join('\n'))
}

/** The id the algorithm recipe adds. */
export const PROBE_ALGORITHM_ID = 'recipe-probe'
/** The id the tool recipe adds (a walk-mask tool, shortcut K). */
export const PROBE_TOOL_ID = 'probe'

/**
 * "Adding a pathfinding algorithm": its file in algorithms/, its export line in
 * pathfinder-exports.ts and one line in ALGORITHMS.
 */
export function addTenthAlgorithm(root: string): void {
  writeFileSync(
    join(root, 'src/shared/nav/algorithms', `${PROBE_ALGORITHM_ID}.ts`),
    readFileSync(join(RECIPES, 'tenth-algorithm.ts.txt')),
  )
  const exports = join(root, 'src/shared/nav/pathfinder-exports.ts')
  writeFileSync(
    exports,
    readFileSync(exports, 'utf8') + `export { recipeProbe } from './algorithms/${PROBE_ALGORITHM_ID}'\n`,
  )
  insertBefore(
    root,
    'src/shared/nav/registry.ts',
    '] as const satisfies readonly AlgorithmDescriptor[]',
    `  { pathfinder: byName.recipeProbe, family: 'grid', colour: '#7f7f7f', expandedUnit: 'cells' },`,
  )
}

/** "Adding a tool": its class file in tools/ and one line in TOOLS. */
export function addProbeTool(root: string): void {
  writeFileSync(
    join(root, 'src/renderer/editing/tools', `${PROBE_TOOL_ID}-tool.ts`),
    readFileSync(join(RECIPES, 'probe-tool.ts.txt')),
  )
  insertBefore(
    root,
    'src/shared/tools.ts',
    '] as const satisfies readonly ToolInfo[]',
    `  { id: '${PROBE_TOOL_ID}', label: 'Probe', layers: ['walk-mask'], shortcut: 'K', glyph: '·' },`,
  )
  const registry = 'src/renderer/editing/tools/registry.ts'
  addImport(root, registry, `import { ProbeTool } from './${PROBE_TOOL_ID}-tool'`)
  insertBefore(
    root,
    registry,
    '  measure: (c) => new MeasureTool(c),',
    `  ${PROBE_TOOL_ID}: (c) => new ProbeTool(c),`,
  )
}

/** The method the host-method recipe adds. */
export const PROBE_HOST_METHOD = 'probeHost'

/**
 * "Adding a host method": one entry in HOST_METHODS (src/shared/host-methods.ts) and the
 * method in each host: DesktopHost (src/main/desktop-host.ts) and the browser host
 * (src/renderer/platform/host/browser-host.ts). It answers which host it is, for a project opened there.
 */
export function addHostMethod(root: string): void {
  insertBefore(
    root,
    'src/shared/host-methods.ts',
    '} as const satisfies Record<string, HostMethodSpec>',
    `  ${PROBE_HOST_METHOD}: { request: ProjectRequestSchema, result: shape<{ ref: string; host: 'electron' | 'browser' }>(), binary: false },`,
  )
  insertBefore(
    root,
    'src/main/desktop-host.ts',
    '  async appInfo(): Promise<AppInfo> {',
    [
      `  async ${PROBE_HOST_METHOD}(req: ProjectRequest): Promise<{ ref: string; host: 'electron' }> {`,
      `    return { ref: this.requireAllowed(req.ref), host: 'electron' }`,
      '  }',
      '',
    ].join('\n'),
  )
  insertBefore(
    root,
    'src/renderer/platform/host/browser-host.ts',
    '  async appInfo(): Promise<AppInfo> {',
    [`  async ${PROBE_HOST_METHOD}({ ref }) {`, `    return { ref, host: 'browser' as const }`, '  },'].join(
      '\n',
    ),
  )
}

/** The engine the engine recipe adds (its folder is src/shared/formats/<id>/). */
export const PROBE_ENGINE_ID = 'probe'

/**
 * "Adding an engine": its folder in src/shared/formats/ (its room format and its descriptor,
 * engine.ts) and one line in the descriptor list (its import, and its name in ENGINES).
 */
export function addProbeEngine(root: string): void {
  const folder = join(root, 'src/shared/formats', PROBE_ENGINE_ID)
  mkdirSync(folder)
  writeFileSync(join(folder, 'format.ts'), readFileSync(join(RECIPES, 'probe-format.ts.txt')))
  writeFileSync(join(folder, 'engine.ts'), readFileSync(join(RECIPES, 'probe-engine.ts.txt')))
  const list = 'src/shared/formats/engines.ts'
  addImport(root, list, `import { PROBE_ENGINE } from './${PROBE_ENGINE_ID}/engine'`)
  const path = join(root, list)
  const text = readFileSync(path, 'utf8')
  const line = /^const ENGINES = \[(.*)\] as const$/m.exec(text)
  if (!line) throw new Error(`${list} has no line 'const ENGINES = [...] as const'`)
  writeFileSync(path, text.replace(line[0], `const ENGINES = [${line[1]}, PROBE_ENGINE] as const`))
}
