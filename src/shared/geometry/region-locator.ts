/**
 * Point-in-region questions that do not scan every edge: the edges of valid area polygons
 * (geometry/clip.ts makes them so) sorted into horizontal bands, so that "is p walkable?"
 * looks only at the edges of p's band. For a 10,000-vertex outline that is a few dozen
 * edges instead of ten thousand.
 *
 * Glossary
 * - band: a horizontal strip of the region's bounding box; an edge is listed in every band
 *   its y-range touches.
 * - even-odd count: a ray from p to the right crosses the rings an odd number of times
 *   exactly when p is inside. For valid area polygons (outer rings that do not overlap,
 *   holes inside their outer ring, islands inside holes) that is the same answer as
 *   polygon.ts's `pointInAreas`, outlines counting as inside (within EPSILON).
 *
 * Units: room px.
 */
import { flatEdges } from './edge-grid'
import { EPSILON, distanceToSegmentSquared } from './predicates'
import type { AreaPolygon, Point } from './types'

/** Aim for about this many edges per band. */
const EDGES_PER_BAND = 8
/** Never more bands than this. */
const MAX_BANDS = 4096

export class RegionLocator {
  /** x1, y1, x2, y2 per edge. */
  private readonly edges: Float64Array
  private readonly bandStart: Uint32Array
  private readonly bandEdges: Uint32Array
  private readonly bands: number
  private readonly minX: number
  private readonly maxX: number
  private readonly minY: number
  private readonly maxY: number
  private readonly bandHeight: number

  constructor(areas: readonly AreaPolygon[]) {
    const { edges, minX, minY, maxX, maxY } = flatEdges(areas)
    this.edges = edges
    const count = edges.length / 4
    this.minX = minX
    this.maxX = maxX
    this.minY = minY
    this.maxY = maxY
    this.bands = count === 0 ? 0 : Math.max(1, Math.min(MAX_BANDS, Math.ceil(count / EDGES_PER_BAND)))
    this.bandHeight = this.bands > 0 ? Math.max((maxY - minY) / this.bands, 1e-9) : 1
    const sizes = new Uint32Array(this.bands + 1)
    for (let e = 0; e < count; e++) {
      const [b0, b1] = this.bandRange(e)
      for (let b = b0; b <= b1; b++) sizes[b + 1]++
    }
    for (let b = 1; b <= this.bands; b++) sizes[b] += sizes[b - 1]
    this.bandStart = Uint32Array.from(sizes)
    const fill = Uint32Array.from(sizes)
    this.bandEdges = new Uint32Array(this.bands > 0 ? sizes[this.bands] : 0)
    for (let e = 0; e < count; e++) {
      const [b0, b1] = this.bandRange(e)
      for (let b = b0; b <= b1; b++) this.bandEdges[fill[b]++] = e
    }
  }

  private band(y: number): number {
    return Math.max(0, Math.min(this.bands - 1, Math.floor((y - this.minY) / this.bandHeight)))
  }

  /** Bands an edge touches, grown by EPSILON so that boundary tests near a band's border see it. */
  private bandRange(e: number): [number, number] {
    const y1 = this.edges[e * 4 + 1]
    const y2 = this.edges[e * 4 + 3]
    return [this.band(Math.min(y1, y2) - EPSILON), this.band(Math.max(y1, y2) + EPSILON)]
  }

  /** Is p in the region? Outlines (within EPSILON) count as inside. */
  contains(p: Point): boolean {
    if (this.bands === 0) return false
    if (
      p.x < this.minX - EPSILON ||
      p.x > this.maxX + EPSILON ||
      p.y < this.minY - EPSILON ||
      p.y > this.maxY + EPSILON
    ) {
      return false
    }
    const b = this.band(p.y)
    const e = this.edges
    const eps2 = EPSILON * EPSILON
    let inside = false
    for (let k = this.bandStart[b]; k < this.bandStart[b + 1]; k++) {
      const q = this.bandEdges[k] * 4
      const ax = e[q]
      const ay = e[q + 1]
      const bx = e[q + 2]
      const by = e[q + 3]
      if (
        p.x >= Math.min(ax, bx) - EPSILON &&
        p.x <= Math.max(ax, bx) + EPSILON &&
        p.y >= Math.min(ay, by) - EPSILON &&
        p.y <= Math.max(ay, by) + EPSILON &&
        distanceToSegmentSquared({ x: ax, y: ay }, { x: bx, y: by }, p) <= eps2
      ) {
        return true
      }
      if (ay > p.y !== by > p.y) {
        const x = ax + ((p.y - ay) * (bx - ax)) / (by - ay)
        if (p.x < x) inside = !inside
      }
    }
    return inside
  }
}
