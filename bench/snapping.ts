/**
 * The snapping benchmark: `npx tsx bench/snapping.ts`. How long the editor takes to find
 * what a pointer move snaps to (src/renderer/editing/tools/snapping.ts) in rooms of growing size,
 * and how long the first move after an edit takes (it builds the cell index again).
 * Prints a markdown table of medians over seeded pointer positions.
 *
 * Glossary
 * - room: n walk polygons of 1000 vertices each (circles 100 px across, 120 px apart),
 *   so 1000 n vertices and as many edges.
 * - index build: the first snap after the geometry changed.
 * - pointer move: one snap at a seeded point at 50 % zoom (reach 20 and 14 room px), the
 *   median of 5 runs of 2000 moves, per move.
 *
 * Units: ms.
 */
import { snapInRoom } from '../src/renderer/editing/tools/snapping'
import { emptyRoom, type Room } from '../src/shared/room/schema'

function circles(count: number): Room {
  const room = emptyRoom({ id: 'bench', width: 4000, height: 4000 })
  for (let k = 0; k < count; k++) {
    const cx = 100 + (k % 30) * 120
    const cy = 100 + Math.floor(k / 30) * 120
    const outer = Array.from(
      { length: 1000 },
      (_, i) =>
        [cx + 50 * Math.cos((i / 1000) * 2 * Math.PI), cy + 50 * Math.sin((i / 1000) * 2 * Math.PI)] as [
          number,
          number,
        ],
    )
    room.polygons.push({ id: `p${k}`, areaId: 1, outer, holes: [] })
  }
  return room
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

const settings = { snap: true, gridStep: 16, pixels: true }
const MOVES = 2000
console.log('| vertices | index build (ms) | pointer move (ms) |')
console.log('| -------: | ---------------: | ----------------: |')
for (const count of [10, 100, 1000]) {
  const room = circles(count)
  const builds: number[] = []
  for (let run = 0; run < 3; run++) {
    room.polygons = [...room.polygons] // an edit replaces the field: the index is built again
    const t0 = performance.now()
    snapInRoom(room, { x: 1, y: 1 }, 0.5, settings)
    builds.push(performance.now() - t0)
  }
  const moves: number[] = []
  let seed = 1920
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now()
    for (let i = 0; i < MOVES; i++) {
      seed = (seed * 48271) % 2147483647
      const x = (seed % 4000) + 0.5
      seed = (seed * 48271) % 2147483647
      snapInRoom(room, { x, y: (seed % 4000) + 0.5 }, 0.5, settings)
    }
    moves.push((performance.now() - t0) / MOVES)
  }
  console.log(`| ${count * 1000} | ${median(builds).toFixed(0)} | ${median(moves).toFixed(4)} |`)
}
