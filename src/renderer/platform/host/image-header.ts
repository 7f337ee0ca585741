/**
 * The image header reader and check of shared/room/image-header.ts, for the browser host
 * (checkImageHeader: the one check of an image file before decoding, every host).
 *
 * Units: px.
 */
export {
  checkImageHeader,
  ImageHeaderError,
  readImageHeader,
  sniffImageFormat,
  type ImageHeader,
} from '../../../shared/room/image-header'
