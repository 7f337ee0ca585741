/**
 * Is the straight segment from s to t walkable, clear of every corner it passes? Walks the
 * segment through the mesh, triangle by triangle, from s's triangle to t's.
 *
 * Glossary
 * - clear: s and t lie inside their triangles at least STRAIGHT_CLEARANCE_PX from every
 *   edge, and each portal the segment crosses has both ends at least that far from the
 *   segment's line. A clear segment is the one shortest path, and every other corridor is
 *   longer by far more than rounding: so navmesh-funnel's search ranks the corridor the
 *   segment crosses first and pulls it to exactly [s, t] (see navmeshRoute).
 * - exit edge: leaving a triangle through edge k, the portal's right end is corner k and its
 *   left end corner k + 1 (tri-mesh.ts); the segment leaves through the edge whose right
 *   end is on its right and left end on its left.
 *
 * Units: room px.
 */
import type { TriMesh } from './tri-mesh'

/** How far a clear segment stays from corners, and its ends from edges, room px. */
export const STRAIGHT_CLEARANCE_PX = 1e-3

/** True when the segment from (sx, sy) in triangle st to (tx, ty) in triangle gt is clear (see the glossary). */
export function clearStraight(
  m: TriMesh,
  sx: number,
  sy: number,
  st: number,
  tx: number,
  ty: number,
  gt: number,
): boolean {
  const v = m.vertices
  const c = m.corners
  const dx = tx - sx
  const dy = ty - sy
  const length = Math.sqrt(dx * dx + dy * dy)
  if (!(length > 0) || !clearInside(m, st, sx, sy) || !clearInside(m, gt, tx, ty)) return false
  // The cross product of the direction with (corner - s) is length times the corner's signed distance to the line.
  const least = STRAIGHT_CLEARANCE_PX * length
  let u = st
  for (let steps = 0; steps < m.triangleCount; steps++) {
    if (u === gt) return true
    let next = -1
    for (let k = 0; k < 3; k++) {
      const right = c[3 * u + k]
      const left = c[3 * u + (k === 2 ? 0 : k + 1)]
      const r = dx * (v[2 * right + 1] - sy) - dy * (v[2 * right] - sx)
      const l = dx * (v[2 * left + 1] - sy) - dy * (v[2 * left] - sx)
      if (r < 0 && l > 0) {
        if (r > -least || l < least) return false
        next = m.neighbours[3 * u + k]
        break
      }
    }
    if (next < 0) return false
    u = next
  }
  return false
}

/** Is (px, py) inside triangle t at least STRAIGHT_CLEARANCE_PX from each of its edges? */
function clearInside(m: TriMesh, t: number, px: number, py: number): boolean {
  const v = m.vertices
  for (let k = 0; k < 3; k++) {
    const a = m.corners[3 * t + k]
    const b = m.corners[3 * t + (k === 2 ? 0 : k + 1)]
    const ex = v[2 * b] - v[2 * a]
    const ey = v[2 * b + 1] - v[2 * a + 1]
    const o = ex * (py - v[2 * a + 1]) - ey * (px - v[2 * a])
    if (o < STRAIGHT_CLEARANCE_PX * Math.sqrt(ex * ex + ey * ey)) return false
  }
  return true
}
