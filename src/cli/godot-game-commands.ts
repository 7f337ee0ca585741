/**
 * A whole Godot 4 game into one Walkbox project from the command line:
 *
 *   import <godot project folder> --out <project dir> [--json]
 *
 * The scenes of the game are listed (no links followed, no dot folders, not `addons/`),
 * its rooms found by the rules of src/shared/formats/godot/find-rooms.ts (Popochiu room
 * folders, Escoria ESCRoom scenes, else scenes with a NavigationRegion2D), every room read
 * first, then added to the project one by one with a progress line each (and the flags it
 * needs), and a summary of what was read and left out. The shape of ags-game-commands.ts.
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
import { readdir, stat } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { findGodotRooms, type GodotRoomKind } from '../shared/formats/godot/find-rooms'
import { flagDisagreements, listGameFiles } from '../shared/formats/game-folder'
import { diskProjectFiles } from '../main/services/project-files'
import { roomFormat, type ImportResult } from '../shared/formats/registry'
import { MAX_ROOMS } from '../shared/room/limits'
import { idFromName, nameFromFileName } from '../shared/room/names'
import type { Flag } from '../shared/room/schema'
import * as store from '../main/services/project-store'
import { projectFolderOf } from '../main/desktop-host'
import { folderSource, importedImages } from './format-commands'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'

export interface GodotGameReport {
  project: string
  game: string
  rooms: {
    scene: string
    kind: GodotRoomKind
    id: string
    name: string
    width: number
    height: number
    areas: number
    zones: number
    hotspots: number
    points: number
    notes: string[]
  }[]
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

/** The .tscn files under `game` ('/'-separated paths), without following links (the shared listing). */
export async function listGodotScenes(game: string, notes: string[]): Promise<string[]> {
  return listGameFiles(diskProjectFiles(game), (n) => /\.tscn$/i.test(n), {
    skip: (p) => p === 'addons',
    notes,
  })
}

export async function importGodotGameCommand(
  project: string,
  gameDir: string,
  options: { progress?: (line: string) => void } = {},
): Promise<GodotGameReport> {
  return guardAuthorErrors(async () => {
    const game = resolve(gameDir)
    const notes: string[] = []
    const source = folderSource(game)
    const scenes = await listGodotScenes(game, notes)
    const found = await findGodotRooms(scenes, (p) => source.readText(p))
    if (found.refused) throw new ProjectCommandError(`${gameDir}: ${found.refused}; nothing written`)
    notes.push(...found.notes)
    if (found.rooms.length === 0)
      throw new ProjectCommandError(
        `${gameDir}: no rooms found among ${scenes.length} scene(s) (Popochiu game/rooms/*/room_*.tscn, Escoria ESCRoom scenes, scenes with a NavigationRegion2D); nothing written`,
      )
    if (found.rooms.length > MAX_ROOMS)
      throw new ProjectCommandError(
        `${gameDir}: ${found.rooms.length} rooms; a Walkbox project holds at most ${MAX_ROOMS}`,
      )
    const rule = found.rooms[0].kind
    notes.push(
      `${found.rooms.length} room(s) found as ${rule === 'popochiu' ? 'Popochiu room folders' : rule === 'escoria' ? 'Escoria ESCRoom scenes' : 'scenes with a NavigationRegion2D'}; ${found.others.length} other scene(s) not imported as rooms`,
    )

    // Read every room before writing anything.
    const read: { scene: string; kind: GodotRoomKind; result: ImportResult }[] = []
    const skipped: GodotGameReport['skipped'] = []
    for (const r of found.rooms) {
      try {
        const result = await roomFormat('godot').importRoom!(source, r.path, {})
        read.push({ scene: r.path, kind: r.kind, result })
      } catch (e) {
        const reason = (e as Error).message.split('\n')[0]
        skipped.push({ scene: r.path, reason })
        options.progress?.(`${r.path}: skipped: ${reason}`)
      }
    }
    if (read.length === 0)
      throw new ProjectCommandError(
        `${gameDir}: no room could be read (${skipped[0]?.reason ?? 'none found'}); nothing written`,
      )

    let folder = projectFolderOf(project)
    const existing = await stat(folder).catch(() => null)
    const empty = existing?.isDirectory() === true && (await readdir(folder)).length === 0
    if (!existing || empty) {
      const gameName = /^\s*config\/name\s*=\s*"([^"\n]{1,200})"/m.exec(
        (await source.readText('project.godot')) ?? '',
      )?.[1]
      folder = (
        await store.createProject(folder, gameName || nameFromFileName(basename(game)) || 'Godot game')
      ).folder
    }
    const opened = await store.openProject(folder)
    const taken = opened.project.rooms.map((r) => r.id)
    const knownFlags = new Set(opened.project.flags.map((f) => f.id))
    const flagsAdded: string[] = []
    const rooms: GodotGameReport['rooms'] = []
    for (const [k, { scene, kind, result }] of read.entries()) {
      const room = result.room
      room.id = idFromName(room.id, taken)
      taken.push(room.id)
      const flags: Flag[] = result.flags.filter((f) => !knownFlags.has(f.id))
      for (const f of flags) {
        knownFlags.add(f.id)
        flagsAdded.push(f.id)
      }
      await store.addRoom(folder, room, importedImages(result), { flags })
      rooms.push({
        scene,
        kind,
        id: room.id,
        name: room.name,
        width: room.size.width,
        height: room.size.height,
        areas: room.areas.length,
        zones: room.zones.length,
        hotspots: room.hotspots?.length ?? 0,
        points: room.points?.length ?? 0,
        notes: result.notes,
      })
      options.progress?.(
        `room ${k + 1}/${read.length}: ${room.name} (${scene}, ${room.size.width}x${room.size.height}) as ${room.id}: ${room.areas.length} walk area(s), ${room.zones.length} zone(s), ${room.hotspots?.length ?? 0} hotspot(s), ${room.points?.length ?? 0} point(s), ${result.notes.length} note(s)`,
      )
    }
    notes.push(...flagDisagreements(read.map((r) => ({ file: r.scene, result: r.result }))))
    return { project: resolve(folder), game, rooms, skipped, flagsAdded, notes }
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
