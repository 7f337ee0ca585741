/**
 * Unions and differences of a map's shapes, for the walk area a map gives when it says
 * where one may not walk (obstacle objects, collision tiles, tile collision shapes): the
 * walkable region is the map (or its walkable shapes) minus the union of the obstacles,
 * and a walk area edited in Walkbox is written back as the obstacles it leaves.
 *
 * Glossary
 * - shape: an area as rings, `outer` with `holes` (a Tiled polygon, a traced patch).
 * - clipping grid: Clipper2 (the `clipper2-ts` port) works on integers; coordinates are
 *   scaled by a power of two so that the largest stays below 2^26 and rounded (at map
 *   sizes up to 65536 px the grid is finer than 1/1024 px). Rings go in wound one way
 *   (outer rings positive, holes negative), so the non-zero rule over many shapes is their
 *   union whatever way the map winds them.
 *
 * Units: px (map px), px² for areas.
 */
import { Clipper64, PolyTree64, type PolyPath64 } from 'clipper2-ts/dist/Engine.js'
import { ClipType, FillRule, type Path64, type Paths64 } from 'clipper2-ts/dist/Core.js'

export type Ring = [number, number][]

export interface Shape {
  outer: Ring
  holes: Ring[]
}

const MAX_SCALED = 2 ** 26

function signedArea(ring: Ring): number {
  let s = 0
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i]
    const [bx, by] = ring[(i + 1) % ring.length]
    s += ax * by - bx * ay
  }
  return s / 2
}

/** The ring wound as an outer ring (+1: positive signed area) or a hole (-1). */
export function wound(ring: Ring, sign: 1 | -1): Ring {
  return signedArea(ring) * sign < 0 ? [...ring].reverse() : ring
}

function scaleFor(...lists: (readonly Shape[])[]): number {
  let max = 1
  for (const list of lists)
    for (const s of list)
      for (const ring of [s.outer, ...s.holes])
        for (const [x, y] of ring) max = Math.max(max, Math.abs(x), Math.abs(y))
  return 2 ** Math.min(16, Math.floor(Math.log2(MAX_SCALED / max)))
}

const toPath = (ring: Ring, scale: number, sign: 1 | -1): Path64 =>
  wound(ring, sign).map(([x, y]) => ({ x: Math.round(x * scale), y: Math.round(y * scale) }))

const fromPath = (path: Path64, scale: number): Ring =>
  path.map((p): [number, number] => [p.x / scale, p.y / scale])

/** Each shape's outer ring and holes, consistently wound (non-zero: the union of the shapes). */
function paths(shapes: readonly Shape[], scale: number): Paths64 {
  const out: Paths64 = []
  for (const s of shapes) {
    if (s.outer.length < 3) continue
    out.push(toPath(s.outer, scale, 1))
    for (const h of s.holes) if (h.length >= 3) out.push(toPath(h, scale, -1))
  }
  return out
}

function treeShapes(tree: PolyTree64, scale: number): Shape[] {
  const result: Shape[] = []
  const visitOuter = (node: PolyPath64): void => {
    const outer = fromPath(node.poly ?? [], scale)
    const holes: Ring[] = []
    for (let i = 0; i < node.count; i++) {
      const hole = node.child(i)
      const ring = fromPath(hole.poly ?? [], scale)
      if (ring.length >= 3) holes.push(wound(ring, -1))
      for (let k = 0; k < hole.count; k++) visitOuter(hole.child(k))
    }
    if (outer.length >= 3) result.push({ outer: wound(outer, 1), holes })
  }
  for (let i = 0; i < tree.count; i++) visitOuter(tree.child(i))
  return result
}

function run(type: ClipType, subject: readonly Shape[], clip: readonly Shape[]): Shape[] {
  const scale = scaleFor(subject, clip)
  const c = new Clipper64()
  const s = paths(subject, scale)
  if (s.length === 0) return []
  c.addSubject(s)
  const k = paths(clip, scale)
  if (k.length > 0) c.addClip(k)
  const tree = new PolyTree64()
  c.execute(type, FillRule.NonZero, tree)
  return treeShapes(tree, scale)
}

/** The union of the shapes, as separate shapes with holes. */
export function union(shapes: readonly Shape[]): Shape[] {
  return run(ClipType.Union, shapes, [])
}

/** `from` minus `cut`. */
export function difference(from: readonly Shape[], cut: readonly Shape[]): Shape[] {
  if (cut.length === 0) return union(from)
  return run(ClipType.Difference, from, cut)
}

/** The part of `a` that `b` covers. */
export function intersection(a: readonly Shape[], b: readonly Shape[]): Shape[] {
  if (a.length === 0 || b.length === 0) return []
  return run(ClipType.Intersection, a, b)
}

/** The area of shapes that do not overlap (the output of the operations above), px². */
export function areaOf(shapes: readonly Shape[]): number {
  let sum = 0
  for (const s of shapes) {
    sum += Math.abs(signedArea(s.outer))
    for (const h of s.holes) sum -= Math.abs(signedArea(h))
  }
  return sum
}

/** The bounding box of shapes' outer rings, or null when there are none. */
export function boxOf(shapes: readonly Shape[]): { x0: number; y0: number; x1: number; y1: number } | null {
  let b: { x0: number; y0: number; x1: number; y1: number } | null = null
  for (const s of shapes)
    for (const [x, y] of s.outer) {
      if (!b) b = { x0: x, y0: y, x1: x, y1: y }
      else {
        if (x < b.x0) b.x0 = x
        if (y < b.y0) b.y0 = y
        if (x > b.x1) b.x1 = x
        if (y > b.y1) b.y1 = y
      }
    }
  return b
}

/**
 * One ring for a shape with holes (Tiled's polygons have none): each hole is joined to the
 * outer ring by a cut of no width from its first vertex to the nearest outer vertex, so the
 * ring covers exactly the shape.
 */
export function withoutHoles(shape: Shape): Ring {
  let ring = wound(shape.outer, 1)
  for (const hole of shape.holes) {
    const h = wound(hole, -1)
    const [hx, hy] = h[0]
    let best = 0
    let bestD = Infinity
    for (let i = 0; i < ring.length; i++) {
      const d = (ring[i][0] - hx) ** 2 + (ring[i][1] - hy) ** 2
      if (d < bestD) {
        bestD = d
        best = i
      }
    }
    ring = [...ring.slice(0, best + 1), ...h, h[0], ...ring.slice(best)]
  }
  return ring
}
