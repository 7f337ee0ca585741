/**
 * Walkbox's hard limits on what it reads: every file, field and argument that could make it
 * spend unbounded time or memory (or overflow the stack) has a ceiling here, and going over
 * one is refused with one line naming the file, the field and the limit. Both hosts (the
 * desktop's project store and command line, the browser host) and the schema use these
 * values, so a file one host refuses the other refuses too. docs/reliability.md#limits lists
 * them with their messages.
 *
 * Glossary
 * - text limit: the size of a JSON file, checked on the file's size before it is read and
 *   again on the text before it is parsed.
 * - depth: how deeply JSON arrays and objects (or flag-expression brackets and '!') nest.
 * - count limit: the most items a list of the format may hold (rooms, polygons, ...).
 * - coordinate range: every position in room px lies in -MAX_COORD_PX..MAX_COORD_PX, so it
 *   survives a save (a number near 1e308 would be written as Infinity and never load again).
 *
 * The values are far above what a real room needs (AGS numbers rooms 0..999, a 16384 px room
 * side is the image limit) and low enough that the worst file allowed opens in seconds.
 *
 * Units: bytes for file sizes, characters for text, px for coordinates, counts otherwise.
 */

/** Largest project.walkbox.json, bytes (1,000 rooms, flags and characters take well under 1 MB). */
export const MAX_PROJECT_FILE_BYTES = 4 * 1024 * 1024

/** Largest room.json, bytes (a 10,000-vertex ring is about 200 kB). */
export const MAX_ROOM_FILE_BYTES = 64 * 1024 * 1024

/** Largest other JSON input (bench rooms, --pairs-file, imported scenes), bytes. */
export const MAX_JSON_FILE_BYTES = 256 * 1024 * 1024

/** Largest image file read (background, mask, scale map), bytes. */
export const MAX_IMAGE_FILE_BYTES = 256 * 1024 * 1024

/** Widest or tallest image opened, px (checked on the header, before decoding). */
export const MAX_IMAGE_SIDE_PX = 16384

/** Most pixels of an image opened (100 megapixels; checked on the header, before decoding). */
export const MAX_IMAGE_PIXELS = 100_000_000

/** Deepest nesting of JSON arrays and objects (a room needs 7). */
export const MAX_JSON_DEPTH = 64

/** Rooms in one project (AGS numbers its rooms 0..999). */
export const MAX_ROOMS = 1000

/** Flags in one project. */
export const MAX_FLAGS = 1000

/** Characters in one project. */
export const MAX_CHARACTERS = 1000

/** Walkable polygons in one room. */
export const MAX_POLYGONS = 1000

/** Holes in one walkable polygon. */
export const MAX_HOLES = 1000

/** Vertices of one ring (an outline, a hole, a gate's or a zone's polygon). */
export const MAX_RING_VERTICES = 10_000

/** Gates in one room. */
export const MAX_GATES = 1000

/** Zones in one room. */
export const MAX_ZONES = 1000

/** Properties of one zone. */
export const MAX_ZONE_PROPERTIES = 1000

/** Nodes of a room's node graph. */
export const MAX_NODES = 10_000

/** Joins of a room's node graph. */
export const MAX_JOINS = 50_000

/** Named points in one room. */
export const MAX_POINTS = 1000

/** Hotspots in one room. */
export const MAX_HOTSPOTS = 1000

/** Properties of one hotspot. */
export const MAX_HOTSPOT_PROPERTIES = 1000

/** Longest hotspot description (what the player is shown), characters. */
export const MAX_HOTSPOT_DESCRIPTION_LENGTH = 1000

/** Scale stops of one linear scaling. */
export const MAX_SCALE_STOPS = 1000

/** Longest flag expression, characters. */
export const MAX_FLAG_EXPRESSION_LENGTH = 1000

/** Deepest nesting of brackets and '!' in a flag expression. */
export const MAX_FLAG_EXPRESSION_DEPTH = 32

/** Every coordinate lies in -MAX_COORD_PX..MAX_COORD_PX, room px. */
export const MAX_COORD_PX = 1_000_000

/** Most seeded pairs the command line's `batch --pairs` answers. */
export const MAX_CLI_PAIRS = 1_000_000

/** Largest `--seed` (seeds are 32-bit). */
export const MAX_CLI_SEED = 0xffffffff

/** Most mask files one room is made of (area ids are 1..255); counted before any is decoded. */
export const MAX_MASK_FILES = 255

/** Most entries (files and folders) one .zip project may hold. */
export const MAX_ZIP_ENTRIES = 20_000

/** Largest size of all the entries of a .zip project together once inflated, bytes. */
export const MAX_ZIP_TOTAL_BYTES = 2 * 1024 * 1024 * 1024

/**
 * Largest inflated-to-packed size ratio of one .zip entry over ZIP_RATIO_FLOOR_BYTES (a zip
 * bomb packs about 1000 to 1; pretty-printed room JSON about 10 to 1, PNG about 1 to 1).
 */
export const MAX_ZIP_RATIO = 100

/** Entries up to this inflated size are not held to MAX_ZIP_RATIO, bytes. */
export const ZIP_RATIO_FLOOR_BYTES = 1024 * 1024

/**
 * Largest inflated size of one entry of a .zip project, bytes: what the project reads that
 * file with (the project file, a room file, or an image: the largest file a project holds).
 */
export function maxZipEntryBytes(path: string): number {
  if (path === 'project.walkbox.json') return MAX_PROJECT_FILE_BYTES
  if (path === 'room.json' || path.endsWith('/room.json')) return MAX_ROOM_FILE_BYTES
  return MAX_IMAGE_FILE_BYTES
}

/** '4 MB', '64 MB' for a byte count that is a whole number of MiB; else kB or bytes. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`
  return `${bytes} bytes`
}

/** What is wrong with a file over its size limit: "is 70 MB; expected at most 64 MB (...)". */
export function tooLargeProblem(bytes: number, limit: number): string {
  return `is ${sizeText(bytes)}; expected at most ${sizeText(limit)} (Walkbox's limit for this file)`
}

/** The refusal of a file over its size limit: "`file`: is 70 MB; expected at most 64 MB (...)". */
export function fileTooLargeMessage(file: string, bytes: number, limit: number): string {
  return `${file}: ${tooLargeProblem(bytes, limit)}`
}
