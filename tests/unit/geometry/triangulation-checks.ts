/** Checks shared by the triangulation tests: validity, coverage, symmetry, Delaunay. */
import { expect } from 'vitest'
import type { Triangulation } from '../../../src/shared/nav/types'
import { triangleDoubleArea } from '../../../src/shared/geometry/triangulate'
import { areasArea, classifyPointInRing, pointInAreas } from '../../../src/shared/geometry/polygon'
import type { AreaPolygon, Point } from '../../../src/shared/geometry/types'

const vertex = (tri: Triangulation, i: number): Point => ({
  x: tri.vertices[2 * i],
  y: tri.vertices[2 * i + 1],
})

/** Every edge of every ring, as keys "x,y|x,y" in both directions. */
function outlineEdges(areas: AreaPolygon[]): Set<string> {
  const set = new Set<string>()
  for (const a of areas) {
    for (const r of [a.outer, ...a.holes]) {
      for (let i = 0; i < r.length; i++) {
        const p = r[i]
        const q = r[(i + 1) % r.length]
        set.add(`${p.x},${p.y}|${q.x},${q.y}`)
        set.add(`${q.x},${q.y}|${p.x},${p.y}`)
      }
    }
  }
  return set
}

function onOutline(areas: AreaPolygon[], p: Point): boolean {
  return areas.some((a) => [a.outer, ...a.holes].some((r) => classifyPointInRing(r, p) === 'boundary'))
}

export interface CheckOptions {
  /** Check the Delaunay property on non-constrained edges. */
  delaunay?: boolean
  /** Relative tolerance on total area. */
  areaTolerance?: number
}

/** Asserts that `tri` is a valid constrained Delaunay triangulation of `areas`. */
export function expectValidTriangulation(
  tri: Triangulation,
  areas: AreaPolygon[],
  options: CheckOptions = {},
): void {
  const nt = tri.triangles.length / 3
  expect(tri.neighbours.length).toBe(tri.triangles.length)
  let total = 0
  for (let t = 0; t < nt; t++) {
    const a2 = triangleDoubleArea(tri, t)
    if (!(a2 > 0)) throw new Error(`triangle ${t} has area ${a2 / 2}`)
    total += a2 / 2
    const [a, b, c] = [0, 1, 2].map((k) => vertex(tri, tri.triangles[3 * t + k]))
    const centroid = { x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3 }
    if (!pointInAreas(areas, centroid)) throw new Error(`triangle ${t} lies outside the areas`)
  }
  const expected = areasArea(areas)
  expect(Math.abs(total - expected)).toBeLessThanOrEqual(
    (options.areaTolerance ?? 1e-9) * Math.max(1, expected),
  )

  const outline = outlineEdges(areas)
  for (let t = 0; t < nt; t++) {
    for (let k = 0; k < 3; k++) {
      const i = tri.triangles[3 * t + k]
      const j = tri.triangles[3 * t + ((k + 1) % 3)]
      const u = tri.neighbours[3 * t + k]
      const p = vertex(tri, i)
      const q = vertex(tri, j)
      if (u < 0) {
        // A wall lies on an outline.
        const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 }
        if (!onOutline(areas, mid)) throw new Error(`wall ${t}/${k} is not on an outline`)
        continue
      }
      // Symmetric: u has the same edge reversed, pointing back to t.
      let back = -1
      for (let m = 0; m < 3; m++) {
        if (tri.triangles[3 * u + m] === j && tri.triangles[3 * u + ((m + 1) % 3)] === i) back = m
      }
      if (back < 0 || tri.neighbours[3 * u + back] !== t)
        throw new Error(`neighbours of ${t} and ${u} are not symmetric`)
      if (options.delaunay === false) continue
      if (outline.has(`${p.x},${p.y}|${q.x},${q.y}`)) continue // constrained
      const c = vertex(tri, tri.triangles[3 * t + ((k + 2) % 3)])
      const d = vertex(tri, tri.triangles[3 * u + ((back + 2) % 3)])
      // d must not be strictly inside the circumcircle of (p, q, c).
      const adx = p.x - d.x
      const ady = p.y - d.y
      const bdx = q.x - d.x
      const bdy = q.y - d.y
      const cdx = c.x - d.x
      const cdy = c.y - d.y
      const t1 = (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy)
      const t2 = (bdx * bdx + bdy * bdy) * (cdx * ady - adx * cdy)
      const t3 = (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady)
      const det = t1 + t2 + t3
      if (det > 1e-8 * (Math.abs(t1) + Math.abs(t2) + Math.abs(t3))) {
        throw new Error(`edge ${t}/${k} is not locally Delaunay`)
      }
    }
  }
}
