/**
 * A whole Tiled game in at once: `walkbox import <folder | file.tiled-project> --out <project>`
 * imports every map (.tmx, .tmj) of a folder, or of the folders a Tiled project lists, as
 * one room each, through the game store (game-import.ts: the maps read first, then added as
 * one save), reporting one progress line per map.
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
import { isTiledJsonMap } from '../shared/formats/registry'
import type { LayerMapping } from '../shared/formats/tiled/layer-kinds'
import { nameFromFileName } from '../shared/room/names'
import { projectFolderOf } from '../main/desktop-host'
import type { ImportReport } from './format-commands'
import { importGame } from './game-import'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'
import { MAX_TILED_JSON_PROBE_BYTES } from '../shared/limits'

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
    const imported = await importGame(project, given, {
      kind: 'tiled',
      // The author's layer kinds (--layer) reach every map's reader through the game store.
      ...(layers ? { readOptions: { layers } } : {}),
      name: () => nameFromFileName(basename(resolve(projectFolderOf(project)))) || 'Game',
    }).catch((e: unknown) => {
      if (e instanceof Error && /(^|: )no rooms found in this tiled game/.test(e.message))
        throw new ProjectCommandError(`${given}: no Tiled maps (.tmx, .tmj, Tiled .json) found`)
      throw e
    })
    const { read, added } = imported
    const byFile = new Map(added.rooms.map((r) => [r.read.file, r]))
    const report: FolderImportReport = {
      project: imported.project,
      root,
      rooms: [],
      refused: [],
      notes: read.notes,
    }
    const flagsAdded = new Set(added.flagsAdded.map((f) => f.id))
    for (const [i, map] of read.listed.entries()) {
      const step = `[${i + 1}/${read.listed.length}] ${map}`
      const room = byFile.get(map)
      if (room) {
        const { result } = room.read
        const r = result.room
        const summary = {
          id: room.id,
          name: r.name,
          width: r.size.width,
          height: r.size.height,
          polygons: r.polygons.length,
          zones: r.zones.length,
          points: r.points?.length ?? 0,
        }
        report.rooms.push({
          map,
          format: /\.tmx$/i.test(map) ? 'tiled-xml' : 'tiled-json',
          room: summary,
          flagsAdded: result.flags.filter((f) => flagsAdded.delete(f.id)).map((f) => f.id),
          notes: result.notes,
        })
        onProgress(
          `${step}: room ${summary.id} (${summary.width}x${summary.height}, ${summary.polygons} walk polygons, ${summary.zones} zones, ${summary.points} points; ${result.notes.length} notes)`,
        )
      } else {
        const skipped = read.skipped.find((s) => s.file === map)
        const error = skipped?.reason ?? 'not read'
        report.refused.push({ map, error, problems: skipped?.problems ?? [] })
        onProgress(`${step}: not imported: ${error}`)
      }
    }
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
