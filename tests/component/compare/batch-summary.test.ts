/**
 * Batch results: nearest-rank quantiles, the per-algorithm summary, and CSV that quotes what
 * needs quoting and carries exactly the cells of the on-screen table.
 */
import { describe, expect, it } from 'vitest'
import {
  quantile,
  summariseBatch,
  summaryCsv,
  toCsv,
  formatSummaryCell,
  SUMMARY_COLUMNS,
} from '../../../src/renderer/compare/batch-summary'
import type { BatchRow } from '../../../src/renderer/compare/protocol'
import { pairMarks, RATIO_HOT } from '../../../src/renderer/compare/batch-map'

function r(
  pair: number,
  algorithm: BatchRow['algorithm'],
  queryMs: number,
  ratio: number | null,
  reached = true,
): BatchRow {
  return {
    pair,
    algorithm,
    reached,
    valid: true,
    queryMs,
    expanded: 10 * pair,
    length: 100,
    lengthRatio: ratio,
    endX: 0,
    endY: 0,
  }
}

describe('batch summary', () => {
  it('takes nearest-rank quantiles', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2)
    expect(quantile([1, 2, 3, 4], 0.95)).toBe(4)
    expect(quantile([], 0.5)).toBeNull()
  })

  it('summarises per algorithm; ratios only over reached pairs', () => {
    const summary = summariseBatch({
      rows: [
        r(0, 'jps', 1, 1.2),
        r(1, 'jps', 3, 1.0),
        r(2, 'jps', 2, null, false),
        r(0, 'navmesh-funnel', 0.1, 1),
      ],
      prepareMs: { jps: 5 },
    })
    const jps = summary.find((s) => s.algorithm === 'jps')!
    expect(jps).toMatchObject({
      pairs: 3,
      reached: 2,
      invalid: 0,
      medianQueryMs: 2,
      p95QueryMs: 3,
      maxLengthRatio: 1.2,
      prepareMs: 5,
    })
    expect(jps.meanLengthRatio).toBeCloseTo(1.1, 9)
    expect(summary.find((s) => s.algorithm === 'navmesh-funnel')!.prepareMs).toBeNull()
  })

  it('writes RFC 4180 CSV', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1,5', 'say "hi"'],
          ['x', ''],
        ],
      ),
    ).toBe('a,b\r\n"1,5","say ""hi"""\r\nx,\r\n')
  })

  it('puts the on-screen cells in the CSV, one line per algorithm', () => {
    const summary = summariseBatch({
      rows: [r(0, 'jps', 1.23456, 1.01), r(0, 'octile-astar', 2, 1.02)],
      prepareMs: {},
    })
    const lines = summaryCsv(summary).trimEnd().split('\r\n')
    expect(lines[0]).toBe(SUMMARY_COLUMNS.map((c) => c.label).join(','))
    expect(lines).toHaveLength(3)
    expect(lines[1].split(',')).toEqual(
      SUMMARY_COLUMNS.map((c) => formatSummaryCell(c.key, summary[0][c.key])),
    )
    expect(lines[1]).toContain('1.235')
  })
})

describe('batch map marks', () => {
  const done = {
    pairs: [
      [0, 0, 10, 10],
      [5, 5, 50, 60],
      [1, 2, 3, 4],
    ] as [number, number, number, number][],
    rows: [
      r(0, 'jps', 5, 1),
      r(1, 'jps', 1, 1.5),
      r(2, 'jps', 3, null, false),
      r(0, 'navmesh-funnel', 9, 1.1),
    ],
  }

  it('colours by length ratio: 1 cold, at or above the hot ratio hot, unreached without heat', () => {
    const marks = pairMarks(done, 'jps', 'ratio')
    expect(marks.map((m) => m.heat)).toEqual([0, 1, null])
    expect(marks[1]).toMatchObject({ pair: 1, fromX: 5, fromY: 5, toX: 50, toY: 60 })
  })

  it('colours by query-time percentile within the algorithm', () => {
    expect(pairMarks(done, 'jps', 'time').map((m) => m.heat)).toEqual([1, 0, null])
    expect(pairMarks(done, 'navmesh-funnel', 'ratio')[0].heat).toBeCloseTo(0.1 / (RATIO_HOT - 1), 9)
  })
})
