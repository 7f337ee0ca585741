/**
 * A walk area proposed from the art: the author clicks the floor in the background and gets
 * the part of the picture that looks like the floor there, bounded by the picture's edges,
 * as a mask to apply in one step. No model and no download: four classical steps.
 *
 * 1. Prepare (once per background, `prepareFloorPicture`): the picture is scaled down by
 *    area average to at most WORK_PIXELS pixels, turned into CIE Lab, and smoothed with a
 *    Kuwahara filter (Kuwahara et al. 1976): each pixel takes the mean colour of whichever
 *    of the four square windows at its corners varies least. Texture finer than the window
 *    (the seams between floor planks, dithering, noise) melts into its surface's colour,
 *    while the edge between two surfaces stays sharp, since the window on the edge's far
 *    side is the one that varies most.
 * 2. Grow (per click and tolerance, `growFloor`): seeded region growing (Adams and
 *    Bischof, "Seeded Region Growing", IEEE PAMI 1994) from the clicked pixel: the pixels
 *    touching the floor wait in a queue ordered by their colour distance to a reference
 *    colour; the nearest is taken while its distance is under the tolerance's limit. So
 *    the floor takes all of its own surface before any other, and stops at a surface that
 *    differs by more than the limit. The reference is carried along the growing, a running
 *    average of the colours on the way from the click (over about 20 work px), and a pixel
 *    must also lie within three limits of the floor's mean: a floor whose colour drifts with
 *    the light (dark at the back, lit at the front) is followed to its end, while an edge,
 *    a change within a pixel or two, still stops it. A textured floor (dithering, stone, carpet that the
 *    smoothing leaves patchy) would stop at its own specks: the limit's scale stretches so
 *    that the default tolerance reaches three times the spread of the colours around the
 *    click when that is more, unless the floor grown so reaches the top of the picture where
 *    the unstretched limit did not (a floor lies below walls and sky); the stretched limit
 *    measures against the floor's mean only, and so does the unstretched one when the
 *    drifting reference carries the floor to the top where the mean did not.
 * 3. Clean up (`growFloor`, inside the floor's bounding box): holes smaller than a
 *    hundredth of the floor (specks the smoothing left) are filled, and lines up to 2 work
 *    px wide that cut into the floor (plank seams at the picture's border, cracks) are
 *    closed over (a closing by a 3 x 3 square). The floor is then kept as a signed distance
 *    field (exact Euclidean distance transform, Meijster et al. 2000 with Felzenszwalb and
 *    Huttenlocher's parabolas): how far each work pixel's centre lies inside the floor.
 * 4. Cut (per margin, `floorMask`): a room pixel is floor when the field, read bilinearly at
 *    its centre, is above the margin, so that a character's feet stay on the floor, as
 *    authors draw walk areas. The picture's border is no edge (a floor goes on past it), so
 *    no margin is taken there; and the outline runs smoothly at room size rather than in
 *    steps of the work scale. `floorOutline` traces the same cut at work size, for a cheap
 *    live preview.
 *
 * Glossary
 * - work image: the picture at work size (room px per work px: `scale`).
 * - Lab: CIE L*a*b* (D65, sRGB input); a distance of about 2.3 is a just-noticeable
 *   difference. Every colour distance here is in Lab units.
 * - tolerance: 0..1, the author's slider; the colour limit is 3 + 12 * tolerance Lab units.
 * - margin: room px taken off the floor's inner edges (default: a 24th of the test
 *   character's height, about half the width of its feet).
 * - field: signed distance to the floor's edge, work px, positive on the floor.
 *
 * Units: room px for seeds, margins and answers; Lab units for colour; tolerance 0..1.
 */

import type { AreaPolygon, Ring } from '../geometry/types'
import { simplifyAreas, traceMask } from '../geometry/vectorise'

/** Work images hold at most this many pixels (about 650 x 490). */
export const WORK_PIXELS = 320_000

/** The tolerance the slider starts at. */
export const DEFAULT_FLOOR_TOLERANCE = 0.3

/** Half the side of the Kuwahara filter's windows, work px. */
const KUWAHARA_RADIUS = 2

/** Holes smaller than this share of the floor are filled. */
const SPECK_SHARE = 0.01

/** The seed's texture is read over a square of this half side, work px. */
const SPREAD_RADIUS = 3

/**
 * A textured floor takes the colours within this many spreads of the seed's (the three-sigma
 * rule: nearly all of a surface's own colours lie within three standard deviations).
 */
const TEXTURE_SIGMAS = 3

/**
 * How fast the reference colour follows the floor's own colour as it grows (see
 * `growRegion`): a running average over about 1 / DRIFT_RATE = 20 work px.
 */
const DRIFT_RATE = 0.05

/** A floor pixel lies within this many colour limits of the floor's mean colour. */
const GLOBAL_REACH = 3

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
  private costs: Float32Array
  private pixels: Int32Array
  size = 0
  constructor(capacity: number) {
    this.costs = new Float32Array(capacity)
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

/** A rectangle of work px. */
export interface WorkBox {
  x: number
  y: number
  width: number
  height: number
}

/** A floor grown from a click, at work size, ready to be cut to any margin. */
export interface FloorGrowth {
  /** The picture it was grown on. */
  picture: FloorPicture
  /** The work pixels the field covers: the floor's bounding box and a border of 2 px (clipped to the picture). */
  box: WorkBox
  /**
   * Signed distance of each work pixel's centre in `box` to the floor's edge, work px:
   * positive on the floor (its distance to the nearest pixel that is not floor, less half a
   * pixel; the picture's border is no edge: a floor goes on past it), negative off it (exact
   * up to a diagonal step away, which is all a bilinear read needs; -2 farther out).
   */
  field: Float32Array
  /** Work pixels of the floor (holes filled, seams closed), before any margin. */
  count: number
}

/** Room px per work px (the same both ways up to rounding). */
export function workScale(picture: FloorPicture): number {
  return Math.sqrt((picture.width * picture.height) / (picture.workWidth * picture.workHeight))
}

/**
 * Grow the floor around `seed` (room px; clamped into the picture) at `tolerance` (0..1):
 * seeded region growing, then the small holes filled and the thin seams closed, as a
 * signed distance field (see `FloorGrowth`). Everything after the growing works inside the
 * floor's bounding box only.
 */
export function growFloor(
  picture: FloorPicture,
  seed: { x: number; y: number },
  tolerance: number,
): FloorGrowth {
  const { workWidth: w, workHeight: h, width, height } = picture
  const sx = Math.min(w - 1, Math.max(0, Math.floor((seed.x * w) / width)))
  const sy = Math.min(h - 1, Math.max(0, Math.floor((seed.y * h) / height)))
  const limit = floorColourLimit(tolerance)
  // A textured floor: the slider's scale stretches so that its default reaches three spreads
  // of the colours around the click (the slider still narrows and widens from there), unless
  // the floor then climbs to the top of the picture where at the slider's own limit it did
  // not (the ground prior: a floor lies below the walls and the sky; what reaches the top
  // has leaked into them).
  const stretch =
    (TEXTURE_SIGMAS * seedSpread(picture, sx, sy, SPREAD_RADIUS)) / floorColourLimit(DEFAULT_FLOOR_TOLERANCE)
  const textured = limit * stretch
  const start = sy * w + sx
  // The reference follows a drifting colour; unless that carries the floor to the top of
  // the picture where the floor's mean alone did not (the same ground prior as below).
  let grown = growRegion(picture, start, limit, true)
  if (grown.bounds.y0 === 0) {
    const plain = growRegion(picture, start, limit, false)
    if (plain.bounds.y0 > 0) grown = plain
  }
  if (stretch > 1) {
    // A textured floor is measured against its mean only: a reference following the
    // texture's specks under a stretched limit would wander off the floor.
    const wider = growRegion(picture, start, textured, false)
    if (wider.bounds.y0 > 0 || grown.bounds.y0 === 0) grown = wider
  }
  const { bounds } = grown
  const x0 = Math.max(0, bounds.x0 - 2)
  const y0 = Math.max(0, bounds.y0 - 2)
  const box = {
    x: x0,
    y: y0,
    width: Math.min(w, bounds.x1 + 3) - x0,
    height: Math.min(h, bounds.y1 + 3) - y0,
  }
  // The region, cut to the box. Where the box is not cut short by the picture's border, its
  // outer 2 px are off the floor, so nothing past the box changes a distance or a hole.
  const bw = box.width
  const bh = box.height
  const region = new Uint8Array(bw * bh)
  for (let y = 0; y < bh; y++)
    region.set(grown.region.subarray((y + y0) * w + x0, (y + y0) * w + x0 + bw), y * bw)
  let count = grown.count
  count += fillSmallHoles(region, bw, bh, count * SPECK_SHARE)
  count += closeSeams(region, bw, bh)
  return { picture, box, field: signedField(region, bw, bh), count }
}

/**
 * The spread of the colours around work pixel (x, y): the root mean squared distance of the
 * colours of a square of side 2r + 1 (clipped to the picture) to their mean, Lab units.
 */
function seedSpread(picture: FloorPicture, x: number, y: number, r: number): number {
  const { workWidth: w, workHeight: h, lab } = picture
  let n = 0
  const sum = [0, 0, 0]
  let squares = 0
  for (let j = Math.max(0, y - r); j <= Math.min(h - 1, y + r); j++)
    for (let i = Math.max(0, x - r); i <= Math.min(w - 1, x + r); i++) {
      const p = (j * w + i) * 3
      for (let c = 0; c < 3; c++) {
        sum[c] += lab[p + c]
        squares += lab[p + c] * lab[p + c]
      }
      n++
    }
  const meanSquares = (sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]) / (n * n)
  return Math.sqrt(Math.max(0, squares / n - meanSquares))
}

/**
 * Seeded region growing from work pixel `start` under a colour limit (Lab units): 1 on the
 * grown region, its pixel count and its bounding box (inclusive).
 *
 * A pixel is measured against a reference colour carried along the growing rather than
 * against the floor's mean alone: each floor pixel's reference is its parent's (the floor
 * pixel that offered it) moved towards its own colour, by 1 / (steps from the click + 1)
 * for the first 1 / DRIFT_RATE steps (the mean of the path so far) and by DRIFT_RATE after
 * (a running average over about that many work px). So a floor whose colour drifts with the
 * light (dark at the back, lit at the front) is followed, while an edge, a change within a
 * pixel or two, is not. A pixel must also lie within GLOBAL_REACH limits of the floor's
 * mean, so that a slow drift cannot carry the floor into every colour of the picture.
 * Without `drift`, a pixel is measured against the floor's mean only (Adams and Bischof).
 */
function growRegion(
  picture: FloorPicture,
  start: number,
  limit: number,
  drift: boolean,
): { region: Uint8Array; count: number; bounds: { x0: number; y0: number; x1: number; y1: number } } {
  const { workWidth: w, workHeight: h, lab } = picture
  const n = w * h
  const reference = new Float32Array(n * 3)
  const steps = new Int32Array(n)
  // The floor pixel that first offered each waiting pixel (its reference is the one read).
  const parent = new Int32Array(n).fill(-1)
  const inFloor = new Uint8Array(n)
  // Each work pixel is queued at most once.
  const queue = new PixelQueue(n)
  const limitSquared = limit * limit
  const reachSquared = drift ? 1 / (GLOBAL_REACH * GLOBAL_REACH) : 1
  let l = lab[start * 3]
  let a = lab[start * 3 + 1]
  let b = lab[start * 3 + 2]
  let count = 0
  let x0 = w
  let y0 = h
  let x1 = -1
  let y1 = -1
  // The squared distance of pixel q to floor pixel p's reference, or (scaled) to the mean.
  const cost = (p: number, q: number) => {
    const dl = lab[q * 3] - reference[p * 3]
    const da = lab[q * 3 + 1] - reference[p * 3 + 1]
    const db = lab[q * 3 + 2] - reference[p * 3 + 2]
    const el = lab[q * 3] - l
    const ea = lab[q * 3 + 1] - a
    const eb = lab[q * 3 + 2] - b
    const toMean = reachSquared * (el * el + ea * ea + eb * eb)
    return drift ? Math.max(dl * dl + da * da + db * db, toMean) : toMean
  }
  const offer = (p: number, q: number) => {
    if (parent[q] >= 0 || q === start) return
    parent[q] = p
    queue.push(cost(p, q), q)
  }
  reference.set(lab.subarray(start * 3, start * 3 + 3), start * 3)
  let p = start
  for (;;) {
    inFloor[p] = 1
    count++
    const from = parent[p]
    if (from >= 0) {
      steps[p] = steps[from] + 1
      const rate = Math.max(DRIFT_RATE, 1 / (steps[p] + 1))
      for (let c = 0; c < 3; c++)
        reference[p * 3 + c] = reference[from * 3 + c] + rate * (lab[p * 3 + c] - reference[from * 3 + c])
    }
    l += (lab[p * 3] - l) / count
    a += (lab[p * 3 + 1] - a) / count
    b += (lab[p * 3 + 2] - b) / count
    const y = (p / w) | 0
    const x = p - y * w
    if (x < x0) x0 = x
    if (x > x1) x1 = x
    if (y < y0) y0 = y
    if (y > y1) y1 = y
    if (x > 0) offer(p, p - 1)
    if (x + 1 < w) offer(p, p + 1)
    if (p >= w) offer(p, p - w)
    if (p + w < n) offer(p, p + w)
    // The nearest waiting pixel, measured again (the floor's mean has moved since it was queued).
    let next = -1
    while (queue.size > 0) {
      const q = queue.pop()
      if (!inFloor[q] && cost(parent[q], q) <= limitSquared) {
        next = q
        break
      }
    }
    if (next < 0) break
    p = next
  }
  return { region: inFloor, count, bounds: { x0, y0, x1, y1 } }
}

/**
 * Fill the holes of `mask` (4-connected parts of 0 that touch no edge of the box) smaller
 * than `maxPixels`. A part touching an edge of the box is outside the floor or touches the
 * picture's border: no hole. The pixels filled.
 */
function fillSmallHoles(mask: Uint8Array, w: number, h: number, maxPixels: number): number {
  const n = w * h
  const seen = new Uint8Array(n)
  const stack = new Int32Array(n)
  const part = new Int32Array(n)
  let filled = 0
  for (let start = 0; start < n; start++) {
    if (mask[start] || seen[start]) continue
    let top = 0
    let size = 0
    let edge = false
    stack[top++] = start
    seen[start] = 1
    while (top > 0) {
      const p = stack[--top]
      part[size++] = p
      const x = p % w
      if (x === 0 || x === w - 1 || p < w || p >= n - w) edge = true
      if (x > 0 && !seen[p - 1] && !mask[p - 1]) {
        seen[p - 1] = 1
        stack[top++] = p - 1
      }
      if (x + 1 < w && !seen[p + 1] && !mask[p + 1]) {
        seen[p + 1] = 1
        stack[top++] = p + 1
      }
      if (p >= w && !seen[p - w] && !mask[p - w]) {
        seen[p - w] = 1
        stack[top++] = p - w
      }
      if (p + w < n && !seen[p + w] && !mask[p + w]) {
        seen[p + w] = 1
        stack[top++] = p + w
      }
    }
    if (!edge && size < maxPixels) {
      for (let i = 0; i < size; i++) mask[part[i]] = 1
      filled += size
    }
  }
  return filled
}

/**
 * Morphological closing of `mask` by a 3 x 3 square (a disc of radius 1.5 px): dilate,
 * then erode, the erosion reading past the box's edge as floor, so that nothing is taken
 * off. Lines of another colour up to 2 px wide that cut into the floor (the seams between
 * planks, a crack) become floor. The pixels added.
 */
function closeSeams(mask: Uint8Array, w: number, h: number): number {
  const dilated = spread3(mask, w, h, 1)
  const closed = spread3(dilated, w, h, 0)
  let added = 0
  for (let p = 0; p < mask.length; p++)
    if (!mask[p] && closed[p]) {
      mask[p] = 1
      added++
    }
  return added
}

/**
 * A 3 x 3 square spread of `value` over a 0/1 image: every pixel with `value` in its 3 x 3
 * neighbourhood becomes `value` (value 1: dilation; value 0: erosion, reading past the
 * image's edge as 1). Separable: rows, then columns.
 */
function spread3(image: Uint8Array, w: number, h: number, value: number): Uint8Array {
  const rows = new Uint8Array(image.length)
  for (let y = 0; y < h; y++) {
    const r = y * w
    for (let x = 0; x < w; x++) {
      const hit =
        image[r + x] === value ||
        (x > 0 && image[r + x - 1] === value) ||
        (x + 1 < w && image[r + x + 1] === value)
      rows[r + x] = hit ? value : 1 - value
    }
  }
  const out = new Uint8Array(image.length)
  for (let p = 0; p < image.length; p++) {
    const hit =
      rows[p] === value ||
      (p >= w && rows[p - w] === value) ||
      (p + w < image.length && rows[p + w] === value)
    out[p] = hit ? value : 1 - value
  }
  return out
}

/** See `FloorGrowth.field`: the signed distance field of a 0/1 region. */
function signedField(region: Uint8Array, w: number, h: number): Float32Array {
  const inside = distancesToZero(region, w, h)
  const field = new Float32Array(w * h)
  for (let p = 0; p < field.length; p++) {
    if (region[p]) {
      field[p] = Math.sqrt(inside[p]) - 0.5
      continue
    }
    const x = p % w
    const left = x > 0
    const right = x + 1 < w
    const up = p >= w
    const down = p + w < field.length
    if (
      (left && region[p - 1]) ||
      (right && region[p + 1]) ||
      (up && region[p - w]) ||
      (down && region[p + w])
    )
      field[p] = -0.5
    else if (
      (up && ((left && region[p - w - 1]) || (right && region[p - w + 1]))) ||
      (down && ((left && region[p + w - 1]) || (right && region[p + w + 1])))
    )
      field[p] = 0.5 - Math.SQRT2
    else field[p] = -2
  }
  return field
}

/** A squared distance larger than any in a picture. */
const FAR = 1e20

/**
 * Squared Euclidean distance from each pixel's centre to the nearest pixel of value 0 (0 on
 * those; FAR when there is none), in the two phases of Meijster, Roerdink and Hesselink ("A
 * general algorithm for computing distance transforms in linear time", 2000): distances
 * along each column by two sweeps (row by row, so memory is read in order), then along each
 * row the lower envelope of parabolas (Felzenszwalb and Huttenlocher, "Distance Transforms
 * of Sampled Functions", 2012). Exact, linear time. Nothing lies past the image's edges.
 */
function distancesToZero(image: Uint8Array, w: number, h: number): Float64Array {
  const g = new Float64Array(w * h)
  for (let x = 0; x < w; x++) g[x] = image[x] ? FAR : 0
  for (let y = 1; y < h; y++) {
    const r = y * w
    for (let x = 0; x < w; x++) g[r + x] = image[r + x] ? g[r - w + x] + 1 : 0
  }
  for (let y = h - 2; y >= 0; y--) {
    const r = y * w
    for (let x = 0; x < w; x++) {
      const below = g[r + w + x] + 1
      if (below < g[r + x]) g[r + x] = below
    }
  }
  const f = new Float64Array(w)
  const out = new Float64Array(w)
  const v = new Int32Array(w)
  const z = new Float64Array(w + 1)
  for (let y = 0; y < h; y++) {
    const r = y * w
    for (let x = 0; x < w; x++) {
      const c = g[r + x]
      f[x] = c >= FAR ? FAR : c * c
    }
    lowerEnvelope(f, w, out, v, z)
    for (let x = 0; x < w; x++) g[r + x] = out[x]
  }
  return g
}

/**
 * One row of `distancesToZero`: out[q] = min over i of (q - i)² + f[i], over the entries
 * below FAR (FAR everywhere when there is none). `v` holds the parabolas of the lower
 * envelope, `z` the boundaries between them.
 */
function lowerEnvelope(f: Float64Array, n: number, out: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = -1
  const meet = (q: number, r: number) => (f[q] + q * q - f[r] - r * r) / (2 * (q - r))
  for (let q = 0; q < n; q++) {
    if (f[q] >= FAR) continue
    if (k < 0) {
      k = 0
      v[0] = q
      z[0] = -Infinity
      z[1] = Infinity
      continue
    }
    let s = meet(q, v[k])
    while (s <= z[k]) {
      k--
      s = meet(q, v[k])
    }
    k++
    v[k] = q
    z[k] = s
    z[k + 1] = Infinity
  }
  if (k < 0) {
    out.fill(FAR, 0, n)
    return
  }
  k = 0
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++
    const dq = q - v[k]
    out[q] = dq * dq + f[v[k]]
  }
}

/** The margin in work px (the field's unit) for `margin` room px. */
function workMargin(picture: FloorPicture, margin: number): number {
  return Math.max(0, margin) / workScale(picture)
}

/**
 * The floor at room size with `margin` room px taken off its inner edges: a room pixel is
 * floor when the field, read bilinearly at its centre, is above the margin, so the outline
 * runs smoothly between work pixels instead of in steps of the work scale.
 *
 * The room is read cell by cell (a cell: the room pixels between four work pixel centres).
 * A bilinear read lies between its four corners, so a cell whose corners are all above the
 * margin is floor throughout and one with all of them at or below is not: only the cells
 * the edge crosses are read pixel by pixel, and only the cells over the growth's box at all.
 */
export function floorMask(growth: FloorGrowth, margin = 0): FloorProposal {
  const { picture, field, box } = growth
  const { width, height, workWidth: w, workHeight: h } = picture
  const limit = workMargin(picture, margin)
  const mask = new Uint8Array(width * height)
  // The field with a border of one work pixel far off the floor, so every read is in it.
  const fw = box.width + 2
  const padded = new Float32Array(fw * (box.height + 2)).fill(-2)
  for (let y = 0; y < box.height; y++)
    padded.set(field.subarray(y * box.width, (y + 1) * box.width), (y + 1) * fw + 1)
  const cols = cellSpans(width, w)
  const rows = cellSpans(height, h)
  // Cells (i, j) with a corner in the box: i from box.x - 1 to box.x + box.width - 1.
  const i0 = Math.max(0, box.x - 1)
  const i1 = Math.min(cols.cells - 1, box.x + box.width - 1)
  const j0 = Math.max(0, box.y - 1)
  const j1 = Math.min(rows.cells - 1, box.y + box.height - 1)
  // The field at work pixel (i, j), i and j within one pixel of the box.
  const at = (i: number, j: number) => padded[(j - box.y + 1) * fw + (i - box.x + 1)]
  let pixels = 0
  for (let j = j0; j <= j1; j++) {
    const ya = rows.start[j]
    const yb = rows.start[j + 1]
    if (ya === yb) continue
    const jn = Math.min(h - 1, j + 1)
    for (let i = i0; i <= i1; i++) {
      const xa = cols.start[i]
      const xb = cols.start[i + 1]
      if (xa === xb) continue
      const inext = Math.min(w - 1, i + 1)
      const v00 = at(i, j)
      const v10 = at(inext, j)
      const v01 = at(i, jn)
      const v11 = at(inext, jn)
      if (v00 <= limit && v10 <= limit && v01 <= limit && v11 <= limit) continue
      if (v00 > limit && v10 > limit && v01 > limit && v11 > limit) {
        for (let y = ya; y < yb; y++) mask.fill(1, y * width + xa, y * width + xb)
        pixels += (yb - ya) * (xb - xa)
        continue
      }
      for (let y = ya; y < yb; y++) {
        const ty = rows.t[y]
        const left = v00 + (v01 - v00) * ty
        const right = v10 + (v11 - v10) * ty
        const row = y * width
        for (let x = xa; x < xb; x++)
          if (left + (right - left) * cols.t[x] > limit) {
            mask[row + x] = 1
            pixels++
          }
      }
    }
  }
  return { mask, pixels }
}

/**
 * How `room` px along one axis fall between the centres of `work` px: cell k runs from
 * work centre k to k + 1 and holds the room px start[k] to start[k + 1] - 1; t[x] is where
 * room px x's centre lies in its cell (0..1). Room px before the first centre or after the
 * last belong to the first or last cell (t clamped), and a one-pixel axis has one cell.
 */
function cellSpans(room: number, work: number): { cells: number; start: Int32Array; t: Float32Array } {
  const cells = Math.max(1, work - 1)
  const start = new Int32Array(cells + 1)
  const t = new Float32Array(room)
  let k = 0
  for (let x = 0; x < room; x++) {
    const u = Math.min(work - 1, Math.max(0, ((x + 0.5) * work) / room - 0.5))
    const cell = Math.min(cells - 1, Math.floor(u))
    while (k < cell) start[++k] = x
    t[x] = work === 1 ? 0 : Math.min(1, u - cell)
  }
  while (k < cells) start[++k] = room
  return { cells, start, t }
}

/**
 * The outline of the floor with `margin` room px taken off, traced at work size and
 * simplified by `simplify` work px, in room px: a cheap picture of the proposal for a live
 * preview (the mask itself is `floorMask`).
 */
export function floorOutline(growth: FloorGrowth, margin = 0, simplify = 0.75): AreaPolygon[] {
  const { picture, field, box } = growth
  const limit = workMargin(picture, margin)
  const traced = simplifyAreas(
    traceMask(box.width, box.height, (i) => field[i] > limit),
    simplify,
  )
  const sx = picture.width / picture.workWidth
  const sy = picture.height / picture.workHeight
  const scale = (ring: Ring): Ring => ring.map((p) => ({ x: (p.x + box.x) * sx, y: (p.y + box.y) * sy }))
  return traced.map((a) => ({ outer: scale(a.outer), holes: a.holes.map(scale) }))
}

/**
 * Propose the floor around `seed` (room px; clamped into the picture) at `tolerance`
 * (0..1), with `margin` room px taken off its inner edges: `growFloor` then `floorMask`.
 */
export function proposeFloor(
  picture: FloorPicture,
  seed: { x: number; y: number },
  options: { tolerance?: number; margin?: number } = {},
): FloorProposal {
  return floorMask(
    growFloor(picture, seed, options.tolerance ?? DEFAULT_FLOOR_TOLERANCE),
    options.margin ?? 0,
  )
}
