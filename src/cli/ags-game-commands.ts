/**
 * A whole Adventure Game Studio game into one Walkbox project from the command line:
 *
 *   import <ags game folder> --out <project dir> [--format ags4|ags3] [--json]
 *
 * Every room of the game is read first, through the game store (game-import.ts: AGS 4:
 * every `Rooms/N/data.xml`; AGS 3: every `roomN.crm`; when a folder has both, the AGS 4
 * rooms, which Walkbox can write back), named from `Game.agf` where it has a description,
 * then added to the project as one save, with a progress line per room and a summary of
 * what was read and left out.
 *
 * Glossary
 * - game folder: the folder holding `Game.agf` (or `Rooms/` or `roomN.crm` files).
 * - skipped: a room that could not be read; its one-line reason is in the summary and the
 *   other rooms are imported. When no room can be read nothing is written.
 *
 * Units: px.
 */
import { readdir, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { AGS_LIMITS } from '../shared/formats/ags/ags-room'
import { AGS_ENGINES, agsRoomFileName, isAgsKind, type AgsKind } from '../shared/formats/ags/ags-engines'
import { gameSource, readGameAgf } from '../shared/formats/game-folder'
import { nodeGameCodec } from '../main/services/game-folder-store'
import { diskProjectFiles } from '../main/services/project-files'
import { nameFromFileName } from '../shared/room/names'
import { importGame, roomFacts, type RoomFacts } from './game-import'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'

export interface AgsGameReport {
  project: string
  game: string
  format: AgsKind
  rooms: (RoomFacts & { number: number; id: string; notes: string[] })[]
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

/** The AGS room number of a room file (Rooms/N/data.xml, roomN.crm). */
const numberOf = (file: string) => Number(/(\d+)(?:\/data\.xml|\.crm)$/i.exec(file)?.[1] ?? 0)

export async function importAgsGameCommand(
  project: string,
  gameDir: string,
  options: { format?: string; progress?: (line: string) => void },
): Promise<AgsGameReport> {
  return guardAuthorErrors(async () => {
    const given = options.format
    if (given !== undefined && !isAgsKind(given))
      throw new ProjectCommandError(
        `--format ${given}: an AGS game folder is read as ${AGS_ENGINES.map((e) => e.id).join(' or ')}`,
      )
    const imported = await importGame(project, gameDir, {
      ...(given !== undefined ? { kind: given } : {}),
      name: (read) => read.name || nameFromFileName(basename(gameDir)) || 'AGS game',
    })
    const { read, added } = imported
    const format = read.kind as AgsKind
    const skipped = read.skipped.map((s) => ({ number: numberOf(s.file), reason: s.reason }))
    for (const s of skipped) options.progress?.(`room ${s.number}: skipped: ${s.reason}`)
    const agf = await readGameAgfRooms(imported.game)
    const listed = [...agf].filter((n) => !read.listed.some((f) => numberOf(f) === n))
    const notes = [
      ...read.notes,
      ...(listed.length > 0
        ? [`Game.agf lists room(s) ${listed.join(', ')} with no ${agsRoomFileName(format)}`]
        : []),
      `AGS limits: ${AGS_LIMITS.walkableAreas - 1} walkable areas, ${AGS_LIMITS.regions - 1} regions, ${AGS_LIMITS.hotspots - 1} hotspots, ${AGS_LIMITS.walkBehinds - 1} walk-behinds per room`,
    ]
    const rooms: AgsGameReport['rooms'] = added.rooms.map(({ read: r, id }) => {
      return { number: numberOf(r.file), id, ...roomFacts(r.result.room), notes: r.result.notes }
    })
    for (const [k, room] of rooms.entries())
      options.progress?.(
        `room ${k + 1}/${rooms.length}: ${room.name} (AGS room ${room.number}, ${room.width}x${room.height}) as ${room.id}: ${room.areas} walkable area(s), ${room.zones} zone(s), ${room.notes.length} note(s)`,
      )
    return { project: imported.project, game: imported.game, format, rooms, skipped, notes }
  })
}

/** The room numbers Game.agf lists (none when it cannot be read: the read notes say why). */
async function readGameAgfRooms(game: string): Promise<Set<number>> {
  const text = await gameSource(diskProjectFiles(game), nodeGameCodec)
    .readText('Game.agf')
    .catch(() => null)
  if (text === null) return new Set()
  try {
    return new Set(readGameAgf(text).rooms.keys())
  } catch {
    return new Set()
  }
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
