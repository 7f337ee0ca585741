/**
 * The room project format, version 1: zod schemas and the TypeScript types inferred
 * from them. docs/format.md describes every field; docs/schema/*.json is generated
 * from these schemas by scripts/write-schemas.ts.
 *
 * Glossary
 * - project file: `project.walkbox.json` at the top of a project folder.
 * - room file: `room.json` inside a room's folder, beside its PNG files.
 * - coord: a point as `[x, y]` in room px (arrays diff better than objects).
 * - ring: a closed outline as coords; the closing edge is implicit, the first coord
 *   is not repeated. At least 3 coords.
 * - area: a numbered walkable area, id 1..255; in the walk mask, pixel value = area id,
 *   0 = not walkable.
 * - authoritative: which representation of the walkable area is the truth, the mask or
 *   the polygons; the other one is derived.
 * - flag expression: see flag-expression.ts.
 * - limits: every list has a most-items limit and every number lies within ±MAX_COORD_PX
 *   (limits.ts), so nothing loads that Walkbox cannot save again or work on in seconds.
 *
 * Units: room px for coordinates, sizes and heights; px per second for speeds;
 * percent for scales (100 = the character's own height).
 */
import { z } from 'zod'
import {
  FLAG_ID_PATTERN,
  flagExpressionError,
  flagsInExpression,
  RESERVED_FLAG_WORDS,
} from './flag-expression'
import * as limits from '../limits'
import { PROPERTY_TYPES, propertiesProblems } from './properties'
import { walkBehindRowError, walkBehindRowIds } from './walk-behinds'
import { MAX_BACKGROUND_FRAMES, MAX_ROOM_SIDE_PX } from '../limits'
import { pathProblem, PROJECT_FILE_PATHS } from '../path-rules'
import { unsafePathProblem } from './project-paths'

/** The format version this build reads and writes. */
export const CURRENT_FORMAT_VERSION = 1

/** File names inside a project folder and a room folder. */
export const PROJECT_FILE_NAME = 'project.walkbox.json'
export const ROOM_FILE_NAME = 'room.json'

/** Pattern of ids (rooms, characters, polygons, gates, zones, nodes). */
export const ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/

// ---------------------------------------------------------------------------
// Building blocks

/** Every number of the format: finite and within ±MAX_COORD_PX (it is rounded when saved). */
const finite = z
  .number({ error: 'expected a finite number' })
  .min(-limits.MAX_COORD_PX, {
    error: `expected a number from -${limits.MAX_COORD_PX} to ${limits.MAX_COORD_PX}`,
  })
  .max(limits.MAX_COORD_PX, {
    error: `expected a number from -${limits.MAX_COORD_PX} to ${limits.MAX_COORD_PX}`,
  })

/** `item` as a list of at most `max` (Walkbox's limit, limits.ts); the refusal says how many were found. */
function listOf<T extends z.ZodType>(item: T, max: number, what: string, error?: string) {
  return z.array(item, error === undefined ? undefined : { error }).max(max, {
    error: (issue) =>
      `expected at most ${max} ${what}, found ${(issue.input as unknown[]).length} (Walkbox's limit)`,
  })
}

export const IdSchema = z
  .string({ error: 'expected an id (text)' })
  .min(1, { error: 'expected a non-empty id' })
  .max(64, { error: 'expected an id of at most 64 characters' })
  .regex(ID_PATTERN, { error: 'expected an id of letters, digits, _, . or - (not starting with . or -)' })

export const FlagIdSchema = z
  .string({ error: 'expected a flag id (text)' })
  .regex(FLAG_ID_PATTERN, { error: 'expected a flag id: a letter or _ followed by letters, digits or _' })
  .refine((id) => !RESERVED_FLAG_WORDS.includes(id), { error: "'true' and 'false' cannot be flag ids" })

export const FlagExpressionSchema = z
  .string({ error: 'expected a flag expression (text)' })
  .superRefine((text, ctx) => {
    const problem = flagExpressionError(text)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .meta({
    description:
      "A flag expression: flag ids, !, &&, ||, parentheses, true, false. E.g. 'door_open && !guard'.",
  })

export const AreaIdSchema = z
  .number({ error: 'expected an area id (a whole number 1..255)' })
  .int({ error: 'expected a whole-number area id' })
  .min(1, { error: 'expected an area id of at least 1 (0 means not walkable)' })
  .max(255, { error: 'expected an area id of at most 255' })

/** A file name relative to the folder of the file that names it; checked again by project-paths.ts and main's safe-path. */
export const RelativeFileSchema = z
  .string({ error: 'expected a file name (text)' })
  .min(1, { error: 'expected a non-empty file name' })
  .superRefine((s, ctx) => {
    // The rules and words of src/shared/path-rules.ts, as project-paths.ts gives them.
    const found = pathProblem(s, PROJECT_FILE_PATHS)
    if (found) ctx.addIssue({ code: 'custom', message: unsafePathProblem(s, found.problem) })
  })

export const CoordSchema = z.tuple([finite, finite], { error: 'expected a point [x, y] of two numbers' })

export const RingSchema = listOf(
  CoordSchema,
  limits.MAX_RING_VERTICES,
  'points in a ring',
  'expected a list of points [[x, y], ...]',
).min(3, { error: 'expected at least 3 points' })

/** Keys of custom properties: any non-empty text ('__proto__' is refused by parseRoom; properties.ts). */
export const PropertyKeySchema = z.string().min(1, { error: 'expected a non-empty property name' })

/** Custom properties of one object: key -> text, at most MAX_PROPERTIES keys (properties.ts). */
export const PropertiesSchema = z
  .record(PropertyKeySchema, z.string({ error: 'expected a text value' }))
  .refine((p) => Object.keys(p).length <= limits.MAX_PROPERTIES, {
    error: (issue) =>
      `expected at most ${limits.MAX_PROPERTIES} properties, found ${Object.keys(issue.input as object).length} (Walkbox's limit)`,
  })
  .meta({ maxProperties: limits.MAX_PROPERTIES })
  .describe("Free key/value pairs for the game (and an engine's own fields Walkbox keeps for write-back).")

/** The engine type of the properties whose value is not plain text (a key absent here is text). */
export const PropertyTypesSchema = z
  .record(
    PropertyKeySchema,
    z.enum(PROPERTY_TYPES, { error: `expected a property type: ${PROPERTY_TYPES.join(', ')}` }),
  )
  .refine((p) => Object.keys(p).length <= limits.MAX_PROPERTIES, {
    error: `expected at most ${limits.MAX_PROPERTIES} property types (Walkbox's limit)`,
  })
  .meta({ maxProperties: limits.MAX_PROPERTIES })
  .describe(
    "The type of each property whose value is not plain text, as the engine it came from types it (Tiled int, float, bool, color, file, object); absent = text. Every key names a property of 'properties'.",
  )

/** `properties` and `propertyTypes` of an object that may have none (both absent = none). */
const optionalProperties = {
  properties: PropertiesSchema.optional(),
  propertyTypes: PropertyTypesSchema.optional(),
}

// ---------------------------------------------------------------------------
// Project file

export const ProjectRoomSchema = z.strictObject({
  id: IdSchema,
  name: z.string(),
  /** Folder of the room, relative to the project folder, '/' separated (e.g. 'rooms/porch'). */
  folder: RelativeFileSchema.describe(
    "Folder of the room, relative to the project folder, '/' separated (e.g. 'rooms/porch').",
  ),
})

export const FlagSchema = z.strictObject({
  id: FlagIdSchema,
  name: z.string(),
  default: z.boolean({ error: 'expected true or false' }),
})

export const CharacterSchema = z.strictObject({
  id: IdSchema,
  name: z.string(),
  /** Height at 100 % scale, room px. */
  height: finite
    .positive({ error: 'expected a height above 0 px' })
    .describe('Height at 100 % scale, room px.'),
  /** Width of the feet at 100 % scale, room px. */
  footWidth: finite
    .nonnegative({ error: 'expected a foot width of 0 px or more' })
    .describe('Width of the feet at 100 % scale, room px.'),
  /** Walking speed at 100 % scale, px per second. */
  speed: finite
    .positive({ error: 'expected a speed above 0 px/s' })
    .describe('Walking speed at 100 % scale, px per second.'),
  /** True: speed is multiplied by the character's scale; false: speed is the same at every depth. */
  speedScales: z
    .boolean({ error: 'expected true or false' })
    .describe("True: speed is multiplied by the character's scale; false: speed is the same at every depth."),
})

function uniqueIds<T>(
  items: readonly T[],
  key: (item: T) => string | number,
  field: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Map<string | number, number>()
  items.forEach((item, index) => {
    const id = key(item)
    const first = seen.get(id)
    if (first !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [field, index],
        message: `duplicate id ${JSON.stringify(id)} (also used by ${field}[${first}])`,
      })
    } else {
      seen.set(id, index)
    }
  })
}

export const ProjectSchema = z
  .strictObject({
    formatVersion: z.literal(CURRENT_FORMAT_VERSION, {
      error: `expected formatVersion ${CURRENT_FORMAT_VERSION}`,
    }),
    /** Version of the Walkbox that last wrote the file (informational). */
    appVersion: z.string().describe('Version of the Walkbox that last wrote the file (informational).'),
    name: z.string(),
    rooms: listOf(ProjectRoomSchema, limits.MAX_ROOMS, 'rooms').describe("The rooms, in the author's order."),
    flags: listOf(FlagSchema, limits.MAX_FLAGS, 'flags').describe(
      'Project-level boolean game-state variables, used by flag expressions.',
    ),
    characters: listOf(CharacterSchema, limits.MAX_CHARACTERS, 'characters').describe(
      'Characters, for test walks.',
    ),
  })
  .superRefine((project, ctx) => {
    uniqueIds(project.rooms, (r) => r.id, 'rooms', ctx)
    uniqueIds(project.flags, (f) => f.id, 'flags', ctx)
    uniqueIds(project.characters, (c) => c.id, 'characters', ctx)
    const folders = new Map<string, number>()
    project.rooms.forEach((room, index) => {
      const key = room.folder.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase()
      const first = folders.get(key)
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['rooms', index, 'folder'],
          message: `folder '${room.folder}' is already used by rooms[${first}]`,
        })
      } else folders.set(key, index)
    })
  })
  .meta({ title: 'Walkbox project (project.walkbox.json), format version 1' })

// ---------------------------------------------------------------------------
// Room file

export const SizeSchema = z.strictObject({
  width: z
    .number({ error: 'expected a width in px' })
    .int({ error: 'expected a whole-number width' })
    .min(1, { error: 'expected a width of at least 1 px' })
    .max(MAX_ROOM_SIDE_PX, { error: `expected a width of at most ${MAX_ROOM_SIDE_PX} px` }),
  height: z
    .number({ error: 'expected a height in px' })
    .int({ error: 'expected a whole-number height' })
    .min(1, { error: 'expected a height of at least 1 px' })
    .max(MAX_ROOM_SIDE_PX, { error: `expected a height of at most ${MAX_ROOM_SIDE_PX} px` }),
})

export const WalkAreaSchema = z.strictObject({
  id: AreaIdSchema,
  name: z.string(),
  /** Display colour in the editor, '#rrggbb' (lower case after normalising). */
  colour: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, { error: "expected a colour '#rrggbb'" })
    .describe("Display colour in the editor, '#rrggbb' (lower case after normalising)."),
  /** The area is walkable only while this holds; always walkable when absent. */
  enabledBy: FlagExpressionSchema.optional().describe(
    'The area is walkable only while this holds; always walkable when absent.',
  ),
  ...optionalProperties,
})

export const WalkPolygonSchema = z.strictObject({
  id: IdSchema,
  /** Area this polygon belongs to. */
  areaId: AreaIdSchema.describe('Area this polygon belongs to.'),
  outer: RingSchema,
  holes: listOf(RingSchema, limits.MAX_HOLES, 'holes'),
  ...optionalProperties,
})

export const GateSchema = z
  .strictObject({
    id: IdSchema,
    name: z.string(),
    /** 'block-polygon': `polygon` blocks walking while the expression holds. 'open-area': mask area `areaId` is walkable only while it holds. */
    kind: z
      .enum(['block-polygon', 'open-area'], { error: "expected kind 'block-polygon' or 'open-area'" })
      .describe(
        "'block-polygon': 'polygon' blocks walking while the expression holds. 'open-area': mask area 'areaId' is walkable only while it holds.",
      ),
    polygon: RingSchema.optional(),
    areaId: AreaIdSchema.optional(),
    flagExpression: FlagExpressionSchema,
    ...optionalProperties,
  })
  .superRefine((gate, ctx) => {
    if (gate.kind === 'block-polygon' && !gate.polygon) {
      ctx.addIssue({
        code: 'custom',
        path: ['polygon'],
        message: "expected a polygon for a 'block-polygon' gate",
      })
    }
    if (gate.kind === 'open-area' && gate.areaId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['areaId'],
        message: "expected an areaId for an 'open-area' gate",
      })
    }
  })

export const GraphNodeSchema = z.strictObject({ id: IdSchema, x: finite, y: finite })

export const GraphJoinSchema = z.strictObject({
  a: IdSchema,
  b: IdSchema,
  /** True: walkable from a to b only. */
  oneWay: z.boolean({ error: 'expected true or false' }).describe('True: walkable from a to b only.'),
  /** Multiplier on the join's Euclidean length (1 = plain distance). */
  cost: finite
    .positive({ error: 'expected a cost above 0' })
    .describe("Multiplier on the join's Euclidean length (1 = plain distance)."),
})

export const NodeGraphSchema = z.strictObject({
  nodes: listOf(GraphNodeSchema, limits.MAX_NODES, 'nodes'),
  joins: listOf(GraphJoinSchema, limits.MAX_JOINS, 'joins'),
})

export const ScaleStopSchema = z.strictObject({
  /** Room px from the top. */
  y: finite.describe('Room px from the top.'),
  /** Character scale at this y, percent (100 = full height). */
  scale: finite
    .positive({ error: 'expected a scale above 0 percent' })
    .describe('Character scale at this y, percent (100 = full height).'),
})

export const LinearScalingSchema = z.strictObject({
  /** Area these stops apply to; 0 = every area without stops of its own. */
  areaId: z
    .number({ error: 'expected an area id (0..255)' })
    .int({ error: 'expected a whole-number area id' })
    .min(0, { error: 'expected an area id of at least 0' })
    .max(255, { error: 'expected an area id of at most 255' })
    .describe('Area these stops apply to; 0 = every area without stops of its own.'),
  stops: listOf(ScaleStopSchema, limits.MAX_SCALE_STOPS, 'scale stops')
    .min(1, { error: 'expected at least 1 stop' })
    .describe('Scale stops, interpolated linearly in y; held at the first/last stop beyond them.'),
})

export const ScaleMapSchema = z.strictObject({
  /** Greyscale PNG in the room folder, room size: grey 0 = `min`, 255 = `max`, linear in between. */
  file: RelativeFileSchema.describe(
    "Greyscale PNG in the room folder, room size: grey 0 = 'min', 255 = 'max', linear in between.",
  ),
  min: finite.positive({ error: 'expected a minimum scale above 0 percent' }),
  max: finite.positive({ error: 'expected a maximum scale above 0 percent' }),
})

export const ScalingSchema = z
  .strictObject({
    mode: z.enum(['none', 'linear', 'map'], { error: "expected mode 'none', 'linear' or 'map'" }),
    linear: listOf(LinearScalingSchema, 256, 'linear scalings (one per area id 0..255)'),
    map: ScaleMapSchema.optional(),
  })
  .superRefine((scaling, ctx) => {
    if (scaling.mode === 'map' && !scaling.map) {
      ctx.addIssue({ code: 'custom', path: ['map'], message: "expected a scale map when mode is 'map'" })
    }
    uniqueIds(scaling.linear, (l) => l.areaId, 'linear', ctx)
  })

export const ZoneShapeSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('polygon'), outer: RingSchema }),
    z.strictObject({ kind: z.literal('area'), areaId: AreaIdSchema }),
  ],
  { error: "expected a shape with kind 'polygon' (and outer) or 'area' (and areaId)" },
)

export const ZoneSchema = z.strictObject({
  id: IdSchema,
  name: z.string(),
  shape: ZoneShapeSchema,
  /** Event names the game raises; '' = no event. */
  events: z
    .strictObject({ enter: z.string(), exit: z.string(), stand: z.string() })
    .describe("Event names the game raises; '' = no event."),
  /** The zone triggers only while this holds; always when absent. */
  enabledBy: FlagExpressionSchema.optional().describe(
    'The zone triggers only while this holds; always when absent.',
  ),
  /** Free key/value pairs for the game. */
  properties: PropertiesSchema,
  propertyTypes: PropertyTypesSchema.optional(),
})

export const WalkBehindAreaSchema = z.strictObject({
  id: AreaIdSchema,
  name: z.string().optional(),
  /** The area hides a character whose feet are above this y (baseline > feet y), room px. */
  baseline: finite.describe(
    'The area hides a character whose feet are above this y (baseline > feet y, as in AGS), room px.',
  ),
  ...optionalProperties,
})

export const WalkBehindsSchema = z.strictObject({
  /** Walk-behind areas, ids 1..255 (the values of the rows). */
  areas: listOf(WalkBehindAreaSchema, 255, 'walk-behind areas (ids 1..255)').describe(
    'Walk-behind areas, ids 1..255 (the values of the rows).',
  ),
  /** The indexed mask, one text per room row: runs 'count' (id 0) or 'count:id', space separated. */
  rows: listOf(z.string({ error: 'expected a row of runs (text)' }), MAX_ROOM_SIDE_PX, 'rows').describe(
    "The walk-behind mask at room size, one text per row from the top: runs 'count' (that many px of no area) or 'count:id', separated by one space, adding up to the room's width.",
  ),
})

/**
 * What a named point is for (issue #31): `marker` a place scripts ask for by name (Godot
 * Marker2D, Popochiu markers, Tiled point objects); `entrance` where the player arrives from
 * elsewhere (AGS room edges, Escoria start locations); `walk-to` where a character walks to
 * (Escoria ESCLocation); `player-start` where the player stands when the room opens.
 */
export const POINT_KINDS = ['marker', 'entrance', 'walk-to', 'player-start'] as const
export type PointKind = (typeof POINT_KINDS)[number]

export const RoomPointSchema = z.strictObject({
  id: IdSchema,
  name: z.string(),
  x: finite,
  y: finite,
  /** What the point is for; absent = 'marker'. */
  kind: z
    .enum(POINT_KINDS, { error: `expected one of ${POINT_KINDS.join(', ')}` })
    .optional()
    .describe("What the point is for: marker, entrance, walk-to or player-start; absent = 'marker'."),
  ...optionalProperties,
})

/** A point of a hotspot (walk-to, look-at), room px. */
export const HotspotPointSchema = z.strictObject({ x: finite, y: finite })

/** The eight ways a character can face when it reaches a hotspot. */
export const FACING_DIRECTIONS = [
  'up',
  'up-right',
  'right',
  'down-right',
  'down',
  'down-left',
  'left',
  'up-left',
] as const

export const HotspotShapeSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('polygon'), outer: RingSchema }),
    z.strictObject({
      kind: z.literal('mask'),
      maskId: AreaIdSchema.describe("The hotspot's pixels are those of this id in hotspotMask.rows."),
    }),
  ],
  { error: "expected a shape with kind 'polygon' (and outer) or 'mask' (and maskId)" },
)

export const HotspotSchema = z.strictObject({
  id: IdSchema,
  /** The name the game's scripts know it by (AGS script name, the Godot node's name). */
  name: z.string().describe("The name the game's scripts know it by (AGS script name, Godot node name)."),
  /** What the player is shown ("a calendar"); absent = none. */
  description: z
    .string()
    .max(limits.MAX_HOTSPOT_DESCRIPTION_LENGTH, {
      error: `expected at most ${limits.MAX_HOTSPOT_DESCRIPTION_LENGTH} characters (Walkbox's limit for a description)`,
    })
    .optional()
    .describe('What the player is shown (AGS Description, Popochiu description); absent = none.'),
  shape: HotspotShapeSchema.describe(
    "A polygon in room px, or the pixels of one id of the room's hotspot mask.",
  ),
  /** Where a character walks to when the hotspot is clicked, room px; absent = the engine's default. */
  walkTo: HotspotPointSchema.optional().describe(
    "Where a character walks to when the hotspot is clicked, room px; absent = the engine's default.",
  ),
  /** Where the character looks once there, room px (Popochiu look_at_point); absent = none. */
  lookAt: HotspotPointSchema.optional().describe(
    'Where the character looks once there, room px (Popochiu look_at_point); absent = none.',
  ),
  /** Which way the character faces once there; absent = as it arrives. */
  direction: z
    .enum(FACING_DIRECTIONS, { error: `expected one of ${FACING_DIRECTIONS.join(', ')}` })
    .optional()
    .describe('Which way the character faces once there; absent = as it arrives.'),
  /** The hotspot answers clicks only while this holds; always when absent. */
  enabledBy: FlagExpressionSchema.optional().describe(
    'The hotspot answers clicks only while this holds; always when absent.',
  ),
  /** Free key/value pairs for the game (an engine's own fields Walkbox keeps for write-back). */
  properties: PropertiesSchema,
  propertyTypes: PropertyTypesSchema.optional(),
})

export const HotspotMaskSchema = z.strictObject({
  /** The indexed mask, one text per room row: runs 'count' (id 0) or 'count:id', space separated. */
  rows: listOf(z.string({ error: 'expected a row of runs (text)' }), MAX_ROOM_SIDE_PX, 'rows').describe(
    "The hotspot mask at room size, one text per row from the top: runs 'count' (that many px of no hotspot) or 'count:id', separated by one space, adding up to the room's width.",
  ),
})

export const SceneOffsetSchema = z.strictObject({ x: finite, y: finite })

export const BackgroundFrameSchema = z.strictObject({
  /** Image in the room folder, the room's size (PNG, JPEG or WebP). */
  file: RelativeFileSchema.describe("Image in the room folder, the room's size (PNG, JPEG or WebP)."),
  /** What the author calls it (optional). */
  name: z.string().max(200, { error: 'expected a name of at most 200 characters' }).optional(),
})

export const TestWalkSchema = z.strictObject({
  /** Where the test character stands at first, room px. */
  start: z
    .strictObject({ x: finite, y: finite })
    .describe('Where the test character stands at first, room px.'),
  /** Project character to walk; its height and speed win over the two fields below. */
  characterId: IdSchema.optional().describe(
    'Project character to walk; its height and speed win over the two fields below.',
  ),
  /** Height at 100 % scale when no character is chosen, room px. */
  height: finite
    .positive({ error: 'expected a height above 0 px' })
    .describe('Height at 100 % scale when no character is chosen, room px.'),
  /** Speed at 100 % scale when no character is chosen, px per second. */
  speed: finite
    .positive({ error: 'expected a speed above 0 px/s' })
    .describe('Speed at 100 % scale when no character is chosen, px per second.'),
})

/** Rows of runs at room size whose every id is one of `ids`; `field` names them in messages. */
function checkRows(
  rows: readonly string[],
  size: { width: number; height: number },
  ids: ReadonlySet<number>,
  path: string[],
  idsName: string,
  ctx: z.RefinementCtx,
) {
  if (rows.length !== size.height) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: `expected ${size.height} rows (the room's height), found ${rows.length}`,
    })
    return
  }
  for (let y = 0; y < rows.length; y++) {
    const problem = walkBehindRowError(rows[y], size.width)
    const unknown = problem ? undefined : walkBehindRowIds(rows[y]).find((id) => !ids.has(id))
    if (problem || unknown !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, y],
        message: problem ?? `expected the id of ${idsName}, found ${unknown}`,
      })
      return
    }
  }
}

function checkHotspots(
  room: { hotspots?: z.infer<typeof HotspotSchema>[]; hotspotMask?: z.infer<typeof HotspotMaskSchema> },
  size: { width: number; height: number },
  ctx: z.RefinementCtx,
) {
  const hotspots = room.hotspots ?? []
  uniqueIds(hotspots, (h) => h.id, 'hotspots', ctx)
  const maskIds = new Set<number>()
  hotspots.forEach((h, i) => {
    if (h.shape.kind !== 'mask') return
    if (maskIds.has(h.shape.maskId))
      ctx.addIssue({
        code: 'custom',
        path: ['hotspots', i, 'shape', 'maskId'],
        message: `expected a mask id of its own, found ${h.shape.maskId} twice`,
      })
    maskIds.add(h.shape.maskId)
  })
  if (maskIds.size > 0 && room.hotspotMask === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['hotspotMask'],
      message: "expected a hotspotMask when a hotspot's shape is 'mask'",
    })
  if (room.hotspotMask)
    checkRows(
      room.hotspotMask.rows,
      size,
      maskIds,
      ['hotspotMask', 'rows'],
      "a 'mask' hotspot in 'hotspots'",
      ctx,
    )
}

function checkWalkBehinds(
  wb: z.infer<typeof WalkBehindsSchema>,
  size: { width: number; height: number },
  ctx: z.RefinementCtx,
) {
  uniqueIds(wb.areas, (a) => a.id, 'walkBehinds.areas', ctx)
  const ids = new Set(wb.areas.map((a) => a.id))
  checkRows(wb.rows, size, ids, ['walkBehinds', 'rows'], "an area in 'walkBehinds.areas'", ctx)
}

export const RoomSchema = z
  .strictObject({
    formatVersion: z.literal(CURRENT_FORMAT_VERSION, {
      error: `expected formatVersion ${CURRENT_FORMAT_VERSION}`,
    }),
    id: IdSchema,
    name: z.string(),
    size: SizeSchema.describe('Room size, whole px.'),
    /** Background image in the room folder (PNG, JPEG or WebP); none yet when absent. */
    background: RelativeFileSchema.optional().describe(
      'Background image in the room folder (PNG, JPEG or WebP); none yet when absent.',
    ),
    /** Further backgrounds (frames 2..5), the room's size; absent = the room has one background. */
    backgroundFrames: listOf(
      BackgroundFrameSchema,
      MAX_BACKGROUND_FRAMES,
      'background frames (frames 2..5; background is frame 1)',
    )
      .optional()
      .describe(
        "Further backgrounds (frames 2..5, as AGS rooms have), the room's size; background is frame 1. Absent = one background.",
      ),
    /** Game loops per frame when the engine animates the frames (AGS BackgroundAnimationDelay), kept for write-back. */
    backgroundAnimationDelay: z
      .number({ error: 'expected a whole number of game loops' })
      .int({ error: 'expected a whole number of game loops' })
      .min(0, { error: 'expected a delay from 0 to 255 game loops' })
      .max(255, { error: 'expected a delay from 0 to 255 game loops' })
      .optional()
      .describe(
        'Game loops per background frame when the engine animates them (AGS BackgroundAnimationDelay, 0..255), kept for write-back.',
      ),
    /** Whether the engine switches the frames by itself (AGS 4 BackgroundAnimationEnabled; absent = it does), kept for write-back. */
    backgroundAnimationEnabled: z
      .boolean({ error: 'expected true or false' })
      .optional()
      .describe(
        'Whether the engine switches the background frames by itself (AGS 4 BackgroundAnimationEnabled; absent = it does, as in AGS 3), kept for write-back.',
      ),
    areas: listOf(WalkAreaSchema, 255, 'areas (ids 1..255)').describe(
      'Walk areas, ids 1..255 (the values of the mask).',
    ),
    /** 8-bit area-id mask PNG in the room folder; pixel value = area id, 0 = not walkable. */
    mask: RelativeFileSchema.optional().describe(
      '8-bit area-id mask PNG in the room folder; pixel value = area id, 0 = not walkable.',
    ),
    polygons: listOf(WalkPolygonSchema, limits.MAX_POLYGONS, 'polygons').describe(
      'Walkable polygons with holes, each in one area.',
    ),
    authoritative: z
      .enum(['mask', 'polygons'], { error: "expected 'mask' or 'polygons'" })
      .describe('Which representation is the truth; the other one is derived from it.'),
    gates: listOf(GateSchema, limits.MAX_GATES, 'gates').describe(
      'Polygons that block, or mask areas that open, while a flag expression holds.',
    ),
    nodeGraph: NodeGraphSchema.describe('Authored nodes and joins (joins may be one-way).'),
    scaling: ScalingSchema.describe('How characters scale with depth.'),
    zones: listOf(ZoneSchema, limits.MAX_ZONES, 'zones').describe(
      'Trigger zones with enter, exit and stand events.',
    ),
    /** Named points for the game (entrances, walk-to spots); absent = none. */
    points: listOf(RoomPointSchema, limits.MAX_POINTS, 'points')
      .optional()
      .describe('Named points for the game (entrances, walk-to spots), room px; absent = none.'),
    /** Clickable parts of the room (hotspots); absent = none. */
    hotspots: listOf(HotspotSchema, limits.MAX_HOTSPOTS, 'hotspots')
      .optional()
      .describe(
        'Hotspots: the clickable parts of the room (a polygon, or painted pixels of hotspotMask), each with its walk-to and look-at points; absent = none.',
      ),
    /** The painted hotspots' indexed mask (pixel value = a hotspot's maskId); absent = no painted hotspot. */
    hotspotMask: HotspotMaskSchema.optional().describe(
      "The indexed mask of the painted hotspots at room size (pixel value = a hotspot's maskId, 0 = none); absent = no painted hotspot.",
    ),
    /** Walk-behind areas and their mask; absent = none. */
    walkBehinds: WalkBehindsSchema.optional().describe(
      'Walk-behinds (as in AGS): an indexed mask of areas drawn in front of a character whose feet are above the area baseline; absent = none.',
    ),
    /** Room px minus scene px of the engine scene the room came from; export adds it back. */
    sceneOffset: SceneOffsetSchema.optional().describe(
      'Where the engine scene this room was imported from has its origin, in room px (room = scene + offset); exports to that engine subtract it. Absent = (0, 0).',
    ),
    testWalk: TestWalkSchema.describe('Test-walk settings.'),
    /** The room's own custom properties (AGS room properties, Tiled map properties); absent = none. */
    ...optionalProperties,
  })
  .superRefine((room, ctx) => {
    uniqueIds(room.areas, (a) => a.id, 'areas', ctx)
    uniqueIds(room.polygons, (p) => p.id, 'polygons', ctx)
    uniqueIds(room.gates, (g) => g.id, 'gates', ctx)
    uniqueIds(room.zones, (z) => z.id, 'zones', ctx)
    uniqueIds(room.nodeGraph.nodes, (n) => n.id, 'nodes', ctx)
    uniqueIds(room.points ?? [], (p) => p.id, 'points', ctx)
    const areaIds = new Set(room.areas.map((a) => a.id))
    const needArea = (id: number | undefined, path: (string | number)[]) => {
      if (id !== undefined && !areaIds.has(id)) {
        ctx.addIssue({ code: 'custom', path, message: `expected the id of an area in 'areas', found ${id}` })
      }
    }
    room.polygons.forEach((p, i) => needArea(p.areaId, ['polygons', i, 'areaId']))
    room.gates.forEach((g, i) => needArea(g.areaId, ['gates', i, 'areaId']))
    room.zones.forEach((zone, i) => {
      if (zone.shape.kind === 'area') needArea(zone.shape.areaId, ['zones', i, 'shape', 'areaId'])
    })
    room.scaling.linear.forEach((l, i) => {
      if (l.areaId !== 0) needArea(l.areaId, ['scaling', 'linear', i, 'areaId'])
    })
    const nodeIds = new Set(room.nodeGraph.nodes.map((n) => n.id))
    room.nodeGraph.joins.forEach((join, i) => {
      for (const end of ['a', 'b'] as const) {
        if (!nodeIds.has(join[end])) {
          ctx.addIssue({
            code: 'custom',
            path: ['nodeGraph', 'joins', i, end],
            message: `expected the id of a node in nodeGraph.nodes, found '${join[end]}'`,
          })
        }
      }
      if (join.a === join.b) {
        ctx.addIssue({
          code: 'custom',
          path: ['nodeGraph', 'joins', i],
          message: 'expected a join between two different nodes',
        })
      }
    })
    if (room.walkBehinds) checkWalkBehinds(room.walkBehinds, room.size, ctx)
    checkHotspots(room, room.size, ctx)
    if (room.backgroundFrames?.length && room.background === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['backgroundFrames'],
        message: 'expected a background (frame 1) before further background frames',
      })
    // Each frame is a file of its own: not the background, the mask, the scale map or another frame.
    const fileKey = (file: string) => file.replace(/\\/g, '/').toLowerCase()
    const frameFiles = new Set(
      [room.background, room.mask, room.scaling.map?.file].flatMap((f) => (f ? [fileKey(f)] : [])),
    )
    room.backgroundFrames?.forEach((f, i) => {
      const key = fileKey(f.file)
      if (frameFiles.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['backgroundFrames', i, 'file'],
          message: `expected a file of its own (not the background, mask, scale map or another frame), found '${f.file}' twice`,
        })
      frameFiles.add(key)
    })
    if (room.authoritative === 'mask' && !room.mask) {
      ctx.addIssue({
        code: 'custom',
        path: ['mask'],
        message: "expected a mask file when authoritative is 'mask'",
      })
    }
  })
  .meta({ title: 'Walkbox room (room.json), format version 1' })

// ---------------------------------------------------------------------------
// Types

export type Coord = z.infer<typeof CoordSchema>
export type CoordRing = z.infer<typeof RingSchema>
export type ProjectRoom = z.infer<typeof ProjectRoomSchema>
export type Flag = z.infer<typeof FlagSchema>
export type Character = z.infer<typeof CharacterSchema>
export type Project = z.infer<typeof ProjectSchema>
export type RoomSize = z.infer<typeof SizeSchema>
export type WalkArea = z.infer<typeof WalkAreaSchema>
export type WalkPolygon = z.infer<typeof WalkPolygonSchema>
export type Gate = z.infer<typeof GateSchema>
export type Hotspot = z.infer<typeof HotspotSchema>
export type HotspotShape = z.infer<typeof HotspotShapeSchema>
export type HotspotMask = z.infer<typeof HotspotMaskSchema>
export type FacingDirection = (typeof FACING_DIRECTIONS)[number]
export type GateKind = Gate['kind']
export type RoomGraphNode = z.infer<typeof GraphNodeSchema>
export type RoomGraphJoin = z.infer<typeof GraphJoinSchema>
export type RoomNodeGraph = z.infer<typeof NodeGraphSchema>
export type ScaleStop = z.infer<typeof ScaleStopSchema>
export type LinearScaling = z.infer<typeof LinearScalingSchema>
export type ScaleMap = z.infer<typeof ScaleMapSchema>
export type Scaling = z.infer<typeof ScalingSchema>
export type ScalingMode = Scaling['mode']
export type ZoneShape = z.infer<typeof ZoneShapeSchema>
export type Zone = z.infer<typeof ZoneSchema>
export type TestWalk = z.infer<typeof TestWalkSchema>
export type RoomPoint = z.infer<typeof RoomPointSchema>
export type WalkBehindArea = z.infer<typeof WalkBehindAreaSchema>
export type WalkBehinds = z.infer<typeof WalkBehindsSchema>
export type Room = z.infer<typeof RoomSchema>
export type Authoritative = Room['authoritative']

// ---------------------------------------------------------------------------
// Validation with readable errors

/** A schema problem: `path` like 'polygons[0].outer', `message` says what was expected. */
export interface FormatIssue {
  path: string
  message: string
}

/** 'polygons[0].outer' from ['polygons', 0, 'outer']. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`
    else out += out === '' ? String(part) : `.${String(part)}`
  }
  return out
}

/**
 * Thrown when a project or room file does not match the schema. The message is one line,
 * the first problem (and how many more there are); `issues` and `lines` hold every one.
 */
export class FormatError extends Error {
  readonly file: string
  readonly issues: FormatIssue[]
  /** Every problem as its own line, `<file>: <path>: <message>`. */
  readonly lines: string[]
  constructor(file: string, issues: FormatIssue[]) {
    const lines = issues.map((i) => `${file}: ${i.path === '' ? '' : i.path + ': '}${i.message}`)
    const more = lines.length - 1
    super(more === 0 ? lines[0] : `${lines[0]} (and ${more} more problem${more === 1 ? '' : 's'})`)
    this.lines = lines
    this.name = 'FormatError'
    this.file = file
    this.issues = issues
  }
}

function toIssues(error: z.ZodError): FormatIssue[] {
  return error.issues.map((issue) => {
    const path = formatIssuePath(issue.path)
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => `'${k}'`).join(', ')
      return {
        path,
        message: `unexpected field${issue.keys.length > 1 ? 's' : ''} ${keys}; expected only the fields of format version ${CURRENT_FORMAT_VERSION}`,
      }
    }
    return { path, message: issue.message }
  })
}

/** Check data against the current project schema; throws FormatError naming `file`. */
export function parseProject(data: unknown, file = PROJECT_FILE_NAME): Project {
  const result = ProjectSchema.safeParse(data)
  if (!result.success) throw new FormatError(file, toIssues(result.error))
  return result.data
}

/** The lists of a room whose items carry custom properties, by path. */
const WITH_PROPERTIES: (string | [string, string])[] = [
  'areas',
  'polygons',
  'gates',
  'zones',
  'points',
  'hotspots',
  ['walkBehinds', 'areas'],
]

/**
 * Problems of custom properties anywhere in a room (properties.ts): zod drops an own key
 * named '__proto__' from records without a word, so they are looked for in the data first;
 * types without a value and values that do not fit their type.
 */
function propertyIssues(data: unknown): FormatIssue[] {
  const issues: FormatIssue[] = []
  const check = (x: unknown, at: string) => {
    for (const [path, message] of propertiesProblems(x))
      issues.push({ path: `${at}${path.join('.')}`, message })
  }
  check(data, '')
  for (const list of WITH_PROPERTIES) {
    const [outer, inner] = typeof list === 'string' ? [list, undefined] : list
    let items = (data as Record<string, unknown> | null)?.[outer]
    if (inner !== undefined) items = (items as Record<string, unknown> | null | undefined)?.[inner]
    if (!Array.isArray(items)) continue
    const name = inner === undefined ? outer : `${outer}.${inner}`
    items.forEach((item, i) => check(item, `${name}[${i}].`))
  }
  return issues
}

/** Check data against the current room schema; throws FormatError naming `file`. */
export function parseRoom(data: unknown, file = ROOM_FILE_NAME): Room {
  const result = RoomSchema.safeParse(data)
  const issues = [...propertyIssues(data), ...(result.success ? [] : toIssues(result.error))]
  if (issues.length > 0 || !result.success) throw new FormatError(file, issues)
  return result.data
}

/** Problems of a room that only show against its project: unknown flags and characters. */
export function checkRoomAgainstProject(room: Room, project: Project): FormatIssue[] {
  const flagIds = new Set(project.flags.map((f) => f.id))
  const issues: FormatIssue[] = []
  const checkExpression = (text: string | undefined, path: string) => {
    if (text === undefined || flagExpressionError(text)) return
    for (const id of flagsInExpression(text)) {
      if (!flagIds.has(id)) {
        issues.push({ path, message: `names the flag '${id}' that the project does not define` })
      }
    }
  }
  room.areas.forEach((a, i) => checkExpression(a.enabledBy, `areas[${i}].enabledBy`))
  room.gates.forEach((g, i) => checkExpression(g.flagExpression, `gates[${i}].flagExpression`))
  room.zones.forEach((z, i) => checkExpression(z.enabledBy, `zones[${i}].enabledBy`))
  room.hotspots?.forEach((h, i) => checkExpression(h.enabledBy, `hotspots[${i}].enabledBy`))
  const characterId = room.testWalk.characterId
  if (characterId !== undefined && !project.characters.some((c) => c.id === characterId)) {
    issues.push({
      path: 'testWalk.characterId',
      message: `names the character '${characterId}' that the project does not define`,
    })
  }
  return issues
}

// ---------------------------------------------------------------------------
// Constructors

/** Default test-walk character height and speed for a new room of 480 px or more in height (room px, px/s). */
export const DEFAULT_TEST_HEIGHT_PX = 120
export const DEFAULT_TEST_SPEED_PX_S = 160
/** A new room's test character is at most this share of the room's height (a 200 px room: 50 px). */
export const DEFAULT_TEST_HEIGHT_SHARE = 0.25

/**
 * The default test character of a new room `height` px high: 120 px tall at 160 px/s, or a
 * quarter of the room's height for a smaller room, its speed scaled alike (a 120 px character
 * towered over a 200 px room).
 */
export function defaultTestCharacter(height: number): { height: number; speed: number } {
  const h = Math.max(1, Math.min(DEFAULT_TEST_HEIGHT_PX, Math.round(height * DEFAULT_TEST_HEIGHT_SHARE)))
  return { height: h, speed: Math.max(1, Math.round((DEFAULT_TEST_SPEED_PX_S * h) / DEFAULT_TEST_HEIGHT_PX)) }
}

/** The colours Walkbox gives new walk areas, in id order (area 1 first); they repeat after 8. */
export const AREA_COLOURS = [
  '#3cb371',
  '#4a90d9',
  '#e0a526',
  '#c0508f',
  '#7b68ee',
  '#20b2aa',
  '#d2691e',
  '#9acd32',
]

/** The display colour Walkbox gives a new walk area with this id (ids from 1). */
export function defaultAreaColour(id: number): string {
  const n = AREA_COLOURS.length
  return AREA_COLOURS[(((id - 1) % n) + n) % n]!
}

/** The test-walk start a new room gets: half way across, four fifths down, room px. */
export function defaultTestWalkStart(width: number, height: number): { x: number; y: number } {
  return { x: Math.floor(width / 2), y: Math.floor(height * 0.8) }
}

/** A new, empty, polygon-authored room of the given size, with one walk area. */
export function emptyRoom(options: { id: string; name?: string; width: number; height: number }): Room {
  const { id, width, height } = options
  return {
    formatVersion: CURRENT_FORMAT_VERSION,
    id,
    name: options.name ?? id,
    size: { width, height },
    areas: [{ id: 1, name: 'Walkable', colour: '#3cb371' }],
    polygons: [],
    authoritative: 'polygons',
    gates: [],
    nodeGraph: { nodes: [], joins: [] },
    scaling: { mode: 'none', linear: [] },
    zones: [],
    testWalk: {
      start: defaultTestWalkStart(width, height),
      ...defaultTestCharacter(height),
    },
  }
}

/** A new project with no rooms, flags or characters. */
export function emptyProject(options: { name: string; appVersion?: string }): Project {
  return {
    formatVersion: CURRENT_FORMAT_VERSION,
    appVersion: options.appVersion ?? '0.0.0',
    name: options.name,
    rooms: [],
    flags: [],
    characters: [],
  }
}

/** Folder a new room gets inside the project folder. */
export function defaultRoomFolder(roomId: string): string {
  return `rooms/${roomId}`
}
