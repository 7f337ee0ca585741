/**
 * A walk area proposed from the art: the author clicks the floor in the background and gets
 * the region of the picture that looks like the floor there, bounded by the picture's edges.
 * The background is cut into segments once (floor-segments.ts); a proposal grows from the
 * clicked segment over touching segments, cheapest first, taking a segment while it is
 * close in colour to the floor gathered so far and to the neighbour it touches, alike in
 * texture, and not behind a strong edge of the picture. The tolerance (0..1, the slider)
 * scales every threshold together. The grown floor is cleaned up: specks smaller than a
 * small share of it are filled, and only the part joined to the click is kept.
 *
 * Glossary
 * - floor: the segments taken so far; its colour is their pixel-weighted mean.
 * - step cost: how unlike the floor a touching segment is (Lab units): the larger of its
 *   colour distance to the floor and to its neighbour inside the floor, plus the texture
 *   difference, or Infinity behind a strong edge.
 *
 * Units: room px for the seed and the answer; Lab units for colours; tolerance 0..1.
 */
import type { FloorSegments } from './floor-segments'

/** The tolerance the slider starts at. */
export const DEFAULT_FLOOR_TOLERANCE = 0.5

export interface FloorProposal {
  /** Room-size mask: 1 where the proposal is, 0 elsewhere. */
  mask: Uint8Array
  /** Pixels of the proposal, room px. */
  pixels: number
  /** Segments taken. */
  segments: number
}

/** Colour distance (Lab units) a step may cost at tolerance t. */
function stepLimit(t: number): number {
  return 2 + 28 * t
}

/** A min-heap of (cost, segment, from) triples. */
class StepHeap {
  private cost: number[] = []
  private seg: number[] = []
  private from: number[] = []
  get length(): number {
    return this.cost.length
  }
  push(c: number, s: number, f: number): void {
    this.cost.push(c)
    this.seg.push(s)
    this.from.push(f)
    let i = this.cost.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      if (this.cost[p] <= this.cost[i]) break
      this.swap(i, p)
      i = p
    }
  }
  pop(): [number, number, number] {
    const top: [number, number, number] = [this.cost[0], this.seg[0], this.from[0]]
    const lastC = this.cost.pop()!
    const lastS = this.seg.pop()!
    const lastF = this.from.pop()!
    if (this.cost.length > 0) {
      this.cost[0] = lastC
      this.seg[0] = lastS
      this.from[0] = lastF
      let i = 0
      for (;;) {
        const l = i * 2 + 1
        const r = l + 1
        let m = i
        if (l < this.cost.length && this.cost[l] < this.cost[m]) m = l
        if (r < this.cost.length && this.cost[r] < this.cost[m]) m = r
        if (m === i) break
        this.swap(i, m)
        i = m
      }
    }
    return top
  }
  private swap(a: number, b: number): void {
    ;[this.cost[a], this.cost[b]] = [this.cost[b], this.cost[a]]
    ;[this.seg[a], this.seg[b]] = [this.seg[b], this.seg[a]]
    ;[this.from[a], this.from[b]] = [this.from[b], this.from[a]]
  }
}

/** Propose the floor around `seed` (room px) at `tolerance` (0..1). */
export function proposeFloor(
  segments: FloorSegments,
  seed: { x: number; y: number },
  tolerance = DEFAULT_FLOOR_TOLERANCE,
  margin = 0,
): FloorProposal {
  const { workWidth: w, workHeight: h, labels, mean, size, spread, start, next, edge } = segments
  const t = Math.min(1, Math.max(0, tolerance))
  const limit = stepLimit(t)
  const sx = Math.min(w - 1, Math.max(0, Math.floor(seed.x / segments.scaleX)))
  const sy = Math.min(h - 1, Math.max(0, Math.floor(seed.y / segments.scaleY)))
  const first = labels[sy * w + sx]

  const taken = new Uint8Array(segments.count)
  const floor = [0, 0, 0]
  let floorSize = 0
  let floorSpread = 0
  const take = (s: number) => {
    taken[s] = 1
    for (let c = 0; c < 3; c++) floor[c] = (floor[c] * floorSize + mean[s * 3 + c] * size[s]) / (floorSize + size[s])
    floorSpread = (floorSpread * floorSize + spread[s] * size[s]) / (floorSize + size[s])
    floorSize += size[s]
  }
  const dist = (s: number, c: readonly number[] | Float64Array, at = 0) =>
    Math.hypot(mean[s * 3] - c[at], mean[s * 3 + 1] - c[at + 1], mean[s * 3 + 2] - c[at + 2])
  const variant = Number(globalThis.process?.env?.V ?? 0)
  const farFactor = Number(globalThis.process?.env?.F ?? 2.5)
  const cost = (s: number, from: number, across: number) => {
    const toFloor = dist(s, floor)
    const toNeighbour = dist(s, mean, from * 3)
    const texture = Math.abs(spread[s] - floorSpread) * 0.5
    if (variant === 0) {
      if (across > limit * 2) return Infinity
      return Math.max(toFloor, toNeighbour) + texture
    }
    if (variant === 1) {
      if (toFloor > limit * farFactor) return Infinity
      return Math.max(across, toNeighbour) + texture
    }
    // variant 2: neighbour + a share of the floor distance
    if (toFloor > limit * farFactor) return Infinity
    return toNeighbour * 0.7 + toFloor * 0.3 + texture
  }

  const heap = new StepHeap()
  const offer = (s: number) => {
    for (let i = start[s]; i < start[s + 1]; i++) {
      const n = next[i]
      if (!taken[n]) heap.push(cost(n, s, edge[i]), n, s)
    }
  }
  take(first)
  offer(first)
  let count = 1
  while (heap.length > 0) {
    const [, s, from] = heap.pop()
    if (taken[s]) continue
    // The floor has changed since this step was priced: price it again.
    let across = Infinity
    for (let i = start[s]; i < start[s + 1]; i++) if (next[i] === from) across = edge[i]
    const now = cost(s, from, across)
    if (now > limit) continue
    take(s)
    offer(s)
    count++
  }

  // Work mask, cleaned: the part joined to the seed, and small holes filled.
  const work = new Uint8Array(w * h)
  for (let p = 0; p < w * h; p++) work[p] = taken[labels[p]]
  keepComponent(work, w, h, sy * w + sx)
  fillSmallHoles(work, w, h, Math.max(4, floorSize * 0.01))

  // Back to room px (nearest work pixel).
  const { width, height } = segments
  const mask = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const wy = Math.min(h - 1, Math.floor(y / segments.scaleY))
    for (let x = 0; x < width; x++) mask[y * width + x] = work[wy * w + Math.min(w - 1, Math.floor(x / segments.scaleX))]
  }
  if (margin > 0) erode(mask, width, height, margin)
  let pixels = 0
  for (let p = 0; p < mask.length; p++) pixels += mask[p]
  return { mask, pixels, segments: count }
}

/** Keep only the 4-connected part of `mask` that holds pixel `seed`. */
function keepComponent(mask: Uint8Array, w: number, h: number, seed: number): void {
  if (!mask[seed]) return
  const seen = new Uint8Array(w * h)
  const stack = [seed]
  seen[seed] = 1
  while (stack.length > 0) {
    const p = stack.pop()!
    const x = p % w
    const visit = (q: number) => {
      if (!seen[q] && mask[q]) {
        seen[q] = 1
        stack.push(q)
      }
    }
    if (x > 0) visit(p - 1)
    if (x + 1 < w) visit(p + 1)
    if (p >= w) visit(p - w)
    if (p + w < w * h) visit(p + w)
  }
  for (let p = 0; p < w * h; p++) mask[p] = seen[p]
}

/** Fill the holes of `mask` (4-connected parts of 0 not touching the border) smaller than `maxPixels`. */
function fillSmallHoles(mask: Uint8Array, w: number, h: number, maxPixels: number): void {
  const seen = new Uint8Array(w * h)
  const part: number[] = []
  for (let start = 0; start < w * h; start++) {
    if (mask[start] || seen[start]) continue
    part.length = 0
    let border = false
    const stack = [start]
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
 * Take away every pixel of `mask` closer than `margin` px (Euclidean, two-pass chamfer 3-4
 * approximation) to a pixel of 0 inside the picture; the picture's border does not count,
 * since a floor goes on past it.
 */
function erode(mask: Uint8Array, w: number, h: number, margin: number): void {
  const far = new Float32Array(w * h)
  const BIG = 1e9
  for (let p = 0; p < w * h; p++) far[p] = mask[p] ? BIG : 0
  const A = 1
  const D = Math.SQRT2
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x
      let d = far[p]
      if (d === 0) continue
      if (x > 0) d = Math.min(d, far[p - 1] + A)
      if (y > 0) {
        d = Math.min(d, far[p - w] + A)
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
      if (x + 1 < w) d = Math.min(d, far[p + 1] + A)
      if (y + 1 < h) {
        d = Math.min(d, far[p + w] + A)
        if (x + 1 < w) d = Math.min(d, far[p + w + 1] + D)
        if (x > 0) d = Math.min(d, far[p + w - 1] + D)
      }
      far[p] = d
    }
  for (let p = 0; p < w * h; p++) if (far[p] < margin) mask[p] = 0
}
