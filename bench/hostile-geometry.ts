/**
 * Hostile geometry: how the nine algorithms cope with rooms drawn invalid (issue 12), and
 * how their preparation grows with the number of outline vertices.
 *
 *   tsx bench/hostile-geometry.ts [--queries N] [--sizes 1000,2500,5000,10000]
 *
 * Glossary
 * - hostile rooms: tests/support/hostile-geometry.ts (a hole splitting the room, holes
 *   crossing and touching the outline, a bow-tie, overlaps with a double loop and a
 *   zero-area sliver, a closed gate across the edge). N seeded queries per algorithm, each
 *   path checked by the metrics' validity check.
 * - circle: one outline of n vertices (radius 900 px, 2000 x 2000 room). Prepare: the
 *   algorithm's preparation on a fresh world (so every derived representation is built),
 *   median of three after one untimed warm-up;
 *   query: median over 20 seeded pairs of one query; check: median time of the validity
 *   check of those paths. The ratio column divides the largest circle's prepare by the
 *   smallest's: near-linear growth reads close to the ratio of their vertex counts.
 *
 * Units: ms.
 */
import { parseArgs } from 'node:util'
import { fixed, markdownTable, median } from '../src/cli/table'
import { clockResolutionMs, formatDuration, timeQuery } from '../src/shared/measure/timing'
import { checkPath } from '../src/shared/measure/metrics'
import { randomPairs } from '../src/shared/measure/random'
import { ALGORITHM_IDS } from '../src/shared/nav/registry'
import { prepareAlgorithm, runQuery } from '../src/shared/nav/run'
import { circleRoom, hostileRooms, queryEveryAlgorithm } from '../tests/support/hostile-geometry'

const { values } = parseArgs({
  options: {
    queries: { type: 'string', default: '10000' },
    sizes: { type: 'string', default: '1000,2500,5000,10000' },
  },
})
const queries = Number(values.queries)
const sizes = values.sizes.split(',').map(Number)
const out = (text: string) => process.stdout.write(`${text}\n`)

out(`## Hostile rooms: ${queries.toLocaleString('en')} seeded queries per algorithm\n`)
const rows: (string | number)[][] = []
for (const [name, { world }] of Object.entries(hostileRooms())) {
  const t0 = performance.now()
  const tallies = queryEveryAlgorithm(world, queries, 12)
  const seconds = (performance.now() - t0) / 1000
  rows.push([
    name,
    tallies.reduce((s, t) => s + t.invalid, 0),
    tallies.reduce((s, t) => s + t.errors, 0),
    tallies.map((t) => `${t.algorithm} ${Math.round((100 * t.reached) / t.queries)}%`).join(', '),
    fixed(seconds, 1),
  ])
}
out(markdownTable(['room', 'invalid paths', 'errors', 'reached (share of queries)', 'all nine, s'], rows))

out(`\n## Circles: prepare, query and validity check by outline vertices\n`)
const circleRows: (string | number)[][] = []
const prepareBySize = new Map<string, number[]>()
for (const id of ALGORITHM_IDS) {
  const row: (string | number)[] = [id]
  for (const n of sizes) {
    // Median of three preparations, each on a fresh world (nothing cached).
    const prepareTimes: number[] = []
    let world = circleRoom(n).world
    let prepared = prepareAlgorithm(world, id)
    for (let run = 0; run < 3; run++) {
      world = circleRoom(n).world
      const t0 = performance.now()
      prepared = prepareAlgorithm(world, id)
      prepareTimes.push(performance.now() - t0)
    }
    const prepareMs = median(prepareTimes)
    const pairs = randomPairs(world, 20, 5)
    const resolutionMs = clockResolutionMs()
    const queryTimes: number[] = []
    const checkTimes: number[] = []
    for (const [x0, y0, x1, y1] of pairs) {
      const from = { x: x0, y: y0 }
      const to = { x: x1, y: y1 }
      // The one query-timing policy (measure/timing.ts): once, a fast query again by repetition.
      const t = timeQuery(
        () => {
          const answer = runQuery(prepared, from, to)
          return { answer, ms: answer.stats.queryMs }
        },
        () => void runQuery(prepared, from, to),
        { resolutionMs },
      )
      queryTimes.push(t.ms)
      const c0 = performance.now()
      checkPath(world, t.answer.points)
      checkTimes.push(performance.now() - c0)
    }
    prepareBySize.set(id, [...(prepareBySize.get(id) ?? []), prepareMs])
    row.push(
      `${formatDuration(prepareMs)} / ${formatDuration(median(queryTimes))} / ${formatDuration(median(checkTimes))}`,
    )
  }
  const p = prepareBySize.get(id)!
  row.push(p[0] > 0 ? fixed(p[p.length - 1] / p[0], 1) : '–')
  circleRows.push(row)
}
out(
  markdownTable(
    [
      'algorithm',
      ...sizes.map((n) => `${n.toLocaleString('en')} vertices: prepare / query / check`),
      `prepare ${sizes.at(-1)! / sizes[0]}x vertices`,
    ],
    circleRows,
  ),
)
