/**
 * Commands of the walk-behind layer's areas: add one, remove one (its pixels go with it),
 * rename it or move its baseline. Each is one RoomFieldsCommand on `walkBehinds`, so it is
 * one undo step; painting the layer is the mask tools' MaskPatchCommand (walkBehindTarget).
 *
 * Glossary
 * - baseline: the y (room px) below which a character's feet must be for the area to be
 *   drawn behind it; a character whose feet are above it is hidden where the area covers it.
 *
 * Units: room px.
 */
import type { WalkBehinds } from '../../../shared/room/schema'
import {
  decodeWalkBehindRows,
  emptyWalkBehindRows,
  encodeWalkBehindRows,
} from '../../../shared/room/walk-behinds'
import { cloneJson, type EditTarget } from './edit-target'
import { RoomFieldsCommand } from './room-fields'

/** Where a new walk-behind's baseline starts: this share of the room's height from the top. */
export const NEW_BASELINE_SHARE = 0.8

function current(target: EditTarget): WalkBehinds {
  const { width, height } = target.room.size
  return target.room.walkBehinds
    ? cloneJson(target.room.walkBehinds)
    : { areas: [], rows: emptyWalkBehindRows(width, height) }
}

/** Add the lowest free walk-behind id (1..255), its baseline at NEW_BASELINE_SHARE of the height. */
export function addWalkBehindCommand(target: EditTarget): RoomFieldsCommand {
  const wb = current(target)
  const used = new Set(wb.areas.map((a) => a.id))
  let id = 1
  while (used.has(id) && id < 256) id++
  if (id > 255) throw new Error('A room has at most 255 walk-behinds.')
  wb.areas.push({
    id,
    name: `Walk-behind ${id}`,
    baseline: Math.round(target.room.size.height * NEW_BASELINE_SHARE),
  })
  wb.areas.sort((a, b) => a.id - b.id)
  return new RoomFieldsCommand(`Add walk-behind ${id}`, target, { walkBehinds: wb }, id)
}

/** Remove walk-behind `id` and its pixels; the last one removed takes the layer with it. */
export function removeWalkBehindCommand(target: EditTarget, id: number): RoomFieldsCommand {
  const wb = current(target)
  if (!wb.areas.some((a) => a.id === id)) throw new Error(`No walk-behind ${id}.`)
  const { width, height } = target.room.size
  const cells = decodeWalkBehindRows(wb.rows, width, height)
  for (let i = 0; i < cells.length; i++) if (cells[i] === id) cells[i] = 0
  const areas = wb.areas.filter((a) => a.id !== id)
  const next: WalkBehinds | undefined =
    areas.length === 0 ? undefined : { areas, rows: encodeWalkBehindRows(cells, width, height) }
  return new RoomFieldsCommand(`Remove walk-behind ${id}`, target, { walkBehinds: next })
}

/** Rename walk-behind `id` or move its baseline (room px, rounded to whole px). */
export function updateWalkBehindCommand(
  target: EditTarget,
  id: number,
  change: { name?: string; baseline?: number },
): RoomFieldsCommand {
  const wb = current(target)
  const area = wb.areas.find((a) => a.id === id)
  if (!area) throw new Error(`No walk-behind ${id}.`)
  if (change.baseline !== undefined) {
    if (!Number.isFinite(change.baseline)) throw new Error('Expected a baseline y in room px.')
    area.baseline = Math.round(change.baseline)
  }
  if (change.name !== undefined) area.name = change.name
  const what =
    change.baseline !== undefined
      ? `Baseline of walk-behind ${id} to y=${area.baseline}`
      : `Rename walk-behind ${id}`
  return new RoomFieldsCommand(what, target, { walkBehinds: wb })
}
