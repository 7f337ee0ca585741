/**
 * Where a triangle mesh leaves no choice: its bridges, found once per mesh, so that a
 * corridor search can skip what cannot change its answer.
 *
 * Glossary
 * - dual graph: one node per triangle, one edge per portal (shared edge).
 * - bridge: a portal whose removal splits its component in two: every corridor between a
 *   triangle on one side and a triangle on the other passes through it. In a room without
 *   holes every portal is a bridge (the dual graph is a tree).
 * - spanning tree: a depth-first tree of each component (`parent`, `depth`), with each
 *   triangle's subtree as an interval of visiting order (`enter` <= x < `leave`). Every
 *   bridge is a tree edge.
 * - unique corridor: when every portal on the tree path between two triangles is a bridge,
 *   that path is the only corridor between them (a simple path), so any search finds it.
 * - dead end: the far side of a bridge that does not hold the goal; no corridor to the goal
 *   enters it.
 *
 * Units: triangle indices, edge indices 0..2 (edge k joins corners k and k + 1).
 */
import type { TriMesh } from './tri-mesh'
import { TypedArena } from '../typed-arena'

export interface MeshBridges {
  /** Parent triangle in the spanning tree, -1 for a component's root. */
  parent: Int32Array
  /** The edge (0..2) of a triangle that leads to its parent; -1 for a root. */
  upEdge: Int8Array
  /** The edge (0..2) of the parent that leads down to the triangle; -1 for a root. */
  downEdge: Int8Array
  depth: Int32Array
  enter: Int32Array
  leave: Int32Array
  /** 1 where the edge (3 t + k) is a bridge. */
  bridge: Uint8Array
  bytes: number
}

// The walk's own arrays (low links, its stack, each triangle's next edge), kept for the next
// mesh up to WALK_KEPT triangles.
let walk = new Int32Array(3 * 64)
const WALK_KEPT = 65536

/** The spanning tree and bridges of every component, by one iterative depth-first walk (Tarjan's low links). */
export function meshBridges(m: TriMesh): MeshBridges {
  const T = m.triangleCount
  const nb = m.neighbours
  const arena = new TypedArena(
    TypedArena.bytes([
      [T, 4],
      [T, 1],
      [T, 1],
      [T, 4],
      [T, 4],
      [T, 4],
      [3 * T, 1],
    ]),
  )
  const parent = arena.i32(T).fill(-1)
  const upEdge = arena.i8(T).fill(-1)
  const downEdge = arena.i8(T).fill(-1)
  const depth = arena.i32(T)
  const enter = arena.i32(T).fill(-1)
  const leave = arena.i32(T)
  const bridge = arena.u8(3 * T)
  if (walk.length < 3 * T) walk = new Int32Array(3 * T)
  // In `walk`: low links at 0.., the walk's stack at T.., each triangle's next edge to try at 2T...
  const w3 = walk
  const LOW = 0
  const STACK = T
  const NEXT = 2 * T
  let clock = 0
  for (let root = 0; root < T; root++) {
    if (enter[root] >= 0) continue
    let top = 0
    w3[STACK] = root
    enter[root] = w3[LOW + root] = clock++
    w3[NEXT + root] = 0
    while (top >= 0) {
      const u = w3[STACK + top]
      const k = w3[NEXT + u]
      if (k < 3) {
        w3[NEXT + u] = k + 1
        const w = nb[3 * u + k]
        // The edge back to the parent is skipped by its index, not by the triangle, so that
        // two portals to one triangle (a malformed mesh) still count as a cycle.
        if (w < 0 || k === upEdge[u]) continue
        if (enter[w] >= 0) {
          if (enter[w] < w3[LOW + u]) w3[LOW + u] = enter[w]
          continue
        }
        parent[w] = u
        downEdge[w] = k
        upEdge[w] = backEdge(nb, w, u)
        depth[w] = depth[u] + 1
        enter[w] = w3[LOW + w] = clock++
        w3[NEXT + w] = 0
        w3[STACK + ++top] = w
        continue
      }
      leave[u] = clock
      top--
      const p = parent[u]
      if (p < 0) continue
      if (w3[LOW + u] < w3[LOW + p]) w3[LOW + p] = w3[LOW + u]
      if (w3[LOW + u] > enter[p]) {
        bridge[3 * p + downEdge[u]] = 1
        bridge[3 * u + upEdge[u]] = 1
      }
    }
  }
  if (walk.length > 3 * WALK_KEPT) walk = new Int32Array(3 * 64)
  const bytes = T * (4 * 4 + 2) + bridge.byteLength
  return { parent, upEdge, downEdge, depth, enter, leave, bridge, bytes }
}

/** The edge of w whose neighbour is u (the first one). */
function backEdge(nb: Int32Array, w: number, u: number): number {
  for (let k = 0; k < 3; k++) if (nb[3 * w + k] === u) return k
  return -1
}

/** Is triangle x in the subtree of triangle r? */
export function inSubtree(b: MeshBridges, r: number, x: number): boolean {
  return b.enter[r] <= b.enter[x] && b.enter[x] < b.leave[r]
}

/**
 * Is the edge k of triangle u a bridge whose far side cannot hold `goal`? (A corridor to
 * the goal never enters it.)
 */
export function isDeadEnd(b: MeshBridges, m: TriMesh, u: number, k: number, goal: number): boolean {
  if (b.bridge[3 * u + k] === 0) return false
  const w = m.neighbours[3 * u + k]
  // A bridge is a tree edge: either w is u's child, or u is w's child.
  return b.parent[w] === u ? !inSubtree(b, w, goal) : inSubtree(b, u, goal)
}

/**
 * The unique corridor from triangle s to triangle t (same component) when there is one:
 * fills `corridor` (triangles s..t) and `edges` (the edge each leaves by) and returns the
 * count of triangles; -1 when a portal on the way is not a bridge (there are other corridors).
 */
export function uniqueCorridor(
  b: MeshBridges,
  s: number,
  t: number,
  corridor: Int32Array,
  edges: Int8Array,
  scratch: Int32Array,
): number {
  let a = s
  let z = t
  let n = 0 // triangles from s upwards, written into corridor
  let m = 0 // triangles from t upwards, written into scratch
  while (b.depth[a] > b.depth[z]) {
    if (b.bridge[3 * a + b.upEdge[a]] === 0) return -1
    corridor[n] = a
    edges[n++] = b.upEdge[a]
    a = b.parent[a]
  }
  while (b.depth[z] > b.depth[a]) {
    if (b.bridge[3 * z + b.upEdge[z]] === 0) return -1
    scratch[m++] = z
    z = b.parent[z]
  }
  while (a !== z) {
    if (b.bridge[3 * a + b.upEdge[a]] === 0 || b.bridge[3 * z + b.upEdge[z]] === 0) return -1
    corridor[n] = a
    edges[n++] = b.upEdge[a]
    a = b.parent[a]
    scratch[m++] = z
    z = b.parent[z]
  }
  // a is the meeting triangle; then down to t.
  corridor[n] = a
  for (let i = m - 1; i >= 0; i--) {
    const c = scratch[i]
    edges[n++] = b.downEdge[c]
    corridor[n] = c
  }
  return n + 1
}
