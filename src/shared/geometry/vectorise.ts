/**
 * Masks to polygons: pixel-exact contour tracing, and topology-keeping simplification.
 *
 * Glossary
 * - corner: a grid point (x, y) with integer x in [0, width] and y in [0, height]; pixel
 *   (c, r) has corners (c, r) to (c + 1, r + 1).
 * - boundary edge: the unit side between an inside pixel and an outside one (or the mask's
 *   border). It is directed so that the inside pixel is on its right as seen on screen
 *   (y down); the rings it forms follow the orientation rule of polygon.ts (outer rings
 *   positive signed area, holes negative).
 * - traced ring: boundary edges joined end to end; vertices only where the direction
 *   changes (collinear corners removed), so every vertex is a pixel corner.
 * - connectivity: inside (walkable) pixels are 4-connected: two inside pixels that touch
 *   only at a corner are NOT connected. Outside pixels are therefore 8-connected.
 * - saddle: a corner whose four pixels are inside/outside like a chess board. The tracer
 *   always turns right there (towards the inside pixel it is following), which keeps the
 *   two diagonal inside pixels apart. When the two diagonal pixels nevertheless belong to
 *   one component (joined elsewhere), the contour meets itself at that corner; it is split
 *   there into two rings, an outer ring and a hole (or two holes). So no ring ever touches
 *   itself, but rings may touch each other at a saddle corner: two areas (diagonal
 *   islands), an area and its own hole, or two holes. Such a touching corner is a vertex of
 *   both rings.
 * - nesting: each outer ring bounds one 4-connected component of inside pixels; a hole is
 *   given to the outer ring of the component whose pixels it borders.
 * - simplification: Douglas-Peucker per ring with tolerance t: every removed vertex (and so
 *   every point of the exact outline) is within t of the simplified outline and vice versa.
 *   Corners shared by two rings (saddles) are always kept. Topology is then enforced: any
 *   simplified segment that crosses or touches another (outside a shared corner), any ring
 *   that changes orientation, and any ring that changes sides relative to another ring gets
 *   the offending span refined again (its farthest dropped vertex restored, DP re-run on
 *   both halves), until none is left. Every ring keeps at least 3 vertices.
 * - dropped holes: holes whose area is below t² px² are dropped. Such a hole holds no disc
 *   wider than t / sqrt(pi) in radius, so every point of it is within about 0.56 t of walkable
 *   ground. Pixel holes are at least 1 px², so with t < 1 no traced hole is ever dropped.
 *
 * Units: room px (1 mask pixel = 1 room px).
 */
import { EPSILON, distanceToSegmentSquared, orientation, segmentIntersection } from './predicates'
import { classifyPointInRing, signedArea } from './polygon'
import type { AreaPolygon, Point, Ring } from './types'

// Directions of boundary edges, in clockwise order on screen: turning right is +1.
const RIGHT = 0
const DOWN = 1
const LEFT = 2
const UP = 3
const DX = [1, 0, -1, 0]
const DY = [0, 1, 0, -1]

/**
 * Traces the inside pixels of a width x height mask into area polygons whose outlines run
 * along pixel edges (see the glossary for the connectivity and saddle rules). `inside` is
 * asked once per pixel index (r * width + c).
 */
export function traceMask(width: number, height: number, inside: (index: number) => boolean): AreaPolygon[] {
  if (width <= 0 || height <= 0) return []
  const w = width
  const h = height
  const n = w * h
  const grid = new Uint8Array(n)
  for (let i = 0; i < n; i++) if (inside(i)) grid[i] = 1

  const runs = findRuns(grid, w, h)
  const cw = w + 1
  const px = (c: number, r: number): number => (c >= 0 && r >= 0 && c < w && r < h ? grid[r * w + c] : 0)
  /** Out-edge directions at a corner as bits (1 << dir). */
  const outMask = (x: number, y: number): number => {
    const tl = px(x - 1, y - 1)
    const tr = px(x, y - 1)
    const bl = px(x - 1, y)
    const br = px(x, y)
    return (
      (br && !tr ? 1 << RIGHT : 0) |
      (bl && !br ? 1 << DOWN : 0) |
      (tl && !bl ? 1 << LEFT : 0) |
      (tr && !tl ? 1 << UP : 0)
    )
  }
  const used = new Uint8Array(cw * (h + 1))

  interface Loop {
    corners: number[]
    /** Out-direction at each corner. */
    dirs: number[]
  }
  const loops: Loop[] = []

  const traceFrom = (c: number, r: number): void => {
    const v0 = r * cw + c
    if (used[v0] & (1 << RIGHT)) return
    const corners: number[] = [v0]
    const dirs: number[] = [RIGHT]
    let x = c
    let y = r
    let d = RIGHT
    let pinched = false
    for (;;) {
      used[y * cw + x] |= 1 << d
      x += DX[d]
      y += DY[d]
      const m = outMask(x, y)
      const right = (d + 1) & 3
      const left = (d + 3) & 3
      const nd = m & (1 << right) ? right : m & (1 << d) ? d : left
      const v = y * cw + x
      if (v === v0 && nd === RIGHT) {
        if (d === RIGHT) {
          corners.shift()
          dirs.shift()
        }
        break
      }
      if (nd !== d) {
        if (m === ((1 << RIGHT) | (1 << LEFT)) || m === ((1 << UP) | (1 << DOWN))) pinched = true
        corners.push(v)
        dirs.push(nd)
      }
      d = nd
    }
    if (pinched) splitPinched(corners, dirs, loops)
    else loops.push({ corners, dirs })
  }

  // Every ring has a top edge (inside pixel below, outside above). Start from the left end of
  // each stretch of top edges: the parts of a run not covered by the runs of the row above.
  for (let r = 0; r < h; r++) {
    let k = r > 0 ? runs.rowStart[r - 1] : 0
    const kEnd = r > 0 ? runs.rowStart[r] : 0
    for (let j = runs.rowStart[r]; j < runs.rowStart[r + 1]; j++) {
      const c0 = runs.c0[j]
      const c1 = runs.c1[j]
      let c = c0
      while (c < c1) {
        while (k < kEnd && runs.c1[k] <= c) k++
        if (k < kEnd && runs.c0[k] <= c) {
          c = runs.c1[k] // covered up to the end of that run above
          continue
        }
        traceFrom(c, r)
        c = k < kEnd ? Math.min(c1, runs.c0[k]) : c1
      }
    }
  }

  // Build rings and nest holes by component label.
  const holesOf = new Map<number, Ring[]>()
  const result: AreaPolygon[] = []
  for (const loop of loops) {
    const ring: Ring = loop.corners.map((v) => ({ x: v % cw, y: Math.floor(v / cw) }))
    const v = loop.corners[0]
    const x = v % cw
    const y = Math.floor(v / cw)
    const d = loop.dirs[0]
    // The inside pixel to the right of the first edge.
    const pc = d === RIGHT || d === UP ? x : x - 1
    const pr = d === RIGHT || d === DOWN ? y : y - 1
    const comp = runs.componentAt(pc, pr)
    if (signedArea(ring) > 0) {
      const area: AreaPolygon = { outer: ring, holes: holesOf.get(comp) ?? [] }
      holesOf.set(comp, area.holes)
      result.push(area)
    } else {
      let holes = holesOf.get(comp)
      if (!holes) {
        holes = []
        holesOf.set(comp, holes)
      }
      holes.push(ring)
    }
  }
  return result
}

/** Horizontal runs of inside pixels, row by row, joined into 4-connected components. */
interface Runs {
  /** Runs of row r are rowStart[r] .. rowStart[r + 1] - 1. */
  rowStart: Int32Array
  /** First column of each run, and one past its last. */
  c0: Int32Array
  c1: Int32Array
  /** Component id of the inside pixel (c, r). */
  componentAt(c: number, r: number): number
}

function findRuns(grid: Uint8Array, w: number, h: number): Runs {
  const rowStart = new Int32Array(h + 1)
  let c0 = new Int32Array(1024)
  let c1 = new Int32Array(1024)
  let count = 0
  for (let r = 0; r < h; r++) {
    rowStart[r] = count
    const row = r * w
    let c = 0
    while (c < w) {
      while (c < w && grid[row + c] === 0) c++
      if (c >= w) break
      const start = c
      while (c < w && grid[row + c] !== 0) c++
      if (count === c0.length) {
        const g0 = new Int32Array(count * 2)
        const g1 = new Int32Array(count * 2)
        g0.set(c0)
        g1.set(c1)
        c0 = g0
        c1 = g1
      }
      c0[count] = start
      c1[count] = c
      count++
    }
  }
  rowStart[h] = count
  // Union-find over runs: runs of consecutive rows that overlap in columns are 4-connected.
  const parent = new Int32Array(count)
  for (let i = 0; i < count; i++) parent[i] = i
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]]
      a = parent[a]
    }
    return a
  }
  for (let r = 1; r < h; r++) {
    let k = rowStart[r - 1]
    const kEnd = rowStart[r]
    for (let j = rowStart[r]; j < rowStart[r + 1]; j++) {
      while (k < kEnd && c1[k] <= c0[j]) k++
      for (let q = k; q < kEnd && c0[q] < c1[j]; q++) {
        const a = find(q)
        const b = find(j)
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b)
      }
    }
  }
  const componentAt = (c: number, r: number): number => {
    let lo = rowStart[r]
    let hi = rowStart[r + 1] - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (c0[mid] <= c) lo = mid
      else hi = mid - 1
    }
    return find(lo)
  }
  return { rowStart, c0, c1, componentAt }
}

/** Cuts a ring that passes a saddle corner twice into loops that do not touch themselves. */
function splitPinched(corners: number[], dirs: number[], out: { corners: number[]; dirs: number[] }[]): void {
  const stackV: number[] = []
  const stackD: number[] = []
  const pos = new Map<number, number>()
  for (let i = 0; i < corners.length; i++) {
    const v = corners[i]
    const k = pos.get(v)
    if (k !== undefined) {
      const loopV = stackV.splice(k)
      const loopD = stackD.splice(k)
      for (const u of loopV) pos.delete(u)
      out.push({ corners: loopV, dirs: loopD })
    }
    pos.set(v, stackV.length)
    stackV.push(v)
    stackD.push(dirs[i])
  }
  if (stackV.length > 0) out.push({ corners: stackV, dirs: stackD })
}

// ---------------------------------------------------------------------------------------
// Simplification

interface SimpleRing {
  area: number
  /** -1 for the outer ring, else the hole index. */
  hole: number
  pts: Ring
  keep: Uint8Array
  /** Vertices shared with another ring (or repeated): never removed. */
  anchor: Uint8Array
  /** Sign of the exact ring's signed area (the simplified ring must keep it). */
  sign: number
  /** Squared tolerance. */
  tol2: number
  box: { minX: number; minY: number; maxX: number; maxY: number }
}

/**
 * Simplifies the outlines of areas so that no point moves more than `tolerance` room px,
 * keeping the topology (see the glossary): rings stay simple, do not cross or touch each
 * other except at corners they already shared, keep their orientation and their nesting,
 * and keep at least 3 vertices. Holes smaller than tolerance² px² are dropped.
 */
export function simplifyAreas(areas: readonly AreaPolygon[], tolerance: number): AreaPolygon[] {
  const copy = (r: Ring): Ring => r.map((p) => ({ x: p.x, y: p.y }))
  if (!(tolerance > 0)) return areas.map((a) => ({ outer: copy(a.outer), holes: a.holes.map(copy) }))
  const tol2 = tolerance * tolerance

  const rings: SimpleRing[] = []
  areas.forEach((a, ai) => {
    rings.push(makeRing(a.outer, ai, -1, tol2))
    a.holes.forEach((hole, hi) => {
      if (Math.abs(signedArea(hole)) >= tol2) rings.push(makeRing(hole, ai, hi, tol2))
    })
  })

  // Anchors: coordinates used more than once across all rings.
  const seen = new Map<number, Map<number, number>>()
  for (const r of rings) {
    for (const p of r.pts) {
      let column = seen.get(p.x)
      if (!column) {
        column = new Map()
        seen.set(p.x, column)
      }
      column.set(p.y, (column.get(p.y) ?? 0) + 1)
    }
  }
  for (const r of rings) {
    for (let i = 0; i < r.pts.length; i++) if (seen.get(r.pts[i].x)!.get(r.pts[i].y)! > 1) r.anchor[i] = 1
    douglasPeucker(r)
  }

  enforceTopology(rings)

  const out: AreaPolygon[] = areas.map(() => ({ outer: [], holes: [] }))
  for (const r of rings) {
    const pts: Ring = []
    for (let i = 0; i < r.pts.length; i++) if (r.keep[i]) pts.push({ x: r.pts[i].x, y: r.pts[i].y })
    if (r.hole < 0) out[r.area].outer = pts
    else out[r.area].holes.push(pts)
  }
  return out
}

function makeRing(ring: Ring, area: number, hole: number, tol2: number): SimpleRing {
  const pts = ring
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  for (const p of pts) {
    if (p.x < box.minX) box.minX = p.x
    if (p.y < box.minY) box.minY = p.y
    if (p.x > box.maxX) box.maxX = p.x
    if (p.y > box.maxY) box.maxY = p.y
  }
  return {
    area,
    hole,
    pts,
    keep: new Uint8Array(pts.length),
    anchor: new Uint8Array(pts.length),
    sign: Math.sign(signedArea(pts)),
    tol2,
    box,
  }
}

/** Marks the vertices Douglas-Peucker keeps (anchors always), and at least 3 per ring. */
function douglasPeucker(r: SimpleRing): void {
  const n = r.pts.length
  if (n <= 3) {
    r.keep.fill(1)
    return
  }
  let first = -1
  for (let i = 0; i < n; i++) {
    if (r.anchor[i]) {
      r.keep[i] = 1
      if (first < 0) first = i
    }
  }
  if (first < 0) {
    // No anchor: the leftmost-topmost vertex and the vertex farthest from it.
    first = 0
    for (let i = 1; i < n; i++) {
      const p = r.pts[i]
      const q = r.pts[first]
      if (p.x < q.x || (p.x === q.x && p.y < q.y)) first = i
    }
    r.keep[first] = 1
  }
  let kept = 0
  for (let i = 0; i < n; i++) kept += r.keep[i]
  if (kept === 1) {
    let far = -1
    let best = -1
    const a = r.pts[first]
    for (let i = 0; i < n; i++) {
      const d = (r.pts[i].x - a.x) ** 2 + (r.pts[i].y - a.y) ** 2
      if (d > best) {
        best = d
        far = i
      }
    }
    r.keep[far] = 1
  }
  // Run DP on each span between consecutive kept vertices (cyclic).
  const spans: number[] = []
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n
    if (!r.keep[i]) continue
    let j = (i + 1) % n
    while (!r.keep[j]) j = (j + 1) % n
    spans.push(i, j)
  }
  for (let s = 0; s < spans.length; s += 2) dpSpan(r, spans[s], spans[s + 1])
  ensureThree(r)
}

/** Iterative DP on the cyclic span from kept vertex i to kept vertex j. */
function dpSpan(r: SimpleRing, i0: number, j0: number): void {
  const tol2 = r.tol2
  const n = r.pts.length
  const stack = [i0, j0]
  while (stack.length > 0) {
    const j = stack.pop()!
    const i = stack.pop()!
    const a = r.pts[i]
    const b = r.pts[j]
    let best = -1
    let bestK = -1
    for (let k = (i + 1) % n; k !== j; k = (k + 1) % n) {
      const d = distanceToSegmentSquared(a, b, r.pts[k])
      if (d > best) {
        best = d
        bestK = k
      }
    }
    if (bestK >= 0 && best > tol2) {
      r.keep[bestK] = 1
      stack.push(i, bestK, bestK, j)
    }
  }
}

/**
 * Keeps vertex k as well, then re-runs DP on the two spans it splits, so that every dropped
 * vertex stays within tolerance of the chord it now lies under.
 */
function keepVertex(r: SimpleRing, k: number): void {
  if (r.keep[k]) return
  const n = r.pts.length
  let i = (k + n - 1) % n
  while (!r.keep[i]) i = (i + n - 1) % n
  let j = (k + 1) % n
  while (!r.keep[j]) j = (j + 1) % n
  r.keep[k] = 1
  dpSpan(r, i, k)
  dpSpan(r, k, j)
}

/** Restores vertices until at least 3 are kept (farthest from the kept ones first). */
function ensureThree(r: SimpleRing): void {
  const n = r.pts.length
  for (;;) {
    let kept = 0
    for (let i = 0; i < n; i++) kept += r.keep[i]
    if (kept >= 3 || kept >= n) return
    // Find the longest span and restore its farthest vertex.
    let bestK = -1
    let best = -1
    for (let i = 0; i < n; i++) {
      if (!r.keep[i]) continue
      let j = (i + 1) % n
      while (!r.keep[j]) j = (j + 1) % n
      for (let k = (i + 1) % n; k !== j; k = (k + 1) % n) {
        const d = distanceToSegmentSquared(r.pts[i], r.pts[j], r.pts[k])
        if (d > best) {
          best = d
          bestK = k
        }
      }
    }
    if (bestK < 0) return
    keepVertex(r, bestK)
  }
}

/** Restores the farthest dropped vertex of the span starting at kept vertex i. Returns false when the span is one edge. */
function refineSpan(r: SimpleRing, i: number): boolean {
  const n = r.pts.length
  let j = (i + 1) % n
  while (!r.keep[j]) j = (j + 1) % n
  if (j === (i + 1) % n) return false
  let bestK = -1
  let best = -1
  for (let k = (i + 1) % n; k !== j; k = (k + 1) % n) {
    const d = distanceToSegmentSquared(r.pts[i], r.pts[j], r.pts[k])
    if (d > best) {
      best = d
      bestK = k
    }
  }
  keepVertex(r, bestK)
  return true
}

interface Seg {
  ring: number
  /** Kept vertex indices at the ends (in ring order). */
  i: number
  j: number
  a: Point
  b: Point
}

/** Refines spans until the simplified rings have the topology of the exact ones. */
function enforceTopology(rings: SimpleRing[]): void {
  const pairs = nestingPairs(rings)
  for (let round = 0; round < 10000; round++) {
    const segs: Seg[] = []
    const firstSeg: number[] = []
    for (let ri = 0; ri < rings.length; ri++) {
      const r = rings[ri]
      firstSeg.push(segs.length)
      const n = r.pts.length
      for (let i = 0; i < n; i++) {
        if (!r.keep[i]) continue
        let j = (i + 1) % n
        while (!r.keep[j]) j = (j + 1) % n
        segs.push({ ring: ri, i, j, a: r.pts[i], b: r.pts[j] })
      }
    }
    firstSeg.push(segs.length)
    const bad = new Set<number>()
    findConflicts(segs, bad)
    // Orientation: a ring that flipped or collapsed gets its longest span refined.
    for (let ri = 0; ri < rings.length; ri++) {
      const r = rings[ri]
      const pts: Point[] = []
      for (let i = 0; i < r.pts.length; i++) if (r.keep[i]) pts.push(r.pts[i])
      if (Math.sign(signedArea(pts)) !== r.sign) {
        for (let s = firstSeg[ri]; s < firstSeg[ri + 1]; s++) bad.add(s)
      }
    }
    // Nesting: a kept vertex of ring A must stay on the same side of ring B.
    checkNesting(pairs, rings, segs, firstSeg, bad)
    if (bad.size === 0) return
    let changed = false
    for (const s of bad) if (refineSpan(rings[segs[s].ring], segs[s].i)) changed = true
    if (!changed) return
  }
}

/** Marks segments that cross or touch another segment other than at a shared vertex. */
function findConflicts(segs: Seg[], bad: Set<number>): void {
  if (segs.length === 0) return
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  let totalLen = 0
  for (const s of segs) {
    minX = Math.min(minX, s.a.x, s.b.x)
    minY = Math.min(minY, s.a.y, s.b.y)
    maxX = Math.max(maxX, s.a.x, s.b.x)
    maxY = Math.max(maxY, s.a.y, s.b.y)
    totalLen += Math.abs(s.a.x - s.b.x) + Math.abs(s.a.y - s.b.y)
  }
  const cell = Math.max(4, (totalLen / segs.length) * 2)
  const cols = Math.max(1, Math.floor((maxX - minX) / cell) + 1)
  const rows = Math.max(1, Math.floor((maxY - minY) / cell) + 1)
  const buckets = new Map<number, number[]>()
  const cellRange = (s: Seg): [number, number, number, number] => [
    Math.floor((Math.min(s.a.x, s.b.x) - EPSILON - minX) / cell),
    Math.floor((Math.min(s.a.y, s.b.y) - EPSILON - minY) / cell),
    Math.min(cols - 1, Math.floor((Math.max(s.a.x, s.b.x) + EPSILON - minX) / cell)),
    Math.min(rows - 1, Math.floor((Math.max(s.a.y, s.b.y) + EPSILON - minY) / cell)),
  ]
  const stamp = new Int32Array(segs.length).fill(-1)
  for (let si = 0; si < segs.length; si++) {
    const [c0, r0, c1, r1] = cellRange(segs[si])
    for (let r = Math.max(0, r0); r <= r1; r++) {
      for (let c = Math.max(0, c0); c <= c1; c++) {
        const key = r * cols + c
        let list = buckets.get(key)
        if (!list) {
          list = []
          buckets.set(key, list)
        }
        // Test against what is already in the cell (each pair once per shared cell, stamped).
        for (const o of list) {
          if (stamp[o] === si) continue
          stamp[o] = si
          if (segmentsConflict(segs[si], segs[o])) {
            bad.add(si)
            bad.add(o)
          }
        }
        list.push(si)
      }
    }
  }
}

function samePoint(p: Point, q: Point): boolean {
  return p.x === q.x && p.y === q.y
}

/** Do two simplified segments meet anywhere other than at one shared end? */
function segmentsConflict(s: Seg, t: Seg): boolean {
  const kind = segmentIntersection(s.a, s.b, t.a, t.b)
  if (kind === 'none') return false
  if (kind === 'proper') return true
  // Touching: fine only when they share an end and do not overlap along a line.
  let shared: Point | undefined
  let sOther: Point | undefined
  let tOther: Point | undefined
  if (samePoint(s.a, t.a)) [shared, sOther, tOther] = [s.a, s.b, t.b]
  else if (samePoint(s.a, t.b)) [shared, sOther, tOther] = [s.a, s.b, t.a]
  else if (samePoint(s.b, t.a)) [shared, sOther, tOther] = [s.b, s.a, t.b]
  else if (samePoint(s.b, t.b)) [shared, sOther, tOther] = [s.b, s.a, t.a]
  if (!shared || !sOther || !tOther) return true
  if (samePoint(sOther, tOther)) return true // the same segment twice (or a 2-cycle)
  if (orientation(shared, sOther, tOther) !== 0) return false
  // Collinear from the shared end: overlap when both go the same way.
  const dot = (sOther.x - shared.x) * (tOther.x - shared.x) + (sOther.y - shared.y) * (tOther.y - shared.y)
  return dot > 0
}

interface NestingPair {
  /** Ring whose test vertex is checked. */
  a: number
  /** Ring it is checked against. */
  b: number
  p: Point
  before: 'inside' | 'outside'
}

/**
 * Pairs (A, B) where a test vertex p of ring A lies within the tolerance of ring B, with the
 * side of B that p was on. Only such pairs can change sides: DP moves each dropped stretch
 * of B onto its chord through points that stay within the tolerance of that stretch, so the
 * winding of B around a point farther than the tolerance cannot change.
 */
function nestingPairs(rings: SimpleRing[]): NestingPair[] {
  const pairs: NestingPair[] = []
  if (rings.length < 2) return pairs
  const tol = Math.sqrt(rings[0].tol2)
  // A uniform grid of the exact edges of every ring.
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  let edges = 0
  for (const r of rings) {
    minX = Math.min(minX, r.box.minX)
    minY = Math.min(minY, r.box.minY)
    maxX = Math.max(maxX, r.box.maxX)
    maxY = Math.max(maxY, r.box.maxY)
    edges += r.pts.length
  }
  const cell = Math.max(4 * tol, Math.sqrt(((maxX - minX + 1) * (maxY - minY + 1)) / Math.max(1, edges)))
  const cols = Math.floor((maxX - minX) / cell) + 1
  const rows = Math.floor((maxY - minY) / cell) + 1
  const buckets = new Map<number, number[]>()
  for (let ri = 0; ri < rings.length; ri++) {
    const pts = rings[ri].pts
    const n = pts.length
    for (let i = 0; i < n; i++) {
      const a = pts[i]
      const b = pts[(i + 1) % n]
      const c0 = Math.floor((Math.min(a.x, b.x) - minX) / cell)
      const c1 = Math.floor((Math.max(a.x, b.x) - minX) / cell)
      const r0 = Math.floor((Math.min(a.y, b.y) - minY) / cell)
      const r1 = Math.floor((Math.max(a.y, b.y) - minY) / cell)
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const key = r * cols + c
          const list = buckets.get(key)
          // Ring index and edge index packed in two slots.
          if (list) list.push(ri, i)
          else buckets.set(key, [ri, i])
        }
      }
    }
  }
  const tol2 = tol * tol + 1e-9
  for (let ai = 0; ai < rings.length; ai++) {
    const A = rings[ai]
    let test = -1
    for (let i = 0; i < A.pts.length && test < 0; i++) if (A.keep[i] && !A.anchor[i]) test = i
    for (let i = 0; i < A.pts.length && test < 0; i++) if (!A.anchor[i]) test = i
    if (test < 0) continue
    const p = A.pts[test]
    const near = new Set<number>()
    const c0 = Math.max(0, Math.floor((p.x - tol - minX) / cell))
    const c1 = Math.min(cols - 1, Math.floor((p.x + tol - minX) / cell))
    const r0 = Math.max(0, Math.floor((p.y - tol - minY) / cell))
    const r1 = Math.min(rows - 1, Math.floor((p.y + tol - minY) / cell))
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const list = buckets.get(r * cols + c)
        if (!list) continue
        for (let k = 0; k < list.length; k += 2) {
          const bi = list[k]
          if (bi === ai || near.has(bi)) continue
          const B = rings[bi].pts
          const e = list[k + 1]
          if (distanceToSegmentSquared(B[e], B[(e + 1) % B.length], p) <= tol2) near.add(bi)
        }
      }
    }
    if (near.size === 0) continue
    // The test vertex must stay kept so that it means something after simplification.
    keepVertex(A, test)
    for (const bi of near) {
      const before = classifyPointInRing(rings[bi].pts, p)
      if (before !== 'boundary') pairs.push({ a: ai, b: bi, p, before })
    }
  }
  return pairs
}

/** Marks the segment of B nearest to A's test vertex when that vertex changed sides of B. */
function checkNesting(
  pairs: NestingPair[],
  rings: SimpleRing[],
  segs: Seg[],
  firstSeg: number[],
  bad: Set<number>,
): void {
  const simplified = new Map<number, Point[]>()
  for (const pair of pairs) {
    let ring = simplified.get(pair.b)
    if (!ring) {
      const r = rings[pair.b]
      ring = r.pts.filter((_, i) => r.keep[i])
      simplified.set(pair.b, ring)
    }
    if (classifyPointInRing(ring, pair.p) === pair.before) continue
    let best = Infinity
    let bestSeg = -1
    for (let s = firstSeg[pair.b]; s < firstSeg[pair.b + 1]; s++) {
      const d = distanceToSegmentSquared(segs[s].a, segs[s].b, pair.p)
      if (d < best) {
        best = d
        bestSeg = s
      }
    }
    if (bestSeg >= 0) bad.add(bestSeg)
  }
}
