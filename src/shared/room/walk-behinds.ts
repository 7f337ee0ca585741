/**
 * Walk-behinds: parts of the background that are drawn in front of a character standing
 * behind them (a pillar, a table, a tree), as in AGS. The room keeps them as an indexed
 * mask at room size (pixel value = walk-behind id 1..255, 0 = none) plus, per id, a
 * baseline: the character is hidden by an area's pixels when the area's baseline is below
 * its feet (baseline > feet y), AGS's rule (Engine/ac/walkbehind.cpp, walkbehinds_cropout).
 *
 * Glossary
 * - rows: the mask as it is kept in room.json, one text per row of the room, top to
 *   bottom, so that painting a few rows changes a few lines of the file. A row is runs
 *   separated by one space; a run is `count` (that many pixels of 0) or `count:id` (that
 *   many pixels of walk-behind `id`). The counts of a row add up to the room's width.
 *   E.g. `"40 12:1 268"` for a 320 px wide room.
 * - cells: the decoded mask, width * height bytes, row-major.
 *
 * Units: room px (baselines are y in room px).
 */

/** One row of `width` zeros. */
export function emptyWalkBehindRow(width: number): string {
  return String(width)
}

/** Why a row text is not a valid row of `width` px, or null when it is. */
export function walkBehindRowError(row: string, width: number): string | null {
  if (row.length === 0) return 'expected runs like "40 12:1 268", found an empty text'
  let sum = 0
  for (const token of row.split(' ')) {
    const m = /^([1-9]\d{0,5})(?::([1-9]\d{0,2}))?$/.exec(token)
    if (!m) return `expected runs 'count' or 'count:id' separated by one space, found '${token.slice(0, 20)}'`
    if (m[2] !== undefined && Number(m[2]) > 255) return `id ${m[2]} is above 255`
    sum += Number(m[1])
    if (sum > width) break
  }
  if (sum !== width) return `the runs cover ${sum} px; expected the room's width, ${width} px`
  return null
}

/** The ids a row uses (after walkBehindRowError said it is valid). */
export function walkBehindRowIds(row: string): number[] {
  const ids = new Set<number>()
  for (const token of row.split(' ')) {
    const colon = token.indexOf(':')
    if (colon >= 0) ids.add(Number(token.slice(colon + 1)))
  }
  return [...ids]
}

/** Cells (width * height) from rows; throws one line naming the first bad row. */
export function decodeWalkBehindRows(rows: readonly string[], width: number, height: number): Uint8Array {
  if (rows.length !== height)
    throw new Error(`walkBehinds.rows: ${rows.length} rows; expected the room's height, ${height}`)
  const cells = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const problem = walkBehindRowError(rows[y], width)
    if (problem) throw new Error(`walkBehinds.rows[${y}]: ${problem}`)
    let x = 0
    for (const token of rows[y].split(' ')) {
      const colon = token.indexOf(':')
      const count = Number(colon >= 0 ? token.slice(0, colon) : token)
      const id = colon >= 0 ? Number(token.slice(colon + 1)) : 0
      if (id !== 0) cells.fill(id, y * width + x, y * width + x + count)
      x += count
    }
  }
  return cells
}

/** Row `y` of cells (width px wide) as its text of runs. */
export function encodeWalkBehindRow(cells: Uint8Array, width: number, y: number): string {
  const base = y * width
  const runs: string[] = []
  let x = 0
  while (x < width) {
    const v = cells[base + x]
    let end = x + 1
    while (end < width && cells[base + end] === v) end++
    runs.push(v === 0 ? String(end - x) : `${end - x}:${v}`)
    x = end
  }
  return runs.join(' ')
}

/** Rows from cells (width * height); a row without walk-behinds is just its width. */
export function encodeWalkBehindRows(cells: Uint8Array, width: number, height: number): string[] {
  if (cells.length !== width * height)
    throw new Error(`walk-behind mask has ${cells.length} px; expected ${width}x${height}`)
  const rows: string[] = []
  for (let y = 0; y < height; y++) rows.push(encodeWalkBehindRow(cells, width, y))
  return rows
}

/** Pixels per walk-behind id (ids with no pixel are absent). */
export function walkBehindPixelCounts(cells: Uint8Array): Map<number, number> {
  const counts = new Map<number, number>()
  for (const v of cells) if (v !== 0) counts.set(v, (counts.get(v) ?? 0) + 1)
  return counts
}

/** Every row of a room `width` x `height` empty. */
export function emptyWalkBehindRows(width: number, height: number): string[] {
  return Array.from({ length: height }, () => emptyWalkBehindRow(width))
}
