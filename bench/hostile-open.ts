/**
 * Opening a hostile project: how long the real project store takes, and how much memory
 * the process peaks at, to open (or refuse) a project file listing very many rooms, beside
 * an ordinary project measured in the same run. Each open runs in a fresh child process so
 * that its peak memory is its own.
 *
 *   tsx bench/hostile-open.ts [--rooms N] [--runs K]
 *
 * Glossary
 * - hostile project: project.walkbox.json listing N rooms (default 100,000), folders
 *   rooms/r0 .. rooms/r<N-1>, none of them on disk (the file alone is the attack).
 * - ordinary project: the same with 20 rooms.
 * - just over the limit: MAX_ROOMS + 1 rooms (src/shared/limits.ts), a file small
 *   enough to be read and parsed, refused by the schema's count.
 * - peak RSS: the child's resident set size at its highest (process.resourceUsage().maxRSS).
 * - outcome: 'opened' or the first line of the refusal.
 *
 * Units: ms, MB (10^6 bytes).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { markdownTable, median } from '../src/cli/table'
import { MAX_ROOMS } from '../src/shared/limits'

const { values } = parseArgs({
  options: {
    rooms: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    child: { type: 'string' },
  },
})

async function child(folder: string): Promise<void> {
  const { openProject } = await import('../src/main/services/project-store')
  const start = performance.now()
  let outcome = 'opened'
  try {
    await openProject(folder)
  } catch (e) {
    outcome = (e as Error).message.split('\n')[0]
  }
  const ms = performance.now() - start
  const rssMb = (process.resourceUsage().maxRSS * 1024) / 1e6
  process.stdout.write(JSON.stringify({ ms, rssMb, outcome }))
}

function makeProject(rooms: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'walkbox-hostile-open-'))
  const project = {
    formatVersion: 1,
    appVersion: '0.1.0',
    name: `${rooms} rooms`,
    rooms: Array.from({ length: rooms }, (_, i) => ({
      id: `r${i}`,
      name: `Room ${i}`,
      folder: `rooms/r${i}`,
    })),
    flags: [],
    characters: [],
  }
  writeFileSync(join(folder, 'project.walkbox.json'), JSON.stringify(project, null, 2))
  return folder
}

function measure(folder: string): { ms: number; rssMb: number; outcome: string } {
  const out = spawnSync(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.filename), '--child', folder],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  )
  if (out.status !== 0) throw new Error(`child failed: ${out.stderr}`)
  return JSON.parse(out.stdout) as { ms: number; rssMb: number; outcome: string }
}

async function main(): Promise<void> {
  if (values.child) return child(values.child)
  const runs = Number(values.runs)
  const rows: (string | number)[][] = []
  for (const rooms of [20, MAX_ROOMS + 1, Number(values.rooms)]) {
    const folder = makeProject(rooms)
    try {
      const results = Array.from({ length: runs }, () => measure(folder))
      rows.push([
        rooms.toLocaleString('en'),
        median(results.map((r) => r.ms)).toFixed(0),
        median(results.map((r) => r.rssMb)).toFixed(0),
        results[0].outcome.slice(0, 90),
      ])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }
  process.stdout.write(
    `Opening a project listing many rooms (median of ${runs} runs, each in a fresh process)\n\n` +
      markdownTable(['rooms listed', '>open ms', '>peak RSS MB', 'outcome'], rows) +
      '\n',
  )
}

void main()
