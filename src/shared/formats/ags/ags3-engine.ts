/**
 * AGS 3 as an engine: a game folder is an AGS game whose rooms are compiled `roomN.crm` files
 * at its top (and no AGS 4 room folder: AGS 4 is asked first); its rooms are those files by
 * number, named by Game.agf; a room is written back by rewriting only the .crm's blocks that
 * changed (crm-in-place.ts). AGS 3 and AGS 4 are two engines (a game link names which), sharing
 * this folder, Game.agf and the room model; their rooms, detection and writing differ.
 *
 * Glossary
 * - .crm: a room the AGS 3 editor compiled (3.0.3-3.6).
 *
 * Units: none.
 */
import type { GameEngine } from '../engine'
import { planCrmInGame } from './crm-in-place'
import { AGS3_ROOM_FORMAT } from './formats'
import { agsGameName, agsMarkers, listAgsGameRooms } from './game-agf'

export const AGS3_ENGINE = {
  id: 'ags3',
  label: 'AGS 3',
  game: 'an AGS 3 game',
  folder: 'an AGS 3 game with roomN.crm',
  detectBy: 'marker',
  detect: (_files, top) => Promise.resolve(agsMarkers(top).crm ? 'yes' : 'no'),
  listRooms: (input) => listAgsGameRooms(input, 'ags3'),
  gameName: agsGameName,
  formats: [AGS3_ROOM_FORMAT],
  writer: {
    plan: ({ files, link, state }) => planCrmInGame({ files, link, state }),
    roomFile: (p) => /^room\d{1,5}\.crm$/i.test(p),
  },
  comparesBackground: true,
} as const satisfies GameEngine<'ags3'>
