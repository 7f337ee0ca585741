/**
 * How big a character is drawn at a point of a room: the room's scaling (none, linear
 * stops by y per walk area, or a greyscale scale map) read at the character's feet.
 *
 * Glossary
 * - feet: the point a character stands on; every scale is read there.
 * - scale: percent of the character's own height (100 = as authored, 50 = half height).
 * - area at a point: the walk area id under the point. From the area mask when one is
 *   given (whichever representation is authoritative, the mask is the room's area map),
 *   else from the first walk polygon (room order) holding the point. 0 = no area.
 * - stops: `{ y, scale }` pairs of a linear scaling; the scale is interpolated linearly in
 *   y between neighbouring stops and held at the first / last stop beyond them.
 * - default stops: the linear entry with areaId 0; used for areas without stops of their
 *   own and for points outside every area.
 * - scale map: a greyscale image, grey 0 = the map's `min` percent, 255 = `max`, linear in
 *   between; read at the pixel under the feet (stretched to the room when its size differs).
 *
 * Units: room px for points and heights, percent for scales.
 */
import type { AreaPolygon, Point } from '../geometry/types'
import { pointInArea } from '../geometry/polygon'
import { walkPolygonToArea } from '../room/convert'
import type { Room, ScaleStop } from '../room/schema'

/** The decoded grey values of a scale map: width * height bytes, row-major, 0..255. */
export interface ScaleMapImage {
  readonly width: number
  readonly height: number
  readonly values: Uint8Array
}

/** The scale at a point and the walk area it was read for. */
export interface ScaleReading {
  /** Percent of the character's own height. */
  percent: number
  /** Walk area id at the point; 0 when the point is in no area. */
  areaId: number
}

/** Scale when the room does not scale, or when a map is asked for but not loaded. */
export const FULL_SCALE_PERCENT = 100

const polygonCache = new WeakMap<Room['polygons'], { areaId: number; area: AreaPolygon }[]>()

/** The room's walk polygons as geometry, converted once per polygons array. */
function walkAreasOf(room: Room): { areaId: number; area: AreaPolygon }[] {
  let areas = polygonCache.get(room.polygons)
  if (!areas) {
    areas = room.polygons.map((p) => ({ areaId: p.areaId, area: walkPolygonToArea(p) }))
    polygonCache.set(room.polygons, areas)
  }
  return areas
}

/**
 * The walk area id at a point (room px): the mask value when `mask` (room size, row-major)
 * is given, else the area of the first walk polygon holding the point. 0 = no area.
 */
export function areaIdAt(room: Room, mask: Uint8Array | null, point: Point): number {
  if (mask) {
    const { width, height } = room.size
    const col = Math.floor(point.x)
    const row = Math.floor(point.y)
    if (col < 0 || row < 0 || col >= width || row >= height) return 0
    return mask[row * width + col] ?? 0
  }
  for (const { areaId, area } of walkAreasOf(room)) if (pointInArea(area, point)) return areaId
  return 0
}

/** The scale (percent) at height y from stops: linear between stops, held beyond the ends. */
export function scaleFromStops(stops: readonly ScaleStop[], y: number): number {
  if (stops.length === 0) return FULL_SCALE_PERCENT
  const sorted = stops.length > 1 && !isSortedByY(stops) ? [...stops].sort((a, b) => a.y - b.y) : stops
  const first = sorted[0]
  const last = sorted[sorted.length - 1]
  if (y <= first.y) return first.scale
  if (y >= last.y) return last.scale
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]
    const b = sorted[i]
    if (y <= b.y) {
      if (b.y === a.y) return b.scale
      return a.scale + ((y - a.y) / (b.y - a.y)) * (b.scale - a.scale)
    }
  }
  return last.scale
}

function isSortedByY(stops: readonly ScaleStop[]): boolean {
  for (let i = 1; i < stops.length; i++) if (stops[i].y < stops[i - 1].y) return false
  return true
}

/** The stops that apply to an area: its own, else the default (areaId 0) ones, else none. */
export function stopsForArea(room: Room, areaId: number): readonly ScaleStop[] {
  const linear = room.scaling.linear
  const own = areaId !== 0 ? linear.find((l) => l.areaId === areaId) : undefined
  return (own ?? linear.find((l) => l.areaId === 0))?.stops ?? []
}

/** Percent from a scale map at a point: grey 0 -> min, 255 -> max; the map is stretched over the room. */
export function scaleFromMap(room: Room, min: number, max: number, map: ScaleMapImage, point: Point): number {
  const col = clampIndex(Math.floor((point.x * map.width) / room.size.width), map.width)
  const row = clampIndex(Math.floor((point.y * map.height) / room.size.height), map.height)
  const grey = map.values[row * map.width + col] ?? 0
  return min + ((max - min) * grey) / 255
}

function clampIndex(i: number, size: number): number {
  return i < 0 ? 0 : i >= size ? size - 1 : i
}

/**
 * The scale at a point (room px) and the area it was read for.
 * - 'none': 100.
 * - 'linear': the stops of the area at the point (or the default stops; 100 when neither).
 * - 'map': the scale map's grey at the point; 100 while `scaleMap` is not loaded (null).
 * `mask` is the room's area mask (room size) or null; see the glossary for the area rule.
 */
export function scaleAt(
  room: Room,
  mask: Uint8Array | null,
  scaleMap: ScaleMapImage | null,
  point: Point,
): ScaleReading {
  const areaId = areaIdAt(room, mask, point)
  const scaling = room.scaling
  if (scaling.mode === 'linear')
    return { percent: scaleFromStops(stopsForArea(room, areaId), point.y), areaId }
  if (scaling.mode === 'map' && scaling.map && scaleMap) {
    return { percent: scaleFromMap(room, scaling.map.min, scaling.map.max, scaleMap, point), areaId }
  }
  return { percent: FULL_SCALE_PERCENT, areaId }
}

/** A character's drawn height (room px) at a point: `heightPx` (its height at 100 %) times the scale. */
export function characterHeightAt(
  room: Room,
  mask: Uint8Array | null,
  scaleMap: ScaleMapImage | null,
  point: Point,
  heightPx: number,
): number {
  return (heightPx * scaleAt(room, mask, scaleMap, point).percent) / 100
}

/** The largest scale (percent) the room can give anywhere: for worst-case sizes (e.g. the widest feet). */
export function maxScalePercent(room: Room): number {
  const scaling = room.scaling
  if (scaling.mode === 'linear') {
    let max = 0
    for (const l of scaling.linear) for (const s of l.stops) max = Math.max(max, s.scale)
    const hasDefault = scaling.linear.some((l) => l.areaId === 0)
    return hasDefault ? max : Math.max(max, FULL_SCALE_PERCENT)
  }
  if (scaling.mode === 'map' && scaling.map) {
    return Math.max(scaling.map.min, scaling.map.max, FULL_SCALE_PERCENT)
  }
  return FULL_SCALE_PERCENT
}
