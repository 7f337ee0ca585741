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

/** Widest or tallest room, px: the image limit (a room's background is one image). */
export const MAX_ROOM_SIDE_PX = MAX_IMAGE_SIDE_PX

/** Most pixels of an image opened (100 megapixels; checked on the header, before decoding). */
export const MAX_IMAGE_PIXELS = 100_000_000

/**
 * What is wrong with an image of `width` x `height` px (from its header, before decoding)
 * for Walkbox to open, or null: the one wording every host gives after "`file`: ".
 */
export function imageSizeProblem(
  width: number,
  height: number,
  maxSide: number = MAX_IMAGE_SIDE_PX,
  maxPixels: number = MAX_IMAGE_PIXELS,
): string | null {
  if (!(width >= 1 && height >= 1)) return 'has no size in its header; expected a PNG, JPEG or WebP image'
  if (width > maxSide || height > maxSide)
    return `is ${width} x ${height} px; expected at most ${maxSide} px a side (images are checked before decoding)`
  if (width * height > maxPixels) {
    const mp = (n: number) => `${Math.round(n / 1e5) / 10} megapixels`
    return `is ${width} x ${height} px (${mp(width * height)}); expected at most ${mp(maxPixels)}`
  }
  return null
}

/** Deepest nesting of JSON arrays and objects (a room needs 7). */
export const MAX_JSON_DEPTH = 64

/** Largest recent-projects list read, bytes (ten entries take about 2 kB). */
export const MAX_RECENT_FILE_BYTES = 1024 * 1024

/** Most triangles a runtime file's navmesh section may hold. */
export const MAX_NAVMESH_TRIANGLES = 1_000_000

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

/** Custom properties of one object (a walk area, polygon, gate, zone, walk-behind area, hotspot, point or the room). */
export const MAX_PROPERTIES = 1000

/** Nodes of a room's node graph. */
export const MAX_NODES = 10_000

/** Joins of a room's node graph. */
export const MAX_JOINS = 50_000

/** Named points in one room. */
export const MAX_POINTS = 1000

/** Hotspots in one room. */
export const MAX_HOTSPOTS = 1000

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

// ---- Room format ----------------------------------------------------------------------

/** Backgrounds 2..5 beside `background` (AGS rooms have up to 5 frames). */
export const MAX_BACKGROUND_FRAMES = 4

/** The largest fraction a mask may be stored at (1:4, like AGS). */
export const MAX_MASK_SCALE = 4

// ---- Save journal ---------------------------------------------------------------------

/** The largest journal read, bytes (a save of 1000 rooms with four files each is under 1 MB). */
export const MAX_JOURNAL_BYTES = 16 * 1024 * 1024

/** The most paths one journal may name. */
export const MAX_JOURNAL_PATHS = 100_000

// ---- Paths (src/shared/path-rules.ts) -------------------------------------------------

/** Longest path read from a project, journal, zip or game, characters (Linux's PATH_MAX). */
export const MAX_PATH_CHARS = 4096

/** Most segments (folders and the file) of one such path. */
export const MAX_PATH_DEPTH = 64

// ---- XML (AGS 4 .crm XML parts, Tiled .tmx/.tsx/.tx) -----------------------------------

/** Deepest nesting of XML elements, every XML reader (AGS 4 room XML, Tiled .tmx/.tsx/.tx). */
export const MAX_XML_DEPTH = 64

/**
 * Most elements in one AGS 4 room XML file or Game.agf. Tiled files have MAX_TILED_XML_ELEMENTS
 * instead: an XML-encoded tile layer holds one element a cell.
 */
export const MAX_XML_ELEMENTS = 200_000

/** Longest AGS 4 room XML text or Game.agf read, characters (Tiled files: MAX_TILED_XML_CHARS). */
export const MAX_XML_CHARS = 16 * 1024 * 1024

/** Most attributes of one XML element, every XML reader (Tiled's <map> has 15). */
export const MAX_XML_ATTRIBUTES = 256

/**
 * Longest value of one XML attribute, characters, every XML reader (a 10,000-vertex Tiled
 * polygon's points attribute is under 400,000).
 */
export const MAX_XML_ATTRIBUTE_CHARS = 1024 * 1024

/** The ceilings one XML reader applies: input characters, elements, depth, attributes. */
export interface XmlCeilings {
  /** Longest text, characters. */
  chars: number
  /** Most elements. */
  elements: number
  /** Deepest nesting, levels. */
  depth: number
  /** Most attributes of one element. */
  attributes: number
  /** Longest attribute value, characters (before entities are decoded). */
  attributeChars: number
}

/** AGS 4's room data.xml and Game.agf. */
export const AGS_XML_CEILINGS: XmlCeilings = {
  chars: MAX_XML_CHARS,
  elements: MAX_XML_ELEMENTS,
  depth: MAX_XML_DEPTH,
  attributes: MAX_XML_ATTRIBUTES,
  attributeChars: MAX_XML_ATTRIBUTE_CHARS,
}

/** The refusals of the XML reader over these ceilings (after "`file`: line N: ", or "`file`: " for chars). */
export const XML_LIMIT_PROBLEMS = {
  depth: `elements nested deeper than ${MAX_XML_DEPTH}`,
  nested: (limit: number) => `elements nested deeper than ${limit}`,
  elements: (limit: number) => `more than ${limit} elements`,
  chars: (chars: number, limit: number = MAX_XML_CHARS) =>
    `is ${chars} characters; Walkbox reads at most ${limit}`,
  attributes: (name: string, limit: number) => `<${name}> has more than ${limit} attributes`,
  attributeChars: (key: string, chars: number, limit: number) =>
    `attribute ${key} is ${chars} characters long; Walkbox reads at most ${limit}`,
} as const

// ---- AGS 3 .crm -----------------------------------------------------------------------

/** Most pixels of a room read from a .crm (64 megapixels; its sides are MAX_ROOM_SIDE_PX). */
export const MAX_CRM_PIXELS = 64 * 1024 * 1024

/** Most room messages a .crm may hold. */
export const MAX_CRM_MESSAGES = 100

// ---- Godot scenes ---------------------------------------------------------------------

/** Deepest nesting of values in a .tscn. */
export const MAX_SCENE_DEPTH = 64

/** Longest .tscn text read, characters. */
export const MAX_SCENE_CHARS = 32 * 1024 * 1024

/** Deepest nesting of instanced sub-scenes. */
export const MAX_SCENE_INSTANCE_DEPTH = 16

/** Most nodes of one scene, sub-scenes included. */
export const MAX_SCENE_NODES = 20_000

/** Most .tscn files looked into when listing a Godot game's rooms. */
export const MAX_SCANNED_SCENES = 5000

/** Most scripts followed through `extends` for one node (Escoria classes). */
export const MAX_EXTENDS_DEPTH = 8

/** Most characters of a script read to find its `extends`. */
export const MAX_SCRIPT_HEAD_CHARS = 64 * 1024

/** Most sprites drawn into one composed background. */
export const MAX_DRAWN_SPRITES = 256

/** At most this many node paths are listed in the 'not imported' note (then a count). */
export const MAX_NAMED_NODES = 500

// ---- Game folders ---------------------------------------------------------------------

/** Folders looked into at the most when listing a game's scenes or maps. */
export const MAX_GAME_DEPTH = 16

/** Files listed at the most in one game folder. */
export const MAX_GAME_FILES = 100_000

/** A noBackground line kept at the most, characters. */
export const MAX_NO_BACKGROUND_CHARS = 1000

// ---- Tiled maps -----------------------------------------------------------------------

/** A .tiled-project file read at the most, bytes (Tiled writes a few KiB). */
export const MAX_TILED_PROJECT_BYTES = 4 * 1024 * 1024

/** A custom property's name or value Walkbox writes into an AGS room at the most, characters: Walkbox's own bound (a version 1 map, before AGS 3.4, holds names under 200 bytes and values under 500). */
export const MAX_AGS_PROPERTY_CHARS = 65_536

/** Largest .json file looked into to tell whether it is a Tiled map, bytes. */
export const MAX_TILED_JSON_PROBE_BYTES = 64 * 1024 * 1024

/** .json files looked into at the most when listing a game's maps. */
export const MAX_TILED_JSON_PROBES = 2000

/** Most objects one map may hold (all layers); a room holds far fewer of each kind. */
export const MAX_TILED_OBJECTS = 100_000

/** Most tile cells of all tile layers together (4096 x 4096). */
export const MAX_TILED_CELLS = 16_777_216

/**
 * Most elements in one Tiled .tmx/.tsx/.tx file: MAX_TILED_CELLS (an XML-encoded tile layer
 * holds one element a cell) plus 2^20 for objects, their shapes and properties, and tilesets.
 */
export const MAX_TILED_XML_ELEMENTS = MAX_TILED_CELLS + 1024 * 1024

/** Longest Tiled .tmx/.tsx/.tx text read, characters: the image file limit (MAX_IMAGE_FILE_BYTES). */
export const MAX_TILED_XML_CHARS = MAX_IMAGE_FILE_BYTES

/** Tiled's .tmx, .tsx and .tx. */
export const TILED_XML_CEILINGS: XmlCeilings = {
  chars: MAX_TILED_XML_CHARS,
  elements: MAX_TILED_XML_ELEMENTS,
  depth: MAX_XML_DEPTH,
  attributes: MAX_XML_ATTRIBUTES,
  attributeChars: MAX_XML_ATTRIBUTE_CHARS,
}

/** Most distinct template and tileset files one map may name. */
export const MAX_TILED_FILES = 1000

/** Chunk positions and sizes lie in -MAX_CHUNK_TILE..MAX_CHUNK_TILE tiles. */
export const MAX_CHUNK_TILE = 1 << 24

/** Most entries one layer mapping may hold. */
export const MAX_MAPPING_ENTRIES = 1000

/** Longest layer name a mapping names, characters. */
export const MAX_LAYER_NAME = 200

/** Most vertices one ellipse becomes (a 10^6 px ellipse needs about 3,200). */
export const MAX_ELLIPSE_VERTICES = 4096

/**
 * Most vertices of tile collision shapes one map's cells may place (a bound on the work of
 * their union).
 */
export const MAX_TILE_SHAPE_VERTICES = 500_000

// ---- Geometry -------------------------------------------------------------------------

/**
 * Most cells of a raster made from polygons: the image limit (MAX_IMAGE_PIXELS). A polygon
 * room may be 16384 x 16384 px, but its grid for the grid algorithms may not be larger than
 * a mask Walkbox would open.
 */
export const MAX_RASTER_CELLS = MAX_IMAGE_PIXELS

/**
 * Most crossings between the drawn rings' edges that normalising resolves (Clipper2 resolves
 * them in a fraction of a second; what it makes of them stays a few ten thousand vertices).
 */
export const MAX_CROSSINGS = 20_000

/** Most candidate taut edges of a large graph (about 100 MB of edge lists if all were in sight). */
export const MAX_TAUT_CANDIDATES = 4_000_000

// ---- Codecs ---------------------------------------------------------------------------

/** The largest zstd window accepted: 2^27 bytes (128 MiB), zstd's own default limit. */
export const ZSTD_MAX_WINDOW_LOG = 27

/** Most changed lines a unified diff's shortest edit script is searched for. */
export const MAX_EDIT_DISTANCE = 20_000

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

/** What a ceiling counts in. */
export type LimitUnit =
  | 'bytes'
  | 'characters'
  | 'px'
  | 'pixels'
  | 'levels'
  | 'items'
  | 'vertices'
  | 'cells'
  | 'tiles'
  | 'lines'
  | 'ratio'
  | 'log2 bytes'

/**
 * The unit of every ceiling above, by its name; docs/reliability.md#ceilings lists each with
 * its value and this unit (tests/unit/hardening/limits-table.test.ts checks the two agree).
 */
export const LIMIT_UNITS = {
  MAX_PROJECT_FILE_BYTES: 'bytes',
  MAX_ROOM_FILE_BYTES: 'bytes',
  MAX_JSON_FILE_BYTES: 'bytes',
  MAX_IMAGE_FILE_BYTES: 'bytes',
  MAX_IMAGE_SIDE_PX: 'px',
  MAX_ROOM_SIDE_PX: 'px',
  MAX_IMAGE_PIXELS: 'pixels',
  MAX_JSON_DEPTH: 'levels',
  MAX_RECENT_FILE_BYTES: 'bytes',
  MAX_NAVMESH_TRIANGLES: 'items',
  MAX_ROOMS: 'items',
  MAX_FLAGS: 'items',
  MAX_CHARACTERS: 'items',
  MAX_POLYGONS: 'items',
  MAX_HOLES: 'items',
  MAX_RING_VERTICES: 'vertices',
  MAX_GATES: 'items',
  MAX_ZONES: 'items',
  MAX_PROPERTIES: 'items',
  MAX_NODES: 'items',
  MAX_JOINS: 'items',
  MAX_POINTS: 'items',
  MAX_HOTSPOTS: 'items',
  MAX_HOTSPOT_DESCRIPTION_LENGTH: 'characters',
  MAX_SCALE_STOPS: 'items',
  MAX_FLAG_EXPRESSION_LENGTH: 'characters',
  MAX_FLAG_EXPRESSION_DEPTH: 'levels',
  MAX_COORD_PX: 'px',
  MAX_CLI_PAIRS: 'items',
  MAX_CLI_SEED: 'items',
  MAX_MASK_FILES: 'items',
  MAX_ZIP_ENTRIES: 'items',
  MAX_ZIP_TOTAL_BYTES: 'bytes',
  MAX_ZIP_RATIO: 'ratio',
  MAX_BACKGROUND_FRAMES: 'items',
  MAX_MASK_SCALE: 'ratio',
  MAX_JOURNAL_BYTES: 'bytes',
  MAX_JOURNAL_PATHS: 'items',
  MAX_PATH_CHARS: 'characters',
  MAX_PATH_DEPTH: 'levels',
  MAX_XML_DEPTH: 'levels',
  MAX_XML_ELEMENTS: 'items',
  MAX_XML_CHARS: 'characters',
  MAX_XML_ATTRIBUTES: 'items',
  MAX_XML_ATTRIBUTE_CHARS: 'characters',
  MAX_TILED_XML_ELEMENTS: 'items',
  MAX_TILED_XML_CHARS: 'characters',
  MAX_CRM_PIXELS: 'pixels',
  MAX_CRM_MESSAGES: 'items',
  MAX_SCENE_DEPTH: 'levels',
  MAX_SCENE_CHARS: 'characters',
  MAX_SCENE_INSTANCE_DEPTH: 'levels',
  MAX_SCENE_NODES: 'items',
  MAX_SCANNED_SCENES: 'items',
  MAX_EXTENDS_DEPTH: 'levels',
  MAX_SCRIPT_HEAD_CHARS: 'characters',
  MAX_DRAWN_SPRITES: 'items',
  MAX_NAMED_NODES: 'items',
  MAX_GAME_DEPTH: 'levels',
  MAX_GAME_FILES: 'items',
  MAX_NO_BACKGROUND_CHARS: 'characters',
  MAX_TILED_PROJECT_BYTES: 'bytes',
  MAX_AGS_PROPERTY_CHARS: 'characters',
  MAX_TILED_JSON_PROBE_BYTES: 'bytes',
  MAX_TILED_JSON_PROBES: 'items',
  MAX_TILED_OBJECTS: 'items',
  MAX_TILED_CELLS: 'cells',
  MAX_TILED_FILES: 'items',
  MAX_CHUNK_TILE: 'tiles',
  MAX_MAPPING_ENTRIES: 'items',
  MAX_LAYER_NAME: 'characters',
  MAX_ELLIPSE_VERTICES: 'vertices',
  MAX_TILE_SHAPE_VERTICES: 'vertices',
  MAX_RASTER_CELLS: 'cells',
  MAX_CROSSINGS: 'items',
  MAX_TAUT_CANDIDATES: 'items',
  ZSTD_MAX_WINDOW_LOG: 'log2 bytes',
  MAX_EDIT_DISTANCE: 'lines',
} as const satisfies Record<string, LimitUnit>
