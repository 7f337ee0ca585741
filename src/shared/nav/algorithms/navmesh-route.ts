/**
 * navmesh-funnel's answer for a game (the runtime's findPath): the points, reached and
 * reason navmesh-funnel's `findPath` gives, with none of the editor's statistics or debug
 * layers, found with less work where the answer is known without a search:
 * - start and goal in one triangle, or a clear straight segment between them
 *   (straight-walk.ts): the answer is [s, t];
 * - every portal between their triangles a bridge (mesh-bridges.ts): that corridor is the
 *   only one there is, which the search would find too; it is read off the spanning tree;
 * - otherwise the same search (route-search.ts), which skips dead ends.
 * Only the answer's own objects are made per query.
 *
 * Glossary
 * - route state: what the route keeps for a mesh and option values: the mesh, and its
 *   bridges once a path is not straight. What a search works in is shared by every mesh
 *   (route-search.ts's working area), so loading a room makes no search arrays.
 * - faithful: the options navmesh-funnel's defaults give (partial-funnel entry, one
 *   corridor); with any others the route hands the query to navmesh-funnel's own findPath.
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'
import { meshBridges, uniqueCorridor, type MeshBridges } from '../polygon/mesh-bridges'
import { apexCorners, startApexLog, stopApexLog } from '../polygon/partial-funnel'
import { routeSearch, workingArea } from '../polygon/route-search'
import { crossesCycle } from '../polygon/second-opinion'
import { clearStraight } from '../polygon/straight-walk'
import { locate, placeOnMesh, type TriMesh } from '../polygon/tri-mesh'
import type { OptionValues, Prepared } from '../types'
import {
  corridorSearch,
  MAX_RESCANNED_PORTALS,
  navmeshFunnel,
  navmeshOptions,
  prepareOnMesh,
  pullCorridor,
  type NavmeshPrepared,
} from './navmesh-funnel'

/** What a game reads of an answer: `findPath`'s points, reached and reason. */
export interface RouteAnswer {
  points: Point[]
  reached: boolean
  reason?: string
}

export interface RouteState extends Prepared {
  mesh: TriMesh
  /** Complete option values. */
  values: OptionValues
  faithful: boolean
  /** navmesh-funnel's own prepared data, made when needed (other options, the midpoint fallback). */
  prepared?: NavmeshPrepared
  /** The mesh's bridges, made on the first path that is not straight. */
  bridges?: MeshBridges
}

/** A route state for a mesh and complete option values; nothing is made yet. */
export function routeState(mesh: TriMesh, values: OptionValues): RouteState {
  const { entry, corridors } = navmeshOptions(values)
  return {
    mesh,
    values,
    faithful: entry === 'partial-funnel' && corridors === 1,
    bytes: mesh.bytes,
    debug: false,
  }
}

function preparedOf(state: RouteState): NavmeshPrepared {
  if (!state.prepared) {
    state.prepared = prepareOnMesh(state.mesh, state.values)
    state.prepared.debug = false
  }
  return state.prepared
}

export function navmeshRoute(state: RouteState, from: Point, to: Point): RouteAnswer {
  if (!state.faithful) return navmeshFunnel.findPath(preparedOf(state), from, to)
  const m = state.mesh
  if (m.triangleCount === 0) return { points: [], reached: false, reason: 'the room has no walkable area' }
  // Inside a triangle, a point stays as given (placeOnMesh's common case, without its objects).
  let st = Number.isFinite(from.x) && Number.isFinite(from.y) ? locate(m, from.x, from.y) : -1
  let gt = Number.isFinite(to.x) && Number.isFinite(to.y) ? locate(m, to.x, to.y) : -1
  let s = from
  let t = to
  let reached = true
  let reasons: string[] | null = null
  if (st < 0 || gt < 0) {
    const placedStart = placeOnMesh(m, from)!
    const placedGoal = placeOnMesh(m, to) ?? placedStart
    reasons = []
    if (placedStart.moved > 1e-4) reasons.push('start outside the walkable area, snapped')
    if (placedGoal.moved > 1e-4) reasons.push('goal outside the walkable area, snapped')
    s = placedStart.point
    t = placedGoal.point
    st = placedStart.triangle
    gt = placedGoal.triangle
  }
  if (m.component[gt] !== m.component[st]) {
    const target = placeOnMesh(m, t, m.component[st])
    t = target ? target.point : s
    gt = target ? target.triangle : st
    reached = false
    ;(reasons ??= []).push(
      'goal is on another walkable island; the path goes to the reachable point closest to it',
    )
  }
  if (st === gt || clearStraight(m, s.x, s.y, st, t.x, t.y, gt)) {
    const points = [
      { x: s.x, y: s.y },
      { x: t.x, y: t.y },
    ]
    return routeAnswer(points, reached, reasons)
  }
  const bridges = (state.bridges ??= meshBridges(m))
  const w = workingArea(m.triangleCount)
  const count = uniqueCorridor(bridges, st, gt, w.corridor, w.edges, w.scratch)
  if (count > 0)
    return routeAnswer(pullCorridor(m, w, s, t, w.corridor, w.edges, count - 1), reached, reasons)
  // The search's funnels record their apexes: the goal's funnel then holds the pulled path's
  // corners, so the corridor found needs no pulling again.
  let searched: number
  startApexLog()
  try {
    searched = routeSearch(m, bridges, w, s, st, t, gt, MAX_RESCANNED_PORTALS)
  } finally {
    stopApexLog()
  }
  if (searched > 0) {
    // A corridor round a hole: searched again from the goal, bounded by the length found
    // (second-opinion.ts), as navmesh-funnel's findPath does.
    if (w.met && crossesCycle(bridges, w.corridor, w.edges, searched - 1)) {
      const length = w.g[gt]
      let back: number
      startApexLog()
      try {
        back = routeSearch(m, bridges, w, t, gt, s, st, MAX_RESCANNED_PORTALS, length)
      } finally {
        stopApexLog()
      }
      if (back > 0) {
        const points = [{ x: t.x, y: t.y }, ...apexCorners(w.funnels.ap![st])]
        const last = points[points.length - 1]
        if (last.x !== s.x || last.y !== s.y) points.push({ x: s.x, y: s.y })
        return routeAnswer(points.reverse(), reached, reasons)
      }
      // The first search's funnels were overwritten: its corridor (still in w) is pulled.
      return routeAnswer(pullCorridor(m, w, s, t, w.corridor, w.edges, searched - 1), reached, reasons)
    }
    const points = [{ x: s.x, y: s.y }, ...apexCorners(w.funnels.ap![gt])]
    const last = points[points.length - 1]
    if (last.x !== t.x || last.y !== t.y) points.push({ x: t.x, y: t.y })
    return routeAnswer(points, reached, reasons)
  }
  if (searched < 0) {
    // As navmesh-funnel's findPath does when its partial funnels take too long.
    ;(reasons ??= []).push('corridor ranked by portal midpoints: its partial funnels took too long')
    const found = corridorSearch(preparedOf(state), s, st, t, gt, -1, 'midpoint')
    if (found.corridor.length > 0) {
      const points = pullCorridor(m, w, s, t, found.corridor, found.edges, found.edges.length)
      return routeAnswer(points, reached, reasons)
    }
  }
  ;(reasons ??= []).push('no corridor found; staying at the start')
  return routeAnswer([{ x: s.x, y: s.y }], reached, reasons)
}

/** An answer, with the reasons joined as `findPath` joins them (no reason when there are none). */
function routeAnswer(points: Point[], reached: boolean, reasons: string[] | null): RouteAnswer {
  return reasons !== null && reasons.length > 0
    ? { points, reached, reason: reasons.join('; ') }
    : { points, reached }
}
