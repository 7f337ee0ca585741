/**
 * A room written back into the Godot game it came from, in place, from the command line:
 *
 *   export <project> --room <id> --format godot --into <godot project folder>
 *          [--scene <path of the room's .tscn>] [--dry-run]
 *
 * The room's scene is the one given, else the game's room (find-rooms.ts) that imports with
 * the room's id. Only the lines of what was edited change, where the engine reads it (a
 * Popochiu walkable area's interaction_polygon and NavigationPolygon, a hotspot's polygon and
 * points: src/shared/formats/godot/patch-in-place.ts); `--dry-run` prints the unified diff and
 * writes nothing; otherwise the files are written as one unit by
 * src/shared/formats/game-folder.ts (the editor's Save on a game folder), each replaced file
 * copied first to `<game>/.walkbox/game-backups/<time>/<its path>`. Files that are links,
 * or paths that leave the game folder, are refused before anything is written.
 *
 * Glossary
 * - game folder: the folder holding project.godot (res://).
 *
 * Units: px.
 */
import { resolve, sep } from 'node:path'
import { findGodotRooms } from '../shared/formats/godot/find-rooms'
import { importGodotScene, type GodotImportSource } from '../shared/formats/godot/import'
import { commitGameWrite, planGameWrite } from '../shared/formats/game-folder'
import type { ImportSource } from '../shared/formats/registry'
import * as store from '../main/services/project-store'
import { nodeGameCodec } from '../main/services/game-folder-store'
import { diskProjectFiles } from '../main/services/project-files'
import { projectFolderOf } from '../main/desktop-host'
import { folderSource } from './format-commands'
import { isGodotGameFolder, listGodotScenes } from './godot-game-commands'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'

export interface GodotInPlaceReport {
  project: string
  room: string
  game: string
  scene: string
  dryRun: boolean
  /** Files changed (or that would change), paths in the game folder. */
  files: string[]
  /** The unified diff of those files. */
  diff: string
  notes: string[]
}

function godotSource(source: ImportSource): GodotImportSource {
  const bare = (p: string) => p.replace(/^res:\/\//, '')
  return {
    readText: (p) => source.readText(bare(p)),
    readBytes: (p) => source.readBytes(bare(p)),
    imageSize: source.imageSize,
  }
}

export async function exportGodotInPlaceCommand(
  project: string,
  roomId: string,
  options: { into: string; scene?: string; dryRun?: boolean },
): Promise<GodotInPlaceReport> {
  return guardAuthorErrors(async () => {
    const game = resolve(options.into)
    if (!(await isGodotGameFolder(game)))
      throw new ProjectCommandError(`${options.into}: not a Godot project folder (no project.godot)`)
    const folder = projectFolderOf(project)
    const loaded = await store.loadRoom(folder, roomId)
    if (loaded.problems.length > 0)
      throw new ProjectCommandError(
        `room '${roomId}': ${loaded.problems[0].message}; fix it before exporting`,
      )
    const source = godotSource(folderSource(game))
    const notes: string[] = []
    let scene = options.scene
      ?.replace(/^res:\/\//, '')
      .split(sep)
      .join('/')
    if (scene === undefined) {
      const found = await findGodotRooms(await listGodotScenes(game, notes), (p) =>
        source.readText(`res://${p}`),
      )
      if (found.refused) throw new ProjectCommandError(`${options.into}: ${found.refused}; nothing written`)
      for (const r of found.rooms) {
        const read = await importGodotScene(source, `res://${r.path}`).catch(() => null)
        if (read?.room.id === roomId) {
          scene = r.path
          break
        }
      }
      if (scene === undefined)
        throw new ProjectCommandError(
          `${options.into}: no room scene imports as '${roomId}'; give --scene <path of its .tscn>`,
        )
    }
    // The same plan and one-unit write (with backups) as the editor's Save on a game folder.
    const files = diskProjectFiles(game)
    const plan = await planGameWrite(
      files,
      { format: 'walkbox-game-link', version: 1, engine: 'godot', rooms: [{ roomId, file: scene }] },
      new Map([[roomId, { room: loaded.room, mask: loaded.mask?.cells ?? null }]]),
      nodeGameCodec,
      (await store.openProject(folder)).project.flags,
    ).catch((e: Error) => {
      throw new ProjectCommandError(e.message.split('\n')[0])
    })
    notes.push(...plan.notes)
    const diff = plan.changes.map((c) => c.unifiedDiff).join('')
    if (!options.dryRun && plan.changes.length > 0) {
      const done = await commitGameWrite(files, plan.changes).catch((e: Error) => {
        throw new ProjectCommandError(e.message.split('\n')[0])
      })
      notes.push(`replaced files copied first to ${done.backup}`)
    }
    return {
      project: resolve(folder),
      room: roomId,
      game,
      scene,
      dryRun: options.dryRun === true,
      files: plan.changes.map((c) => c.path),
      diff,
      notes,
    }
  })
}

export function godotInPlaceTable(r: GodotInPlaceReport): string {
  const head =
    r.files.length === 0
      ? `${r.room}: nothing to write into ${r.scene} (no walk area edited)`
      : `${r.room} ${r.dryRun ? 'would change' : 'written into'} ${r.files.join(', ')} of ${r.game}${r.dryRun ? ' (dry run: nothing written)' : ''}`
  return [
    ...(r.dryRun && r.diff ? [r.diff.trimEnd()] : []),
    head,
    ...r.notes.map((n) => `  note: ${n}`),
  ].join('\n')
}
