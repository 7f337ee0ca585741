/**
 * Every registered algorithm's pathfinder by name, one `export … from` line each: the one
 * place both the registry (`registry.ts` builds ALGORITHMS from these names) and the game
 * runtime (`src/runtime/index.ts` re-exports this file whole) read them from. A new
 * algorithm is its file in algorithms/, its line here and its line in ALGORITHMS; a game can
 * then import it by name, and a game's bundler leaves out the ones it does not import.
 *
 * Nothing but re-exports: no code runs when this module loads.
 */
export { anyAngleOptimal } from './algorithms/any-angle-optimal'
export { downscaledGrid } from './algorithms/downscaled-grid'
export { floodFill } from './algorithms/flood-fill'
export { jps } from './algorithms/jps'
export { navmeshFunnel } from './algorithms/navmesh-funnel'
export { nodeGraph } from './algorithms/node-graph'
export { octileAstar } from './algorithms/octile-astar'
export { sampledGrid } from './algorithms/sampled-grid'
export { visibilityPolygon } from './algorithms/visibility-polygon'
