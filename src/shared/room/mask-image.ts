/**
 * Walk masks from pictures: how the pixels of a mask file become area ids, the same way in
 * the desktop app (main, sharp), the browser (createImageBitmap) and the command line.
 * Decoding happens in the host; this module only reads decoded RGBA pixels and, for
 * indexed PNGs, the file's palette (read from its bytes here).
 *
 * Glossary
 * - rule: how a picture becomes area ids:
 *   - 'ids': the red channel (the grey value of a greyscale image) is the id; how Walkbox
 *     writes masks and how AGS-style grey masks read.
 *   - 'colours': each distinct colour is an area. In an indexed (paletted) PNG the palette
 *     index is the id (index 0 = not walkable), as AGS masks work; in other images black
 *     and fully transparent pixels are 0 and the other colours get ids (a colour the room
 *     already uses for an area keeps that area's id; new colours take the lowest free ids,
 *     in the order they first appear, row by row).
 *   - 'alpha': alpha > 0 is walkable (one area).
 *   - 'nonblack': a pixel that is not black and not fully transparent is walkable (one area).
 *   - 'auto': an indexed PNG -> 'colours'; any pixel not fully opaque -> 'alpha'; a grey
 *     image of only black and white -> 'nonblack'; another grey image -> 'ids'; a colour
 *     image -> 'colours'.
 * - single-area rule: 'alpha' and 'nonblack' read one area; the caller says which id.
 * - scale: masks may be stored at the room's size or at an exact fraction of it (AGS
 *   masks at 1:2, 1:3, 1:4); they are scaled up by repeating pixels (no blur).
 *
 * Units: px; area ids 1..255.
 */
import { MAX_MASK_SCALE } from '../limits'

export type MaskRule = 'ids' | 'colours' | 'alpha' | 'nonblack' | 'auto'
export type AppliedMaskRule = Exclude<MaskRule, 'auto'>

export const MASK_RULES: readonly MaskRule[] = ['auto', 'ids', 'colours', 'alpha', 'nonblack']

export interface MaskPixels {
  width: number
  height: number
  /** width * height * 4 bytes: red, green, blue, alpha, rows top-down. */
  data: Uint8Array | Uint8ClampedArray
}

export interface MaskReadOptions {
  rule?: MaskRule
  /** The palette of an indexed PNG, '#rrggbb' per index (readPngPalette). */
  palette?: readonly string[]
  /** Fit the mask to this size (room px): equal, or an exact multiple up to MAX_MASK_SCALE. */
  fit?: { width: number; height: number }
  /** For single-area rules: the area id walkable pixels get (default 1). */
  areaId?: number
  /** For 'colours' without a palette: colours (0xrrggbb) that already mean an area. */
  knownColours?: ReadonlyMap<number, number>
  /** Names the file in messages. */
  file?: string
}

export interface MaskRead {
  /** The size of `cells` (the fitted size when `fit` was given). */
  width: number
  height: number
  /** width * height bytes; 0 = not walkable, else the area id. */
  cells: Uint8Array
  rule: AppliedMaskRule
  /** How many times the file was scaled up to fit (1 = as stored). */
  scale: number
  /** Each area read, by id: its pixel count (after scaling) and, for 'colours', its colour. */
  areas: { id: number; pixels: number; colour?: string }[]
  /** What was read, for the author: "3 areas: 1, 2, 5". */
  summary: string
}

/** A problem with a mask file, naming the file. */
export class MaskImageError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`)
    this.name = 'MaskImageError'
  }
}

/** Does any pixel of this RGBA data have alpha below 255? */
export function hasTransparency(data: Uint8Array | Uint8ClampedArray): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] < 255) return true
  return false
}

/** Is the RGBA pixel at byte offset q walkable under rule 'alpha' or 'nonblack'? */
export function walkableByRule(
  rule: 'alpha' | 'nonblack',
  d: Uint8Array | Uint8ClampedArray,
  q: number,
): boolean {
  return rule === 'alpha' ? d[q + 3] > 0 : d[q + 3] > 0 && (d[q] | d[q + 1] | d[q + 2]) !== 0
}

function hex(rgb: number): string {
  return `#${rgb.toString(16).padStart(6, '0')}`
}

/** The PLTE chunk of a PNG as '#rrggbb' per palette index, or undefined (not a PNG, or no palette). */
export function readPngPalette(bytes: Uint8Array): string[] | undefined {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10]
  if (bytes.length < 8 || signature.some((b, i) => bytes[i] !== b)) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 8
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7])
    const start = at + 8
    if (start + length > bytes.length) return undefined
    if (type === 'PLTE') {
      const colours: string[] = []
      for (let k = start; k + 2 < start + length; k += 3)
        colours.push(hex((bytes[k] << 16) | (bytes[k + 1] << 8) | bytes[k + 2]))
      return colours
    }
    if (type === 'IDAT' || type === 'IEND') return undefined
    at = start + length + 4
  }
  return undefined
}

/** The rule 'auto' stands for, for these pixels (and palette). */
export function chooseMaskRule(image: MaskPixels, palette?: readonly string[]): AppliedMaskRule {
  if (palette) return 'colours'
  const d = image.data
  if (hasTransparency(d)) return 'alpha'
  let grey = true
  let onlyBlackWhite = true
  for (let j = 0; j < d.length; j += 4) {
    if (d[j] !== d[j + 1] || d[j] !== d[j + 2]) grey = false
    if (d[j] !== 0 && d[j] !== 255) onlyBlackWhite = false
    if (!grey) break
  }
  if (!grey) return 'colours'
  return onlyBlackWhite ? 'nonblack' : 'ids'
}

/** How many times `stored` must be scaled up to become `target` (1..MAX_MASK_SCALE), or null. */
export function maskScale(
  stored: { width: number; height: number },
  target: { width: number; height: number },
): number | null {
  for (let k = 1; k <= MAX_MASK_SCALE; k++)
    if (stored.width * k === target.width && stored.height * k === target.height) return k
  return null
}

/** Area ids of each pixel (as stored, before scaling), and the colours of 'colours' areas. */
function readIds(
  image: MaskPixels,
  rule: AppliedMaskRule,
  options: MaskReadOptions,
  file: string,
): { ids: Uint8Array; colours: Map<number, number> } {
  const d = image.data
  const n = image.width * image.height
  const ids = new Uint8Array(n)
  const colours = new Map<number, number>()
  if (rule === 'ids') {
    for (let i = 0, q = 0; i < n; i++, q += 4) ids[i] = d[q]
    return { ids, colours }
  }
  if (rule === 'alpha' || rule === 'nonblack') {
    const id = options.areaId ?? 1
    if (!(id >= 1 && id <= 255)) throw new MaskImageError(file, `area ${id} is not an area id (1..255)`)
    for (let i = 0, q = 0; i < n; i++, q += 4) if (walkableByRule(rule, d, q)) ids[i] = id
    return { ids, colours }
  }
  // 'colours'
  const idOf = new Map<number, number>()
  const palette = options.palette
  if (palette) {
    palette.forEach((colour, index) => {
      const key = parseInt(colour.slice(1), 16)
      if (!idOf.has(key) && index <= 255) idOf.set(key, index)
    })
  } else {
    for (const [key, id] of options.knownColours ?? []) idOf.set(key, id)
  }
  const taken = new Set(idOf.values())
  let nextId = 1
  for (let i = 0, q = 0; i < n; i++, q += 4) {
    if (d[q + 3] === 0) continue
    const key = (d[q] << 16) | (d[q + 1] << 8) | d[q + 2]
    let id = idOf.get(key)
    if (id === undefined) {
      if (palette) throw new MaskImageError(file, `has colour ${hex(key)} that is not in its palette`)
      if (key === 0) id = 0
      else {
        while (taken.has(nextId)) nextId++
        if (nextId > 255)
          throw new MaskImageError(
            file,
            'has more than 255 colours; expected a mask with at most 255 areas (is it a photo?)',
          )
        id = nextId
        taken.add(id)
      }
      idOf.set(key, id)
    }
    if (id !== 0 && !colours.has(id)) colours.set(id, key)
    ids[i] = id
  }
  return { ids, colours }
}

/** Describe what a mask holds: "1 area: 2", "3 areas: 1, 2, 5", "no walkable pixels". */
export function describeAreas(ids: readonly number[]): string {
  if (ids.length === 0) return 'no walkable pixels'
  return `${ids.length} area${ids.length === 1 ? '' : 's'}: ${ids.join(', ')}`
}

/**
 * Read a mask picture as area ids by `options.rule` (default 'auto'), scaled up to
 * `options.fit` when it is stored at a fraction of it. Throws a MaskImageError naming the
 * file when its size does not fit or its colours cannot be areas.
 */
export function readMaskImage(image: MaskPixels, options: MaskReadOptions = {}): MaskRead {
  const file = options.file ?? 'the mask'
  if (image.data.length !== image.width * image.height * 4)
    throw new MaskImageError(
      file,
      `expected ${image.width * image.height * 4} bytes of RGBA, got ${image.data.length}`,
    )
  const fit = options.fit ?? { width: image.width, height: image.height }
  const scale = maskScale(image, fit)
  if (scale === null) {
    const fractions = [2, 3, 4]
      .filter((k) => fit.width % k === 0 && fit.height % k === 0)
      .map((k) => `${fit.width / k}×${fit.height / k} (1:${k})`)
    throw new MaskImageError(
      file,
      `is ${image.width}×${image.height} px; expected the room's size ${fit.width}×${fit.height}${fractions.length ? ` or ${fractions.join(', ')}` : ''}`,
    )
  }
  const requested = options.rule ?? 'auto'
  const rule = requested === 'auto' ? chooseMaskRule(image, options.palette) : requested
  const { ids, colours } = readIds(image, rule, options, file)
  const cells = scale === 1 ? ids : new Uint8Array(fit.width * fit.height)
  if (scale > 1) {
    for (let y = 0; y < fit.height; y++) {
      const from = Math.floor(y / scale) * image.width
      const to = y * fit.width
      for (let x = 0; x < fit.width; x++) cells[to + x] = ids[from + Math.floor(x / scale)]
    }
  }
  const counts = new Map<number, number>()
  for (const id of cells) if (id !== 0) counts.set(id, (counts.get(id) ?? 0) + 1)
  const areas = [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([id, pixels]) => {
      const rgb = colours.get(id)
      return rgb === undefined ? { id, pixels } : { id, pixels, colour: hex(rgb) }
    })
  return {
    width: fit.width,
    height: fit.height,
    cells,
    rule,
    scale,
    areas,
    summary: describeAreas(areas.map((a) => a.id)),
  }
}
