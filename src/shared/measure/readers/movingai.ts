/**
 * Reader for the Moving AI Lab grid benchmark formats (.map and .scen), from strings.
 *
 * Glossary
 * - map: a header (`type octile`, `height H`, `width W`, `map`) then H rows of W
 *   terrain characters. Passable: '.', 'G', 'S'; everything else ('@', 'O', 'T',
 *   'W', ...) is read as blocked.
 * - scenario (problem): one line `bucket map width height startX startY goalX goalY
 *   optimalLength`; x is the column and y the row, 0-based from the top-left.
 * - bucket: the problems' length class; buckets need not be sorted.
 * - version: the first line of a .scen file, `version 1` or `version 1.0`.
 *
 * Fields may be separated by tabs or spaces. Line endings may be LF or CRLF.
 * Units: cells for coordinates, cell widths for lengths (cardinal step 1, diagonal √2).
 */
import { MAX_ROOM_SIDE_PX } from '../../limits'

export interface MovingAiMap {
  width: number
  height: number
  /** Row-major, 1 = passable ('.', 'G', 'S'), 0 = anything else. */
  cells: Uint8Array
}

export interface MovingAiScenario {
  bucket: number
  /** The map field as written; informational only (it can name another folder). */
  map: string
  width: number
  height: number
  startX: number
  startY: number
  goalX: number
  goalY: number
  optimalLength: number
}

export interface MovingAiScenarioFile {
  /** The version as written, e.g. '1' or '1.0'. */
  version: string
  scenarios: MovingAiScenario[]
}

function splitLines(text: string): string[] {
  return text.split(/\r?\n/)
}

function fail(lineNo: number, expected: string, found: string): never {
  const shown = found.length > 60 ? `${found.slice(0, 60)}…` : found
  throw new Error(`Moving AI line ${lineNo}: expected ${expected}, found "${shown}"`)
}

function headerNumber(lines: string[], index: number, name: string): number {
  const line = (lines[index] ?? '').trim()
  const m = /^(\S+)\s+(\S+)$/.exec(line)
  if (!m || m[1].toLowerCase() !== name || !/^\d+$/.test(m[2]) || Number(m[2]) <= 0)
    fail(index + 1, `"${name} <positive integer>"`, line)
  return Number(m[2])
}

/** Parse a .map file. Throws an Error naming the line and what was expected. */
export function parseMovingAiMap(text: string): MovingAiMap {
  const lines = splitLines(text)
  const typeLine = (lines[0] ?? '').trim()
  if (!/^type\s+\S+$/i.test(typeLine)) fail(1, '"type octile"', typeLine)
  // height and width may come in either order.
  let height = 0
  let width = 0
  for (const index of [1, 2]) {
    const word = (lines[index] ?? '').trim().split(/\s+/)[0]?.toLowerCase()
    if (word === 'height') height = headerNumber(lines, index, 'height')
    else if (word === 'width') width = headerNumber(lines, index, 'width')
    else fail(index + 1, '"height <rows>" or "width <columns>"', lines[index] ?? '')
  }
  if (height === 0 || width === 0) fail(3, 'both a "height" and a "width" line', lines[2] ?? '')
  if ((lines[3] ?? '').trim().toLowerCase() !== 'map') fail(4, '"map"', lines[3] ?? '')
  // Checked before the grid is allocated: a header may promise more cells than memory holds.
  if (width > MAX_ROOM_SIDE_PX || height > MAX_ROOM_SIDE_PX)
    fail(2, `a map of at most ${MAX_ROOM_SIDE_PX} cells a side`, `height ${height}, width ${width}`)
  const present = lines.length - 4
  if (present < height) fail(lines.length + 1, `row ${present + 1} of ${height} (the file ends early)`, '')
  const cells = new Uint8Array(width * height)
  for (let r = 0; r < height; r++) {
    const lineNo = 5 + r
    const row = lines[4 + r]
    if (row === undefined) fail(lineNo, `row ${r + 1} of ${height} (the file ends early)`, '')
    if (row.length !== width) fail(lineNo, `a row of ${width} terrain characters, got ${row.length}`, row)
    const o = r * width
    for (let c = 0; c < width; c++) {
      const ch = row.charCodeAt(c)
      // '.' 46, 'G' 71, 'S' 83
      if (ch === 46 || ch === 71 || ch === 83) cells[o + c] = 1
    }
  }
  for (let i = 4 + height; i < lines.length; i++)
    if (lines[i].trim() !== '') fail(i + 1, `end of file after ${height} rows`, lines[i])
  return { width, height, cells }
}

const INTEGER = /^-?\d+$/
const DECIMAL = /^\d+(\.\d+)?([eE][-+]?\d+)?$/

/** Parse a .scen file. Throws an Error naming the line and what was expected. */
export function parseMovingAiScenarios(text: string): MovingAiScenarioFile {
  const lines = splitLines(text)
  const first = (lines[0] ?? '').trim()
  const vm = /^version\s+(\d+(?:\.\d+)?)$/i.exec(first)
  if (!vm) fail(1, '"version 1" or "version 1.0"', first)
  const version = vm[1]
  if (Math.floor(Number(version)) !== 1) fail(1, 'version 1 (the only version this reader knows)', first)
  const scenarios: MovingAiScenario[] = []
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim()
    if (line === '') continue
    const lineNo = i + 1
    const f = line.split(/[\t ]+/)
    if (f.length !== 9)
      fail(
        lineNo,
        `9 fields (bucket map width height startX startY goalX goalY optimalLength), got ${f.length}`,
        line,
      )
    const ints: number[] = []
    const names = ['bucket', '', 'width', 'height', 'startX', 'startY', 'goalX', 'goalY']
    for (const k of [0, 2, 3, 4, 5, 6, 7]) {
      if (!INTEGER.test(f[k])) fail(lineNo, `an integer ${names[k]} in field ${k + 1}`, f[k])
      ints[k] = Number(f[k])
    }
    if (!DECIMAL.test(f[8])) fail(lineNo, 'a non-negative decimal optimalLength in field 9', f[8])
    const s: MovingAiScenario = {
      bucket: ints[0],
      map: f[1],
      width: ints[2],
      height: ints[3],
      startX: ints[4],
      startY: ints[5],
      goalX: ints[6],
      goalY: ints[7],
      optimalLength: Number(f[8]),
    }
    if (s.width <= 0 || s.height <= 0) fail(lineNo, 'a positive map width and height', line)
    for (const [v, limit, name] of [
      [s.startX, s.width, 'startX'],
      [s.startY, s.height, 'startY'],
      [s.goalX, s.width, 'goalX'],
      [s.goalY, s.height, 'goalY'],
    ] as const)
      if (v < 0 || v >= limit) fail(lineNo, `${name} inside the ${s.width}x${s.height} map`, String(v))
    scenarios.push(s)
  }
  return { version, scenarios }
}
