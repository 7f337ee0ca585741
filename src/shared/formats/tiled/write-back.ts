/**
 * What both in-place writers (.tmx: write-in-place.ts, .tmj: write-in-place-json.ts) need
 * before they plan: the map read as it is now, with the files it names and the mapping the
 * room was read with, and the map properties a write adds or updates.
 *
 * Glossary
 * - fresh read: the map as it reads now (read-map.ts), with the same mapping: what the room
 *   is compared with, kind by kind, so that only edited kinds are written.
 * - mapping in force: the author's mapping (the import's `--layer`, the dialog) over the one
 *   the map remembers in its property `walkbox.layers`.
 *
 * Units: none.
 */
import type { Room } from '../../room/schema'
import { resolveTiledMap, type TiledFiles } from './external-files'
import {
  LAYERS_PROPERTY,
  mappingText,
  rememberedMapping,
  type LayerKind,
  type LayerMapping,
} from './layer-kinds'
import type { TiledMap, TiledProperty, TiledTileset } from './map-types'
import type { TileObjectFacts } from './source-layers'
import { gidTile } from './tile-data'
import { tiledMapToRoom, type TiledRoomRead } from './read-map'
import { flagsPropertyText } from './in-place-plan'

export interface TiledWriteOptions {
  /** The project's flags (the map property walkbox.flags is updated when the room's change). */
  flags?: readonly { id: string; name?: string; default: boolean }[]
  /** The author's mapping the room was read with (`--layer`, the import dialog). */
  layers?: LayerMapping
  /** The files the map names (tilesets, templates) and a zlib/gzip inflater; none read when absent. */
  files?: TiledFiles
  /** The map's path under the files' root (default: its file name). */
  mapPath?: string
}

/** What a tile object takes from its tileset: where it hangs from its anchor, and its size when it gives none. */
export type { TileObjectFacts } from './source-layers'

/** The map as it reads now, the mappings in force, and what tile objects take from their tilesets. */
export async function freshRead(
  map: TiledMap,
  file: string,
  room: Room,
  options: TiledWriteOptions,
): Promise<{ fresh: TiledRoomRead; given: LayerMapping; remembered: LayerMapping; tiles: TileObjectFacts }> {
  const given = options.layers ?? {}
  const props = new Map((Array.isArray(map.properties) ? map.properties : []).map((p) => [p?.name, p?.value]))
  const remembered = rememberedMapping(props.get(LAYERS_PROPERTY), [])
  const resolved = await resolveTiledMap(
    map,
    options.mapPath ?? file,
    options.files ?? { readText: async () => null },
  )
  const fresh = tiledMapToRoom(resolved.map, file, { roomId: room.id, layers: given })
  const tilesets = [...(resolved.map.tilesets ?? [])].sort((x, y) => x.firstgid - y.firstgid)
  const tiles: TileObjectFacts = (gid) => {
    let ts: TiledTileset | undefined
    for (const t of tilesets) if (t.firstgid <= gidTile(gid)) ts = t
    return {
      alignment: ts?.objectalignment ?? 'unspecified',
      width: Number(ts?.tilewidth) || 0,
      height: Number(ts?.tileheight) || 0,
    }
  }
  return { fresh, given, remembered, tiles }
}

/**
 * The map properties the write sets (name -> text), in order: walkbox.flags when the flags
 * the room names changed; walkbox.layers when the map changes and the mapping in force (with
 * the layers the write added) is not the one it remembers.
 */
export function propertiesToSet(
  room: Room,
  options: TiledWriteOptions,
  current: (name: string) => string | undefined,
  given: LayerMapping,
  remembered: LayerMapping,
  added: Record<string, LayerKind>,
  layersChanged: boolean,
): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = []
  const flags = options.flags ? flagsPropertyText(room, options.flags, current('walkbox.flags')) : null
  if (flags !== null) out.push({ name: 'walkbox.flags', text: flags })
  const wanted = { ...remembered, ...given, ...added }
  if (
    (layersChanged || out.length > 0) &&
    Object.keys(wanted).length > 0 &&
    mappingText(wanted) !== mappingText(remembered)
  )
    out.push({ name: LAYERS_PROPERTY, text: mappingText(wanted) })
  return out
}

/** The text of a map's string property, as the reader gives it. */
export function propertyText(list: TiledProperty[] | undefined, name: string): string | undefined {
  const v = (Array.isArray(list) ? list : []).find((p) => p?.name === name)?.value
  return typeof v === 'string' ? v : undefined
}
