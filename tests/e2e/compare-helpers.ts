/**
 * Helpers for driving the comparison workspace in Chromium: open it, map room px to page
 * px through its canvas (or one side-by-side pane), wait until every answer to the newest
 * query is in, and read the metrics table's rows from their data attributes.
 *
 * Units: room px for room points, CSS px for page points.
 */
import type { Page } from 'playwright-core'
import { inject } from 'vitest'
import { statusText, waitUntil } from './helpers'
import { compareViewport, roomToPage } from '../support/compare-viewport'
import { ALGORITHM_IDS } from '../../src/shared/nav/registry'

export { compareViewport, roomToPage, type CompareViewport } from '../support/compare-viewport'

export interface MetricsRowData {
  algorithm: string
  query: number
  reached: boolean
  valid: boolean
  length: number | null
  ratio: number | null
  queryMs: number
  /** Calls the query time was measured over (1: a single reading). */
  queryRepeats: number
  expanded: number
  points: number
  /** The requested start. */
  fromX: number
  fromY: number
  /** The requested goal. */
  toX: number
  toY: number
  /** The goal the algorithm used (snapped). */
  goalX: number
  goalY: number
  endX: number | null
  endY: number | null
  cells: Record<string, string>
}

/** Open the web edition (at `url`, by default the tests' server) and its Compare workspace. */
export async function openCompare(page: Page, url = inject('webUrl')): Promise<void> {
  await page.goto(url)
  await waitUntil(
    () => statusText(page),
    (t) => /Opened room/.test(t),
    'the sample room to open',
  )
  await page.getByRole('tab', { name: 'Compare' }).click()
  await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
}

export async function clickRoom(
  page: Page,
  x: number,
  y: number,
  which: 'goal' | 'start' = 'goal',
): Promise<void> {
  const p = roomToPage(await compareViewport(page), x, y)
  if (which === 'start') await page.keyboard.down('Shift')
  await page.mouse.click(p.x, p.y)
  if (which === 'start') await page.keyboard.up('Shift')
}

async function queryIds(page: Page): Promise<{ query: number; done: number }> {
  const ws = page.getByTestId('compare-workspace')
  return {
    query: Number(await ws.getAttribute('data-query-id')),
    done: Number(await ws.getAttribute('data-done-id')),
  }
}

/**
 * Wait until every enabled algorithm (by default every registered one) has answered the
 * newest query; returns the rows. More rows than `count` fail at once, not at the timeout.
 */
export async function waitForAnswers(
  page: Page,
  count = ALGORITHM_IDS.length,
  timeoutMs = 90_000,
): Promise<MetricsRowData[]> {
  let rows: MetricsRowData[] = []
  await waitUntil(
    async () => {
      const ids = await queryIds(page)
      rows = await readRows(page)
      if (rows.length > count) {
        throw new Error(
          `${rows.length} rows in the metrics table, expected ${count}: ${rows.map((r) => r.algorithm).join(', ')}`,
        )
      }
      return { ...ids, rows: rows.length, current: rows.filter((r) => r.query === ids.query).length }
    },
    (s) => s.query > 0 && s.done === s.query && s.rows === count && s.current === count,
    'every algorithm to answer the newest query',
    timeoutMs,
  )
  return rows
}

/**
 * Where a row's path should end: at the goal it used. Every algorithm but node-graph uses the
 * requested goal when it is walkable; node-graph goes to the closest point of the closest
 * join (its original behaviour), so its goal is checked only against its own path's end.
 */
export function endsAtItsGoal(r: MetricsRowData, tolerance = 2): boolean {
  return r.endX !== null && r.endY !== null && Math.hypot(r.endX - r.goalX, r.endY - r.goalY) <= tolerance
}

export async function readRows(page: Page): Promise<MetricsRowData[]> {
  return page.$$eval('[data-testid="metrics-table"] tbody tr[data-algorithm]', (trs) =>
    trs.map((tr) => {
      const d = (tr as HTMLElement).dataset
      const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v))
      const cells: Record<string, string> = {}
      tr.querySelectorAll('td[data-column]').forEach((td) => {
        cells[(td as HTMLElement).dataset.column!] = td.textContent?.trim() ?? ''
      })
      return {
        algorithm: d.algorithm!,
        query: Number(d.query),
        reached: d.reached === 'true',
        valid: d.valid === 'true',
        length: num(d.length),
        ratio: num(d.ratio),
        queryMs: Number(d.queryMs),
        queryRepeats: Number(d.queryRepeats),
        expanded: Number(d.expanded),
        points: Number(d.points),
        fromX: Number(d.fromX),
        fromY: Number(d.fromY),
        toX: Number(d.toX),
        toY: Number(d.toY),
        goalX: Number(d.goalX),
        goalY: Number(d.goalY),
        endX: num(d.endX),
        endY: num(d.endY),
        cells,
      }
    }),
  )
}

/**
 * In Compare, shift-click `start` and click `goal` (room px), wait for the answers and return
 * the ids of the algorithms that reached the goal, sorted; back to Edit afterwards.
 */
export async function reachedInCompare(
  page: Page,
  start: { x: number; y: number },
  goal: { x: number; y: number },
): Promise<string[]> {
  await page.getByRole('tab', { name: 'Compare' }).click()
  await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
  await clickRoom(page, start.x, start.y, 'start')
  await clickRoom(page, goal.x, goal.y)
  const rows = await waitForAnswers(page)
  await page.getByRole('tab', { name: 'Edit' }).click()
  return rows
    .filter((r) => r.reached)
    .map((r) => r.algorithm)
    .sort()
}
