/**
 * A game's own folder as Walkbox reads it, for the callers that take it whole (the game store,
 * the hosts, the CLI): re-exports of the files each concern lives in. Nothing is defined here.
 * - engine-neutral file access, Walkbox's place in a game, the path rule: game-source.ts
 * - what an engine is (one descriptor type): engine.ts; the engines: engines.ts and
 *   formats/<engine>/engine.ts (AGS 4 and AGS 3 in ags/, Godot in godot/, Tiled in tiled/)
 * - reading a game (detect, list rooms, name, read every room): game-read.ts
 * - the link record: game-link.ts
 * - keeping and setting aside Walkbox's own folder in a game: game-walkbox-dir.ts
 * - AGS's Game.agf and room numbers: ags/game-agf.ts; Tiled projects and maps: tiled/game-maps.ts
 *
 * Units: none.
 */
export * from './game-source'
export * from './game-read'
export * from './game-link'
export * from './game-walkbox-dir'
export type { GameFlag, GameRoomLink, GameRoomState } from './engine'
export { GAME_ENGINES, gameEngine, engineLabel, isGameKind, type GameKind } from './engines'
export { listAgsRooms, readGameAgf } from './ags/game-agf'
export {
  listTiledMaps,
  listTiledProjectMaps,
  MAX_TILED_JSON_PROBE_BYTES,
  MAX_TILED_JSON_PROBES,
  MAX_TILED_PROJECT_BYTES,
  tiledProjectFolders,
} from './tiled/game-maps'
