/**
 * AGS 4 as an engine: a game folder is an AGS game (Game.agf, Rooms/, roomN.crm at its top)
 * with at least one open room folder `Rooms/N/data.xml`; its rooms are those folders by number,
 * named by Game.agf; the game's name is Game.agf's; a room is written back by patching its
 * room folder (open-room-export.ts). A lone room folder (data.xml at the top) is no game.
 *
 * Glossary
 * - room folder: `Rooms/N` of an AGS 4 game: data.xml, mask PNGs, backgrounds, the room script.
 *
 * Units: none.
 */
import type { GameEngine, GamePlanner, PlannedRoom } from '../engine'
import { exportFileBytes, GameFolderError, gameSource } from '../game-source'
import { AGS4_ROOM_FORMAT, AGS_MASKS_FORMAT } from './formats'
import { agsGameName, agsMarkers, listAgsGameRooms, listAgsRooms } from './game-agf'
import { exportOpenRoomInPlace } from './open-room-export'

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '')

/** The room folder of `data.xml`, patched where the room was edited (open-room-export.ts). */
const planAgs4: GamePlanner = async ({ files, codec, link, state }) => {
  const dir = dirOf(link.file)
  const result = await exportOpenRoomInPlace(
    { room: state.room, mask: state.mask, background: null, scaleMap: null },
    gameSource(files, codec, dir),
  )
  const out: PlannedRoom['files'] = []
  for (const f of result.files) {
    if (f.path.includes('/') || f.path.startsWith('.'))
      throw new GameFolderError(`${f.path}: not a file name in the room folder`)
    out.push({ path: dir ? `${dir}/${f.path}` : f.path, bytes: await exportFileBytes(f, codec) })
  }
  return { files: out, notes: result.notes.filter((n) => !/no file written|background: not written/.test(n)) }
}

/** The files of an AGS 4 room folder Walkbox writes (the folder `Rooms/N`, or the top of a lone room folder). */
const AGS4_ROOM_FILE =
  /^(?:Rooms\/\d{1,5}\/)?(?:data\.xml|walkableareas\.png|regions\.png|walkbehinds\.png|hotspots\.png|background\d{1,2}\.png|room\d{1,5}\.asc)$/

export const AGS4_ENGINE = {
  id: 'ags4',
  label: 'AGS 4',
  game: 'an AGS 4 game',
  roomFileOf: (given) => (/data\.xml$/i.test(given) ? given : `${given.replace(/\/+$/, '')}/data.xml`),
  folder: 'an AGS 4 game with Game.agf and Rooms/N',
  detectBy: 'marker',
  async detect(files, top) {
    const ags = agsMarkers(top)
    if (!ags.any) return top.names.has('data.xml') ? 'refuse' : 'no'
    if ((await listAgsRooms(files, 'ags4')).length > 0) return 'yes'
    // An AGS game without room folders is AGS 3's when it has roomN.crm files, else no game.
    return ags.crm ? 'no' : 'refuse'
  },
  listRooms: (input) => listAgsGameRooms(input, 'ags4'),
  gameName: agsGameName,
  formats: [AGS_MASKS_FORMAT, AGS4_ROOM_FORMAT],
  writer: { plan: planAgs4, roomFile: (p) => AGS4_ROOM_FILE.test(p) },
} as const satisfies GameEngine<'ags4'>
