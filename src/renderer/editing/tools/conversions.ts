/**
 * Conversions between the two representations of the walkable area:
 * - mask to polygons: each area's pixels are traced (traceMask, outlines along pixel
 *   edges) and simplified (simplifyAreas) within a tolerance;
 * - polygons to mask: each walk polygon is rasterised with its area id.
 *
 * Glossary
 * - tolerance: the largest distance, room px, a simplified outline may stray from the
 *   traced one.
 * - traced areas: per area id, its exact pixel outlines (kept so that moving the
 *   tolerance slider only re-simplifies).
 *
 * Units: room px.
 */
import { rasterisePolygons } from '../../../shared/geometry/rasterise'
import { simplifyAreas, traceMask } from '../../../shared/geometry/vectorise'
import type { AreaPolygon } from '../../../shared/geometry/types'
import { areaToWalkPolygon, walkPolygonToArea } from '../../../shared/room/convert'
import type { Room, WalkPolygon } from '../../../shared/room/schema'
import type { EditTarget } from '../commands/edit-target'
import { ReplaceMaskCommand } from '../commands/mask-patch'
import { CompoundCommand, type Command } from '../commands/command'
import { replacePolygonsCommand, setAuthoritativeCommand } from '../commands/room-commands'

export interface TracedArea {
  areaId: number
  polygons: AreaPolygon[]
}

/** Trace every area id present in the mask. */
export function traceAreas(mask: Uint8Array, width: number, height: number): TracedArea[] {
  const present = new Set<number>()
  for (let i = 0; i < mask.length; i++) if (mask[i] !== 0) present.add(mask[i])
  return [...present]
    .sort((a, b) => a - b)
    .map((areaId) => ({ areaId, polygons: traceMask(width, height, (i) => mask[i] === areaId) }))
}

/** Simplify traced areas into walk polygons (ids 'area<id>-<n>'). */
export function simplifyTraced(traced: readonly TracedArea[], tolerance: number): WalkPolygon[] {
  const out: WalkPolygon[] = []
  for (const t of traced) {
    simplifyAreas(t.polygons, tolerance).forEach((area, i) =>
      out.push(areaToWalkPolygon(area, `area${t.areaId}-${i + 1}`, t.areaId)),
    )
  }
  return out
}

export function vertexCount(polygons: readonly WalkPolygon[]): number {
  return polygons.reduce((n, p) => n + p.outer.length + p.holes.reduce((m, h) => m + h.length, 0), 0)
}

/** A new mask from the room's walk polygons, each with its area id (later polygons win). */
export function maskFromPolygons(room: Room): Uint8Array {
  const { width, height } = room.size
  const mask = new Uint8Array(width * height)
  for (const p of room.polygons) rasterisePolygons([walkPolygonToArea(p)], width, height, p.areaId, mask)
  return mask
}

/** Replace the mask by the room's walk polygons, rasterised (one undo step). */
export function polygonsToMaskCommand(target: EditTarget): ReplaceMaskCommand {
  return new ReplaceMaskCommand('Polygons to mask', target, maskFromPolygons(target.room))
}

/** The tolerance the one-click conversions use, room px (the panel's slider starts here too). */
export const DEFAULT_TRACE_TOLERANCE_PX = 1.5

/**
 * Make the other representation the truth in one step, converting first when it is
 * missing: 'mask' rasterises the polygons when the room has no mask; 'polygons' traces
 * the mask when the room has no polygons.
 */
export function switchAuthoritativeCommand(target: EditTarget, to: 'mask' | 'polygons'): Command {
  const room = target.room
  if (to === 'mask') {
    if (target.mask) return setAuthoritativeCommand(target, 'mask')
    const rasterise = polygonsToMaskCommand(target)
    return new CompoundCommand('Polygons to mask, mask authoritative', [
      rasterise,
      {
        label: 'Mask authoritative',
        apply: () => (room.authoritative = 'mask'),
        invert: () => (room.authoritative = 'polygons'),
      },
    ])
  }
  if (room.polygons.length > 0 || !target.mask) return setAuthoritativeCommand(target, 'polygons')
  const polygons = simplifyTraced(
    traceAreas(target.mask, room.size.width, room.size.height),
    DEFAULT_TRACE_TOLERANCE_PX,
  )
  return new CompoundCommand('Mask to polygons, polygons authoritative', [
    replacePolygonsCommand(target, polygons, `Mask to polygons (${vertexCount(polygons)} vertices)`),
    setAuthoritativeCommand(target, 'polygons'),
  ])
}
