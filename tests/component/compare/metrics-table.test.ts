/**
 * The metrics table's sorting (empty values last both ways, stable ties), its "best in
 * column" marks (only where lower or higher is better for every algorithm alike, only among
 * reached, valid answers; never on yes/no columns nor on "expanded") and its cell texts
 * (times with their unit and never 0.00, re-timed queries as median ± spread, expanded with
 * each algorithm's unit).
 */
import { describe, expect, it } from 'vitest'
import {
  bestByColumn,
  COLUMNS,
  expandedUnitOf,
  formatCell,
  formatReading,
  formatSpread,
  ownOptimum,
  queryStarKind,
  queryTimeTitle,
  ratioTitle,
  reachedTitle,
  rowOf,
  sortRows,
  timeHeaderTitle,
  type ColumnKey,
  type MetricsRow,
} from '../../../src/renderer/compare/metrics-table'
import type { TimingMessage, WireResult } from '../../../src/renderer/compare/protocol'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'

function row(partial: Partial<MetricsRow> & Pick<MetricsRow, 'algorithm'>): MetricsRow {
  return {
    label: partial.algorithm,
    reached: true,
    valid: true,
    length: 100,
    lengthRatio: 1,
    queryMs: 1,
    queryRepeats: null,
    prepareMs: 1,
    expanded: 10,
    expandedUnit: expandedUnitOf(partial.algorithm),
    turns: 1,
    clearance: 2,
    sameEnds: true,
    optimum: null,
    firstMs: partial.queryMs ?? 1,
    goalSnap: null,
    startSnap: null,
    ...partial,
  }
}

const column = (key: ColumnKey) => COLUMNS.find((c) => c.key === key)!

const rows: MetricsRow[] = [
  row({ algorithm: 'jps', queryMs: 3, length: 110, lengthRatio: 1.1 }),
  row({ algorithm: 'flood-fill', queryMs: 1, length: 90, lengthRatio: null, reached: false }),
  row({ algorithm: 'navmesh-funnel', queryMs: 2, length: 100, lengthRatio: 1, clearance: 0 }),
  row({ algorithm: 'node-graph', queryMs: 2, length: null, lengthRatio: null, turns: null, clearance: null }),
]

describe('sortRows', () => {
  it('sorts numbers both ways with empty values last', () => {
    expect(sortRows(rows, 'lengthRatio', 'asc').map((r) => r.algorithm)).toEqual([
      'navmesh-funnel',
      'jps',
      'flood-fill',
      'node-graph',
    ])
    expect(sortRows(rows, 'lengthRatio', 'desc').map((r) => r.algorithm)).toEqual([
      'jps',
      'navmesh-funnel',
      'flood-fill',
      'node-graph',
    ])
  })

  it('keeps ties in their order and sorts booleans and text', () => {
    expect(sortRows(rows, 'queryMs', 'asc').map((r) => r.algorithm)).toEqual([
      'flood-fill',
      'navmesh-funnel',
      'node-graph',
      'jps',
    ])
    expect(sortRows(rows, 'reached', 'asc')[0].algorithm).toBe('flood-fill')
    expect(sortRows(rows, 'label', 'asc')[0].algorithm).toBe('flood-fill')
  })
})

describe('bestByColumn', () => {
  it('marks the best value per column among reached, valid answers only', () => {
    const best = bestByColumn(rows)
    // flood-fill was fastest but did not reach: no star for it, anywhere.
    expect([...best.queryMs!].sort()).toEqual(['navmesh-funnel', 'node-graph'])
    for (const set of Object.values(best)) expect(set!.has('flood-fill')).toBe(false)
    expect([...best.length!]).toEqual(['navmesh-funnel'])
    expect([...best.lengthRatio!]).toEqual(['navmesh-funnel'])
    expect([...best.clearance!]).toEqual(['jps'])
  })

  it('never marks yes/no columns nor "expanded" (its unit differs between algorithms)', () => {
    const mixed = [
      row({ algorithm: 'jps', expanded: 5 }),
      row({ algorithm: 'navmesh-funnel', expanded: 500, valid: false }),
      row({ algorithm: 'octile-astar', expanded: 50, reached: false }),
    ]
    const best = bestByColumn(mixed)
    expect(best.valid).toBeUndefined()
    expect(best.reached).toBeUndefined()
    expect(best.expanded).toBeUndefined()
  })

  it('gives an invalid answer no star, however good its figures', () => {
    const invalid = row({
      algorithm: 'node-graph',
      valid: false,
      queryMs: 0.001,
      length: 10,
      lengthRatio: 0.5,
    })
    const best = bestByColumn([...rows, invalid])
    for (const set of Object.values(best)) expect(set!.has('octile-astar')).toBe(false)
  })

  it('marks nothing when no answer reached its goal validly', () => {
    const failed = rows.map((r) => ({ ...r, reached: false }))
    expect(bestByColumn(failed)).toEqual({})
  })

  it('does not give the shortest length to a path that went to another goal', () => {
    const moved = row({ algorithm: 'node-graph', length: 50, lengthRatio: 1.01, sameEnds: false })
    const best = bestByColumn([...rows, moved])
    expect([...best.length!]).toEqual(['navmesh-funnel'])
    // Its ratio is against its own optimum, so it still competes there.
    expect(best.lengthRatio?.has('node-graph')).toBe(false)
    expect(best.lengthRatio?.has('navmesh-funnel')).toBe(true)
  })

  it('ties what reads the same: two single readings under one clock step both win', () => {
    const best = bestByColumn(
      [
        row({ algorithm: 'jps', queryMs: 0 }),
        row({ algorithm: 'octile-astar', queryMs: 0.05 }),
        row({ algorithm: 'navmesh-funnel', queryMs: 0.3 }),
      ],
      0.1,
    )
    expect([...best.queryMs!].sort()).toEqual(['jps', 'octile-astar'])
    // Re-timed medians separate them.
    const repeats = { runs: 5, calls: 100, minMs: 0, maxMs: 0, samples: [] }
    const timed = bestByColumn(
      [
        row({ algorithm: 'jps', queryMs: 0.012, queryRepeats: repeats }),
        row({ algorithm: 'octile-astar', queryMs: 0.047, queryRepeats: repeats }),
      ],
      0.1,
    )
    expect([...timed.queryMs!]).toEqual(['jps'])
  })
})

describe('cell texts', () => {
  it('formats numbers with each column precision', () => {
    expect(formatCell(column('lengthRatio'), row({ algorithm: 'jps', lengthRatio: 1.23456 }))).toBe('1.235')
    expect(formatCell(column('lengthRatio'), row({ algorithm: 'jps', lengthRatio: null }))).toBe('–')
    expect(formatCell(column('valid'), row({ algorithm: 'jps', valid: false }))).toBe('no')
  })

  it('never shows a time as 0.00: a single reading under one clock step says so', () => {
    for (const ms of [0, 0.00001, 0.004, 0.09]) {
      const text = formatCell(column('queryMs'), row({ algorithm: 'jps', queryMs: ms }), 0.1)
      expect(text).toBe('< 0.10 ms (1 cold)')
      expect(text).not.toMatch(/^0\.0+/)
    }
    expect(formatCell(column('prepareMs'), row({ algorithm: 'jps', prepareMs: 0 }), 0.005)).toBe(
      '< 5.00 µs (1 run)',
    )
    expect(formatCell(column('queryMs'), row({ algorithm: 'jps', queryMs: 3.14159 }), 0.005)).toBe(
      '3.14 ms (1 cold)',
    )
    // On a 0.1 ms clock a reading is a whole number of steps.
    expect(formatCell(column('queryMs'), row({ algorithm: 'jps', queryMs: 3.14159 }), 0.1)).toBe(
      '3.10 ms (1 cold)',
    )
    expect(formatCell(column('prepareMs'), row({ algorithm: 'jps', prepareMs: 312.4 }), 0.1)).toBe(
      '312 ms (1 run)',
    )
    // A reading is a whole number of clock steps (floating point leaves 0.0999999 for one step).
    expect(formatReading(0.0999999, 0.1)).toBe('0.10 ms')
    expect(formatReading(0.30000001, 0.1)).toBe('0.30 ms')
    expect(formatReading(1.23456, 0.005)).toBe('1.23 ms')
  })

  it('shows a re-timed query as its median with the spread, and says how it was measured', () => {
    const r = row({
      algorithm: 'jps',
      queryMs: 0.0421,
      queryRepeats: {
        runs: 5,
        calls: 128,
        minMs: 0.0409,
        maxMs: 0.0434,
        samples: [0.0421, 0.0409, 0.0434, 0.0415, 0.0427],
      },
    })
    // Without the fastest and slowest: 41.5–42.7 µs, ± 0.6 µs of 42.1 µs.
    expect(formatCell(column('queryMs'), r, 0.1)).toBe('42.1 µs ±1% (5 warm)')
    const title = queryTimeTitle(r)
    expect(title).toContain('5 runs of 128 calls')
    expect(title).toContain('640 repeats')
    expect(title).toContain('40.9 µs–43.4 µs')
    expect(formatSpread(1, [0.999, 1, 1.001, 1, 1.0005])).toBe('±<1%')
    // One interrupted run among five does not stand for all; under five runs there is no spread.
    expect(formatSpread(1, [0.9, 1, 1.04, 0.96, 5])).toBe('±4%')
    expect(formatSpread(1, [1, 0.9, 1.1, 0.95, 1.05])).toBe('±5%')
    expect(formatSpread(1, [1, 0.9, 1.1])).toBe('')
    expect(formatSpread(1, [1])).toBe('')
    const three = row({
      algorithm: 'jps',
      queryMs: 0.001,
      queryRepeats: { runs: 3, calls: 4096, minMs: 0.0008, maxMs: 0.004, samples: [0.001, 0.0008, 0.004] },
    })
    // The "1.21 µs ±318%": three runs give no spread, only their count.
    expect(formatCell(column('queryMs'), three, 0.1)).toBe('1.00 µs (3 warm)')
    expect(queryTimeTitle(three)).toContain('no spread under 5 runs')
    // A single run (the budget ran out) has no spread, and says so.
    const once = row({
      algorithm: 'jps',
      queryMs: 0.0973,
      queryRepeats: { runs: 1, calls: 512, minMs: 0.0973, maxMs: 0.0973, samples: [0.0973] },
    })
    expect(formatCell(column('queryMs'), once, 0.1)).toBe('97.3 µs (1 warm)')
    // A single reading is the first call: cold, and the re-timing (warm) says what the cold one was.
    expect(queryTimeTitle(row({ algorithm: 'jps', queryMs: 0.2 }))).toMatch(
      /Cold: one reading.*warm re-timing/,
    )
    expect(queryTimeTitle({ ...r, firstMs: 8.76 })).toContain('The first (cold) call took 8.70 ms')
    // Flood-fill's beeline: no flood, and the tooltip says so (the 0.49 µs with no word on why).
    expect(queryTimeTitle({ ...r, algorithm: 'flood-fill', expanded: 0 })).toContain('No flood ran')
    expect(queryTimeTitle({ ...r, algorithm: 'flood-fill', expanded: 12 })).not.toContain('No flood ran')
  })

  it('shows "expanded" in each algorithm unit: cells for grids, nodes for graphs, triangles for the navmesh', () => {
    expect(formatCell(column('expanded'), row({ algorithm: 'octile-astar', expanded: 1234 }))).toBe(
      '1234 cells',
    )
    expect(formatCell(column('expanded'), row({ algorithm: 'visibility-polygon', expanded: 12 }))).toBe(
      '12 nodes',
    )
    expect(formatCell(column('expanded'), row({ algorithm: 'navmesh-funnel', expanded: 7 }))).toBe(
      '7 triangles',
    )
    const known: Record<string, string> = {
      'sampled-grid': 'cells',
      'visibility-polygon': 'nodes',
      'downscaled-grid': 'cells',
      'flood-fill': 'cells',
      'node-graph': 'nodes',
      'navmesh-funnel': 'triangles',
      jps: 'cells',
      'octile-astar': 'cells',
      'any-angle-optimal': 'nodes',
    }
    for (const id of ALGORITHM_IDS) {
      // Every registered algorithm counts in one of the three units; the nine shipped ones as named.
      expect(['cells', 'nodes', 'triangles']).toContain(expandedUnitOf(id))
      if (id in known) expect(expandedUnitOf(id), id).toBe(known[id])
    }
    expect(Object.keys(known).filter((id) => !(ALGORITHM_IDS as readonly string[]).includes(id))).toEqual([])
  })

  it('states the clock step and cross-origin isolation in the time headers', () => {
    const coarse = timeHeaderTitle(
      column('queryMs'),
      { resolutionMs: 0.1, crossOriginIsolated: false },
      false,
    )
    expect(coarse).toContain('Clock step in the worker: 0.10 ms')
    expect(coarse).toContain('not cross-origin isolated')
    const fine = timeHeaderTitle(column('queryMs'), { resolutionMs: 0.005, crossOriginIsolated: true }, true)
    expect(fine).toContain('5.00 µs')
    expect(fine).toContain('The page is cross-origin isolated')
    expect(timeHeaderTitle(column('prepareMs'), null, false)).toContain('not measured yet')
  })
})

describe('rowOf', () => {
  const result: WireResult = {
    algorithm: 'jps',
    points: [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
    ],
    reached: true,
    from: { x: 0, y: 0 },
    to: { x: 10, y: 0 },
    snap: { start: null, goal: null },
    start: { x: 0, y: 0 },
    goal: { x: 10, y: 0 },
    queryMs: 0,
    prepareMs: 2,
    expanded: 3,
    bytes: 0,
    metrics: {
      length: 10,
      lengthRatio: 1,
      optimum: 10,
      turns: 0,
      turningDeg: 0,
      clearance: 1,
      valid: true,
      defects: [],
    },
    debug: [],
  }
  const timing: TimingMessage = {
    type: 'timing',
    queryId: 4,
    revision: 'r',
    algorithm: 'jps',
    medianMs: 0.02,
    minMs: 0.019,
    maxMs: 0.022,
    samples: [0.02, 0.019, 0.022],
    runs: 3,
    calls: 256,
  }

  it('takes the re-timed median for its own algorithm only', () => {
    expect(rowOf(result, 'JPS').queryRepeats).toBeNull()
    const r = rowOf(result, 'JPS', timing)
    expect(r.queryMs).toBe(0.02)
    expect(r.queryRepeats).toEqual({
      runs: 3,
      calls: 256,
      minMs: 0.019,
      maxMs: 0.022,
      samples: [0.02, 0.019, 0.022],
    })
    expect(r.expandedUnit).toBe('cells')
    const other = rowOf(result, 'JPS', { ...timing, algorithm: 'octile-astar' })
    expect(other.queryMs).toBe(0)
    expect(other.queryRepeats).toBeNull()
  })
})

describe('answers that say what happened (issue #20)', () => {
  const base = row({ algorithm: 'navmesh-funnel' })

  it('computes a ratio cell from the length and optimum as shown, and says so', () => {
    // 391.24 / 390.06 and 391.2 / 390.1 both read 1.003; the 1.000 was another optimum.
    const r = { ...base, length: 391.24, optimum: 390.06, lengthRatio: 391.24 / 390.06 }
    expect(formatCell(column('lengthRatio'), r)).toBe((391.2 / 390.1).toFixed(3))
    // Rounding that disagrees in the third digit follows the figures shown: 100.04 / 99.96 -> 100.0 / 100.0.
    const close = { ...base, length: 100.04, optimum: 99.96, lengthRatio: 100.04 / 99.96 }
    expect(formatCell(column('lengthRatio'), close)).toBe('1.000')
    expect(ratioTitle(r, 390.06)).toContain('391.2 px / 390.1 px = 1.003')
    expect(ratioTitle(r, 390.06)).toContain('the Optimum above')
    // Its own optimum (its goal moved) is told apart from the one above.
    expect(ownOptimum(r, 385)).toBe(true)
    expect(ownOptimum(r, 390.06)).toBe(false)
    expect(ratioTitle(r, 385)).toContain('ends this algorithm used')
  })

  it('calls a goal the click rule moved "snapped, N px" on every row and says why', () => {
    const result: WireResult = {
      algorithm: 'navmesh-funnel',
      points: [
        { x: 0, y: 0 },
        { x: 21, y: 106 },
      ],
      reached: true,
      from: { x: 0, y: 0 },
      to: { x: 20, y: 85 },
      snap: { start: null, goal: { at: { x: 21, y: 106 }, px: 21 } },
      start: { x: 0, y: 0 },
      goal: { x: 21, y: 106 },
      queryMs: 0.2,
      prepareMs: 1,
      expanded: 3,
      bytes: 0,
      metrics: {
        length: 108,
        lengthRatio: 1,
        optimum: 108,
        turns: 0,
        turningDeg: 0,
        clearance: 0,
        valid: true,
        defects: [],
      },
      debug: [],
    }
    const snapped = rowOf(result, 'Navmesh', null, { goal: "is in a closed area ('East')" })
    expect(formatCell(column('reached'), snapped)).toBe('snapped, 21 px')
    expect(reachedTitle(snapped)).toBe(
      "Reached the goal used, 21 px from the click: the click is in a closed area ('East').",
    )
    // The row's ends are the landed ones: it competes for the shortest length.
    expect(snapped.sameEnds).toBe(true)
    // A grid's own pixel centre (no click rule) is not called snapped.
    const own = { ...result, snap: { start: null, goal: null } }
    expect(formatCell(column('reached'), rowOf(own, 'Navmesh', null, {}))).toBe('yes')
    // A moved start says so after the goal's word, with its own distance and why.
    const both = rowOf(
      { ...result, snap: { start: { at: { x: 0, y: 0 }, px: 64 }, goal: result.snap.goal } },
      'Navmesh',
      null,
      { start: 'is in a hole of the walkable area', goal: 'is outside the walkable area' },
    )
    expect(formatCell(column('reached'), both)).toBe('snapped, 21 px (start snapped, 64 px)')
    expect(reachedTitle(both)).toContain('The start moved 64 px before any algorithm ran')
    expect(formatCell(column('reached'), { ...both, reached: false })).toBe('no (start snapped, 64 px)')
  })

  it('has no ratio when the start is the goal', () => {
    const r = { ...base, length: 0, optimum: 0, lengthRatio: null }
    expect(formatCell(column('lengthRatio'), r)).toBe('–')
    expect(bestByColumn([r]).lengthRatio).toBeUndefined()
  })

  it('stars the Query column comparing like with like', () => {
    const warm = (ms: number) => ({ runs: 5, calls: 10, minMs: ms, maxMs: ms, samples: [ms, ms, ms, ms, ms] })
    // No row re-timed yet: the single cold readings compete.
    const cold = [
      row({ algorithm: 'jps', queryMs: 0.4, firstMs: 0.4 }),
      row({ algorithm: 'flood-fill', queryMs: 0.2, firstMs: 0.2 }),
    ]
    expect(queryStarKind(cold)).toBe('cold')
    expect([...bestByColumn(cold).queryMs!]).toEqual(['flood-fill'])
    // One re-timed: only warm medians compete; a cold reading (here one that is lower, read
    // on a coarse clock) is never compared with them.
    const mixed = [
      row({ algorithm: 'jps', queryMs: 0.3, firstMs: 0.4, queryRepeats: warm(0.3) }),
      row({ algorithm: 'flood-fill', queryMs: 0.2, firstMs: 0.2 }),
      row({ algorithm: 'octile-astar', queryMs: 0.5, firstMs: 0.6, queryRepeats: warm(0.5) }),
    ]
    expect(queryStarKind(mixed)).toBe('warm')
    expect([...bestByColumn(mixed).queryMs!]).toEqual(['jps'])
  })

  it('gives every column header a definition', () => {
    for (const c of COLUMNS) expect(c.help.length, c.key).toBeGreaterThan(20)
  })
})
