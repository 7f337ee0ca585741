/**
 * Timing marks of the live comparison, always present and cheap (a few numbers per query
 * and per frame, in bounded rings), so that `npm run bench:ui` and anyone with DevTools can
 * read what a drag costs in the real build: `window.__walkboxPerf`.
 *
 * Glossary
 * - input: the pointer event that moved the start or goal (its `timeStamp`, on the same
 *   clock as `performance.now()`), remembered until the query it causes is sent.
 * - first / done: when the first answer, and the last answer, of a query were received and
 *   applied to the compare store (an answer to a query already replaced is not applied and
 *   not counted).
 * - compute: the summed query times the worker(s) measured for that query's answers.
 * - frame: one draw of the compare canvas: its time on the UI thread (`cpuMs`) and the time
 *   until the next animation frame after it (`presentedMs`, which under software GL includes
 *   the rasterising).
 *
 * Units: ms on the page's `performance.now()` clock.
 */

export interface QueryMarks {
  id: number
  /** Time stamp of the pointer event behind this query (null: not caused by the pointer). */
  inputAt: number | null
  sentAt: number
  firstAt: number | null
  doneAt: number | null
  /** Answers applied. */
  answers: number
  /** Summed worker-measured query times of the applied answers. */
  computeMs: number
}

export interface FrameMarks {
  startAt: number
  cpuMs: number
  presentedMs: number | null
  /** The newest query whose answers this frame shows (0: none). */
  queryId: number
}

/** Marks kept (the oldest go first). */
const KEEP = 256

export class LivePerf {
  readonly queries: QueryMarks[] = []
  readonly frames: FrameMarks[] = []
  /** Frames whose draw was skipped because the answers they would show were already replaced. */
  skippedFrames = 0
  private pendingInput: number | null = null
  private readonly byId = new Map<number, QueryMarks>()

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A pointer event moved the start or goal (its time stamp). */
  input(at: number): void {
    this.pendingInput = at
  }

  sent(id: number): void {
    const marks: QueryMarks = {
      id,
      inputAt: this.pendingInput,
      sentAt: this.now(),
      firstAt: null,
      doneAt: null,
      answers: 0,
      computeMs: 0,
    }
    this.pendingInput = null
    this.queries.push(marks)
    this.byId.set(id, marks)
    if (this.queries.length > KEEP) this.byId.delete(this.queries.shift()!.id)
  }

  answer(id: number, queryMs: number): void {
    const m = this.byId.get(id)
    if (!m) return
    if (m.firstAt === null) m.firstAt = this.now()
    m.answers++
    m.computeMs += queryMs
  }

  done(id: number): void {
    const m = this.byId.get(id)
    if (m && m.doneAt === null) m.doneAt = this.now()
  }

  /** A frame was drawn; `presented` is called by the caller on the next animation frame. */
  frame(startAt: number, queryId: number): (presentedAt: number) => void {
    const f: FrameMarks = { startAt, cpuMs: this.now() - startAt, presentedMs: null, queryId }
    this.frames.push(f)
    if (this.frames.length > KEEP) this.frames.shift()
    return (presentedAt) => {
      f.presentedMs = presentedAt - startAt
    }
  }

  clear(): void {
    this.queries.length = 0
    this.frames.length = 0
    this.byId.clear()
    this.skippedFrames = 0
    this.pendingInput = null
  }
}

/** The page's one instance, also on `window.__walkboxPerf`. */
export const livePerf = new LivePerf()

declare global {
  interface Window {
    __walkboxPerf?: LivePerf
  }
}
if (typeof window !== 'undefined') window.__walkboxPerf = livePerf
