/**
 * AGS room formats: the masks export (8-bit indexed PNGs and a sidecar), the AGS 4 open room
 * folder (Rooms/N: data.xml and mask PNGs; read, written in place or as a new folder), and the
 * compiled AGS 3 room (.crm, read only).
 *
 * Glossary
 * - main file: the masks import starts from `<stem>-walkable.png`, an AGS 4 room from its data.xml.
 *
 * Units: px.
 */
import { exportAgs, importAgs } from './ags'
import { importCrmRoom } from './crm-import'
import { importOpenRoom } from './import-room'
import { exportOpenRoomInPlace } from './open-room-export'
import { exportNewOpenRoom } from './open-room-new'
import { framesNote, hotspotsNote } from '../export-notes'
import type { RoomFormat } from '../format-io'
import { idFromName, nameFromFileName } from '../../room/names'
import { readPngPalette } from '../../room/mask-image'
import { emptyRoom } from '../../room/schema'

const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

export const AGS_MASKS_FORMAT: RoomFormat = {
  id: 'ags',
  label: 'AGS masks',
  extensions: ['png'],
  standalone: true,
  mainFile: (path) => /-walkable\.png$/i.test(path),
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
}

export const AGS4_ROOM_FORMAT: RoomFormat = {
  id: 'ags4',
  label: 'AGS 4 room folder',
  extensions: ['xml'],
  pngBackground: true,
  mainFile: (path) => /(^|\/)data\.xml$/i.test(path),
  roomFolder: {
    file: 'data.xml',
    name: (folder) => (/^\d{1,5}$/.test(folder) ? `Room ${Number(folder)}` : undefined),
  },
  description:
    "AGS 4's open room format (Rooms/N: data.xml and indexed mask PNGs): read, written in place, or as a new room folder",
  exportRoom: (input) => exportNewOpenRoom(input, input.ags),
  exportInPlace: exportOpenRoomInPlace,
  importRoom: importOpenRoom,
}

export const AGS3_ROOM_FORMAT: RoomFormat = {
  id: 'ags3',
  label: 'AGS 3 room (.crm)',
  extensions: ['crm'],
  description:
    'A compiled AGS 3.0.3-3.6 room: background, walkable/region/hotspot/walk-behind masks, scaling',
  importRoom: importCrmRoom,
}
