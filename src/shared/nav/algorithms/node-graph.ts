/**
 * `node-graph`: the tap-to-move platformer's pathfinder (AS3): the author places
 * nodes and joins them (joins may be one-way and may cost more than their length);
 * a tap goes to the closest point on the closest join and A* finds the way along
 * the joins. Characters may start and stop between nodes.
 *
 * Glossary
 * - authored graph: world.authoredGraph(). Rooms without one get a graph derived
 *   from the navmesh (triangle centres and portal midpoints, each centre joined to
 *   its portals' midpoints), so that the algorithm runs on every room.
 * - snapped start / goal: the closest point on the closest join to the click (also
 *   for clicks inside the walkable area: the character walks on joins only).
 * - expanded: nodes popped from the open list (the goal included).
 *
 * Units: room px; costs are lengths times the joins' multipliers.
 */
import type { Point } from '../../geometry/types'
import { areaAt, buildOutline, lineOfSight, type Outline } from '../polygon/outline'
import { buildTriMesh } from '../polygon/tri-mesh'
import {
  buildJoinGrid,
  closestOnJoins,
  joinGridBytes,
  joinGraphBytes,
  joinGraphFromAuthored,
  joinGraphFromMesh,
  oneWayEnds,
  searchJoins,
  type JoinGraph,
  type JoinGrid,
} from '../polygon/join-graph'
import type { DebugLayer, NavWorld, OptionValues, Pathfinder, Prepared } from '../types'

export interface NodeGraphPrepared extends Prepared {
  graph: JoinGraph
  grid: JoinGrid
  derived: boolean
  layers: DebugLayer[]
  /** Set when the `shortcut` option is on: the walkable outline and the nodes a shortcut must keep. */
  shortcut?: { outline: Outline; areaCount: number; keep: Uint8Array }
}

/** Distance (room px) under which a snapped point counts as not moved. */
const SNAP_NOTE_PX = 1e-4

export const nodeGraph: Pathfinder<NodeGraphPrepared, 'node-graph'> = {
  id: 'node-graph',
  label: 'Node graph (tap to move)',
  origin: 'Tap-to-move platformer (ActionScript 3)',
  summary:
    'The author places nodes and joins them with straight walks; a join may be one-way and may cost more than its length. A tap goes to the closest point on the closest join, the character first walks from where it stands (on a join) to an end of that join, then A* with straight-line distances finds the cheapest way along the joins. Rooms without an authored graph use one made from the navmesh (triangle centres and edge midpoints).',
  options: [
    {
      key: 'shortcut',
      label: 'Cut corners',
      type: 'boolean',
      faithful: false,
      help: 'After the search, walk straight past nodes whenever the straight line is walkable; ends of one-way joins are kept, so one-way joins are walked as authored. The original always walks node to node.',
    },
  ],
  prepare(world: NavWorld, options: OptionValues): NodeGraphPrepared {
    const authored = world.authoredGraph()
    const graph = authored
      ? joinGraphFromAuthored(authored)
      : world.cached('node-graph:derived', () => joinGraphFromMesh(buildTriMesh(world.triangulation())))
    const grid = buildJoinGrid(graph)
    const prepared: NodeGraphPrepared = {
      graph,
      grid,
      derived: !authored,
      layers: makeLayers(graph),
      bytes: joinGraphBytes(graph) + joinGridBytes(grid),
    }
    if (options.shortcut === true) {
      const areas = world.polygons()
      const outline = buildOutline(areas)
      prepared.shortcut = { outline, areaCount: areas.length, keep: oneWayEnds(graph) }
      prepared.bytes += outline.bytes + prepared.shortcut.keep.byteLength
    }
    return prepared
  },
  findPath(p: NodeGraphPrepared, from: Point, to: Point) {
    const g = p.graph
    const s = closestOnJoins(g, from, p.grid)
    const t = closestOnJoins(g, to, p.grid)
    if (!s || !t) {
      return {
        points: [],
        reached: false,
        start: from,
        goal: to,
        reason: 'the room has no node graph joins',
        expanded: 0,
        debug: p.layers,
      }
    }
    const reasons: string[] = []
    if (s.dist > SNAP_NOTE_PX) reasons.push('start moved to the closest point on the closest join')
    if (t.dist > SNAP_NOTE_PX) reasons.push('goal moved to the closest point on the closest join')
    const found = searchJoins(g, s, t)
    if (p.shortcut) found.points = cutCorners(p.shortcut, found.points, found.nodes)
    if (!found.reached)
      reasons.push(
        'goal cannot be reached along the joins (another island or one-way joins); the path goes to the reachable point closest to it',
      )
    return {
      points: found.points,
      reached: found.reached,
      start: s.point,
      goal: t.point,
      reason: reasons.length > 0 ? reasons.join('; ') : undefined,
      expanded: found.expanded,
      debug: p.layers,
    }
  },
}

/**
 * Greedy shortcuts: from each kept point, walk straight to the furthest later point
 * in line of sight. Ends of one-way joins are pinned: a shortcut never starts at,
 * ends at or skips one, so one-way joins are walked exactly as authored. Points
 * outside the walkable area (authored graphs may leave it) are never shortcut from or to.
 */
function cutCorners(
  c: { outline: Outline; areaCount: number; keep: Uint8Array },
  points: Point[],
  nodes: number[],
): Point[] {
  if (points.length < 3) return points
  const inside = points.map((q) => areaAt(c.outline, q.x, q.y, c.areaCount) >= 0)
  const pinned = (i: number): boolean => nodes[i] >= 0 && c.keep[nodes[i]] === 1
  const out: Point[] = [points[0]]
  let i = 0
  while (i < points.length - 1) {
    let k = i + 1
    if (inside[i] && !pinned(i)) {
      while (
        k + 1 < points.length &&
        inside[k + 1] &&
        !pinned(k) &&
        !pinned(k + 1) &&
        lineOfSight(c.outline, points[i].x, points[i].y, points[k + 1].x, points[k + 1].y)
      )
        k++
    }
    out.push(points[k])
    i = k
  }
  return out
}

function makeLayers(g: JoinGraph): DebugLayer[] {
  const points = new Float32Array(g.nodeCount * 2)
  for (let i = 0; i < g.nodeCount; i++) {
    points[2 * i] = g.nx[i]
    points[2 * i + 1] = g.ny[i]
  }
  const two: number[] = []
  const one: number[] = []
  for (let k = 0; k < g.joinCount; k++) {
    const list = g.twoWay[k] ? two : one
    list.push(g.nx[g.ja[k]], g.ny[g.ja[k]], g.nx[g.jb[k]], g.ny[g.jb[k]])
  }
  return [
    { kind: 'points', label: 'graph nodes', points },
    { kind: 'segments', label: 'joins', segments: Float32Array.from(two) },
    { kind: 'segments', label: 'one-way joins', segments: Float32Array.from(one), directed: true },
  ]
}
