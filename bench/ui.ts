/**
 * The UI benchmark: `npm run bench:ui` (builds the web edition, a minute or so, then drives
 * it for a few minutes) or `npm run bench:ui -- --no-build` (uses out/web as it is). The
 * built web edition is served cross-origin isolated on 127.0.0.1 and driven in headless
 * Chromium (playwright-core, software GL, an empty profile) on the sample project. Prints a
 * markdown table of medians with their spread, or with `--json` one JSON object.
 *
 *   tsx bench/ui.ts [--no-build] [--web-dir DIR] [--json] [--moves N] [--clicks N] [--opens N]
 *                   [--batches N] [--dabs N] [--side-moves N]
 *
 * `--web-dir` serves another build of the web edition (implies --no-build), e.g. an older
 * commit's, to measure before and after on the same machine in the same hour.
 *
 * Glossary
 * - open: from navigation start to the status line saying the sample room is open
 *   (fresh profile each time: the sample is copied into the browser's storage first).
 * - click to nine answers: from the pointer event of a click (its time stamp) to the ninth
 *   answer received and applied to the compare store.
 * - goal drag update: the goal handle is held and moved one step at a time; from each
 *   pointer move to all nine answers to it applied to the store (the next step waits for
 *   this one's frame, so that drawing is measured apart).
 * - drag compute: the nine query times the worker(s) measured for the same move, summed.
 * - drag ratio: drag update / drag compute, per move; the median of those ratios.
 * - first answer: from the pointer move to the first of its nine answers in the store.
 * - drag settle: the goal moved every 16 ms (a hand's pace) for a second; from the last
 *   move to all nine answers to it.
 * - frame: one draw of the compare canvas during the drags: UI thread time, and until the
 *   next animation frame (which under software GL includes rasterising), reported apart.
 * - side by side: the same drag with one pane per algorithm, each with its debug layers
 *   (computed, downsampled and sent only in this view).
 * - brush dab to frame: on the Edit tab, the brush pressed on the sample's 1920x1080 mask,
 *   from the pointer event to the animation frame after the one that drew it.
 * - batch: 200 seeded pairs, all nine algorithms, from the Run click to the table.
 *
 * Units: ms.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Page } from 'playwright-core'
import { CROSS_ORIGIN_ISOLATION_HEADERS } from '../src/main/isolation-headers'
import { formatDuration, median } from '../src/shared/measure/timing'
import { launchChromium, CHROMIUM_PATH, type LaunchedBrowser } from '../tests/support/chromium'
import { compareViewport, roomToPage, type CompareViewport } from '../tests/support/compare-viewport'
import type { QueryMarks } from '../src/renderer/compare/live-perf'
import { serveStatic } from '../tests/support/static-server'

const ROOT = resolve(import.meta.dirname, '..')
const WEB_DIR = resolve(ROOT, 'out/web')
/** The sample room's west and east floors (room px). */
const WEST = { x: 300, y: 940 }
const EAST = { x: 1700, y: 760 }
const ALGORITHMS = 9

interface Stat {
  median: number
  min: number
  max: number
  n: number
}

function stat(values: readonly number[]): Stat {
  const v = values.filter((x) => Number.isFinite(x))
  return { median: median(v), min: Math.min(...v), max: Math.max(...v), n: v.length }
}

function log(text: string): void {
  process.stderr.write(`${text}\n`)
}

// ---- page helpers -----------------------------------------------------------------------

async function statusOpened(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const s = document.querySelector('[data-testid="status"]')?.textContent ?? ''
      return /Opened room/.test(s) ? performance.now() : null
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  )
  return (await handle.jsonValue()) as number
}

/** The compare canvas's viewport; side by side, the first pane's origin. */
async function compareBox(page: Page): Promise<CompareViewport> {
  const sideBySide =
    (await page.getByTestId('compare-workspace').getAttribute('data-view')) === 'side-by-side'
  const pane = sideBySide ? await page.locator('[data-pane]').first().getAttribute('data-pane') : null
  return compareViewport(page, pane ?? undefined)
}

/** Wait until the newest query sent has all its answers in the store; its marks. */
async function newestDone(page: Page, timeoutMs = 120_000): Promise<QueryMarks> {
  const handle = await page.waitForFunction(
    (count) => {
      const q = window.__walkboxPerf?.queries.at(-1)
      return q && q.doneAt !== null && q.answers >= count ? { ...q } : null
    },
    ALGORITHMS,
    { polling: 'raf', timeout: timeoutMs },
  )
  return (await handle.jsonValue()) as QueryMarks
}

/** Wait until a frame showing query `id` (or newer) was drawn and presented; when it was presented. */
async function presentedFor(page: Page, id: number): Promise<number> {
  const handle = await page.waitForFunction(
    (q) => {
      const f = window.__walkboxPerf?.frames.find((x) => x.queryId >= q && x.presentedMs !== null)
      return f ? f.startAt + f.presentedMs! : null
    },
    id,
    { polling: 'raf', timeout: 120_000 },
  )
  return (await handle.jsonValue()) as number
}

async function newestQueryId(page: Page): Promise<number> {
  return page.evaluate(() => window.__walkboxPerf?.queries.at(-1)?.id ?? 0)
}

async function openCompare(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Compare' }).click()
  await page.locator('[data-testid="compare-canvas-host"][data-ready="yes"]').waitFor()
}

async function click(page: Page, x: number, y: number, shift = false): Promise<void> {
  const p = roomToPage(await compareBox(page), x, y)
  if (shift) await page.keyboard.down('Shift')
  await page.mouse.click(p.x, p.y)
  if (shift) await page.keyboard.up('Shift')
}

interface FrameTiming {
  cpuMs: number
  presentedMs: number | null
}

async function framesSince(page: Page, since: number): Promise<FrameTiming[]> {
  return page.evaluate(
    (t) => (window.__walkboxPerf?.frames ?? []).filter((f) => f.startAt >= t).map((f) => ({ ...f })),
    since,
  )
}

async function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now())
}

// ---- the measurements -------------------------------------------------------------------

async function measureOpen(
  url: string,
  opens: number,
): Promise<{ open: number[]; browser: LaunchedBrowser; page: Page }> {
  const open: number[] = []
  for (let i = 0; ; i++) {
    const browser = await launchChromium()
    const page = await browser.context.newPage()
    await page.goto(url)
    open.push(await statusOpened(page))
    if (i + 1 >= opens) return { open, browser, page }
    await browser.close()
  }
}

/**
 * A point on the east floor for step `i` of a drag: a zig-zag over 300 x 160 px in steps of
 * `step` px (side by side, the panes are small: larger steps so that a move is a move).
 */
function dragPoint(i: number, step = 10): { x: number; y: number } {
  const across = Math.floor(300 / step)
  const col = i % across
  const row = Math.floor(i / across) % 4
  return { x: 1400 + (row % 2 === 0 ? col : across - 1 - col) * step, y: 700 + row * 50 }
}

interface DragResult {
  update: number[]
  compute: number[]
  ratio: number[]
  first: number[]
  /** From the move to the frame that shows its answers, presented. */
  toFrame: number[]
  frames: FrameTiming[]
}

async function measureDrag(page: Page, moves: number, step = 10): Promise<DragResult> {
  // Put the goal where the drag starts and wait for its answers.
  const startPoint = dragPoint(0, step)
  await click(page, startPoint.x, startPoint.y)
  await newestDone(page)
  const v = await compareBox(page)
  const down = roomToPage(v, startPoint.x, startPoint.y)
  const since = await pageNow(page)
  await page.mouse.move(down.x, down.y)
  await page.mouse.down()
  const out: DragResult = { update: [], compute: [], ratio: [], first: [], toFrame: [], frames: [] }
  for (let i = 1; i <= moves; i++) {
    const before = await newestQueryId(page)
    const p = dragPoint(i, step)
    const at = roomToPage(v, p.x, p.y)
    await page.mouse.move(at.x, at.y)
    const q = await newestDone(page)
    if (q.id === before || q.inputAt === null) throw new Error(`drag step ${i} sent no query`)
    out.update.push(q.doneAt! - q.inputAt)
    out.compute.push(q.computeMs)
    out.ratio.push((q.doneAt! - q.inputAt) / q.computeMs)
    out.first.push(q.firstAt! - q.inputAt)
    // The next move waits for this one's frame: the drawing is measured apart.
    out.toFrame.push((await presentedFor(page, q.id)) - q.inputAt)
  }
  await page.mouse.up()
  out.frames = await framesSince(page, since)
  return out
}

/** Moves every 16 ms for `moves` moves; from the last move to its nine answers. */
async function measureSettle(page: Page, moves: number): Promise<number> {
  const startPoint = dragPoint(0)
  await click(page, startPoint.x, startPoint.y)
  await newestDone(page)
  const v = await compareBox(page)
  const down = roomToPage(v, startPoint.x, startPoint.y)
  await page.mouse.move(down.x, down.y)
  await page.mouse.down()
  for (let i = 1; i <= moves; i++) {
    const p = roomToPage(v, dragPoint(i).x, dragPoint(i).y)
    const t = Date.now()
    await page.mouse.move(p.x, p.y)
    const left = 16 - (Date.now() - t)
    if (left > 0) await new Promise((r) => setTimeout(r, left))
  }
  const q = await newestDone(page)
  await page.mouse.up()
  return q.doneAt! - (q.inputAt ?? q.sentAt)
}

async function measureClicks(page: Page, clicks: number): Promise<{ nine: number[]; first: number[] }> {
  const nine: number[] = []
  const first: number[] = []
  for (let i = 0; i < clicks; i++) {
    const p = dragPoint(i * 7 + 3)
    const before = await newestQueryId(page)
    await click(page, p.x, p.y)
    const q = await newestDone(page)
    if (q.id === before || q.inputAt === null) throw new Error(`click ${i} sent no query`)
    nine.push(q.doneAt! - q.inputAt)
    first.push(q.firstAt! - q.inputAt)
    await presentedFor(page, q.id)
  }
  return { nine, first }
}

async function measureBrush(page: Page, dabs: number): Promise<number[]> {
  await page.getByRole('tab', { name: 'Edit' }).click()
  await page.keyboard.press('b')
  const host = page.getByTestId('canvas-host')
  await page.waitForFunction(
    () => document.querySelector('[data-testid="canvas-host"]')?.getAttribute('data-tool') === 'brush',
  )
  const box = (await host.boundingBox())!
  const num = async (name: string) => Number(await host.getAttribute(name))
  const v = {
    zoom: await num('data-zoom'),
    offsetX: await num('data-offset-x'),
    offsetY: await num('data-offset-y'),
  }
  const out: number[] = []
  for (let i = 0; i < dabs; i++) {
    // Dabs on the wall above the floor, each on fresh pixels.
    const x = 200 + i * 30
    const y = 150 + (i % 2) * 30
    const p = { x: box.x + v.offsetX + x * v.zoom, y: box.y + v.offsetY + y * v.zoom }
    await page.mouse.move(p.x, p.y)
    await page.evaluate(() => {
      const w = window as unknown as { __dab?: Promise<number> }
      w.__dab = new Promise((resolveDab) =>
        window.addEventListener(
          'pointerdown',
          (e) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolveDab(performance.now() - e.timeStamp)),
            ),
          { once: true },
        ),
      )
    })
    await page.mouse.down()
    out.push(await page.evaluate(() => (window as unknown as { __dab: Promise<number> }).__dab))
    await page.mouse.up()
  }
  await page.keyboard.press('Control+z')
  return out
}

async function measureBatch(page: Page, batches: number): Promise<number[]> {
  const out: number[] = []
  await page.getByLabel('Batch pairs').fill('200')
  for (let i = 0; i < batches; i++) {
    await page.getByLabel('Batch seed').fill(String(i + 1))
    const t0 = await page.evaluate(() => {
      const t = performance.now()
      ;(document.querySelector('[data-testid="batch-run"]') as HTMLButtonElement).click()
      return t
    })
    const handle = await page.waitForFunction(
      (since) => {
        const p = document.querySelector('[data-testid="batch-progress"]')
        const table = document.querySelector('[data-testid="batch-table"]')
        return p?.getAttribute('data-running') === 'false' && table?.getAttribute('data-pairs') === '200'
          ? performance.now() - since
          : null
      },
      t0,
      { polling: 'raf', timeout: 600_000 },
    )
    out.push((await handle.jsonValue()) as number)
  }
  return out
}

// ---- output -----------------------------------------------------------------------------

function cell(s: Stat): string {
  if (s.n === 0) return '–'
  return `${formatDuration(s.median)} (${formatDuration(s.min)} – ${formatDuration(s.max)}, n=${s.n})`
}

function ratioCell(s: Stat): string {
  if (s.n === 0) return '–'
  return `${s.median.toFixed(2)} (${s.min.toFixed(2)} – ${s.max.toFixed(2)}, n=${s.n})`
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      'web-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
      moves: { type: 'string', default: '30' },
      clicks: { type: 'string', default: '10' },
      opens: { type: 'string', default: '3' },
      batches: { type: 'string', default: '3' },
      dabs: { type: 'string', default: '10' },
      'side-moves': { type: 'string', default: '12' },
    },
  })
  const count = (name: string, v: string | undefined) => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < 1 || n > 1000)
      throw new Error(`--${name}: expected a whole number 1..1000`)
    return n
  }
  const moves = count('moves', values.moves)
  const clicks = count('clicks', values.clicks)
  const opens = count('opens', values.opens)
  const batches = count('batches', values.batches)
  const dabs = count('dabs', values.dabs)
  const sideMoves = count('side-moves', values['side-moves'])

  const webDir = values['web-dir'] ? resolve(values['web-dir']) : WEB_DIR
  if (!values['no-build'] && !values['web-dir']) {
    log('Building the web edition (npm run build:web)…')
    const r = spawnSync('npm', ['run', 'build:web', '--silent'], { cwd: ROOT, stdio: ['ignore', 2, 2] })
    if (r.status !== 0) throw new Error('npm run build:web failed')
  }
  if (!existsSync(resolve(webDir, 'index.html')))
    throw new Error(`${webDir} has no build; run without --no-build`)
  const server = await serveStatic(webDir, { ...CROSS_ORIGIN_ISOLATION_HEADERS })
  let browser: LaunchedBrowser | null = null
  try {
    log(`Opening the sample ${opens} times (fresh profile each)…`)
    const opened = await measureOpen(server.url, opens)
    browser = opened.browser
    const page = opened.page
    const env = await page.evaluate(() => ({
      isolated: globalThis.crossOriginIsolated,
      cores: navigator.hardwareConcurrency,
      userAgent: navigator.userAgent,
    }))
    const clockMs = await page.evaluate(() => {
      let best = Infinity
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now()
        let t1 = performance.now()
        while (t1 === t0) t1 = performance.now()
        best = Math.min(best, t1 - t0)
      }
      return best
    })
    await openCompare(page)
    await click(page, WEST.x, WEST.y, true)
    await click(page, EAST.x, EAST.y)
    await newestDone(page)
    log(`Clicking ${clicks} goals…`)
    const clicked = await measureClicks(page, clicks)
    log(`Dragging the goal ${moves} steps…`)
    const drag = await measureDrag(page, moves)
    log('Dragging at a hand’s pace (16 ms a move, 60 moves) 3 times…')
    const settle: number[] = []
    for (let i = 0; i < 3; i++) settle.push(await measureSettle(page, 60))
    log(`Side by side, dragging the goal ${sideMoves} steps…`)
    await page.getByRole('tab', { name: 'Side by side' }).click()
    await page.locator(`[data-testid="compare-canvas-host"][data-panes="${ALGORITHMS}"]`).waitFor()
    const side = await measureDrag(page, sideMoves, 40)
    await page.getByRole('tab', { name: 'Overlay' }).click()
    log(`Running ${batches} batches of 200 pairs…`)
    const batch = await measureBatch(page, batches)
    log(`Brush dabs (${dabs})…`)
    const brush = await measureBrush(page, dabs)

    const dragUpdate = stat(drag.update)
    const dragCompute = stat(drag.compute)
    const dragRatio = stat(drag.ratio)
    const first = stat(drag.first)
    const frameCpu = stat(drag.frames.map((f) => f.cpuMs))
    const framePresented = stat(drag.frames.map((f) => f.presentedMs ?? NaN))
    const figures = {
      openMs: stat(opened.open),
      clickNineMs: stat(clicked.nine),
      clickFirstMs: stat(clicked.first),
      dragUpdateMs: dragUpdate,
      dragComputeMs: dragCompute,
      dragRatio,
      firstAnswerMs: first,
      dragToFrameMs: stat(drag.toFrame),
      sideDragUpdateMs: stat(side.update),
      sideDragComputeMs: stat(side.compute),
      sideDragRatio: stat(side.ratio),
      sideFirstAnswerMs: stat(side.first),
      sideFrameMs: stat(side.frames.map((f) => f.presentedMs ?? NaN)),
      dragSettleMs: stat(settle),
      frameCpuMs: frameCpu,
      frameMs: framePresented,
      brushDabMs: stat(brush),
      batch200Ms: stat(batch),
    }
    const machine = {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '?',
      load1: loadavg()[0],
      chromium: CHROMIUM_PATH,
      userAgent: env.userAgent,
      crossOriginIsolated: env.isolated,
      hardwareConcurrency: env.cores,
      clockResolutionMs: clockMs,
    }
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify(
          {
            dragUpdateMs: dragUpdate.median,
            dragComputeMs: dragCompute.median,
            dragRatio: dragRatio.median,
            firstAnswerMs: first.median,
            figures,
            machine,
          },
          null,
          2,
        )}\n`,
      )
      return
    }
    const rows: [string, string][] = [
      ['Open the sample project (navigation to "Opened room")', cell(figures.openMs)],
      ['Click to nine answers in the store', cell(figures.clickNineMs)],
      ['Click to the first answer', cell(figures.clickFirstMs)],
      ['Goal drag update (move to nine answers in the store)', cell(dragUpdate)],
      ['Drag compute (the nine query times of the same moves, summed)', cell(dragCompute)],
      ['Drag ratio (update / compute, per move)', ratioCell(dragRatio)],
      ['First answer after a drag move', cell(first)],
      ['Drag move to its frame presented (software GL)', cell(figures.dragToFrameMs)],
      ['Drag at 16 ms a move: last move to its nine answers', cell(figures.dragSettleMs)],
      ['Compare frame, UI thread (software GL, apart)', cell(frameCpu)],
      ['Compare frame to the next animation frame (software GL, apart)', cell(framePresented)],
      ['Side by side (nine panes, debug layers): goal drag update', cell(figures.sideDragUpdateMs)],
      ['Side by side: drag compute', cell(figures.sideDragComputeMs)],
      ['Side by side: drag ratio', ratioCell(figures.sideDragRatio)],
      ['Side by side: first answer', cell(figures.sideFirstAnswerMs)],
      ['Side by side: frame to the next animation frame (software GL, apart)', cell(figures.sideFrameMs)],
      ['Brush dab to frame, 1920x1080 mask', cell(figures.brushDabMs)],
      ['Batch of 200 pairs, nine algorithms', cell(figures.batch200Ms)],
    ]
    const lines = [
      `Chromium ${env.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?'} headless, software GL (SwiftShader), ` +
        `${machine.cpus} cores (${machine.cpuModel}), load ${machine.load1.toFixed(2)}; ` +
        `crossOriginIsolated ${env.isolated}, clock step ${formatDuration(clockMs)}, hardwareConcurrency ${env.cores}.`,
      'Medians (min – max, n).',
      '',
      '| what | median (min – max, n) |',
      '| --- | --- |',
      ...rows.map(([a, b]) => `| ${a} | ${b} |`),
    ]
    process.stdout.write(`${lines.join('\n')}\n`)
  } finally {
    await browser?.close()
    await server.close()
  }
}

main().catch((e) => {
  process.stderr.write(`bench:ui: ${e instanceof Error ? e.message : String(e)}\n`)
  process.exit(1)
})
