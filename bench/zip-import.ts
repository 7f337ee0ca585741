/**
 * Importing hostile .zip projects on the desktop: how long the real project store takes to
 * import (or refuse) each zip, how much memory the process peaks at and how many bytes it
 * writes, beside an ordinary project. Each import runs in a fresh child process so that its
 * peak memory and its writes are its own. The browser's figures come from
 * tests/e2e/zip-bombs.test.ts (it prints them).
 *
 *   npx tsx bench/zip-import.ts [--runs K]
 *
 * Glossary
 * - ordinary: a one-room project (project file, room file, a 1 MB stored background).
 * - bomb: the same plus eight entries of 250 MiB of zeros (each under the 256 MB limit of one
 *   file), honest headers: 2,000 MiB inflated from about 2 MB of deflate.
 * - liar: the room file's headers say 1,000 bytes; it inflates to 1 GiB of zeros.
 * - many: the ordinary project plus 19,997 tiny deflated files (19,999 entries in all).
 * - peak RSS: the child's resident set size at its highest (process.resourceUsage().maxRSS).
 * - written: bytes the child handed to write(2) while importing (wchar of /proc/self/io).
 * - outcome: 'imported' or the refusal's first line.
 *
 * Units: ms, MB (10^6 bytes).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { markdownTable, median } from '../src/cli/table'
import { emptyRoom } from '../src/shared/room/schema'
import {
  deflatedEntry,
  projectText,
  rawZip,
  storedEntry,
  zeroBomb,
  type RawEntry,
} from '../tests/support/hostile-zips'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    child: { type: 'string' },
  },
})

const MIB = 1024 * 1024
const encode = (text: string) => new TextEncoder().encode(text)

function base(): RawEntry[] {
  return [
    deflatedEntry('project.walkbox.json', encode(projectText('Bench'))),
    deflatedEntry('rooms/a/room.json', encode(JSON.stringify(emptyRoom({ id: 'a', width: 64, height: 48 })))),
    storedEntry(
      'rooms/a/background.png',
      new Uint8Array(MIB).map((_, i) => (i * 2654435761) >>> 24),
    ),
  ]
}

const CASES: Record<string, () => Uint8Array> = {
  ordinary: () => rawZip(base()),
  bomb: () => {
    const block = zeroBomb(250 * MIB)
    const junk = [1, 2, 3, 4, 5, 6, 7, 8].map((n): RawEntry => ({
      path: `rooms/a/junk-${n}.png`,
      packed: block.packed,
      method: 8,
      size: 250 * MIB,
      crc: block.crc,
    }))
    return rawZip([...base(), ...junk])
  },
  liar: () => {
    const block = zeroBomb(1024 * MIB)
    const [project, , background] = base()
    return rawZip([
      project,
      { path: 'rooms/a/room.json', packed: block.packed, method: 8, size: 1000, crc: 0 },
      background,
    ])
  },
  many: () => {
    const notes = Array.from({ length: 19_997 }, (_, i) =>
      deflatedEntry(`rooms/a/notes/n${String(i).padStart(5, '0')}.txt`, encode(`note ${i}\n`)),
    )
    return rawZip([...base(), ...notes])
  },
}

/** Bytes this process has handed to write(2) so far (Linux), or NaN elsewhere. */
function written(): number {
  try {
    const line = readFileSync('/proc/self/io', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('wchar:'))
    return line ? Number(line.split(':')[1]) : NaN
  } catch {
    return NaN
  }
}

interface Result {
  ms: number
  rssMb: number
  writtenMb: number
  outcome: string
  left: number
}

async function child(zipPath: string): Promise<void> {
  const { importProjectZip } = await import('../src/main/services/project-store')
  const bytes = new Uint8Array(readFileSync(zipPath))
  const target = join(mkdtempSync(join(tmpdir(), 'walkbox-zip-bench-')), 'imported')
  const before = written()
  const start = performance.now()
  let outcome = 'imported'
  try {
    await importProjectZip(bytes, 'bench.zip', target)
  } catch (e) {
    outcome = (e as Error).message.split('\n')[0]
  }
  const ms = performance.now() - start
  const writtenMb = (written() - before) / 1e6
  const rssMb = (process.resourceUsage().maxRSS * 1024) / 1e6
  const left = existsSync(target) ? readdirSync(target, { recursive: true }).length : 0
  rmSync(resolve(target, '..'), { recursive: true, force: true })
  process.stdout.write(JSON.stringify({ ms, rssMb, writtenMb, outcome, left } satisfies Result))
}

function measure(zipPath: string): Result {
  const out = spawnSync(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.filename), '--child', zipPath],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  )
  if (out.status !== 0) throw new Error(`child failed: ${out.stderr}`)
  return JSON.parse(out.stdout) as Result
}

async function main(): Promise<void> {
  if (values.child) return child(values.child)
  const runs = Number(values.runs)
  const folder = mkdtempSync(join(tmpdir(), 'walkbox-zip-cases-'))
  const rows: (string | number)[][] = []
  try {
    for (const [name, make] of Object.entries(CASES)) {
      const zipPath = join(folder, `${name}.zip`)
      const zip = make()
      writeFileSync(zipPath, zip)
      const results = Array.from({ length: runs }, () => measure(zipPath))
      rows.push([
        name,
        (zip.length / 1e6).toFixed(1),
        median(results.map((r) => r.ms)).toFixed(0),
        median(results.map((r) => r.rssMb)).toFixed(0),
        median(results.map((r) => r.writtenMb)).toFixed(1),
        results[0].left,
        results[0].outcome.slice(0, 110),
      ])
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  process.stdout.write(
    `Importing .zip projects on the desktop (median of ${runs} runs, each in a fresh process)\n\n` +
      markdownTable(
        ['zip', '>zip MB', '>import ms', '>peak RSS MB', '>written MB', '>files left', 'outcome'],
        rows,
      ) +
      '\n',
  )
}

void main()
