/**
 * `walkbox import <game folder> --out <project>` for every engine: the game read through the
 * game store (src/shared/game/game-store.ts `readGame`: under the game's lock, a stopped
 * write finished or rolled back first and said in one line; no link followed anywhere in the
 * game), then every room read added to the `--out` project as one save. The per-engine
 * commands (ags-game-commands.ts, godot-game-commands.ts, import-tiled-folder.ts) only shape
 * the report and its lines.
 *
 * Glossary
 * - --out project: made when the folder is missing or empty, else the project there gets the
 *   rooms. A refused import leaves it as it was: a folder the import made is removed, an
 *   empty one emptied again, a project there unchanged (its save is one unit).
 *
 * Units: counts.
 */
import { basename, dirname, resolve } from 'node:path'
import type { ProjectFiles } from '../shared/room/unit-save'
import type { Room } from '../shared/room/schema'
import { GameFolderError, type GameRead } from '../shared/formats/game-folder'
import { addGameRooms, readGame, type AddedRooms, type ReadGameOptions } from '../shared/game/game-store'
import * as store from '../main/services/project-store'
import { projectFolderOf } from '../main/desktop-host'
import { cliGameHost, keepOut, sayRecovered } from './game-cli'
import { warnOpened } from './project-commands'

export interface GameImport {
  /** The --out project (absolute). */
  project: string
  /** The game folder read (absolute). */
  game: string
  read: GameRead
  added: AddedRooms
}

/**
 * Read the game at `gameDir` (or, for a .tiled-project file, its folder's maps it lists) and
 * add its rooms to the project `project` (made, named `name(read)`, when new). Throws one
 * line; nothing is written into `--out` then.
 */
export async function importGame(
  project: string,
  given: string,
  options: Omit<ReadGameOptions, 'tiledProject'> & {
    name: (read: GameRead) => string
    /** The --out project's files (tests give a disk that fills up); the disk by default. */
    outFiles?: (root: string) => ProjectFiles
  },
): Promise<GameImport> {
  const full = resolve(given)
  const tiledProject = /\.tiled-project$/i.test(full) ? basename(full) : undefined
  const game = tiledProject ? dirname(full) : full
  const { read, warnings } = await readGame(cliGameHost(game), { ...options, tiledProject }).catch(
    (e: unknown) => {
      // The store's refusal of a whole game (a Godot 3 project) names no folder: the command
      // line names the one it was given, and that it wrote nothing.
      if (e instanceof GameFolderError && / nothing opened$/.test(e.message))
        throw new GameFolderError(`${given}: ${e.message.replace(/; nothing opened$/, '; nothing written')}`)
      throw e
    },
  )
  sayRecovered(warnings)
  const folder = resolve(projectFolderOf(project))
  const out = await keepOut(folder)
  try {
    const host = store.diskStore(folder, {
      appVersion: store.DEFAULT_APP_VERSION,
      ...(options.outFiles ? { files: options.outFiles(folder) } : {}),
    })
    if (!out.fresh) warnOpened(await store.openProject(folder))
    const added = await addGameRooms(
      host,
      read,
      out.fresh ? { name: options.name(read), appVersion: store.DEFAULT_APP_VERSION } : undefined,
    )
    return { project: folder, game, read, added }
  } catch (error) {
    await out.undo()
    throw error
  }
}

/** What every engine's import report says of a room read: its name, size, walk areas and zones (px, counts). */
export interface RoomFacts {
  name: string
  width: number
  height: number
  areas: number
  zones: number
}

export function roomFacts(room: Room): RoomFacts {
  return {
    name: room.name,
    width: room.size.width,
    height: room.size.height,
    areas: room.areas.length,
    zones: room.zones.length,
  }
}
