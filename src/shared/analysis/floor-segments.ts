/**
 * A room's background cut into small regions of like colour (segments), the first step of
 * proposing a walk area from the art (floor-proposal.ts). The cut is the graph-based
 * segmentation of Felzenszwalb and Huttenlocher ("Efficient Graph-Based Image
 * Segmentation", IJCV 2004): pixels are nodes, neighbouring pixels are joined by edges
 * weighted by their colour difference, and edges are taken from the lightest up, joining
 * two regions when the edge is no heavier than the larger of either region's internal
 * difference plus `scale / size`. Regions thus follow the picture's edges: a wood floor's
 * planks stay apart from the wall, while a soft gradient stays one region.
 *
 * Glossary
 * - work image: the background scaled down (area average) so that it has at most
 *   WORK_PIXELS pixels; segmentation runs there and answers are scaled back up.
 * - Lab: CIE L*a*b* (D65), where a Euclidean distance of about 2.3 is a just-noticeable
 *   colour difference; every colour distance here is in Lab units.
 * - segment: a connected set of work pixels, numbered 0..count-1.
 * - adjacency: for each pair of touching segments, how long their shared border is (work
 *   px edges) and how strong the picture's edge is along it (mean Lab difference across).
 *
 * Units: room px for anything about the room, work px inside; Lab units for colour.
 */

/** Work images hold at most this many pixels (about 640 x 480). */
export const WORK_PIXELS = 320_000

/** An RGBA picture, 4 bytes a pixel, row-major (as decoded backgrounds are). */
export interface RgbaPicture {
  width: number
  height: number
  data: Uint8Array | Uint8ClampedArray
}

/** Per-segment statistics and the segment graph of one background. */
export interface FloorSegments {
  /** Room size, px. */
  width: number
  height: number
  /** Work image size, px, and room px per work px along each axis. */
  workWidth: number
  workHeight: number
  scaleX: number
  scaleY: number
  /** Segment of each work pixel, row-major. */
  labels: Int32Array
  count: number
  /** Pixels of each segment. */
  size: Float64Array
  /** Mean L, a, b of each segment (3 numbers a segment). */
  mean: Float64Array
  /** Standard deviation of the Lab colour inside each segment (one number: texture). */
  spread: Float64Array
  /** Adjacency lists, CSR: the neighbours of segment s are `next[start[s]..start[s+1]]`. */
  start: Int32Array
  next: Int32Array
  /** Border length (work px edges) and mean colour difference across it, per adjacency entry. */
  border: Float64Array
  edge: Float64Array
  /** Lab colour of each work pixel (blurred), 3 numbers a pixel. */
  lab: Float32Array
}

const SRGB_TO_LINEAR = (() => {
  const table = new Float64Array(256)
  for (let i = 0; i < 256; i++) {
    const c = i / 255
    table[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return table
})()

function labF(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116
}

/** The picture scaled down by area average to at most WORK_PIXELS pixels, as Lab. */
function workLab(picture: RgbaPicture): { lab: Float32Array; w: number; h: number } {
  const { width, height, data } = picture
  const factor = Math.max(1, Math.sqrt((width * height) / WORK_PIXELS))
  const w = Math.max(1, Math.round(width / factor))
  const h = Math.max(1, Math.round(height / factor))
  const sums = new Float64Array(w * h * 4)
  for (let y = 0; y < height; y++) {
    const wy = Math.min(h - 1, Math.floor((y * h) / height))
    for (let x = 0; x < width; x++) {
      const wx = Math.min(w - 1, Math.floor((x * w) / width))
      const i = (y * width + x) * 4
      const o = (wy * w + wx) * 4
      // Transparent pixels count as black: a background has none in practice.
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
  return { lab, w, h }
}

/** A separable Gaussian blur of a 3-channel image (sigma in px), in place of a copy. */
function blur3(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 2.5))
  const kernel = new Float64Array(radius * 2 + 1)
  let total = 0
  for (let i = -radius; i <= radius; i++) total += kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma))
  for (let i = 0; i < kernel.length; i++) kernel[i] /= total
  const tmp = new Float32Array(src.length)
  const out = new Float32Array(src.length)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++) {
        let s = 0
        for (let k = -radius; k <= radius; k++) {
          const xx = Math.min(w - 1, Math.max(0, x + k))
          s += src[(y * w + xx) * 3 + c] * kernel[k + radius]
        }
        tmp[(y * w + x) * 3 + c] = s
      }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++) {
        let s = 0
        for (let k = -radius; k <= radius; k++) {
          const yy = Math.min(h - 1, Math.max(0, y + k))
          s += tmp[(yy * w + x) * 3 + c] * kernel[k + radius]
        }
        out[(y * w + x) * 3 + c] = s
      }
  return out
}

const labDistance = (lab: Float32Array, p: number, q: number) => {
  const dl = lab[p * 3] - lab[q * 3]
  const da = lab[p * 3 + 1] - lab[q * 3 + 1]
  const db = lab[p * 3 + 2] - lab[q * 3 + 2]
  return Math.sqrt(dl * dl + da * da + db * db)
}

/** Edge weights are sorted in buckets of this many Lab units. */
const BUCKET = 0.05

export interface SegmentOptions {
  /** Felzenszwalb's k: larger makes larger segments (Lab units x px). Default 120. */
  scale?: number
  /** Segments smaller than this many work px are joined to a neighbour. Default 24. */
  minSize?: number
  /** Blur before segmenting, work px. Default 0.8. */
  sigma?: number
}

/** Cut a background into segments (see the module comment). */
export function segmentBackground(picture: RgbaPicture, options: SegmentOptions = {}): FloorSegments {
  const scale = options.scale ?? 120
  const minSize = options.minSize ?? 24
  const { lab: raw, w, h } = workLab(picture)
  const lab = blur3(raw, w, h, options.sigma ?? 0.8)
  const n = w * h

  // Edges to the right, down, down-right and down-left neighbour (8-connected).
  const maxEdges = n * 4
  const ea = new Int32Array(maxEdges)
  const eb = new Int32Array(maxEdges)
  const ew = new Float32Array(maxEdges)
  let m = 0
  const add = (p: number, q: number) => {
    ea[m] = p
    eb[m] = q
    ew[m] = labDistance(lab, p, q)
    m++
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x
      if (x + 1 < w) add(p, p + 1)
      if (y + 1 < h) {
        add(p, p + w)
        if (x + 1 < w) add(p, p + w + 1)
        if (x > 0) add(p, p + w - 1)
      }
    }
  // Counting sort by weight bucket.
  let maxBucket = 0
  const bucketOf = new Int32Array(m)
  for (let e = 0; e < m; e++) {
    const b = Math.floor(ew[e] / BUCKET)
    bucketOf[e] = b
    if (b > maxBucket) maxBucket = b
  }
  const counts = new Int32Array(maxBucket + 2)
  for (let e = 0; e < m; e++) counts[bucketOf[e] + 1]++
  for (let b = 1; b < counts.length; b++) counts[b] += counts[b - 1]
  const order = new Int32Array(m)
  for (let e = 0; e < m; e++) order[counts[bucketOf[e]]++] = e

  // Union-find with each root's size and internal difference.
  const parent = new Int32Array(n)
  const rank = new Uint8Array(n)
  const setSize = new Int32Array(n).fill(1)
  const internal = new Float32Array(n)
  for (let i = 0; i < n; i++) parent[i] = i
  const find = (i: number) => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]]
      i = parent[i]
    }
    return i
  }
  const join = (a: number, b: number, weight: number) => {
    if (rank[a] < rank[b]) [a, b] = [b, a]
    parent[b] = a
    if (rank[a] === rank[b]) rank[a]++
    setSize[a] += setSize[b]
    internal[a] = weight
    return a
  }
  for (let i = 0; i < m; i++) {
    const e = order[i]
    const a = find(ea[e])
    const b = find(eb[e])
    if (a === b) continue
    const wgt = ew[e]
    if (wgt <= internal[a] + scale / setSize[a] && wgt <= internal[b] + scale / setSize[b]) join(a, b, wgt)
  }
  for (let i = 0; i < m; i++) {
    const e = order[i]
    const a = find(ea[e])
    const b = find(eb[e])
    if (a !== b && (setSize[a] < minSize || setSize[b] < minSize)) join(a, b, ew[e])
  }

  // Number the segments and gather their statistics.
  const labels = new Int32Array(n)
  const index = new Int32Array(n).fill(-1)
  let count = 0
  for (let p = 0; p < n; p++) {
    const r = find(p)
    if (index[r] < 0) index[r] = count++
    labels[p] = index[r]
  }
  const size = new Float64Array(count)
  const mean = new Float64Array(count * 3)
  const squares = new Float64Array(count)
  for (let p = 0; p < n; p++) {
    const s = labels[p]
    size[s]++
    for (let c = 0; c < 3; c++) mean[s * 3 + c] += raw[p * 3 + c]
    squares[s] += raw[p * 3] ** 2 + raw[p * 3 + 1] ** 2 + raw[p * 3 + 2] ** 2
  }
  const spread = new Float64Array(count)
  for (let s = 0; s < count; s++) {
    for (let c = 0; c < 3; c++) mean[s * 3 + c] /= size[s]
    const meanSq = mean[s * 3] ** 2 + mean[s * 3 + 1] ** 2 + mean[s * 3 + 2] ** 2
    spread[s] = Math.sqrt(Math.max(0, squares[s] / size[s] - meanSq))
  }

  // The segment graph: border length and edge strength per touching pair (4-connected borders).
  const pairs = new Map<number, { border: number; edge: number }>()
  const touch = (p: number, q: number) => {
    const a = labels[p]
    const b = labels[q]
    if (a === b) return
    const key = a < b ? a * count + b : b * count + a
    const d = labDistance(raw, p, q)
    const got = pairs.get(key)
    if (got) {
      got.border++
      got.edge += d
    } else pairs.set(key, { border: 1, edge: d })
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x
      if (x + 1 < w) touch(p, p + 1)
      if (y + 1 < h) touch(p, p + w)
    }
  const degree = new Int32Array(count + 1)
  for (const key of pairs.keys()) {
    degree[Math.floor(key / count) + 1]++
    degree[(key % count) + 1]++
  }
  for (let s = 1; s <= count; s++) degree[s] += degree[s - 1]
  const start = Int32Array.from(degree)
  const fill = Int32Array.from(degree)
  const next = new Int32Array(pairs.size * 2)
  const border = new Float64Array(pairs.size * 2)
  const edge = new Float64Array(pairs.size * 2)
  for (const [key, v] of pairs) {
    const a = Math.floor(key / count)
    const b = key % count
    for (const [s, t] of [
      [a, b],
      [b, a],
    ]) {
      const at = fill[s]++
      next[at] = t
      border[at] = v.border
      edge[at] = v.edge / v.border
    }
  }
  return {
    width: picture.width,
    height: picture.height,
    workWidth: w,
    workHeight: h,
    scaleX: picture.width / w,
    scaleY: picture.height / h,
    labels,
    count,
    size,
    mean,
    spread,
    start,
    next,
    border,
    edge,
    lab: raw,
  }
}
