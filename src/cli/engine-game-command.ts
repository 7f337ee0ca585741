/**
 * A whole game of any engine into one Walkbox project from the command line, for the engines
 * without a command of their own (AGS, Godot and Tiled shape their reports in
 * ags-game-commands.ts, godot-game-commands.ts and import-tiled-folder.ts):
 *
 *   import <game folder> --out <project dir> [--json]
 *
 * The folder's engine is the one the descriptor list detects (src/shared/formats/engines.ts);
 * its rooms are read through the game store (game-import.ts) and added as one save, with a
 * progress line per room and a summary of what was read and left out. A new engine's folder
 * is imported by this command with nothing written for it here.
 *
 * Glossary
 * - skipped: a room file that could not be read; its one-line reason is in the summary and
 *   the other rooms are imported. When no room can be read nothing is written.
 *
 * Units: px.
 */
import { stat } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { detectGameFolder } from '../shared/formats/game-read'
import { engineLabel, type GameKind } from '../shared/formats/engines'
import { diskProjectFiles } from '../main/services/project-files'
import { nameFromFileName } from '../shared/room/names'
import { importGame, roomFacts, type RoomFacts } from './game-import'
import { guardAuthorErrors } from './project-commands'

export interface EngineGameReport {
  project: string
  game: string
  /** The engine's id (as a game link stores it) and its label. */
  engine: GameKind
  label: string
  rooms: (RoomFacts & { file: string; id: string; notes: string[] })[]
  skipped: { file: string; reason: string }[]
  notes: string[]
}

/** The engine of the game folder `dir` as the descriptor list detects it, or null (not a folder, or no engine's game). */
export async function gameFolderEngine(dir: string): Promise<GameKind | null> {
  const s = await stat(dir).catch(() => null)
  if (!s?.isDirectory()) return null
  return detectGameFolder(diskProjectFiles(resolve(dir))).catch(() => null)
}

export async function importEngineGameCommand(
  project: string,
  gameDir: string,
  kind: GameKind,
  options: { progress?: (line: string) => void } = {},
): Promise<EngineGameReport> {
  return guardAuthorErrors(async () => {
    const label = engineLabel(kind)
    const imported = await importGame(project, gameDir, {
      kind,
      name: (read) => read.name || nameFromFileName(basename(resolve(gameDir))) || `${label} game`,
    })
    const { read, added } = imported
    const skipped = read.skipped.map((s) => ({ file: s.file, reason: s.reason }))
    for (const s of skipped) options.progress?.(`${s.file}: skipped: ${s.reason}`)
    const rooms: EngineGameReport['rooms'] = added.rooms.map(({ read: r, id }) => ({
      file: r.file,
      id,
      ...roomFacts(r.result.room),
      notes: r.result.notes,
    }))
    for (const [k, room] of rooms.entries())
      options.progress?.(
        `room ${k + 1}/${rooms.length}: ${room.name} (${room.file}, ${room.width}x${room.height}) as ${room.id}: ${room.areas} walk area(s), ${room.zones} zone(s), ${room.notes.length} note(s)`,
      )
    return {
      project: imported.project,
      game: imported.game,
      engine: kind,
      label,
      rooms,
      skipped,
      notes: read.notes,
    }
  })
}

export function engineGameTable(r: EngineGameReport): string {
  return [
    `Imported ${r.rooms.length} ${r.label} room(s) of ${r.game} into ${r.project}${r.skipped.length ? `; ${r.skipped.length} skipped` : ''}`,
    ...r.rooms.flatMap((room) => [
      `  ${room.id}: ${room.name} (${room.file}, ${room.width}x${room.height}), ${room.areas} walk area(s), ${room.zones} zone(s)`,
      ...room.notes.map((n) => `    note: ${n}`),
    ]),
    ...r.skipped.map((s) => `  ${s.file} skipped: ${s.reason}`),
    ...r.notes.map((n) => `  note: ${n}`),
  ].join('\n')
}
