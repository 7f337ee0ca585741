/**
 * A whole Adventure Game Studio game into one Walkbox project from the command line:
 *
 *   import <ags game folder> --out <project dir> [--format ags4|ags3] [--json]
 *
 * Every room of the game is read first (AGS 4: every `Rooms/N/data.xml`; AGS 3: every
 * `roomN.crm`; when a folder has both, the AGS 4 rooms, which Walkbox can write back), named
 * from `Game.agf` where it has a description, then added to the project one by one with a
 * progress line each, and a summary of what was read and left out.
 *
 * Glossary
 * - game folder: the folder holding `Game.agf` (or `Rooms/` or `roomN.crm` files).
 * - skipped: a room that could not be read; its one-line reason is in the summary and the
 *   other rooms are imported. When no room can be read nothing is written.
 *
 * Units: px.
 */
import { readdir, stat } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { AGS_LIMITS } from '../shared/formats/ags/ags-room'
import { listAgsRooms, readGameAgf } from '../shared/formats/game-folder'
import { diskProjectFiles } from '../main/services/project-files'
import { roomFormat, type ImportResult } from '../shared/formats/registry'
import { MAX_ROOMS } from '../shared/room/limits'
import { idFromName, nameFromFileName } from '../shared/room/names'
import * as store from '../main/services/project-store'
import { projectFolderOf } from '../main/desktop-host'
import { folderSource, importedImages } from './format-commands'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'

export interface AgsGameReport {
  project: string
  game: string
  format: 'ags4' | 'ags3'
  rooms: {
    number: number
    id: string
    name: string
    width: number
    height: number
    areas: number
    zones: number
    notes: string[]
  }[]
  skipped: { number: number; reason: string }[]
  notes: string[]
}

/** Is `dir` an AGS game folder (Game.agf, a Rooms/ folder of numbered rooms, or roomN.crm)? */
export async function isAgsGameFolder(dir: string): Promise<boolean> {
  const s = await stat(dir).catch(() => null)
  if (!s?.isDirectory()) return false
  const names = await readdir(dir).catch(() => [] as string[])
  return (
    names.some((n) => n === 'Game.agf' || /^room\d+\.crm$/i.test(n)) ||
    (names.includes('Rooms') && !names.includes('data.xml'))
  )
}

export { readGameAgf }

/** The game's rooms of one format (the shared listing the editor's Open Game Folder uses). */
async function roomFiles(game: string, format: 'ags4' | 'ags3'): Promise<{ number: number; path: string }[]> {
  return (await listAgsRooms(diskProjectFiles(game), format)).map((r) => ({ number: r.number, path: r.file }))
}

export async function importAgsGameCommand(
  project: string,
  gameDir: string,
  options: { format?: string; progress?: (line: string) => void },
): Promise<AgsGameReport> {
  return guardAuthorErrors(async () => {
    const game = resolve(gameDir)
    if (options.format && options.format !== 'ags4' && options.format !== 'ags3')
      throw new ProjectCommandError(`--format ${options.format}: an AGS game folder is read as ags4 or ags3`)
    const ags4 = await roomFiles(game, 'ags4')
    const ags3 = await roomFiles(game, 'ags3')
    const format = (options.format as 'ags4' | 'ags3' | undefined) ?? (ags4.length > 0 ? 'ags4' : 'ags3')
    const files = format === 'ags4' ? ags4 : ags3
    const notes: string[] = []
    if (format === 'ags4' && ags3.length > 0)
      notes.push(`${ags3.length} roomN.crm file(s) beside Rooms/ were not read (--format ags3 reads them)`)
    if (files.length === 0)
      throw new ProjectCommandError(`${gameDir}: no AGS rooms (Rooms/N/data.xml or roomN.crm) in this folder`)
    if (files.length > MAX_ROOMS)
      throw new ProjectCommandError(
        `${gameDir}: ${files.length} rooms; a Walkbox project holds at most ${MAX_ROOMS}`,
      )
    const source = folderSource(game)
    let names = new Map<number, string>()
    let gameName = ''
    const agf = await source.readText('Game.agf').catch((e: Error) => {
      notes.push(`Game.agf: ${e.message.split('\n')[0]}`)
      return null
    })
    if (agf !== null) {
      try {
        ;({ rooms: names, gameName } = readGameAgf(agf))
      } catch (e) {
        notes.push(`Game.agf: ${(e as Error).message.split('\n')[0]}; rooms are named by number`)
      }
    } else notes.push('no Game.agf: rooms are named by number')

    // Read every room before writing anything.
    const read: { number: number; result: ImportResult }[] = []
    const skipped: AgsGameReport['skipped'] = []
    for (const f of files) {
      const name = names.get(f.number) || `Room ${f.number}`
      try {
        const result = await roomFormat(format).importRoom!(source, f.path, { name })
        read.push({ number: f.number, result })
      } catch (e) {
        skipped.push({ number: f.number, reason: (e as Error).message.split('\n')[0] })
        options.progress?.(`room ${f.number}: skipped: ${(e as Error).message.split('\n')[0]}`)
      }
    }
    if (read.length === 0)
      throw new ProjectCommandError(
        `${gameDir}: no room could be read (${skipped[0]?.reason ?? 'none found'}); nothing written`,
      )
    const listed = [...names.keys()].filter((n) => !files.some((f) => f.number === n))
    if (listed.length > 0)
      notes.push(
        `Game.agf lists room(s) ${listed.join(', ')} with no ${format === 'ags4' ? 'Rooms/N folder' : 'roomN.crm'}`,
      )
    notes.push(
      `AGS limits: ${AGS_LIMITS.walkableAreas - 1} walkable areas, ${AGS_LIMITS.regions - 1} regions, ${AGS_LIMITS.hotspots - 1} hotspots, ${AGS_LIMITS.walkBehinds - 1} walk-behinds per room`,
    )

    let folder = projectFolderOf(project)
    const existing = await stat(folder).catch(() => null)
    const empty = existing?.isDirectory() === true && (await readdir(folder)).length === 0
    if (!existing || empty) {
      folder = (await store.createProject(folder, gameName || nameFromFileName(basename(game)) || 'AGS game'))
        .folder
    }
    const taken = (await store.openProject(folder)).project.rooms.map((r) => r.id)
    const rooms: AgsGameReport['rooms'] = []
    for (const [k, { number, result }] of read.entries()) {
      const room = result.room
      room.id = idFromName(room.id, taken)
      taken.push(room.id)
      await store.addRoom(folder, room, importedImages(result))
      rooms.push({
        number,
        id: room.id,
        name: room.name,
        width: room.size.width,
        height: room.size.height,
        areas: room.areas.length,
        zones: room.zones.length,
        notes: result.notes,
      })
      options.progress?.(
        `room ${k + 1}/${read.length}: ${room.name} (AGS room ${number}, ${room.size.width}x${room.size.height}) as ${room.id}: ${room.areas.length} walkable area(s), ${room.zones.length} zone(s), ${result.notes.length} note(s)`,
      )
    }
    return { project: resolve(folder), game, format, rooms, skipped, notes }
  })
}

export function agsGameTable(r: AgsGameReport): string {
  return [
    `Imported ${r.rooms.length} ${r.format} room(s) of ${r.game} into ${r.project}${r.skipped.length ? `; ${r.skipped.length} skipped` : ''}`,
    ...r.rooms.flatMap((room) => [
      `  ${room.id}: ${room.name} (${room.width}x${room.height}), ${room.areas} walkable area(s), ${room.zones} zone(s)`,
      ...room.notes.map((n) => `    note: ${n}`),
    ]),
    ...r.skipped.map((s) => `  room ${s.number} skipped: ${s.reason}`),
    ...r.notes.map((n) => `  note: ${n}`),
  ].join('\n')
}
