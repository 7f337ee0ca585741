/**
 * Frame hold: while the answers to the newest query are still coming in, the compare canvas
 * draws nothing, so that no frame shows answers a newer query has already replaced, and so
 * that the UI thread is free to receive the answers (under software GL the page is blocked
 * for the whole 100-300 ms a frame takes, and answers wait behind it). The hold ends when
 * the newest query is answered, or after `maxHoldMs` since it began, so that slow
 * algorithms still stream in on screen and a long drag still moves the handle. The compare
 * view sets the longest hold from what its frames cost (`holdFor`): a short one where frames
 * are cheap (a GPU), a long one under software GL.
 *
 * Glossary
 * - hold: frames requested now are remembered, not drawn.
 * - release: the hold ends; one frame is drawn if any was requested meanwhile.
 * - deadline: a hold that began at t ends at t + maxHoldMs at the latest; holding again
 *   while held does not move the deadline (a drag that never pauses still draws).
 *
 * Units: ms.
 */

/**
 * Longest a frame waits for the answers to the newest query (see above), ms: about two
 * frames' time (`holdFor`), so that where frames are cheap a fast drag still draws often and
 * where they block the page for 100 ms or more (software GL) answers are not stuck behind
 * them; never less than MIN_HOLD_MS (the sample's answers take tens of ms) nor more than
 * MAX_HOLD_MS (slower answers then stream in on screen).
 */
const MIN_HOLD_MS = 50
const MAX_HOLD_MS = 250

/** The longest hold for frames that take `frameMs` each (a running mean; null: none yet), ms. */
export function holdFor(frameMs: number | null): number {
  if (frameMs === null || !Number.isFinite(frameMs)) return MAX_HOLD_MS
  return Math.min(MAX_HOLD_MS, Math.max(MIN_HOLD_MS, 2 * frameMs))
}

export interface HoldTimers {
  set(callback: () => void, ms: number): unknown
  clear(handle: unknown): void
}

const realTimers: HoldTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export class FrameHold {
  private timer: unknown = null
  private held = false
  private wanted = false

  /**
   * `draw` asks for one frame (it is called at most once per release); `maxHoldMs` is the
   * longest hold, or a function read as each hold begins.
   */
  constructor(
    private readonly draw: () => void,
    private readonly maxHoldMs: number | (() => number),
    private readonly timers: HoldTimers = realTimers,
  ) {}

  get active(): boolean {
    return this.held
  }

  /** Begin holding (a query was sent), unless a hold is already running. */
  hold(): void {
    if (this.held) return
    this.held = true
    const ms = typeof this.maxHoldMs === 'function' ? this.maxHoldMs() : this.maxHoldMs
    this.timer = this.timers.set(() => {
      this.timer = null
      this.release()
    }, ms)
  }

  /** End the hold (the newest query is answered); draw once if a frame was asked for. */
  release(): void {
    if (this.timer !== null) this.timers.clear(this.timer)
    this.timer = null
    if (!this.held) return
    this.held = false
    if (this.wanted) {
      this.wanted = false
      this.draw()
    }
  }

  /** Ask for a frame: drawn now when not held, else when the hold ends. */
  request(): void {
    if (this.held) {
      this.wanted = true
      return
    }
    this.draw()
  }

  /** Stop: no frame is drawn after this. */
  dispose(): void {
    if (this.timer !== null) this.timers.clear(this.timer)
    this.timer = null
    this.held = false
    this.wanted = false
  }
}
