/**
 * Partial funnels for corridor searches over a triangle mesh: each search node
 * (a triangle reached through a chain of portals) keeps the funnel the funnel
 * algorithm would hold after those portals, so a corridor can be ranked by its
 * pulled length instead of a length through edge midpoints.
 *
 * Glossary
 * - apex: the last corner of the pulled path so far; `g` is the pulled length from the
 *   start to the apex.
 * - left / right point: the funnel's boundary points (portal ends) seen from the apex.
 * - source triangle of a point: the triangle whose entering portal gave it (the apex's,
 *   so that the portals after it can be scanned again when the apex moves).
 * - estimate: g + the shortest way from the apex through the newest portal to the goal;
 *   for the goal's triangle, the finished pulled length (exact for that corridor).
 * - chain: the search tree's parents; every ancestor of an expanded node is closed, so
 *   its parents no longer change.
 *
 * Units: room px.
 */
import type { Point } from '../../geometry/types'
import type { TriMesh } from './tri-mesh'
import { norm } from './norm'

export interface PartialFunnels {
  ax: Float64Array
  ay: Float64Array
  g: Float64Array
  lx: Float64Array
  ly: Float64Array
  rx: Float64Array
  ry: Float64Array
  /** Source triangles of the apex, left and right points. */
  at: Int32Array
  lt: Int32Array
  rt: Int32Array
}

export function createPartialFunnels(triangleCount: number): PartialFunnels {
  const f = () => new Float64Array(triangleCount)
  const i = () => new Int32Array(triangleCount)
  return { ax: f(), ay: f(), g: f(), lx: f(), ly: f(), rx: f(), ry: f(), at: i(), lt: i(), rt: i() }
}

export function partialFunnelBytes(triangleCount: number): number {
  return triangleCount * (7 * 8 + 3 * 4)
}

/** The start triangle's funnel: apex at the start point. */
export function startFunnel(f: PartialFunnels, st: number, s: Point): void {
  f.ax[st] = f.lx[st] = f.rx[st] = s.x
  f.ay[st] = f.ly[st] = f.ry[st] = s.y
  f.g[st] = 0
  f.at[st] = f.lt[st] = f.rt[st] = st
}

// Working state of one extension (module scratch: searches are not re-entrant).
let Ax = 0
let Ay = 0
let G = 0
let Lx = 0
let Ly = 0
let Rx = 0
let Ry = 0
let At = 0
let Lt = 0
let Rt = 0
let chain = new Int32Array(64)

/**
 * Applies one portal (left l, right r, entering triangle w) to the working funnel.
 * Returns false when a side crossed the other: the apex has moved (to the other
 * side's point) and the portals after it must be scanned again.
 */
function step(lx: number, ly: number, rx: number, ry: number, w: number): boolean {
  if ((Rx === Ax && Ry === Ay) || (Rx - Ax) * (ry - Ay) - (Ry - Ay) * (rx - Ax) >= 0) {
    if ((Lx === Ax && Ly === Ay) || (Lx - Ax) * (ry - Ay) - (Ly - Ay) * (rx - Ax) <= 0) {
      Rx = rx
      Ry = ry
      Rt = w
    } else {
      G += norm(Lx - Ax, Ly - Ay)
      Ax = Rx = Lx
      Ay = Ry = Ly
      At = Rt = Lt
      return false
    }
  }
  if ((Lx === Ax && Ly === Ay) || (Lx - Ax) * (ly - Ay) - (Ly - Ay) * (lx - Ax) <= 0) {
    if ((Rx === Ax && Ry === Ay) || (Rx - Ax) * (ly - Ay) - (Ry - Ay) * (lx - Ax) >= 0) {
      Lx = lx
      Ly = ly
      Lt = w
    } else {
      G += norm(Rx - Ax, Ry - Ay)
      Ax = Lx = Rx
      Ay = Ly = Ry
      At = Lt = Rt
      return false
    }
  }
  return true
}

/**
 * Extends the funnel of triangle u (expanded, so its chain is fixed) through the
 * portal (left l, right r) into triangle w. Returns the estimate; the caller keeps
 * the new funnel for w with `commitPartialFunnel` if it takes it.
 */
export function extendPartialFunnel(
  f: PartialFunnels,
  m: TriMesh,
  parent: Int32Array,
  parentEdge: Int8Array,
  u: number,
  w: number,
  lx: number,
  ly: number,
  rx: number,
  ry: number,
  t: Point,
  isGoal: boolean,
): number {
  Ax = f.ax[u]
  Ay = f.ay[u]
  G = f.g[u]
  Lx = f.lx[u]
  Ly = f.ly[u]
  Rx = f.rx[u]
  Ry = f.ry[u]
  At = f.at[u]
  Lt = f.lt[u]
  Rt = f.rt[u]
  if (!step(lx, ly, rx, ry, w)) rescan(m, parent, parentEdge, u, w, lx, ly, rx, ry)
  if (isGoal) {
    // Finish the funnel with the goal as a last, zero-width portal.
    while (!step(t.x, t.y, t.x, t.y, w)) rescan(m, parent, parentEdge, u, w, lx, ly, rx, ry)
    return G + norm(t.x - Ax, t.y - Ay)
  }
  const dx = t.x - Ax
  const dy = t.y - Ay
  const ol = dx * (ly - Ay) - dy * (lx - Ax)
  const or = dx * (ry - Ay) - dy * (rx - Ax)
  if ((ol >= 0 && or <= 0) || (ol <= 0 && or >= 0)) return G + norm(dx, dy)
  return (
    G +
    Math.min(
      norm(lx - Ax, ly - Ay) + norm(t.x - lx, t.y - ly),
      norm(rx - Ax, ry - Ay) + norm(t.x - rx, t.y - ry),
    )
  )
}

/** Scans again the portals after the (moved) apex's source triangle At, up to u, then the portal into w. */
function rescan(
  m: TriMesh,
  parent: Int32Array,
  parentEdge: Int8Array,
  u: number,
  w: number,
  lx: number,
  ly: number,
  rx: number,
  ry: number,
): void {
  if (At === w) return
  let n = 0
  for (let x = u; x !== At && x >= 0; x = parent[x]) {
    if (n === chain.length) {
      const bigger = new Int32Array(chain.length * 2)
      bigger.set(chain)
      chain = bigger
    }
    chain[n++] = x
  }
  const v = m.vertices
  // chain[n-1] is the triangle right after At; walk forwards.
  for (let i = n - 1; i >= -1; i--) {
    let plx: number
    let ply: number
    let prx: number
    let pry: number
    let pw: number
    if (i >= 0) {
      const x = chain[i]
      const par = parent[x]
      const k = parentEdge[x]
      const right = m.corners[3 * par + k]
      const left = m.corners[3 * par + ((k + 1) % 3)]
      plx = v[2 * left]
      ply = v[2 * left + 1]
      prx = v[2 * right]
      pry = v[2 * right + 1]
      pw = x
    } else {
      plx = lx
      ply = ly
      prx = rx
      pry = ry
      pw = w
    }
    if (!step(plx, ply, prx, pry, pw)) {
      // The apex moved again: restart just after its source triangle.
      if (At === w) return
      let j = -1
      for (let k = n - 1; k >= 0; k--) {
        if (chain[k] === At) {
          j = k
          break
        }
      }
      // Continue with the triangle after At (index j - 1); the loop's i-- does the rest.
      i = j
    }
  }
}

/** Stores the funnel computed by the last `extendPartialFunnel` call for triangle w. */
export function commitPartialFunnel(f: PartialFunnels, w: number): void {
  f.ax[w] = Ax
  f.ay[w] = Ay
  f.g[w] = G
  f.lx[w] = Lx
  f.ly[w] = Ly
  f.rx[w] = Rx
  f.ry[w] = Ry
  f.at[w] = At
  f.lt[w] = Lt
  f.rt[w] = Rt
}
