/**
 * walkbox batch's files, run as users run it: --csv writes one line per pair and algorithm
 * that reads back to the JSON report's rows, --summary-csv one line per algorithm, and
 * --json-file the report; the table and --json on stdout still work beside them.
 *
 * Units: room px, ms.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCsv, ROW_COLUMNS, SUMMARY_CSV_COLUMNS } from '../../../src/shared/measure/batch-csv'
import { benchPath } from '../../support/bench-data'
import { walkbox } from './run-walkbox'

const room1 = benchPath('rooms', 'adventurepathfinding-room1.json')

describe('walkbox batch --csv / --summary-csv / --json-file', () => {
  it('writes one CSV line per pair and algorithm, the summary, and the report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'walkbox-batch-'))
    const csv = join(dir, 'rows.csv')
    const summary = join(dir, 'summary.csv')
    const json = join(dir, 'batch.json')
    const algorithms = ['navmesh-funnel', 'flood-fill[loop=js,beautify=false]', 'octile-astar']
    const run = await walkbox(
      'batch',
      room1,
      '--pairs',
      '15',
      '--seed',
      '4',
      '--algorithms',
      algorithms.join(','),
      '--csv',
      csv,
      '--summary-csv',
      summary,
      '--json-file',
      json,
      '--json',
    )
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain(`wrote 45 rows (pair x algorithm) to ${csv}`)
    const stdout = JSON.parse(run.stdout)
    const report = JSON.parse(readFileSync(json, 'utf8'))
    expect(report.rows).toEqual(stdout.rows)

    const lines = parseCsv(readFileSync(csv, 'utf8'))
    expect(lines[0]).toEqual(ROW_COLUMNS.map((c) => c.header))
    const body = lines.slice(1)
    expect(body).toHaveLength(15 * algorithms.length)
    const at = (name: string) => lines[0].indexOf(name)
    // Every pair with every algorithm, once; the label with options comes back quoted and whole.
    const keys = body.map((l) => `${l[at('pair')]}|${l[at('algorithm')]}`)
    expect(new Set(keys).size).toBe(body.length)
    const labels: string[] = report.results.map((r: { algorithm: string }) => r.algorithm)
    expect(labels.some((l) => l.includes(','))).toBe(true)
    expect(new Set(body.map((l) => l[at('algorithm')]))).toEqual(new Set(labels))
    body.forEach((line, i) => {
      const row = report.rows[i]
      expect(Number(line[at('pair')])).toBe(row.pair)
      expect(line[at('algorithm')]).toBe(row.algorithm)
      expect(Number(line[at('from_x')])).toBe(row.fromX)
      expect(Number(line[at('goal_y')])).toBe(row.goalY)
      expect(line[at('reached')]).toBe(String(row.reached))
      expect(line[at('valid')]).toBe(String(row.valid))
      expect(Number(line[at('length_px')])).toBe(row.length)
      expect(Number(line[at('query_ms')])).toBe(row.queryMs)
      expect(Number(line[at('query_ms')])).toBeGreaterThan(0)
      expect(Number(line[at('repeats')])).toBe(row.repeats)
    })

    const sums = parseCsv(readFileSync(summary, 'utf8'))
    expect(sums[0]).toEqual(SUMMARY_CSV_COLUMNS.map((c) => c.header))
    expect(sums.slice(1).map((l) => l[0])).toEqual(labels)
    for (const l of sums.slice(1)) expect(Number(l[sums[0].indexOf('pairs')])).toBe(15)
  })

  it('prints the table with times that are never 0.000 when no file is asked for', async () => {
    const run = await walkbox('batch', room1, '--pairs', '10', '--algorithms', 'any-angle-optimal,jps')
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/\| algorithm +\| +reached \|/)
    expect(run.stdout).toMatch(/\| any-angle-optimal +\| +10\/10 \|/)
    expect(run.stdout).not.toMatch(/\b0\.0+ (ms|µs)/)
    expect(run.stdout).toMatch(/(µs|ms) \|/)
    expect(run.stderr).not.toContain('wrote')
  })

  it('says in one line when a file cannot be written, and exits with 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'walkbox-batch-'))
    const run = await walkbox(
      'batch',
      room1,
      '--pairs',
      '3',
      '--algorithms',
      'jps',
      '--csv',
      join(dir, 'no/such/dir/rows.csv'),
    )
    expect(run.code).toBe(2)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(/walkbox: cannot write .*rows\.csv: ENOENT/)
  })
})
