/**
 * A room of a Walkbox project as a nav world, for the command line (Node only). Reading
 * and validating the files is main's project store; this module only picks the room and
 * applies the game state.
 *
 * Glossary
 * - project folder: the folder with project.walkbox.json. The CLI accepts the project
 *   folder (its only room, or the one named by `#roomId`: `my-game#porch`), the project
 *   file, a room folder inside it, or that folder's room.json.
 * - game state: the project's flags at their defaults, overridden by `--state flag=0|1`.
 *   src/shared/analysis/room-world.ts applies it (enabled areas, closed gates), the same code
 *   the editor uses, so a state means the same everywhere.
 * - named points: `start` (the room's test-walk start) and `node/<id>` for every node of
 *   the node graph.
 *
 * Units: room px.
 */
import { stat } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { loadRoom as loadProjectRoom, openProject } from '../main/services/project-store'
import type { Point } from '../shared/geometry/types'
import type { NavWorld } from '../shared/nav/types'
import { flagValues, navWorldForRoom } from '../shared/analysis/room-world'
import { PROJECT_FILE_NAME, ROOM_FILE_NAME } from '../shared/room/schema'
import { RoomLoadError } from './load-room-error'
import { warnOpened } from './project-commands'

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/** The project folder and (maybe) the room's folder for a path the user gave. */
async function locate(path: string): Promise<{ root: string; roomFolder?: string; roomId?: string }> {
  const [bare, roomId] = path.split('#') as [string, string | undefined]
  let dir = resolve(bare)
  if (basename(dir) === PROJECT_FILE_NAME || basename(dir) === ROOM_FILE_NAME) dir = dirname(dir)
  if (await isFile(join(dir, PROJECT_FILE_NAME))) return { root: dir, roomId }
  if (await isFile(join(dir, ROOM_FILE_NAME))) {
    for (let up = dirname(dir); up !== dirname(up); up = dirname(up)) {
      if (await isFile(join(up, PROJECT_FILE_NAME)))
        return { root: up, roomFolder: relative(up, dir), roomId }
    }
    throw new RoomLoadError(`${path}: expected ${PROJECT_FILE_NAME} in a folder above this room`)
  }
  throw new RoomLoadError(
    `${path}: expected a Walkbox project folder (with ${PROJECT_FILE_NAME}) or a room folder`,
  )
}

export interface ProjectRoomWorld {
  name: string
  world: NavWorld
  points: Record<string, Point>
}

/** Load a project room in a game state. Throws RoomLoadError (one line) when it cannot be read. */
export async function loadProjectRoomWorld(
  path: string,
  flags: Record<string, boolean>,
): Promise<ProjectRoomWorld> {
  const { root, roomFolder, roomId } = await locate(path)
  try {
    const opened = warnOpened(await openProject(root))
    const rooms = opened.project.rooms
    const norm = (f: string) => f.replace(/\\/g, '/').replace(/\/+$/, '')
    const entry = roomId
      ? rooms.find((r) => r.id === roomId)
      : roomFolder !== undefined
        ? rooms.find((r) => norm(r.folder) === norm(roomFolder))
        : rooms.length === 1
          ? rooms[0]
          : undefined
    if (!entry) {
      const ids = rooms.map((r) => r.id).join(', ') || 'none'
      throw new RoomLoadError(
        `${path}: expected one room of the project, named as <folder>#<roomId> (rooms: ${ids})`,
      )
    }
    for (const key of Object.keys(flags)) {
      if (!opened.project.flags.some((f) => f.id === key)) {
        const known = opened.project.flags.map((f) => f.id).join(', ') || 'none'
        throw new RoomLoadError(`--state ${key}: expected one of the project's flags (${known})`)
      }
    }
    const values = flagValues(opened.project, flags)
    const loaded = await loadProjectRoom(root, entry.id)
    const room = loaded.room
    if (room.authoritative === 'mask' && !loaded.mask) {
      throw new RoomLoadError(`${path}: room '${room.id}' is mask-authored, expected its mask file`)
    }
    // The same room + flags -> nav world bridge as the editor's, so a state means the same everywhere.
    const world = navWorldForRoom(room, loaded.mask?.cells ?? null, values, `project:${root}`)
    const points: Record<string, Point> = { start: { x: room.testWalk.start.x, y: room.testWalk.start.y } }
    for (const n of room.nodeGraph.nodes) points[`node/${n.id}`] = { x: n.x, y: n.y }
    return { name: `${basename(root)}#${room.id}`, world, points }
  } catch (e) {
    if (e instanceof RoomLoadError) throw e
    const text = (e instanceof Error ? e.message : String(e)).split('\n').join('; ')
    throw new RoomLoadError(`${path}: ${text}`)
  }
}
