/**
 * One query-timing policy (QUERY_TIMING in src/shared/measure/timing.ts): a query is timed
 * once, a fast one again by repetition with runs as long as the clock needs; and every
 * loop that times queries (the batch runner, the worker's live re-timing, `walkbox scen`,
 * the bench's peers and hostile rooms) goes through it instead of a loop of its own.
 *
 * Units: ms (a fake clock).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../support/bench-data'
import { QUERY_TIMING, runLengthMs, timeQuery, timeQueryRepeated } from '../../../src/shared/measure/timing'
import { DEFAULT_RUNS, DEFAULT_WARM_UP, REPEAT_BELOW_MS } from '../../../src/shared/measure/batch'

/** A fake clock that advances `step` ms per call of the timed function. */
function fakeClock(step: number): { now: () => number; call: () => number } {
  let t = 0
  return { now: () => t, call: () => (t += step) }
}

describe('the query-timing policy', () => {
  it('times a slow query once and a fast one by repetition, runs as long as the clock needs', () => {
    const slow = fakeClock(4)
    let repeats = 0
    const once = timeQuery(
      () => ({ answer: 'slow', ms: slow.call() - (slow.now() - 4) }),
      () => repeats++,
      { now: slow.now, resolutionMs: 0.1 },
    )
    expect(once).toMatchObject({ answer: 'slow', ms: 4, timing: null })
    expect(repeats).toBe(0)

    const fast = fakeClock(0.002)
    const t = timeQuery(() => ({ answer: 'fast', ms: 0 }), fast.call, { now: fast.now, resolutionMs: 0.1 })
    expect(t.answer).toBe('fast')
    expect(t.ms).toBeCloseTo(0.002, 9)
    expect(t.timing!.samples).toHaveLength(QUERY_TIMING.runs)
    expect(t.timing!.calls * 0.002).toBeGreaterThanOrEqual(runLengthMs(0.1) - 1e-9)
  })

  it('derives the run length from the clock within its bounds', () => {
    expect(runLengthMs(0.005)).toBe(QUERY_TIMING.minRunMs)
    expect(runLengthMs(0.1)).toBeCloseTo(2, 9)
    expect(runLengthMs(1)).toBe(QUERY_TIMING.maxRunMs)
  })

  it('times again when a pause cut the calibration short, keeping the longer runs', () => {
    let t = 0
    let calls = 0
    // 0.002 ms a call; the first call is held up 5 ms, so the calibration stops at one call.
    const call = () => (t += 0.002 + (calls++ === 0 ? 5 : 0))
    const timing = timeQueryRepeated(call, { now: () => t, resolutionMs: 0.005 })
    expect(timing.medianMs).toBeCloseTo(0.002, 9)
    expect(timing.calls * timing.medianMs).toBeGreaterThanOrEqual(runLengthMs(0.005) - 1e-9)
  })

  it('is what the batch runner defaults to', () => {
    expect(DEFAULT_WARM_UP).toBe(QUERY_TIMING.warmUpQueries)
    expect(REPEAT_BELOW_MS).toBe(QUERY_TIMING.repeatBelowMs)
    expect(DEFAULT_RUNS).toBe(QUERY_TIMING.runs)
  })
})

/** Files that read a clock, with the lines, under the folders whose loops time queries. */
function clockReaders(): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.(ts|vue)$/.test(entry.name)) {
        const lines = readFileSync(path, 'utf8')
          .split('\n')
          .filter((l) => /performance\.now\(\)|process\.hrtime|Date\.now\(\)|cpuUsage\(/.test(l))
          .filter((l) => !/^\s*(\*|\/\/)/.test(l))
        if (lines.length > 0) found.set(relative(repoRoot, path).split('\\').join('/'), lines)
      }
    }
  }
  for (const dir of ['bench', 'src/shared/measure', 'src/renderer/editing/workers', 'src/cli'])
    walk(join(repoRoot, dir))
  return found
}

describe('the timed loops', () => {
  it('read the clock only where the policy allows: timing.ts, and loops that time no query', () => {
    // Each of these reads the clock for something else than a pathfinder query (a build, an
    // import, a whole pass, a browser frame), or times one query through the policy.
    const allowed = new Set([
      'src/shared/measure/timing.ts',
      'src/shared/measure/batch.ts', // the length of the timed and measuring passes, progress
      'src/renderer/compare/query-timing.ts', // the policy's default clock, and the warm-up
      'bench/run.ts', // the total bench time; the peers' single reading, then QUERY_TIMING
      'bench/peers/navmesh-npm.ts', // building the peer's mesh; its single reading, then QUERY_TIMING
      'bench/hostile-geometry.ts', // preparations and path checks, not queries
      'bench/hostile-limits.ts',
      'bench/hostile-open.ts',
      'bench/store-races.ts',
      'bench/zip-import.ts',
      'bench/ui.ts',
      'bench/popochiu-game-import.ts', // whole Popochiu game imports, read and written
      'bench/ags3-in-place.ts', // whole .crm writes and game imports (wall and CPU time)
      'bench/floor-proposal.ts', // floor proposals from a picture (a slider step), not queries
      'src/renderer/editing/workers/floor-service.ts', // the floor proposal's growing and cutting, not queries
      'bench/import-sizes.ts', // whole imports of Godot scenes and Tiled maps (godot-import, tiled-import)
      'bench/snapping.ts', // the snap index: builds and pointer moves
      'bench/walk-behinds.ts', // encoding and decoding the rows
      'bench/zstd.ts', // decoding zstd and zlib data, not queries
      'bench/peers/detour.ts', // building Detour's navmesh
      // Runtime vs core vs Detour vs navmesh: they take turns on each pair (the order
      // rotating) so that they share the machine's noise; each call is read alone.
      'bench/runtime-peers.ts',
      'bench/runtime-load.ts', // loading a room up to its first path, the runtime and Detour in turns
    ])
    const readers = clockReaders()
    expect([...readers.keys()].filter((f) => !allowed.has(f))).toEqual([])
    // The loops that time queries call the policy.
    for (const file of [
      'src/cli/commands.ts',
      'bench/run.ts',
      'bench/peers/navmesh-npm.ts',
      'bench/hostile-geometry.ts',
    ]) {
      expect(readFileSync(join(repoRoot, file), 'utf8'), file).toMatch(/\btimeQuery\(/)
    }
    for (const file of ['src/shared/measure/batch.ts']) {
      expect(readFileSync(join(repoRoot, file), 'utf8'), file).toMatch(/\btimeQueryRepeated\(/)
    }
    expect(readFileSync(join(repoRoot, 'src/renderer/compare/query-timing.ts'), 'utf8')).toMatch(
      /QUERY_TIMING\./,
    )
  })

  it('have no timing script of their own beside the tests', () => {
    const orphan = join(repoRoot, 'tests/unit/nav/polygon/measure.ts')
    expect(() => readFileSync(orphan)).toThrow()
  })
})
