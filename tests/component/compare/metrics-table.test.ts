/**
 * The metrics table's sorting (empty values last both ways, stable ties) and its "best in
 * column" marks (path-shape columns only among reached, valid paths).
 */
import { describe, expect, it } from 'vitest'
import {
  bestByColumn,
  formatCell,
  COLUMNS,
  sortRows,
  type MetricsRow,
} from '../../../src/renderer/compare/metrics-table'

function row(partial: Partial<MetricsRow> & Pick<MetricsRow, 'algorithm'>): MetricsRow {
  return {
    label: partial.algorithm,
    reached: true,
    valid: true,
    length: 100,
    lengthRatio: 1,
    queryMs: 1,
    prepareMs: 1,
    expanded: 10,
    turns: 1,
    clearance: 2,
    sameEnds: true,
    ...partial,
  }
}

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
  it('marks the best value per column; a short path that did not reach does not win length', () => {
    const best = bestByColumn(rows)
    expect([...best.queryMs!]).toEqual(['flood-fill'])
    expect([...best.length!]).toEqual(['navmesh-funnel'])
    expect([...best.lengthRatio!]).toEqual(['navmesh-funnel'])
    expect([...best.clearance!]).toEqual(['jps'])
    // Ties are all marked.
    expect([...best.expanded!].sort()).toEqual(['flood-fill', 'jps', 'navmesh-funnel', 'node-graph'])
    // Reached is marked because one row did not reach; valid everywhere is not marked.
    expect(best.reached?.has('jps')).toBe(true)
    expect(best.reached?.has('flood-fill')).toBe(false)
    expect(best.valid).toBeUndefined()
  })

  it('does not give the shortest length to a path that went to another goal', () => {
    const moved = row({ algorithm: 'node-graph', length: 50, lengthRatio: 1.01, sameEnds: false })
    const best = bestByColumn([...rows, moved])
    expect([...best.length!]).toEqual(['navmesh-funnel'])
    // Its ratio is against its own optimum, so it still competes there.
    expect(best.lengthRatio?.has('node-graph')).toBe(false)
    expect(best.lengthRatio?.has('navmesh-funnel')).toBe(true)
  })

  it('formats cells with each column precision', () => {
    const ratio = COLUMNS.find((c) => c.key === 'lengthRatio')!
    expect(formatCell(ratio, 1.23456)).toBe('1.235')
    expect(formatCell(ratio, null)).toBe('–')
    expect(
      formatCell(
        COLUMNS.find((c) => c.key === 'valid')!,
        false,
      ),
    ).toBe('no')
  })
})
