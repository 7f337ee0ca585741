/**
 * Area masks from decoded images: each image is one walk area (the first image is area 1,
 * the second area 2, ...), as with AGS's numbered walkable areas or MonoAGS's one PNG per
 * area. Decoding happens elsewhere (Node: sharp; browser: createImageBitmap); this module
 * only reads RGBA pixels.
 *
 * Glossary
 * - RGBA image: width x height pixels, 4 bytes each (red, green, blue, alpha; 0..255), row-major.
 * - mask rule: which pixels of an image are walkable.
 *   - 'alpha': alpha > 0 (opaque or partly opaque = walkable, fully transparent = not);
 *   - 'nonblack': alpha > 0 and some colour channel > 0 (black = not walkable);
 *   - 'auto': 'alpha' when the image has any pixel with alpha < 255, else 'nonblack'.
 * - overlap: a pixel walkable in more than one image belongs to the image that comes first
 *   (lowest area id); `overlapPixels` counts them.
 *
 * Units: px; area ids 1..255.
 */
import type { WalkGrid } from '../../nav/types'
import { hasTransparency, walkableByRule, type MaskRule } from '../../room/mask-image'
import type { RgbaImage } from '../../room/rgba-image'

/** The mask rules that read one area from an image (a subset of the room's MaskRule). */
export type AreaImageRule = Extract<MaskRule, 'alpha' | 'nonblack' | 'auto'>

export const AREA_IMAGE_RULES: readonly AreaImageRule[] = ['alpha', 'nonblack', 'auto']

/** A mask image of one area: its pixels and, for messages, the file or name it came from. */
export interface AreaImage extends RgbaImage {
  name?: string
}

export interface MaskAreasResult {
  grid: WalkGrid
  /** Per image: its area id, the rule actually applied and how many of its pixels are walkable (before overlap). */
  areas: { id: number; name: string; rule: 'alpha' | 'nonblack'; walkablePixels: number }[]
  overlapPixels: number
}

export { hasTransparency, walkableByRule }

/** The rule 'auto' resolves to for this image. */
export function resolveMaskRule(image: AreaImage, rule: AreaImageRule): 'alpha' | 'nonblack' {
  if (rule !== 'auto') return rule
  return hasTransparency(image.data) ? 'alpha' : 'nonblack'
}

/** Combine images into one area mask. Throws with a clear message when sizes differ or there are more than 255 images. */
export function maskAreasFromImages(
  images: readonly AreaImage[],
  rule: AreaImageRule = 'auto',
): MaskAreasResult {
  if (images.length === 0) throw new Error('mask areas: expected at least one image')
  if (images.length > 255)
    throw new Error(`mask areas: expected at most 255 images (area ids 1..255), got ${images.length}`)
  const { width, height } = images[0]
  const cells = new Uint8Array(width * height)
  const areas: MaskAreasResult['areas'] = []
  let overlapPixels = 0
  images.forEach((image, index) => {
    const name = image.name ?? `image ${index + 1}`
    if (image.width !== width || image.height !== height) {
      throw new Error(
        `${name}: expected ${width}x${height} px like the first mask, got ${image.width}x${image.height}`,
      )
    }
    if (image.data.length !== width * height * 4) {
      throw new Error(`${name}: expected ${width * height * 4} bytes of RGBA, got ${image.data.length}`)
    }
    const applied = resolveMaskRule(image, rule)
    const id = index + 1
    const d = image.data
    let walkablePixels = 0
    for (let i = 0, q = 0; i < cells.length; i++, q += 4) {
      if (!walkableByRule(applied, d, q)) continue
      walkablePixels++
      if (cells[i] === 0) cells[i] = id
      else overlapPixels++
    }
    areas.push({ id, name, rule: applied, walkablePixels })
  })
  return { grid: { width, height, cells }, areas, overlapPixels }
}
