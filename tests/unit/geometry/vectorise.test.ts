import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { simplifyAreas, traceMask } from '../../../src/shared/geometry/vectorise'
import { rasterisePolygons } from '../../../src/shared/geometry/rasterise'
import {
  areasArea,
  findSelfIntersections,
  pointInRing,
  signedArea,
} from '../../../src/shared/geometry/polygon'
import { distanceToSegment, orientation, segmentIntersection } from '../../../src/shared/geometry/predicates'
import type { AreaPolygon, Point, Ring } from '../../../src/shared/geometry/types'
import { arbitraryMask, blobMask, maskFromArt, type TestMask } from './mask-helpers'

const trace = (m: TestMask): AreaPolygon[] => traceMask(m.width, m.height, (i) => m.cells[i] !== 0)
const allRings = (areas: AreaPolygon[]): Ring[] => areas.flatMap((a) => [a.outer, ...a.holes])

function expectSameMask(areas: AreaPolygon[], m: TestMask): void {
  const back = rasterisePolygons(areas, m.width, m.height)
  for (let i = 0; i < m.cells.length; i++)
    if ((back[i] !== 0) !== (m.cells[i] !== 0)) throw new Error(`pixel ${i} differs`)
}

const same = (a: Point, b: Point): boolean => a.x === b.x && a.y === b.y

/** Segments p-q and u-v that meet: is it only at an end they share? */
function touchesOnlyAtSharedEnd(p: Point, q: Point, u: Point, v: Point): boolean {
  const pairs: [Point, Point, Point][] = [
    [p, q, v],
    [p, q, u],
    [q, p, v],
    [q, p, u],
  ]
  const ends: [Point, Point][] = [
    [p, u],
    [p, v],
    [q, u],
    [q, v],
  ]
  for (let k = 0; k < 4; k++) {
    const [s, t] = ends[k]
    if (!same(s, t)) continue
    const x = pairs[k][1]
    const y = pairs[k][2]
    if (same(x, y)) return false
    if (orientation(s, x, y) !== 0) return true
    return (x.x - s.x) * (y.x - s.x) + (x.y - s.y) * (y.y - s.y) < 0
  }
  return false
}

/** Checks that no two rings cross and that no ring touches another except at shared vertices. */
function expectRingsApart(rings: Ring[]): void {
  for (let i = 0; i < rings.length; i++) {
    for (let j = i + 1; j < rings.length; j++) {
      const r = rings[i]
      const s = rings[j]
      for (let a = 0; a < r.length; a++) {
        const p = r[a]
        const q = r[(a + 1) % r.length]
        for (let b = 0; b < s.length; b++) {
          const u = s[b]
          const v = s[(b + 1) % s.length]
          const kind = segmentIntersection(p, q, u, v)
          if (kind === 'proper') throw new Error(`rings ${i} and ${j} cross`)
          if (kind === 'touching') {
            // Only at a vertex shared by both rings.
            if (!touchesOnlyAtSharedEnd(p, q, u, v)) {
              throw new Error(`rings ${i} and ${j} touch at (${p.x},${p.y})-(${q.x},${q.y})`)
            }
          }
        }
      }
    }
  }
}

describe('traceMask', () => {
  it('traces one pixel as a positive unit square', () => {
    const areas = trace(maskFromArt('...\n.#.\n...'))
    expect(areas).toHaveLength(1)
    expect(areas[0].outer).toEqual([
      { x: 1, y: 1 },
      { x: 2, y: 1 },
      { x: 2, y: 2 },
      { x: 1, y: 2 },
    ])
    expect(signedArea(areas[0].outer)).toBe(1)
  })
  it('traces a ring of pixels as an outer ring with one hole (negative)', () => {
    const areas = trace(maskFromArt('###\n#.#\n###'))
    expect(areas).toHaveLength(1)
    expect(areas[0].outer).toHaveLength(4)
    expect(areas[0].holes).toHaveLength(1)
    expect(signedArea(areas[0].holes[0])).toBe(-1)
  })
  it('removes collinear corners', () => {
    const areas = trace(maskFromArt('#####\n#####'))
    expect(areas[0].outer).toHaveLength(4)
    expect(signedArea(areas[0].outer)).toBe(10)
  })
  it('does not connect pixels that touch only at a corner', () => {
    const areas = trace(maskFromArt('#.\n.#'))
    expect(areas).toHaveLength(2)
    expect(areas.every((a) => a.outer.length === 4 && a.holes.length === 0)).toBe(true)
  })
  it('splits a contour that meets itself at a saddle into an outer ring and a touching hole', () => {
    const m = maskFromArt('.##\n#.#\n###')
    const areas = trace(m)
    expect(areas).toHaveLength(1)
    expect(areas[0].holes).toHaveLength(1)
    expect(signedArea(areas[0].holes[0])).toBe(-1)
    expect(areas[0].holes[0]).toContainEqual({ x: 1, y: 1 })
    expect(areas[0].outer).toContainEqual({ x: 1, y: 1 })
    for (const r of allRings(areas)) expect(findSelfIntersections(r)).toEqual([])
    expectSameMask(areas, m)
  })
  it('splits two diagonal cavities into two holes touching at the saddle', () => {
    const m = maskFromArt('####\n#.##\n##.#\n####')
    const areas = trace(m)
    expect(areas).toHaveLength(1)
    expect(areas[0].holes).toHaveLength(2)
    expectSameMask(areas, m)
  })
  it('nests an island inside a lake inside land as two areas', () => {
    const m = maskFromArt('#######\n#.....#\n#.###.#\n#.#.#.#\n#.###.#\n#.....#\n#######')
    const areas = trace(m)
    expect(areas).toHaveLength(2)
    expect(areas[0].holes).toHaveLength(1)
    expect(areas[1].holes).toHaveLength(1)
    expectSameMask(areas, m)
  })
  it('handles empty and full masks', () => {
    expect(trace(maskFromArt('...\n...'))).toEqual([])
    const full = trace(maskFromArt('###\n###'))
    expect(full).toHaveLength(1)
    expect(full[0].outer).toHaveLength(4)
    expect(traceMask(0, 0, () => true)).toEqual([])
  })
  it('property: rasterise(trace(mask)) == mask; rings simple, rectilinear, oriented, nested, apart', () => {
    fc.assert(
      fc.property(arbitraryMask(20), (m) => {
        const areas = trace(m)
        expectSameMask(areas, m)
        let pixels = 0
        for (const v of m.cells) pixels += v
        expect(areasArea(areas)).toBe(pixels)
        for (const a of areas) {
          expect(signedArea(a.outer)).toBeGreaterThan(0)
          for (const h of a.holes) {
            expect(signedArea(h)).toBeLessThan(0)
            for (const p of h) expect(pointInRing(a.outer, p)).toBe(true)
          }
          for (const r of [a.outer, ...a.holes]) {
            expect(findSelfIntersections(r)).toEqual([])
            for (let i = 0; i < r.length; i++) {
              const p = r[i]
              const q = r[(i + 1) % r.length]
              const o = r[(i + 2) % r.length]
              expect(Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true)
              expect(p.x === q.x || p.y === q.y).toBe(true) // along pixel edges
              expect(orientation(p, q, o)).not.toBe(0) // no collinear vertex
            }
          }
        }
        expectRingsApart(allRings(areas))
      }),
      { numRuns: 300 },
    )
  })
})

/** Largest distance from any vertex of `from` to the outline `to` (all rings). */
function maxDeviation(from: Ring[], to: Ring[]): number {
  let worst = 0
  for (const r of from) {
    for (const p of r) {
      let best = Infinity
      for (const s of to) {
        for (let i = 0; i < s.length; i++)
          best = Math.min(best, distanceToSegment(s[i], s[(i + 1) % s.length], p))
      }
      worst = Math.max(worst, best)
    }
  }
  return worst
}

function samplesOf(rings: Ring[], per: number): Ring[] {
  return rings.map((r) => {
    const out: Point[] = []
    for (let i = 0; i < r.length; i++) {
      const a = r[i]
      const b = r[(i + 1) % r.length]
      for (let k = 0; k < per; k++)
        out.push({ x: a.x + ((b.x - a.x) * k) / per, y: a.y + ((b.y - a.y) * k) / per })
    }
    return out
  })
}

describe('simplifyAreas', () => {
  it('reduces a staircase to a few vertices within tolerance', () => {
    const w = 64
    const cells = new Uint8Array(w * w)
    for (let r = 0; r < w; r++) for (let c = 0; c < w; c++) if (c <= r * 0.6) cells[r * w + c] = 1
    const exact = trace({ width: w, height: w, cells })
    const simple = simplifyAreas(exact, 1.5)
    expect(simple[0].outer.length).toBeLessThan(exact[0].outer.length / 4)
    expect(maxDeviation(allRings(exact), allRings(simple))).toBeLessThanOrEqual(1.5 + 1e-9)
  })
  it('never drops a ring under 3 vertices and keeps pixel holes at tolerance < 1', () => {
    const exact = trace(maskFromArt('###\n#.#\n###\n...\n.#.'))
    const simple = simplifyAreas(exact, 0.75)
    expect(simple).toHaveLength(2)
    expect(simple[0].holes).toHaveLength(1)
    for (const r of allRings(simple)) expect(r.length).toBeGreaterThanOrEqual(3)
  })
  it('drops holes smaller than tolerance squared', () => {
    const area: AreaPolygon = {
      outer: [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
        { x: 0, y: 10 },
      ],
      holes: [
        [
          { x: 5, y: 5 },
          { x: 5, y: 6 },
          { x: 6, y: 6 },
          { x: 6, y: 5 },
        ],
      ],
    }
    expect(simplifyAreas([area], 0.9)[0].holes).toHaveLength(1)
    expect(simplifyAreas([area], 1.1)[0].holes).toHaveLength(0)
    expect(simplifyAreas([area], 0)[0]).toEqual(area)
  })
  it('property: within tolerance both ways, rings simple, oriented, apart and nested', () => {
    fc.assert(
      fc.property(arbitraryMask(22), fc.constantFrom(0.5, 0.75, 1, 1.5, 3), (m, tol) => {
        const exact = trace(m)
        const simple = simplifyAreas(exact, tol)
        expect(simple).toHaveLength(exact.length)
        // Holes under tol² are dropped by design; every other ring is kept.
        const kept = exact.map((a) => ({
          outer: a.outer,
          holes: a.holes.filter((h) => -signedArea(h) >= tol * tol),
        }))
        expect(simple.map((a) => a.holes.length)).toEqual(kept.map((a) => a.holes.length))
        const er = allRings(kept)
        const sr = allRings(simple)
        expect(maxDeviation(er, sr)).toBeLessThanOrEqual(tol + 1e-9)
        expect(maxDeviation(samplesOf(sr, 4), er)).toBeLessThanOrEqual(tol + 1e-9)
        for (let ai = 0; ai < simple.length; ai++) {
          const a = simple[ai]
          expect(signedArea(a.outer)).toBeGreaterThan(0)
          for (const h of a.holes) {
            expect(signedArea(h)).toBeLessThan(0)
            // Some vertex of the hole is strictly inside the outer (all are inside or on it).
            for (const p of h) expect(pointInRing(a.outer, p)).toBe(true)
          }
          for (const r of [a.outer, ...a.holes]) {
            expect(r.length).toBeGreaterThanOrEqual(3)
            expect(findSelfIntersections(r)).toEqual([])
          }
        }
        expectRingsApart(sr)
      }),
      { numRuns: 300 },
    )
  })
  it('property: room-like masks with speckle stay valid after simplification', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(0.75, 2, 4),
        fc.double({ min: 0, max: 0.02, noNaN: true }),
        (seed, tol, noise) => {
          const width = 120
          const height = 90
          const cells = blobMask(width, height, seed)
          let s = (seed ^ 0x5bd1e995) >>> 0 || 3
          for (let i = 0; i < cells.length; i++) {
            s ^= s << 13
            s >>>= 0
            s ^= s >>> 17
            s ^= s << 5
            s >>>= 0
            if (s / 4294967296 < noise) cells[i] ^= 1
          }
          const exact = traceMask(width, height, (i) => cells[i] !== 0)
          const simple = simplifyAreas(exact, tol)
          expect(simple).toHaveLength(exact.length)
          for (const a of simple) {
            expect(signedArea(a.outer)).toBeGreaterThan(0)
            for (const r of [a.outer, ...a.holes]) {
              expect(r.length).toBeGreaterThanOrEqual(3)
              expect(findSelfIntersections(r)).toEqual([])
            }
            for (const h of a.holes) for (const p of h) expect(pointInRing(a.outer, p)).toBe(true)
          }
          expectRingsApart(allRings(simple))
        },
      ),
      { numRuns: 25 },
    )
  })
  it('traces and simplifies a 1920x1080 room, and round-trips it exactly', () => {
    const width = 1920
    const height = 1080
    const cells = blobMask(width, height, 12345)
    const exact = traceMask(width, height, (i) => cells[i] !== 0)
    const simple = simplifyAreas(exact, 0.75)
    const back = rasterisePolygons(exact, width, height)
    let diff = 0
    for (let i = 0; i < cells.length; i++) if (back[i] !== cells[i]) diff++
    const verts = (a: AreaPolygon[]): number => allRings(a).reduce((s, r) => s + r.length, 0)
    expect(diff).toBe(0)
    expect(verts(simple)).toBeLessThan(verts(exact) / 2)
  })
})
