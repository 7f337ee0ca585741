/**
 * Project and room files as text: pretty JSON that diffs well.
 *
 * Glossary
 * - flat value: an array or object whose members are all numbers, strings, booleans or
 *   null, e.g. a point [12, 40] or a node { "id": "n1", "x": 3, "y": 4 }.
 * - layout: two-space indent, one member per line, except that a flat value is written
 *   on one line when that line fits in INLINE_WIDTH characters. So a ring is one point
 *   per line, and moving one vertex changes one line. The text ends with a newline.
 *
 * Key order is the order of the object's own keys; serialiseProject and serialiseRoom
 * normalise first, which puts keys in schema order (see normalise.ts).
 *
 * Units: none (text).
 */
import { normaliseProject, normaliseRoom } from './normalise'
import type { Project, Room } from './schema'

/** Widest one-line flat value, characters (not counting indentation). */
export const INLINE_WIDTH = 100

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain }

const isPrimitive = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v)

function primitive(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new Error(`cannot write ${value} to JSON; expected a finite number`)
  }
  return JSON.stringify(value)
}

function entriesOf(value: object): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined)
}

function write(value: unknown, indent: string): string {
  if (isPrimitive(value)) return primitive(value)
  if (typeof value !== 'object') throw new Error(`cannot write a ${typeof value} to JSON`)
  const inner = indent + '  '
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    if (value.every(isPrimitive)) {
      const line = `[${value.map(primitive).join(', ')}]`
      if (line.length <= INLINE_WIDTH) return line
    }
    return `[\n${value.map((v) => inner + write(v, inner)).join(',\n')}\n${indent}]`
  }
  const entries = entriesOf(value as object)
  if (entries.length === 0) return '{}'
  if (entries.every(([, v]) => isPrimitive(v))) {
    const line = `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${primitive(v)}`).join(', ')} }`
    if (line.length <= INLINE_WIDTH) return line
  }
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${write(v, inner)}`).join(',\n')}\n${indent}}`
}

/** Pretty JSON in the layout above, with a trailing newline. Keys keep their order. */
export function stringifyPretty(value: unknown): string {
  return write(value as Plain, '') + '\n'
}

/** Text of project.walkbox.json: normalised, pretty, newline-terminated. */
export function serialiseProject(project: Project): string {
  return stringifyPretty(normaliseProject(project))
}

/** Text of room.json: normalised, pretty, newline-terminated. */
export function serialiseRoom(room: Room): string {
  return stringifyPretty(normaliseRoom(room))
}
