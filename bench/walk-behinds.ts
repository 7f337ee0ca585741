/**
 * The walk-behind layer kept in room.json as rows of runs: how many bytes it adds to the
 * file and how long decoding it (loading a room, the first look of the test walk) and
 * encoding it (an import; a paint stroke encodes only its rows) take, on the bench AGS
 * room's real mask and on synthetic rooms up to 4096x4096 (ellipses of 8 walk-behinds on a
 * noisy edge, like painted foreground), plus the AGS hiding rule for a 200 px walker.
 *
 *   tsx bench/walk-behinds.ts [--runs K]
 *
 * Units: ms, kB (10^3 bytes).
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { decodeMask } from '../src/main/services/image-codec'
import { characterBox, walkBehindCut } from '../src/shared/analysis/walk-behind-cut'
import { markdownTable, median } from '../src/cli/table'
import { emptyRoom } from '../src/shared/room/schema'
import { serialiseRoom } from '../src/shared/room/serialise'
import { decodeWalkBehindRows, encodeWalkBehindRows } from '../src/shared/room/walk-behinds'
import { benchPath } from '../tests/support/bench-data'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Math.max(1, Number(values.runs))

function synthetic(side: number): Uint8Array {
  const cells = new Uint8Array(side * side)
  let seed = 1
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
  for (let k = 1; k <= 8; k++) {
    const cx = rnd() * side
    const cy = side * (0.5 + 0.5 * rnd())
    const rx = side * (0.05 + 0.1 * rnd())
    const ry = side * (0.05 + 0.1 * rnd())
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(side, cy + ry); y++)
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(side, cx + rx); x++) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2
        if (d < 1 - 0.05 * rnd()) cells[y * side + x] = k
      }
  }
  return cells
}

function time(f: () => void): number {
  const t: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    f()
    t.push(performance.now() - t0)
  }
  return median(t)
}

const cases: { name: string; width: number; height: number; cells: Uint8Array }[] = []
const bench = await decodeMask(
  new Uint8Array(readFileSync(benchPath('engines', 'ags-tumbleweed', 'Rooms', '1', 'walkbehinds.png'))),
  'walkbehinds.png',
)
cases.push({ name: 'ags-tumbleweed room 1', width: bench.width, height: bench.height, cells: bench.cells })
for (const side of [1024, 2048, 4096])
  cases.push({ name: `synthetic ${side}x${side}`, width: side, height: side, cells: synthetic(side) })

const rows: string[][] = []
for (const c of cases) {
  const room = emptyRoom({ id: 'r', width: c.width, height: c.height })
  const before = serialiseRoom(room).length
  let encoded: string[] = []
  const encodeMs = time(() => (encoded = encodeWalkBehindRows(c.cells, c.width, c.height)))
  const decodeMs = time(() => decodeWalkBehindRows(encoded, c.width, c.height))
  const ids = [...new Set(c.cells)].filter((v) => v !== 0)
  room.walkBehinds = { areas: ids.map((id) => ({ id, baseline: c.height })), rows: encoded }
  const after = serialiseRoom(room).length
  const feet = { x: c.width / 2, y: c.height * 0.75 }
  const box = characterBox(room, feet, 200)
  walkBehindCut(room, feet.y, box) // decode once (cached per rows array)
  const cutMs = time(() => walkBehindCut(room, feet.y, box))
  rows.push([
    c.name,
    String(ids.length),
    ((after - before) / 1000).toFixed(1),
    encodeMs.toFixed(2),
    decodeMs.toFixed(2),
    (cutMs * 1000).toFixed(1),
  ])
}
console.log(
  markdownTable(
    ['room', 'walk-behinds', 'room.json + kB', 'encode ms', 'decode ms', 'cut 200 px walker µs'],
    rows,
  ),
)
