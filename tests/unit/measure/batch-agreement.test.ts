/**
 * The three batch loops are one: the editor's worker (its service, driven in Node as the
 * worker drives it), `walkbox batch`'s function and the benchmark's batch figures run the
 * same seeded pairs on the sample room and give the same rows (reached, valid, lengths
 * exactly) and median query times that agree within the noise of a shared machine.
 *
 * Units: room px, ms.
 */
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { benchBatch } from '../../../bench/batch-figures'
import { batch, seededPairs } from '../../../src/cli/commands'
import { loadProjectRoomWorld } from '../../../src/cli/project-room'
import { loadRoom as loadProjectRoom, openProject } from '../../../src/main/services/project-store'
import type { BatchDoneMessage, WorkerToMain } from '../../../src/renderer/compare/protocol'
import { createNavService } from '../../../src/renderer/workers/nav-service'
import { flagValues, navWorldForRoom } from '../../../src/shared/analysis/room-world'
import type { BatchRunRow } from '../../../src/shared/measure/batch'
import { defaultRuns } from '../../../src/shared/nav/algorithm-spec'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import { repoRoot } from '../../support/bench-data'

const SAMPLE = resolve(repoRoot, 'resources/sample-project')
const PAIRS = 60
const SEED = 11

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
  it('gives the same rows and medians that agree within noise on the sample room', async () => {
    // The room and its mask as the editor sends them to the worker.
    const opened = await openProject(SAMPLE)
    const loaded = await loadProjectRoom(SAMPLE, opened.project.rooms[0].id)
    const flags = flagValues(opened.project, {})
    const mask = loaded.mask?.cells ?? null

    // 1. The worker's service.
    const posted: WorkerToMain[] = []
    const service = createNavService(
      (m) => posted.push(m),
      () => new Promise((r) => setImmediate(r)),
    )
    service.handle({
      type: 'world',
      revision: 'r1',
      roomJson: JSON.stringify(loaded.room),
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

    // 2. walkbox batch, through the command line's own loader.
    const cliRoom = await loadProjectRoomWorld(SAMPLE, {})
    const cliPairs = seededPairs(cliRoom.world, PAIRS, SEED)
    const cli = batch(cliRoom.name, cliRoom.world, cliPairs, SEED, defaultRuns(ALGORITHM_IDS))

    // 3. The benchmark's batch figures.
    const benchWorld = navWorldForRoom(loaded.room, mask, flags, 'bench')
    const bench = benchBatch(
      benchWorld,
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
      report.push(`${id}: ${medians.map((m) => m.toPrecision(3)).join(' / ')} ms`)
      expect(hi, report.join('\n')).toBeLessThanOrEqual(Math.max(3 * lo, lo + 0.02))
    }
    // Summaries of the answers are identical, not only close.
    const quality = (s: { id: string; reached: number; valid: number; medianLengthRatio: number | null }) => [
      s.id,
      s.reached,
      s.valid,
      s.medianLengthRatio,
    ]
    expect(cli.summary.map(quality)).toEqual(worker!.summary.map(quality))
    expect(bench.summary.map(quality)).toEqual(worker!.summary.map(quality))
  })
})
