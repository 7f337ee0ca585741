/**
 * The import graph of a source tree and the circles in it (issue #30: no import circles).
 * One copy, plain JavaScript so that eslint.config.js loads it as it is: the lint rule
 * (scripts/lint/no-import-circles.js) and tests/unit/architecture/no-import-circles.test.ts
 * both read the graph from here. Types for TypeScript callers: import-graph.d.ts beside it.
 *
 * Glossary
 * - edge: file A names file B in a static `import … from`, `import '…'`, `import type …`
 *   or `export … from` (type-only ones included: a circle of types is still a circle for a
 *   reader). Dynamic `import()` is not an edge: it is how a circle is deliberately cut.
 * - circle: a set of files each reaching every other one through edges (a strongly connected
 *   component of more than one file, or a file that imports itself); it is named by one
 *   path through it, `a.ts -> b.ts -> a.ts`.
 *
 * Only relative specifiers are followed (packages and `node:` modules are leaves); a
 * specifier is resolved as written, then with .ts, .tsx, .vue, /index.ts (a `.js` written
 * for a `.ts` file counts as that file). `.vue` files contribute the imports of their
 * `<script>` blocks.
 *
 * Units: none; paths are relative to the tree's root, with '/' separators.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx|vue|mts)$/

/** The specifiers a source text imports statically (type-only imports and re-exports too). */
export function staticSpecifiers(text, fileName) {
  const code = fileName.endsWith('.vue') ? vueScripts(text) : text
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const found = []
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    )
      found.push(statement.moduleSpecifier.text)
    else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    )
      found.push(statement.moduleReference.expression.text)
  }
  return found
}

/** The text of a single-file component's `<script>` blocks, one after the other. */
function vueScripts(text) {
  const blocks = []
  for (const m of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) blocks.push(m[1])
  return blocks.join('\n')
}

function fileTime(path) {
  try {
    const stat = statSync(path)
    return stat.isFile() ? stat.mtimeMs : null
  } catch {
    return null
  }
}

/** The file (relative to `root`) a specifier written in `from` names, or null (a package, or outside the tree). */
export function resolveSpecifier(root, from, specifier) {
  if (!specifier.startsWith('.')) return null
  const base = resolve(root, dirname(from), specifier)
  const stem = base.replace(/\.(m?js)$/, '')
  const tries = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.vue`, `${stem}.mts`, join(base, 'index.ts')]
  for (const path of tries) {
    if (!SOURCE.test(path) || fileTime(path) === null) continue
    const rel = relative(root, path).split('\\').join('/')
    return rel.startsWith('..') ? null : rel
  }
  return null
}

function sourceFiles(root, folder = '') {
  const files = []
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const rel = folder ? `${folder}/${entry.name}` : entry.name
    if (entry.isDirectory()) files.push(...sourceFiles(root, rel))
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(rel)
  }
  return files.sort()
}

/**
 * Every source file under `root` and the files under `root` it imports statically. `cache`
 * (from `graphCache()`) keeps what earlier calls read: a file whose modification time is
 * unchanged is not parsed again, and its imports are not resolved again while the tree
 * holds the same files.
 */
export function importGraph(root, cache = graphCache()) {
  const graph = new Map()
  const files = sourceFiles(root)
  const list = files.join('\n')
  if (list !== cache.list) {
    for (const entry of cache.files.values()) entry.targets = null
    cache.list = list
  }
  for (const file of files) {
    const time = fileTime(join(root, file))
    let entry = cache.files.get(file)
    if (!entry || entry.time !== time) {
      const specifiers = staticSpecifiers(readFileSync(join(root, file), 'utf8'), file)
      entry = { time, specifiers, targets: null }
      cache.files.set(file, entry)
    }
    if (!entry.targets) {
      const targets = new Set()
      for (const specifier of entry.specifiers) {
        const target = resolveSpecifier(root, file, specifier)
        if (target) targets.add(target)
      }
      entry.targets = [...targets].sort()
    }
    graph.set(file, entry.targets)
  }
  return graph
}

/** An empty cache for importGraph: per file its time, specifiers and resolved targets. */
export function graphCache() {
  return { list: null, files: new Map() }
}

/** The strongly connected components of the graph (Tarjan), each in graph order. */
function components(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  let next = 0
  // Iterative, so that a deep chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work = [{ node: start, edge: 0 }]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length) {
      const top = work[work.length - 1]
      const edges = graph.get(top.node) ?? []
      if (top.edge < edges.length) {
        const to = edges[top.edge++]
        if (!index.has(to)) {
          index.set(to, next)
          low.set(to, next++)
          stack.push(to)
          onStack.add(to)
          work.push({ node: to, edge: 0 })
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node), index.get(to)))
        continue
      }
      work.pop()
      if (work.length) {
        const parent = work[work.length - 1].node
        low.set(parent, Math.min(low.get(parent), low.get(top.node)))
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component = []
        let node
        do {
          node = stack.pop()
          onStack.delete(node)
          component.push(node)
        } while (node !== top.node)
        found.push(component.sort())
      }
    }
  }
  return found
}

/**
 * A shortest path of edges from `from` to `to` (breadth first), both included, through
 * files of `members` only when given; null when `to` cannot be reached.
 */
export function shortestPath(graph, from, to, members = null) {
  const cameFrom = new Map()
  const queue = [from]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]
    for (const next of graph.get(node) ?? []) {
      if (members && !members.has(next)) continue
      if (next === to) {
        const path = [to]
        for (let at = node; at !== from; at = cameFrom.get(at)) path.unshift(at)
        return [from, ...path]
      }
      if (!cameFrom.has(next) && next !== from) {
        cameFrom.set(next, node)
        queue.push(next)
      }
    }
  }
  return null
}

/** Every circle of the graph, each as one path through it, `a -> b -> a`. */
export function importCircles(graph) {
  const circles = []
  for (const component of components(graph)) {
    const [first] = component
    if (component.length === 1 && !(graph.get(first) ?? []).includes(first)) continue
    const members = new Set(component)
    const path = shortestPath(graph, first, first, members) ?? [first, first]
    const more = component.length > path.length - 1 ? ` (${component.length} files in the circle)` : ''
    circles.push(path.join(' -> ') + more)
  }
  return circles.sort()
}
