/**
 * Detour (Recast/Detour compiled to WebAssembly: the npm `recast-navigation` package,
 * MIT) as a peer of navmesh-funnel and the Walkbox runtime, with three navmeshes:
 *
 * - 'triangles': Detour's navmesh made straight from the triangles navmesh-funnel searches
 *   (our constrained Delaunay triangulation of the room's walkable polygons), one Detour
 *   polygon per triangle, through `dtCreateNavMeshData` (no Recast, no voxels). The same
 *   convex polygons the runtime uses: the like-for-like peer.
 * - 'convex': the same triangles merged into convex polygons of up to 6 corners (Detour's
 *   DT_VERTS_PER_POLYGON), longest shared edge first, as Recast's `rcBuildPolyMesh` merges
 *   its triangles: fewer polygons for Detour's A*, the same walkable area.
 * - 'voxels': Recast's own build from the triangles, one voxel per room px, no agent radius
 *   and no climb (`generateSoloNavMesh`): what a game gets from Recast's pipeline. Its
 *   outline follows voxel edges, so it can stand up to about a px inside or outside ours.
 *
 * The room lies flat on the y = 0 plane (room x -> x, room y -> z). Detour stores vertex
 * positions as 16-bit multiples of its cell size: we take the power of two (1, 1/2, 1/4...)
 * that keeps the room's largest side under 65535 cells, so whole-px corners stay exact and
 * others move by under half a cell (1/32 px for a 2390 px room).
 *
 * A query is Detour's raw calls as a game's loop would make them, on buffers made once:
 * `findNearestPoly` for both ends, `findPath` (A* over the polygons), `findStraightPath`
 * (the funnel) and the points read back into JavaScript. Positions go to the calls as
 * pointers into WebAssembly memory made once (the binding copies a JavaScript array on
 * every call otherwise); `findPath`'s binding allocates its result (maxPath = the mesh's
 * polygon count) and copies it, which no caller can avoid.
 *
 * Glossary
 * - cell size (cs): Detour's unit for vertex positions in the floor plane.
 * - import: Detour's navmesh from its serialised bytes (`importNavMesh`), what a game loads.
 *
 * Units: room px, ms.
 */
import {
  exportNavMesh,
  FloatArray,
  importNavMesh,
  init,
  NavMesh,
  NavMeshCreateParams,
  NavMeshQuery,
  Raw,
  statusSucceed,
  UnsignedCharArray,
  UnsignedIntArray,
} from 'recast-navigation'
import { generateSoloNavMesh } from 'recast-navigation/generators'
import type { Point } from '../../src/shared/geometry/types'
import type { NavWorld } from '../../src/shared/nav/types'

let ready: Promise<void> | null = null

/** Loads the WebAssembly module once (Node 20 and browsers). */
export function initDetour(): Promise<void> {
  ready ??= init()
  return ready
}

export type DetourBuild = 'triangles' | 'convex' | 'voxels'

export interface DetourRoom {
  build: DetourBuild
  /** Build time, ms. */
  prepareMs: number
  polygons: number
  /**
   * One query: the path's points from the start to the goal (reached) or towards it (a
   * partial corridor, Detour's closest reachable polygon), or null when Detour found none.
   */
  findPath(from: Point, to: Point): { points: Point[]; reached: boolean } | null
  /** The navmesh serialised (what a game would ship and import). */
  exportBytes(): Uint8Array
  destroy(): void
}

/** Detour's largest corner count per polygon. */
const MAX_CORNERS = 6
const NULL_INDEX = 0xffff

interface PolygonMesh {
  /** Vertex positions, interleaved x, y (room px). */
  vertices: Float64Array
  /** Each polygon's corners (vertex indices), wound positively in room coordinates. */
  polygons: number[][]
}

/** The triangulation's triangles as polygons wound positively (cross(b - a, c - a) > 0, y down). */
function trianglePolygons(world: NavWorld): PolygonMesh {
  const { vertices, triangles } = world.triangulation()
  const polygons: number[][] = []
  for (let t = 0; t < triangles.length; t += 3) {
    const [a, b, c] = [triangles[t], triangles[t + 1], triangles[t + 2]]
    polygons.push(cross(vertices, a, b, c) >= 0 ? [a, b, c] : [a, c, b])
  }
  return { vertices, polygons }
}

function cross(v: Float64Array, a: number, b: number, c: number): number {
  return (
    (v[2 * b] - v[2 * a]) * (v[2 * c + 1] - v[2 * a + 1]) -
    (v[2 * b + 1] - v[2 * a + 1]) * (v[2 * c] - v[2 * a])
  )
}

/** The polygon `p ∪ q` joined along their shared edge, or null when they share none or it would not be convex or too big. */
function merged(v: Float64Array, p: number[], q: number[]): { polygon: number[]; edge: number } | null {
  if (p.length + q.length - 2 > MAX_CORNERS) return null
  for (let i = 0; i < p.length; i++) {
    const a = p[i]
    const b = p[(i + 1) % p.length]
    // q runs b -> a along the shared edge (both wound the same way).
    const j = q.indexOf(b)
    if (j < 0 || q[(j + 1) % q.length] !== a) continue
    const polygon: number[] = []
    for (let k = 0; k < p.length; k++) polygon.push(p[(i + 1 + k) % p.length]) // b ... a
    for (let k = 2; k < q.length; k++) polygon.push(q[(j + k) % q.length]) // after a, back to b
    const n = polygon.length
    for (let k = 0; k < n; k++) {
      if (cross(v, polygon[k], polygon[(k + 1) % n], polygon[(k + 2) % n]) <= 0) return null
    }
    const dx = v[2 * b] - v[2 * a]
    const dy = v[2 * b + 1] - v[2 * a + 1]
    return { polygon, edge: dx * dx + dy * dy }
  }
  return null
}

/** Triangles merged into convex polygons of up to 6 corners, longest shared edge first (Recast's rule). */
function convexPolygons(world: NavWorld): PolygonMesh {
  const { vertices, polygons } = trianglePolygons(world)
  const live = polygons.slice()
  for (;;) {
    let best: { i: number; j: number; polygon: number[]; edge: number } | null = null
    for (let i = 0; i < live.length; i++) {
      for (let j = i + 1; j < live.length; j++) {
        const m = merged(vertices, live[i], live[j])
        if (m && (!best || m.edge > best.edge)) best = { i, j, ...m }
      }
    }
    if (!best) break
    live[best.i] = best.polygon
    live.splice(best.j, 1)
  }
  return { vertices, polygons: live }
}

/** Cell size: the power of two that keeps `side` px under 65535 cells. */
function cellSize(side: number): number {
  let cs = 1
  while (side / cs < 32767) cs /= 2
  while (side / cs >= 65535) cs *= 2
  return cs
}

/** Detour navmesh data from polygons through dtCreateNavMeshData, the params written into WebAssembly memory. */
function navMeshFromPolygons(mesh: PolygonMesh, width: number, height: number): NavMesh {
  const M = Raw.Module as unknown as {
    _malloc(bytes: number): number
    _free(ptr: number): void
    HEAPU8: Uint8Array
    getPointer(o: unknown): number
  }
  const cs = cellSize(Math.max(width, height))
  const nv = mesh.vertices.length / 2
  const np = mesh.polygons.length
  if (nv >= NULL_INDEX) throw new Error(`Detour: ${nv} vertices; at most ${NULL_INDEX - 1}`)
  // Neighbour across each edge, from the shared (ordered) vertex pairs.
  const owner = new Map<number, number>()
  mesh.polygons.forEach((poly, i) => {
    for (let k = 0; k < poly.length; k++) owner.set(poly[k] * nv + poly[(k + 1) % poly.length], i)
  })
  const verts = M._malloc(nv * 6)
  const polys = M._malloc(np * MAX_CORNERS * 4)
  const flags = M._malloc(np * 2)
  const areas = M._malloc(np)
  const heap = () => M.HEAPU8.buffer
  const vu16 = new Uint16Array(heap(), verts, nv * 3)
  for (let i = 0; i < nv; i++) {
    vu16[3 * i] = Math.round(mesh.vertices[2 * i] / cs)
    vu16[3 * i + 1] = 0
    vu16[3 * i + 2] = Math.round(mesh.vertices[2 * i + 1] / cs)
  }
  const pu16 = new Uint16Array(heap(), polys, np * MAX_CORNERS * 2)
  pu16.fill(NULL_INDEX)
  mesh.polygons.forEach((poly, i) => {
    // Detour walks a polygon's corners the other way round from our positive winding.
    const corners = poly.slice().reverse()
    const n = corners.length
    for (let k = 0; k < n; k++) {
      const a = corners[k]
      const b = corners[(k + 1) % n]
      pu16[i * 2 * MAX_CORNERS + k] = a
      const other = owner.get(a * nv + b)
      pu16[i * 2 * MAX_CORNERS + MAX_CORNERS + k] = other === undefined ? NULL_INDEX : other
    }
  })
  new Uint16Array(heap(), flags, np).fill(1)
  new Uint8Array(heap(), areas, np).fill(0)
  const params = new NavMeshCreateParams()
  const base = M.getPointer(params.raw)
  const i32 = new Int32Array(heap(), base, 35)
  i32[0] = verts
  i32[1] = nv
  i32[2] = polys
  i32[3] = flags
  i32[4] = areas
  i32[5] = np
  i32[6] = MAX_CORNERS
  params.setBoundsMin([0, 0, 0])
  params.setBoundsMax([width, 1, height])
  params.setCellSize(cs)
  params.setCellHeight(0.5)
  params.setWalkableHeight(1)
  params.setWalkableRadius(0)
  params.setWalkableClimb(0)
  params.setBuildBvTree(true)
  const made = Raw.DetourNavMeshBuilder.createNavMeshData(params.raw)
  for (const p of [verts, polys, flags, areas]) M._free(p)
  if (!made.success) throw new Error('Detour: dtCreateNavMeshData refused the polygons')
  const data = made.navMeshData
  const navMesh = new NavMesh()
  if (!navMesh.initSolo(new UnsignedCharArray(data))) throw new Error('Detour: the navmesh data did not load')
  // The navmesh owns the data now (DT_TILE_FREE_DATA); the wrapper must not free it.
  data.isView = true
  return navMesh
}

function polygonCount(navMesh: NavMesh): number {
  let polygons = 0
  for (let i = 0; i < navMesh.getMaxTiles(); i++) {
    const header = navMesh.getTile(i).header()
    if (header) polygons += header.polyCount()
  }
  return polygons
}

/** Detour's navmesh of a world's walkable polygons in one of the three builds; call initDetour() first. */
export function detourRoom(world: NavWorld, build: DetourBuild = 'triangles'): DetourRoom {
  const t0 = performance.now()
  const navMesh =
    build === 'voxels'
      ? voxelNavMesh(world)
      : navMeshFromPolygons(
          build === 'convex' ? convexPolygons(world) : trianglePolygons(world),
          world.width,
          world.height,
        )
  const prepareMs = performance.now() - t0
  return querier(navMesh, build, prepareMs)
}

/** A navmesh from its exported bytes, ready to answer (what a game does when it loads a room). */
export function importDetourRoom(bytes: Uint8Array, build: DetourBuild = 'triangles'): DetourRoom {
  const t0 = performance.now()
  const { navMesh } = importNavMesh(bytes)
  return querier(navMesh, build, performance.now() - t0)
}

function voxelNavMesh(world: NavWorld): NavMesh {
  const { vertices, triangles } = world.triangulation()
  const positions = new Float32Array((vertices.length / 2) * 3)
  for (let v = 0; v < vertices.length / 2; v++) {
    positions[3 * v] = vertices[2 * v]
    positions[3 * v + 2] = vertices[2 * v + 1]
  }
  // Recast keeps triangles whose normal points up (+y): in x/z with z = room y that is
  // clockwise on the screen; flip the ones the other way round.
  const indices = new Uint32Array(triangles.length)
  for (let t = 0; t < triangles.length; t += 3) {
    const [a, b, c] = [triangles[t], triangles[t + 1], triangles[t + 2]]
    const up = cross(vertices, a, b, c) < 0
    indices[t] = a
    indices[t + 1] = up ? b : c
    indices[t + 2] = up ? c : b
  }
  const built = generateSoloNavMesh(positions, indices, {
    bounds: [
      [0, -1, 0],
      [world.width, 1, world.height],
    ],
    cs: 1,
    ch: 0.5,
    walkableSlopeAngle: 45,
    walkableHeight: 3,
    walkableClimb: 0,
    walkableRadius: 0,
    maxEdgeLen: 0,
    maxSimplificationError: 1,
    minRegionArea: 0,
    mergeRegionArea: 20,
    maxVertsPerPoly: 6,
  })
  if (!built.success) throw new Error(`Detour: the navmesh was not built (${built.error})`)
  return built.navMesh
}

/** Detour's raw calls on one navmesh, on buffers made once. */
function querier(navMesh: NavMesh, build: DetourBuild, prepareMs: number): DetourRoom {
  const M = Raw.Module as unknown as {
    _malloc(bytes: number): number
    _free(ptr: number): void
    HEAPF32: Float32Array
    getPointer(o: unknown): number
  }
  const polygons = polygonCount(navMesh)
  const query = new NavMeshQuery(navMesh, { maxNodes: 2048 })
  const raw = query.raw
  const filter = query.defaultFilter.raw
  // How far a point may be from the mesh and still be placed on it (the pairs are inside the room).
  const HALF = [4, 2, 4]
  const maxPath = Math.max(polygons, 1)
  const MAX_POINTS = maxPath + 2
  // Three float triples in WebAssembly memory: the start, the goal, the search box's half size.
  const triples = M._malloc(9 * 4)
  const FROM = triples
  const TO = triples + 12
  const EXTENTS = triples + 24
  M.HEAPF32.set(HALF, EXTENTS >> 2)
  const startRef = new Raw.UnsignedIntRef()
  const endRef = new Raw.UnsignedIntRef()
  const startPoint = new Raw.Vec3()
  const endPoint = new Raw.Vec3()
  const over = new Raw.BoolRef()
  const count = new Raw.IntRef()
  const corridor = new UnsignedIntArray()
  const straight = new FloatArray()
  const straightFlags = new UnsignedCharArray()
  const straightRefs = new UnsignedIntArray()
  straight.resize(MAX_POINTS * 3)
  straightFlags.resize(MAX_POINTS)
  straightRefs.resize(MAX_POINTS)
  const straightAt = (straight.raw.getDataPointer() as number) >> 2
  const startAt = M.getPointer(startPoint)
  const endAt = M.getPointer(endPoint)
  // The binding takes a number as a pointer to three floats (an array would be copied on each call).
  const ptr = (p: number) => p as unknown as number[]
  return {
    build,
    prepareMs,
    polygons,
    findPath(from, to) {
      const f = M.HEAPF32
      f[FROM >> 2] = from.x
      f[(FROM >> 2) + 1] = 0
      f[(FROM >> 2) + 2] = from.y
      f[TO >> 2] = to.x
      f[(TO >> 2) + 1] = 0
      f[(TO >> 2) + 2] = to.y
      if (!statusSucceed(raw.findNearestPoly(ptr(FROM), ptr(EXTENTS), filter, startRef, startPoint, over)))
        return null
      if (!statusSucceed(raw.findNearestPoly(ptr(TO), ptr(EXTENTS), filter, endRef, endPoint, over)))
        return null
      const a = startRef.value
      const b = endRef.value
      if (a === 0 || b === 0) return null
      if (!statusSucceed(raw.findPath(a, b, ptr(startAt), ptr(endAt), filter, corridor.raw, maxPath)))
        return null
      const polys = corridor.size
      if (polys === 0) return null
      const status = raw.findStraightPath(
        ptr(startAt),
        ptr(endAt),
        corridor.raw,
        straight.raw,
        straightFlags.raw,
        straightRefs.raw,
        count,
        MAX_POINTS,
        0,
      )
      if (!statusSucceed(status)) return null
      const n = count.value
      if (n === 0) return null
      const h = M.HEAPF32
      const points: Point[] = []
      for (let i = 0; i < n; i++) points.push({ x: h[straightAt + 3 * i], y: h[straightAt + 3 * i + 2] })
      // A corridor that does not end in the goal's polygon is Detour's closest reachable one.
      return { points, reached: corridor.get(polys - 1) === b }
    },
    exportBytes: () => exportNavMesh(navMesh),
    destroy() {
      for (const r of [startRef, endRef, startPoint, endPoint, over, count]) Raw.destroy(r)
      for (const a of [corridor, straight, straightFlags, straightRefs]) a.destroy()
      M._free(triples)
      query.destroy()
      navMesh.destroy()
    },
  }
}
