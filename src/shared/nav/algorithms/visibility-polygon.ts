/**
 * `visibility-polygon`: the pathfinder of the Haxe/Luxe adventure-game example
 * ("Pathfinding part 2", after David Gouveia's write-up): a visibility graph over
 * the walkable polygon and its holes, searched with A*.
 *
 * Glossary
 * - concave vertex of the walkable polygon / convex vertex of a hole: the graph
 *   nodes (places a shortest path can bend around). See polygon/visibility-graph.ts.
 * - line of sight: every point of the segment lies in the walkable area (boundary
 *   allowed). The original tested crossings with a 0.5 px tolerance and the segment's
 *   midpoint, which lets paths clip corners; here the test is exact, because every
 *   algorithm's path must be valid.
 * - start / goal node: added per query and joined to every node in sight.
 * - expanded: graph nodes popped from A*'s open list (the goal included; 0 when the
 *   straight line is walkable).
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'
import { buildOutline } from '../polygon/outline'
import { buildPolygonAnswer, type PolygonPrepared } from '../polygon/polygon-answer'
import { buildVisibilityGraph, edgeSegments, graphBytes } from '../polygon/visibility-graph'
import type { NavWorld, OptionValues, Pathfinder } from '../types'

export interface VisibilityPolygonPrepared extends PolygonPrepared {
  edgeLayer: Float32Array
  nodeLayer: Float32Array
}

export const visibilityPolygon: Pathfinder<VisibilityPolygonPrepared, 'visibility-polygon'> = {
  id: 'visibility-polygon',
  label: 'Visibility graph (polygons)',
  origin: 'Haxe/Luxe adventure-game pathfinding example (groebelsloot.com, "Pathfinding part 2")',
  summary:
    'The walkable polygon and its holes are kept as polygons. The concave corners of the walkable polygon and the convex corners of the holes become graph nodes, joined whenever they see each other. For each click the start and the goal are added as two more nodes joined to every corner they see (a goal outside the area or inside a hole first moves to the closest point on the nearest edge), and A* with straight-line distances finds the path.',
  options: [
    {
      key: 'tautEdges',
      label: 'Only taut edges',
      type: 'boolean',
      faithful: false,
      help: 'Keep only edges that are tangent to the walls at both ends (a path never bends around a corner any other way). Same paths, a much smaller graph and fewer expansions.',
    },
  ],
  prepare(world: NavWorld, options: OptionValues): VisibilityPolygonPrepared {
    const taut = options.tautEdges === true
    const areas = world.polygons()
    const outline = buildOutline(areas)
    const graph = buildVisibilityGraph(outline, areas.length, taut, true)
    const edgeLayer = edgeSegments(graph)
    const nodeLayer = new Float32Array(graph.nodeCount * 2)
    for (let i = 0; i < graph.nodeCount; i++) {
      nodeLayer[2 * i] = graph.nx[i]
      nodeLayer[2 * i + 1] = graph.ny[i]
    }
    return {
      graph,
      edgeLayer,
      nodeLayer,
      bytes: graphBytes(graph) + edgeLayer.byteLength + nodeLayer.byteLength,
    }
  },
  findPath(prepared: VisibilityPolygonPrepared, from: Point, to: Point) {
    const answer = buildPolygonAnswer(prepared, from, to, true)
    answer.debug.push(
      { kind: 'segments', label: 'visibility edges', segments: prepared.edgeLayer },
      { kind: 'points', label: 'graph nodes', points: prepared.nodeLayer },
    )
    return answer
  },
}
