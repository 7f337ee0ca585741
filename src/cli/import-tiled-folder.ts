/**
 * A whole Tiled game in at once: `walkbox import <folder | file.tiled-project> --out <project>`
 * imports every map (.tmx, .tmj) of a folder, or of the folders a Tiled project lists, as
 * one room each, reporting one progress line per map.
 *
 * Glossary
 * - import root: the folder given (or the folder of the .tiled-project). The files a map
 *   names (tilesets, templates, images) may lie anywhere inside it, never above it.
 * - map: a file ending in .tmx or .tmj found under the root's folders (at most
 *   MAX_FOLDER_DEPTH folders deep, symbolic links not followed), in path order.
 * - refused map: one that cannot be read; it is listed with its problems and the others
 *   are imported all the same.
 *
 * Units: counts.
 */
import { lstat, readdir } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { roomFormat } from '../shared/formats/registry'
import { MAX_JSON_FILE_BYTES, MAX_ROOMS } from '../shared/room/limits'
import { readRegularFile } from '../main/services/regular-file'
import { addImportedRoom, folderSource, type ImportReport } from './format-commands'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'

/** Deepest folder searched for maps under the import root. */
export const MAX_FOLDER_DEPTH = 16

export interface FolderImportReport {
  project: string | null
  root: string
  rooms: (Omit<ImportReport, 'project'> & { map: string })[]
  refused: { map: string; error: string; problems: string[] }[]
}

/**
 * Is this path a Tiled project file, or a folder of Tiled maps (a .tmx or .tmj within four
 * folders of it, and not an AGS 4 room folder or a Godot project)?
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
    if (depth >= 4) return false
    for (const e of entries) if (e.isDirectory() && (await hasMap(join(dir, e.name), depth + 1))) return true
    return false
  }
  return hasMap(path, 0)
}

/** The folders a .tiled-project lists (relative to it), kept inside its folder. */
async function projectFolders(file: string): Promise<string[]> {
  const text = new TextDecoder().decode(await readRegularFile(file, basename(file), MAX_JSON_FILE_BYTES))
  let json: { folders?: unknown }
  try {
    json = JSON.parse(text) as { folders?: unknown }
  } catch (e) {
    throw new ProjectCommandError(`${basename(file)}: not a Tiled project (${(e as Error).message})`)
  }
  const folders = Array.isArray(json.folders) ? json.folders.filter((f) => typeof f === 'string') : []
  const root = dirname(resolve(file))
  const inside = folders
    .map((f) => resolve(root, f as string))
    .filter((f) => f === root || !relative(root, f).startsWith('..'))
  if (inside.length === 0)
    throw new ProjectCommandError(`${basename(file)}: lists no folder inside its own folder`)
  return inside
}

/** Map files under `dir`, relative to `root`, in path order. */
async function findMaps(root: string, dir: string, depth: number, found: Set<string>): Promise<void> {
  if (depth > MAX_FOLDER_DEPTH) return
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, e.name)
    if (e.isDirectory()) await findMaps(root, full, depth + 1, found)
    else if (e.isFile() && /\.(tmx|tmj)$/i.test(e.name)) {
      found.add(relative(root, full).split(sep).join('/'))
      if (found.size > MAX_ROOMS)
        throw new ProjectCommandError(
          `${root}: more than ${MAX_ROOMS} maps (a project holds at most ${MAX_ROOMS} rooms); nothing imported`,
        )
    }
  }
}

export async function importTiledFolderCommand(
  project: string,
  given: string,
  onProgress: (line: string) => void,
): Promise<FolderImportReport> {
  return guardAuthorErrors(async () => {
    const isProjectFile = given.toLowerCase().endsWith('.tiled-project')
    const root = isProjectFile ? dirname(resolve(given)) : resolve(given)
    const folders = isProjectFile ? await projectFolders(given) : [root]
    const found = new Set<string>()
    for (const f of folders) await findMaps(root, f, 0, found)
    const maps = [...found].sort((a, b) => a.localeCompare(b))
    if (maps.length === 0) throw new ProjectCommandError(`${given}: no Tiled maps (.tmx, .tmj) found`)
    const report: FolderImportReport = { project: null, root, rooms: [], refused: [] }
    const source = folderSource(root)
    for (const [i, map] of maps.entries()) {
      const step = `[${i + 1}/${maps.length}] ${map}`
      const format = roomFormat(map.toLowerCase().endsWith('.tmx') ? 'tiled-xml' : 'tiled-json')
      try {
        const result = await format.importRoom!(source, map, { filesWithinSource: true })
        const added = await addImportedRoom(project, result)
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
    return report
  })
}

export function folderImportTable(r: FolderImportReport): string {
  return [
    `Imported ${r.rooms.length} of ${r.rooms.length + r.refused.length} Tiled maps from ${r.root}${r.project ? ` into ${r.project}` : ''}`,
    ...r.rooms.flatMap((x) => [`${x.map}: room ${x.room.id}`, ...x.notes.map((n) => `  note: ${n}`)]),
    ...r.refused.flatMap((x) => [
      `${x.map}: not imported: ${x.error}`,
      ...x.problems.slice(0, 10).map((p) => `  ${p}`),
    ]),
  ].join('\n')
}
