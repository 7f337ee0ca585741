/**
 * How each engine's room is written back into the game's own files: one planner per engine,
 * chosen from a table keyed by engine id, and the rule saying which game files a write into
 * that engine's game may replace (the only files a game journal may name, game-journal.ts).
 * A planner reads the game as it is now and returns the files of one room with their new
 * bytes; it writes nothing. The game store (game-store.ts) drops the files that would not
 * change, shows the rest and writes them as one unit.
 *
 * Adding an engine's in-place writing is one planner function (kept beside the engine's
 * format, in src/shared/formats/<engine>/) and its line in GAME_ENGINE_WRITERS.
 *
 * Glossary
 * - game path: relative to the game folder, '/' separated.
 * - room file: a file of a room that Walkbox writes into the game: AGS 4 room folder files
 *   (data.xml, the masks, the backgrounds, the room script stub), AGS 3 `roomN.crm`, Godot
 *   scenes, Tiled maps.
 *
 * Units: bytes.
 */
import { planCrmInGame } from '../formats/ags/crm-in-place'
import { exportOpenRoomInPlace } from '../formats/ags/open-room-export'
import { patchGodotRoom } from '../formats/godot/patch-in-place'
import { encodeIndexedPng } from '../codecs/indexed-png'
import type { ExportFile } from '../formats/registry'
import { writeRoomIntoTmx } from '../formats/tiled/write-in-place'
import { writeRoomIntoTmj } from '../formats/tiled/write-in-place-json'
import {
  GameFolderError,
  gameSource,
  type GameCodec,
  type GameFlag,
  type GameKind,
  type GameRoomLink,
  type GameRoomState,
} from '../formats/game-folder'
import type { ProjectFiles } from '../room/unit-save'

/** What a planner is given: the game's files, its codec, one linked room and the project's flags. */
export interface PlanInput {
  files: ProjectFiles
  codec: GameCodec
  link: GameRoomLink
  state: GameRoomState
  flags: readonly GameFlag[]
}

/** A room's files as the planner would write them (game paths, a binary file's own write-list line when the planner has one), and what it noted. */
export interface PlannedRoom {
  files: { path: string; bytes: Uint8Array; summary?: string }[]
  notes: string[]
}

export type GamePlanner = (input: PlanInput) => Promise<PlannedRoom>

/** An engine's in-place writing: its planner (null: not written yet), the files it may replace, and why not when it cannot. */
export interface GameEngineWriter {
  plan: GamePlanner | null
  /** Is this game path a room file this engine's writes may replace? */
  roomFile(path: string): boolean
  /** One line for a game whose rooms cannot be written (plan null). */
  cannotWrite?: string
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '')
const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1)

/** Bytes of a format's export file (indexed PNGs deflated with the host's deflate). */
export async function exportFileBytes(f: ExportFile, codec: Pick<GameCodec, 'deflate'>): Promise<Uint8Array> {
  if ('text' in f) return encoder.encode(f.text)
  if ('bytes' in f) return f.bytes
  return encodeIndexedPng(f.indexed, codec.deflate)
}

/** AGS 4: the room folder of `data.xml`, patched where the room was edited (ags/open-room-export.ts). */
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

/** Godot: the NavigationPolygon, zone and marker lines of the room's scenes (godot/patch-in-place.ts). */
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

/** Tiled: each edited kind's objects where they came from in the map (tiled/write-in-place*.ts). */
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

/** AGS 3: the room's compiled `roomN.crm`, only the blocks that changed written again (ags/crm-in-place.ts). */
const planAgs3: GamePlanner = ({ files, link, state }) => planCrmInGame({ files, link, state })

/** The files of an AGS 4 room folder Walkbox writes (the folder `Rooms/N`, or the top of a lone room folder). */
const AGS4_ROOM_FILE =
  /^(?:Rooms\/\d{1,5}\/)?(?:data\.xml|walkableareas\.png|regions\.png|walkbehinds\.png|hotspots\.png|background\d{1,2}\.png|room\d{1,5}\.asc)$/

/** Each engine's in-place writing. */
export const GAME_ENGINE_WRITERS: Record<GameKind, GameEngineWriter> = {
  ags4: { plan: planAgs4, roomFile: (p) => AGS4_ROOM_FILE.test(p) },
  ags3: { plan: planAgs3, roomFile: (p) => /^room\d{1,5}\.crm$/i.test(p) },
  godot: { plan: planGodot, roomFile: (p) => /\.(tscn|tres)$/i.test(p) },
  tiled: { plan: planTiled, roomFile: (p) => /\.(tmx|tmj|json)$/i.test(p) },
}

/** Is `path` a room file the write of some engine (or of `engine`, when known) may replace? */
export function isRoomFile(path: string, engine?: GameKind): boolean {
  if (engine) return GAME_ENGINE_WRITERS[engine].roomFile(path)
  return Object.values(GAME_ENGINE_WRITERS).some((w) => w.roomFile(path))
}
