/** Types of import-graph.js (the graph code the lint rule and the unit test share). */
/** File -> the files it imports statically, paths relative to the tree's root with '/' separators. */
export type ImportGraph = Map<string, string[]>
/** What importGraph keeps between calls (make one with graphCache()). */
export interface GraphCache {
  list: string | null
  files: Map<string, { time: number | null; specifiers: string[]; targets: string[] | null }>
}

export function staticSpecifiers(text: string, fileName: string): string[]
export function resolveSpecifier(root: string, from: string, specifier: string): string | null
export function importGraph(root: string, cache?: GraphCache): ImportGraph
export function graphCache(): GraphCache
export function shortestPath(
  graph: ImportGraph,
  from: string,
  to: string,
  members?: ReadonlySet<string> | null,
): string[] | null
export function importCircles(graph: ImportGraph): string[]
