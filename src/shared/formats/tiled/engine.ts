/**
 * Tiled as an engine: a game folder is a folder of Tiled maps (told by the maps' content,
 * asked after the engines with a marker file), its rooms are its maps (those of the folders its
 * .tiled-project lists, when it has one), a map has no game name, and a room is written back by
 * putting each edited kind's objects where they came from in the map (write-in-place*.ts).
 *
 * Glossary
 * - map: a .tmx (XML), a .tmj, or a .json that Tiled saved (told by its content).
 *
 * Units: none.
 */
import type { GameEngine, GamePlanner } from '../engine'
import { GameFolderError, gameSource, listGameFiles } from '../game-source'
import { TILED_JSON_FORMAT, TILED_XML_FORMAT } from './formats'
import { listTiledMaps, listTiledProjectMaps, tiledMapsAmong } from './game-maps'
import { writeRoomIntoTmx } from './write-in-place'
import { writeRoomIntoTmj } from './write-in-place-json'

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1)

/** Each edited kind's objects where they came from in the map (tiled/write-in-place*.ts). */
const planTiled: GamePlanner = async ({ files, codec, link, state, flags }) => {
  const before = await gameSource(files, codec).readBytes(link.file)
  if (before === null) throw new GameFolderError(`${link.file}: not in the game any more`)
  const write = /\.tmx$/i.test(link.file) ? writeRoomIntoTmx : writeRoomIntoTmj
  const source = gameSource(files, codec)
  // The layer kinds the room was read with (the game link's), so each kind goes back where it came from.
  const out = await write(decoder.decode(before), baseOf(link.file), state.room, {
    flags,
    ...(link.layers ? { layers: link.layers } : {}),
    files: { readText: source.readText, ...(source.inflate ? { inflate: source.inflate } : {}), root: '' },
    mapPath: link.file,
  })
  return { files: [{ path: link.file, bytes: encoder.encode(out.text) }], notes: out.notes }
}

export const TILED_ENGINE = {
  id: 'tiled',
  label: 'Tiled',
  game: 'a folder of Tiled maps',
  layerKinds: true,
  projectFile: '.tiled-project',
  folder: 'a folder of Tiled maps',
  detectBy: 'content',
  async detect(files) {
    const maps = await listGameFiles(files, (n) => /\.(tmx|tmj)$/i.test(n))
    if (maps.length > 0) return 'yes'
    const json = await listGameFiles(files, (n) => /\.json$/i.test(n), {
      skip: (p) => /(^|\/)node_modules$/.test(p),
    })
    return (await tiledMapsAmong(files, json, [])).length > 0 ? 'yes' : 'no'
  },
  async listRooms({ files, notes, tiledProject }) {
    const maps = tiledProject
      ? await listTiledProjectMaps(files, tiledProject, notes)
      : await listTiledMaps(files, notes)
    return maps.map((m) => ({
      file: m,
      format: /\.tmx$/i.test(m) ? TILED_XML_FORMAT.id : TILED_JSON_FORMAT.id,
    }))
  },
  gameName: () => Promise.resolve(''),
  formats: [TILED_JSON_FORMAT, TILED_XML_FORMAT],
  gameReadOptions: { filesWithinSource: true },
  writer: { plan: planTiled, roomFile: (p) => /\.(tmx|tmj|json)$/i.test(p) },
} as const satisfies GameEngine<'tiled'>
