/**
 * Scale-map commands: import a greyscale scale map, set its min / max percent, remove
 * it. The room JSON keeps `scaling.map = { file, min, max }`; the decoded image lives
 * beside the room (the editor store's scaleMap), so these commands change both as one
 * undo step.
 *
 * Glossary
 * - scale map: a greyscale image the room's size; grey (red channel) 0 = min %, 255 = max %.
 * - scale map state: the decoded image and the file bytes to save (null when unchanged
 *   since the room was loaded: nothing to write).
 *
 * Units: room px for sizes, percent for min / max.
 */
import type { RgbaImage } from '../../../shared/host'
import type { Room } from '../../../shared/room/schema'
import { HolderCommand, type Command, type StateHolder } from './command'
import { cloneJson, type EditTarget } from './edit-target'
import { CompoundCommand, RoomFieldsCommand } from './room-fields'

/** The file name a scale map is saved under in the room folder. */
export const SCALE_MAP_FILE = 'scalemap.png'
/** Range given to a freshly imported map when the room had none. */
export const DEFAULT_SCALE_MAP_RANGE = { min: 50, max: 100 } as const

export interface ScaleMapState {
  image: RgbaImage | null
  /** Bytes to write on save; null: nothing new to write. */
  bytes: Uint8Array | null
  /** The name of the file the author picked (shown in the panel), or null. */
  sourceName: string | null
}

/** Where the commands read and write the decoded scale map (the open room's session). */
export type ScaleMapHolder = StateHolder<ScaleMapState>

/** Why a number cannot be a scale-map percent, or null. */
export function scalePercentProblem(value: number, which: 'min' | 'max'): string | null {
  if (!Number.isFinite(value) || !(value > 0)) return `The ${which} scale must be a number above 0 %.`
  return null
}

/**
 * Import a scale map: the image becomes the room's scale map and scaling switches to
 * 'map'. Throws (nothing changed) when the image is not the room's size.
 */
export function importScaleMapCommand(
  target: EditTarget,
  holder: ScaleMapHolder,
  imported: { fileName: string; bytes: Uint8Array; image: RgbaImage },
): Command {
  const { width, height } = target.room.size
  const { image } = imported
  if (image.width !== width || image.height !== height) {
    throw new Error(
      `The scale map ${imported.fileName} is ${image.width}×${image.height} px; it must be the room's size, ${width}×${height} px. Nothing was changed.`,
    )
  }
  const scaling = cloneJson(target.room.scaling)
  const range = scaling.map ?? DEFAULT_SCALE_MAP_RANGE
  scaling.map = { file: SCALE_MAP_FILE, min: range.min, max: range.max }
  scaling.mode = 'map'
  return new CompoundCommand(`Import scale map ${imported.fileName}`, [
    new RoomFieldsCommand('Scale map settings', target, { scaling }),
    new HolderCommand(
      'Scale map image',
      holder,
      { image, bytes: imported.bytes, sourceName: imported.fileName },
      ['scaling'],
    ),
  ])
}

/** Set the scale map's min or max percent; throws when the value is not above 0. */
export function setScaleMapRangeCommand(
  target: EditTarget,
  which: 'min' | 'max',
  value: number,
): RoomFieldsCommand {
  const problem = scalePercentProblem(value, which)
  if (problem) throw new Error(problem)
  const scaling = cloneJson(target.room.scaling)
  if (!scaling.map) throw new Error('The room has no scale map.')
  scaling.map[which] = value
  return new RoomFieldsCommand(`Scale map ${which} ${value} %`, target, { scaling })
}

/** Remove the scale map; a room scaled by it stops scaling ('none'). */
export function removeScaleMapCommand(target: EditTarget, holder: ScaleMapHolder): Command {
  const scaling: Room['scaling'] = cloneJson(target.room.scaling)
  if (!scaling.map) throw new Error('The room has no scale map.')
  delete scaling.map
  if (scaling.mode === 'map') scaling.mode = 'none'
  return new CompoundCommand('Remove scale map', [
    new RoomFieldsCommand('Scale map settings', target, { scaling }),
    new HolderCommand('Scale map image', holder, { image: null, bytes: null, sourceName: null }, ['scaling']),
  ])
}
