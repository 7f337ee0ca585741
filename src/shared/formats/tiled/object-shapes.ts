/**
 * The outline of a Tiled object in map px, as Tiled draws it on an orthogonal map:
 * rectangles, polygons, ellipses (as polygons), closed polylines and tile objects, each
 * moved by its layers' offsets and rotated clockwise by `rotation` degrees around its
 * (x, y).
 *
 * Glossary
 * - anchor: the object's (x, y). A rectangle, ellipse or polygon hangs from it at its
 *   top-left; a tile object at the corner its tileset's `objectalignment` names
 *   (unspecified = bottom-left on orthogonal maps: Tiled's alignmentOffset).
 * - sagitta: the largest distance between an arc and its chord; an ellipse becomes a
 *   polygon of the ellipse's area whose sagitta is at most ELLIPSE_TOLERANCE_PX.
 *
 * Units: px (map px), degrees clockwise (y down).
 */
import { MAX_ELLIPSE_VERTICES } from '../../limits'

/** An ellipse's polygon stays within this distance of the ellipse, px. */
export const ELLIPSE_TOLERANCE_PX = 0.5

export type ObjectAlignment =
  | 'unspecified'
  | 'topleft'
  | 'top'
  | 'topright'
  | 'left'
  | 'center'
  | 'right'
  | 'bottomleft'
  | 'bottom'
  | 'bottomright'

/** What shapes need of an object (map.ts's TiledObject has all of it). */
export interface ShapeSource {
  x: number
  y: number
  width: number
  height: number
  rotation: number
  point?: boolean
  ellipse?: boolean
  polygon?: { x: number; y: number }[]
  polyline?: { x: number; y: number }[]
  /** Set for tile objects: the alignment of the tile's tileset. */
  tileAlignment?: ObjectAlignment
}

/** Where the top-left corner of a w x h tile object lies from its anchor (Tiled's alignmentOffset). */
export function alignmentOffset(w: number, h: number, a: ObjectAlignment): { x: number; y: number } {
  const col = a === 'top' || a === 'center' || a === 'bottom' ? w / 2 : /right$/.test(a) ? w : 0
  const row =
    a === 'left' || a === 'center' || a === 'right'
      ? h / 2
      : a === 'unspecified' || a.startsWith('bottom')
        ? h
        : 0
  return { x: -col, y: -row }
}

/**
 * Vertices around an ellipse inscribed in a w x h box at (0, 0): as many as keep the sagitta
 * within the tolerance, pushed out from the middle by the one factor that gives the polygon
 * the ellipse's own area (an inscribed polygon would be smaller: a map of round trees would
 * lose walk area to them). Every vertex is within the tolerance of the ellipse and every
 * point of the ellipse within it of the polygon.
 */
export function ellipseRing(w: number, h: number): [number, number][] {
  const r = Math.max(w, h) / 2
  const steps =
    r <= ELLIPSE_TOLERANCE_PX
      ? 8
      : Math.min(
          MAX_ELLIPSE_VERTICES,
          Math.max(8, Math.ceil(Math.PI / Math.acos(1 - ELLIPSE_TOLERANCE_PX / r))),
        )
  // A regular n-gon on the unit circle has area (n / 2) sin(2 pi / n); the circle has pi.
  const k = Math.sqrt((2 * Math.PI) / (steps * Math.sin((2 * Math.PI) / steps)))
  const ring: [number, number][] = []
  for (let i = 0; i < steps; i++) {
    const t = (2 * Math.PI * i) / steps
    ring.push([w / 2 + (w / 2) * k * Math.cos(t), h / 2 + (h / 2) * k * Math.sin(t)])
  }
  return ring
}

/** Rotates local points (relative to the anchor) clockwise by `degrees` and moves them to (x, y). */
function place(local: [number, number][], o: ShapeSource, dx: number, dy: number): [number, number][] {
  const a = (o.rotation * Math.PI) / 180
  const cos = a ? Math.cos(a) : 1
  const sin = a ? Math.sin(a) : 0
  return local.map(([x, y]) => [o.x + dx + x * cos - y * sin, o.y + dy + x * sin + y * cos])
}

/** The object's position (its anchor) in map px. */
export function objectAnchor(o: ShapeSource, dx: number, dy: number): [number, number] {
  return [o.x + dx, o.y + dy]
}

/**
 * The outline of an object in map px (offset by dx, dy), or null when it has no area:
 * a point, an open polyline, a polygon of fewer than 3 vertices, an empty rectangle.
 */
export function objectOutline(o: ShapeSource, dx = 0, dy = 0): [number, number][] | null {
  if (o.point) return null
  if (o.polygon)
    return o.polygon.length >= 3
      ? place(
          o.polygon.map((p) => [p.x, p.y]),
          o,
          dx,
          dy,
        )
      : null
  if (o.polyline) {
    const pl = o.polyline
    const closed = pl.length >= 4 && pl[0].x === pl[pl.length - 1].x && pl[0].y === pl[pl.length - 1].y
    return closed
      ? place(
          pl.slice(0, -1).map((p) => [p.x, p.y]),
          o,
          dx,
          dy,
        )
      : null
  }
  if (!(o.width > 0 && o.height > 0)) return null
  const corner = o.tileAlignment ? alignmentOffset(o.width, o.height, o.tileAlignment) : { x: 0, y: 0 }
  const box: [number, number][] = o.ellipse
    ? ellipseRing(o.width, o.height)
    : [
        [0, 0],
        [o.width, 0],
        [o.width, o.height],
        [0, o.height],
      ]
  return place(
    box.map(([x, y]) => [x + corner.x, y + corner.y]),
    o,
    dx,
    dy,
  )
}

/** The vertices of an open polyline in map px (offset and rotated), or null. */
export function polylinePoints(o: ShapeSource, dx = 0, dy = 0): [number, number][] | null {
  if (!o.polyline || o.polyline.length < 2) return null
  return place(
    o.polyline.map((p) => [p.x, p.y]),
    o,
    dx,
    dy,
  )
}
