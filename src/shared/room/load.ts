/**
 * The one way in for project and room files: text -> JSON -> migrate to the current
 * version -> validate against the schema -> normalise. Hosts (main services, the
 * browser host, the CLI) call these and never parse files themselves.
 *
 * Glossary
 * - file label: how errors name the file, e.g. 'rooms/porch/room.json'.
 * - migrated: true when the file was in an older version; saving it writes the newest.
 *
 * Errors: JsonSyntaxError (line, column; JsonLimitError for text over its size limit, see
 * limits.ts), MigrationError (version problems),
 * FormatError (schema problems, each with a field path).
 *
 * Units: as in the schema.
 */
import { parseJsonText } from './json-text'
import { MAX_PROJECT_FILE_BYTES, MAX_ROOM_FILE_BYTES } from '../limits'
import { migrate } from './migrate'
import { normaliseProject, normaliseRoom } from './normalise'
import { parseProject, parseRoom, PROJECT_FILE_NAME, ROOM_FILE_NAME } from './schema'
import type { Project, Room } from './schema'

export interface Loaded<T> {
  value: T
  /** Version the file was written in. */
  fromVersion: number
  /** Migration steps that ran (empty when the file was current). */
  migrations: string[]
}

/** A project from parsed JSON: migrated, validated, normalised. */
export function projectFromJson(data: unknown, file = PROJECT_FILE_NAME): Loaded<Project> {
  const m = migrate('project', data, file)
  return {
    value: normaliseProject(parseProject(m.data, file)),
    fromVersion: m.fromVersion,
    migrations: m.applied,
  }
}

/** A room from parsed JSON: migrated, validated, normalised. */
export function roomFromJson(data: unknown, file = ROOM_FILE_NAME): Loaded<Room> {
  const m = migrate('room', data, file)
  return { value: normaliseRoom(parseRoom(m.data, file)), fromVersion: m.fromVersion, migrations: m.applied }
}

/** A project from the text of project.walkbox.json. */
export function projectFromText(text: string, file = PROJECT_FILE_NAME): Loaded<Project> {
  return projectFromJson(parseJsonText(text, file, MAX_PROJECT_FILE_BYTES), file)
}

/** A room from the text of room.json. */
export function roomFromText(text: string, file = ROOM_FILE_NAME): Loaded<Room> {
  return roomFromJson(parseJsonText(text, file, MAX_ROOM_FILE_BYTES), file)
}
