/**
 * From an imported image to an area-id mask, for the three kinds of mask files
 * authors bring:
 * - grey masks (Walkbox's own, and AGS masks saved as greyscale): grey value = area id;
 * - colour masks (AGS indexed masks decode to their palette colours): black = not
 *   walkable, each other colour is an area — the area with that colour when the room
 *   has one, else a new area;
 * - alpha masks (a transparent PNG): opaque pixels (alpha >= 128) become `alphaArea`.
 *
 * Glossary
 * - kind: which of the three rules was used (told to the author).
 *
 * Units: px; the image must be the room's size.
 */
import type { RgbaImage } from '../../shared/host'
import type { WalkArea } from '../../shared/room/schema'
import { CompoundCommand, type Command } from '../commands/command'
import type { EditTarget } from '../commands/edit-target'
import { ReplaceMaskCommand } from '../commands/mask-patch'
import { RoomFieldsCommand } from '../commands/room-fields'

export interface ImportedMask {
  kind: 'grey' | 'colour' | 'alpha'
  mask: Uint8Array
  /** Areas the room needs that it does not have yet (new ids with the file's colours). */
  newAreas: WalkArea[]
}

const hex = (r: number, g: number, b: number) =>
  `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`

export function maskFromImportedImage(
  image: RgbaImage,
  room: { size: { width: number; height: number }; areas: readonly WalkArea[] },
  alphaArea: number,
): ImportedMask {
  const { width, height } = room.size
  if (image.width !== width || image.height !== height)
    throw new Error(
      `The mask is ${image.width}×${image.height} px; expected the room's size ${width}×${height}.`,
    )
  const d = image.data
  const n = width * height
  let translucent = false
  let grey = true
  for (let i = 0; i < n; i++) {
    const o = i * 4
    if (d[o + 3] < 255) translucent = true
    if (d[o] !== d[o + 1] || d[o] !== d[o + 2]) grey = false
  }
  const mask = new Uint8Array(n)
  const known = new Set(room.areas.map((a) => a.id))
  const newAreas: WalkArea[] = []
  if (translucent) {
    for (let i = 0; i < n; i++) mask[i] = d[i * 4 + 3] >= 128 ? alphaArea : 0
    return { kind: 'alpha', mask, newAreas }
  }
  if (grey) {
    for (let i = 0; i < n; i++) {
      const id = d[i * 4]
      mask[i] = id
      if (id !== 0 && !known.has(id)) {
        known.add(id)
        newAreas.push({
          id,
          name: `Area ${id}`,
          colour: hex(80 + ((id * 67) % 160), 80 + ((id * 131) % 160), 80 + ((id * 29) % 160)),
        })
      }
    }
    return { kind: 'grey', mask, newAreas }
  }
  const byColour = new Map<number, number>()
  for (const a of room.areas) byColour.set(parseInt(a.colour.slice(1), 16), a.id)
  let nextId = 1
  for (let i = 0; i < n; i++) {
    const o = i * 4
    const rgb = (d[o] << 16) | (d[o + 1] << 8) | d[o + 2]
    if (rgb === 0) continue
    let id = byColour.get(rgb)
    if (id === undefined) {
      while (known.has(nextId)) nextId++
      if (nextId > 255) throw new Error('The mask has more than 255 colours; expected at most 255 areas.')
      id = nextId
      known.add(id)
      byColour.set(rgb, id)
      newAreas.push({ id, name: `Area ${id}`, colour: hex(d[o], d[o + 1], d[o + 2]) })
    }
    mask[i] = id
  }
  return { kind: 'colour', mask, newAreas }
}

/** The imported mask becomes the room's mask, with the areas it needs added: one undo step. */
export function importMaskCommand(target: EditTarget, fileName: string, imported: ImportedMask): Command {
  const parts: Command[] = []
  if (imported.newAreas.length > 0)
    parts.push(
      new RoomFieldsCommand('Add areas', target, { areas: [...target.room.areas, ...imported.newAreas] }),
    )
  parts.push(new ReplaceMaskCommand('Replace mask', target, imported.mask))
  return new CompoundCommand(`Import mask ${fileName}`, parts)
}
