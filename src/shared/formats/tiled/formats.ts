/**
 * Tiled maps as room formats: JSON (.tmj, or a .json Tiled saved) and TMX (XML). A map's
 * tilesets, templates and tile data are read with it; its background and mask images beside it.
 *
 * Glossary
 * - main file: the map an import starts from; a .json is one only when its content says so.
 *
 * Units: px.
 */
import { maskPalette } from '../ags/ags'
import { backgroundFile, framesNote } from '../export-notes'
import type {
  ExportFile,
  ExportInput,
  ImportResult,
  ImportSource,
  RoomFormat,
  TiledLayersRead,
} from '../format-io'
import { readMaskImage, readPngPalette } from '../../room/mask-image'
import { resolveTiledMap } from './external-files'
import { isTiledJsonMap, MAX_TILED_JSON_PROBE_BYTES } from './game-maps'
import type { LayerMapping } from './layer-kinds'
import { roomToTiledMap, tiledMapToRoom, type TiledMap } from './map'
import { tiledMapToTmx, tmxToTiledMap } from './tmx'

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '')
const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** A Tiled map with what it names (tilesets, templates, tile data) read, as a room. */
async function tiledRoom(
  source: ImportSource,
  path: string,
  map: TiledMap,
  options: { roomId?: string; filesWithinSource?: boolean; layers?: LayerMapping },
): Promise<TiledImport> {
  const resolved = await resolveTiledMap(map, path, {
    readText: source.readText,
    inflate: source.inflate,
    ...(options.filesWithinSource ? { root: '' } : {}),
  })
  const given = options.layers ?? {}
  const out = tiledMapToRoom(resolved.map, baseOf(path), { roomId: options.roomId, layers: given })
  return {
    room: out.room,
    notes: [...resolved.notes, ...out.notes],
    objects: { imported: out.imported },
    flags: out.flags,
    tiled: { layers: out.layers, offered: out.offered, mapping: out.mapping, given },
  }
}

type TiledImport = Pick<ImportResult, 'room' | 'notes' | 'objects' | 'flags'> & { tiled: TiledLayersRead }

/** The background and mask files a Tiled map names, beside it. */
async function tiledImages(
  source: ImportSource,
  mapPath: string,
  imported: TiledImport,
): Promise<ImportResult> {
  const { room, notes, objects, flags, tiled } = imported
  const result: ImportResult = { room, flags, notes, objects, tiled }
  if (room.background) {
    const bytes = await source.readBytes(dirOf(mapPath) + room.background)
    const size = bytes ? source.imageSize(bytes) : null
    if (bytes && size) {
      const ext =
        /\.(png|jpe?g|webp)$/i.exec(room.background)?.[1].toLowerCase().replace('jpeg', 'jpg') ?? 'png'
      result.background = { name: `background.${ext}`, bytes }
      room.background = result.background.name
      if (size.width !== room.size.width || size.height !== room.size.height) {
        notes.push(
          `background ${baseOf(dirOf(mapPath) + room.background)} is ${size.width}x${size.height}; the map says ${room.size.width}x${room.size.height}: the room takes the image's size`,
        )
        room.size = { width: size.width, height: size.height }
      }
    } else {
      notes.push(
        `background ${room.background} is missing beside the map or not a PNG, JPEG or WebP; the room has no background`,
      )
      delete room.background
    }
  }
  if (room.mask) {
    const bytes = await source.readBytes(dirOf(mapPath) + room.mask)
    if (bytes) {
      const pixels = await source.decodeImage(bytes, room.mask)
      const read = readMaskImage(pixels, { palette: readPngPalette(bytes), fit: room.size, file: room.mask })
      result.mask = read.cells
      room.mask = 'walkmask.png'
    } else {
      notes.push(`walk mask ${room.mask} is missing beside the map; the room uses its polygons`)
      delete room.mask
      room.authoritative = 'polygons'
    }
  }
  return result
}

export const TILED_JSON_FORMAT: RoomFormat = {
  id: 'tiled-json',
  label: 'Tiled map (.tmj)',
  extensions: ['tmj', 'json'],
  mainFileContent: {
    probes: (path) => /\.json$/i.test(path),
    maxBytes: MAX_TILED_JSON_PROBE_BYTES,
    test: isTiledJsonMap,
  },
  description:
    'Tiled 1.8+ JSON map (.tmj, or a .json Tiled saved): layers read by rule or --layer NAME=KIND (walkable, obstacles, zones, points, hotspots…), room data as properties',
  exportRoom(input) {
    const { map, notes } = roomToTiledMap(input.room, input.flags ?? [])
    return {
      files: [
        { path: `${input.room.id}.tmj`, text: JSON.stringify(map, null, 1) + '\n' },
        ...backgroundFile(input),
        ...tiledMask(input),
      ],
      notes: [...notes, ...framesNote(input.room, 'the map carries the background as one image layer')],
    }
  },
  async importRoom(source, path, options) {
    const text = await source.readText(path)
    if (text === null) throw new Error(`${path}: file not found`)
    let map: TiledMap
    try {
      map = JSON.parse(text) as TiledMap
    } catch (e) {
      throw new Error(`${path}: not JSON (${(e as Error).message})`)
    }
    return tiledImages(source, path, await tiledRoom(source, path, map, options))
  },
}

export const TILED_XML_FORMAT: RoomFormat = {
  id: 'tiled-xml',
  label: 'Tiled map (.tmx)',
  extensions: ['tmx'],
  description: 'The same map as TMX XML, the format Tiled saves by default',
  exportRoom(input) {
    const { map, notes } = roomToTiledMap(input.room, input.flags ?? [])
    return {
      files: [
        { path: `${input.room.id}.tmx`, text: tiledMapToTmx(map) },
        ...backgroundFile(input),
        ...tiledMask(input),
      ],
      notes: [...notes, ...framesNote(input.room, 'the map carries the background as one image layer')],
    }
  },
  async importRoom(source, path, options) {
    const text = await source.readText(path)
    if (text === null) throw new Error(`${path}: file not found`)
    const map = tmxToTiledMap(text, baseOf(path))
    return tiledImages(source, path, await tiledRoom(source, path, map, options))
  },
}

function tiledMask(input: ExportInput): ExportFile[] {
  if (!input.room.mask || !input.mask) return []
  let top = 0
  for (const v of input.mask) if (v > top) top = v
  return [
    {
      path: input.room.mask,
      indexed: {
        width: input.room.size.width,
        height: input.room.size.height,
        indices: input.mask,
        palette: maskPalette(Math.max(16, top + 1)),
      },
    },
  ]
}
