/**
 * Frame hold: while the answers to the newest query are still coming in, the compare canvas
 * draws nothing, so that no frame shows answers a newer query has already replaced, and so
 * that the UI thread is free to receive the answers (under software GL the page is blocked
 * for the whole 100-300 ms a frame takes, and answers wait behind it). The hold ends when
 * the newest query is answered, or after `maxHoldMs` since it began, so that slow
 * algorithms still stream in on screen and a long drag still moves the handle.
 *
 * Glossary
 * - hold: frames requested now are remembered, not drawn.
 * - release: the hold ends; one frame is drawn if any was requested meanwhile.
 * - deadline: a hold that began at t ends at t + maxHoldMs at the latest; holding again
 *   while held does not move the deadline (a drag that never pauses still draws).
 *
 * Units: ms.
 */

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

  /** `draw` asks for one frame (it is called at most once per release). */
  constructor(
    private readonly draw: () => void,
    private readonly maxHoldMs: number,
    private readonly timers: HoldTimers = realTimers,
  ) {}

  get active(): boolean {
    return this.held
  }

  /** Begin holding (a query was sent), unless a hold is already running. */
  hold(): void {
    if (this.held) return
    this.held = true
    this.timer = this.timers.set(() => {
      this.timer = null
      this.release()
    }, this.maxHoldMs)
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
