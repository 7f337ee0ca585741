/**
 * The published JSON Schemas (draft 2020-12) of the project and room files, generated
 * from the zod schemas so that there is one source of truth. scripts/write-schemas.ts
 * writes them to docs/schema/; a unit test fails when the committed copies are stale.
 *
 * Glossary
 * - JSON Schema: what editors and other tools use to check and complete the files.
 *   It carries the shapes, ranges and patterns; the cross-field rules (references
 *   between ids, the grammar of flag expressions) are only in the zod schemas.
 *
 * Units: as in schema.ts.
 */
import { z } from 'zod'
import { ProjectSchema, RoomSchema } from './schema'

/** Base of the schemas' $id; the files live under docs/schema/ in the repository. */
export const SCHEMA_ID_BASE = 'https://walkbox.invalid/schema/v1/'

function build(schema: z.ZodType, name: string): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' })
  return { $id: `${SCHEMA_ID_BASE}${name}`, ...json }
}

/** JSON Schema of project.walkbox.json. */
export function projectJsonSchema(): Record<string, unknown> {
  return build(ProjectSchema, 'project.schema.json')
}

/** JSON Schema of room.json. */
export function roomJsonSchema(): Record<string, unknown> {
  return build(RoomSchema, 'room.schema.json')
}

/** Output file name -> schema, for the writer script and the staleness test. */
export function publishedSchemas(): Record<string, Record<string, unknown>> {
  return { 'project.schema.json': projectJsonSchema(), 'room.schema.json': roomJsonSchema() }
}
