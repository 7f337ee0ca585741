/**
 * Refuses images larger than Walkbox opens, from their headers (read by
 * shared/room/image-header.ts).
 *
 * Units: px.
 */
import { IMAGE_LIMITS } from '../../shared/host'
import type { ImageHeader } from '../../shared/room/image-header'

export { readImageHeader, sniffImageFormat, type ImageHeader } from '../../shared/room/image-header'

/** Throws when the header describes an image larger than Walkbox opens. */
export function checkImageLimits(header: ImageHeader, fileName: string): void {
  const { maxSide, maxPixels } = IMAGE_LIMITS
  if (header.width < 1 || header.height < 1) throw new Error(`${fileName}: the image has no pixels`)
  if (header.width > maxSide || header.height > maxSide || header.width * header.height > maxPixels) {
    throw new Error(
      `${fileName}: ${header.width}×${header.height} px is larger than Walkbox opens (at most ${maxSide} px a side and ${maxPixels / 1e6} megapixels)`,
    )
  }
}
