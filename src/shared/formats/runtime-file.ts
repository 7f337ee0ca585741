/**
 * The runtime room file's shape and its run-length encoding, free of the editor's schema
 * library so that the runtime (src/runtime) can read files without it.
 *
 * Glossary
 * - runs: values row-major as [value, count, value, count, ...].
 * - hotspots: carried in `room` as the room format has them (`room.hotspots`, and the painted
 *   ones' `room.hotspotMask` rows of runs); optional, so files without them and runtimes that
 *   predate them read each other unchanged; they need no file version of their own.
 *
 * Units: px.
 */
import type { Room } from '../room/schema'

export const RUNTIME_FORMAT = 'walkbox-runtime'
export const RUNTIME_VERSION = 1

/** What a runtime room file holds (see runtime.ts). */
export interface RuntimeRoomFile {
  format: typeof RUNTIME_FORMAT
  version: number
  room: Room
  /** The project's flags with their starting values (the game may override them). */
  flags?: Record<string, boolean>
  mask?: { width: number; height: number; runs: number[] }
  scaleMap?: { width: number; height: number; runs: number[] }
}

export function encodeRuns(values: Uint8Array): number[] {
  const runs: number[] = []
  let i = 0
  while (i < values.length) {
    const v = values[i]
    let j = i + 1
    while (j < values.length && values[j] === v) j++
    runs.push(v, j - i)
    i = j
  }
  return runs
}

export function decodeRuns(runs: readonly number[], length: number, what: string): Uint8Array {
  const out = new Uint8Array(length)
  let o = 0
  for (let k = 0; k + 1 < runs.length; k += 2) {
    const v = runs[k]
    const n = runs[k + 1]
    if (!Number.isInteger(v) || v < 0 || v > 255 || !Number.isInteger(n) || n < 1 || o + n > length) {
      throw new Error(`${what}: run ${k / 2} is not a value 0..255 with a count that fits (${length} values)`)
    }
    out.fill(v, o, o + n)
    o += n
  }
  if (o !== length) throw new Error(`${what}: the runs hold ${o} values; expected ${length}`)
  return out
}
