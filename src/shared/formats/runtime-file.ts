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
import type { RuntimeNavmesh } from './runtime-navmesh'

export const RUNTIME_FORMAT = 'walkbox-runtime'
/**
 * The version written. 2 added the optional `navmesh` section (runtime-navmesh.ts); a
 * version 2 reader ignores sections it does not know, so later optional sections can keep
 * version 2.
 */
export const RUNTIME_VERSION = 2
/** The oldest version still read (1: no prepared navmesh). */
export const OLDEST_RUNTIME_VERSION = 1

/** Why a version cannot be read, or null when it can. */
export function runtimeVersionProblem(version: unknown): string | null {
  return Number.isInteger(version) &&
    (version as number) >= OLDEST_RUNTIME_VERSION &&
    (version as number) <= RUNTIME_VERSION
    ? null
    : `runtime format version ${String(version)}; this runtime reads versions ${OLDEST_RUNTIME_VERSION} to ${RUNTIME_VERSION}`
}

/** What a runtime room file holds (see runtime.ts). */
export interface RuntimeRoomFile {
  format: typeof RUNTIME_FORMAT
  version: number
  room: Room
  /** The project's flags with their starting values (the game may override them). */
  flags?: Record<string, boolean>
  mask?: { width: number; height: number; runs: number[] }
  scaleMap?: { width: number; height: number; runs: number[] }
  /** The navmesh prepared for the starting flags (version 2; runtime-navmesh.ts). */
  navmesh?: RuntimeNavmesh
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

/** Throws as decodeRuns would for runs that are not `length` values 0..255, without decoding them. */
export function checkRuns(runs: unknown, length: number, what: string): void {
  if (!Array.isArray(runs)) throw new Error(`${what}: expected a list of runs [value, count, ...]`)
  let o = 0
  for (let k = 0; k + 1 < runs.length; k += 2) {
    const v: unknown = runs[k]
    const n: unknown = runs[k + 1]
    if (
      !Number.isInteger(v) ||
      (v as number) < 0 ||
      (v as number) > 255 ||
      !Number.isInteger(n) ||
      (n as number) < 1 ||
      o + (n as number) > length
    ) {
      throw new Error(`${what}: run ${k / 2} is not a value 0..255 with a count that fits (${length} values)`)
    }
    o += n as number
  }
  if (o !== length) throw new Error(`${what}: the runs hold ${o} values; expected ${length}`)
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
