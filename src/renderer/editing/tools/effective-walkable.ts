/**
 * Is a room point walkable in the current game state? The authoritative
 * representation decides (mask: the area id under the point; polygons: the walk
 * polygon holding it, outside its holes), then the state: the area must be enabled
 * and no closed gate may cover the point. For the status line and the tests.
 *
 * Units: room px.
 */
import { pointInArea, pointInRing } from '../../../shared/geometry/polygon'
import type { Point } from '../../../shared/geometry/types'
import type { RoomNavState } from '../../../shared/analysis/room-world'
import { walkPolygonToArea } from '../../../shared/room/convert'
import type { Room } from '../../../shared/room/schema'

export type Walkability = 'walkable' | 'blocked-by-gate' | 'area-disabled' | 'not-walkable'

export function walkabilityAt(
  room: Room,
  mask: Uint8Array | null,
  state: RoomNavState,
  p: Point,
): Walkability {
  const { width, height } = room.size
  if (p.x < 0 || p.y < 0 || p.x >= width || p.y >= height) return 'not-walkable'
  let areaId = 0
  if (room.authoritative === 'mask') {
    areaId = mask ? mask[Math.floor(p.y) * width + Math.floor(p.x)] : 0
  } else {
    const holder = room.polygons.find((poly) => pointInArea(walkPolygonToArea(poly), p))
    areaId = holder?.areaId ?? 0
  }
  if (areaId === 0) return 'not-walkable'
  if (!state.enabledAreas.has(areaId)) return 'area-disabled'
  if (state.blockers.some((b) => pointInRing(b.outer, p))) return 'blocked-by-gate'
  return 'walkable'
}
