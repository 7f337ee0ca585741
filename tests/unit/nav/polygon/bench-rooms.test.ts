import { describe, expect, it } from 'vitest'
import type { AreaPolygon, Point } from '../../../../src/shared/geometry/types'
import { anyAngleOptimal } from '../../../../src/shared/nav/algorithms/any-angle-optimal'
import { navmeshFunnel } from '../../../../src/shared/nav/algorithms/navmesh-funnel'
import { nodeGraph } from '../../../../src/shared/nav/algorithms/node-graph'
import { worldFromPolygons } from '../../../../src/shared/nav/world'
import type { Pathfinder } from '../../../../src/shared/nav/types'
import { POLYGON_ALGORITHMS, prepared } from './algorithms'
import {
  loadBenchRooms,
  pathLength,
  pathValid,
  randomWalkable,
  referenceLength,
  seeded,
  syntheticRoom150,
  walkable,
} from './support'

const rooms = loadBenchRooms()

/** Index of the area (island) containing p, -1 when none. */
function islandOf(areas: AreaPolygon[], p: Point): number {
  return areas.findIndex((a) => walkable([a], p, 1e-5))
}

describe('polygon pathfinders on the bench rooms', () => {
  it('reads every polygon room, with the two escoria-room02 states', () => {
    expect(rooms.map((r) => r.name)).toContain('escoria-room02:bridge_closed')
    expect(rooms.find((r) => r.name === 'escoria-room02')!.areas).toHaveLength(2)
  })

  for (const room of rooms) {
    for (const alg of POLYGON_ALGORITHMS) {
      it(`${alg.id} gives valid paths from the snapped start on ${room.name}`, () => {
        const world = worldFromPolygons(room.width, room.height, room.areas)
        const query = prepared(alg, world)
        const next = seeded(7)
        for (let i = 0; i < 300; i++) {
          // One query in four starts or ends anywhere in (or beyond) the room.
          const anywhere = (): Point => ({
            x: next() * room.width * 1.2 - room.width * 0.1,
            y: next() * room.height * 1.2 - room.height * 0.1,
          })
          const a = i % 4 === 1 ? anywhere() : randomWalkable(room.areas, next, room.width, room.height)
          const b = i % 4 === 2 ? anywhere() : randomWalkable(room.areas, next, room.width, room.height)
          const r = query(a, b)
          const where = `${alg.id} ${room.name} ${JSON.stringify([a, b])}`
          expect(r.points.length, where).toBeGreaterThan(0)
          expect(pathValid(room.areas, r.points, 1e-6), where).toBe(true)
          expect(r.points[0], where).toEqual(r.start)
          if (r.reached) expect(r.points[r.points.length - 1], where).toEqual(r.goal)
          else expect(r.reason, where).toBeTruthy()
          if (alg.id !== 'node-graph') {
            const sameIsland = islandOf(room.areas, r.start) === islandOf(room.areas, r.goal)
            expect(r.reached, where).toBe(sameIsland)
          }
        }
      })
    }

    it(`node-graph with shortcuts stays valid and never gets longer on ${room.name}`, () => {
      const world = worldFromPolygons(room.width, room.height, room.areas)
      const plain = prepared(nodeGraph as unknown as Pathfinder, world)
      const cut = prepared(nodeGraph as unknown as Pathfinder, world, { shortcut: true })
      const next = seeded(5)
      let shorter = 0
      for (let i = 0; i < 200; i++) {
        const a = randomWalkable(room.areas, next, room.width, room.height)
        const b = randomWalkable(room.areas, next, room.width, room.height)
        const p = plain(a, b)
        const c = cut(a, b)
        expect(pathValid(room.areas, c.points, 1e-6)).toBe(true)
        expect(c.points[0]).toEqual(p.points[0])
        expect(c.points[c.points.length - 1]).toEqual(p.points[p.points.length - 1])
        expect(pathLength(c.points)).toBeLessThanOrEqual(pathLength(p.points) + 1e-9)
        if (pathLength(c.points) < pathLength(p.points) - 1e-6) shorter++
      }
      expect(shorter).toBeGreaterThan(0)
    })

    it(`any-angle-optimal equals the brute-force reference on ${room.name}`, () => {
      const query = prepared(
        anyAngleOptimal as unknown as Pathfinder,
        worldFromPolygons(room.width, room.height, room.areas),
      )
      const next = seeded(11)
      for (let i = 0; i < 12; i++) {
        const r = query(
          randomWalkable(room.areas, next, room.width, room.height),
          randomWalkable(room.areas, next, room.width, room.height),
        )
        if (!r.reached) continue
        expect(pathLength(r.points)).toBeCloseTo(referenceLength(room.areas, r.start, r.goal), 5)
      }
    })
  }

  it('navmesh-funnel: its default (partial funnels) is within 1% of the optimum on at least 99% of random pairs', () => {
    const lines: string[] = []
    for (const room of rooms) {
      const world = worldFromPolygons(room.width, room.height, room.areas)
      const best = prepared(anyAngleOptimal as unknown as Pathfinder, world)
      const classic = prepared(navmeshFunnel as unknown as Pathfinder, world, { entry: 'midpoint' })
      const byDefault = prepared(navmeshFunnel as unknown as Pathfinder, world)
      const next = seeded(3)
      let within = 0
      let withinClassic = 0
      const n = 1000
      for (let i = 0; i < n; i++) {
        const a = randomWalkable(room.areas, next, room.width, room.height)
        const b = randomWalkable(room.areas, next, room.width, room.height)
        const opt = pathLength(best(a, b).points)
        if (pathLength(byDefault(a, b).points) <= opt * 1.01 + 1e-9) within++
        if (pathLength(classic(a, b).points) <= opt * 1.01 + 1e-9) withinClassic++
      }
      lines.push(
        `${room.name}: classic midpoint ${((100 * withinClassic) / n).toFixed(1)}%, default ${((100 * within) / n).toFixed(1)}%`,
      )
      expect(within / n, room.name).toBeGreaterThanOrEqual(0.99)
    }
    console.log(`navmesh-funnel pairs within 1% of optimal:\n  ${lines.join('\n  ')}`)
  })

  it('navmesh-funnel: its default stays within 1% on 99% of pairs in 150-vertex rooms, where the classic midpoint scheme does not', () => {
    for (const seed of [1, 2]) {
      const areas = syntheticRoom150(seed)
      const world = worldFromPolygons(1000, 1000, areas)
      const best = prepared(anyAngleOptimal as unknown as Pathfinder, world)
      const classic = prepared(navmeshFunnel as unknown as Pathfinder, world, { entry: 'midpoint' })
      const byDefault = prepared(navmeshFunnel as unknown as Pathfinder, world)
      const next = seeded(seed + 40)
      let within = 0
      let withinClassic = 0
      const n = 500
      for (let i = 0; i < n; i++) {
        const a = randomWalkable(areas, next, 1000, 1000)
        const b = randomWalkable(areas, next, 1000, 1000)
        const opt = pathLength(best(a, b).points)
        const r = byDefault(a, b)
        expect(pathValid(areas, r.points, 1e-6)).toBe(true)
        if (pathLength(r.points) <= opt * 1.01 + 1e-9) within++
        if (pathLength(classic(a, b).points) <= opt * 1.01 + 1e-9) withinClassic++
      }
      expect(within / n).toBeGreaterThanOrEqual(0.99)
      expect(withinClassic / n).toBeLessThan(0.99)
    }
  })
})
