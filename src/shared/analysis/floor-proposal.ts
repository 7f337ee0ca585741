/**
 * A walk area proposed from the art: the author clicks the floor in the background and gets
 * the part of the picture that looks like the floor there, bounded by the picture's edges,
 * as a mask to apply in one step. No model and no download: three classical steps.
 *
 * 1. Prepare (once per background, `prepareFloorPicture`): the picture is scaled down by
 *    area average to at most WORK_PIXELS pixels, turned into CIE Lab, and smoothed with a
 *    Kuwahara filter (Kuwahara et al. 1976): each pixel takes the mean colour of whichever
 *    of the four square windows at its corners varies least. Texture finer than the window
 *    (the seams between floor planks, dithering, noise) melts into its surface's colour,
 *    while the edge between two surfaces stays sharp, since the window on the edge's far
 *    side is the one that varies most.
 * 2. Grow (per click and tolerance, `proposeFloor`): seeded region growing (Adams and
 *    Bischof, "Seeded Region Growing", IEEE PAMI 1994) from the clicked pixel: the pixels
 *    touching the floor wait in a queue ordered by their colour distance to the floor's mean
 *    colour; the nearest is taken while its distance is under the tolerance's limit. So
 *    the floor takes all of its own surface before any other, and stops at a surface that
 *    differs by more than the limit.
 * 3. Clean up: holes smaller than a hundredth of the floor (specks the smoothing left) are
 *    filled, the mask is scaled back to room size, and a margin is taken off wherever the
 *    floor meets something else inside the picture (not at the picture's border, where a
 *    floor goes on), so that a character's feet stay on the floor, as authors draw walk
 *    areas.
 *
 * Glossary
 * - work image: the picture at work size (room px per work px: `scale`).
 * - Lab: CIE L*a*b* (D65, sRGB input); a distance of about 2.3 is a just-noticeable
 *   difference. Every colour distance here is in Lab units.
 * - tolerance: 0..1, the author's slider; the colour limit is 3 + 12 * tolerance Lab units.
 * - margin: room px taken off the floor's inner edges (default: a 24th of the test
 *   character's height, about half the width of its feet).
 *
 * Units: room px for seeds, margins and answers; Lab units for colour; tolerance 0..1.
 */

/** Work images hold at most this many pixels (about 650 x 490). */
export const WORK_PIXELS = 320_000

/** The tolerance the slider starts at. */
export const DEFAULT_FLOOR_TOLERANCE = 0.3

/** Half the side of the Kuwahara filter's windows, work px. */
const KUWAHARA_RADIUS = 2

/** Holes smaller than this share of the floor are filled. */
const SPECK_SHARE = 0.01

/** An RGBA picture, 4 bytes a pixel, row-major (as decoded backgrounds are). */
export interface RgbaPicture {
  width: number
  height: number
  data: Uint8Array | Uint8ClampedArray
}

/** A background prepared for proposals: its smoothed Lab colours at work size. */
export interface FloorPicture {
  /** Room size, px. */
  width: number
  height: number
  /** Work size, px. */
  workWidth: number
  workHeight: number
  /** Smoothed Lab colour of each work pixel, 3 numbers a pixel. */
  lab: Float32Array
}

export interface FloorProposal {
  /** Room-size mask: 1 where the proposed floor is, 0 elsewhere. */
  mask: Uint8Array
  /** Pixels of the proposal, room px. */
  pixels: number
}

/** The colour limit at a tolerance, Lab units. */
export function floorColourLimit(tolerance: number): number {
  return 3 + 12 * Math.min(1, Math.max(0, tolerance))
}

/** The margin a room's test character asks for: a 24th of its height, room px. */
export function defaultFloorMargin(characterHeight: number): number {
  return Math.max(0, Math.round(characterHeight / 24))
}

const SRGB_TO_LINEAR = (() => {
  const table = new Float64Array(256)
  for (let i = 0; i < 256; i++) {
    const c = i / 255
    table[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return table
})()

const labF = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116)

/** Scale a picture down by area average to at most WORK_PIXELS pixels, and smooth it (see the module comment). */
export function prepareFloorPicture(picture: RgbaPicture): FloorPicture {
  const { width, height, data } = picture
  if (width < 1 || height < 1 || data.length < width * height * 4)
    throw new Error(`floor proposal: expected ${width}x${height} RGBA pixels, got ${data.length} bytes`)
  const factor = Math.max(1, Math.sqrt((width * height) / WORK_PIXELS))
  const w = Math.max(1, Math.round(width / factor))
  const h = Math.max(1, Math.round(height / factor))
  const sums = new Float64Array(w * h * 4)
  for (let y = 0; y < height; y++) {
    const row = Math.min(h - 1, Math.floor((y * h) / height)) * w
    for (let x = 0; x < width; x++) {
      const o = (row + Math.min(w - 1, Math.floor((x * w) / width))) * 4
      const i = (y * width + x) * 4
      const alpha = data[i + 3] / 255
      sums[o] += SRGB_TO_LINEAR[data[i]] * alpha
      sums[o + 1] += SRGB_TO_LINEAR[data[i + 1]] * alpha
      sums[o + 2] += SRGB_TO_LINEAR[data[i + 2]] * alpha
      sums[o + 3]++
    }
  }
  const lab = new Float32Array(w * h * 3)
  for (let p = 0; p < w * h; p++) {
    const n = Math.max(1, sums[p * 4 + 3])
    const r = sums[p * 4] / n
    const g = sums[p * 4 + 1] / n
    const b = sums[p * 4 + 2] / n
    const fx = labF((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047)
    const fy = labF(0.2126 * r + 0.7152 * g + 0.0722 * b)
    const fz = labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    lab[p * 3] = 116 * fy - 16
    lab[p * 3 + 1] = 500 * (fx - fy)
    lab[p * 3 + 2] = 200 * (fy - fz)
  }
  return { width, height, workWidth: w, workHeight: h, lab: kuwahara(lab, w, h, KUWAHARA_RADIUS) }
}

/**
 * The Kuwahara filter of a 3-channel image: each pixel takes the mean of the least varying
 * of the four (r+1) x (r+1) windows that have it at a corner (at the border, the window
 * nearest that corner). Window sums come from summed
 * area tables, so the cost does not depend on r.
 */
function kuwahara(lab: Float32Array, w: number, h: number, r: number): Float32Array {
  const W = w + 1
  const sums = [0, 1, 2].map(() => new Float64Array(W * (h + 1)))
  const squares = new Float64Array(W * (h + 1))
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x
      const o = (y + 1) * W + x + 1
      let q = 0
      for (let c = 0; c < 3; c++) {
        const v = lab[p * 3 + c]
        const s = sums[c]
        s[o] = v + s[o - 1] + s[o - W] - s[o - W - 1]
        q += v * v
      }
      squares[o] = q + squares[o - 1] + squares[o - W] - squares[o - W - 1]
    }
  const box = (t: Float64Array, x0: number, y0: number, x1: number, y1: number) =>
    t[(y1 + 1) * W + x1 + 1] - t[y0 * W + x1 + 1] - t[(y1 + 1) * W + x0] + t[y0 * W + x0]
  const out = new Float32Array(lab.length)
  const rx = Math.min(r, w - 1)
  const ry = Math.min(r, h - 1)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let least = Infinity
      let m0 = 0
      let m1 = 0
      let m2 = 0
      for (let corner = 0; corner < 4; corner++) {
        // Windows keep their size at the picture's border (moved inside, not cut short), so
        // that a border window is not favoured for holding fewer pixels.
        const x0 = Math.max(0, Math.min(w - 1 - rx, corner & 1 ? x : x - rx))
        const y0 = Math.max(0, Math.min(h - 1 - ry, corner & 2 ? y : y - ry))
        const x1 = x0 + rx
        const y1 = y0 + ry
        const n = (x1 - x0 + 1) * (y1 - y0 + 1)
        const a = box(sums[0], x0, y0, x1, y1) / n
        const b = box(sums[1], x0, y0, x1, y1) / n
        const c = box(sums[2], x0, y0, x1, y1) / n
        const variance = box(squares, x0, y0, x1, y1) / n - (a * a + b * b + c * c)
        if (variance < least) {
          least = variance
          m0 = a
          m1 = b
          m2 = c
        }
      }
      const p = (y * w + x) * 3
      out[p] = m0
      out[p + 1] = m1
      out[p + 2] = m2
    }
  return out
}

/** A binary min-heap of work pixels keyed by a cost, in typed arrays of a fixed capacity. */
class PixelQueue {
  private costs: Float64Array
  private pixels: Int32Array
  size = 0
  constructor(capacity: number) {
    this.costs = new Float64Array(capacity)
    this.pixels = new Int32Array(capacity)
  }
  push(cost: number, pixel: number): void {
    const { costs, pixels } = this
    let i = this.size++
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (costs[parent] <= cost) break
      costs[i] = costs[parent]
      pixels[i] = pixels[parent]
      i = parent
    }
    costs[i] = cost
    pixels[i] = pixel
  }
  pop(): number {
    const { costs, pixels } = this
    const top = pixels[0]
    const n = --this.size
    const cost = costs[n]
    const pixel = pixels[n]
    let i = 0
    for (;;) {
      const l = i * 2 + 1
      if (l >= n) break
      const m = l + 1 < n && costs[l + 1] < costs[l] ? l + 1 : l
      if (costs[m] >= cost) break
      costs[i] = costs[m]
      pixels[i] = pixels[m]
      i = m
    }
    costs[i] = cost
    pixels[i] = pixel
    return top
  }
}

/**
 * Propose the floor around `seed` (room px; clamped into the picture) at `tolerance`
 * (0..1), with `margin` room px taken off its inner edges.
 */
export function proposeFloor(
  picture: FloorPicture,
  seed: { x: number; y: number },
  options: { tolerance?: number; margin?: number } = {},
): FloorProposal {
  const { workWidth: w, workHeight: h, lab, width, height } = picture
  const limit = floorColourLimit(options.tolerance ?? DEFAULT_FLOOR_TOLERANCE)
  const sx = Math.min(w - 1, Math.max(0, Math.floor((seed.x * w) / width)))
  const sy = Math.min(h - 1, Math.max(0, Math.floor((seed.y * h) / height)))

  // Seeded region growing.
  const n = w * h
  const inFloor = new Uint8Array(n)
  const queued = new Uint8Array(n)
  // Each work pixel is queued at most once.
  const queue = new PixelQueue(n)
  let l = 0
  let a = 0
  let b = 0
  let count = 0
  const limitSquared = limit * limit
  /** Squared colour distance of work pixel p to the floor's mean. */
  const distance = (p: number) => {
    const dl = lab[p * 3] - l
    const da = lab[p * 3 + 1] - a
    const db = lab[p * 3 + 2] - b
    return dl * dl + da * da + db * db
  }
  const take = (p: number) => {
    inFloor[p] = 1
    count++
    l += (lab[p * 3] - l) / count
    a += (lab[p * 3 + 1] - a) / count
    b += (lab[p * 3 + 2] - b) / count
    const x = p % w
    if (x > 0) offer(p - 1)
    if (x + 1 < w) offer(p + 1)
    if (p >= w) offer(p - w)
    if (p + w < n) offer(p + w)
  }
  const offer = (q: number) => {
    if (queued[q]) return
    queued[q] = 1
    queue.push(distance(q), q)
  }
  queued[sy * w + sx] = 1
  take(sy * w + sx)
  while (queue.size > 0) {
    const p = queue.pop()
    // The floor's mean has moved since p was queued: measure again now.
    if (distance(p) <= limitSquared) take(p)
  }
  fillSmallHoles(inFloor, w, h, count * SPECK_SHARE)

  // Back to room px (the work pixel each room pixel fell into), then the margin.
  const mask = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const row = Math.min(h - 1, Math.floor((y * h) / height)) * w
    for (let x = 0; x < width; x++)
      mask[y * width + x] = inFloor[row + Math.min(w - 1, Math.floor((x * w) / width))]
  }
  if ((options.margin ?? 0) > 0) takeMargin(mask, width, height, options.margin ?? 0)
  let pixels = 0
  for (let p = 0; p < mask.length; p++) pixels += mask[p]
  return { mask, pixels }
}

/** Fill the holes of `mask` (4-connected parts of 0 not touching the border) smaller than `maxPixels`. */
function fillSmallHoles(mask: Uint8Array, w: number, h: number, maxPixels: number): void {
  const seen = new Uint8Array(w * h)
  const part: number[] = []
  const stack: number[] = []
  for (let start = 0; start < w * h; start++) {
    if (mask[start] || seen[start]) continue
    part.length = 0
    let border = false
    stack.push(start)
    seen[start] = 1
    while (stack.length > 0) {
      const p = stack.pop()!
      part.push(p)
      const x = p % w
      if (x === 0 || x === w - 1 || p < w || p >= w * (h - 1)) border = true
      const visit = (q: number) => {
        if (!seen[q] && !mask[q]) {
          seen[q] = 1
          stack.push(q)
        }
      }
      if (x > 0) visit(p - 1)
      if (x + 1 < w) visit(p + 1)
      if (p >= w) visit(p - w)
      if (p + w < w * h) visit(p + w)
    }
    if (!border && part.length < maxPixels) for (const p of part) mask[p] = 1
  }
}

/**
 * Take away every pixel of `mask` nearer than `margin` px to a pixel of 0 inside the
 * picture (distances by a two-pass chamfer with steps 1 and √2, within 8% of Euclidean).
 */
function takeMargin(mask: Uint8Array, w: number, h: number, margin: number): void {
  const far = new Float32Array(w * h)
  for (let p = 0; p < w * h; p++) far[p] = mask[p] ? Infinity : 0
  const D = Math.SQRT2
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x
      let d = far[p]
      if (d === 0) continue
      if (x > 0) d = Math.min(d, far[p - 1] + 1)
      if (y > 0) {
        d = Math.min(d, far[p - w] + 1)
        if (x > 0) d = Math.min(d, far[p - w - 1] + D)
        if (x + 1 < w) d = Math.min(d, far[p - w + 1] + D)
      }
      far[p] = d
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const p = y * w + x
      let d = far[p]
      if (d === 0) continue
      if (x + 1 < w) d = Math.min(d, far[p + 1] + 1)
      if (y + 1 < h) {
        d = Math.min(d, far[p + w] + 1)
        if (x + 1 < w) d = Math.min(d, far[p + w + 1] + D)
        if (x > 0) d = Math.min(d, far[p + w - 1] + D)
      }
      far[p] = d
    }
  for (let p = 0; p < w * h; p++) if (far[p] < margin) mask[p] = 0
}
