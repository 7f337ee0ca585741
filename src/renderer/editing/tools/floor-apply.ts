/**
 * Applying a floor proposed from the picture (floor-tool.ts) as one undo step: as pixels of
 * a mask area (new or chosen) or as walk polygons (the proposal traced and simplified),
 * with the room's truth respected: applying to the representation that is not authoritative
 * makes it so in the same step when the other one is empty (nothing walkable is lost), and
 * otherwise needs the author's yes first (`floorApplyConflict` says what to ask).
 *
 * Glossary
 * - truth: the room's authoritative walkable representation ('mask' or 'polygons').
 * - area: the walk area id the floor gets; 'new' adds an area first (in the same step).
 *
 * Units: room px.
 */
import type { AreaPolygon } from '../../../shared/geometry/types'
import { areaToWalkPolygon } from '../../../shared/room/convert'
import type { Authoritative, Room, WalkPolygon } from '../../../shared/room/schema'
import { CompoundCommand, type Command } from '../commands/command'
import type { EditTarget } from '../commands/edit-target'
import { MaskPatchCommand, readMaskRect, ReplaceMaskCommand } from '../commands/mask-patch'
import { addAreaCommand, freshId } from '../commands/room-commands'
import { RoomFieldsCommand } from '../commands/room-fields'

export type FloorAs = 'mask' | 'polygons'

export interface FloorApplyChoice {
  as: FloorAs
  /** The walk area the floor joins, or 'new'. */
  area: number | 'new'
}

/** Does the room's walkable truth hold anything walkable now? */
function truthHasContent(room: Room, mask: Uint8Array | null): boolean {
  if (room.authoritative === 'polygons') return room.polygons.length > 0
  return !!mask && mask.some((v) => v !== 0)
}

/** What the author must agree to before the floor is applied as `as`, or null when nothing. */
export function floorApplyConflict(
  room: Room,
  mask: Uint8Array | null,
  as: FloorAs,
): { title: string; message: string; details: string[]; confirm: string } | null {
  if (room.authoritative === as || !truthHasContent(room, mask)) return null
  if (as === 'mask') {
    const n = room.polygons.length
    return {
      title: 'Apply the floor as a mask area?',
      message: `The walkable area of ${room.name} is its ${n} walk polygon${n === 1 ? '' : 's'}: a mask area is not walked while they are the truth.`,
      details: [
        'Apply and make the mask authoritative: the floor and the rest of the mask become what is walked; the polygons are kept but no longer walked.',
        'Or choose Cancel and apply the floor as polygons.',
      ],
      confirm: 'Apply and use the mask',
    }
  }
  return {
    title: 'Apply the floor as polygons?',
    message: `The walkable area of ${room.name} is its mask: walk polygons are not walked while it is the truth.`,
    details: [
      'Apply and make the polygons authoritative: the floor and the other walk polygons become what is walked; the mask is kept but no longer walked.',
      'Or choose Cancel and apply the floor as a mask area.',
    ],
    confirm: 'Apply and use the polygons',
  }
}

/** The area command and id for `area` ('new' adds one). */
function areaFor(target: EditTarget, area: number | 'new'): { parts: Command[]; id: number } {
  if (area !== 'new') {
    if (!target.room.areas.some((a) => a.id === area)) throw new Error(`The room has no walk area ${area}.`)
    return { parts: [], id: area }
  }
  const add = addAreaCommand(target, 'Floor')
  return { parts: [add], id: add.created as number }
}

/** The command that makes `as` the truth when it is not (callers asked first where needed). */
function truthPart(target: EditTarget, as: Authoritative): Command[] {
  if (target.room.authoritative === as) return []
  return [new RoomFieldsCommand(`Make the ${as} authoritative`, target, { authoritative: as })]
}

function pixelsText(pixels: number): string {
  return `${pixels.toLocaleString('en-US')} px`
}

/**
 * The floor (`floor`: room-size, 1 on the floor) written into the mask with the chosen
 * area's id, as one step: the new area, the pixels, and the mask made the truth when it is
 * not. A room without a mask gets one.
 */
export function floorMaskCommand(target: EditTarget, floor: Uint8Array, area: number | 'new'): Command {
  const { width, height } = target.room.size
  if (floor.length !== width * height)
    throw new Error(`The proposal is ${floor.length} px; the room has ${width * height}.`)
  let x0 = width
  let y0 = height
  let x1 = -1
  let y1 = -1
  let pixels = 0
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (floor[y * width + x]) {
        pixels++
        if (x < x0) x0 = x
        if (x > x1) x1 = x
        if (y < y0) y0 = y
        if (y > y1) y1 = y
      }
  if (pixels === 0) throw new Error('The proposed floor is empty: nothing to apply.')
  const { parts, id } = areaFor(target, area)
  const label = `Floor from picture: ${pixelsText(pixels)} to area ${id}`
  if (!target.mask) {
    const mask = new Uint8Array(width * height)
    for (let p = 0; p < mask.length; p++) if (floor[p]) mask[p] = id
    parts.push(new ReplaceMaskCommand(label, target, mask))
  } else {
    const rect = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 }
    const before = readMaskRect(target.mask, width, rect)
    const after = before.slice()
    for (let r = 0; r < rect.height; r++)
      for (let c = 0; c < rect.width; c++)
        if (floor[(rect.y + r) * width + rect.x + c]) after[r * rect.width + c] = id
    parts.push(new MaskPatchCommand(label, target, rect, before, after))
  }
  parts.push(...truthPart(target, 'mask'))
  return new CompoundCommand(label, parts)
}

/**
 * The floor's polygons (room px, traced and simplified) added to the room's walk polygons in
 * the chosen area, as one step: the new area, the polygons, and the polygons made the truth
 * when they are not.
 */
export function floorPolygonsCommand(
  target: EditTarget,
  polygons: readonly AreaPolygon[],
  area: number | 'new',
  pixels: number,
): Command {
  const kept = polygons.filter((p) => p.outer.length >= 3)
  if (kept.length === 0) throw new Error('The proposed floor is empty: nothing to apply.')
  const { parts, id } = areaFor(target, area)
  const taken = target.room.polygons.map((p) => p.id)
  const added: WalkPolygon[] = kept.map((p) => {
    const polygonId = freshId(taken, 'floor')
    taken.push(polygonId)
    return areaToWalkPolygon(p, polygonId, id)
  })
  const n = added.length
  const label = `Floor from picture: ${n} polygon${n === 1 ? '' : 's'} (${pixelsText(pixels)}) in area ${id}`
  parts.push(
    new RoomFieldsCommand(label, target, { polygons: [...target.room.polygons, ...added] }, added[0].id),
  )
  parts.push(...truthPart(target, 'polygons'))
  return new CompoundCommand(label, parts)
}
