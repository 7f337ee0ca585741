/**
 * The runtime room file (`<room>.walkbox.json`) that JavaScript games load with the
 * Walkbox runtime (src/runtime): the room in its normal form, its area-id mask run-length
 * encoded (when the mask is authoritative, and for a polygon room that has one: it says
 * which area the feet are in, for zones and scaling), its scale map's grey values when it has one,
 * and (version 2) the navmesh prepared for the starting flags (runtime-navmesh.ts).
 * One self-contained JSON file: no image decoding and no triangulating in the game.
 *
 * Glossary
 * - runs: the mask row-major as [value, count, value, count, ...].
 *
 * Units: px.
 */
import { navWorldForRoom } from '../analysis/room-world'
import { normaliseRoom } from '../room/normalise'
import { parseRoom, type Room } from '../room/schema'
import {
  decodeRuns,
  encodeRuns,
  RUNTIME_FORMAT,
  RUNTIME_VERSION,
  runtimeVersionProblem,
  type RuntimeRoomFile,
} from './runtime-file'
import { navmeshSection } from './runtime-navmesh'

export { decodeRuns, encodeRuns, RUNTIME_FORMAT, RUNTIME_VERSION, type RuntimeRoomFile } from './runtime-file'

export function exportRuntimeRoom(
  room: Room,
  mask: Uint8Array | null,
  scaleMap: { width: number; height: number; values: Uint8Array } | null,
  flags: readonly { id: string; default: boolean }[] = [],
): { text: string; notes: string[] } {
  const notes: string[] = []
  const { width, height } = room.size
  const file: RuntimeRoomFile = {
    format: RUNTIME_FORMAT,
    version: RUNTIME_VERSION,
    room: normaliseRoom(room),
    ...(flags.length > 0 ? { flags: Object.fromEntries(flags.map((f) => [f.id, f.default])) } : {}),
  }
  if (room.authoritative === 'mask') {
    if (!mask || mask.length !== width * height)
      throw new Error(
        `room '${room.id}': its mask is authoritative but no mask of ${width}x${height} was given`,
      )
    file.mask = { width, height, runs: encodeRuns(mask) }
  } else if (mask && mask.length === width * height) {
    // A polygon room's area mask still says which area the feet are in (zones given by an
    // area, scaling per area), as in the editor: the runtime needs it for the same answers.
    file.mask = { width, height, runs: encodeRuns(mask) }
  }
  if (room.scaling.mode === 'map') {
    if (scaleMap)
      file.scaleMap = { width: scaleMap.width, height: scaleMap.height, runs: encodeRuns(scaleMap.values) }
    else notes.push('scaling: the scale map could not be read; the runtime falls back to 100%')
  }
  if (room.background) notes.push('background: not in the runtime file (the game draws its own art)')
  // The navmesh for the starting flags, so that the game's first path triangulates nothing.
  // A room the core cannot make a navmesh of still exports; the runtime then says why on its first path.
  try {
    const starting = Object.fromEntries(flags.map((f) => [f.id, f.default]))
    const world = navWorldForRoom(file.room, file.mask ? mask : null, starting)
    file.navmesh = navmeshSection(file.room, file.mask?.runs ?? null, starting, world.triangulation())
  } catch (e) {
    notes.push(`navmesh: not prepared (${e instanceof Error ? e.message : String(e)}); the game makes it`)
  }
  return { text: JSON.stringify(file) + '\n', notes }
}

/** Reads a runtime room file (text or parsed JSON); throws naming what is wrong. */
export function readRuntimeRoom(
  data: unknown,
  file = 'room.walkbox.json',
): {
  room: Room
  flags: Record<string, boolean>
  mask: Uint8Array | null
  scaleMap: { width: number; height: number; values: Uint8Array } | null
} {
  const f = (typeof data === 'string' ? JSON.parse(data) : data) as Partial<RuntimeRoomFile>
  if (f?.format !== RUNTIME_FORMAT)
    throw new Error(`${file}: not a Walkbox runtime room (format is not '${RUNTIME_FORMAT}')`)
  const versionProblem = runtimeVersionProblem(f.version)
  if (versionProblem) throw new Error(`${file}: ${versionProblem}`)
  const room = parseRoom(f.room, file)
  const { width, height } = room.size
  const mask = f.mask ? decodeRuns(f.mask.runs, width * height, `${file}: mask`) : null
  if (room.authoritative === 'mask' && !mask)
    throw new Error(`${file}: the room's mask is authoritative but the file has no mask`)
  const scaleMap = f.scaleMap
    ? {
        width: f.scaleMap.width,
        height: f.scaleMap.height,
        values: decodeRuns(f.scaleMap.runs, f.scaleMap.width * f.scaleMap.height, `${file}: scaleMap`),
      }
    : null
  const flags: Record<string, boolean> = {}
  for (const [k, v] of Object.entries(f.flags ?? {})) if (typeof v === 'boolean') flags[k] = v
  return { room, flags, mask, scaleMap }
}
