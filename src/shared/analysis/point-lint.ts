/**
 * Lint of the room's named points (lint.ts calls it): a point a character has to stand on
 * (an entrance, a walk-to point, the player start) that is not walkable in the checked game
 * state. Markers are places scripts use for anything (a sprite's spot, a camera target), so
 * they may lie anywhere.
 *
 * Glossary
 * - off the walk area: not walkable in this state: outside the room, off the walk area, in a
 *   hole, under a closed gate or in a switched-off area (goal-snap.ts says which).
 *
 * Units: room px.
 */
import type { Point } from '../geometry/types'
import type { NavWorld } from '../nav/types'
import type { PointKind, Room } from '../room/schema'
import { whyNotWalkable } from './goal-snap'
import type { FlagState } from './room-world'

export interface PointLintEntry {
  id: string
  severity: 'warning'
  kind: 'point-off-area'
  message: string
  at: Point
}

/** The kinds of point a character stands on, and how the message names them. */
const STOOD_ON: Partial<Record<PointKind, string>> = {
  entrance: 'Entrance',
  'walk-to': 'Walk-to point',
  'player-start': 'Player start',
}

/** The point findings of the room in the state `flags` (complete flag values). */
export function pointEntries(
  room: Room,
  mask: Uint8Array | null,
  flags: FlagState,
  world: NavWorld,
): PointLintEntry[] {
  const entries: PointLintEntry[] = []
  for (const p of room.points ?? []) {
    const what = STOOD_ON[p.kind ?? 'marker']
    if (!what || world.isWalkable(p)) continue
    const why = whyNotWalkable(room, mask, flags, p) ?? 'is outside the walkable area'
    entries.push({
      id: `point-off-area:${p.id}`,
      severity: 'warning',
      kind: 'point-off-area',
      at: { x: p.x, y: p.y },
      message: `${what} '${p.name || p.id}' at (${Math.round(p.x)}, ${Math.round(p.y)}) ${why}; a character cannot stand there`,
    })
  }
  return entries
}
