/**
 * The benchmark runs: `tsx bench/run.ts --quick` exits 0 and prints its markdown tables,
 * and every verdict it prints follows from the figures beside it (speed itself is not
 * tested here; it is what the bench reports). Path quality is: the default navmesh
 * funnel must stay within 1% of the optimum on >= 99% of pairs.
 *
 * Units: none.
 */
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../support/bench-data'

describe('bench/run.ts --quick', () => {
  it('runs and prints its tables', async () => {
    const run = await new Promise<{ code: number | null; stdout: string }>((resolvePromise, reject) => {
      const child = spawn('npx', ['tsx', 'bench/run.ts', '--quick'], { cwd: repoRoot })
      let stdout = ''
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
      child.stderr.resume()
      child.on('error', reject)
      child.on('close', (code) => resolvePromise({ code, stdout }))
    })
    expect(run.code).toBe(0)
    for (const heading of ['## Generated room', '## Peers', '## Polygon rooms', '## Moving AI maps']) {
      expect(run.stdout).toContain(heading)
    }
    expect(run.stdout).toMatch(/\| algorithm +\| +median ms \|/)
    expect(run.stdout).toMatch(/\| octile-astar +\|/)
    expect(run.stdout).toMatch(/PathFinding\.js AStarFinder/)
    // flood-fill's two loops and the npm navmesh library are measured beside ours.
    expect(run.stdout).toMatch(/\| flood-fill loop=js +\|/)
    expect(run.stdout).toMatch(/\| peer: npm navmesh 2\.3\.1 +\| +\d/)
    const verdicts = checkVerdicts(run.stdout)
    expect(verdicts.length).toBeGreaterThanOrEqual(8)
    for (const v of verdicts) expect(v.printed, v.row).toBe(v.expected)
    const quality = verdicts.filter((v) => /default: entry=partial-funnel.*within 1%/.test(v.row))
    expect(quality.length).toBe(2)
    for (const v of quality) expect(v.printed, v.row).toBe('PASS')
    expect(run.stdout).not.toMatch(/path lengths differ/)
    // The runtime beside the core, Detour (three builds) and npm navmesh, per room; its
    // paths are the core's.
    expect(run.stdout).toContain('## The runtime vs the core vs Detour vs npm navmesh')
    for (const who of [
      'runtime',
      'runtime, options \\(prepared set\\)',
      'core \\(no debug layers\\)',
      'Detour, same triangles',
      'Detour, merged convex polygons',
      'Detour, Recast voxels',
      'npm navmesh',
    ])
      expect(run.stdout).toMatch(new RegExp(`\\| sample courtyard +\\| ${who} +\\| +\\d`))
    // The ratio table: nine ratios (each a median with its range), then runtime = core.
    const same = [
      ...run.stdout.matchAll(/^\| ([^|]+?) +\|(?: +[\d.]+ \([\d.]+-[\d.]+\) +\|){9} +(\d+)\/(\d+) \|$/gm),
    ]
    expect(same.length).toBeGreaterThanOrEqual(8)
    for (const [, room, agreed, pairs] of same) expect(agreed, room).toBe(pairs)
    expect(run.stdout).toContain('### Warm load of a room and its first path')
    expect(run.stdout).toMatch(/\| sample courtyard +\| runtime, loadRoom\(json\) +\| +\d/)
    // The quick bench builds the runtime and three Detour navmeshes a room: minutes on a busy machine.
  }, 300_000)
})

const num = (s: string | undefined): number => Number((s ?? '').replace(/[^0-9.]/g, ''))

/** Every row with a verdict, with the verdict its own figures call for. */
function checkVerdicts(stdout: string): { row: string; printed: string; expected: string }[] {
  const out: { row: string; printed: string; expected: string }[] = []
  for (const line of stdout.split('\n')) {
    // '| a | b | c |' -> ['a', 'b', 'c']
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim())
    const printed = cells.at(-1) ?? ''
    if (!/^(PASS|MISS|\(would pass\)|\(would miss\))$/.test(printed)) continue
    let ok: boolean
    // Peer rows: ours | our ms | peer | peer ms | speed-up | target | result
    const peer = /^>= ([\d.]+)x, <= ([\d.]+) ms$/.exec(cells[5] ?? '')
    const alone = /^<= ([\d.]+) ms$/.exec(cells[5] ?? '')
    // Polygon rows: algorithm | target | measured | result
    const speed = /^median query <= ([\d.]+) µs$/.exec(cells[1] ?? '')
    const quality = /^within 1% of optimum on >= ([\d.]+)% of pairs$/.exec(cells[1] ?? '')
    if (peer) ok = num(cells[4]) >= Number(peer[1]) && num(cells[1]) <= Number(peer[2])
    else if (alone) ok = num(cells[1]) <= Number(alone[1])
    else if (speed) ok = num(cells[2]) <= Number(speed[1])
    else if (quality) ok = num(cells[2]) >= Number(quality[1])
    else throw new Error(`a verdict with a target this test does not know: ${line}`)
    const expected = printed.startsWith('(') ? (ok ? '(would pass)' : '(would miss)') : ok ? 'PASS' : 'MISS'
    out.push({ row: line, printed, expected })
  }
  return out
}
