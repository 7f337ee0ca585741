/**
 * Line of sight on a walk grid for segments between arbitrary points.
 *
 * Glossary
 * - clear segment: every pixel the segment passes through is walkable (the supercover
 *   walk of geometry/line-walk.ts). Where the segment crosses exactly through a pixel
 *   corner, both pixels beside the corner must be walkable too (no squeezing between two
 *   diagonal blocked pixels), which matches the no-corner-cutting rule of the octile
 *   searches. Pixels outside the grid block.
 * - Bresenham-clear: every cell of the Bresenham line between two integer cells is
 *   walkable; looser than a clear segment (the line may clip the corner of a blocked
 *   pixel by less than half a pixel), as the old engines tested it.
 *
 * Units: room px for coordinates (pixel (c, r) covers [c, c+1) x [r, r+1)).
 */
import { bresenhamLine, supercoverLine } from '../../geometry/line-walk'

/** Is the segment (x0, y0)-(x1, y1) clear on `cells` (row-major, 0 = blocked)? */
export function segmentClear(
  cells: Uint8Array,
  width: number,
  height: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  return supercoverLine(
    x0,
    y0,
    x1,
    y1,
    (c, r) => c >= 0 && r >= 0 && c < width && r < height && cells[r * width + c] !== 0,
  )
}

/** Are all cells of the Bresenham line from cell (c0, r0) to cell (c1, r1) walkable? */
export function bresenhamClear(
  cells: Uint8Array,
  width: number,
  height: number,
  c0: number,
  r0: number,
  c1: number,
  r1: number,
): boolean {
  return bresenhamLine(
    c0,
    r0,
    c1,
    r1,
    (c, r) => c >= 0 && r >= 0 && c < width && r < height && cells[r * width + c] !== 0,
  )
}
