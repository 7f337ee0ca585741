/**
 * Hotspots: which hotspot is under a point, how many pixels each covers, and where a
 * character walks when the player clicks one. The editor's test walk, lint and the runtime
 * (`room.hotspotAt`) all answer from here, so a click means the same thing everywhere.
 *
 * Glossary
 * - cells: the room's hotspot mask decoded (`hotspotMask.rows`, room size, row-major);
 *   pixel value = a painted hotspot's `maskId`, 0 = none.
 * - holds: a polygon hotspot holds a point inside its outline or on it; a painted one holds
 *   the points of its pixels (pixel (c, r) covers [c, c+1) x [r, r+1)).
 * - topmost: of the enabled hotspots holding a point, the last in the room's list (painted
 *   hotspots never overlap each other: one mask, one id per pixel).
 * - pixels of a hotspot: its mask pixels, or for a polygon the pixels whose centre is inside
 *   its outline (the rasteriser's centre rule), inside the room.
 * - walk target: where a click on a hotspot sends the character: its walk-to point, else the
 *   pixel of its shape the character reaches first walking from where it stands (a
 *   4-connected flood over the walkable grid of the state), else none.
 *
 * Units: room px.
 */
import { pointInRing } from '../geometry/polygon'
import { fillRingsEvenOdd } from '../geometry/rasterise'
import type { Point } from '../geometry/types'
import type { WalkGrid } from '../nav/types'
import { coordsToRing } from '../room/convert'
import type { Hotspot, Room } from '../room/schema'
import { decodeWalkBehindRows, walkBehindRowError } from '../room/walk-behinds'
import { holds, type FlagState } from './room-world'

const decoded = new WeakMap<readonly string[], Uint8Array>()

/** The room's hotspot mask cells (decoded once per rows array), or null when it has none. */
export function hotspotCells(room: Pick<Room, 'hotspotMask' | 'size'>): Uint8Array | null {
  const rows = room.hotspotMask?.rows
  if (!rows) return null
  let cells = decoded.get(rows)
  if (!cells) {
    cells = decodeWalkBehindRows(rows, room.size.width, room.size.height)
    decoded.set(rows, cells)
  }
  return cells
}

/** `cells` are the decoding of `rows` (an editor that painted the cells and encoded the rows again). */
export function rememberHotspotCells(rows: readonly string[], cells: Uint8Array): void {
  decoded.set(rows, cells)
}

/** The first row of the hotspot mask that is not runs adding up to the room's width, and why; null when all are. */
export function hotspotRowProblem(
  rows: readonly unknown[],
  width: number,
): { y: number; problem: string } | null {
  for (let y = 0; y < rows.length; y++) {
    const row = rows[y]
    const problem = typeof row === 'string' ? walkBehindRowError(row, width) : 'expected a text of runs'
    if (problem) return { y, problem }
  }
  return null
}

/** Does hotspot `h` hold point `p`? `cells` are the room's hotspot cells (for painted hotspots). */
export function hotspotHolds(
  room: Pick<Room, 'size'>,
  h: Hotspot,
  cells: Uint8Array | null,
  p: Point,
): boolean {
  if (h.shape.kind === 'polygon') return pointInRing(coordsToRing(h.shape.outer), p)
  const x = Math.floor(p.x)
  const y = Math.floor(p.y)
  const { width, height } = room.size
  if (!cells || x < 0 || y < 0 || x >= width || y >= height) return false
  return cells[y * width + x] === h.shape.maskId
}

/**
 * The topmost hotspot holding `p` among those enabled in `flags` (complete flag values, see
 * flagValues), or null. `flags` null: every hotspot counts, enabled or not (the editor).
 */
export function hotspotAt(room: Room, p: Point, flags: FlagState | null): Hotspot | null {
  const list = room.hotspots ?? []
  const cells = hotspotCells(room)
  for (let i = list.length - 1; i >= 0; i--) {
    const h = list[i]
    if (flags && !holds(h.enabledBy, flags)) continue
    if (hotspotHolds(room, h, cells, p)) return h
  }
  return null
}

/** The pixels of hotspot `h` as a room-size bitmap (1 = the hotspot's). */
export function hotspotBitmap(
  room: Room,
  h: Hotspot,
  cells: Uint8Array | null = hotspotCells(room),
): Uint8Array {
  const { width, height } = room.size
  const out = new Uint8Array(width * height)
  if (h.shape.kind === 'polygon')
    return fillRingsEvenOdd(out, width, height, [coordsToRing(h.shape.outer)], 1)
  if (!cells) return out
  const id = h.shape.maskId
  for (let i = 0; i < cells.length; i++) if (cells[i] === id) out[i] = 1
  return out
}

/** How many pixels hotspot `h` covers inside the room (a polygon rasterised over its bounding box only). */
export function hotspotPixelCount(
  room: Room,
  h: Hotspot,
  cells: Uint8Array | null = hotspotCells(room),
): number {
  if (h.shape.kind === 'mask') {
    if (!cells) return 0
    const id = h.shape.maskId
    let n = 0
    for (let i = 0; i < cells.length; i++) if (cells[i] === id) n++
    return n
  }
  const ring = coordsToRing(h.shape.outer)
  const x0 = Math.max(0, Math.floor(Math.min(...ring.map((p) => p.x))))
  const y0 = Math.max(0, Math.floor(Math.min(...ring.map((p) => p.y))))
  const x1 = Math.min(room.size.width, Math.ceil(Math.max(...ring.map((p) => p.x))))
  const y1 = Math.min(room.size.height, Math.ceil(Math.max(...ring.map((p) => p.y))))
  if (x1 <= x0 || y1 <= y0) return 0
  const local = fillRingsEvenOdd(
    new Uint8Array((x1 - x0) * (y1 - y0)),
    x1 - x0,
    y1 - y0,
    [ring.map((p) => ({ x: p.x - x0, y: p.y - y0 }))],
    1,
  )
  let n = 0
  for (let i = 0; i < local.length; i++) n += local[i]
  return n
}

/** Pixels per mask id of the room's hotspot mask (ids with no pixel are absent). */
export function hotspotMaskCounts(cells: Uint8Array | null): Map<number, number> {
  const counts = new Map<number, number>()
  if (!cells) return counts
  for (const v of cells) if (v !== 0) counts.set(v, (counts.get(v) ?? 0) + 1)
  return counts
}

/** The walkable cell nearest to `p` (Euclidean, pixel centres), or -1 when none is. */
function nearestWalkableCell(grid: WalkGrid, p: Point): number {
  const { width, height, cells } = grid
  const c = Math.floor(p.x)
  const r = Math.floor(p.y)
  if (c >= 0 && r >= 0 && c < width && r < height && cells[r * width + c] !== 0) return r * width + c
  let best = -1
  let bestD = Infinity
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === 0) continue
    const dx = (i % width) + 0.5 - p.x
    const dy = Math.floor(i / width) + 0.5 - p.y
    const d = dx * dx + dy * dy
    if (d < bestD) {
      bestD = d
      best = i
    }
  }
  return best
}

/**
 * Where a click on hotspot `h` sends a character standing at `from`, in the walkable grid
 * of the state (`grid`, see the glossary): its walk-to point when it has one; else the
 * centre of the first of its pixels reached by a 4-connected flood over the walkable cells
 * from where the character stands (from the walkable cell nearest to it when it stands off
 * the grid); null when none of its pixels can be reached.
 */
export function hotspotWalkTarget(
  room: Room,
  h: Hotspot,
  grid: WalkGrid,
  from: Point,
  cells: Uint8Array | null = hotspotCells(room),
): Point | null {
  if (h.walkTo) return { x: h.walkTo.x, y: h.walkTo.y }
  const { width, height } = grid
  if (width !== room.size.width || height !== room.size.height) return null
  const mine = hotspotBitmap(room, h, cells)
  const start = nearestWalkableCell(grid, from)
  if (start < 0) return null
  const seen = new Uint8Array(width * height)
  const queue = new Int32Array(width * height)
  let head = 0
  let tail = 0
  queue[tail++] = start
  seen[start] = 1
  while (head < tail) {
    const i = queue[head++]
    if (mine[i]) return { x: (i % width) + 0.5, y: Math.floor(i / width) + 0.5 }
    const c = i % width
    const next = [c > 0 ? i - 1 : -1, c < width - 1 ? i + 1 : -1, i - width, i + width]
    for (const j of next) {
      if (j < 0 || j >= width * height || seen[j] || grid.cells[j] === 0) continue
      seen[j] = 1
      queue[tail++] = j
    }
  }
  return null
}
