/**
 * Trigger zones: which zones a character's feet are in, and the enter / exit / stand
 * events a game raises as the character moves between them.
 *
 * Glossary
 * - zone: a room's trigger zone: a polygon (its outer ring) or a walk area (by id).
 * - in a zone: the feet are inside the zone's polygon (outline included), or the walk
 *   area at the feet (scaling.ts `areaIdAt`: area mask when given, else the walk polygon
 *   holding the feet) is the zone's area.
 * - enabled: the zone's `enabledBy` flag expression holds (absent = always). A disabled
 *   zone is treated as if the character were not in it (so a zone switched off under the
 *   character's feet gives an exit).
 * - enter / exit: the character is in a zone it was not in at the previous look, or the
 *   other way round.
 * - stand: the character has stood still inside a zone for STAND_SECONDS. Fired once per
 *   still spell: moving (or leaving the zone) resets the timer; stopping again in the zone
 *   starts a new spell.
 * - stand timers: zone id -> seconds stood still in that zone so far in the current spell.
 *
 * Units: room px for points, seconds for times.
 */
import type { Point } from '../geometry/types'
import { pointInRing } from '../geometry/polygon'
import { holds } from './room-world'
import type { FlagState } from './room-world'
import { coordsToRing } from '../room/convert'
import { areaIdAt } from './scaling'
import type { Room, Zone } from '../room/schema'

/** Seconds a character must stand still inside a zone before its stand event fires. */
export const STAND_SECONDS = 0.5

export type ZoneEventKind = 'enter' | 'exit' | 'stand'

/** A zone event of one step, without its room-level time. */
export interface ZoneChange {
  kind: ZoneEventKind
  zoneId: string
  /** Seconds from the start of the step: the step's end for enter / exit, the moment the stand time was reached for stand. */
  atSeconds: number
}

/** Zone id -> seconds stood still in that zone in the current still spell. zoneEvents updates it. */
export type StandTimers = Map<string, number>

/** One step of a character, for zoneEvents. */
export interface ZoneStep {
  /** Length of the step, seconds. */
  seconds: number
  /** True when the character did not move during the step. */
  still: boolean
}

/** The enabled zones holding the point (room px), in room order. `flags` are complete flag values (see flagValues). */
export function zonesAt(room: Room, mask: Uint8Array | null, flags: FlagState, point: Point): Zone[] {
  const found: Zone[] = []
  let areaId: number | undefined
  for (const zone of room.zones) {
    if (!holds(zone.enabledBy, flags)) continue
    if (zone.shape.kind === 'polygon') {
      if (pointInRing(coordsToRing(zone.shape.outer), point)) found.push(zone)
    } else {
      areaId ??= areaIdAt(room, mask, point)
      if (areaId === zone.shape.areaId) found.push(zone)
    }
  }
  return found
}

/**
 * The events of one step: exits (zones left), then enters (zones entered), then stands,
 * each group in the order of `currentZoneIds` / `previousZoneIds`. `standTimers` is updated
 * in place: timers of zones the character is no longer in are dropped; a step with movement
 * resets the timers of the current zones to 0; a still step adds its seconds, and a stand
 * fires in the step in which a timer reaches STAND_SECONDS.
 */
export function zoneEvents(
  previousZoneIds: readonly string[],
  currentZoneIds: readonly string[],
  step: ZoneStep,
  standTimers: StandTimers,
): ZoneChange[] {
  const changes: ZoneChange[] = []
  const current = new Set(currentZoneIds)
  const previous = new Set(previousZoneIds)
  for (const id of previousZoneIds) {
    if (!current.has(id)) changes.push({ kind: 'exit', zoneId: id, atSeconds: step.seconds })
  }
  for (const id of currentZoneIds) {
    if (!previous.has(id)) changes.push({ kind: 'enter', zoneId: id, atSeconds: step.seconds })
  }
  for (const id of [...standTimers.keys()]) if (!current.has(id)) standTimers.delete(id)
  for (const id of currentZoneIds) {
    if (!step.still) {
      standTimers.set(id, 0)
      continue
    }
    // A zone entered during a still step (switched on under the feet) starts its spell now.
    const before = previous.has(id) ? (standTimers.get(id) ?? 0) : 0
    const after = before + step.seconds
    standTimers.set(id, after)
    if (before < STAND_SECONDS && after >= STAND_SECONDS) {
      changes.push({ kind: 'stand', zoneId: id, atSeconds: STAND_SECONDS - before })
    }
  }
  return changes
}

/** The event name a zone gives for a kind of event; '' when the zone names none (or is unknown). */
export function zoneEventName(room: Room, zoneId: string, kind: ZoneEventKind): string {
  return room.zones.find((z) => z.id === zoneId)?.events[kind] ?? ''
}
