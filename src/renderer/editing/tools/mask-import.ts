/**
 * Importing a walk-mask picture into the open room: the picture is read by the shared
 * rules (src/shared/room/mask-image.ts: grey ids, colours or palette indices, alpha or
 * black and white for one area; stored at the room's size or 1:2 to 1:4 of it) and then
 * either replaces the room's mask or is added to it (its walkable pixels paint over),
 * with the areas it needs created, as one undo step. A room without walk polygons makes
 * the imported mask its truth (authoritative) in the same step.
 *
 * Glossary
 * - single-area picture: read by 'alpha' or 'nonblack'; the author chooses its area.
 * - mode: 'replace' (the picture is the new mask) or 'add' (painted over the mask).
 *
 * Units: px.
 */
import type { ImportedImage } from '../../../shared/host'
import type { WalkArea } from '../../../shared/room/schema'
import { readMaskImage, readPngPalette, type MaskRead } from '../../../shared/room/mask-image'
import { nameFromFileName } from '../../../shared/room/names'
import { CompoundCommand, type Command } from '../commands/command'
import type { EditTarget } from '../commands/edit-target'
import { ReplaceMaskCommand } from '../commands/mask-patch'
import { RoomFieldsCommand } from '../commands/room-fields'
import { defaultAreaColour } from '../../../shared/room/schema'

export interface MaskImportPlan {
  fileName: string
  /** The picture as stored. */
  stored: { width: number; height: number }
  read: MaskRead
  singleArea: boolean
}

/** Read an imported picture for the room (throws with the file named when it cannot be a mask). */
export function planMaskImport(
  picked: ImportedImage,
  room: { size: { width: number; height: number }; areas: readonly WalkArea[] },
  areaId: number,
): MaskImportPlan {
  const knownColours = new Map(
    room.areas.map((a) => [parseInt(a.colour.slice(1), 16), a.id] as [number, number]),
  )
  const read = readMaskImage(picked.image, {
    palette: readPngPalette(picked.bytes),
    fit: room.size,
    areaId,
    knownColours,
    file: picked.fileName,
  })
  return {
    fileName: picked.fileName,
    stored: { width: picked.image.width, height: picked.image.height },
    read,
    singleArea: read.rule === 'alpha' || read.rule === 'nonblack',
  }
}

/** The areas a mask needs that the room lacks (named and coloured like the file says, if it does). */
export function missingAreas(read: MaskRead, existing: readonly WalkArea[], fileName?: string): WalkArea[] {
  const known = new Set(existing.map((a) => a.id))
  const single = read.rule === 'alpha' || read.rule === 'nonblack'
  return read.areas
    .filter((a) => !known.has(a.id))
    .map((a) => ({
      id: a.id,
      // A one-area picture names its area after the file ('walkable2.png' -> 'Walkable2').
      name: single && fileName ? nameFromFileName(fileName) : `Area ${a.id}`,
      colour: a.colour ?? defaultAreaColour(a.id),
    }))
}

/** The mask after the import: the picture's ids, as the new mask or painted over the current one. */
export function importedCells(
  plan: MaskImportPlan,
  current: Uint8Array | null,
  mode: 'replace' | 'add',
): Uint8Array {
  const cells = plan.read.cells
  if (mode === 'replace' || !current) return cells.slice()
  const out = current.slice()
  for (let i = 0; i < cells.length; i++) if (cells[i] !== 0) out[i] = cells[i]
  return out
}

/** The import as one undo step: the areas it needs, then the new mask. */
export function importMaskCommand(
  target: EditTarget,
  plan: MaskImportPlan,
  mode: 'replace' | 'add',
): Command {
  const cells = importedCells(plan, target.mask, mode)
  const parts: Command[] = []
  const added = missingAreas(plan.read, target.room.areas, plan.fileName)
  if (added.length > 0)
    parts.push(new RoomFieldsCommand('Add areas', target, { areas: [...target.room.areas, ...added] }))
  parts.push(new ReplaceMaskCommand(mode === 'add' ? 'Add to mask' : 'Replace mask', target, cells))
  // A room with no walk polygons takes its walkable area from the imported mask at once.
  if (target.room.authoritative === 'polygons' && target.room.polygons.length === 0)
    parts.push(new RoomFieldsCommand('Mask authoritative', target, { authoritative: 'mask' }))
  return new CompoundCommand(`Import mask ${plan.fileName}`, parts)
}

/** A small picture of an imported mask for the dialog: area ids, at most `maxSide` px on its longer side. */
export interface MaskPreview {
  width: number
  height: number
  /** Area id per preview pixel (the id at the centre of the block it stands for); 0 = not walkable. */
  ids: Uint8Array
  /** '#rrggbb' per area id shown: the room's colour, else the one a new area would get. */
  colours: Record<number, string>
}

/** The preview of a read mask (`cells`, room size) for a room with `areas`. */
export function maskPreview(
  cells: Uint8Array,
  room: { width: number; height: number },
  areas: readonly Pick<WalkArea, 'id' | 'colour'>[],
  maxSide = 240,
): MaskPreview {
  const f = Math.max(1, Math.max(room.width, room.height) / maxSide)
  const width = Math.max(1, Math.round(room.width / f))
  const height = Math.max(1, Math.round(room.height / f))
  const ids = new Uint8Array(width * height)
  const colours: Record<number, string> = {}
  const known = new Map(areas.map((a) => [a.id, a.colour]))
  for (let y = 0; y < height; y++) {
    const sy = Math.min(room.height - 1, Math.floor((y + 0.5) * f))
    for (let x = 0; x < width; x++) {
      const sx = Math.min(room.width - 1, Math.floor((x + 0.5) * f))
      const id = cells[sy * room.width + sx]
      ids[y * width + x] = id
      if (id !== 0 && !(id in colours)) colours[id] = known.get(id) ?? defaultAreaColour(id)
    }
  }
  return { width, height, ids, colours }
}
