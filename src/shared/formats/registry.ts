/**
 * Every room format Walkbox reads or writes, once: the command line (`walkbox formats`,
 * `import`, `export`) and the editor's Import/Export dialog both list and run them from
 * here. Each format is pure: text and bytes in, a room or files out; decoding and encoding
 * images, deflating and touching disks are the caller's (host or main services).
 *
 * Glossary
 * - main file: the file an import starts from (a .tscn, a .tmj/.tmx, an AGS walkable mask,
 *   a runtime room); the others it needs are read through the source by relative path.
 * - notes: what was assumed, skipped or dropped, one line each (never silent).
 *
 * Units: px.
 */
import { emptyRoom, type Flag, type Room } from '../room/schema'
import { idFromName, nameFromFileName } from '../room/names'
import { readMaskImage, readPngPalette, type MaskPixels } from '../room/mask-image'
import { exportAgs, importAgs, maskPalette } from './ags/ags'
import { importCrmRoom, importOpenRoom } from './ags/import-room'
import { exportOpenRoomInPlace } from './ags/open-room-export'
import { exportNewOpenRoom, type NewOpenRoomOptions } from './ags/open-room-new'
import { exportGodotScene } from './godot/export'
import { importGodotScene, type ImportedImage, type RoomImport } from './godot/import'
import type { IndexedImage } from './indexed-png'
import { exportRuntimeRoom, readRuntimeRoom } from './runtime'
import { roomToTiledMap, tiledMapToRoom, type TiledMap } from './tiled/map'
import { tiledMapToTmx, tmxToTiledMap } from './tiled/tmx'
import { resolveTiledMap } from './tiled/external-files'
import type { Inflate } from './tiled/tile-data'

export type ExportFile =
  | { path: string; text: string }
  | { path: string; bytes: Uint8Array }
  | { path: string; indexed: IndexedImage }

export interface ExportInput {
  room: Room
  /** The room's area-id mask (room size), when it has one. */
  mask: Uint8Array | null
  background: ImportedImage | null
  /** The further backgrounds (frames 2..5) as files, in order, when the room has them. */
  backgroundFrames?: ImportedImage[]
  /** The scale map's grey values (room size) and file bytes, when it has one. */
  scaleMap: { width: number; height: number; values: Uint8Array } | null
  /** The project's flags (runtime rooms and Godot scenes carry their starting values). */
  flags?: readonly { id: string; name?: string; default: boolean }[]
  /** Godot: the res:// folder the files will live in (default res://rooms/<room id>). */
  resDir?: string
  /** AGS 4: the new room folder's number and the game's id (a new room folder only). */
  ags?: NewOpenRoomOptions
}

export interface ExportResult {
  files: ExportFile[]
  notes: string[]
}

export interface ImportSource {
  /** Text of a file, path relative to the source's root; null when it is not there. */
  readText(path: string): Promise<string | null>
  readBytes(path: string): Promise<Uint8Array | null>
  /** Decoded RGBA pixels of an image's bytes; throws naming `name` when unreadable. */
  decodeImage(bytes: Uint8Array, name: string): Promise<MaskPixels>
  /** Pixel size from an image's header, or null. */
  imageSize(bytes: Uint8Array): { width: number; height: number } | null
  /** Decompresses zlib/gzip data up to a size (Tiled tile layers); absent: such layers are a note. zstd needs no host: Walkbox decodes it itself. */
  inflate?: Inflate
}

export interface ImportResult extends RoomImport {
  /** The room's area-id mask when the import gives one (room.mask names its file). */
  mask?: Uint8Array
}

export interface RoomFormat {
  id: string
  label: string
  /** Extensions of the main file, lower case, without the dot. */
  extensions: readonly string[]
  /** One line for lists and tooltips. */
  description: string
  exportRoom?(input: ExportInput): ExportResult
  /**
   * Write into the engine's own files in `target` (the folder given), keeping every byte
   * it does not edit; only the files that change are returned.
   */
  exportInPlace?(input: ExportInput, target: ImportSource): Promise<ExportResult>
  importRoom?(
    source: ImportSource,
    path: string,
    options: {
      roomId?: string
      name?: string
      /** Tiled: the files a map names may lie anywhere in the source (a project folder), not only in the map's folder. */
      filesWithinSource?: boolean
    },
  ): Promise<ImportResult>
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '')
const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** A Tiled map with what it names (tilesets, templates, tile data) read, as a room. */
async function tiledRoom(
  source: ImportSource,
  path: string,
  map: TiledMap,
  options: { roomId?: string; filesWithinSource?: boolean },
): Promise<{ room: Room; notes: string[]; objects: { imported: number[] }; flags: Flag[] }> {
  const resolved = await resolveTiledMap(map, path, {
    readText: source.readText,
    inflate: source.inflate,
    ...(options.filesWithinSource ? { root: '' } : {}),
  })
  const out = tiledMapToRoom(resolved.map, baseOf(path), { roomId: options.roomId })
  return {
    room: out.room,
    notes: [...resolved.notes, ...out.notes],
    objects: { imported: out.imported },
    flags: out.flags,
  }
}

/** The background and mask files a Tiled map names, beside it. */
async function tiledImages(
  source: ImportSource,
  mapPath: string,
  imported: { room: Room; notes: string[]; objects: { imported: number[] }; flags: Flag[] },
): Promise<ImportResult> {
  const { room, notes, objects, flags } = imported
  const result: ImportResult = { room, flags, notes, objects }
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

/** The note an export without a place for background frames 2..N gives (docs/engines.md says why). */
function framesNote(room: Room, why: string): string[] {
  const frames = room.backgroundFrames ?? []
  if (frames.length === 0) return []
  return [
    `background frames 2..${frames.length + 1} (${frames.map((f) => f.file).join(', ')}): not exported; ${why}`,
  ]
}

/** The note an export without a place for hotspots gives (none when the room has none). */
function hotspotsNote(room: Room, why: string): string[] {
  const hotspots = room.hotspots ?? []
  if (hotspots.length === 0) return []
  return [`hotspots ${hotspots.map((h) => h.name || h.id).join(', ')}: not exported; ${why}`]
}

function backgroundFile(input: ExportInput): ExportFile[] {
  return input.background ? [{ path: input.background.name, bytes: input.background.bytes }] : []
}

export const ROOM_FORMATS: readonly RoomFormat[] = [
  {
    id: 'godot',
    label: 'Godot 4 scene',
    extensions: ['tscn'],
    description:
      'Popochiu 2 walkable areas and hotspots, Escoria items, NavigationRegion2D walk areas, Area2D zones, Marker2D points (Godot 4)',
    exportRoom(input) {
      const resDir = (input.resDir ?? `res://rooms/${input.room.id}`).replace(/\/+$/, '')
      const { text, notes } = exportGodotScene(input.room, {
        backgroundResPath: input.background ? `${resDir}/${input.background.name}` : undefined,
        flags: input.flags,
        mask: input.mask,
      })
      notes.push(`files go in ${resDir}/ of the Godot project`)
      notes.push(
        ...framesNote(input.room, 'the scene has one background Sprite2D (switching frames is game code)'),
      )
      return { files: [{ path: `${input.room.id}.tscn`, text }, ...backgroundFile(input)], notes }
    },
    async importRoom(source, path, options) {
      const notes: string[] = []
      const godotRoot = await source.readText('project.godot')
      if (godotRoot === null)
        notes.push('no project.godot at the top of the folder: res:// is taken as that folder')
      const result = await importGodotScene(
        {
          readText: (p) => source.readText(p.replace(/^res:\/\//, '')),
          readBytes: (p) => source.readBytes(p.replace(/^res:\/\//, '')),
          imageSize: source.imageSize,
          decodeImage: (bytes, name) => source.decodeImage(bytes, name),
        },
        `res://${path.replace(/^res:\/\//, '')}`,
        { roomId: options.roomId, roomName: options.name },
      )
      result.notes.unshift(...notes)
      return result
    },
  },
  {
    id: 'tiled-json',
    label: 'Tiled map (.tmj)',
    extensions: ['tmj', 'json'],
    description:
      'Tiled 1.8+ JSON map: image layers, walkable/gate/zone/node/point objects, room data as properties',
    exportRoom(input) {
      const { map, notes } = roomToTiledMap(input.room, input.flags ?? [])
      return {
        files: [
          { path: `${input.room.id}.tmj`, text: JSON.stringify(map, null, 1) + '\n' },
          ...backgroundFile(input),
          ...tiledMask(input),
        ],
        notes: [
          ...notes,
          ...framesNote(input.room, 'the map carries the background as one image layer'),
          ...hotspotsNote(input.room, 'the Tiled map export writes no hotspot objects yet'),
        ],
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
  },
  {
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
        notes: [
          ...notes,
          ...framesNote(input.room, 'the map carries the background as one image layer'),
          ...hotspotsNote(input.room, 'the Tiled map export writes no hotspot objects yet'),
        ],
      }
    },
    async importRoom(source, path, options) {
      const text = await source.readText(path)
      if (text === null) throw new Error(`${path}: file not found`)
      const map = tmxToTiledMap(text, baseOf(path))
      return tiledImages(source, path, await tiledRoom(source, path, map, options))
    },
  },
  {
    id: 'ags',
    label: 'AGS masks',
    extensions: ['png'],
    description:
      'Walkable-area, region and walk-behind masks as 8-bit indexed PNGs (index = id), with a sidecar (scaling, baselines)',
    exportRoom(input) {
      const out = exportAgs(input.room, input.mask)
      const id = input.room.id
      return {
        files: [
          { path: `${id}-walkable.png`, indexed: out.walkable },
          { path: `${id}-regions.png`, indexed: out.regions },
          ...(out.walkBehinds ? [{ path: `${id}-walkbehinds.png`, indexed: out.walkBehinds }] : []),
          { path: `${id}.ags.json`, text: JSON.stringify(out.sidecar, null, 2) + '\n' },
        ],
        notes: [
          ...out.notes,
          ...framesNote(input.room, 'the AGS room keeps its own backgrounds'),
          ...hotspotsNote(
            input.room,
            'the AGS masks export has walkable areas, regions and walk-behinds (an AGS 4 room folder carries hotspots)',
          ),
        ],
      }
    },
    async importRoom(source, path, options) {
      const bytes = await source.readBytes(path)
      if (!bytes) throw new Error(`${path}: file not found`)
      const stem = path.replace(/-walkable\.png$|\.png$/i, '')
      const pixels = await source.decodeImage(bytes, baseOf(path))
      const sidecarText = await source.readText(`${stem}.ags.json`)
      let size = { width: pixels.width, height: pixels.height }
      if (sidecarText) {
        try {
          const s = JSON.parse(sidecarText) as { size?: [number, number] }
          if (Array.isArray(s.size)) size = { width: s.size[0], height: s.size[1] }
        } catch {
          // importAgs names the broken sidecar
        }
      }
      const name = options.name ?? nameFromFileName(baseOf(stem))
      const room = emptyRoom({
        id: options.roomId ?? idFromName(name, []),
        name,
        width: size.width,
        height: size.height,
      })
      const regionBytes = await source.readBytes(`${stem}-regions.png`)
      const walkBehindBytes = await source.readBytes(`${stem}-walkbehinds.png`)
      const out = importAgs({
        room,
        walkable: { pixels, palette: readPngPalette(bytes), file: baseOf(path) },
        ...(regionBytes
          ? {
              regions: {
                pixels: await source.decodeImage(regionBytes, `${baseOf(stem)}-regions.png`),
                palette: readPngPalette(regionBytes),
                file: `${baseOf(stem)}-regions.png`,
              },
            }
          : {}),
        ...(walkBehindBytes
          ? {
              walkBehinds: {
                pixels: await source.decodeImage(walkBehindBytes, `${baseOf(stem)}-walkbehinds.png`),
                palette: readPngPalette(walkBehindBytes),
                file: `${baseOf(stem)}-walkbehinds.png`,
              },
            }
          : {}),
        ...(sidecarText ? { sidecar: { text: sidecarText, file: `${baseOf(stem)}.ags.json` } } : {}),
      })
      if (!regionBytes) out.notes.push(`no ${baseOf(stem)}-regions.png beside it: no zones`)
      return { room: out.room, flags: [], notes: out.notes, ...(out.mask ? { mask: out.mask } : {}) }
    },
  },
  {
    id: 'ags4',
    label: 'AGS 4 room folder',
    extensions: ['xml'],
    description:
      "AGS 4's open room format (Rooms/N: data.xml and indexed mask PNGs): read, written in place, or as a new room folder",
    exportRoom: (input) => exportNewOpenRoom(input, input.ags),
    exportInPlace: exportOpenRoomInPlace,
    importRoom: importOpenRoom,
  },
  {
    id: 'ags3',
    label: 'AGS 3 room (.crm)',
    extensions: ['crm'],
    description:
      'A compiled AGS 3.0.3-3.6 room: background, walkable/region/hotspot/walk-behind masks, scaling',
    importRoom: importCrmRoom,
  },
  {
    id: 'runtime',
    label: 'Walkbox runtime room',
    extensions: ['walkbox.json'],
    description: 'One JSON file for JavaScript games using the Walkbox runtime (npm run build:runtime)',
    exportRoom(input) {
      const { text, notes } = exportRuntimeRoom(input.room, input.mask, input.scaleMap, input.flags)
      return {
        files: [{ path: `${input.room.id}.walkbox.json`, text }],
        notes: [...notes, ...framesNote(input.room, 'a runtime file holds no images')],
      }
    },
    async importRoom(source, path, options) {
      const text = await source.readText(path)
      if (text === null) throw new Error(`${path}: file not found`)
      const { room, mask } = readRuntimeRoom(text, baseOf(path))
      if (options.roomId) room.id = options.roomId
      if (options.name) room.name = options.name
      const notes = room.background
        ? [`background ${room.background} is not in a runtime file; the room has none`]
        : []
      delete room.background
      if (room.scaling.mode === 'map') {
        notes.push('scaling: the scale map is not imported from a runtime file')
        room.scaling = { mode: 'none', linear: room.scaling.linear }
      }
      return { room, flags: [], notes, ...(mask ? { mask } : {}) }
    },
  },
]

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

export function roomFormat(id: string): RoomFormat {
  const f = ROOM_FORMATS.find((x) => x.id === id)
  if (!f)
    throw new Error(`unknown format '${id}'; expected one of ${ROOM_FORMATS.map((x) => x.id).join(', ')}`)
  return f
}

/** The import format a main file's name suggests (by extension), or null. */
export function formatForFile(fileName: string): RoomFormat | null {
  const lower = fileName.toLowerCase()
  let best: { format: RoomFormat; length: number } | null = null
  for (const f of ROOM_FORMATS) {
    if (!f.importRoom) continue
    for (const e of f.extensions) {
      if (lower.endsWith(`.${e}`) && (!best || e.length > best.length)) best = { format: f, length: e.length }
    }
  }
  return best?.format ?? null
}
