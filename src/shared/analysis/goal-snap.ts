/**
 * Why a clicked point is not walkable in a room state, and how an answer that ended
 * somewhere else says so ("snapped, 21 px"; "stopped 21 px short of the click: ...").
 * Where such a click lands is one rule for Compare, the test walk, the CLI and the runtime:
 * nav/click-snap.ts (the closest point reachable from the other end).
 *
 * Glossary
 * - click: the point the author asked for (a Compare goal, a walk target).
 * - snapped goal: where the click landed (nav/click-snap.ts: the walkable pixel centre closest
 *   to the click among those reachable from the start), before any algorithm ran.
 * - closed area: an area switched off by its `enabledBy` or by its closed 'open-area' gate.
 * - closed gate: a 'block-polygon' gate whose expression holds (it blocks walking).
 * - snap distance: from the click to the goal used, rounded to whole px; under
 *   `SNAP_SHOWN_PX` it is not worth a word (rounding, a pixel centre).
 *
 * Units: room px.
 */
import type { Point } from '../geometry/types'
import { classifyPointInRing, pointInRing } from '../geometry/polygon'
import { coordsToRing } from '../room/convert'
import { defaultTestWalkStart, type Room } from '../room/schema'
import { snapPx, snapQueryEnds } from '../nav/click-snap'
import { holds, navWorldForRoom, roomNavState, type FlagState } from './room-world'

/** A goal that moved less than this from the click is not called snapped, px. */
export const SNAP_SHOWN_PX = 1

/**
 * Why `p` is not walkable in this state, as a phrase that completes "the click ..."
 * (e.g. "is in a closed area ('East courtyard')"), or null when it is walkable.
 */
export function whyNotWalkable(
  room: Room,
  mask: Uint8Array | null,
  flags: FlagState,
  p: Point,
): string | null {
  const { width, height } = room.size
  if (!(p.x >= 0 && p.y >= 0 && p.x < width && p.y < height)) return 'is outside the room'
  const state = roomNavState(room, flags)
  for (const gate of room.gates) {
    if (gate.kind !== 'block-polygon' || !gate.polygon) continue
    if (holds(gate.flagExpression, flags) && pointInRing(coordsToRing(gate.polygon), p))
      return `is behind a closed gate ('${gate.name || gate.id}')`
  }
  const closedArea = (areaId: number): string => {
    const area = room.areas.find((a) => a.id === areaId)
    const name = area?.name || `area ${areaId}`
    const gate = room.gates.find(
      (g) => g.kind === 'open-area' && g.areaId === areaId && !holds(g.flagExpression, flags),
    )
    const by = gate
      ? `its gate '${gate.name || gate.id}' is closed`
      : `'${area?.enabledBy ?? ''}' does not hold`
    return `is in a closed area ('${name}': ${by})`
  }
  if (room.authoritative === 'mask' && mask) {
    const id = mask[Math.floor(p.y) * width + Math.floor(p.x)] ?? 0
    if (id === 0) return 'is outside the walkable area'
    return state.enabledAreas.has(id) ? null : closedArea(id)
  }
  let inHole = false
  let closed: number | null = null
  for (const polygon of room.polygons) {
    if (classifyPointInRing(coordsToRing(polygon.outer), p) === 'outside') continue
    const hole = polygon.holes.some((h) => classifyPointInRing(coordsToRing(h), p) === 'inside')
    if (hole) {
      inHole = true
      continue
    }
    if (state.enabledAreas.has(polygon.areaId)) return null
    closed ??= polygon.areaId
  }
  if (closed !== null) return closedArea(closed)
  return inHole ? 'is in a hole of the walkable area' : 'is outside the walkable area'
}

/** Distance from the click to the goal used, whole px (rounded): the click rule's figure (nav/click-snap.ts). */
export function snapDistance(click: Point, used: Point): number {
  return snapPx(click, used)
}

/** The table's word for a goal that moved: "snapped, 21 px". */
export function snappedText(px: number): string {
  return `snapped, ${px} px`
}

/**
 * A test-walk start on the walkable area: `start` itself when it is walkable (or nothing is),
 * else where the click rule lands it (the closest walkable pixel centre, nav/click-snap.ts).
 */
export function walkableStart(room: Room, mask: Uint8Array | null, flags: FlagState, start: Point): Point {
  try {
    const world = navWorldForRoom(room, mask, flags)
    const landed = snapQueryEnds(world, start, start).startSnap
    return landed ? { x: landed.at.x, y: landed.at.y } : start
  } catch {
    // A room the nav world refuses (geometry budget, a mask room without its mask): as it was.
    return start
  }
}

/**
 * An imported or new room whose test-walk start is still the default one (schema.ts
 * `defaultTestWalkStart`) gets it moved onto the walkable area (`walkableStart`); a start the
 * engine or the author gave is kept. Changes `room` in place; true when it moved.
 */
export function settleDefaultStart(room: Room, mask: Uint8Array | null, flags: FlagState): boolean {
  const start = room.testWalk.start
  const fallback = defaultTestWalkStart(room.size.width, room.size.height)
  if (start.x !== fallback.x || start.y !== fallback.y) return false
  const moved = walkableStart(room, mask, flags, start)
  if (moved.x === start.x && moved.y === start.y) return false
  room.testWalk = { ...room.testWalk, start: moved }
  return true
}
