/**
 * The ticks of the canvas rulers: where, in screen px along a ruler, each room px value
 * falls, with a label every "nice" step (1, 2 or 5 times a power of ten) chosen so that
 * labels stay at least MIN_LABEL_GAP screen px apart at any zoom, and unlabelled minor
 * ticks at a fifth of it when they are far enough apart to see.
 *
 * Units: room px in, screen (CSS) px out.
 */

/** Fewest screen px between two labelled ticks. */
export const MIN_LABEL_GAP = 60
/** Fewest screen px between two minor ticks. */
const MIN_MINOR_GAP = 6

export interface RulerTick {
  /** Screen px along the ruler. */
  at: number
  /** Room px. */
  value: number
  major: boolean
}

/** The smallest 1, 2 or 5 × 10^k that is at least `least`. */
export function niceStep(least: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(least, 1e-9)))
  for (const m of [1, 2, 5, 10]) if (m * power >= least) return m * power
  return 10 * power
}

/**
 * The ticks of a ruler `length` screen px long, where room px 0 is at screen `offset` and
 * one room px is `zoom` screen px.
 */
export function rulerTicks(length: number, offset: number, zoom: number): RulerTick[] {
  const major = Math.max(1, niceStep(MIN_LABEL_GAP / zoom))
  const minor = major / 5
  const step = minor * zoom >= MIN_MINOR_GAP ? minor : major
  const first = Math.floor(-offset / zoom / step) * step
  const ticks: RulerTick[] = []
  for (let i = 0; ; i++) {
    const value = first + i * step
    const at = value * zoom + offset
    if (at > length) break
    if (at < 0) continue
    // Round off the float noise of repeated fifths (0.6000000001).
    const v = Math.round(value * 1e6) / 1e6
    ticks.push({ at, value: v, major: Math.abs(v / major - Math.round(v / major)) < 1e-6 })
  }
  return ticks
}
