/**
 * Every engine Walkbox opens game folders of, once: one line per engine, its descriptor from its
 * own folder (formats/<engine>/engine.ts). The engine ids (`GameKind`), their labels, the CLI's
 * help and --format choices, the dialogs' formats, detection and the game store's planners all
 * come from this list. Marker engines are asked in list order, then content engines.
 *
 * Glossary
 * - engine: a game engine whose folders Walkbox opens in place (formats/engine.ts).
 *
 * Units: none.
 */
import { AGS3_ENGINE } from './ags/ags3-engine'
import { AGS4_ENGINE } from './ags/ags4-engine'
import type { GameEngine } from './engine'
import { GODOT_ENGINE } from './godot/engine'
import { TILED_ENGINE } from './tiled/engine'

/** The list: one line per engine. */
const ENGINES = [GODOT_ENGINE, TILED_ENGINE, AGS4_ENGINE, AGS3_ENGINE] as const

/** An engine's id, as a game link record stores it. */
export type GameKind = (typeof ENGINES)[number]['id']

export const GAME_ENGINES: readonly GameEngine<GameKind>[] = ENGINES

export const GAME_KINDS: readonly GameKind[] = GAME_ENGINES.map((e) => e.id)

export function isGameKind(id: unknown): id is GameKind {
  return GAME_KINDS.includes(id as GameKind)
}

/** The descriptor of engine `id`. */
export function gameEngine(id: GameKind): GameEngine<GameKind> {
  return GAME_ENGINES.find((e) => e.id === id)!
}

/** An engine's name for the author ('AGS 4'). */
export function engineLabel(id: GameKind): string {
  return gameEngine(id).label
}

/** The engines in the order a game folder is asked: marker engines first, then content engines (each in list order). */
export const DETECT_ORDER: readonly GameEngine<GameKind>[] = [
  ...GAME_ENGINES.filter((e) => e.detectBy === 'marker'),
  ...GAME_ENGINES.filter((e) => e.detectBy === 'content'),
]

/** What game folders Walkbox knows, for help and refusals: 'a Godot project with project.godot, a folder of Tiled maps, …'. */
export const GAME_FOLDERS_KNOWN = GAME_ENGINES.map((e) => e.folder)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')

/** The refusal of a folder no engine takes. */
export const NOT_A_GAME_FOLDER = `not a game folder Walkbox knows (${GAME_FOLDERS_KNOWN})`
