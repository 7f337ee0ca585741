/**
 * Custom properties: the free key/value pairs a game reads from any object of a room (a walk
 * area, a walk polygon, a gate, a zone, a walk-behind area, a hotspot, a point, the room
 * itself). One set of rules for every kind, used by the schema, the properties editor and the
 * engine readers and writers.
 *
 * Glossary
 * - properties: key -> value, both text. Text is what every engine can keep (AGS stores custom
 *   property values as text, Tiled writes every value as an attribute, Godot metadata prints
 *   as text in a .tscn).
 * - property type: what the value means to an engine that types its properties (Tiled's
 *   `int`, `float`, `bool`, `color`, `file`, `object`; Godot metadata Variants int, float,
 *   bool, Color). Kept in `propertyTypes` beside `properties`, only for keys that are not
 *   plain text, so that a typed property goes back to its engine with its type.
 * - key rules: a key is non-empty text, not `__proto__` (a key JavaScript objects cannot hold
 *   safely), unique within its object; an object has at most MAX_PROPERTIES keys.
 *
 * Units: none (text).
 */
import { MAX_PROPERTIES } from '../limits'

/** Property types beyond plain text, as Tiled names them (docs/format.md). */
export const PROPERTY_TYPES = ['int', 'float', 'bool', 'color', 'file', 'object'] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

/** Key -> text value. */
export type Properties = Record<string, string>
/** Key -> type, for the keys whose value is not plain text. */
export type PropertyTypes = Record<string, PropertyType>

/** What any object with custom properties carries (both absent = none). */
export interface WithProperties {
  properties?: Properties
  propertyTypes?: PropertyTypes
}

const INT = /^-?\d+$/
const FLOAT = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/
const COLOR = /^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/

/** Why `value` is not a value of `type` (null when it is). */
export function propertyValueError(type: PropertyType | undefined, value: string): string | null {
  switch (type) {
    case undefined:
    case 'file':
      return null
    case 'int':
      return INT.test(value) ? null : `expected a whole number, found '${value}'`
    case 'float':
      return FLOAT.test(value) ? null : `expected a number, found '${value}'`
    case 'bool':
      return value === 'true' || value === 'false' ? null : `expected true or false, found '${value}'`
    case 'color':
      // Tiled writes an unset colour as ''.
      return value === '' || COLOR.test(value)
        ? null
        : `expected a colour '#rrggbb' or '#aarrggbb' (or nothing), found '${value}'`
    case 'object':
      return INT.test(value) && !value.startsWith('-')
        ? null
        : `expected an object id (0 or more), found '${value}'`
  }
}

/**
 * Why `key` cannot be a key of `properties` (null when it can). `replacing` is the key it
 * renames (so that keeping a key as it is is no duplicate); absent for a new key.
 */
export function propertyKeyError(key: string, properties: Properties, replacing?: string): string | null {
  if (key === '') return 'a property needs a name'
  if (key === '__proto__') return "'__proto__' cannot be a property name"
  if (key !== replacing && Object.hasOwn(properties, key)) return `there is already a property '${key}'`
  if (replacing === undefined && Object.keys(properties).length >= MAX_PROPERTIES)
    return `at most ${MAX_PROPERTIES} properties on one object (Walkbox's limit)`
  return null
}

/** A value fitting `type` for a property that takes that type (its text when it fits, else a default). */
export function valueForType(type: PropertyType | undefined, value: string): string {
  if (propertyValueError(type, value) === null) return value
  switch (type) {
    case 'int':
    case 'object':
      return String(Math.max(type === 'object' ? 0 : -Infinity, Math.trunc(Number(value)) || 0))
    case 'float':
      return Number.isFinite(Number(value)) && value.trim() !== '' ? String(Number(value)) : '0'
    case 'bool':
      return value.trim().toLowerCase() === 'true' || value.trim() === '1' ? 'true' : 'false'
    case 'color':
      return '#000000'
    default:
      return value
  }
}

/**
 * The problems of an object's properties and types, as [path inside the object, message]:
 * `__proto__` keys (which zod would drop without a word), types of keys that have no value,
 * values that do not fit their type.
 */
export function propertiesProblems(x: unknown): [string[], string][] {
  const out: [string[], string][] = []
  if (typeof x !== 'object' || x === null) return out
  const { properties, propertyTypes } = x as { properties?: unknown; propertyTypes?: unknown }
  for (const [field, record] of [
    ['properties', properties],
    ['propertyTypes', propertyTypes],
  ] as const)
    if (typeof record === 'object' && record !== null && Object.hasOwn(record, '__proto__'))
      out.push([[field, '__proto__'], "expected a property name other than '__proto__'"])
  if (typeof propertyTypes !== 'object' || propertyTypes === null) return out
  const values = (typeof properties === 'object' && properties !== null ? properties : {}) as Record<
    string,
    unknown
  >
  for (const [key, type] of Object.entries(propertyTypes as Record<string, unknown>)) {
    if (key === '__proto__' || !(PROPERTY_TYPES as readonly unknown[]).includes(type)) continue
    if (!Object.hasOwn(values, key))
      out.push([['propertyTypes', key], `expected a property '${key}' to type`])
    else if (typeof values[key] === 'string') {
      const problem = propertyValueError(type as PropertyType, values[key])
      if (problem) out.push([['properties', key], `${problem} (its type is ${String(type)})`])
    }
  }
  return out
}

/** Both records sorted by key (fromEntries defines own keys, so even '__proto__' would survive). */
function sorted<T>(record: Record<string, T>, compare: (a: string, b: string) => number): Record<string, T> {
  return Object.fromEntries(
    Object.keys(record)
      .sort(compare)
      .map((key) => [key, record[key]]),
  )
}

/**
 * The normal form of an object's properties: sorted keys; types only of keys that have a
 * value; with `keep` the `properties` field stays even when empty (zones and hotspots).
 */
export function normaliseProperties(
  x: WithProperties,
  compare: (a: string, b: string) => number,
  keep: true,
): { properties: Properties; propertyTypes?: PropertyTypes }
export function normaliseProperties(
  x: WithProperties,
  compare: (a: string, b: string) => number,
  keep?: boolean,
): WithProperties
export function normaliseProperties(
  x: WithProperties,
  compare: (a: string, b: string) => number,
  keep = false,
): WithProperties {
  const properties = x.properties ?? {}
  const types = Object.fromEntries(
    Object.entries(x.propertyTypes ?? {}).filter(([k]) => Object.hasOwn(properties, k)),
  )
  return {
    ...(keep || Object.keys(properties).length > 0 ? { properties: sorted(properties, compare) } : {}),
    ...(Object.keys(types).length > 0 ? { propertyTypes: sorted(types, compare) } : {}),
  }
}

/** Do two objects carry the same properties and types? */
export function sameProperties(a: WithProperties, b: WithProperties): boolean {
  const same = (x: Record<string, string> = {}, y: Record<string, string> = {}) =>
    Object.keys(x).length === Object.keys(y).length && Object.keys(x).every((k) => y[k] === x[k])
  return same(a.properties, b.properties) && same(a.propertyTypes, b.propertyTypes)
}
