/**
 * How each engine's room is written back into the game's own files: each engine's planner and
 * the rule saying which game files a write into its game may replace (the only files a game
 * journal may name, game-journal.ts), taken from the engine descriptors (formats/engines.ts).
 * A planner reads the game as it is now and returns the files of one room with their new
 * bytes; it writes nothing. The game store (game-store.ts) drops the files that would not
 * change, shows the rest and writes them as one unit.
 *
 * Adding an engine's in-place writing is its descriptor's `writer` (formats/<engine>/engine.ts).
 *
 * Glossary
 * - game path: relative to the game folder, '/' separated.
 * - room file: a file of a room that Walkbox writes into the game: AGS 4 room folder files
 *   (data.xml, the masks, the backgrounds, the room script stub), AGS 3 `roomN.crm`, Godot
 *   scenes, Tiled maps.
 *
 * Units: bytes.
 */
import type { GameEngineWriter } from '../formats/engine'
import { GAME_ENGINES, type GameKind } from '../formats/engines'

export type { GameEngineWriter, GamePlanner, PlanInput, PlannedRoom } from '../formats/engine'
export { exportFileBytes } from '../formats/game-source'

/** Each engine's in-place writing. */
export const GAME_ENGINE_WRITERS = Object.fromEntries(GAME_ENGINES.map((e) => [e.id, e.writer])) as Record<
  GameKind,
  GameEngineWriter
>

/** Is `path` a room file the write of some engine (or of `engine`, when known) may replace? */
export function isRoomFile(path: string, engine?: GameKind): boolean {
  if (engine) return GAME_ENGINE_WRITERS[engine].roomFile(path)
  return Object.values(GAME_ENGINE_WRITERS).some((w) => w.roomFile(path))
}
