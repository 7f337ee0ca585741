/**
 * An AGS room into Walkbox through an import source (the registry's entry `ags4`): an AGS 4
 * room folder (`data.xml` and its PNGs); and what AGS 3 rooms share with it (the room number
 * of a path, background frames). AGS 3 `roomN.crm` rooms: crm-import.ts.
 *
 * Glossary
 * - room folder: `<game>/Rooms/N/`; paths are relative to the source's root.
 * - stored mask: a mask PNG or RLE mask at the room's mask resolution (1:1..1:4).
 *
 * Units: px.
 */
import { idFromName } from '../../room/names'
import { readMaskImage, readPngPalette } from '../../room/mask-image'
import type { Room } from '../../room/schema'
import type { ImportedImage } from '../godot/import'
import type { ImportResult, ImportSource } from '../format-io'
import { agsRoomToWalkbox, type AgsRoomData } from './ags-room'
import { OPEN_ROOM_MASKS, readOpenRoom } from './open-room'
import { withRoomPropertySchema } from './ags-properties'
import { hotspotLayerFromAgs } from './open-room-hotspots'

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '')
const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** Text of a UTF-8 file keeping a byte-order mark as U+FEFF (so that it is written back). */
export function utf8Text(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    throw new Error(`${file}: not UTF-8 text`)
  }
}

/** A room-size mask from an AGS 4 mask PNG (colour index = id), or null when absent; a mask not at the scale AGS keeps it at is a note. */
export async function readOpenRoomMask(
  source: ImportSource,
  dir: string,
  file: string,
  data: AgsRoomData,
  notes: string[],
): Promise<{ cells: Uint8Array; bytes: Uint8Array } | null> {
  const bytes = await source.readBytes(dir + file)
  if (!bytes) return null
  const palette = readPngPalette(bytes)
  if (!palette) throw new Error(`${file}: not an 8-bit indexed PNG (AGS 4 masks are; index = id)`)
  const pixels = await source.decodeImage(bytes, file)
  const read = readMaskImage(pixels, {
    rule: 'colours',
    palette,
    fit: { width: data.width, height: data.height },
    file,
  })
  // Walk-behinds are at room size whatever MaskResolution says (AGS's Room.GetMaskScale).
  if (file === OPEN_ROOM_MASKS.walkBehinds) {
    if (read.scale !== 1)
      notes.push(`${file}: stored at 1:${read.scale}; AGS keeps walk-behinds at room size (1:1)`)
  } else if (read.scale !== data.maskResolution)
    notes.push(`${file}: stored at 1:${read.scale}; data.xml says MaskResolution ${data.maskResolution}`)
  return { cells: read.cells, bytes }
}

/** The room number in a path like `Rooms/7/data.xml` or `room7.crm`, or null. */
export function agsRoomNumber(path: string): number | null {
  const m = /(?:^|\/)rooms\/(\d+)\/[^/]*$/i.exec(path) ?? /(?:^|\/)room(\d+)\.crm$/i.exec(path)
  return m ? Number(m[1]) : null
}

/** The Walkbox room folder's name for background frame `i` (1..4; 0 is `background.png`), as AGS 4 names it. */
export const frameFileName = (i: number) => `background${i}.png`

/**
 * Frames 2..N as room fields and files: each image must be the room's size; the first one
 * missing, unreadable or of another size is a note and ends the frames (AGS shows them in
 * order, so a gap would renumber the rest).
 */
export function framesOf(
  data: AgsRoomData,
  images: { bytes: Uint8Array; size: { width: number; height: number } | null; what: string }[],
  notes: string[],
): Pick<ImportResult, 'backgroundFrames'> & { fields: Pick<Room, 'backgroundFrames'> } {
  const frames: ImportedImage[] = []
  for (const [k, image] of images.entries()) {
    const last = data.backgroundCount
    const problem = !image.size
      ? 'not a readable PNG'
      : image.size.width !== data.width || image.size.height !== data.height
        ? `${image.size.width}x${image.size.height}; the room is ${data.width}x${data.height}`
        : null
    if (problem) {
      notes.push(`${image.what}: ${problem}; background frames ${k + 2}..${last} are not carried`)
      break
    }
    frames.push({ name: frameFileName(k + 1), bytes: image.bytes })
  }
  if (frames.length === 0) return { fields: {} }
  notes.push(
    `backgrounds: ${frames.length + 1} frames (${frames.map((f) => f.name).join(', ')} beside background.png); View › Next Background Frame shows the others`,
  )
  return {
    backgroundFrames: frames,
    fields: { backgroundFrames: frames.map((f) => ({ file: f.name })) },
  }
}

/** The animation delay (and AGS 4's switch) as room fields, when the file has them. */
export const delayField = (
  data: AgsRoomData,
): Pick<Room, 'backgroundAnimationDelay' | 'backgroundAnimationEnabled'> =>
  data.backgroundCount > 1
    ? {
        ...(data.backgroundAnimationDelay !== undefined
          ? { backgroundAnimationDelay: data.backgroundAnimationDelay }
          : {}),
        ...(data.backgroundAnimationEnabled !== undefined
          ? { backgroundAnimationEnabled: data.backgroundAnimationEnabled }
          : {}),
      }
    : {}

export async function importOpenRoom(
  source: ImportSource,
  path: string,
  options: { roomId?: string; name?: string },
): Promise<ImportResult> {
  const dir = dirOf(path)
  const bytes = await source.readBytes(path)
  if (!bytes) throw new Error(`${path}: file not found`)
  const { data } = readOpenRoom(utf8Text(bytes, baseOf(path)), baseOf(path))
  const notes: string[] = []
  const walkable = await readOpenRoomMask(source, dir, OPEN_ROOM_MASKS.walkable, data, notes)
  if (!walkable) throw new Error(`${OPEN_ROOM_MASKS.walkable}: missing beside ${baseOf(path)}`)
  const other = async (file: string) => {
    const read = await readOpenRoomMask(source, dir, file, data, notes)
    if (!read) notes.push(`${file}: missing beside ${baseOf(path)}`)
    return read?.cells ?? null
  }
  const number = agsRoomNumber(path)
  const name = options.name ?? (number !== null ? `Room ${number}` : 'AGS room')
  const backgroundBytes = await source.readBytes(`${dir}background0.png`)
  const size = backgroundBytes ? source.imageSize(backgroundBytes) : null
  const hotspotCells = await other(OPEN_ROOM_MASKS.hotspots)
  const imported = agsRoomToWalkbox(
    data,
    {
      walkable: walkable.cells,
      regions: await other(OPEN_ROOM_MASKS.regions),
      hotspots: hotspotCells,
      walkBehinds: await other(OPEN_ROOM_MASKS.walkBehinds),
    },
    {
      id: options.roomId ?? idFromName(name, []),
      name,
      ...(backgroundBytes && size ? { background: 'background.png' } : {}),
      hotspotLayer: true,
    },
  )
  Object.assign(imported.room, hotspotLayerFromAgs(data.hotspots, hotspotCells, data, imported.notes))
  // A room folder of a game (Rooms/N) has the game's Game.agf two folders up: its schema types the room's properties.
  const game = /^(.*?)Rooms\/\d{1,5}\/data\.xml$/i.exec(path)
  if (game) await withRoomPropertySchema(imported.room, () => source.readText(`${game[1]}Game.agf`), notes)
  if (!backgroundBytes) notes.push('background0.png: missing; the room has no background')
  else if (!size) notes.push('background0.png: not a readable image; the room has no background')
  else if (size.width !== data.width || size.height !== data.height)
    notes.push(`background0.png is ${size.width}x${size.height}; data.xml says ${data.width}x${data.height}`)
  const images = []
  for (let i = 1; backgroundBytes && size && i < data.backgroundCount; i++) {
    const file = frameFileName(i)
    const bytes = await source.readBytes(dir + file)
    if (!bytes) {
      notes.push(
        `${file}: missing beside ${baseOf(path)} (BackgroundCount ${data.backgroundCount}); background frames ${i + 1}..${data.backgroundCount} are not carried`,
      )
      break
    }
    images.push({ bytes, size: source.imageSize(bytes), what: file })
  }
  const frames = framesOf(data, images, notes)
  Object.assign(imported.room, frames.fields, frames.backgroundFrames ? delayField(data) : {})
  return {
    room: imported.room,
    flags: [],
    notes: [...imported.notes, ...notes],
    mask: imported.mask,
    ...(backgroundBytes && size ? { background: { name: 'background.png', bytes: backgroundBytes } } : {}),
    ...(frames.backgroundFrames ? { backgroundFrames: frames.backgroundFrames } : {}),
  }
}
