/**
 * Measures the four polygon pathfinders (not a test): CPU microseconds per query
 * (median of 7 timed passes over 2000 seeded random walkable pairs, after 3 warm-up
 * passes) on the bench polygon rooms and three synthetic 150-vertex rooms, and for
 * navmesh-funnel the share of pairs within 1% of any-angle-optimal.
 *
 *   npx tsx tests/unit/nav/polygon/measure.ts
 *
 * Glossary
 * - CPU µs: process user + system CPU time per query (process.cpuUsage), which other
 *   processes on a busy machine disturb less than wall-clock time.
 * - within 1%: path length <= 1.01 x the optimal length for the same pair.
 *
 * Units: µs per query, percent of pairs.
 */
import type { AreaPolygon, Point } from '../../../../src/shared/geometry/types'
import { anyAngleOptimal } from '../../../../src/shared/nav/algorithms/any-angle-optimal'
import { navmeshFunnel } from '../../../../src/shared/nav/algorithms/navmesh-funnel'
import { nodeGraph } from '../../../../src/shared/nav/algorithms/node-graph'
import { visibilityPolygon } from '../../../../src/shared/nav/algorithms/visibility-polygon'
import type { OptionValues, Pathfinder } from '../../../../src/shared/nav/types'
import { worldFromPolygons } from '../../../../src/shared/nav/world'
import { loadBenchRooms, pathLength, randomWalkable, seeded, syntheticRoom150 } from './support'

const as = (p: unknown): Pathfinder => p as Pathfinder
const variants: [string, Pathfinder, OptionValues][] = [
  ['visibility-polygon', as(visibilityPolygon), { tautEdges: false }],
  ['visibility-polygon taut', as(visibilityPolygon), { tautEdges: true }],
  ['any-angle-optimal', as(anyAngleOptimal), {}],
  ['navmesh-funnel', as(navmeshFunnel), { entry: 'midpoint', corridors: 1 }],
  ['navmesh-funnel partial-funnel', as(navmeshFunnel), { entry: 'partial-funnel', corridors: 1 }],
  ['node-graph', as(nodeGraph), { shortcut: false }],
  ['node-graph shortcut', as(nodeGraph), { shortcut: true }],
]

const rooms: { name: string; width: number; height: number; areas: AreaPolygon[] }[] = loadBenchRooms()
for (const seed of [1, 2, 3])
  rooms.push({ name: `synthetic-150v-${seed}`, width: 1000, height: 1000, areas: syntheticRoom150(seed) })

console.log(`| room | ${variants.map((v) => v[0]).join(' | ')} |`)
console.log(`| --- | ${variants.map(() => '---:').join(' | ')} |`)
for (const room of rooms) {
  const next = seeded(42)
  const pairs: [Point, Point][] = Array.from({ length: 2000 }, () => [
    randomWalkable(room.areas, next, room.width, room.height),
    randomWalkable(room.areas, next, room.width, room.height),
  ])
  const world = worldFromPolygons(room.width, room.height, room.areas)
  const optimal = anyAngleOptimal.prepare(world, {})
  const optimalLength = pairs.map(([a, b]) => pathLength(anyAngleOptimal.findPath(optimal, a, b).points))
  const cells: string[] = []
  for (const [name, alg, options] of variants) {
    const prepared = alg.prepare(world, options)
    for (let k = 0; k < 3; k++) for (const [a, b] of pairs) alg.findPath(prepared, a, b)
    const times: number[] = []
    for (let round = 0; round < 7; round++) {
      const before = process.cpuUsage()
      for (const [a, b] of pairs) alg.findPath(prepared, a, b)
      const used = process.cpuUsage(before)
      times.push((used.user + used.system) / pairs.length)
    }
    times.sort((x, y) => x - y)
    let cell = times[3].toFixed(1)
    if (name.startsWith('navmesh')) {
      let within = 0
      pairs.forEach(([a, b], i) => {
        if (pathLength(alg.findPath(prepared, a, b).points) <= optimalLength[i] * 1.01 + 1e-9) within++
      })
      cell += ` (${((100 * within) / pairs.length).toFixed(1)}%)`
    }
    cells.push(cell)
  }
  console.log(`| ${room.name} | ${cells.join(' | ')} |`)
}
