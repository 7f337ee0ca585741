/**
 * The runtime's public types, plain TypeScript: a game's type checker needs nothing else
 * (not the editor's schema library). They describe the parts of a runtime room file a
 * game reads; tests/unit/runtime/runtime-types.test.ts checks that the editor's own room
 * types fit them, so that they cannot drift apart.
 *
 * Units: room px.
 */

export interface RuntimePoint {
  x: number
  y: number
}

/** A trigger zone: a polygon (its outer ring, [x, y] pairs) or a walk area of the mask. */
export interface RuntimeZone {
  id: string
  name: string
  shape: { kind: 'polygon'; outer: [number, number][] } | { kind: 'area'; areaId: number }
  /** Event names the game raises; '' = no event. */
  events: { enter: string; exit: string; stand: string }
  /** Flag expression: the zone triggers only while it holds; always when absent. */
  enabledBy?: string
  /** Free key/value pairs for the game. */
  properties: Record<string, string>
  /** The type of each property whose value is not plain text (int, float, bool, color, file, object); absent = text. */
  propertyTypes?: Record<string, string>
}

/** A named point of the room (an entrance, a walk-to spot). */
export interface RuntimeNamedPoint {
  id: string
  name: string
  x: number
  y: number
  /** Custom properties (and their types) for the game; absent = none. */
  properties?: Record<string, string>
  propertyTypes?: Record<string, string>
}

/** A walk-behind area: it hides a character's pixels where it covers them while its baseline is below the feet. */
export interface RuntimeWalkBehind {
  id: number
  name?: string
  /** Room px (y): hides a character whose feet are above it (baseline > feet y), as in AGS. */
  baseline: number
}

/** A hotspot: a clickable part of the room, a polygon or the pixels of one mask id. */
export interface RuntimeHotspot {
  id: string
  /** The name the game's scripts know it by. */
  name: string
  /** What the player is shown; absent = none. */
  description?: string
  shape: { kind: 'polygon'; outer: [number, number][] } | { kind: 'mask'; maskId: number }
  /** Where a character walks when the hotspot is clicked; absent = the game decides (see walkTarget). */
  walkTo?: RuntimePoint
  /** Where the character looks once there; absent = none. */
  lookAt?: RuntimePoint
  /** Which way the character faces once there; absent = as it arrives. */
  direction?: 'up' | 'up-right' | 'right' | 'down-right' | 'down' | 'down-left' | 'left' | 'up-left'
  /** Flag expression: the hotspot answers clicks only while it holds; always when absent. */
  enabledBy?: string
  /** Free key/value pairs for the game. */
  properties: Record<string, string>
  /** The type of each property whose value is not plain text (int, float, bool, color, file, object); absent = text. */
  propertyTypes?: Record<string, string>
}

/** The room as the file holds it: what a game reads (the file has more, for the editor). */
export interface RuntimeRoomInfo {
  id: string
  name: string
  size: { width: number; height: number }
  /** Which representation decides where one can walk. */
  authoritative: 'mask' | 'polygons'
  zones: RuntimeZone[]
  points?: RuntimeNamedPoint[]
  /** Hotspots, last on top (`room.hotspotAt`); absent in files without any. */
  hotspots?: RuntimeHotspot[]
  /** The test walk's start: `room.point('start')`. */
  testWalk: { start: RuntimePoint }
  /** The room's own custom properties (and their types); absent = none. */
  properties?: Record<string, string>
  propertyTypes?: Record<string, string>
}

/** Flag values by id. */
export type RuntimeFlags = Record<string, boolean>
