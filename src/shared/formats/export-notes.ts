/**
 * The lines every format's export says of what it cannot carry (background frames 2..N,
 * hotspots), and the background file an export copies as it is.
 *
 * Units: none.
 */
import type { ExportFile, ExportInput } from './format-io'
import type { Room } from '../room/schema'

/** The note an export without a place for background frames 2..N gives (docs/engines.md says why). */
export function framesNote(room: Room, why: string): string[] {
  const frames = room.backgroundFrames ?? []
  if (frames.length === 0) return []
  return [
    `background frames 2..${frames.length + 1} (${frames.map((f) => f.file).join(', ')}): not exported; ${why}`,
  ]
}

/** The note an export without a place for hotspots gives (none when the room has none). */
export function hotspotsNote(room: Room, why: string): string[] {
  const hotspots = room.hotspots ?? []
  if (hotspots.length === 0) return []
  return [`hotspots ${hotspots.map((h) => h.name || h.id).join(', ')}: not exported; ${why}`]
}

export function backgroundFile(input: ExportInput): ExportFile[] {
  return input.background ? [{ path: input.background.name, bytes: input.background.bytes }] : []
}
