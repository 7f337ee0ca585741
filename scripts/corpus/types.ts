/**
 * The shape every engine's corpus check gives the runner (scripts/corpus.ts).
 *
 * Glossary
 * - corpus: a folder of public games gathered outside the repository, one folder per game,
 *   beside a `provenance.json` (a list of { folder, repository, commit, path, licence }).
 * - check: one named question asked of a room ("background", "areas", "unedited", "edit"),
 *   answered pass, fail (with the reason) or n/a (the room has nothing to check).
 */

/** One answer to one check of one room. */
export type CheckResult =
  { status: 'pass' } | { status: 'fail'; why: string } | { status: 'n/a'; why?: string }

/** One room of one game and the answers to each of its engine's checks. */
export interface RoomRow {
  /** The room's file inside the game folder ('/' separated). */
  file: string
  checks: Record<string, CheckResult>
}

/** What checking one game gives. */
export interface GameResult {
  /** The game's folder name inside the corpus folder. */
  game: string
  /** Engine and version as read from the game (e.g. 'Popochiu 2.0', 'Tiled 1.10', 'AGS 3.6 (room format 33)'). */
  engine: string
  rooms: RoomRow[]
  /** A whole-game problem (it could not be imported at all), one line; null when it imported. */
  failure: string | null
  /** Milliseconds the whole-game import took (the engine's own import path, as `walkbox import` runs it). */
  importMs: number
}

/** One engine's corpus check: `npm run corpus -- <folder>` runs every engine whose `detect` says yes. */
export interface CorpusEngine {
  /** Short id used by `--engine` (godot, tiled, ags). */
  id: string
  /** The check names, in the order the table prints them. */
  checks: readonly string[]
  /** Is this game folder one of this engine's? */
  detect(gameFolder: string): Promise<boolean>
  /** Import the game whole, check every room, write back unedited and edited copies (in a scratch copy of the game, never the corpus itself). */
  checkGame(gameFolder: string, scratch: string): Promise<GameResult>
}
