/**
 * The UI benchmark: `npm run bench:ui` (builds the web edition, a minute or so, then drives
 * it for a few minutes) or `npm run bench:ui -- --no-build` (uses out/web as it is). The
 * built web edition is served cross-origin isolated on 127.0.0.1 and driven in headless
 * Chromium (playwright-core, software GL, an empty profile) on the sample project. Prints a
 * markdown table of medians with their spread, or with `--json` one JSON object.
 *
 *   tsx bench/ui.ts [--no-build] [--web-dir DIR] [--json] [--moves N] [--clicks N] [--opens N]
 *                   [--batches N] [--dabs N] [--side-moves N] [--brush-moves N] [--switches N] [--firsts N]
 *                   [--only first,compare,batch,brush,paint,switch]
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
 * - JS per brush move (brushMoveJsMs1080, brushMoveJsMs4k): a blank room of 1920x1080 and
 *   one of 4096x2304, switched to the mask, a brush stroke of 40 px dabs; per pointer move
 *   of the stroke (20 screen px, a hand's pace), the main thread's JavaScript time from the
 *   move until after its frame, as Chromium's sampling profiler sees it (100 µs samples in
 *   script or the garbage collector): the handler, the panels that follow the mask and the
 *   frame's drawing, whatever task runs them.
 * - room switch (roomSwitchMs): a click on another room of the project (both opened once
 *   before) until its room is drawn (the status line names it and a frame went by).
 * - first answer (firstAnswerMs): the first time Compare opens in a page, a goal clicked as
 *   soon as its canvas is ready: from that click's pointer event to the first of its answers
 *   in the store (the page's first query: workers, room and algorithms all cold but for what
 *   the editor prepared while idle). Compare open (compareOpenMs): from the click on the
 *   Compare tab to its first frame presented (the room on screen). Each in a fresh page
 *   (--firsts of them).
 * - drag first answer (dragFirstAnswerMs): from a goal drag move to its first answer.
 * - batch: 200 seeded pairs, all nine algorithms, from the Run click to the table.
 *
 * Units: ms.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { CDPSession, Page } from 'playwright-core'
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
  // The sample's walkable area is its polygons: the first press asks; keep them (the mask is painted).
  await page.mouse.click(box.x + 5, box.y + 5)
  const ask = page.getByRole('dialog', { name: 'Paint the walk mask?' })
  if (
    await ask.waitFor({ timeout: 3000 }).then(
      () => true,
      () => false,
    )
  ) {
    await ask.getByRole('button', { name: 'Keep the polygons' }).click()
    await ask.waitFor({ state: 'detached' })
  }
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

/** A frame went by: two animation frames after now. */
async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))))
}

/** A trace event as Chromium reports it (the fields read here). */
interface TraceEvent {
  name: string
  cat: string
  ph: string
  pid: number
  tid: number
  /** Thread time and thread-time duration, µs. */
  tts?: number
  tdur?: number
  args?: { name?: string }
}

/** The trace events recorded while `work` runs. */
async function traced(cdp: CDPSession, work: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = []
  const collect = (e: { value: object[] }): void => void events.push(...(e.value as TraceEvent[]))
  cdp.on('Tracing.dataCollected', collect)
  await cdp.send('Tracing.start', {
    categories: process.env.WALKBOX_BENCH_TRACE_GPU
      ? 'devtools.timeline,v8,v8.execute,disabled-by-default-devtools.timeline,gpu,gpu.service,disabled-by-default-gpu.service,disabled-by-default-gpu.decoder,cc,viz'
      : 'devtools.timeline,v8,v8.execute,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  })
  await work()
  const done = new Promise<void>((ok) => cdp.once('Tracing.tracingComplete', () => ok()))
  await cdp.send('Tracing.end')
  await done
  cdp.off('Tracing.dataCollected', collect)
  return events
}

/** Trace events that run JavaScript (their children are inside them). */
const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'RunMicrotasks',
  'EvaluateScript',
  'V8.Execute',
  'MinorGC',
  'MajorGC',
])

/**
 * CPU time of the page's main thread in script (and the collector), ms: the union of the
 * thread-time spans of the script events on it, so that nested events count once.
 */
function mainThreadScriptMs(events: readonly TraceEvent[]): number {
  // Every renderer's main thread (the page's; any other renderer is idle).
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const byThread = new Map<string, [number, number][]>()
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`
    if (!mains.has(thread) || e.ph !== 'X' || !SCRIPT_EVENTS.has(e.name)) continue
    if (e.tts === undefined || e.tdur === undefined) continue
    let spans = byThread.get(thread)
    if (!spans) byThread.set(thread, (spans = []))
    spans.push([e.tts, e.tts + e.tdur])
  }
  let us = 0
  for (const spans of byThread.values()) {
    spans.sort((a, b) => a[0] - b[0])
    let end = -Infinity
    for (const [a, b] of spans) {
      if (b <= end) continue
      us += b - Math.max(a, end)
      end = b
    }
  }
  return us / 1000
}

/** Room › New Blank Room… of the given size, then on screen; returns its name. */
async function newBlankRoom(page: Page, width: number, height: number): Promise<string> {
  const name = `Blank ${width}x${height}`
  await page.getByRole('menuitem', { name: 'Room' }).click()
  await page.getByRole('menuitem', { name: 'New Blank Room…' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Room name').fill(name)
  await dialog.getByLabel('Room width').fill(String(width))
  await dialog.getByLabel('Room height').fill(String(height))
  await dialog.getByRole('button', { name: /Create|Add room|OK/ }).click()
  await page.waitForFunction(
    (n) => (document.querySelector('[data-testid="status"]')?.textContent ?? '').includes(n),
    name,
    { timeout: 120_000 },
  )
  await frames(page)
  return name
}

/** The canvas's room-to-page mapping. */
async function editViewport(page: Page) {
  const host = page.getByTestId('canvas-host')
  const box = (await host.boundingBox())!
  const num = async (name: string) => Number(await host.getAttribute(name))
  const zoom = await num('data-zoom')
  const offsetX = await num('data-offset-x')
  const offsetY = await num('data-offset-y')
  return (x: number, y: number) => ({ x: box.x + offsetX + x * zoom, y: box.y + offsetY + y * zoom })
}

/**
 * Script time per brush move on a new blank room of `width` x `height`: the room is made, the
 * brush pressed once (a polygon room asks whether to paint the mask: yes), then a stroke of
 * `moves` pointer moves; per move, the ScriptDuration from before the move to after its frame.
 */
async function measureBrushMoves(
  page: Page,
  cdp: CDPSession,
  width: number,
  height: number,
  moves: number,
): Promise<number[]> {
  await page.getByRole('tab', { name: 'Edit' }).click()
  await newBlankRoom(page, width, height)
  await page.keyboard.press('b')
  await page.waitForFunction(
    () => document.querySelector('[data-testid="canvas-host"]')?.getAttribute('data-tool') === 'brush',
  )
  await page
    .getByLabel('Brush size')
    .fill('40')
    .catch(() => undefined)
  const at = await editViewport(page)
  // The first press may ask to switch the room to its mask (or show the notice's button).
  const first = at(width * 0.1, height * 0.5)
  await page.mouse.move(first.x, first.y)
  await page.mouse.down()
  await page.mouse.up()
  // A blank room's walkable area is its (no) polygons: the first press asks; switch to the mask.
  // (A build from before the question shows a notice with a button instead: --web-dir.)
  const ask = page.getByRole('dialog', { name: 'Paint the walk mask?' })
  const notice = page.getByTestId('authority-notice').getByRole('button')
  await ask.or(notice).first().waitFor()
  if (await ask.isVisible()) {
    await ask.getByRole('button', { name: 'Switch to the mask' }).click()
    await ask.waitFor({ state: 'detached' })
  } else await notice.click()
  await frames(page)
  const out: number[] = []
  // A hand's stroke: 20 screen px a move (at the fitted zoom, more room px on the larger room),
  // a zig-zag so that each move paints fresh pixels.
  const start = at(width * 0.1, height * 0.3)
  const step = (i: number) => ({ x: start.x + i * 20, y: start.y + (i % 2) * 20 })
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await frames(page)
  // Each move is traced alone: its JavaScript time is the main thread's CPU time (thread
  // time, so that other processes taking the cores do not count) inside script calls,
  // microtasks and garbage collections, whatever task ran them (the pointer event, the
  // panels' updates, the frame drawn at the next animation frame).
  const keep = process.env.WALKBOX_BENCH_PROFILE
  if (keep) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 })
    await cdp.send('Profiler.start')
  }
  for (let i = 1; i <= moves; i++) {
    const p = step(i)
    const events = await traced(cdp, async () => {
      await page.mouse.move(p.x, p.y)
      // Let the move's frame be drawn (the canvas renders on demand, at the next frame).
      await new Promise((r) => setTimeout(r, 80))
    })
    out.push(mainThreadScriptMs(events))
    if (process.env.WALKBOX_BENCH_VERBOSE) log(`  move ${i}: ${out.at(-1)!.toFixed(2)} ms`)
    if (process.env.WALKBOX_BENCH_TRACE && i === moves)
      writeFileSync(
        resolve(process.env.WALKBOX_BENCH_TRACE, `brush-${width}x${height}.trace.json`),
        JSON.stringify(events),
      )
  }
  if (keep) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown }
    writeFileSync(resolve(keep, `brush-${width}x${height}.cpuprofile`), JSON.stringify(profile))
  }
  await page.mouse.up()
  await frames(page)
  if (process.env.WALKBOX_BENCH_SHOTS)
    await page.screenshot({ path: resolve(process.env.WALKBOX_BENCH_SHOTS, `brush-${width}x${height}.png`) })
  return out
}

/** Room switches between the sample room and `other` (both opened once first), click to drawn. */
async function measureRoomSwitch(
  page: Page,
  cdp: CDPSession,
  other: { id: string; name: string },
  switches: number,
): Promise<number[]> {
  await page.getByRole('tab', { name: 'Edit' }).click()
  const rooms = [{ id: 'courtyard', name: 'Courtyard' }, other]
  const out: number[] = []
  // WALKBOX_BENCH_PROFILE: a CPU profile of the measured switches (switch.cpuprofile).
  const keep = process.env.WALKBOX_BENCH_PROFILE
  for (let i = 0; i < switches + 2; i++) {
    const { id, name } = rooms[i % 2]
    const trace =
      process.env.WALKBOX_BENCH_TRACE && i === switches + 1 ? process.env.WALKBOX_BENCH_TRACE : null
    let took = NaN
    const events = await traced(cdp, async () => {
      // Clicked in the page (no driver round trip in the time), until a frame after the room is drawn.
      const t0 = await page.evaluate((roomId) => {
        const t = performance.now()
        const row = document.querySelector(`[data-testid="room-list"] li[data-room="${roomId}"] button.open`)
        ;(row as HTMLElement).click()
        return t
      }, id)
      const handle = await page.waitForFunction(
        ([roomName, since]) =>
          (document.querySelector('[data-testid="status"]')?.textContent ?? '').includes(
            `Opened room ${roomName}`,
          )
            ? new Promise<number>((done) => requestAnimationFrame(() => done(performance.now() - since)))
            : null,
        [name, t0] as const,
        { polling: 'raf', timeout: 120_000 },
      )
      took = (await handle.jsonValue()) as number
    })
    if (trace) writeFileSync(resolve(trace, `switch-to-${id}.trace.json`), JSON.stringify(events))
    // The first two open each room once; the switches after them are measured.
    if (i >= 2) out.push(took)
    if (keep && i === 1) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      await cdp.send('Profiler.start')
    }
    if (process.env.WALKBOX_BENCH_VERBOSE)
      log(
        `  switch ${i} to ${id}: ${took.toFixed(1)} ms, main thread script ${mainThreadScriptMs(events).toFixed(1)} ms`,
      )
  }
  if (keep) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown }
    writeFileSync(resolve(keep, 'switch.cpuprofile'), JSON.stringify(profile))
  }
  return out
}

/**
 * Compare's first open in this page: from the click on its tab to its first frame presented
 * (`open`), then a goal clicked at once and, for that first query of the page, from the
 * click's pointer event to its first answer in the store (`first`).
 */
async function measureFirstAnswer(page: Page): Promise<{ open: number; first: number }> {
  const t0 = await page.evaluate(() => {
    const t = performance.now()
    const tab = [...document.querySelectorAll('[role="tab"]')].find(
      (e) => e.textContent?.trim() === 'Compare',
    )
    ;(tab as HTMLElement).click()
    return t
  })
  // Open: its first frame drawn and presented (the canvas shows the room), not just mounted.
  const readyHandle = await page.waitForFunction(
    (since) => {
      const f = window.__walkboxPerf?.frames.find((x) => x.startAt >= since && x.presentedMs !== null)
      return f ? f.startAt + f.presentedMs! : null
    },
    t0,
    { polling: 'raf', timeout: 120_000 },
  )
  const ready = (await readyHandle.jsonValue()) as number
  const before = await newestQueryId(page)
  await click(page, EAST.x, EAST.y)
  const handle = await page.waitForFunction(
    (b) => {
      const q = window.__walkboxPerf?.queries.at(-1)
      return q && q.id !== b && q.firstAt !== null && q.inputAt !== null ? q.firstAt - q.inputAt : null
    },
    before,
    { polling: 'raf', timeout: 120_000 },
  )
  const first = (await handle.jsonValue()) as number
  if (process.env.WALKBOX_BENCH_VERBOSE)
    log(`  first open: ready ${(ready - t0).toFixed(0)} ms, first answer ${first.toFixed(0)} ms`)
  return { open: ready - t0, first }
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

const PARTS = ['first', 'compare', 'batch', 'brush', 'paint', 'switch'] as const
type Part = (typeof PARTS)[number]

function empty(): DragResult {
  return { update: [], compute: [], ratio: [], first: [], toFrame: [], frames: [] }
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
      'brush-moves': { type: 'string', default: '30' },
      switches: { type: 'string', default: '8' },
      firsts: { type: 'string', default: '3' },
      only: { type: 'string' },
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
  const brushMoves = count('brush-moves', values['brush-moves'])
  const switches = count('switches', values.switches)
  const firsts = count('firsts', values.firsts)
  const only = new Set<Part>(
    (values.only?.split(',').filter(Boolean) ?? [...PARTS]).map((part) => {
      if (!(PARTS as readonly string[]).includes(part))
        throw new Error(`--only: expected some of ${PARTS.join(', ')}, got '${part}'`)
      return part as Part
    }),
  )

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
    const cdp = await browser.context.newCDPSession(page)
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
    let clicked = { nine: [] as number[], first: [] as number[] }
    let drag = empty()
    let side = empty()
    const settle: number[] = []
    const firstOpen: number[] = []
    const firstAnswer: number[] = []
    if (only.has('first') || only.has('compare') || only.has('batch')) {
      log(`Opening Compare and answering a first goal (${firsts} fresh pages)…`)
      // Each in a fresh page of its own (the first open is once per page), the last one here.
      for (let i = 1; i < firsts; i++) {
        const fresh = await measureOpen(server.url, 1)
        const first = await measureFirstAnswer(fresh.page)
        firstOpen.push(first.open)
        firstAnswer.push(first.first)
        await fresh.browser.close()
      }
      const traceDir = process.env.WALKBOX_BENCH_TRACE
      let first = { open: NaN, first: NaN }
      const events = await traced(cdp, async () => {
        first = await measureFirstAnswer(page)
      })
      if (traceDir) writeFileSync(resolve(traceDir, 'first-answer.trace.json'), JSON.stringify(events))
      firstOpen.push(first.open)
      firstAnswer.push(first.first)
      await newestDone(page)
      await click(page, WEST.x, WEST.y, true)
      await click(page, EAST.x, EAST.y)
      await newestDone(page)
    }
    if (only.has('compare')) {
      log(`Clicking ${clicks} goals…`)
      clicked = await measureClicks(page, clicks)
      log(`Dragging the goal ${moves} steps…`)
      drag = await measureDrag(page, moves)
      log('Dragging at a hand’s pace (16 ms a move, 60 moves) 3 times…')
      for (let i = 0; i < 3; i++) settle.push(await measureSettle(page, 60))
      log(`Side by side, dragging the goal ${sideMoves} steps…`)
      await page.getByRole('tab', { name: 'Side by side' }).click()
      await page.locator(`[data-testid="compare-canvas-host"][data-panes="${ALGORITHMS}"]`).waitFor()
      side = await measureDrag(page, sideMoves, 40)
      await page.getByRole('tab', { name: 'Overlay' }).click()
    }
    let batch: number[] = []
    if (only.has('batch')) {
      log(`Running ${batches} batches of 200 pairs…`)
      batch = await measureBatch(page, batches)
    }
    let brush: number[] = []
    if (only.has('brush')) {
      log(`Brush dabs (${dabs})…`)
      brush = await measureBrush(page, dabs)
    }
    let brush1080: number[] = []
    let brush4k: number[] = []
    let blank1080: { id: string; name: string } | null = null
    if (only.has('paint') || only.has('switch')) {
      log(`Brush strokes of ${brushMoves} moves on blank 1920x1080 and 4096x2304 rooms…`)
      brush1080 = await measureBrushMoves(page, cdp, 1920, 1080, brushMoves)
      blank1080 = { id: 'blank-1920x1080', name: 'Blank 1920x1080' }
      if (only.has('paint')) brush4k = await measureBrushMoves(page, cdp, 4096, 2304, brushMoves)
    }
    let switched: number[] = []
    if (only.has('switch') && blank1080) {
      log(`Switching rooms ${switches} times…`)
      switched = await measureRoomSwitch(page, cdp, blank1080, switches)
    }

    const dragUpdate = stat(drag.update)
    const dragCompute = stat(drag.compute)
    const dragRatio = stat(drag.ratio)
    const dragFirst = stat(drag.first)
    const frameCpu = stat(drag.frames.map((f) => f.cpuMs))
    const framePresented = stat(drag.frames.map((f) => f.presentedMs ?? NaN))
    const figures = {
      openMs: stat(opened.open),
      compareOpenMs: stat(firstOpen),
      firstAnswerMs: stat(firstAnswer),
      clickNineMs: stat(clicked.nine),
      clickFirstMs: stat(clicked.first),
      dragUpdateMs: dragUpdate,
      dragComputeMs: dragCompute,
      dragRatio,
      dragFirstAnswerMs: dragFirst,
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
      brushMoveJsMs1080: stat(brush1080),
      brushMoveJsMs4k: stat(brush4k),
      roomSwitchMs: stat(switched),
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
            brushMoveJsMs1080: figures.brushMoveJsMs1080.median,
            brushMoveJsMs4k: figures.brushMoveJsMs4k.median,
            roomSwitchMs: figures.roomSwitchMs.median,
            firstAnswerMs: figures.firstAnswerMs.median,
            dragUpdateMs: dragUpdate.median,
            dragComputeMs: dragCompute.median,
            dragRatio: dragRatio.median,
            dragFirstAnswerMs: dragFirst.median,
            figures,
            machine,
          },
          null,
          2,
        )}\n`,
      )
      return
    }
    const rows: [string, Stat, 'ms' | 'ratio'][] = [
      ['Open the sample project (navigation to "Opened room")', figures.openMs, 'ms'],
      ["Compare's first open: tab click to its first frame presented", figures.compareOpenMs, 'ms'],
      [
        "Compare's first answer: the page's first goal click to its first answer",
        figures.firstAnswerMs,
        'ms',
      ],
      ['Click to nine answers in the store', figures.clickNineMs, 'ms'],
      ['Click to the first answer', figures.clickFirstMs, 'ms'],
      ['Goal drag update (move to nine answers in the store)', dragUpdate, 'ms'],
      ['Drag compute (the nine query times of the same moves, summed)', dragCompute, 'ms'],
      ['Drag ratio (update / compute, per move)', dragRatio, 'ratio'],
      ['First answer after a drag move', dragFirst, 'ms'],
      ['Drag move to its frame presented (software GL)', figures.dragToFrameMs, 'ms'],
      ['Drag at 16 ms a move: last move to its nine answers', figures.dragSettleMs, 'ms'],
      ['Compare frame, UI thread (software GL, apart)', frameCpu, 'ms'],
      ['Compare frame to the next animation frame (software GL, apart)', framePresented, 'ms'],
      ['Side by side (nine panes, debug layers): goal drag update', figures.sideDragUpdateMs, 'ms'],
      ['Side by side: drag compute', figures.sideDragComputeMs, 'ms'],
      ['Side by side: drag ratio', figures.sideDragRatio, 'ratio'],
      ['Side by side: first answer', figures.sideFirstAnswerMs, 'ms'],
      ['Side by side: frame to the next animation frame (software GL, apart)', figures.sideFrameMs, 'ms'],
      ['Brush dab to frame, 1920x1080 mask', figures.brushDabMs, 'ms'],
      ['JavaScript per brush move, 1920x1080 room', figures.brushMoveJsMs1080, 'ms'],
      ['JavaScript per brush move, 4096x2304 room', figures.brushMoveJsMs4k, 'ms'],
      ['Room switch (click to the room drawn)', figures.roomSwitchMs, 'ms'],
      ['Batch of 200 pairs, nine algorithms', figures.batch200Ms, 'ms'],
    ]
    const lines = [
      `Chromium ${env.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?'} headless, software GL (SwiftShader), ` +
        `${machine.cpus} cores (${machine.cpuModel}), load ${machine.load1.toFixed(2)}; ` +
        `crossOriginIsolated ${env.isolated}, clock step ${formatDuration(clockMs)}, hardwareConcurrency ${env.cores}.`,
      'Medians (min – max, n).',
      '',
      '| what | median (min – max, n) |',
      '| --- | --- |',
      ...rows
        .filter(([, v]) => v.n > 0)
        .map(([a, v, kind]) => `| ${a} | ${kind === 'ms' ? cell(v) : ratioCell(v)} |`),
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
