/**
 * The link record of a game opened in place (`.walkbox/game-link.json`): the engine and, per
 * Walkbox room, the game file it came from, why it has no background, and (Tiled) the layer
 * kinds it was read with. The Walkbox-only part of the game (flags, characters, compare
 * settings) is the Walkbox project in `.walkbox/` beside it.
 *
 * Glossary
 * - link record: the file above; game path: relative to the game folder, '/' separated.
 *
 * Units: characters.
 */
import type { GameRoomLink } from './engine'
import { isGameKind, type GameKind } from './engines'
import type { GameRoomRead } from './game-read'
import { GAME_LINK_FILE, GameFolderError, gamePathProblem, oneLine } from './game-source'
import { rememberedMapping } from './tiled/layer-kinds'
import { MAX_NO_BACKGROUND_CHARS } from '../limits'

/**
 * The link of a room read from the game into the project as `roomId`: its file, and why it has
 * no background when its reader says (a Godot scene's background sprite; a Tiled map without
 * an image layer is drawn by its tiles, and says nothing).
 */
export function roomLink(read: GameRoomRead, roomId: string): GameRoomLink {
  const why = read.result.background ? undefined : read.result.noBackground
  const given = read.result.tiled?.given ?? {}
  return {
    roomId,
    file: read.file,
    ...(why ? { noBackground: why.split('\n')[0].slice(0, MAX_NO_BACKGROUND_CHARS) } : {}),
    ...(Object.keys(given).length > 0 ? { layers: given } : {}),
  }
}

/** Why each room of a game has no background, by room id (for GameFolderInfo.noBackground), or undefined when all have one. */
export function noBackgroundOf(link: GameLink): Record<string, string> | undefined {
  const out: Record<string, string> = {}
  for (const r of link.rooms) if (r.noBackground) out[r.roomId] = r.noBackground
  return Object.keys(out).length > 0 ? out : undefined
}

export interface GameLink {
  format: 'walkbox-game-link'
  version: 1
  engine: GameKind
  rooms: GameRoomLink[]
}

/** The link record as text. */
export function gameLinkText(link: GameLink): string {
  return `${JSON.stringify(link, null, 2)}\n`
}

/** The link record from its text; throws one line when it is not one. */
export function parseGameLink(text: string): GameLink {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new GameFolderError(`${GAME_LINK_FILE}: not JSON (${oneLine(e)})`)
  }
  const j = json as Partial<GameLink>
  if (
    typeof j !== 'object' ||
    j === null ||
    j.format !== 'walkbox-game-link' ||
    j.version !== 1 ||
    !isGameKind(j.engine) ||
    !Array.isArray(j.rooms)
  )
    throw new GameFolderError(`${GAME_LINK_FILE}: not a Walkbox game link (format, version 1, engine, rooms)`)
  const rooms: GameRoomLink[] = []
  for (const [i, r] of j.rooms.entries()) {
    const problem = typeof r?.roomId === 'string' ? gamePathProblem(r.file) : 'no roomId'
    if (problem) throw new GameFolderError(`${GAME_LINK_FILE}: rooms[${i}]: ${problem}`)
    const layers = r.layers === undefined ? {} : rememberedMapping(r.layers, [])
    rooms.push({
      roomId: r.roomId,
      file: r.file,
      ...(typeof r.noBackground === 'string' && r.noBackground
        ? { noBackground: r.noBackground.split('\n')[0].slice(0, MAX_NO_BACKGROUND_CHARS) }
        : {}),
      ...(Object.keys(layers).length > 0 ? { layers } : {}),
    })
  }
  return { format: 'walkbox-game-link', version: 1, engine: j.engine as GameKind, rooms }
}
