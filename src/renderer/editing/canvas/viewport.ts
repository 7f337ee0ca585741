/**
 * The viewport: how room px map to screen px on the canvas. The one place where
 * the two coordinate spaces are converted.
 *
 * Glossary
 * - room point: a point in room px (see src/shared/geometry/types.ts).
 * - screen point: CSS px relative to the canvas element's top-left corner.
 * - zoom: screen px per room px (1 = true pixels).
 * - offset: the screen position of the room's origin (0, 0).
 *
 * screen = room * zoom + offset, room = (screen - offset) / zoom.
 */
import type { Point } from '../../../shared/geometry/types'

export interface ScreenPoint {
  sx: number
  sy: number
}

export interface Viewport {
  zoom: number
  offsetX: number
  offsetY: number
}

export const MIN_ZOOM = 1 / 32
export const MAX_ZOOM = 64

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom))
}

export function screenToRoom(v: Viewport, p: ScreenPoint): Point {
  return { x: (p.sx - v.offsetX) / v.zoom, y: (p.sy - v.offsetY) / v.zoom }
}

export function roomToScreen(v: Viewport, p: Point): ScreenPoint {
  return { sx: p.x * v.zoom + v.offsetX, sy: p.y * v.zoom + v.offsetY }
}

/** Zoom by `factor` keeping the room point under `anchor` where it is on screen. */
export function zoomAt(v: Viewport, anchor: ScreenPoint, factor: number): Viewport {
  const zoom = clampZoom(v.zoom * factor)
  const room = screenToRoom(v, anchor)
  return { zoom, offsetX: anchor.sx - room.x * zoom, offsetY: anchor.sy - room.y * zoom }
}

export function panBy(v: Viewport, dsx: number, dsy: number): Viewport {
  return { ...v, offsetX: v.offsetX + dsx, offsetY: v.offsetY + dsy }
}

/**
 * The viewport that shows the whole room centred in a canvas of the given size, as large as
 * fits: a big room zooms out, a small one (a 320x200 AGS room) zooms in to fill the canvas.
 */
export function fitRoom(
  roomWidth: number,
  roomHeight: number,
  canvasWidth: number,
  canvasHeight: number,
  margin = 16,
): Viewport {
  const availW = Math.max(1, canvasWidth - 2 * margin)
  const availH = Math.max(1, canvasHeight - 2 * margin)
  const zoom = clampZoom(Math.min(availW / roomWidth, availH / roomHeight))
  return {
    zoom,
    offsetX: Math.round((canvasWidth - roomWidth * zoom) / 2),
    offsetY: Math.round((canvasHeight - roomHeight * zoom) / 2),
  }
}

/** 100% zoom, keeping the room point at the canvas centre where it is. */
export function actualSize(v: Viewport, canvasWidth: number, canvasHeight: number): Viewport {
  return zoomAt(v, { sx: canvasWidth / 2, sy: canvasHeight / 2 }, 1 / v.zoom)
}

/** Zoom steps for the zoom-in / zoom-out actions. */
export const ZOOM_STEP = Math.SQRT2

/** The viewport that shows room point `p` at the centre of the canvas at `zoom`. */
export function centreOn(p: Point, zoom: number, canvasWidth: number, canvasHeight: number): Viewport {
  const z = clampZoom(zoom)
  return {
    zoom: z,
    offsetX: Math.round(canvasWidth / 2 - p.x * z),
    offsetY: Math.round(canvasHeight / 2 - p.y * z),
  }
}
