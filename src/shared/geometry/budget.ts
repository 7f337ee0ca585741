/**
 * The work budget of a geometry step: hostile geometry inside the documented limits (10,000
 * vertices a ring, coordinates within ±1e6 px) must be answered or refused in bounded time,
 * never by running out of memory. Algorithms come first (edge grids sized by edges, not by
 * the bounding box); where nothing helps, a step gives up with `GeometryBudgetError`, whose
 * message is the one line the author sees (the CLI prints it and exits 2; the editor's
 * Compare shows it as that algorithm's row message).
 *
 * Glossary
 * - step: one piece of geometry work that may be refused: normalising the drawn polygons,
 *   checking a path's validity, preparing an algorithm. `withBudget(step, work)` runs it.
 * - deadline: `STEP_BUDGET_MS` after the outermost step started; long loops call
 *   `checkBudget()` (cheap: it reads the clock only every `CHECK_EVERY` calls).
 * - limit refusal: a step that can tell in advance that the work would be too large (a ring
 *   crossing itself millions of times, a raster larger than memory allows) refuses with
 *   `GeometryBudgetError` at once, without waiting for the deadline.
 *
 * Units: ms for times.
 */

/** Time one geometry step may take, ms (the 10 s). */
export const STEP_BUDGET_MS = 10_000

/** The refusal of a polygon room too large to rasterise for the grid algorithms. */
export function rasterTooLargeMessage(width: number, height: number): string {
  return `this room is too large for the grid algorithms: ${width} x ${height} px is over 100 megapixels (Walkbox's image limit)`
}

/** The clock is read once per this many `checkBudget` calls. */
const CHECK_EVERY = 1024

/** The one line of every refusal (the Conversions panel's tolerance slider simplifies an outline). */
export const TOO_COMPLEX_MESSAGE = `this outline is too complex to prepare within ${STEP_BUDGET_MS / 1000} s; simplify it with the tolerance slider`

/** A geometry step that would take too long or too much memory; the message is one line for the author. */
export class GeometryBudgetError extends Error {
  /** The step that gave up ('normalise', 'prepare visibility-polygon', ...). */
  readonly step: string
  constructor(step: string, message = TOO_COMPLEX_MESSAGE) {
    super(message)
    this.step = step
    this.name = 'GeometryBudgetError'
  }
}

interface Running {
  what: string
  deadline: number
}

let running: Running | undefined
let calls = 0
let now: () => number = () => performance.now()

/**
 * Runs `work` as the step `what` (see the glossary). A step inside another step shares the
 * outer one's deadline (a prepare that normalises first is one step). Throws
 * `GeometryBudgetError` when the work runs past the deadline.
 */
export function withBudget<T>(what: string, work: () => T, budgetMs = STEP_BUDGET_MS): T {
  if (running) return work()
  running = { what, deadline: now() + budgetMs }
  calls = 0
  try {
    return work()
  } finally {
    running = undefined
  }
}

/** Throws `GeometryBudgetError` when the running step is past its deadline; free outside a step. */
export function checkBudget(): void {
  if (!running || ++calls % CHECK_EVERY !== 0) return
  if (now() > running.deadline) throw new GeometryBudgetError(running.what)
}

/** Tests only: replace the clock (ms); returns a function that restores the real one. */
export function setBudgetClock(clock: () => number): () => void {
  const previous = now
  now = clock
  return () => {
    now = previous
  }
}
