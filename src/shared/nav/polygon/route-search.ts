/**
 * navmesh-funnel's corridor search as a game runs it (navmeshRoute): the same A* over
 * triangles ranked by partial funnels, step for step (the same estimates, pushed in the same
 * order, so the same corridor), with what the editor's search keeps general taken out of the
 * loop: one portal rule (the partial funnel), the common step (the portal narrows the
 * funnel, the apex stays) done in locals and stored once, dead ends (mesh-bridges.ts) not
 * entered, and the corridor written into buffers instead of new lists.
 *
 * Glossary
 * - working area: what one search needs (per triangle: its cost, parent, funnel, marks; the
 *   open list; the corridor found and its portal ends), shared by every mesh of the process
 *   and grown to the largest one: a search holds it only while it runs, so a room loaded
 *   makes none. Its marks are stamped with a query number counted for the whole process.
 * - turn: a step where one side of the funnel crosses the other, so that the apex moves;
 *   the editor's code (partial-funnel.ts) does it, with its scans back along the chain.
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'
import { MinHeap } from '../heap'
import { TypedArena } from '../typed-arena'
import type { MeshBridges } from './mesh-bridges'
import { norm } from './norm'
import {
  commitPartialFunnel,
  createPartialFunnels,
  extendPartialFunnel,
  partialFunnelArrays,
  rescanCount,
  resetRescanCount,
  startFunnel,
  type PartialFunnels,
} from './partial-funnel'
import type { TriMesh } from './tri-mesh'

/** The working area (see the glossary), for meshes of up to `size` triangles. */
export interface WorkingArea {
  size: number
  funnels: PartialFunnels
  g: Float64Array
  parent: Int32Array
  parentEdge: Int8Array
  seen: Uint32Array
  closed: Uint32Array
  heap: MinHeap
  /** The last query's stamp. */
  query: number
  /** Did the last search meet a triangle closed by another corridor (second-opinion.ts)? */
  met: boolean
  /** The last corridor found: its triangles, and the edge each is left by. */
  corridor: Int32Array
  edges: Int8Array
  /** Room for uniqueCorridor's second half. */
  scratch: Int32Array
  /** Portal ends for the funnel (pullCorridor), one more than triangles. */
  lx: Float64Array
  ly: Float64Array
  rx: Float64Array
  ry: Float64Array
}

let area: WorkingArea | null = null

/** The working area, grown to hold `triangles` triangles (its marks then start afresh). */
export function workingArea(triangles: number): WorkingArea {
  if (area && area.size >= triangles) return area
  const T = Math.max(triangles, 2 * (area?.size ?? 32))
  const arena = new TypedArena(
    TypedArena.bytes([
      ...partialFunnelArrays(T),
      [T, 4],
      [T, 8],
      [T, 4],
      [T, 1],
      [T, 4],
      [T, 4],
      [T, 4],
      [T, 1],
      [T, 4],
      ...Array.from({ length: 4 }, () => [T + 1, 8] as const),
    ]),
  )
  area = {
    size: T,
    funnels: createPartialFunnels(T, arena, true),
    g: arena.f64(T),
    parent: arena.i32(T),
    parentEdge: arena.i8(T),
    seen: arena.u32(T),
    closed: arena.u32(T),
    heap: area?.heap ?? new MinHeap(64),
    query: 0,
    met: false,
    corridor: arena.i32(T),
    edges: arena.i8(T),
    scratch: arena.i32(T),
    lx: arena.f64(T + 1),
    ly: arena.f64(T + 1),
    rx: arena.f64(T + 1),
    ry: arena.f64(T + 1),
  }
  return area
}

/**
 * A* from triangle st (point s) to gt (point t) of mesh m, as navmesh-funnel's partial-funnel
 * search with dead ends skipped; `p` is the working area, for at least m's triangles.
 * Estimates at or above `bound` are dropped (a corridor no shorter than one known).
 * Returns the corridor's triangle count (written into p.corridor and p.edges), 0 when there
 * is none, -1 when the partial funnels scanned more than `maxRescans` portals again (then
 * nothing is written).
 */
export function routeSearch(
  m: TriMesh,
  bridges: MeshBridges,
  p: WorkingArea,
  s: Point,
  st: number,
  t: Point,
  gt: number,
  maxRescans: number,
  bound = Infinity,
): number {
  let q = ++p.query
  if (q === 0xffffffff) {
    p.seen.fill(0)
    p.closed.fill(0)
    q = p.query = 1
  }
  const { g, parent, parentEdge, seen, closed, heap } = p
  const F = p.funnels
  const FAX = F.ax
  const FAY = F.ay
  const FG = F.g
  const FLX = F.lx
  const FLY = F.ly
  const FRX = F.rx
  const FRY = F.ry
  const FAT = F.at
  const FLT = F.lt
  const FRT = F.rt
  const FAP = F.ap!
  const nb = m.neighbours
  const corners = m.corners
  const V = m.vertices
  const b = bridges
  const bridge = b.bridge
  const bParent = b.parent
  const enter = b.enter
  const leave = b.leave
  const goalEnter = enter[gt]
  const tx = t.x
  const ty = t.y
  heap.clear()
  p.met = false
  seen[st] = q
  g[st] = 0
  parent[st] = -1
  startFunnel(F, st, s)
  resetRescanCount()
  heap.push(norm(tx - s.x, ty - s.y), st)
  let found = false
  while (heap.size > 0) {
    const u = heap.pop()
    if (closed[u] === q) continue
    closed[u] = q
    if (u === gt) {
      found = true
      break
    }
    if (rescanCount() > maxRescans) return -1
    const ax = FAX[u]
    const ay = FAY[u]
    const g0 = FG[u]
    const fLx = FLX[u]
    const fLy = FLY[u]
    const fRx = FRX[u]
    const fRy = FRY[u]
    const leftAtApex = fLx === ax && fLy === ay
    const rightAtApex = fRx === ax && fRy === ay
    for (let k = 0; k < 3; k++) {
      const w = nb[3 * u + k]
      if (w < 0) continue
      if (closed[w] === q) {
        // Two corridors meet (second-opinion.ts): the one that reached w first kept it.
        if (w !== parent[u]) p.met = true
        continue
      }
      if (bridge[3 * u + k] !== 0) {
        // A bridge to a side without the goal (mesh-bridges.ts isDeadEnd, inlined).
        const x = bParent[w] === u ? w : u
        const goalInside = enter[x] <= goalEnter && goalEnter < leave[x]
        if (x === w ? !goalInside : goalInside) continue
      }
      const right = corners[3 * u + k]
      const left = corners[3 * u + (k === 2 ? 0 : k + 1)]
      const lx = V[2 * left]
      const ly = V[2 * left + 1]
      const rx = V[2 * right]
      const ry = V[2 * right + 1]
      // The step of partial-funnel.ts, in its order: the right side, then the left one.
      let turn = w === gt
      let nRx = fRx
      let nRy = fRy
      let nRt = FRT[u]
      let nLx = fLx
      let nLy = fLy
      let nLt = FLT[u]
      if (!turn && (rightAtApex || (fRx - ax) * (ry - ay) - (fRy - ay) * (rx - ax) >= 0)) {
        if (leftAtApex || (fLx - ax) * (ry - ay) - (fLy - ay) * (rx - ax) <= 0) {
          nRx = rx
          nRy = ry
          nRt = w
        } else turn = true
      }
      if (!turn && (leftAtApex || (fLx - ax) * (ly - ay) - (fLy - ay) * (lx - ax) <= 0)) {
        if ((nRx === ax && nRy === ay) || (nRx - ax) * (ly - ay) - (nRy - ay) * (lx - ax) >= 0) {
          nLx = lx
          nLy = ly
          nLt = w
        } else turn = true
      }
      if (turn) {
        const f = extendPartialFunnel(F, m, parent, parentEdge, u, w, lx, ly, rx, ry, t, w === gt)
        if (f < bound && (seen[w] !== q || f < g[w])) {
          seen[w] = q
          g[w] = f
          parent[w] = u
          parentEdge[w] = k
          commitPartialFunnel(F, w)
          heap.push(f, w)
        }
        continue
      }
      // The estimate of extendPartialFunnel: g + the shortest way from the apex through the portal to the goal.
      const dx = tx - ax
      const dy = ty - ay
      const ol = dx * (ly - ay) - dy * (lx - ax)
      const or = dx * (ry - ay) - dy * (rx - ax)
      const f =
        (ol >= 0 && or <= 0) || (ol <= 0 && or >= 0)
          ? g0 + norm(dx, dy)
          : g0 +
            Math.min(
              norm(lx - ax, ly - ay) + norm(tx - lx, ty - ly),
              norm(rx - ax, ry - ay) + norm(tx - rx, ty - ry),
            )
      if (f < bound && (seen[w] !== q || f < g[w])) {
        seen[w] = q
        g[w] = f
        parent[w] = u
        parentEdge[w] = k
        FAX[w] = ax
        FAY[w] = ay
        FG[w] = g0
        FAT[w] = FAT[u]
        FAP[w] = FAP[u]
        FLX[w] = nLx
        FLY[w] = nLy
        FLT[w] = nLt
        FRX[w] = nRx
        FRY[w] = nRy
        FRT[w] = nRt
        heap.push(f, w)
      }
    }
  }
  if (!found) return 0
  let count = 0
  for (let u = gt; u >= 0; u = parent[u]) count++
  let i = count - 1
  for (let u = gt; u >= 0; u = parent[u]) {
    p.corridor[i] = u
    if (i > 0) p.edges[i - 1] = parentEdge[u]
    i--
  }
  return count
}
