/**
 * Walking the cells of a grid along a line.
 *
 * Glossary
 * - cell: an integer grid coordinate; cell (x, y) covers [x, x+1) x [y, y+1) in the grid's
 *   own units (room px when the grid is the walk grid).
 * - visit: the callback called once per cell, in order from the start to the end. Returning
 *   `false` stops the walk early; the walk then returns false. Any other return value
 *   (including undefined) continues. A walk that reaches its end returns true.
 * - Bresenham line: exactly one cell per step along the major axis, between two integer
 *   cells (both included). Ties (the ideal line exactly half-way between two cells) go to
 *   the cell further along the minor axis (so a walk from b to a may differ from a to b on ties).
 * - supercover line: every cell the segment passes through, for a segment with real-valued
 *   ends; a point's cell is (floor(x), floor(y)).
 * - corner rule (supercover): when the segment passes exactly through a grid corner (within
 *   1e-9 in units of the segment parameter), it moves diagonally; the two cells beside the
 *   corner (the one across the vertical grid line and the one across the horizontal one) are
 *   visited too, before the diagonal cell. A line of sight through a corner between two
 *   blocked cells is thus blocked. A segment running exactly along a grid line visits only
 *   the cells given by floor (the half-open rule), not the cells on the other side.
 *
 * Units: grid cells (room px for the walk grid).
 */

/** Called per cell; return false to stop. */
export type CellVisitor = (x: number, y: number) => boolean | void

/**
 * Bresenham's line from cell (x0, y0) to cell (x1, y1), both included; the ends are rounded
 * to integers first. Returns true when every cell was visited, false when `visit` stopped it.
 */
export function bresenhamLine(x0: number, y0: number, x1: number, y1: number, visit: CellVisitor): boolean {
  let x = Math.round(x0)
  let y = Math.round(y0)
  const ex = Math.round(x1)
  const ey = Math.round(y1)
  const dx = Math.abs(ex - x)
  const dy = Math.abs(ey - y)
  const sx = ex > x ? 1 : -1
  const sy = ey > y ? 1 : -1
  if (dx >= dy) {
    // x is the major axis; err tracks 2 * dx * (distance of the ideal line above the cell centre).
    let err = 2 * dy - dx
    for (let i = 0; i <= dx; i++) {
      if (visit(x, y) === false) return false
      if (err >= 0 && dy !== 0) {
        y += sy
        err -= 2 * dx
      }
      err += 2 * dy
      x += sx
    }
  } else {
    let err = 2 * dx - dy
    for (let i = 0; i <= dy; i++) {
      if (visit(x, y) === false) return false
      if (err >= 0 && dx !== 0) {
        x += sx
        err -= 2 * dy
      }
      err += 2 * dx
      y += sy
    }
  }
  return true
}

/**
 * Every cell the segment (x0, y0)-(x1, y1) passes through, in order, with the corner rule of
 * the glossary. Ends are real numbers; a point's cell is (floor(x), floor(y)). Returns true
 * when every cell was visited, false when `visit` stopped it.
 */
export function supercoverLine(x0: number, y0: number, x1: number, y1: number, visit: CellVisitor): boolean {
  let cx = Math.floor(x0)
  let cy = Math.floor(y0)
  const ex = Math.floor(x1)
  const ey = Math.floor(y1)
  if (visit(cx, cy) === false) return false
  const dx = x1 - x0
  const dy = y1 - y0
  const sx = ex > cx ? 1 : ex < cx ? -1 : 0
  const sy = ey > cy ? 1 : ey < cy ? -1 : 0
  let nx = Math.abs(ex - cx)
  let ny = Math.abs(ey - cy)
  // Parameter of the next vertical / horizontal grid line crossed, and the step between them.
  const tDeltaX = sx !== 0 ? Math.abs(1 / dx) : Infinity
  const tDeltaY = sy !== 0 ? Math.abs(1 / dy) : Infinity
  let tMaxX = sx > 0 ? (cx + 1 - x0) / dx : sx < 0 ? (cx - x0) / dx : Infinity
  let tMaxY = sy > 0 ? (cy + 1 - y0) / dy : sy < 0 ? (cy - y0) / dy : Infinity
  const TIE = 1e-9
  while (nx > 0 || ny > 0) {
    let stepX: boolean
    let stepY: boolean
    if (nx === 0) {
      stepX = false
      stepY = true
    } else if (ny === 0) {
      stepX = true
      stepY = false
    } else if (Math.abs(tMaxX - tMaxY) <= TIE) {
      stepX = true
      stepY = true
    } else {
      stepX = tMaxX < tMaxY
      stepY = !stepX
    }
    if (stepX && stepY) {
      // Through a corner: both side cells, then the diagonal one.
      if (visit(cx + sx, cy) === false) return false
      if (visit(cx, cy + sy) === false) return false
      cx += sx
      cy += sy
      nx--
      ny--
      tMaxX += tDeltaX
      tMaxY += tDeltaY
    } else if (stepX) {
      cx += sx
      nx--
      tMaxX += tDeltaX
    } else {
      cy += sy
      ny--
      tMaxY += tDeltaY
    }
    if (visit(cx, cy) === false) return false
  }
  return true
}
