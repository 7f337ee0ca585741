/**
 * What the command line's game commands share: the game store's host for a game folder (the
 * desktop's adapter, game-folder-store.ts), where a game's root is when a command names a
 * file or a room folder inside it, and an `--out` project that a refused import leaves as it
 * found it.
 *
 * Glossary
 * - game root: the folder whose `.walkbox/` holds the game's journal, backups and Walkbox
 *   project, and whose top holds its lock: one per game, whatever path a command names. For
 *   a file or folder inside a game it is the nearest folder above that holds `Game.agf`,
 *   `project.godot`, a `.tiled-project` or a `.walkbox/game-link.json`; else the folder given
 *   (a lone AGS room folder) or the map's own folder.
 *
 * Units: counts.
 */
import { lstat, readdir, rm } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { GAME_LINK_FILE } from '../shared/formats/game-folder'
import { diskGameHost } from '../main/services/game-folder-store'
import type { GameHost } from '../shared/game/game-host'
import type { ProjectFiles } from '../shared/room/unit-save'
import { DEFAULT_APP_VERSION } from '../main/services/project-store'
import { makeFolders } from '../main/services/project-files'
import { MAX_GAME_DEPTH } from '../shared/limits'

/** Tests: the game folder's files a command works through (to stop them as a kill does). */
export type GameFilesFor = (root: string) => ProjectFiles

/** The game store's host for a game folder, as the command line uses it. */
export function cliGameHost(root: string, filesFor?: GameFilesFor): GameHost {
  return diskGameHost(resolve(root), {
    appVersion: DEFAULT_APP_VERSION,
    ...(filesFor ? { files: filesFor(resolve(root)) } : {}),
  })
}

async function isFile(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isFile() === true
}

/** Does `dir` hold a game's marker: its link record (opened in the editor), or one of `files`, or a `.tiled-project`? */
export async function holdsGameMarker(
  dir: string,
  markers: { files?: string[]; tiledProject?: boolean },
): Promise<boolean> {
  if (await isFile(join(dir, GAME_LINK_FILE))) return true
  for (const name of markers.files ?? []) if (await isFile(join(dir, name))) return true
  if (!markers.tiledProject) return false
  const names = await readdir(dir).catch(() => [] as string[])
  return names.some((n) => /\.tiled-project$/i.test(n))
}

/**
 * The game root of a Tiled map's folder `start`: the nearest folder at or above it (within
 * MAX_GAME_DEPTH) that holds a game's link record or a `.tiled-project`, else `start` itself.
 */
export async function tiledRootOf(start: string): Promise<string> {
  let dir = resolve(start)
  for (let i = 0; i <= MAX_GAME_DEPTH; i++) {
    if (await holdsGameMarker(dir, { tiledProject: true })) return dir
    const up = dirname(dir)
    if (up === dir) break
    dir = up
  }
  return resolve(start)
}

/** `path` as a game path under `root` ('/' separated). */
export function gamePathOf(root: string, path: string): string {
  return relative(root, resolve(path)).split(sep).join('/')
}

/** Say on stderr what a game command's recovery did (one line each). */
export function sayRecovered(lines: readonly string[]): void {
  for (const line of lines) process.stderr.write(`walkbox: ${line}\n`)
}

/**
 * The state of an `--out` folder before an import writes into it, and a function that puts
 * it back so when the import is refused: a folder the import made is removed, one that was
 * empty is emptied again; a project that was there is left to its one-unit save.
 */
export async function keepOut(folder: string): Promise<{ fresh: boolean; undo: () => Promise<void> }> {
  const st = await lstat(folder).catch(() => null)
  const empty = st?.isDirectory() === true && (await readdir(folder)).length === 0
  const undo = async () => {
    if (!st) await rm(folder, { recursive: true, force: true })
    else if (empty) {
      for (const name of await readdir(folder).catch(() => [] as string[]))
        await rm(join(folder, name), { recursive: true, force: true })
    }
  }
  if (!st) await makeFolders(folder)
  return { fresh: !st || empty, undo }
}
