/**
 * The benchmark runs: `tsx bench/run.ts --quick` exits 0 and prints its markdown tables
 * (speed is not tested here; it is what the bench itself reports).
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
    expect(run.stdout).toMatch(/\b(PASS|MISS)\b/)
  })
})
