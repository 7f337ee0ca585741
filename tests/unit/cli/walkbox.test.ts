/**
 * The command line, run as users run it (`npx tsx src/cli/walkbox.ts ...`) in a child
 * process: compare, batch and scen with --json give the documented shapes; an unreadable
 * room and bad arguments exit with code 2 and say why.
 *
 * Units: room px, ms.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { benchPath, repoRoot } from '../../support/bench-data'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import { walkbox } from './run-walkbox'

const room1 = benchPath('rooms', 'adventurepathfinding-room1.json')

describe('walkbox compare', () => {
  it('prints one JSON row per algorithm with the documented fields', async () => {
    const run = await walkbox('compare', room1, '--from', '63,290', '--to', '340,370', '--json')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report.room).toBe('adventurepathfinding-room1.json')
    expect(report.from).toEqual([63, 290])
    expect(report.to).toEqual([340, 370])
    expect(report.optimalLength).toBeGreaterThan(Math.hypot(340 - 63, 370 - 290))
    expect(report.results.length).toBeGreaterThan(0)
    for (const r of report.results) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining([
          'algorithm',
          'reached',
          'length',
          'lengthRatio',
          'valid',
          'prepareMs',
          'queryMs',
          'expanded',
          'turns',
          'points',
        ]),
      )
      expect(r.valid).toBe(true)
      expect(r.defects).toEqual([])
      if (r.reached) expect(r.lengthRatio).toBeGreaterThanOrEqual(1 - 1e-9)
    }
    const optimal = report.results.find((r: { algorithm: string }) => r.algorithm === 'any-angle-optimal')
    expect(optimal.lengthRatio).toBeCloseTo(1, 9)
  })

  it('moves ends off the floor once for every algorithm, and measures against the optimum between the landed ends', async () => {
    // Both points lie off the floor: the click rule lands them before any algorithm runs.
    const file = benchPath('rooms', 'popochiu-house.json')
    const run = await walkbox('compare', file, '--from', '100,300', '--to', '900,300', '--json')
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    const rows = report.results as {
      algorithm: string
      reached: boolean
      length: number
      lengthRatio: number
      snapped: unknown
    }[]
    expect(report.snapped.start.px).toBeGreaterThan(0)
    expect(report.snapped.goal.px).toBeGreaterThan(0)
    for (const r of rows) expect(r.snapped, r.algorithm).toEqual(report.snapped)
    // The optimum is between the landed ends: the yardstick's own row is as long.
    const yardstick = rows.find((r) => r.algorithm === 'any-angle-optimal')!
    expect(yardstick.length).toBeCloseTo(report.optimalLength, 6)
    for (const r of rows) if (r.reached) expect(r.lengthRatio, r.algorithm).toBeGreaterThanOrEqual(1 - 1e-9)
  })

  it('lands a start in the sample fountain hole at one point for all nine, and gives goals either side of 1029.5 under the closed gate one verdict', async () => {
    const sample = resolve(repoRoot, 'resources/sample-project')
    const run = await walkbox('compare', sample, '--from', '520,760', '--to', '1700,760', '--json')
    expect(run.code, run.stderr).toBe(0)
    const report = JSON.parse(run.stdout)
    const landed = report.snapped.start as { at: [number, number]; px: number }
    expect(landed.px).toBeGreaterThan(0)
    // Every registered algorithm answers (nine shipped; a tenth added by the recipe too).
    expect(report.results.map((r: { algorithm: string }) => r.algorithm).sort()).toEqual(
      [...ALGORITHM_IDS].sort(),
    )
    for (const r of report.results) {
      expect(r.snapped.start, r.algorithm).toEqual(landed)
      expect(r.reason, r.algorithm).toContain(`snapped, ${landed.px} px`)
    }
    const table = await walkbox('compare', sample, '--from', '520,760', '--to', '1700,760')
    expect(table.stdout).toContain(`start (520, 760) is not walkable: snapped, ${landed.px} px`)
    const verdicts = new Set<string>()
    for (const to of ['1029,776', '1030,776']) {
      const gated = await walkbox(
        'compare',
        sample,
        '--from',
        '300,940',
        '--to',
        to,
        '--state',
        'gateOpen=0',
        '--json',
      )
      const g = JSON.parse(gated.stdout)
      for (const r of g.results) verdicts.add(`${r.reached} ${r.snapped.goal ? 'snapped' : ''}`)
    }
    expect([...verdicts]).toEqual(['true snapped'])
  })

  it('takes named points, a state flag and an algorithm list, and prints a table', async () => {
    const file = benchPath('rooms', 'escoria-room02.json')
    const args = [
      'compare',
      file,
      '--from',
      'l_door/Marker2D',
      '--to',
      'r_door/Marker2D',
      '--algorithms',
      'any-angle-optimal',
    ]
    const open = JSON.parse((await walkbox(...args, '--json')).stdout)
    expect(open.results).toHaveLength(1)
    expect(open.results[0].reached).toBe(false)
    expect(open.optimalLength).toBeNull()
    const closed = JSON.parse((await walkbox(...args, '--state', 'bridge_closed=1', '--json')).stdout)
    expect(closed.results[0].reached).toBe(true)
    const table = await walkbox(...args, '--state', 'bridge_closed=1')
    expect(table.code).toBe(0)
    expect(table.stdout).toMatch(/\| algorithm +\| reached \|/)
    expect(table.stdout).toContain('any-angle-optimal')
  })
})

describe('walkbox on a Walkbox project', () => {
  it('reads the sample project room and applies its gate flag', async () => {
    const project = join(repoRoot, 'resources', 'sample-project')
    const args = [
      'compare',
      project,
      '--from',
      '300,940',
      '--to',
      '1700,900',
      '--algorithms',
      'any-angle-optimal',
      '--json',
    ]
    const open = await walkbox(...args, '--state', 'gateOpen=1')
    expect(open.stderr).toBe('')
    const openReport = JSON.parse(open.stdout)
    expect(openReport.room).toBe('sample-project#courtyard')
    expect(openReport.results[0].reached).toBe(true)
    const shut = JSON.parse((await walkbox(...args, '--state', 'gateOpen=0')).stdout)
    expect(shut.results[0].reached).toBe(false)
    const unknown = await walkbox(...args, '--state', 'drawbridge=1')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/gateOpen/)
  })
})

describe('walkbox batch', () => {
  it('runs seeded pairs and reports per algorithm', async () => {
    const run = await walkbox(
      'batch',
      room1,
      '--pairs',
      '12',
      '--seed',
      '5',
      '--algorithms',
      'any-angle-optimal,octile-astar',
      '--json',
    )
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report).toMatchObject({ room: 'adventurepathfinding-room1.json', pairs: 12, seed: 5 })
    expect(report.results.map((r: { algorithm: string }) => r.algorithm)).toEqual([
      'any-angle-optimal',
      'octile-astar',
    ])
    for (const r of report.results) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining([
          'algorithm',
          'reachedCount',
          'invalidCount',
          'medianQueryMs',
          'p95QueryMs',
          'meanLengthRatio',
          'maxLengthRatio',
          'prepareMs',
        ]),
      )
      expect(r.reachedCount).toBe(12)
      expect(r.invalidCount).toBe(0)
    }
    expect(report.results[0].maxLengthRatio).toBeCloseTo(1, 9)
    // The same seed gives the same pairs, hence the same lengths.
    const again = JSON.parse(
      (
        await walkbox(
          'batch',
          room1,
          '--pairs',
          '12',
          '--seed',
          '5',
          '--algorithms',
          'octile-astar',
          '--json',
        )
      ).stdout,
    )
    expect(again.results[0].meanLengthRatio).toBe(report.results[1].meanLengthRatio)
  })

  it('reads pairs from a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'walkbox-cli-'))
    const file = join(dir, 'pairs.json')
    writeFileSync(
      file,
      JSON.stringify([
        [63, 290, 340, 370],
        [20, 370, 400, 260],
      ]),
    )
    const run = await walkbox(
      'batch',
      room1,
      '--pairs-file',
      file,
      '--algorithms',
      'any-angle-optimal',
      '--json',
    )
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report.pairs).toBe(2)
    expect(report.seed).toBeNull()
  })
})

describe('walkbox scen', () => {
  it('solves Moving AI scenarios and counts the optimal ones', async () => {
    const run = await walkbox(
      'scen',
      benchPath('movingai', 'den520d.map'),
      benchPath('movingai', 'den520d.map.scen'),
      '--algorithms',
      'octile-astar',
      '--every',
      '40',
      '--json',
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report.map).toContain('den520d.map')
    expect(report.scenarios).toBe(Math.ceil(888 / 40))
    expect(report.results).toHaveLength(1)
    const r = report.results[0]
    expect(Object.keys(r)).toEqual(
      expect.arrayContaining(['algorithm', 'solved', 'optimal', 'meanLengthRatio', 'medianQueryMs']),
    )
    expect(r.solved).toBe(report.scenarios)
    expect(r.optimal).toBe(report.scenarios)
    expect(r.meanLengthRatio).toBeCloseTo(1, 3)
  })
})

describe('walkbox errors', () => {
  it('says in one line why a room cannot be read and exits with 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'walkbox-cli-'))
    const broken = join(dir, 'broken.json')
    writeFileSync(broken, '{"width": 10, "height": 10}')
    for (const room of [broken, join(dir, 'missing.json'), join(dir, 'nothing.txt')]) {
      const run = await walkbox('compare', room, '--from', '1,1', '--to', '2,2', '--json')
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      const lines = run.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(room)
      expect(lines[0]).toMatch(/expected/)
    }
  })

  it('runs variants of one algorithm side by side, named by their options', async () => {
    const run = await walkbox(
      'compare',
      benchPath('rooms', 'popochiu-house.json'),
      '--from',
      '200,400',
      '--to',
      '700,420',
      '--algorithms',
      'navmesh-funnel,navmesh-funnel[entry=midpoint],flood-fill[loop=js,beautify=false]',
      '--json',
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const rows = JSON.parse(run.stdout).results as { algorithm: string; options: object; valid: boolean }[]
    expect(rows.map((r) => [r.algorithm, r.options])).toEqual([
      ['navmesh-funnel', {}],
      ['navmesh-funnel[entry=midpoint]', { entry: 'midpoint' }],
      ['flood-fill[beautify=false,loop=js]', { loop: 'js', beautify: false }],
    ])
    for (const r of rows) expect(r.valid).toBe(true)
  })

  it('prints a usage line for bad arguments and exits with 2', async () => {
    for (const args of [
      ['frobnicate'],
      ['compare', room1, '--from', 'nowhere', '--to', '1,1'],
      ['batch', room1, '--algorithms', 'dijkstra'],
      ['batch', room1, '--algorithms', 'navmesh-funnel[entry=middle]'],
      ['compare', room1, '--bogus'],
    ]) {
      const run = await walkbox(...args)
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('usage: walkbox')
    }
  })
})
