/**
 * Pictures made here for the walk area proposed from the art (unit and component tests): a
 * room's background with a wall over a planked floor, a rug on the floor, and optionally a
 * worn patch of the floor a little lighter than the planks; every pixel jittered by a seeded
 * ±6 per channel.
 *
 * Glossary
 * - truth: 1 where a room's author would put the walk area: the floor (worn patch included)
 *   outside the rug.
 * - rect: a part of the picture as shares of its width and height (0..1).
 *
 * Units: px; colours 0..255 sRGB.
 */
import type { RgbaImage } from '../../src/shared/room/rgba-image'
import { createRandom } from '../../src/shared/measure/random'

type Rgb = readonly [number, number, number]

export interface ShareRect {
  x0: number
  y0: number
  x1: number
  y1: number
}

export const WALL: Rgb = [120, 150, 200]
export const PLANK: Rgb = [140, 90, 50]
export const SEAM: Rgb = [90, 55, 30]
export const RUG: Rgb = [170, 40, 60]
/** Planks worn lighter: 5.3 Lab units from PLANK, outside the colour limit at tolerance 0 (3), inside at the default 0.3 (6.6). */
export const WORN: Rgb = [155, 103, 62]

/**
 * A w x h room: the wall over the top third, planks 12 px wide with a dark 1 px seam between
 * them below, the rug (an obstacle) and the worn patch where given.
 */
export function plankedRoom(
  w: number,
  h: number,
  options: { rug?: ShareRect; worn?: ShareRect } = {},
): { picture: RgbaImage; truth: Uint8Array } {
  const rug = options.rug ?? { x0: 0.45, y0: 0.55, x1: 0.7, y1: 0.8 }
  const worn = options.worn
  const inside = (r: ShareRect | undefined, x: number, y: number) =>
    !!r && x >= r.x0 * w && x < r.x1 * w && y >= r.y0 * h && y < r.y1 * h
  const rng = createRandom(7)
  const data = new Uint8Array(w * h * 4)
  const truth = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const floor = y >= h / 3
      const onRug = floor && inside(rug, x, y)
      const colour = !floor ? WALL : onRug ? RUG : x % 12 === 0 ? SEAM : inside(worn, x, y) ? WORN : PLANK
      const p = y * w + x
      for (let c = 0; c < 3; c++)
        data[p * 4 + c] = Math.max(0, Math.min(255, colour[c] + Math.round((rng.next() - 0.5) * 12)))
      data[p * 4 + 3] = 255
      truth[p] = floor && !onRug ? 1 : 0
    }
  return { picture: { width: w, height: h, data }, truth }
}

/** Intersection over union of two 0/1 masks of one size (0 when both are empty). */
export function maskIou(a: Uint8Array, b: Uint8Array): number {
  let both = 0
  let either = 0
  for (let p = 0; p < a.length; p++) {
    if (a[p] && b[p]) both++
    if (a[p] || b[p]) either++
  }
  return either === 0 ? 0 : both / either
}

/** Two stones of a cobbled floor, about 13 Lab units apart (far outside the default limit of 6.6). */
export const COBBLE_LIGHT: Rgb = [150, 140, 120]
export const COBBLE_DARK: Rgb = [118, 108, 90]

/**
 * A w x h room whose floor (below the top third) is cobbled: squares of `stone` px (3: finer than the 7 px square the proposal reads the texture on), each one
 * of the two COBBLE colours at random (seeded); above it a flat wall, or, with `wallStones`,
 * a wall cobbled the same way in colours that overlap the floor's (WALL-ward of the light
 * stone), so that a limit wide enough for the floor's texture also reaches the wall.
 */
export function cobbledRoom(
  w: number,
  h: number,
  options: { stone?: number; wallStones?: boolean } = {},
): { picture: RgbaImage; truth: Uint8Array } {
  const stone = options.stone ?? 3
  const rng = createRandom(11)
  const pick = new Map<number, boolean>()
  const data = new Uint8Array(w * h * 4)
  const truth = new Uint8Array(w * h)
  const wallDark: Rgb = [150, 150, 150]
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const floor = y >= h / 3
      const cell = Math.floor(y / stone) * w + Math.floor(x / stone)
      if (!pick.has(cell)) pick.set(cell, rng.next() < 0.5)
      const light = pick.get(cell)!
      const colour = floor
        ? light
          ? COBBLE_LIGHT
          : COBBLE_DARK
        : options.wallStones
          ? light
            ? COBBLE_LIGHT
            : wallDark
          : WALL
      const p = y * w + x
      for (let c = 0; c < 3; c++) data[p * 4 + c] = colour[c]
      data[p * 4 + 3] = 255
      truth[p] = floor ? 1 : 0
    }
  return { picture: { width: w, height: h, data }, truth }
}

/** The lit floor's colour at the back (its top row) and at the front (the picture's bottom row): 36 Lab units apart in lightness. */
export const LIT_BACK: Rgb = [70, 45, 25]
export const LIT_FRONT: Rgb = [170, 120, 75]

/**
 * A w x h room lit from the front: a flat WALL over the top third, and below it a floor
 * whose colour runs evenly from LIT_BACK to LIT_FRONT, row by row (lamplight falling off
 * towards the back, as painted rooms often have), every pixel jittered by a seeded ±6 per
 * channel. No two rows next to each other differ by more than a Lab unit, but the two ends
 * lie far outside any colour limit of the slider.
 */
export function litRoom(w: number, h: number): { picture: RgbaImage; truth: Uint8Array } {
  const rng = createRandom(13)
  const data = new Uint8Array(w * h * 4)
  const truth = new Uint8Array(w * h)
  const top = Math.ceil(h / 3)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const floor = y >= top
      const t = floor ? (y - top) / Math.max(1, h - 1 - top) : 0
      const p = y * w + x
      for (let c = 0; c < 3; c++) {
        const base = floor ? LIT_BACK[c] + (LIT_FRONT[c] - LIT_BACK[c]) * t : WALL[c]
        data[p * 4 + c] = Math.max(0, Math.min(255, Math.round(base + (rng.next() - 0.5) * 12)))
      }
      data[p * 4 + 3] = 255
      truth[p] = floor ? 1 : 0
    }
  return { picture: { width: w, height: h, data }, truth }
}
