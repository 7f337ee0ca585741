/**
 * A whole Tiled game in at once: `walkbox import <folder | file.tiled-project> --out <project>`
 * imports every map (.tmx, .tmj) of a folder, or of the folders a Tiled project lists, as
 * one room each, reporting one progress line per map.
 *
 * Glossary
 * - import root: the folder given (or the folder of the .tiled-project). The files a map
 *   names (tilesets, templates, images) may lie anywhere inside it, never above it.
 * - map: a .tmx, a .tmj or a .json that is a Tiled map by its content, found under the root's folders, listed by the same
 *   code as the editor's game folders (listTiledMaps / listTiledProjectMaps in
 *   src/shared/formats/game-folder.ts: at most MAX_GAME_DEPTH folders deep, no symbolic
 *   links, no dot folders, a .tiled-project's folders kept inside its own folder).
 * - refused map: one that cannot be read; it is listed with its problems and the others
 *   are imported all the same.
 *
 * Units: counts.
 */
import { lstat, readdir, readFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import {
  flagDisagreements,
  GameFolderError,
  listTiledMaps,
  listTiledProjectMaps,
} from '../shared/formats/game-folder'
import { isTiledJsonMap, roomFormat } from '../shared/formats/registry'
import type { LayerMapping } from '../shared/formats/tiled/layer-kinds'
import { MAX_TILED_JSON_PROBE_BYTES } from '../shared/formats/game-folder'
import { MAX_ROOMS } from '../shared/room/limits'
import { diskProjectFiles } from '../main/services/project-files'
import { addImportedRoom, folderSource, type ImportReport } from './format-commands'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'

export interface FolderImportReport {
  project: string | null
  root: string
  rooms: (Omit<ImportReport, 'project'> & { map: string })[]
  refused: { map: string; error: string; problems: string[] }[]
  /** What listing the maps left out or assumed (a .tiled-project's folders), one line each. */
  notes: string[]
}

/**
 * Is this path a Tiled project file, or a folder of Tiled maps (a .tmx, .tmj or Tiled JSON map
 * within four folders of it, and not an AGS 4 room folder or a Godot project)?
 */
export async function isTiledFolderImport(path: string): Promise<boolean> {
  if (path.toLowerCase().endsWith('.tiled-project')) return true
  const s = await lstat(path).catch(() => null)
  if (!s?.isDirectory()) return false
  const top = await readdir(path).catch(() => [] as string[])
  if (top.includes('data.xml') || top.includes('project.godot')) return false
  const hasMap = async (dir: string, depth: number): Promise<boolean> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    if (entries.some((e) => e.isFile() && /\.(tmx|tmj)$/i.test(e.name))) return true
    for (const e of entries)
      if (e.isFile() && /\.json$/i.test(e.name) && (await isTiledJsonFile(join(dir, e.name)))) return true
    if (depth >= 4) return false
    for (const e of entries) if (e.isDirectory() && (await hasMap(join(dir, e.name), depth + 1))) return true
    return false
  }
  return hasMap(path, 0)
}

/** Is this file a Tiled JSON map by its content (a regular file of at most MAX_TILED_JSON_PROBE_BYTES)? */
async function isTiledJsonFile(path: string): Promise<boolean> {
  const s = await lstat(path).catch(() => null)
  if (!s?.isFile() || s.size > MAX_TILED_JSON_PROBE_BYTES) return false
  return isTiledJsonMap(await readFile(path, 'utf8').catch(() => ''))
}

export async function importTiledFolderCommand(
  project: string,
  given: string,
  onProgress: (line: string) => void,
  layers?: LayerMapping,
): Promise<FolderImportReport> {
  return guardAuthorErrors(async () => {
    const isProjectFile = given.toLowerCase().endsWith('.tiled-project')
    const root = isProjectFile ? dirname(resolve(given)) : resolve(given)
    const files = diskProjectFiles(root)
    const notes: string[] = []
    const maps = await (
      isProjectFile ? listTiledProjectMaps(files, basename(given), notes) : listTiledMaps(files, notes)
    ).catch((e: unknown) => {
      if (e instanceof GameFolderError) throw new ProjectCommandError(e.message.split('\n')[0])
      throw e
    })
    if (maps.length === 0)
      throw new ProjectCommandError(`${given}: no Tiled maps (.tmx, .tmj, Tiled .json) found`)
    if (maps.length > MAX_ROOMS)
      throw new ProjectCommandError(
        `${root}: more than ${MAX_ROOMS} maps (a project holds at most ${MAX_ROOMS} rooms); nothing imported`,
      )
    const report: FolderImportReport = { project: null, root, rooms: [], refused: [], notes }
    const source = folderSource(root)
    const read: Parameters<typeof flagDisagreements>[0][number][] = []
    for (const [i, map] of maps.entries()) {
      const step = `[${i + 1}/${maps.length}] ${map}`
      const format = roomFormat(map.toLowerCase().endsWith('.tmx') ? 'tiled-xml' : 'tiled-json')
      try {
        const result = await format.importRoom!(source, map, {
          filesWithinSource: true,
          layers: layers ?? {},
        })
        const added = await addImportedRoom(project, result)
        read.push({ file: map, result })
        report.project = added.project
        report.rooms.push({ map, format: format.id, ...added, notes: result.notes })
        onProgress(
          `${step}: room ${added.room.id} (${added.room.width}x${added.room.height}, ${added.room.polygons} walk polygons, ${added.room.zones} zones, ${added.room.points} points; ${result.notes.length} notes)`,
        )
      } catch (e) {
        const error = (e as Error).message.split('\n')[0]
        const problems = (e as { problems?: unknown }).problems
        report.refused.push({ map, error, problems: Array.isArray(problems) ? problems.map(String) : [] })
        onProgress(`${step}: not imported: ${error}`)
      }
    }
    notes.push(...flagDisagreements(read))
    return report
  })
}

export function folderImportTable(r: FolderImportReport): string {
  return [
    `Imported ${r.rooms.length} of ${r.rooms.length + r.refused.length} Tiled maps from ${r.root}${r.project ? ` into ${r.project}` : ''}`,
    ...r.notes.map((n) => `note: ${n}`),
    ...r.rooms.flatMap((x) => [`${x.map}: room ${x.room.id}`, ...x.notes.map((n) => `  note: ${n}`)]),
    ...r.refused.flatMap((x) => [
      `${x.map}: not imported: ${x.error}`,
      ...x.problems.slice(0, 10).map((p) => `  ${p}`),
    ]),
  ].join('\n')
}
