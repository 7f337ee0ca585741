/**
 * `any-angle-optimal`: the true Euclidean shortest path inside the exact walkable
 * polygons, the yardstick every other algorithm's path length is divided by.
 *
 * Glossary
 * - exact polygons: world.exactPolygons(): the authored polygons, or the mask's
 *   pixel-exact outline (every staircase step a vertex) for mask rooms.
 * - taut visibility graph: nodes are the reflex corners (and touching locations) of
 *   the exact outline; only edges tangent to the walls at both ends are kept, found
 *   lazily the first time A* expands a node and cached for later queries. Line of
 *   sight is exact and uses a uniform grid of the outline's edges.
 * - optimal: A* with the straight-line heuristic on this graph returns a shortest
 *   path (a shortest path only bends at reflex corners, tautly).
 * - expanded: graph nodes popped from the open list (0 when the straight line is walkable).
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'
import { buildOutline } from '../polygon/outline'
import { buildPolygonAnswer, type PolygonPrepared } from '../polygon/polygon-answer'
import { buildVisibilityGraph, graphBytes, type VisibilityGraph } from '../polygon/visibility-graph'
import type { NavWorld, OptionValues, Pathfinder } from '../types'

export interface AnyAngleOptimalPrepared extends PolygonPrepared {
  nodeLayer: Float32Array
}

export const anyAngleOptimal: Pathfinder<AnyAngleOptimalPrepared, 'any-angle-optimal'> = {
  id: 'any-angle-optimal',
  label: 'Any-angle optimal (yardstick)',
  origin: 'Computational geometry: shortest paths in polygonal domains via the (taut) visibility graph',
  summary:
    'The exact walkable outline is kept as polygons. Its reflex corners are the only places a shortest path can bend, so they are the graph nodes; two nodes are joined when they see each other and the segment is tangent to the walls at both ends. A* with the straight-line heuristic from the start (joined to every corner it sees) to the goal gives the true shortest path. Edges are found lazily and kept, so large traced outlines stay affordable.',
  options: [],
  prepare(world: NavWorld, _options: OptionValues): AnyAngleOptimalPrepared {
    const graph = world.cached<VisibilityGraph>('any-angle-optimal:graph', () => {
      const areas = world.exactPolygons()
      return buildVisibilityGraph(buildOutline(areas), areas.length, true, false)
    })
    const nodeLayer = new Float32Array(graph.nodeCount * 2)
    for (let i = 0; i < graph.nodeCount; i++) {
      nodeLayer[2 * i] = graph.nx[i]
      nodeLayer[2 * i + 1] = graph.ny[i]
    }
    return {
      graph,
      nodeLayer,
      get bytes() {
        return graphBytes(graph) + nodeLayer.byteLength
      },
    }
  },
  findPath(prepared: AnyAngleOptimalPrepared, from: Point, to: Point) {
    const answer = buildPolygonAnswer(prepared, from, to, true)
    answer.debug.push({ kind: 'points', label: 'graph nodes (reflex corners)', points: prepared.nodeLayer })
    return answer
  },
}
