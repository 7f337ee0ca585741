/**
 * The three batch loops are one: the editor's worker (its service, driven in Node as the
 * worker drives it), `walkbox batch`'s function and the benchmark's batch figures run the
 * same seeded pairs on the same rooms (a polygon room with a gate, and a mask-authored room
 * with walls and a hole) and give the same rows (reached, valid, lengths exactly) and median
 * query times that agree within the noise of a shared machine.
 *
 * Units: room px, ms.
 */
import { describe, expect, it } from 'vitest'
import { benchBatch } from '../../../bench/batch-figures'
import { batch, seededPairs } from '../../../src/cli/commands'
import type { BatchDoneMessage, WorkerToMain } from '../../../src/renderer/compare/protocol'
import { createNavService } from '../../../src/renderer/compare/nav-service'
import { navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { runBatch, type BatchRunRow } from '../../../src/shared/measure/batch'
import { formatDuration, QUERY_TIMING } from '../../../src/shared/measure/timing'
import { defaultRuns } from '../../../src/shared/nav/algorithm-spec'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import { emptyRoom, type Room } from '../../../src/shared/room/schema'
import { doorRoom } from './fixtures'

const PAIRS = 40
const SEED = 11

/** A 400 x 240 mask-authored room: a border, two walls with a gap each, a round hole. */
function maskRoom(): { room: Room; mask: Uint8Array } {
  const room = emptyRoom({ id: 'mask-room', width: 400, height: 240 })
  room.authoritative = 'mask'
  const mask = new Uint8Array(400 * 240)
  for (let y = 0; y < 240; y++) {
    for (let x = 0; x < 400; x++) {
      const border = x < 10 || y < 10 || x >= 390 || y >= 230
      const wall1 = x >= 120 && x < 130 && !(y >= 150 && y < 190)
      const wall2 = x >= 260 && x < 270 && !(y >= 40 && y < 80)
      const hole = Math.hypot(x + 0.5 - 330, y + 0.5 - 170) < 30
      mask[y * 400 + x] = border || wall1 || wall2 || hole ? 0 : 1
    }
  }
  return { room, mask }
}

/** The same rows: same pairs, same algorithms, same answers. */
function answers(rows: readonly BatchRunRow[]) {
  return rows.map((r) => ({
    pair: r.pair,
    id: r.id,
    from: [r.fromX, r.fromY, r.toX, r.toY],
    reached: r.reached,
    valid: r.valid,
    length: r.length,
    ratio: r.lengthRatio,
  }))
}

describe('one batch runner for the worker, the CLI and the bench', () => {
  const rooms: { name: string; room: Room; mask: Uint8Array | null; flags: Record<string, boolean> }[] = [
    { name: 'polygon room with an open gate', room: doorRoom(), mask: null, flags: { doorOpen: true } },
    { name: 'mask room', ...maskRoom(), flags: {} },
  ]
  for (const { name, room, mask, flags } of rooms) {
    it(`gives the same rows and medians that agree within noise: ${name}`, async () => {
      // One untimed batch first, so that none of the three gets the process's cold start
      // (whichever ran first measured some microsecond queries up to 2.8x slower).
      const warm = navWorldForRoom(room, mask, flags, 'warm')
      runBatch(
        warm,
        seededPairs(warm, PAIRS, SEED + 1),
        ALGORITHM_IDS.map((id) => ({ id })),
      )

      // 1. The worker's service, sent the room as the editor sends it.
      const posted: WorkerToMain[] = []
      const service = createNavService(
        (m) => posted.push(m),
        () => new Promise((r) => setTimeout(r, 0)),
      )
      service.handle({
        type: 'world',
        revision: 'r1',
        roomJson: JSON.stringify(room),
        mask: mask ? mask.slice() : null,
        flags,
      })
      service.handle({
        type: 'batch',
        id: 1,
        revision: 'r1',
        pairs: PAIRS,
        seed: SEED,
        minDistance: 0,
        algorithms: ALGORITHM_IDS.map((id) => ({ id, options: {} })),
      })
      await service.idle()
      const worker = posted.find((m): m is BatchDoneMessage => m.type === 'batch-done')
      expect(worker?.cancelled).toBe(false)
      // The worker says how it timed, and no query time is 0.
      // The worker times by the one policy (QUERY_TIMING).
      expect(worker!.timing).toMatchObject({ warmUp: 3, repeatBelowMs: 1, runs: QUERY_TIMING.runs })
      for (const r of worker!.rows) expect(r.queryMs, `${r.id} pair ${r.pair}`).toBeGreaterThan(0)

      // 2. walkbox batch's function, on its own world of the same room and state.
      const cliWorld = navWorldForRoom(room, mask, flags, 'cli')
      const cliPairs = seededPairs(cliWorld, PAIRS, SEED)
      const cli = batch(name, cliWorld, cliPairs, SEED, defaultRuns(ALGORITHM_IDS))

      // 3. The benchmark's batch figures.
      const bench = benchBatch(
        navWorldForRoom(room, mask, flags, 'bench'),
        cliPairs,
        ALGORITHM_IDS.map((id) => ({ id, label: id, options: {} })),
        { warmUp: 3 },
      ).result

      // Same pairs, same rows.
      expect(worker!.pairs).toEqual(cliPairs)
      expect(worker!.rows).toHaveLength(PAIRS * ALGORITHM_IDS.length)
      expect(answers(cli.rows)).toEqual(answers(worker!.rows))
      expect(answers(bench.rows)).toEqual(answers(worker!.rows))

      // Medians within noise: each algorithm's three medians within a factor of 3 of each
      // other (or 20 µs apart, for microsecond queries on a machine shared with other work).
      const report: string[] = []
      for (const id of ALGORITHM_IDS) {
        const medians = [worker!.summary, cli.summary, bench.summary].map(
          (summary) => summary.find((s) => s.id === id)!.medianQueryMs!,
        )
        const lo = Math.min(...medians)
        const hi = Math.max(...medians)
        report.push(`| ${id} | ${medians.map(formatDuration).join(' | ')} | ${(hi / lo).toFixed(2)} |`)
        expect(hi, report.join('\n')).toBeLessThanOrEqual(Math.max(3 * lo, lo + 0.02))
      }
      console.log(
        [
          `${name}: median query per algorithm`,
          '| algorithm | worker | walkbox batch | bench | max/min |',
          '| --- | ---: | ---: | ---: | ---: |',
          ...report,
        ].join('\n'),
      )
      // Summaries of the answers are identical, not only close.
      const quality = (s: {
        id: string
        reached: number
        valid: number
        medianLengthRatio: number | null
      }) => [s.id, s.reached, s.valid, s.medianLengthRatio]
      expect(cli.summary.map(quality)).toEqual(worker!.summary.map(quality))
      expect(bench.summary.map(quality)).toEqual(worker!.summary.map(quality))
    }, 120_000)
  }
})
