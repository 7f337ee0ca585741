/**
 * The author-facing texts that name every engine, made from the descriptor list
 * (formats/engines.ts), so that an engine added there appears in each of them: the "Import
 * from …" buttons, the desktop's game-folder picker title, the Import dialog's hint and the
 * command line's layer-mapping (`--layer`) help.
 *
 * Glossary
 * - engine name: an engine's label without a trailing version number ('AGS 4' and 'AGS 3' are
 *   both 'AGS'), once each, in list order.
 * - layer-kind engine: one whose game link keeps the layer kinds a room was read with
 *   (`layerKinds`, Tiled's `--layer NAME=KIND`).
 *
 * Units: none.
 */
import type { GameEngine } from './engine'
import { GAME_ENGINES, GAME_FOLDERS_KNOWN, type GameKind } from './engines'
import { LAYER_KINDS, PROPERTY_SOURCE, SHAPES_SOURCE } from './tiled/layer-kinds'

/** The engines by name, versions folded: 'Godot, Tiled, AGS'. */
export const ENGINE_NAMES = [...new Set(GAME_ENGINES.map((e) => e.label.replace(/\s+\d[\d.]*$/, '')))].join(
  ', ',
)

/** The text of the buttons that open the Import dialog: 'Import from Godot, Tiled, AGS…'. */
export const IMPORT_FROM_ENGINES = `Import from ${ENGINE_NAMES}…`

/** The desktop's folder picker title when opening a game folder (read-only by the author's choice or not). */
export function openGameFolderTitle(readOnly: boolean): string {
  return `Open a game folder${readOnly ? ' read-only' : ''} (${ENGINE_NAMES})`
}

/** The Import dialog's hint on picking a game's folder, after its list of formats. */
export const IMPORT_GAME_HINT = `For a room of a game, pick the game's folder (${GAME_FOLDERS_KNOWN}), so that the files the room names resolve, and choose the room to start from.`

/** The engines that keep layer kinds (`--layer`), in list order. */
export const LAYER_KIND_ENGINES: readonly GameEngine<GameKind>[] = GAME_ENGINES.filter((e) => e.layerKinds)

/** The engines that keep layer kinds, by label: 'Tiled'. */
const layerLabels = (): string => LAYER_KIND_ENGINES.map((e) => e.label).join(' or ')

/** The room-file extensions of an engine's formats: '.tmj|.json|.tmx'. */
const extensionsOf = (e: GameEngine<GameKind>): string =>
  e.formats.flatMap((f) => f.extensions.map((x) => `.${x}`)).join('|')

/** The command line's usage lines that take `--layer`: an import and an export per layer-kind engine. */
export function layerCommandLines(): string[] {
  return LAYER_KIND_ENGINES.flatMap((e) => [
    `       walkbox import <${e.folder}${e.projectFile ? ` | file${e.projectFile}` : ''}> --out <project dir> [--layer NAME=KIND]... [--json]`,
    `       walkbox export <project> --room <id> --into <${e.label} room file in the game: ${extensionsOf(e)}> [--layer NAME=KIND]... [--dry-run] [--json]`,
  ])
}

/** The command line's help line of the `--layer` option. */
export function layerOptionLine(): string {
  return `  --layer: a ${layerLabels()} layer (or ${SHAPES_SOURCE}, ${PROPERTY_SOURCE}NAME for tiles) read as ${LAYER_KINDS.join('|')}`
}

/** The refusal of `--layer` given for a folder or file of an engine that keeps no layer kinds. */
export function layerRefusal(): string {
  return `--layer: maps the layers of ${layerLabels()} rooms; this is not ${LAYER_KIND_ENGINES.map((e) => e.game).join(' or ')} nor a room of one`
}
