/**
 * The notes an engine's export gives for custom properties it has no place for (properties.ts
 * holds the rules; this file reads a whole room, so it sits above the schema).
 *
 * Units: none (text).
 */
import type { WithProperties } from './properties'
import type { Room } from './schema'

/** The lists (and the room) an engine may have no place for custom properties in. */
export type PropertyHolder =
  'room' | 'areas' | 'polygons' | 'gates' | 'zones' | 'walkBehinds' | 'points' | 'hotspots'

/**
 * One note per kind of object of `room` whose custom properties `engine` has no place for
 * ("gates: 2 with custom properties; Godot has no place for them, not written"). Keys in
 * `bookkeeping` (an engine's own, like `agsRegion`) do not count.
 */
export function propertiesNotKeptNotes(
  room: Room,
  holders: readonly PropertyHolder[],
  engine: string,
  bookkeeping: readonly string[] = [],
): string[] {
  const has = (x: WithProperties) => Object.keys(x.properties ?? {}).some((k) => !bookkeeping.includes(k))
  const lists: Record<PropertyHolder, readonly WithProperties[]> = {
    room: [room],
    areas: room.areas,
    polygons: room.polygons,
    gates: room.gates,
    zones: room.zones,
    walkBehinds: room.walkBehinds?.areas ?? [],
    points: room.points ?? [],
    hotspots: room.hotspots ?? [],
  }
  const notes: string[] = []
  for (const holder of holders) {
    const n = lists[holder].filter(has).length
    if (n === 0) continue
    notes.push(
      holder === 'room'
        ? `room properties: ${engine} has no place for them; not written`
        : `${holder}: ${n} with custom properties; ${engine} has no place for them, not written`,
    )
  }
  return notes
}
