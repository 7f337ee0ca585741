/**
 * Godot 4 as an engine: a game folder is a Godot project (project.godot at its top), its
 * rooms are the scenes find-rooms.ts takes (Popochiu room folders, Escoria ESCRoom scenes,
 * else scenes with a NavigationRegion2D; addons/ is not looked into), the game's name is
 * project.godot's `config/name`, and a room is written back by patching its scenes' lines
 * (patch-in-place.ts).
 *
 * Glossary
 * - res://: the project's root, the game folder.
 *
 * Units: none.
 */
import { findGodotRooms } from './find-rooms'
import { GODOT_SCENE_FORMAT } from './format'
import { patchGodotRoom } from './patch-in-place'
import { MAX_SCENE_CHARS } from '../../limits'
import type { GameEngine, GamePlanner } from '../engine'
import { GameFolderError, gameSource, listGameFiles } from '../game-source'

const encoder = new TextEncoder()

/** The NavigationPolygon, zone and marker lines of the room's scenes (godot/patch-in-place.ts). */
const planGodot: GamePlanner = async ({ files, codec, link, state, flags }) => {
  const source = gameSource(files, codec)
  const bare = (p: string) => p.replace(/^res:\/\//, '')
  const patched = await patchGodotRoom(
    {
      readText: (p) => source.readText(bare(p)),
      readBytes: (p) => source.readBytes(bare(p)),
      imageSize: source.imageSize,
    },
    link.file,
    state.room,
    flags,
  )
  return {
    files: patched.files.map((f) => ({ path: f.path, bytes: encoder.encode(f.after) })),
    notes: patched.notes,
  }
}

export const GODOT_ENGINE = {
  id: 'godot',
  label: 'Godot',
  game: 'a Godot project',
  folder: 'a Godot project with project.godot',
  detectBy: 'marker',
  detect: async (_files, top) => (top.names.has('project.godot') ? 'yes' : 'no'),
  async listRooms({ files, read, notes, others }) {
    const scenes = await listGameFiles(files, (n) => /\.tscn$/i.test(n), {
      skip: (p) => p === 'addons',
      notes,
    })
    const found = await findGodotRooms(scenes, (p) => read.readText(p))
    if (found.refused) throw new GameFolderError(`${found.refused}; nothing opened`)
    notes.push(...found.notes)
    others?.(found.others.length)
    return found.rooms.map((r) => ({ file: r.path, format: GODOT_SCENE_FORMAT.id, kind: r.kind }))
  },
  gameName: async (read) =>
    /^\s*config\/name\s*=\s*"([^"\n]{1,200})"/m.exec((await read.readText('project.godot')) ?? '')?.[1] ?? '',
  formats: [GODOT_SCENE_FORMAT],
  async roomsAmong(paths, read) {
    // A scene larger than the reader takes is not looked into (and not read into memory).
    const found = await findGodotRooms(paths, (path) => read(path, MAX_SCENE_CHARS))
    return new Set(found.rooms.map((r) => r.path))
  },
  writer: { plan: planGodot, roomFile: (p) => /\.(tscn|tres)$/i.test(p) },
} as const satisfies GameEngine<'godot'>
