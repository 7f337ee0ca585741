/**
 * Loading a room for the command line (Node only): a bench polygon JSON, one or more PNG
 * masks, a Moving AI .map, or a Walkbox project room. Whatever the input, the result is a
 * nav world plus the room's named points.
 *
 * Glossary
 * - room spec: what the user named: a path (file or folder) and/or mask files, a mask
 *   rule, and state flags (`name=1`).
 * - state flags: for bench rooms, the name of an alternate state (`bridge_closed=1`); for
 *   mask rooms, `areaN=0` switches walk area N off.
 * - refused room: one whose drawn polygons are too complex to normalise within the geometry
 *   budget (geometry/budget.ts): RoomRefusedError with the budget's one line.
 * - RoomLoadError: a room that cannot be read. Its message is one line naming the file and
 *   what was expected; the CLI prints it and exits with code 2.
 *
 * Units: room px.
 */
import { stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { decodeImage } from '../main/services/image-codec'
import type { Point } from '../shared/geometry/types'
import { BenchRoomError, benchRoomWorld, parseBenchRoom } from '../shared/measure/readers/bench-room'
import { maskAreasFromImages, type AreaImage, type AreaImageRule } from '../shared/measure/readers/mask-areas'
import type { NavWorld } from '../shared/nav/types'
import { createNavWorld } from '../shared/nav/world'
import { nothingWalkable } from '../shared/analysis/room-world'
import { GeometryBudgetError } from '../shared/geometry/budget'
import { RoomLoadError, RoomRefusedError } from './load-room-error'
import { loadMovingAiWorld } from './movingai-file'
import { loadProjectRoomWorld } from './project-room'
import { PROJECT_FILE_NAME, ROOM_FILE_NAME } from '../shared/room/schema'
import { MAX_JSON_FILE_BYTES, MAX_MASK_FILES } from '../shared/limits'
import { parseJsonText } from '../shared/room/json-text'
import { fileError, readRegularText } from '../main/services/regular-file'

export { RoomLoadError, RoomRefusedError }

export interface RoomSpec {
  /** A file or folder; may be absent when masks are given. */
  path?: string
  masks?: string[]
  maskRule?: AreaImageRule
  flags?: Record<string, boolean>
}

/** A room the command line loaded, as a nav world ready for queries (not the editor's LoadedRoom, a room with its images). */
export interface LoadedWorld {
  /** What to call it in output: the file name or the mask list. */
  name: string
  kind: 'bench' | 'mask' | 'movingai' | 'project'
  world: NavWorld
  points: Record<string, Point>
}

function fail(file: string, expected: string): never {
  throw new RoomLoadError(`${file}: ${expected}`)
}

/** Decode a PNG (or JPEG, WebP) to RGBA with main's image codec. */
export async function decodeRgba(file: string): Promise<AreaImage> {
  try {
    const image = await decodeImage(file, file)
    return { ...image, name: file }
  } catch (e) {
    const text = e instanceof Error ? e.message : String(e)
    throw new RoomLoadError(text.startsWith(file) ? text : `${file}: ${text} (expected a PNG mask)`)
  }
}

async function loadMasks(
  files: string[],
  rule: AreaImageRule,
  flags: Record<string, boolean>,
): Promise<LoadedWorld> {
  // Counted before the first is decoded: 300 masks cost nothing to refuse.
  if (files.length > MAX_MASK_FILES)
    throw new RoomLoadError(
      `--mask: at most ${MAX_MASK_FILES} mask files (area ids are 1..255), got ${files.length}; nothing was decoded`,
    )
  const images: AreaImage[] = []
  for (const file of files) images.push(await decodeRgba(file))
  let grid
  try {
    grid = maskAreasFromImages(images, rule).grid
  } catch (e) {
    throw new RoomLoadError(e instanceof Error ? e.message : String(e))
  }
  const disabled = new Set<number>()
  for (const [key, on] of Object.entries(flags)) {
    const m = /^area(\d+)$/.exec(key)
    if (!m || Number(m[1]) < 1 || Number(m[1]) > files.length) {
      fail(key, `expected a state flag areaN=0|1 with N in 1..${files.length} for a mask room`)
    }
    if (!on) disabled.add(Number(m[1]))
  }
  const stateKey = [...disabled]
    .sort((a, b) => a - b)
    .map((n) => `area${n}=0`)
    .join(',')
  const world = createNavWorld(
    {
      width: grid.width,
      height: grid.height,
      authoritative: 'mask',
      mask: grid,
      revision: `mask:${files.join(',')}`,
    },
    { areaEnabled: disabled.size > 0 ? (id) => !disabled.has(id) : undefined, key: stateKey },
  )
  return { name: files.map((f) => basename(f)).join(','), kind: 'mask', world, points: {} }
}

async function loadBenchJson(file: string, flags: Record<string, boolean>): Promise<LoadedWorld> {
  let json: unknown
  try {
    json = parseJsonText(await readRegularText(file, file, MAX_JSON_FILE_BYTES), file)
  } catch (e) {
    const text = e instanceof Error ? e.message : String(e)
    throw new RoomLoadError(text.startsWith(file) ? text : `${file}: expected a JSON file (${text})`)
  }
  if (typeof json === 'object' && json !== null && 'formatVersion' in json) {
    fail(file, 'expected a bench polygon room; for a Walkbox project pass its folder')
  }
  try {
    const room = parseBenchRoom(json, basename(file))
    const world = benchRoomWorld(room, flags, `bench:${file}`)
    return { name: basename(file), kind: 'bench', world, points: room.points }
  } catch (e) {
    if (e instanceof BenchRoomError) throw new RoomLoadError(`${file}: ${e.message}`)
    throw e
  }
}

/**
 * Load a room. Throws RoomLoadError (one line: file and what was expected) when it cannot be
 * read, or when nothing in it is walkable (a zero-area outline, an empty mask): no question
 * about paths can be asked of such a room.
 */
export async function loadRoom(spec: RoomSpec): Promise<LoadedWorld> {
  let room: LoadedWorld
  let problem: string | null
  try {
    room = await loadAnyRoom(spec)
    problem = nothingWalkable(room.world)
  } catch (e) {
    // Normalising the drawn polygons gave up on its budget (geometry/budget.ts).
    if (e instanceof GeometryBudgetError)
      throw new RoomRefusedError(`${basename(spec.path ?? (spec.masks ?? []).join(','))}: ${e.message}`)
    throw e
  }
  if (problem) throw new RoomRefusedError(`${room.name}: nothing is walkable: ${problem}`)
  return room
}

async function loadAnyRoom(spec: RoomSpec): Promise<LoadedWorld> {
  const flags = spec.flags ?? {}
  const masks = spec.masks ?? []
  if (masks.length > 0) {
    if (spec.path) masks.unshift(spec.path)
    return loadMasks(masks, spec.maskRule ?? 'auto', flags)
  }
  if (!spec.path) throw new RoomLoadError('no room: expected a room file, a project folder or --mask files')
  // `project-folder#roomId` names one room of a project.
  const path = spec.path.includes('#') ? spec.path.slice(0, spec.path.indexOf('#')) : spec.path
  let info
  try {
    info = await stat(path)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new RoomLoadError(fileError(path, e).message)
    fail(
      path,
      'no such file or folder (expected a bench room .json, .png masks, a Moving AI .map or a Walkbox project)',
    )
  }
  const ext = extname(path).toLowerCase()
  if (info.isDirectory() || basename(path) === PROJECT_FILE_NAME || basename(path) === ROOM_FILE_NAME) {
    return { ...(await loadProjectRoomWorld(spec.path!, flags)), kind: 'project' }
  }
  if (ext === '.json') return loadBenchJson(path, flags)
  if (ext === '.png') return loadMasks([path], spec.maskRule ?? 'auto', flags)
  if (ext === '.map') {
    if (Object.keys(flags).length > 0) fail(path, 'a Moving AI map has no state flags')
    const world = await loadMovingAiWorld(path)
    return { name: basename(path), kind: 'movingai', world, points: {} }
  }
  fail(path, 'expected a bench room .json, .png masks, a Moving AI .map or a Walkbox project folder')
}
