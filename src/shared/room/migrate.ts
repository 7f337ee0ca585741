/**
 * Format migrations: bring a project or room file written by an older Walkbox up to
 * the current format version, one step at a time, before it is validated and
 * normalised. Files newer than this build are refused, never guessed at.
 *
 * Glossary
 * - format version: the whole number in a file's `formatVersion` field.
 * - step: a pure function from the JSON of version n to the JSON of version n + 1,
 *   one for project files and one for room files.
 * - chain: the steps in order; the oldest readable version is the `from` of the first.
 * - version 0: the pre-release draft the first prototypes wrote (documented in
 *   docs/format.md, "Migrations"). It has no characters, gates or test walk, names the
 *   mask `walkMask`, writes points as {x, y} objects, and keeps one list of scale stops
 *   for the whole room.
 *
 * Steps work on plain JSON (unknown shapes), never on the typed model, because the
 * typed model only describes the current version.
 *
 * Units: as in the files (room px, percent).
 */
import { CURRENT_FORMAT_VERSION } from './schema'

export type FileKind = 'project' | 'room'

type Json = Record<string, unknown>

export interface MigrationStep {
  from: number
  to: number
  /** One line for the changelog and the load report. */
  summary: string
  project: (data: Json) => Json
  room: (data: Json) => Json
}

/** Thrown when a file cannot be migrated: no version, a newer version, or a step failed. */
export class MigrationError extends Error {
  readonly file: string
  constructor(file: string, message: string) {
    super(`${file}: ${message}`)
    this.name = 'MigrationError'
    this.file = file
  }
}

// ---------------------------------------------------------------------------
// Version 0 -> 1

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** {x, y} -> [x, y]; anything else is passed on for the schema to report. */
function toCoord(point: unknown): unknown {
  return isObject(point) && 'x' in point && 'y' in point ? [point.x, point.y] : point
}

function toRing(points: unknown): unknown {
  return Array.isArray(points) ? points.map(toCoord) : points
}

function projectV0toV1(data: Json): Json {
  return {
    formatVersion: 1,
    appVersion: typeof data.appVersion === 'string' ? data.appVersion : '0.0.0',
    name: data.name,
    rooms: data.rooms,
    flags: data.flags ?? [],
    characters: [],
  }
}

function roomV0toV1(data: Json): Json {
  const width = data.width
  const height = data.height
  const stops = list(data.scaleStops)
  const nodes = list(data.nodes).map((n) => (isObject(n) ? { id: String(n.id), x: n.x, y: n.y } : n))
  const joins = list(data.joins).map((j) =>
    isObject(j) ? { a: String(j.a), b: String(j.b), oneWay: j.oneWay === true, cost: j.cost ?? 1 } : j,
  )
  const room: Json = {
    formatVersion: 1,
    id: data.id,
    name: data.name,
    size: { width, height },
    background: data.background,
    areas: data.areas ?? [],
    mask: data.walkMask,
    polygons: list(data.walkPolygons).map((p) =>
      isObject(p)
        ? { id: String(p.id), areaId: p.area, outer: toRing(p.points), holes: list(p.holes).map(toRing) }
        : p,
    ),
    authoritative: data.walkMask !== undefined ? 'mask' : 'polygons',
    gates: [],
    nodeGraph: { nodes, joins },
    scaling:
      stops.length > 0 ? { mode: 'linear', linear: [{ areaId: 0, stops }] } : { mode: 'none', linear: [] },
    zones: list(data.zones).map((z) =>
      isObject(z)
        ? {
            id: String(z.id),
            name: z.name,
            shape: { kind: 'polygon', outer: toRing(z.polygon) },
            events: { enter: z.onEnter ?? '', exit: z.onExit ?? '', stand: z.onStand ?? '' },
            properties: {},
          }
        : z,
    ),
    testWalk: {
      start: {
        x: typeof width === 'number' ? Math.floor(width / 2) : 0,
        y: typeof height === 'number' ? Math.floor(height * 0.8) : 0,
      },
      height: 120,
      speed: 160,
    },
  }
  // Optional fields stay absent rather than undefined.
  for (const key of ['background', 'mask']) if (room[key] === undefined) delete room[key]
  return room
}

/** The chain of this build, oldest first. */
export const MIGRATIONS: readonly MigrationStep[] = [
  {
    from: 0,
    to: 1,
    summary:
      'pre-release draft to version 1: points become [x, y], walkMask becomes mask, size, scaling, gates, characters and test walk added',
    project: projectV0toV1,
    room: roomV0toV1,
  },
]

// ---------------------------------------------------------------------------
// Machinery

export interface MigrationResult {
  /** JSON in the current version (not yet validated). */
  data: unknown
  /** Version the file was written in. */
  fromVersion: number
  /** Summaries of the steps that ran, in order; empty when the file was current. */
  applied: string[]
}

/** Read `formatVersion`, refusing files without one and files newer than `current`. */
export function readFormatVersion(data: unknown, file: string, current = CURRENT_FORMAT_VERSION): number {
  if (!isObject(data)) throw new MigrationError(file, 'expected a JSON object at the top level')
  const version = data.formatVersion
  if (version === undefined) throw new MigrationError(file, 'expected a formatVersion field (a whole number)')
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    throw new MigrationError(
      file,
      `expected formatVersion to be a whole number, found ${JSON.stringify(version)}`,
    )
  }
  if (version > current) {
    throw new MigrationError(
      file,
      `formatVersion ${version} is newer than this Walkbox reads (${current}); open it with a newer Walkbox`,
    )
  }
  return version
}

/**
 * Run the steps from the file's version up to `current`. `steps` and `current` are
 * parameters so that tests can run a chain of their own.
 */
export function migrate(
  kind: FileKind,
  data: unknown,
  file: string,
  steps: readonly MigrationStep[] = MIGRATIONS,
  current = CURRENT_FORMAT_VERSION,
): MigrationResult {
  const fromVersion = readFormatVersion(data, file, current)
  const oldest = steps.length > 0 ? Math.min(...steps.map((s) => s.from)) : current
  if (fromVersion < oldest) {
    throw new MigrationError(
      file,
      `formatVersion ${fromVersion} is older than this Walkbox reads (${oldest}..${current})`,
    )
  }
  let value = data as Json
  let version = fromVersion
  const applied: string[] = []
  while (version < current) {
    const step = steps.find((s) => s.from === version)
    if (!step) throw new MigrationError(file, `no migration from formatVersion ${version}`)
    if (step.to !== version + 1) {
      throw new MigrationError(
        file,
        `migration from ${step.from} goes to ${step.to}; expected ${version + 1}`,
      )
    }
    try {
      value = step[kind](structuredClone(value))
    } catch (e) {
      throw new MigrationError(
        file,
        `migrating from formatVersion ${step.from} to ${step.to} failed: ${(e as Error).message}`,
      )
    }
    if (!isObject(value) || value.formatVersion !== step.to) {
      throw new MigrationError(file, `migration from ${step.from} did not produce formatVersion ${step.to}`)
    }
    applied.push(`${step.from} -> ${step.to}: ${step.summary}`)
    version = step.to
  }
  return { data: value, fromVersion, applied }
}
