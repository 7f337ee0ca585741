/**
 * The walkable region as valid polygons, whatever was drawn: holes that cross their outline,
 * touch it or split the room, self-crossing (bow-tie) outlines, overlapping polygons, rings
 * that enclose no area and blockers that cross outlines all become simple outer rings with
 * simple holes inside them before any algorithm sees them.
 *
 * Glossary
 * - walkable region: the union over the areas of (outer ring minus the union of its holes),
 *   minus the union of the blockers. Rings are filled by the non-zero rule, so both lobes
 *   of a bow-tie count, whichever way each is wound. An area that lies inside another area's
 *   hole (an island) stays walkable.
 * - clean: geometry that already is valid: no two edges of any rings meet except neighbours
 *   at their shared vertex (no crossings, no touching, no fold-backs, no zero-length edges),
 *   every ring encloses area, every hole lies inside its own outer ring and outside its
 *   siblings, no outer ring starts inside another area. Clean geometry is returned as it
 *   was drawn (only the winding rule of polygon.ts applied), so valid rooms keep their exact
 *   coordinates; anything else goes through Clipper2 (the `clipper2-ts` port).
 * - clipping grid: Clipper2 works on integers; coordinates are scaled by a power of two
 *   chosen so that the largest one stays below 2^26 (products of two stay exact in a
 *   double) and rounded: at room sizes up to 16384 px the grid is finer than 1/4096 px.
 *
 * Units: room px.
 */
// Engine and Core only: the package's index also pulls in offsetting, triangulation and
// Minkowski sums, which a game's runtime has no use for.
import { Clipper64, PolyTree64, type PolyPath64 } from 'clipper2-ts/dist/Engine.js'
import { ClipType, FillRule, type Path64, type Paths64 } from 'clipper2-ts/dist/Core.js'
import {
  classifyPointInRing,
  normaliseRing,
  pointInArea,
  signedArea,
  sweepEdge,
  edgePairsNear,
  withoutRepeats,
  type SweepEdge,
} from './polygon'
import { orientation, segmentIntersection } from './predicates'
import type { AreaPolygon, Point, Ring } from './types'
import { ringBox, type Box } from './bounds'
import { GeometryBudgetError, TOO_COMPLEX_MESSAGE } from './budget'
import { anySegmentsMeet } from './segment-sweep'
import { MAX_CROSSINGS } from '../limits'

/** What normalising did. */
export interface WalkableRegion {
  /** Simple outer rings (positive signed area) with simple holes (negative). */
  areas: AreaPolygon[]
  /** False when the input was clean and is returned as drawn. */
  clipped: boolean
}

const MAX_SCALED = 2 ** 26

/**
 * The walkable region of `areas` minus `blockers`, as valid polygons (see the glossary).
 * Areas that enclose nothing disappear; the result may be empty.
 */
export function walkableRegion(
  areas: readonly AreaPolygon[],
  blockers: readonly AreaPolygon[] = [],
): WalkableRegion {
  const tidy = areas.map((a) => ({ outer: withoutRepeats(a.outer), holes: a.holes.map(withoutRepeats) }))
  if (blockers.length === 0 && isClean(tidy)) {
    return {
      areas: tidy.map((a) => ({
        outer: normaliseRing(a.outer, 'outer'),
        holes: a.holes.map((h) => normaliseRing(h, 'hole')),
      })),
      clipped: false,
    }
  }
  const tidyBlockers = blockers.map((b) => ({
    outer: withoutRepeats(b.outer),
    holes: b.holes.map(withoutRepeats),
  }))
  // Clipper's time and memory grow with the crossings it resolves: a ring of random vertices
  // crosses itself millions of times, so count first and refuse beyond the limit.
  if (crossingsOver([...tidy, ...tidyBlockers], MAX_CROSSINGS))
    throw new GeometryBudgetError('normalise', TOO_COMPLEX_MESSAGE)
  return { areas: clipRegion(tidy, tidyBlockers), clipped: true }
}

/** Do the rings' edges cross (or touch, neighbours aside) more than `max` times? */
export function crossingsOver(areas: readonly AreaPolygon[], max: number): boolean {
  let count = 0
  return edgePairsNear(ringEdges(areas), (e, other) => {
    if (other.ring === e.ring && neighbours(other.index, e.index, e.size)) return false
    if (segmentIntersection(e.a, e.b, other.a, other.b) !== 'none') count++
    return count > max
  })
}

function ringEdges(areas: readonly AreaPolygon[]): Edge[] {
  const edges: Edge[] = []
  let ringNo = 0
  for (const area of areas) {
    for (const ring of [area.outer, ...area.holes]) {
      for (let i = 0; i < ring.length; i++)
        edges.push(
          sweepEdge(ring[i], ring[(i + 1) % ring.length], { ring: ringNo, index: i, size: ring.length }),
        )
      ringNo++
    }
  }
  return edges
}

// ---------------------------------------------------------------------------------------
// The clean test

/** Ring number and the edge's index in it, to tell neighbours apart. */
type Edge = SweepEdge & { ring: number; index: number; size: number }

/** Is the geometry already valid (see the glossary)? Near-linear for ordinary outlines. */
export function isClean(areas: readonly AreaPolygon[]): boolean {
  const edges: Edge[] = []
  let ringNo = 0
  for (const area of areas) {
    for (const ring of [area.outer, ...area.holes]) {
      if (ring.length < 3 || signedArea(ring) === 0) return false
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]
        const b = ring[(i + 1) % ring.length]
        if (a.x === b.x && a.y === b.y) return false
        const prev = ring[(i + ring.length - 1) % ring.length]
        // A fold-back: the ring comes straight back along the edge it arrived on.
        if (orientation(prev, a, b) === 0 && (prev.x - a.x) * (b.x - a.x) + (prev.y - a.y) * (b.y - a.y) > 0)
          return false
        edges.push(sweepEdge(a, b, { ring: ringNo, index: i, size: ring.length }))
      }
      ringNo++
    }
  }
  if (anyEdgesMeet(edges)) return false
  // No outlines meet, so one vertex of a ring tells where the whole ring lies. Boxes first,
  // so that many polygons or holes do not each scan every other outline.
  const inBox = (box: Box, p: Point) =>
    p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY
  const outerBoxes = areas.map((a) => ringBox(a.outer))
  for (let i = 0; i < areas.length; i++) {
    const area = areas[i]
    const holeBoxes = area.holes.map(ringBox)
    for (let h = 0; h < area.holes.length; h++) {
      const hole = area.holes[h]
      if (classifyPointInRing(area.outer, hole[0]) !== 'inside') return false
      for (let k = 0; k < area.holes.length; k++) {
        if (k === h || !inBox(holeBoxes[k], hole[0])) continue
        if (classifyPointInRing(area.holes[k], hole[0]) !== 'outside') return false
      }
    }
    for (let j = 0; j < areas.length; j++) {
      if (j === i || !inBox(outerBoxes[j], area.outer[0])) continue
      if (pointInArea(areas[j], area.outer[0])) return false
    }
  }
  return true
}

/** Do any two edges meet, other than neighbours of one ring at their shared vertex? */
function anyEdgesMeet(edges: Edge[]): boolean {
  // A sweep (geometry/segment-sweep.ts), not bucketed pairs: the 10,000 spikes of a star all
  // meet near its centre, where any bucket holds hundreds of edges.
  return anySegmentsMeet(
    edges,
    (e, other) => other.ring === e.ring && neighbours(other.index, e.index, e.size),
  )
}

function neighbours(i: number, j: number, n: number): boolean {
  return (i + 1) % n === j || (j + 1) % n === i
}

// ---------------------------------------------------------------------------------------
// Clipping

function scaleFor(areas: readonly AreaPolygon[], blockers: readonly AreaPolygon[]): number {
  let max = 1
  for (const list of [areas, blockers]) {
    for (const a of list) {
      for (const ring of [a.outer, ...a.holes])
        for (const p of ring) max = Math.max(max, Math.abs(p.x), Math.abs(p.y))
    }
  }
  return 2 ** Math.min(16, Math.floor(Math.log2(MAX_SCALED / max)))
}

function toPath(ring: Ring, scale: number): Path64 {
  return ring.map((p) => ({ x: Math.round(p.x * scale), y: Math.round(p.y * scale) }))
}

function fromPath(path: Path64, scale: number): Ring {
  return path.map((p) => ({ x: p.x / scale, y: p.y / scale }))
}

/** Each area's outer ring minus its holes (non-zero rule), as Clipper paths; consistently wound. */
function outersMinusHoles(areas: readonly AreaPolygon[], scale: number): Paths64 {
  const pieces: Paths64 = []
  for (const area of areas) {
    if (area.outer.length < 3) continue
    const c = new Clipper64()
    c.addSubject([toPath(area.outer, scale)])
    const holes = area.holes.filter((h) => h.length >= 3).map((h) => toPath(h, scale))
    if (holes.length > 0) c.addClip(holes)
    const out: Paths64 = []
    c.execute(ClipType.Difference, FillRule.NonZero, out)
    pieces.push(...out)
  }
  return pieces
}

/** outer minus its holes, for each area; then the union of those minus the blockers. */
function clipRegion(areas: readonly AreaPolygon[], blockers: readonly AreaPolygon[]): AreaPolygon[] {
  const scale = scaleFor(areas, blockers)
  // The pieces of one area are wound consistently (outers one way, holes the other), so the
  // non-zero rule over all of them is their union.
  const c = new Clipper64()
  c.addSubject(outersMinusHoles(areas, scale))
  const cut = outersMinusHoles(blockers, scale)
  if (cut.length > 0) c.addClip(cut)
  const tree = new PolyTree64()
  c.execute(ClipType.Difference, FillRule.NonZero, tree)
  const result: AreaPolygon[] = []
  const visitOuter = (node: PolyPath64): void => {
    const outer = fromPath(node.poly ?? [], scale)
    const holes: Ring[] = []
    for (let i = 0; i < node.count; i++) {
      const hole = node.child(i)
      holes.push(normaliseRing(fromPath(hole.poly ?? [], scale), 'hole'))
      for (let k = 0; k < hole.count; k++) visitOuter(hole.child(k))
    }
    if (outer.length >= 3)
      result.push({ outer: normaliseRing(outer, 'outer'), holes: holes.filter((h) => h.length >= 3) })
  }
  for (let i = 0; i < tree.count; i++) visitOuter(tree.child(i))
  return result
}
