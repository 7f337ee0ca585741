/**
 * Refuses images larger than Walkbox opens, from their headers (read by
 * shared/room/image-header.ts).
 *
 * Units: px.
 */
import { imageSizeProblem } from '../../shared/limits'
import type { ImageHeader } from '../../shared/room/image-header'

export { readImageHeader, sniffImageFormat, type ImageHeader } from '../../shared/room/image-header'

/** Throws when the header describes an image larger than Walkbox opens. */
export function checkImageLimits(header: ImageHeader, fileName: string): void {
  const problem = imageSizeProblem(header.width, header.height)
  if (problem) throw new Error(`${fileName}: ${problem}`)
}
