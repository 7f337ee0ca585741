/**
 * `walkbox export <project> --room <id> --into <map.tmx|map.tmj> [--dry-run]`: the room
 * written back into the game's own Tiled map in place (src/shared/formats/tiled/
 * write-in-place.ts, write-in-place-json.ts).
 *
 * Glossary
 * - dry run: nothing is written; the report holds the unified diff the write would make.
 * - backup: before the map is replaced, its bytes are copied to
 *   `.walkbox/game-backups/<UTC time>/<map>` in the map's folder; the new text is staged
 *   and committed as one unit (src/shared/formats/game-folder.ts, the editor's Save on a
 *   game folder), so the map is the old or the new one, never half.
 *
 * Units: bytes.
 */
import { readdirSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import * as store from '../main/services/project-store'
import { projectFolderOf } from '../main/desktop-host'
import { readRegularFile } from '../main/services/regular-file'
import { diskProjectFiles } from '../main/services/project-files'
import { commitGameWrite } from '../shared/formats/game-folder'
import { TiledMapRefused } from '../shared/formats/tiled/external-files'
import { writeRoomIntoTmx } from '../shared/formats/tiled/write-in-place'
import { writeRoomIntoTmj } from '../shared/formats/tiled/write-in-place-json'
import { unifiedDiff } from '../shared/formats/unified-diff'
import { MAX_JSON_FILE_BYTES } from '../shared/room/limits'
import type { LayerMapping } from '../shared/formats/tiled/layer-kinds'
import { folderSource } from './format-commands'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'

export interface ExportIntoReport {
  project: string
  room: string
  map: string
  dryRun: boolean
  changed: boolean
  backup: string | null
  diff: string
  notes: string[]
}

/** The nearest folder at or above `dir` (8 levels at most) holding a .tiled-project or .walkbox; else `dir`. */
function gameRootOf(dir: string): string {
  let d = dir
  for (let i = 0; i < 8; i++) {
    const names = (() => {
      try {
        return readdirSync(d)
      } catch {
        return []
      }
    })()
    if (names.includes('.walkbox') || names.some((n) => /\.tiled-project$/i.test(n))) return d
    const up = dirname(d)
    if (up === d) break
    d = up
  }
  return dir
}

export async function exportIntoCommand(
  project: string,
  roomId: string,
  mapFile: string,
  options: { dryRun?: boolean; layers?: LayerMapping },
): Promise<ExportIntoReport> {
  return guardAuthorErrors(async () => {
    const tmx = /\.tmx$/i.test(mapFile)
    if (!tmx && !/\.(tmj|json)$/i.test(mapFile))
      throw new ProjectCommandError(`${mapFile}: --into writes Tiled maps (.tmx, .tmj) in place`)
    const folder = projectFolderOf(project)
    const loaded = await store.loadRoom(folder, roomId)
    if (loaded.problems.length > 0)
      throw new ProjectCommandError(
        `room '${roomId}': ${loaded.problems[0].message}; fix it before exporting`,
      )
    const flags = (await store.openProject(folder)).project.flags
    const full = resolve(mapFile)
    const name = basename(full)
    const before = new TextDecoder('utf-8', { fatal: true }).decode(
      await readRegularFile(full, mapFile, MAX_JSON_FILE_BYTES),
    )
    // The files the map names are read from the game's folder: the nearest folder above the
    // map holding a .tiled-project or Walkbox's .walkbox, else the map's own folder.
    const root = gameRootOf(dirname(full))
    const source = folderSource(root)
    let written: { text: string; notes: string[] }
    try {
      written = await (tmx ? writeRoomIntoTmx : writeRoomIntoTmj)(before, name, loaded.room, {
        flags,
        ...(options.layers ? { layers: options.layers } : {}),
        files: {
          readText: source.readText,
          ...(source.inflate ? { inflate: source.inflate } : {}),
          root: '',
        },
        mapPath: relative(root, full).split(sep).join('/'),
      })
    } catch (e) {
      if (e instanceof TiledMapRefused) throw new ProjectCommandError(e.message.split('\n')[0], e.problems)
      throw new ProjectCommandError((e as Error).message.split('\n')[0])
    }
    const diff = unifiedDiff(before, written.text, name)
    const report: ExportIntoReport = {
      project: resolve(folder),
      room: roomId,
      map: full,
      dryRun: options.dryRun === true,
      changed: diff !== '',
      backup: null,
      diff,
      notes: written.notes,
    }
    if (options.dryRun || diff === '') return report
    // One unit, after a backup, as the editor's Save on a game folder (game-folder.ts).
    const done = await commitGameWrite(diskProjectFiles(dirname(full)), [
      { path: name, before: new TextEncoder().encode(before), after: new TextEncoder().encode(written.text) },
    ]).catch((e: Error) => {
      throw new ProjectCommandError(e.message.split('\n')[0])
    })
    const backup = join(dirname(full), done.backup!, name)
    report.backup = backup
    return report
  })
}

export function exportIntoTable(r: ExportIntoReport): string {
  if (r.dryRun) return r.diff === '' ? `${r.map}: no change` : r.diff.replace(/\n$/, '')
  return [
    r.changed
      ? `Wrote room ${r.room} into ${r.map} (backup: ${r.backup})`
      : `${r.map}: no change; nothing written`,
    ...r.notes.map((n) => `  note: ${n}`),
  ].join('\n')
}
