/**
 * A whole Godot 4 game into one Walkbox project from the command line:
 *
 *   import <godot project folder> --out <project dir> [--json]
 *
 * The scenes of the game are listed (no links followed, no dot folders, not `addons/`),
 * its rooms found by the rules of src/shared/formats/godot/find-rooms.ts (Popochiu room
 * folders, Escoria ESCRoom scenes, else scenes with a NavigationRegion2D), every room read
 * first through the game store (game-import.ts), then added to the project as one save (and
 * the flags they need), a progress line per room, and a summary of what was read and left
 * out. The shape of ags-game-commands.ts.
 *
 * Glossary
 * - game folder: the folder holding `project.godot`; res:// is that folder, nothing
 *   outside it is read.
 * - skipped: a room scene that could not be read; its one-line reason is in the summary and
 *   the other rooms are imported. When no room can be read nothing is written.
 *
 * Limits: at most MAX_GAME_FILES entries are listed, MAX_GAME_DEPTH folders deep (game-folder.ts).
 *
 * Units: px.
 */
import { stat } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import type { GodotRoomKind } from '../shared/formats/godot/find-rooms'
import { listGameFiles } from '../shared/formats/game-folder'
import { diskProjectFiles } from '../main/services/project-files'
import type { ProjectFiles } from '../shared/room/unit-save'
import { nameFromFileName } from '../shared/room/names'
import { importGame, roomFacts, type RoomFacts } from './game-import'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'

export interface GodotGameReport {
  project: string
  game: string
  rooms: (RoomFacts & {
    scene: string
    kind: GodotRoomKind
    id: string
    hotspots: number
    points: number
    notes: string[]
  })[]
  skipped: { scene: string; reason: string }[]
  flagsAdded: string[]
  notes: string[]
}

/** Is `dir` a Godot project folder (it holds project.godot)? */
export async function isGodotGameFolder(dir: string): Promise<boolean> {
  const s = await stat(dir).catch(() => null)
  if (!s?.isDirectory()) return false
  return (await stat(join(dir, 'project.godot')).catch(() => null))?.isFile() === true
}

const RULES: Record<string, string> = {
  popochiu: 'Popochiu room folders',
  escoria: 'Escoria ESCRoom scenes',
  navigation: 'scenes with a NavigationRegion2D',
}

export async function importGodotGameCommand(
  project: string,
  gameDir: string,
  options: { progress?: (line: string) => void; outFiles?: (root: string) => ProjectFiles } = {},
): Promise<GodotGameReport> {
  return guardAuthorErrors(async () => {
    const imported = await importGame(project, gameDir, {
      ...(options.outFiles ? { outFiles: options.outFiles } : {}),
      kind: 'godot',
      name: (read) => read.name || nameFromFileName(basename(gameDir)) || 'Godot game',
    }).catch(async (e: unknown) => {
      // No room scene at all: said with what was looked at, in one line.
      if (!(e instanceof Error) || !/(^|: )no rooms found in this godot game/.test(e.message)) throw e
      const scenes = await listGameFiles(diskProjectFiles(resolve(gameDir)), (n) => /\.tscn$/i.test(n), {
        skip: (p) => p === 'addons',
      })
      throw new ProjectCommandError(
        `${gameDir}: no rooms found among ${scenes.length} scene(s) (Popochiu game/rooms/*/room_*.tscn, Escoria ESCRoom scenes, scenes with a NavigationRegion2D); nothing written`,
      )
    })
    const { read, added } = imported
    const skipped = read.skipped.map((s) => ({ scene: s.file, reason: s.reason }))
    for (const s of skipped) options.progress?.(`${s.scene}: skipped: ${s.reason}`)
    const rule = read.rooms[0]?.kind ?? 'navigation'
    const notes = [...read.notes]
    // Said before the flag lines, as the rooms were found before they were read.
    const flagLines = notes.filter((n) => n.startsWith("flag '"))
    const found = `${read.listed.length} room(s) found as ${RULES[rule] ?? rule}; ${read.others ?? 0} other scene(s) not imported as rooms`
    const rooms: GodotGameReport['rooms'] = added.rooms.map(({ read: r, id }) => {
      const room = r.result.room
      return {
        scene: r.file,
        kind: (r.kind ?? 'navigation') as GodotRoomKind,
        id,
        ...roomFacts(room),
        hotspots: room.hotspots?.length ?? 0,
        points: room.points?.length ?? 0,
        notes: r.result.notes,
      }
    })
    for (const [k, room] of rooms.entries())
      options.progress?.(
        `room ${k + 1}/${rooms.length}: ${room.name} (${room.scene}, ${room.width}x${room.height}) as ${room.id}: ${room.areas} walk area(s), ${room.zones} zone(s), ${room.hotspots} hotspot(s), ${room.points} point(s), ${room.notes.length} note(s)`,
      )
    return {
      project: imported.project,
      game: imported.game,
      rooms,
      skipped,
      flagsAdded: added.flagsAdded.map((f) => f.id),
      notes: [...notes.filter((n) => !flagLines.includes(n)), found, ...flagLines],
    }
  })
}

export function godotGameTable(r: GodotGameReport): string {
  return [
    `Imported ${r.rooms.length} Godot room(s) of ${r.game} into ${r.project}${r.skipped.length ? `; ${r.skipped.length} skipped` : ''}`,
    ...r.rooms.flatMap((room) => [
      `  ${room.id}: ${room.name} (${room.scene}, ${room.width}x${room.height}), ${room.areas} walk area(s), ${room.zones} zone(s), ${room.hotspots} hotspot(s), ${room.points} point(s)`,
      ...room.notes.map((n) => `    note: ${n}`),
    ]),
    ...r.skipped.map((s) => `  ${s.scene} skipped: ${s.reason}`),
    ...(r.flagsAdded.length ? [`  flags added: ${r.flagsAdded.join(', ')}`] : []),
    ...r.notes.map((n) => `  note: ${n}`),
  ].join('\n')
}
