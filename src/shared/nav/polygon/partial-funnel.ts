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
import { TypedArena } from '../typed-arena'

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
  /** With an apex log (createPartialFunnels' `apexLog`): the apex's record in it, -1 for the start. */
  ap?: Int32Array
}

/** The [count, element size] of the arrays createPartialFunnels carves from an arena. */
export function partialFunnelArrays(triangleCount: number): (readonly [number, number])[] {
  return [
    ...Array.from({ length: 7 }, () => [triangleCount, 8] as const),
    ...Array.from({ length: 3 }, () => [triangleCount, 4] as const),
  ]
}

/**
 * Partial funnels for `triangleCount` triangles, from `arena` when given (planned with
 * partialFunnelArrays, one more Int32 array with `apexLog`). With `apexLog`, each funnel
 * also names its apex's record in the apex log (see startApexLog).
 */
export function createPartialFunnels(
  triangleCount: number,
  arena?: TypedArena,
  apexLog = false,
): PartialFunnels {
  const plan = partialFunnelArrays(triangleCount)
  if (apexLog) plan.push([triangleCount, 4])
  const from = arena ?? new TypedArena(TypedArena.bytes(plan))
  const f = () => from.f64(triangleCount)
  const i = () => from.i32(triangleCount)
  const funnels: PartialFunnels = {
    ax: f(),
    ay: f(),
    g: f(),
    lx: f(),
    ly: f(),
    rx: f(),
    ry: f(),
    at: i(),
    lt: i(),
    rt: i(),
  }
  if (apexLog) funnels.ap = i()
  return funnels
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
  if (f.ap) f.ap[st] = -1
}

// Working state of one extension (module scratch: searches are not re-entrant). Kept in
// typed arrays: a module-level `let` holding a double is boxed, so every write allocated.
const AX = 0
const AY = 1
const G = 2
const LX = 3
const LY = 4
const RX = 5
const RY = 6
const S = new Float64Array(7)
const AT = 0
const LT = 1
const RT = 2
/** The apex's record in the apex log (-1: the start, or no log). */
const AP = 3
const T = new Int32Array(4)
let chain = new Int32Array(64)
/** Portals scanned again by `rescan` since the last `resetRescanCount` (a search's work measure). */
let rescanned = 0

// The apex log: while it is on, every move of a working funnel's apex is recorded as (x, y,
// the record of the apex before it), so that the corners of a funnel's pulled path can be
// read back from its last apex (apexCorners) instead of pulling its corridor again.
let logging = false
let logX = new Float64Array(64)
let logY = new Float64Array(64)
let logPrev = new Int32Array(64)
let logCount = 0

/** Starts an empty apex log (see above); funnels made with `apexLog` then record their apexes. */
export function startApexLog(): void {
  logging = true
  logCount = 0
}

export function stopApexLog(): void {
  logging = false
}

function logApex(x: number, y: number, prev: number): number {
  if (logCount === logX.length) {
    const grow = <A extends Float64Array | Int32Array>(a: A, make: (n: number) => A): A => {
      const b = make(a.length * 2)
      b.set(a)
      return b
    }
    logX = grow(logX, (n) => new Float64Array(n))
    logY = grow(logY, (n) => new Float64Array(n))
    logPrev = grow(logPrev, (n) => new Int32Array(n))
  }
  logX[logCount] = x
  logY[logCount] = y
  logPrev[logCount] = prev
  return logCount++
}

/**
 * The corners of a pulled path, from its first after the start to `record` (a funnel's apex
 * record, made while the log was on), as points; none for -1.
 */
export function apexCorners(record: number): Point[] {
  let n = 0
  for (let r = record; r >= 0; r = logPrev[r]) n++
  const out = new Array<Point>(n)
  for (let r = record; r >= 0; r = logPrev[r]) out[--n] = { x: logX[r], y: logY[r] }
  return out
}

/** Starts counting rescanned portals afresh. */
export function resetRescanCount(): void {
  rescanned = 0
}

/** Portals scanned again since the last reset. */
export function rescanCount(): number {
  return rescanned
}

/**
 * Applies one portal (left l, right r, entering triangle w) to the working funnel.
 * Returns false when a side crossed the other: the apex has moved (to the other
 * side's point) and the portals after it must be scanned again.
 */
function step(lx: number, ly: number, rx: number, ry: number, w: number): boolean {
  const ax = S[AX]
  const ay = S[AY]
  const fLx = S[LX]
  const fLy = S[LY]
  let fRx = S[RX]
  let fRy = S[RY]
  if ((fRx === ax && fRy === ay) || (fRx - ax) * (ry - ay) - (fRy - ay) * (rx - ax) >= 0) {
    if ((fLx === ax && fLy === ay) || (fLx - ax) * (ry - ay) - (fLy - ay) * (rx - ax) <= 0) {
      S[RX] = fRx = rx
      S[RY] = fRy = ry
      T[RT] = w
    } else {
      S[G] += norm(fLx - ax, fLy - ay)
      S[AX] = S[RX] = fLx
      S[AY] = S[RY] = fLy
      T[AT] = T[RT] = T[LT]
      if (logging) T[AP] = logApex(fLx, fLy, T[AP])
      return false
    }
  }
  if ((fLx === ax && fLy === ay) || (fLx - ax) * (ly - ay) - (fLy - ay) * (lx - ax) <= 0) {
    if ((fRx === ax && fRy === ay) || (fRx - ax) * (ly - ay) - (fRy - ay) * (lx - ax) >= 0) {
      S[LX] = lx
      S[LY] = ly
      T[LT] = w
    } else {
      S[G] += norm(fRx - ax, fRy - ay)
      S[AX] = S[LX] = fRx
      S[AY] = S[LY] = fRy
      T[AT] = T[LT] = T[RT]
      if (logging) T[AP] = logApex(fRx, fRy, T[AP])
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
  S[AX] = f.ax[u]
  S[AY] = f.ay[u]
  S[G] = f.g[u]
  S[LX] = f.lx[u]
  S[LY] = f.ly[u]
  S[RX] = f.rx[u]
  S[RY] = f.ry[u]
  T[AT] = f.at[u]
  T[LT] = f.lt[u]
  T[RT] = f.rt[u]
  T[AP] = f.ap ? f.ap[u] : -1
  if (!step(lx, ly, rx, ry, w)) rescan(m, parent, parentEdge, u, w, lx, ly, rx, ry)
  if (isGoal) {
    // Finish the funnel with the goal as a last, zero-width portal.
    while (!step(t.x, t.y, t.x, t.y, w)) rescan(m, parent, parentEdge, u, w, lx, ly, rx, ry)
    return S[G] + norm(t.x - S[AX], t.y - S[AY])
  }
  const ax = S[AX]
  const ay = S[AY]
  const g = S[G]
  const dx = t.x - ax
  const dy = t.y - ay
  const ol = dx * (ly - ay) - dy * (lx - ax)
  const or = dx * (ry - ay) - dy * (rx - ax)
  if ((ol >= 0 && or <= 0) || (ol <= 0 && or >= 0)) return g + norm(dx, dy)
  return (
    g +
    Math.min(
      norm(lx - ax, ly - ay) + norm(t.x - lx, t.y - ly),
      norm(rx - ax, ry - ay) + norm(t.x - rx, t.y - ry),
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
  if (T[AT] === w) return
  let n = 0
  for (let x = u; x !== T[AT] && x >= 0; x = parent[x]) {
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
    rescanned++
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
      if (T[AT] === w) return
      let j = -1
      for (let k = n - 1; k >= 0; k--) {
        if (chain[k] === T[AT]) {
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
  f.ax[w] = S[AX]
  f.ay[w] = S[AY]
  f.g[w] = S[G]
  f.lx[w] = S[LX]
  f.ly[w] = S[LY]
  f.rx[w] = S[RX]
  f.ry[w] = S[RY]
  f.at[w] = T[AT]
  f.lt[w] = T[LT]
  f.rt[w] = T[RT]
  if (f.ap) f.ap[w] = T[AP]
}
