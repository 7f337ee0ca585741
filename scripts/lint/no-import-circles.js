/**
 * ESLint rule `walkbox/no-import-circles`: a file may not import (statically, type-only
 * imports and re-exports included) anything that imports it back. Reported on the import
 * that starts the circle, naming the whole path, e.g.
 * `Import circle: renderer/a.ts -> renderer/b.ts -> renderer/a.ts`.
 *
 * A rule sees one file at a time; the rest of the tree comes from the import graph on disk
 * (scripts/lint/import-graph.js, the code tests/unit/architecture/no-import-circles.test.ts
 * uses too), built once per lint run and refreshed at most once a second: a refresh lists
 * the tree and re-reads only the files whose modification time changed (and resolves
 * imports again only when files came or went). The linted file's own imports are read from
 * the text being linted, so an editor's unsaved buffer is judged as it is.
 *
 * Option: `{ root }`, the folder the graph covers, relative to ESLint's working directory
 * (default 'src'); files outside it are not checked.
 *
 * Units: refresh interval in ms.
 */
import { relative, resolve } from 'node:path'
import { graphCache, importGraph, resolveSpecifier, shortestPath } from './import-graph.js'

const REFRESH_MS = 1000

/** root -> its graph, what building it read (importGraph's cache), and when it was built. */
const graphs = new Map()

function graphOf(root) {
  let held = graphs.get(root)
  if (!held) graphs.set(root, (held = { graph: null, cache: graphCache(), builtAt: -Infinity }))
  if (Date.now() - held.builtAt > REFRESH_MS) {
    held.graph = importGraph(root, held.cache)
    held.builtAt = Date.now()
  }
  return held.graph
}

/** The string a module-naming node gives, or null. */
function specifierOf(node) {
  if (node.type === 'TSImportEqualsDeclaration')
    return node.moduleReference?.type === 'TSExternalModuleReference'
      ? node.moduleReference.expression.value
      : null
  return node.source && typeof node.source.value === 'string' ? node.source.value : null
}

export const noImportCircles = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse an import that closes a circle of static imports (issue #30).' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      circle:
        'Import circle: {{path}}. Break it at its root: move what both sides need into a small file both import (CONTRIBUTING.md, "Which way imports point"); never a dynamic import().',
    },
  },
  create(context) {
    const root = resolve(context.cwd, context.options[0]?.root ?? 'src')
    const file = relative(root, context.filename).split('\\').join('/')
    if (file.startsWith('..') || file.startsWith('/')) return {}
    const imports = []
    const collect = (node) => {
      const specifier = specifierOf(node)
      if (specifier) imports.push({ node, specifier })
    }
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      TSImportEqualsDeclaration: collect,
      'Program:exit'() {
        const found = imports
          .map((i) => ({ ...i, target: resolveSpecifier(root, file, i.specifier) }))
          .filter((i) => i.target !== null)
        if (!found.length) return
        const disk = graphOf(root)
        // The tree as on disk, with this file's imports as the text being linted says.
        const own = [...new Set(found.map((i) => i.target))]
        const graph = { get: (f) => (f === file ? own : disk.get(f)) }
        for (const { node, target } of found) {
          const back = target === file ? [file] : shortestPath(graph, target, file)
          if (back)
            context.report({ node, messageId: 'circle', data: { path: [file, ...back].join(' -> ') } })
        }
      },
    }
  },
}

/** The plugin eslint.config.js registers as `walkbox`. */
export default { rules: { 'no-import-circles': noImportCircles } }
