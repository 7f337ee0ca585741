import { describe, expect, it } from 'vitest'
import type { AreaPolygon, Point } from '../../../../src/shared/geometry/types'
import { nodeGraph } from '../../../../src/shared/nav/algorithms/node-graph'
import { createNavWorld, worldFromPolygons } from '../../../../src/shared/nav/world'
import type { NodeGraph, Pathfinder } from '../../../../src/shared/nav/types'
import { POLYGON_ALGORITHMS, prepared } from './algorithms'
import { loadBenchRooms, pathLength, pathValid, walkable } from './support'

const square = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
]

/** A 100 x 100 room with a 40 x 40 hole in its middle. */
const ROOM: AreaPolygon[] = [{ outer: square(0, 0, 100, 100), holes: [square(30, 30, 70, 70)] }]

function distanceToArea(areas: AreaPolygon[], p: Point): number {
  let d = Infinity
  for (const ring of areas.flatMap((a) => [a.outer, ...a.holes])) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]
      const b = ring[(i + 1) % ring.length]
      const ex = b.x - a.x
      const ey = b.y - a.y
      const t = Math.max(0, Math.min(1, ((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey)))
      d = Math.min(d, Math.hypot(a.x + t * ex - p.x, a.y + t * ey - p.y))
    }
  }
  return d
}

const snappingAlgorithms = POLYGON_ALGORITHMS.filter((a) => a.id !== 'node-graph')

describe('the pathfinder contract for the polygon algorithms', () => {
  for (const alg of snappingAlgorithms) {
    it(`${alg.id}: clicks outside the room or in a hole snap to the closest walkable point`, () => {
      const query = prepared(alg, worldFromPolygons(100, 100, ROOM))
      const cases: [Point, Point][] = [
        [
          { x: -20, y: 50 },
          { x: 0, y: 50 },
        ],
        [
          { x: 50, y: 40 },
          { x: 50, y: 30 },
        ],
        [
          { x: 140, y: 130 },
          { x: 100, y: 100 },
        ],
      ]
      for (const [click, expected] of cases) {
        const r = query({ x: 10, y: 10 }, click)
        expect(Math.hypot(r.goal.x - expected.x, r.goal.y - expected.y)).toBeLessThan(1e-4)
        expect(walkable(ROOM, r.goal)).toBe(true)
        expect(r.reason).toMatch(/goal outside the walkable area, snapped/)
        expect(r.reached).toBe(true)
        const back = query(click, { x: 10, y: 10 })
        expect(Math.hypot(back.start.x - expected.x, back.start.y - expected.y)).toBeLessThan(1e-4)
        expect(back.reason).toMatch(/start outside the walkable area, snapped/)
        expect(back.points[0]).toEqual(back.start)
      }
      const inside = query({ x: 10, y: 10 }, { x: 90, y: 90 })
      expect(inside.reason).toBeUndefined()
      expect(inside.start).toEqual({ x: 10, y: 10 })
    })

    it(`${alg.id}: a goal on another island gives the path to the reachable point closest to it`, () => {
      const room02 = loadBenchRooms().find((r) => r.name === 'escoria-room02')!
      const query = prepared(alg, worldFromPolygons(room02.width, room02.height, room02.areas))
      const lDoor = { x: 76.762, y: 437.649 }
      const rDoor = { x: 1227, y: 387 }
      const r = query(lDoor, rDoor)
      expect(r.reached).toBe(false)
      expect(r.reason).toMatch(/another walkable island/)
      const end = r.points[r.points.length - 1]
      const left = [room02.areas[0]]
      expect(walkable(left, end, 1e-5)).toBe(true)
      expect(Math.hypot(end.x - r.goal.x, end.y - r.goal.y)).toBeCloseTo(distanceToArea(left, r.goal), 3)
      expect(pathValid(room02.areas, r.points, 1e-6)).toBe(true)
    })

    it(`${alg.id}: never throws and never answers empty without a reason`, () => {
      const worlds = [worldFromPolygons(100, 100, ROOM), worldFromPolygons(100, 100, [])]
      const odd: Point[] = [
        { x: NaN, y: 5 },
        { x: Infinity, y: -Infinity },
        { x: 1e9, y: -1e9 },
        { x: 30, y: 30 },
        { x: 50, y: 50 },
      ]
      for (const world of worlds) {
        const query = prepared(alg, world)
        for (const a of odd) {
          for (const b of odd) {
            const r = query(a, b)
            if (r.points.length === 0) expect(r.reason).toBeTruthy()
            for (const p of r.points) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true)
          }
        }
      }
    })
  }

  it('visibility-polygon: taut edges give the same lengths with fewer expansions', () => {
    const vis = POLYGON_ALGORITHMS.find((a) => a.id === 'visibility-polygon')!
    const room = loadBenchRooms().find((r) => r.name === 'adventurepathfinding-room1')!
    const world = worldFromPolygons(room.width, room.height, room.areas)
    const plain = prepared(vis, world)
    const taut = prepared(vis, world, { tautEdges: true })
    let plainExpanded = 0
    let tautExpanded = 0
    for (let i = 0; i < 40; i++) {
      const a = room.areas[0].outer[i % room.areas[0].outer.length]
      const b = room.areas[0].outer[(i * 7 + 11) % room.areas[0].outer.length]
      const p = plain(a, b)
      const t = taut(a, b)
      expect(pathLength(t.points)).toBeCloseTo(pathLength(p.points), 6)
      plainExpanded += p.expanded
      tautExpanded += t.expanded
    }
    expect(tautExpanded).toBeLessThanOrEqual(plainExpanded)
  })
})

describe('node-graph', () => {
  // A triangle of nodes: a -> b one-way, b - c and c - a two-way; d - e far away (another island).
  const graph: NodeGraph = {
    nodes: [
      { id: 'a', x: 10, y: 10 },
      { id: 'b', x: 90, y: 10 },
      { id: 'c', x: 50, y: 90 },
      { id: 'd', x: 10, y: 95 },
      { id: 'e', x: 20, y: 95 },
    ],
    joins: [
      { a: 'a', b: 'b', oneWay: true },
      { a: 'b', b: 'c' },
      { a: 'c', b: 'a' },
      { a: 'd', b: 'e' },
    ],
  }
  const world = createNavWorld({
    width: 100,
    height: 100,
    authoritative: 'polygons',
    polygons: [{ outer: square(0, 0, 100, 100), holes: [] }],
    graph,
  })
  const query = prepared(nodeGraph as unknown as Pathfinder, world)

  it('walks a one-way join forwards only', () => {
    const forward = query({ x: 12, y: 8 }, { x: 88, y: 8 })
    expect(forward.reached).toBe(true)
    expect(forward.points).toEqual([
      { x: 12, y: 10 },
      { x: 88, y: 10 },
    ])
    const backward = query({ x: 88, y: 8 }, { x: 12, y: 8 })
    expect(backward.reached).toBe(true)
    // Must go round by c: from the snapped start to b, then c, then a, then along a -> b to the goal.
    expect(backward.points.map((p) => `${p.x},${p.y}`)).toEqual(['88,10', '90,10', '50,90', '10,10', '12,10'])
  })

  it('snaps taps to the closest point on the closest join and may stop between nodes', () => {
    const r = query({ x: 70, y: 40 }, { x: 33, y: 45 })
    expect(r.reason).toMatch(/closest join/)
    const onBC = (p: Point): number => Math.abs((p.x - 90) * (90 - 10) - (p.y - 10) * (50 - 90))
    expect(onBC(r.start)).toBeLessThan(1e-6)
    expect(r.points[0]).toEqual(r.start)
    expect(r.points[r.points.length - 1]).toEqual(r.goal)
  })

  it('avoids a join whose cost multiplier makes it dearer', () => {
    const g2: NodeGraph = {
      nodes: [
        { id: 'a', x: 0, y: 0 },
        { id: 'b', x: 100, y: 0 },
        { id: 'c', x: 50, y: 20 },
      ],
      joins: [
        { a: 'a', b: 'b', cost: 3 },
        { a: 'a', b: 'c' },
        { a: 'c', b: 'b' },
      ],
    }
    const w2 = createNavWorld({
      width: 100,
      height: 100,
      authoritative: 'polygons',
      polygons: [{ outer: square(0, 0, 100, 100), holes: [] }],
      graph: g2,
    })
    const r = prepared(nodeGraph as unknown as Pathfinder, w2)({ x: -1, y: 0 }, { x: 101, y: 0 })
    expect(r.points.map((p) => `${p.x},${p.y}`)).toEqual(['0,0', '50,20', '100,0'])
  })

  it('reports another island, and one-way dead ends, as not reached', () => {
    const island = query({ x: 50, y: 80 }, { x: 15, y: 99 })
    expect(island.reached).toBe(false)
    expect(island.reason).toMatch(/cannot be reached/)
    expect(island.points[0]).toEqual(island.start)

    const g3: NodeGraph = {
      nodes: [
        { id: 'a', x: 10, y: 50 },
        { id: 'b', x: 90, y: 50 },
      ],
      joins: [{ a: 'a', b: 'b', oneWay: true }],
    }
    const w3 = createNavWorld({
      width: 100,
      height: 100,
      authoritative: 'polygons',
      polygons: [{ outer: square(0, 0, 100, 100), holes: [] }],
      graph: g3,
    })
    const r = prepared(nodeGraph as unknown as Pathfinder, w3)({ x: 60, y: 50 }, { x: 20, y: 50 })
    expect(r.reached).toBe(false)
    // Nothing reachable is closer to the goal than where the character stands.
    expect(r.points).toEqual([{ x: 60, y: 50 }])
  })

  it('cuts corners only when asked, and never past an end of a one-way join', () => {
    const cut = prepared(nodeGraph as unknown as Pathfinder, world, { shortcut: true })
    // The detour b -> c -> a around the one-way join: b and a are one-way ends, so nothing is cut.
    const r = cut({ x: 88, y: 8 }, { x: 12, y: 8 })
    expect(r.points.map((p) => `${p.x},${p.y}`)).toEqual(['88,10', '90,10', '50,90', '10,10', '12,10'])
    const g2: NodeGraph = {
      nodes: [
        { id: 'a', x: 10, y: 10 },
        { id: 'b', x: 50, y: 50 },
        { id: 'c', x: 90, y: 10 },
      ],
      joins: [
        { a: 'a', b: 'b' },
        { a: 'b', b: 'c' },
      ],
    }
    const w2 = createNavWorld({
      width: 100,
      height: 100,
      authoritative: 'polygons',
      polygons: [{ outer: square(0, 0, 100, 100), holes: [] }],
      graph: g2,
    })
    const plain = prepared(nodeGraph as unknown as Pathfinder, w2)({ x: 10, y: 10 }, { x: 90, y: 10 })
    expect(plain.points).toHaveLength(3)
    const straight = prepared(nodeGraph as unknown as Pathfinder, w2, { shortcut: true })(
      { x: 10, y: 10 },
      { x: 90, y: 10 },
    )
    expect(straight.points).toEqual([
      { x: 10, y: 10 },
      { x: 90, y: 10 },
    ])
  })

  it('derives a graph from the navmesh when the room has none', () => {
    const q = prepared(nodeGraph as unknown as Pathfinder, worldFromPolygons(100, 100, ROOM))
    const r = q({ x: 10, y: 10 }, { x: 90, y: 90 })
    expect(r.reached).toBe(true)
    expect(pathValid(ROOM, r.points)).toBe(true)
    expect(pathLength(r.points)).toBeGreaterThan(Math.hypot(80, 80))
  })
})

describe('debug layers', () => {
  it('each polygon algorithm explains its answer with the layers it promises', () => {
    const world = worldFromPolygons(100, 100, ROOM)
    const kinds = (alg: Pathfinder): string[] => {
      const r = prepared(alg, world)({ x: 10, y: 50 }, { x: 90, y: 50 })
      for (const layer of r.debug) {
        if (layer.kind === 'points') expect(layer.points.length % 2).toBe(0)
        if (layer.kind === 'segments') expect(layer.segments.length % 4).toBe(0)
        if (layer.kind === 'triangles') {
          expect(layer.triangles.length % 3).toBe(0)
          expect(layer.highlight!.length).toBeGreaterThan(1)
        }
      }
      return r.debug.map((l) => `${l.kind}:${l.label}`)
    }
    const byId = (id: string): Pathfinder => POLYGON_ALGORITHMS.find((a) => a.id === id)!
    expect(kinds(byId('visibility-polygon'))).toEqual(
      expect.arrayContaining(['segments:visibility edges', 'points:graph nodes', 'points:expanded nodes']),
    )
    expect(kinds(byId('any-angle-optimal'))).toEqual(
      expect.arrayContaining(['points:graph nodes (reflex corners)', 'points:expanded nodes']),
    )
    expect(kinds(byId('navmesh-funnel'))).toEqual([
      'triangles:triangles (corridor highlighted)',
      'segments:portals',
    ])
    expect(kinds(byId('node-graph'))).toEqual([
      'points:graph nodes',
      'segments:joins',
      'segments:one-way joins',
    ])
  })
})
