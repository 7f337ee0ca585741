/**
 * Geometry at the edge of the limits (issue 22, part 5): for each room of
 * tests/support/hostile-limits.ts (seeded), every geometry step timed with the peak memory
 * of its process and its outcome: answered (queries reached, paths valid) or refused (the
 * one line). Each room runs in a fresh child process with a 2 GB heap, so that its peak is
 * its own and a step that ran away could not hide behind another.
 *
 *   tsx bench/hostile-limits.ts [--pairs N] [--cases huge-outline,star,...] [--timeout S]
 *
 * Glossary
 * - steps: read (the bench-room reader and its limits), normalise (the nav world: the
 *   drawn polygons made valid), then for each algorithm: prepare, and N seeded queries each
 *   followed by the metrics' validity check ("answer + check").
 * - peak RSS: the child's resident set size at its highest so far, read after the step
 *   (process.resourceUsage().maxRSS), so it only grows down the table.
 * - outcome: 'ok', 'N/N reached, 0 invalid', or 'refused: <the line>'.
 * - timeout: a child still running after it is killed and reported as such (default 120 s).
 *
 * Units: ms for times, MB (10^6 bytes) for memory.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { markdownTable } from '../src/cli/table'
import { formatDuration } from '../src/shared/measure/timing'
import { limitCases } from '../tests/support/hostile-limits'

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '20' },
    cases: { type: 'string' },
    timeout: { type: 'string', default: '120' },
    child: { type: 'string' },
  },
})

interface StepRow {
  step: string
  ms: number
  rssMb: number
  outcome: string
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

async function child(id: string, pairCount: number): Promise<void> {
  const { parseBenchRoom, benchRoomWorld } = await import('../src/shared/measure/readers/bench-room')
  const { ALGORITHM_IDS } = await import('../src/shared/nav/registry')
  const { prepareAlgorithm, runQuery } = await import('../src/shared/nav/run')
  const { checkPath } = await import('../src/shared/measure/metrics')
  const { randomPairs } = await import('../src/shared/measure/random')
  const emit = (row: StepRow) => process.stdout.write(`${JSON.stringify(row)}\n`)
  const timed = <T>(step: string, work: () => T, outcome: (value: T) => string): T | undefined => {
    const t0 = performance.now()
    let value: T | undefined
    let text: string
    try {
      value = work()
      text = outcome(value)
    } catch (e) {
      text = `refused: ${message(e)}`
    }
    emit({ step, ms: performance.now() - t0, rssMb: process.resourceUsage().maxRSS / 1000, outcome: text })
    return value
  }
  const c = limitCases().find((x) => x.id === id)!
  const room = timed(
    'read',
    () => parseBenchRoom(c.room, `${c.id}.json`),
    () => 'ok',
  )
  if (!room) return
  const world = timed(
    'normalise',
    () => benchRoomWorld(room),
    () => 'ok',
  )
  if (!world) return
  const pairs = randomPairs(world, pairCount, 1)
  for (const algorithm of ALGORITHM_IDS) {
    const prepared = timed(
      `prepare ${algorithm}`,
      () => prepareAlgorithm(world, algorithm),
      (p) => (p.error ? `refused: ${p.error}` : 'ok'),
    )
    if (!prepared || prepared.error) continue
    timed(
      `${pairs.length} answers + checks ${algorithm}`,
      () => {
        let reached = 0
        let invalid = 0
        for (const [x0, y0, x1, y1] of pairs) {
          const result = runQuery(prepared, { x: x0, y: y0 }, { x: x1, y: y1 })
          if (result.reached) reached++
          if (result.error || !checkPath(world, result.points).valid) invalid++
        }
        return { reached, invalid }
      },
      ({ reached, invalid }) => `${reached}/${pairs.length} reached, ${invalid} invalid`,
    )
  }
}

function parent(): void {
  const wanted = values.cases?.split(',')
  const cases = limitCases().filter((c) => !wanted || wanted.includes(c.id))
  const timeoutMs = Number(values.timeout) * 1000
  const rows: (string | number)[][] = []
  const summary: (string | number)[][] = []
  for (const c of cases) {
    const t0 = performance.now()
    const run = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=2048',
        '--import',
        'tsx',
        resolve(import.meta.dirname, 'hostile-limits.ts'),
        '--child',
        c.id,
        '--pairs',
        String(values.pairs),
      ],
      { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
    )
    const wallMs = performance.now() - t0
    const steps = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as StepRow)
    for (const s of steps) rows.push([c.label, s.step, formatDuration(s.ms), s.rssMb.toFixed(0), s.outcome])
    if (run.error || run.status !== 0) {
      const why = run.error
        ? message(run.error)
        : (run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}`)
      rows.push([c.label, 'process', formatDuration(wallMs), '–', `failed: ${why}`])
    }
    rows.push([c.label, 'whole process', formatDuration(wallMs), '–', ''])
    const slowest = steps.reduce<StepRow | undefined>((a, s) => (!a || s.ms > a.ms ? s : a), undefined)
    const refused = steps.filter((s) => s.outcome.startsWith('refused'))
    const answers = steps.filter((s) => s.step.includes('answers'))
    const invalid = answers.reduce((n, s) => n + Number(/(\d+) invalid/.exec(s.outcome)?.[1] ?? 0), 0)
    const refusedText = refused.map((s) =>
      s.step === 'read' || s.step === 'normalise' ? s.step : s.step.replace('prepare ', ''),
    )
    summary.push([
      c.label,
      slowest ? `${slowest.step}: ${formatDuration(slowest.ms)}` : '–',
      steps.length > 0 ? Math.max(...steps.map((s) => s.rssMb)).toFixed(0) : '–',
      formatDuration(wallMs),
      `${answers.length} algorithms answered, ${invalid} invalid` +
        (refusedText.length > 0 ? `; refused: ${refusedText.join(', ')}` : '') +
        (run.error || run.status !== 0 ? '; the process failed' : ''),
    ])
  }
  process.stdout.write(
    `## Geometry at the limits: ${values.pairs} seeded queries per algorithm, one process per room (2 GB heap)\n\n`,
  )
  process.stdout.write(
    `${markdownTable(['case', 'slowest step', 'peak RSS, MB', 'whole process', 'outcome'], summary)}\n\n`,
  )
  process.stdout.write(`### Every step\n\n`)
  process.stdout.write(`${markdownTable(['case', 'step', 'time', 'peak RSS, MB', 'outcome'], rows)}\n`)
}

if (values.child) await child(values.child, Number(values.pairs))
else parent()
