/** navmesh-funnel's debug layers: the corridor it chose and the portals between its triangles. */
import { describe, expect, it } from 'vitest'
import { navmeshFunnel } from '../../../../src/shared/nav/algorithms/navmesh-funnel'
import { normaliseAreas } from '../../../../src/shared/geometry/polygon'
import { worldFromPolygons } from '../../../../src/shared/nav/world'
import { syntheticRoom150 } from './support'

describe('navmesh-funnel debug layers', () => {
  it('hold the chosen corridor and one portal (a shared edge) per step, and stay right after later queries', () => {
    const world = worldFromPolygons(1000, 1000, normaliseAreas(syntheticRoom150(2)))
    for (const corridors of [1, 3]) {
      const prepared = navmeshFunnel.prepare(world, { entry: 'partial-funnel', corridors })
      const first = navmeshFunnel.findPath(prepared, { x: 180, y: 500 }, { x: 820, y: 500 })
      // Another query on the same prepared data before the layers are read.
      navmeshFunnel.findPath(prepared, { x: 500, y: 200 }, { x: 500, y: 800 })
      const tri = first.debug.find((d) => d.kind === 'triangles')
      const portals = first.debug.find((d) => d.kind === 'segments')
      if (tri?.kind !== 'triangles' || portals?.kind !== 'segments') throw new Error('missing debug layers')
      const corridor = Array.from(tri.highlight ?? [])
      expect(corridor.length).toBeGreaterThan(2)
      expect(portals.segments.length).toBe((corridor.length - 1) * 4)
      const corner = (t: number) =>
        [0, 1, 2].map((k) => {
          const v = tri.triangles[3 * t + k]
          return `${tri.vertices[2 * v]},${tri.vertices[2 * v + 1]}`
        })
      for (let i = 0; i + 1 < corridor.length; i++) {
        const a = `${portals.segments[4 * i]},${portals.segments[4 * i + 1]}`
        const b = `${portals.segments[4 * i + 2]},${portals.segments[4 * i + 3]}`
        // Both ends of portal i are corners of corridor triangles i and i + 1.
        for (const end of [a, b]) {
          expect(corner(corridor[i])).toContain(end)
          expect(corner(corridor[i + 1])).toContain(end)
        }
      }
    }
  })

  it('are left out when the prepared data says debug: false (the runtime), with the same points', () => {
    const world = worldFromPolygons(1000, 1000, normaliseAreas(syntheticRoom150(2)))
    const drawn = navmeshFunnel.prepare(world, { entry: 'partial-funnel', corridors: 1 })
    const game = navmeshFunnel.prepare(world, { entry: 'partial-funnel', corridors: 1 })
    game.debug = false
    for (const [from, to] of [
      [
        { x: 180, y: 500 },
        { x: 820, y: 500 },
      ],
      [
        { x: 500, y: 200 },
        { x: 500, y: 800 },
      ],
    ]) {
      const a = navmeshFunnel.findPath(drawn, from, to)
      const b = navmeshFunnel.findPath(game, from, to)
      expect(a.debug.length).toBeGreaterThan(0)
      expect(b.debug).toEqual([])
      expect(b.points).toEqual(a.points)
      expect(b.reached).toBe(a.reached)
    }
  })
})
