/**
 * Batch results in the panel: nearest-rank quantiles, cells as shown (times through
 * formatDuration, never "0.00"), the ratio histogram's bins, CSV with one line per pair and
 * algorithm that reads back to the rows, and the batch map's colours.
 */
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import BatchPanel from '../../../src/renderer/compare/BatchPanel.vue'
import { useCompareStore } from '../../../src/renderer/compare/compare-store'
import {
  batchJson,
  beelineNote,
  formatSummaryCell,
  quantileSortedOrNull,
  RATIO_BIN_EDGES,
  RATIO_BIN_LABELS,
  RATIO_BIN_RANGES,
  ratioHistogram,
  rowsCsv,
  summaryCsv,
} from '../../../src/renderer/compare/batch-summary'
import type { BatchDoneMessage, BatchRow } from '../../../src/renderer/compare/protocol'
import { pairMarks, RATIO_HOT } from '../../../src/renderer/compare/batch-map'
import { parseCsv, ROW_COLUMNS } from '../../../src/shared/measure/batch-csv'
import { summariseRows } from '../../../src/shared/measure/batch'

function r(
  pair: number,
  id: BatchRow['id'],
  queryMs: number,
  ratio: number | null,
  reached = true,
): BatchRow {
  return {
    pair,
    algorithm: id,
    id,
    fromX: pair,
    fromY: 1.5,
    toX: 10 + pair,
    toY: 20.25,
    startX: pair,
    startY: 1.5,
    goalX: 10 + pair,
    goalY: 20.25,
    endX: 10 + pair,
    endY: 20.25,
    reached,
    valid: true,
    length: 100 + pair / 3,
    optimal: ratio === null ? null : (100 + pair / 3) / ratio,
    lengthRatio: ratio,
    queryMs,
    queryMinMs: queryMs * 0.9,
    queryMaxMs: queryMs * 1.2,
    repeats: 64,
    runs: 3,
    expanded: 10 * pair,
  }
}

function done(rows: BatchRow[]): BatchDoneMessage {
  const ids = [...new Set(rows.map((x) => x.id))]
  return {
    type: 'batch-done',
    id: 1,
    revision: 'r1',
    seed: 7,
    cancelled: false,
    pairs: [...new Set(rows.map((x) => x.pair))].map((p) => [p, 1.5, 10 + p, 20.25]),
    optimal: [],
    rows,
    summary: summariseRows(
      rows,
      ids.map((id) => ({ id })),
    ),
    timing: { warmUp: 3, repeatBelowMs: 1, minRunMs: 0.25, runs: 3, slowRuns: 1, clockResolutionMs: 0.005 },
    prepareMs: {},
  }
}

describe('batch summary', () => {
  it('takes nearest-rank quantiles', () => {
    expect(quantileSortedOrNull([1, 2, 3, 4], 0.5)).toBe(2)
    expect(quantileSortedOrNull([1, 2, 3, 4], 0.95)).toBe(4)
    expect(quantileSortedOrNull([], 0.5)).toBeNull()
  })

  it('shows times through formatDuration, never 0.00, and ratios to 3 decimals', () => {
    const d = done([r(0, 'jps', 0.0008, 1.2), r(1, 'jps', 0.0031, 1.0), r(2, 'jps', 2, null, false)])
    const jps = d.summary[0]
    expect(formatSummaryCell('median', jps)).toBe('3.10 µs')
    expect(formatSummaryCell('p95', jps)).toBe('2.00 ms')
    expect(formatSummaryCell('reached', jps)).toBe('2/3')
    // A cancelled batch: this algorithm answered 3 of 5 pairs.
    expect(formatSummaryCell('reached', jps, 'jps', 5)).toBe('2/3 of 3')
    expect(formatSummaryCell('ratio', jps)).toBe('1.100')
    expect(formatSummaryCell('algorithm', jps, 'Jump point search')).toBe('Jump point search')
    for (const key of ['median', 'p95'] as const) expect(formatSummaryCell(key, jps)).not.toMatch(/^0\.00/)
  })

  it('bins ratios up to each edge, everything above the last edge in the last bin', () => {
    expect(RATIO_BIN_LABELS).toHaveLength(RATIO_BIN_EDGES.length + 1)
    expect(RATIO_BIN_RANGES).toHaveLength(RATIO_BIN_EDGES.length + 1)
    const counts = ratioHistogram([0.9999, 1, 1.001, 1.0011, 1.05, 1.3, 2, 2.5, 7])
    expect(counts).toEqual([3, 1, 0, 1, 0, 0, 1, 1, 2])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(9)
  })

  it('writes one CSV line per pair and algorithm that reads back to the rows', () => {
    const rows = [r(0, 'jps', 0.0123, 1.01), r(0, 'navmesh-funnel', 0.002, 1), r(1, 'jps', 3, null, false)]
    const lines = parseCsv(rowsCsv(done(rows)))
    expect(lines[0]).toEqual(ROW_COLUMNS.map((c) => c.header))
    expect(lines).toHaveLength(1 + rows.length)
    const col = (name: string) => lines[0].indexOf(name)
    lines.slice(1).forEach((line, i) => {
      expect(Number(line[col('pair')])).toBe(rows[i].pair)
      expect(line[col('algorithm')]).toBe(rows[i].algorithm)
      expect(Number(line[col('length_px')])).toBe(rows[i].length)
      expect(Number(line[col('query_ms')])).toBe(rows[i].queryMs)
      expect(line[col('reached')]).toBe(String(rows[i].reached))
      expect(line[col('ratio')]).toBe(rows[i].lengthRatio === null ? '' : String(rows[i].lengthRatio))
    })
  })

  it('writes the summary CSV and JSON with the rows and the summary', () => {
    const d = done([r(0, 'jps', 1, 1.01), r(0, 'octile-astar', 2, 1.02)])
    const lines = parseCsv(summaryCsv(d))
    expect(lines).toHaveLength(3)
    expect(lines[1][0]).toBe('jps')
    const json = JSON.parse(batchJson(d, 'room-1'))
    expect(json).toMatchObject({ room: 'room-1', seed: 7 })
    expect(json.rows).toHaveLength(2)
    expect(json.summary.map((s: { algorithm: string }) => s.algorithm)).toEqual(['jps', 'octile-astar'])
  })

  it('reads back quoted CSV fields: commas, quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"1,5","say ""hi"""\r\nx,\r\n"two\nlines",y\r\n')).toEqual([
      ['a', 'b'],
      ['1,5', 'say "hi"'],
      ['x', ''],
      ['two\nlines', 'y'],
    ])
  })
})

describe('batch map marks', () => {
  const d = done([
    r(0, 'jps', 5, 1),
    r(1, 'jps', 1, 1.5),
    r(2, 'jps', 3, null, false),
    r(0, 'navmesh-funnel', 9, 1.1),
  ])

  it('colours by length ratio: 1 cold, at or above the hot ratio hot, unreached without heat', () => {
    const marks = pairMarks(d, 'jps', 'ratio')
    expect(marks.map((m) => m.heat)).toEqual([0, 1, null])
    expect(marks[1]).toMatchObject({ pair: 1, fromX: 1, fromY: 1.5, toX: 11, toY: 20.25 })
  })

  it('colours by query-time percentile within the algorithm', () => {
    expect(pairMarks(d, 'jps', 'time').map((m) => m.heat)).toEqual([1, 0, null])
    expect(pairMarks(d, 'navmesh-funnel', 'ratio')[0].heat).toBeCloseTo(0.1 / (RATIO_HOT - 1), 9)
  })
})

describe("flood-fill's beeline medians", () => {
  /** Flood-fill rows: `beelines` pairs with a walkable straight line (no flood), the rest flooded. */
  function flood(beelines: number, flooded: number): BatchRow[] {
    return [
      ...Array.from({ length: beelines }, (_, i) => ({ ...r(i, 'flood-fill', 0.0004, 1), expanded: 0 })),
      ...Array.from({ length: flooded }, (_, i) => ({
        ...r(beelines + i, 'flood-fill', 2.5, 1),
        expanded: 900,
      })),
    ]
  }

  it('says why a median is under a microsecond: the pairs that were beelines', () => {
    const d = done(flood(3, 2))
    const s = d.summary.find((x) => x.id === 'flood-fill')!
    expect(formatSummaryCell('median', s)).toMatch(/µs|ns/)
    const note = beelineNote(s, d.rows)
    expect(note).toContain('3 of 5 pairs are beelines')
    expect(note).toContain('under 1 µs')
  })

  it('puts the note under the batch table, the median cell marked', () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const result = done([...flood(3, 2), r(0, 'jps', 2, 1)])
    useCompareStore().batch = { id: 1, running: false, done: 5, total: 5, pairs: 5, seed: 7, result }
    const panel = mount(BatchPanel, { global: { plugins: [pinia] } })
    const notes = panel.findAll('[data-testid="batch-median-note"]')
    expect(notes.map((n) => n.text())).toEqual([`* ${beelineNote(result.summary[0], result.rows)}`])
    const median = panel.get('tr[data-algorithm="flood-fill"] td[data-column="median"]')
    expect(median.find('.mark').text()).toBe('*')
    expect(panel.get('tr[data-algorithm="jps"] td[data-column="median"]').find('.mark').exists()).toBe(false)
    panel.unmount()
  })

  it('says nothing when the median is a flood, or for other algorithms', () => {
    const d = done(flood(2, 3))
    expect(
      beelineNote(
        d.summary.find((x) => x.id === 'flood-fill')!,
        d.rows,
      ),
    ).toBeNull()
    const fast = done([r(0, 'jps', 0.0004, 1), r(1, 'jps', 0.0004, 1)].map((x) => ({ ...x, expanded: 0 })))
    expect(beelineNote(fast.summary[0], fast.rows)).toBeNull()
  })
})
