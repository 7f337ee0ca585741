/**
 * `walkbox import <game folder>`: which command reads a game folder, in the order they are
 * asked. AGS, Godot and Tiled shape their own reports (ags-game-commands.ts,
 * godot-game-commands.ts, import-tiled-folder.ts); every other engine of the descriptor list
 * (src/shared/formats/engines.ts) is read by engine-game-command.ts with nothing written for
 * it here. walkbox.ts asks this list and branches on no engine.
 *
 * Glossary
 * - given: the options of the command line that choose how a folder is read (`--format`,
 *   `--layer`).
 * - takesLayers: whether the command maps Tiled layers; `--layer` given to a folder another
 *   command reads is a usage error.
 * - code: the exit code the command asks for (2 when some maps were refused).
 */
import type { LayerMapping } from '../shared/formats/tiled/layer-kinds'
import { agsGameTable, importAgsGameCommand, isAgsGameFolder } from './ags-game-commands'
import { engineGameTable, gameFolderEngine, importEngineGameCommand } from './engine-game-command'
import { godotGameTable, importGodotGameCommand, isGodotGameFolder } from './godot-game-commands'
import { folderImportTable, importTiledFolderCommand, isTiledFolderImport } from './import-tiled-folder'

export interface ImportGiven {
  format?: string
  layers?: LayerMapping
}

export interface GameImportRun {
  report: unknown
  table: string
  code: number
}

export interface GameImportCommand {
  /** Whether this command reads `path` as a game folder, given the options. */
  reads(path: string, given: ImportGiven): Promise<boolean>
  takesLayers: boolean
  run(
    project: string,
    path: string,
    given: ImportGiven,
    progress: (line: string) => void,
  ): Promise<GameImportRun>
}

const agsGame: GameImportCommand = {
  reads: (path) => isAgsGameFolder(path),
  takesLayers: false,
  async run(project, path, given, progress) {
    const game = await importAgsGameCommand(project, path, { format: given.format, progress })
    return { report: game, table: agsGameTable(game), code: 0 }
  },
}

const godotGame: GameImportCommand = {
  reads: (path) => isGodotGameFolder(path),
  takesLayers: false,
  async run(project, path, _given, progress) {
    const game = await importGodotGameCommand(project, path, { progress })
    return { report: game, table: godotGameTable(game), code: 0 }
  },
}

const tiledFolder: GameImportCommand = {
  reads: async (path, given) => !given.format && (await isTiledFolderImport(path)),
  takesLayers: true,
  async run(project, path, given, progress) {
    const report = await importTiledFolderCommand(project, path, progress, given.layers)
    return { report, table: folderImportTable(report), code: report.refused.length > 0 ? 2 : 0 }
  },
}

/** Any other engine the descriptor list detects; never with `--format` or `--layer`. */
const otherEngine: GameImportCommand = {
  reads: async (path, given) => !given.format && !given.layers && (await gameFolderEngine(path)) !== null,
  takesLayers: false,
  async run(project, path, _given, progress) {
    const engine = await gameFolderEngine(path)
    if (!engine) throw new Error(`${path}: no engine's game folder`)
    const game = await importEngineGameCommand(project, path, engine, { progress })
    return { report: game, table: engineGameTable(game), code: 0 }
  },
}

export const GAME_IMPORT_COMMANDS: readonly GameImportCommand[] = [
  agsGame,
  godotGame,
  tiledFolder,
  otherEngine,
]

/** The first command that reads `path` as a game folder, or null (then it is one room file). */
export async function gameImportCommandFor(
  path: string,
  given: ImportGiven,
): Promise<GameImportCommand | null> {
  for (const command of GAME_IMPORT_COMMANDS) if (await command.reads(path, given)) return command
  return null
}
