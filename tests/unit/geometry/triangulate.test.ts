import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { findTriangle, triangulateAreas } from '../../../src/shared/geometry/triangulate'
import { normaliseArea } from '../../../src/shared/geometry/polygon'
import { simplifyAreas, traceMask } from '../../../src/shared/geometry/vectorise'
import type { AreaPolygon, Point, Ring } from '../../../src/shared/geometry/types'
import { benchPath } from '../../support/bench-data'
import { expectValidTriangulation } from './triangulation-checks'
import { arbitraryMask, blobMask } from './mask-helpers'

const P = (x: number, y: number): Point => ({ x, y })
const rect = (x: number, y: number, w: number, h: number): Ring => [
  P(x, y),
  P(x + w, y),
  P(x + w, y + h),
  P(x, y + h),
]

function star(cx: number, cy: number, radii: number[], phase = 0): Ring {
  return radii.map((r, i) => {
    const t = phase + (i / radii.length) * Math.PI * 2
    return P(cx + r * Math.cos(t), cy + r * Math.sin(t))
  })
}

describe('triangulateAreas', () => {
  it('triangulates a square into two positive triangles that are neighbours', () => {
    const tri = triangulateAreas([{ outer: rect(0, 0, 10, 10), holes: [] }])
    expect(tri.triangles.length).toBe(6)
    expect(tri.vertices.length).toBe(8)
    expectValidTriangulation(tri, [{ outer: rect(0, 0, 10, 10), holes: [] }])
    expect([...tri.neighbours].filter((n) => n >= 0)).toHaveLength(2)
  })
  it('leaves holes empty and handles several disconnected areas', () => {
    const areas: AreaPolygon[] = [
      normaliseArea({ outer: rect(0, 0, 100, 100), holes: [rect(40, 40, 20, 20), rect(10, 10, 5, 30)] }),
      normaliseArea({ outer: star(300, 50, [40, 20, 40, 20, 40, 20, 40, 20]), holes: [] }),
    ]
    const tri = triangulateAreas(areas)
    expectValidTriangulation(tri, areas)
    expect(findTriangle(tri, P(50, 50))).toBe(-1)
    expect(findTriangle(tri, P(5, 5))).toBeGreaterThanOrEqual(0)
    expect(findTriangle(tri, P(300, 50))).toBeGreaterThanOrEqual(0)
  })
  it('accepts either ring orientation, repeated vertices and empty input', () => {
    const area: AreaPolygon = { outer: [...rect(0, 0, 10, 10), P(0, 0)].reverse(), holes: [rect(2, 2, 2, 2)] }
    expectValidTriangulation(triangulateAreas([area]), [normaliseArea(area)])
    expect(triangulateAreas([]).triangles.length).toBe(0)
    expect(triangulateAreas([{ outer: [P(0, 0), P(1, 1)], holes: [] }]).triangles.length).toBe(0)
  })
  it('joins areas that share an edge so that paths can cross', () => {
    const areas = [
      normaliseArea({ outer: rect(0, 0, 10, 10), holes: [] }),
      normaliseArea({ outer: rect(10, 0, 10, 10), holes: [] }),
    ]
    const tri = triangulateAreas(areas)
    expectValidTriangulation(tri, areas)
    expect([...tri.neighbours].filter((n) => n >= 0).length).toBe(6) // one pair inside each square, one across
  })
  it('makes a thin fan Delaunay (no slivers earcut would leave)', () => {
    // A long convex cap: ear clipping fans from one vertex; Delaunay must not.
    const outer = [
      P(0, 0),
      ...Array.from({ length: 30 }, (_, i) => P(i * 10 + 10, -Math.sin(((i + 1) / 31) * Math.PI) * 40)),
      P(310, 0),
    ]
    const area = normaliseArea({ outer, holes: [] })
    const tri = triangulateAreas([area])
    expectValidTriangulation(tri, [area])
  })
  it('property: random stars with holes triangulate exactly, Delaunay, symmetric', () => {
    const radii = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 40 })
    // Outer radii >= 60 keep the outer ring's inner circle >= 30 wide; holes stay under 25.
    fc.assert(
      fc.property(radii, radii, fc.double({ min: 0, max: 6, noNaN: true }), (ro, rh, phase) => {
        const outer = star(
          0,
          0,
          ro.map((r) => 60 + r * 60),
          phase,
        )
        const hole = star(
          0,
          0,
          rh.map((r) => 5 + r * 20),
          phase / 2,
        )
        const area = normaliseArea({ outer, holes: [hole] })
        expectValidTriangulation(triangulateAreas([area]), [area], { areaTolerance: 1e-9 })
      }),
      { numRuns: 200 },
    )
  })
  it('property: traced masks (saddles, touching rings) triangulate exactly, exact and simplified', () => {
    fc.assert(
      fc.property(arbitraryMask(18), (m) => {
        const exact = traceMask(m.width, m.height, (i) => m.cells[i] !== 0)
        expectValidTriangulation(triangulateAreas(exact), exact)
        const simple = simplifyAreas(exact, 0.75)
        expectValidTriangulation(triangulateAreas(simple), simple)
      }),
      { numRuns: 200 },
    )
  })
})

interface BenchRoom {
  walkable: number[][]
  holes: number[][][]
  extra_regions?: { walkable: number[][]; holes: number[][][] }[]
  alternate_state?: { walkable: number[][]; holes: number[][][] }
}

const toArea = (w: number[][], holes: number[][][]): AreaPolygon =>
  normaliseArea({ outer: w.map(([x, y]) => P(x, y)), holes: holes.map((h) => h.map(([x, y]) => P(x, y))) })

describe('bench rooms', () => {
  const rooms = [
    'adventurepathfinding-room1.json',
    'adventurepathfinding-room2.json',
    'popochiu-house.json',
    'escoria-room04.json',
    'escoria-room02.json',
  ]
  for (const file of rooms) {
    it(`triangulates ${file} with its area preserved`, () => {
      const room = JSON.parse(readFileSync(benchPath('rooms', file), 'utf8')) as BenchRoom
      const areas = [
        toArea(room.walkable, room.holes),
        ...(room.extra_regions ?? []).map((r) => toArea(r.walkable, r.holes)),
      ]
      const tri = triangulateAreas(areas)
      expectValidTriangulation(tri, areas)
      expect(tri.triangles.length / 3).toBeGreaterThanOrEqual(
        areas.reduce((s, a) => s + a.outer.length - 2, 0),
      )
      if (room.alternate_state) {
        const alt = [toArea(room.alternate_state.walkable, room.alternate_state.holes)]
        expectValidTriangulation(triangulateAreas(alt), alt)
      }
    })
  }
})

describe('room-sized input', () => {
  it('triangulates a simplified 1920x1080 room', () => {
    const width = 1920
    const height = 1080
    const cells = blobMask(width, height, 99)
    const simple = simplifyAreas(
      traceMask(width, height, (i) => cells[i] !== 0),
      0.75,
    )
    const tri = triangulateAreas(simple)
    expectValidTriangulation(tri, simple, { delaunay: true })
  })
})
