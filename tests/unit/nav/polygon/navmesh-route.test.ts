/**
 * navmesh-funnel's route for games (navmesh-route.ts) answers what navmesh-funnel's own
 * findPath answers, point for point, with its reached and reason: on random rooms with
 * holes (integer vertices, so that paths graze corners), on the bench rooms, on a mesh whose
 * point-location grid is made late, for starts and goals on vertices, on edges, off the room
 * and on other islands. And its parts: bridges and unique corridors on hand-made meshes, a
 * clear straight segment.
 *
 * Units: room px.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AreaPolygon, Point } from '../../../../src/shared/geometry/types'
import { createRandom } from '../../../../src/shared/measure/random'
import { navmeshFunnel } from '../../../../src/shared/nav/algorithms/navmesh-funnel'
import { navmeshRoute, routeState } from '../../../../src/shared/nav/algorithms/navmesh-route'
import {
  inSubtree,
  isDeadEnd,
  meshBridges,
  uniqueCorridor,
} from '../../../../src/shared/nav/polygon/mesh-bridges'
import { clearStraight } from '../../../../src/shared/nav/polygon/straight-walk'
import { buildTriMesh, LAZY_GRID_LOCATES, locate } from '../../../../src/shared/nav/polygon/tri-mesh'
import type { NavWorld } from '../../../../src/shared/nav/types'
import { worldFromPolygons } from '../../../../src/shared/nav/world'
import '../../../support/fast-check-seed'
import { arbPoint, arbRoom, loadBenchRooms, syntheticRoom150 } from './support'

const FAITHFUL = { entry: 'partial-funnel', corridors: 1 }

const answer = (r: { points: Point[]; reached: boolean; reason?: string }) =>
  JSON.stringify([r.points, r.reached, r.reason ?? null])

/** Pairs over a world: random points in and around it, vertices, points on edges and near corners. */
function probePairs(world: NavWorld, seed: number, count: number): [Point, Point][] {
  const r = createRandom(seed)
  const { vertices: v, triangles } = world.triangulation()
  const vertex = () => {
    const i = r.int(0, v.length / 2 - 1)
    return { x: v[2 * i], y: v[2 * i + 1] }
  }
  const onEdge = () => {
    const t = 3 * r.int(0, triangles.length / 3 - 1)
    const a = triangles[t]
    const b = triangles[t + 1]
    const f = r.next()
    return { x: v[2 * a] + f * (v[2 * b] - v[2 * a]), y: v[2 * a + 1] + f * (v[2 * b + 1] - v[2 * a + 1]) }
  }
  const anywhere = () => ({ x: r.range(-20, world.width + 20), y: r.range(-20, world.height + 20) })
  const nearCorner = () => {
    const p = vertex()
    return { x: p.x + r.range(-2e-3, 2e-3), y: p.y + r.range(-2e-3, 2e-3) }
  }
  const kinds = [anywhere, anywhere, anywhere, vertex, onEdge, nearCorner]
  const pairs: [Point, Point][] = []
  for (let i = 0; i < count; i++) pairs.push([kinds[r.int(0, 5)](), kinds[r.int(0, 5)]()])
  return pairs
}

/** The route on the world's mesh and on the same triangles with a late grid, against findPath. */
function expectSameAnswers(world: NavWorld, pairs: [Point, Point][]): void {
  const prepared = navmeshFunnel.prepare(world, FAITHFUL)
  prepared.debug = false
  const states = [
    routeState(prepared.mesh, FAITHFUL),
    routeState(buildTriMesh(world.triangulation(), { lazyGrid: true }), FAITHFUL),
  ]
  for (const [a, b] of pairs) {
    const expected = answer(navmeshFunnel.findPath(prepared, a, b))
    for (const state of states)
      expect(answer(navmeshRoute(state, a, b)), JSON.stringify([a, b])).toBe(expected)
  }
}

describe("navmesh-funnel's route for games", () => {
  it('answers as findPath on random rooms with holes, for any two points', () => {
    fc.assert(
      fc.property(
        arbRoom,
        fc.array(fc.tuple(arbPoint, arbPoint), { minLength: 1, maxLength: 12 }),
        (areas, pairs) => {
          const world = worldFromPolygons(100, 100, areas)
          expectSameAnswers(world, [...pairs, ...probePairs(world, pairs.length, 20)])
        },
      ),
      { numRuns: 150 },
    )
  })

  it('answers as findPath on the bench rooms, islands included, and on a 150-vertex room', () => {
    const rooms: { areas: AreaPolygon[]; width: number; height: number }[] = [
      ...loadBenchRooms(),
      { areas: syntheticRoom150(2), width: 1000, height: 1000 },
    ]
    for (const [i, room] of rooms.entries()) {
      const world = worldFromPolygons(room.width, room.height, room.areas)
      expectSameAnswers(world, probePairs(world, 100 + i, 600))
    }
  })

  it('hands other option values to findPath', () => {
    const world = worldFromPolygons(1000, 1000, syntheticRoom150(3))
    for (const options of [
      { entry: 'midpoint', corridors: 1 },
      { entry: 'partial-funnel', corridors: 3 },
    ]) {
      const prepared = navmeshFunnel.prepare(world, options)
      const state = routeState(prepared.mesh, options)
      expect(state.faithful).toBe(false)
      for (const [a, b] of probePairs(world, 7, 100))
        expect(answer(navmeshRoute(state, a, b))).toBe(answer(navmeshFunnel.findPath(prepared, a, b)))
    }
  })
})

/** A mesh from triangles over the given points (x, y pairs), neighbours by shared edges. */
function meshOf(points: number[], triangles: number[]) {
  const neighbours: number[] = []
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[t + k]
      const b = triangles[t + ((k + 1) % 3)]
      let across = -1
      for (let u = 0; u < triangles.length; u += 3) {
        if (u === t) continue
        for (let j = 0; j < 3; j++)
          if (triangles[u + j] === b && triangles[u + ((j + 1) % 3)] === a) across = u / 3
      }
      neighbours.push(across)
    }
  }
  return buildTriMesh({
    vertices: Float64Array.from(points),
    triangles: Uint32Array.from(triangles),
    neighbours: Int32Array.from(neighbours),
  })
}

describe('bridges of a mesh', () => {
  // A strip of four triangles (0-1-2-3 in a row), then a ring of four round a square hole
  // hanging off triangle 3 (triangles 4..7), then a tail (8) off the ring.
  //   y=0:  0    10    20    30    40
  //   y=10: 0    10    20    30    40
  const strip = [0, 0, 10, 0, 0, 10, 10, 10, 20, 0, 20, 10]
  it('finds every portal of a strip a bridge, and its one corridor', () => {
    const m = meshOf(strip, [0, 1, 2, 1, 3, 2, 1, 4, 3, 4, 5, 3])
    const b = meshBridges(m)
    const portals = Array.from(b.bridge).reduce((s, x) => s + x, 0)
    expect(portals).toBe(2 * 3) // three portals, each counted from both sides
    const corridor = new Int32Array(4)
    const edges = new Int8Array(4)
    const scratch = new Int32Array(4)
    expect(uniqueCorridor(b, 0, 3, corridor, edges, scratch)).toBe(4)
    expect(Array.from(corridor)).toEqual([0, 1, 2, 3])
    for (let i = 0; i < 3; i++) expect(m.neighbours[3 * corridor[i] + edges[i]]).toBe(corridor[i + 1])
    expect(uniqueCorridor(b, 3, 0, corridor, edges, scratch)).toBe(4)
    expect(Array.from(corridor)).toEqual([3, 2, 1, 0])
    // From triangle 1 the goal 3 lies beyond 2: the portal to 0 leads into a dead end.
    const toZero = [0, 1, 2].find((k) => m.neighbours[3 + k] === 0)!
    const toTwo = [0, 1, 2].find((k) => m.neighbours[3 + k] === 2)!
    expect(isDeadEnd(b, m, 1, toZero, 3)).toBe(true)
    expect(isDeadEnd(b, m, 1, toTwo, 3)).toBe(false)
    expect(inSubtree(b, b.parent[3] === 2 ? 2 : 3, 3)).toBe(true)
  })

  it('finds no bridge round a hole, and no unique corridor across it', () => {
    // Eight triangles round the square hole (1,1)-(2,2) inside (0,0)-(3,3).
    const pts = [0, 0, 3, 0, 3, 3, 0, 3, 1, 1, 2, 1, 2, 2, 1, 2]
    const m = meshOf(pts, [0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7])
    const b = meshBridges(m)
    expect(Array.from(b.bridge).every((x) => x === 0)).toBe(true)
    const buf = () => new Int32Array(8)
    expect(uniqueCorridor(b, 0, 4, buf(), new Int8Array(8), buf())).toBe(-1)
  })
})

describe('a clear straight segment', () => {
  const world = worldFromPolygons(100, 100, [
    {
      outer: [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 100 },
        { x: 0, y: 100 },
      ],
      holes: [
        [
          { x: 40, y: 40 },
          { x: 60, y: 40 },
          { x: 60, y: 60 },
          { x: 40, y: 60 },
        ],
      ],
    },
  ])
  const m = buildTriMesh(world.triangulation())
  const clear = (a: Point, b: Point) =>
    clearStraight(m, a.x, a.y, locate(m, a.x, a.y), b.x, b.y, locate(m, b.x, b.y))
  it('is walked along the room, not through a hole, and not when it grazes a corner', () => {
    expect(clear({ x: 10, y: 10.5 }, { x: 90, y: 20.5 })).toBe(true)
    expect(clear({ x: 10, y: 50.5 }, { x: 90, y: 50.5 })).toBe(false) // through the hole
    expect(clear({ x: 20, y: 20 }, { x: 80, y: 80 })).toBe(false) // through the hole's corners
    expect(clear({ x: 30, y: 30 }, { x: 50, y: 40 })).toBe(false) // ends on the hole's edge
    expect(clear({ x: 40.0000001, y: 10 }, { x: 40.0000001, y: 39 })).toBe(true)
    expect(clear({ x: 10, y: 40.0005 }, { x: 39.9, y: 40.0005 })).toBe(true)
    // Along the hole's lower side: clear at 0.01 px, grazing its corners at 0.0005 px.
    expect(clear({ x: 10, y: 39.99 }, { x: 90, y: 39.99 })).toBe(true)
    expect(clear({ x: 10, y: 39.9995 }, { x: 90, y: 39.9995 })).toBe(false)
  })
})

describe('a point-location grid made late', () => {
  it('locates as the grid does, before and after it is made', () => {
    const world = worldFromPolygons(1000, 1000, syntheticRoom150(1))
    const tri = world.triangulation()
    const eager = buildTriMesh(tri)
    const late = buildTriMesh(tri, { lazyGrid: true })
    expect(late.rows).toBe(0)
    const pairs = probePairs(world, 3, 2 * LAZY_GRID_LOCATES)
    for (const [a, b] of pairs) {
      expect(locate(late, a.x, a.y)).toBe(locate(eager, a.x, a.y))
      expect(locate(late, b.x, b.y)).toBe(locate(eager, b.x, b.y))
    }
    expect(late.rows).toBe(eager.rows)
    expect(Array.from(late.cellTriangles)).toEqual(Array.from(eager.cellTriangles))
  })
})
