/**
 * Detour (Recast/Detour compiled to WebAssembly: the npm `recast-navigation` package,
 * MIT) as a peer of navmesh-funnel and the Walkbox runtime. Its navmesh is built by
 * Recast from the same walkable polygons (our constrained Delaunay triangulation of the
 * room, laid flat on the y = 0 plane: room x -> x, room y -> z) with one voxel per room
 * px, no agent radius and no climb, so that the mesh covers what the room's polygons
 * cover, to the voxel.
 *
 * A query is Detour's raw calls (the wasm module's own methods, on buffers made once), as
 * a game's loop would make them: `findNearestPoly` for both ends, `findPath` (A* over the
 * polygons), `findStraightPath` (the funnel), and the points read back into JavaScript.
 * `computePath`, the wrapper's one-call form, does the same with an allocation per value;
 * it is not what is timed.
 *
 * Glossary
 * - voxel: Recast's cell (cs x cs in the floor plane); the mesh's outline follows voxel
 *   edges, simplified by at most `maxSimplificationError` voxels, so it can stand up to
 *   about a px outside or inside the room's own outline.
 *
 * Units: room px, ms.
 */
import {
  FloatArray,
  init,
  NavMeshQuery,
  Raw,
  statusSucceed,
  UnsignedCharArray,
  UnsignedIntArray,
  type NavMesh,
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

export interface DetourRoom {
  /** Build time, ms. */
  prepareMs: number
  polygons: number
  /**
   * One query: the path's points from the start to the goal (reached) or towards it (a
   * partial corridor, Detour's closest reachable polygon), or null when Detour found none.
   */
  findPath(from: Point, to: Point): { points: Point[]; reached: boolean } | null
  destroy(): void
}

/** Detour's navmesh of a world's walkable polygons; call initDetour() first. */
export function detourRoom(world: NavWorld): DetourRoom {
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
    const cross =
      (vertices[2 * b] - vertices[2 * a]) * (vertices[2 * c + 1] - vertices[2 * a + 1]) -
      (vertices[2 * b + 1] - vertices[2 * a + 1]) * (vertices[2 * c] - vertices[2 * a])
    indices[t] = a
    indices[t + 1] = cross < 0 ? b : c
    indices[t + 2] = cross < 0 ? c : b
  }
  const t0 = performance.now()
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
  const navMesh: NavMesh = built.navMesh
  const query = new NavMeshQuery(navMesh, { maxNodes: 4096 })
  const prepareMs = performance.now() - t0
  let polygons = 0
  for (let i = 0; i < navMesh.getMaxTiles(); i++) {
    const header = navMesh.getTile(i).header()
    if (header) polygons += header.polyCount()
  }
  // How far a point may be from the mesh and still be placed on it (the pairs are inside the room).
  const halfExtents = [4, 2, 4]
  const MAX_POLYS = 1024
  const MAX_POINTS = 1024
  // Raw calls on buffers made once, as a game's loop would: no per-query allocation beyond
  // the returned points.
  const raw = query.raw
  const filter = query.defaultFilter.raw
  const startRef = new Raw.UnsignedIntRef()
  const endRef = new Raw.UnsignedIntRef()
  const startPoint = new Raw.Vec3()
  const endPoint = new Raw.Vec3()
  const over = new Raw.BoolRef()
  const corridor = new UnsignedIntArray()
  const straight = new FloatArray()
  const straightFlags = new UnsignedCharArray()
  const straightRefs = new UnsignedIntArray()
  const count = new Raw.IntRef()
  const from3 = [0, 0, 0]
  const to3 = [0, 0, 0]
  return {
    prepareMs,
    polygons,
    findPath(from, to) {
      from3[0] = from.x
      from3[2] = from.y
      to3[0] = to.x
      to3[2] = to.y
      if (!statusSucceed(raw.findNearestPoly(from3, halfExtents, filter, startRef, startPoint, over)))
        return null
      if (!statusSucceed(raw.findNearestPoly(to3, halfExtents, filter, endRef, endPoint, over))) return null
      const a = startRef.value
      const b = endRef.value
      if (a === 0 || b === 0) return null
      from3[0] = startPoint.x
      from3[2] = startPoint.z
      to3[0] = endPoint.x
      to3[2] = endPoint.z
      corridor.resize(MAX_POLYS)
      if (!statusSucceed(raw.findPath(a, b, from3, to3, filter, corridor.raw, MAX_POLYS))) return null
      const polys = corridor.size
      if (polys === 0) return null
      straight.resize(MAX_POINTS * 3)
      straightFlags.resize(MAX_POINTS)
      straightRefs.resize(MAX_POINTS)
      const status = raw.findStraightPath(
        from3,
        to3,
        corridor.raw,
        straight.raw,
        straightFlags.raw,
        straightRefs.raw,
        count,
        MAX_POINTS,
        0,
      )
      if (!statusSucceed(status)) return null
      const view = straight.getHeapView()
      const points: Point[] = []
      for (let i = 0; i < count.value; i++) points.push({ x: view[3 * i], y: view[3 * i + 2] })
      if (points.length === 0) return null
      // A corridor that does not end in the goal's polygon is Detour's closest reachable one.
      return { points, reached: corridor.get(polys - 1) === b }
    },
    destroy() {
      for (const r of [startRef, endRef, startPoint, endPoint, over, count]) Raw.destroy(r)
      for (const a of [corridor, straight, straightFlags, straightRefs]) a.destroy()
      query.destroy()
      navMesh.destroy()
    },
  }
}
