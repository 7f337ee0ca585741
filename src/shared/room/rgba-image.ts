/**
 * A decoded image, the one type for it everywhere (host contract, image codec, mask readers):
 * RGBA, row-major, four bytes a pixel, no padding.
 *
 * Units: px; bytes.
 */
export interface RgbaImage {
  width: number
  height: number
  /** width * height * 4 bytes: red, green, blue, alpha. */
  data: Uint8Array
}
