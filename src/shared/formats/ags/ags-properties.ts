/**
 * AGS custom properties, the parts both room formats share: reading and writing the
 * `<Properties>` element of an AGS 4 data.xml (the room's own, and each hotspot's), the
 * comparison that decides whether a write is needed, and the bounds a value Walkbox writes
 * must keep (checked only for the values an edit changed: what the file already holds goes
 * back as it is).
 *
 * Glossary
 * - properties element: `<Properties>` holding one `<CustomProperty>` (`<Name>`, `<Value>`) per
 *   property, as the AGS editor's CustomProperties.ToXml writes them; `<Properties />` = none.
 *   The editor keeps the first of two properties whose names differ only in case.
 * - schema default: the AGS editor leaves out a property whose value is the schema's default
 *   (Game.agf's PropertyDefinitions; CustomPropertyDescriptor.SetValue), and the engine falls
 *   back to that default; a room therefore holds only the values an author changed. Values
 *   are text: booleans "0" / "1", numbers in decimal.
 * - property schema: Game.agf's `<PropertyDefinitions>`, one `<CustomPropertySchemaItem>` per
 *   property (Name, DefaultValue, AppliesToRooms..., Type Boolean / Number / Text). A room
 *   property the schema types Boolean ("0" / "1") is carried as Walkbox's `bool` (false /
 *   true), one typed Number as `int`; both go back as AGS writes them.
 * - legacy map: a .crm property map of version 1 (before AGS 3.4), where a name is read up to
 *   200 bytes and a value up to 500 (customproperties.h, LEGACY_MAX_CUSTOM_PROP_*).
 *
 * Units: bytes (legacy bounds), characters (Walkbox's bound).
 */
import { child, childrenNamed, parseXml, type XmlElement } from '../../codecs/xml/xml-read'
import { AGS_XML_CEILINGS, MAX_AGS_PROPERTY_CHARS } from '../../limits'
import type { PropertyTypes } from '../../room/properties'
import { escapeXmlText, indentOf, replaceElement, type XmlEdit } from '../../codecs/xml/xml-patch'

/** AGS's bounds of a version 1 .crm property map (names and values read up to these, with their 0 byte). */
export const AGS_LEGACY_PROPERTY_BYTES = { name: 200, value: 500 } as const

/**
 * Characters a property Walkbox writes may not hold: C0 controls other than tab and line
 * feed (XML 1.0 cannot hold most of them, and a carriage return comes back as a line feed),
 * U+FFFE / U+FFFF, and halves of a surrogate pair on their own (not text, not encodable).
 */
function forbiddenAt(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a) || c === 0xfffe || c === 0xffff) return i
    const high = c >= 0xd800 && c <= 0xdbff
    const low = c >= 0xdc00 && c <= 0xdfff
    const next = text.charCodeAt(i + 1)
    if (high && next >= 0xdc00 && next <= 0xdfff) i++
    else if (high || low) return i
  }
  return -1
}

const show = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s)

/** Why a property of `name` and `value` cannot be written into an AGS room (null when it can). */
export function agsPropertyProblem(name: string, value: string): string | null {
  if (name.trim() === '')
    return 'a property with an empty name cannot be written (AGS names them from its schema)'
  for (const [what, text] of [
    ['name', name],
    ['value', value],
  ] as const) {
    if (text.length > MAX_AGS_PROPERTY_CHARS)
      return `property '${show(name)}': a ${what} of ${text.length} characters; Walkbox writes at most ${MAX_AGS_PROPERTY_CHARS} into an AGS room`
    const at = forbiddenAt(text)
    if (at >= 0) {
      const code = text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')
      const shown = what === 'name' ? '' : ` '${show(name)}'`
      return `property${shown}: its ${what} holds the character U+${code} at ${at + 1}, which an AGS room cannot keep (control characters other than tab and line feed)`
    }
  }
  if (name !== name.trim())
    return `property '${show(name)}': a name with spaces at its ends (AGS reads names trimmed)`
  return null
}

/**
 * The first problem of the properties in `want` that are new or changed from `have`, with
 * `what` (the room, a hotspot) in front; null when all of them can be written.
 */
export function agsPropertiesProblem(
  want: Record<string, string>,
  have: Record<string, string>,
  what: string,
): string | null {
  const seen = new Map<string, string>()
  for (const [name, value] of Object.entries(want)) {
    const lower = name.toLowerCase()
    const twin = seen.get(lower)
    if (twin !== undefined)
      return `${what}: properties '${show(twin)}' and '${show(name)}' differ only in case; AGS keeps one of them`
    seen.set(lower, name)
    if (Object.hasOwn(have, name) && have[name] === value) continue
    const problem = agsPropertyProblem(name, value)
    if (problem) return `${what}: ${problem}`
  }
  return null
}

/** Do two property sets hold the same names and values (order aside)? */
export function sameAgsProperties(a: Record<string, string> = {}, b: Record<string, string> = {}): boolean {
  const ka = Object.keys(a)
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && b[k] === a[k])
}

/** `values` without the names a Walkbox room cannot hold (empty, `__proto__`); the room file keeps them. */
export function readableAgsProperties(values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(values)) if (k.trim() !== '' && k !== '__proto__') out[k] = v
  return out
}

/** The values of a `<Properties>` element (see the glossary); {} for none or no element. */
export function readXmlProperties(props: XmlElement | null): Record<string, string> {
  const out: Record<string, string> = {}
  const seen = new Set<string>()
  for (const p of props ? childrenNamed(props, 'CustomProperty') : []) {
    const name = child(p, 'Name')?.text.trim() ?? ''
    if (name === '' || name === '__proto__' || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    out[name] = child(p, 'Value')?.text ?? ''
  }
  return out
}

/** A string field as the AGS editor's SerializeUtils writes it: `<N />` empty, xml:space="preserve" when it has a space. */
export function agsStringElement(name: string, value: string): string {
  if (value === '') return `<${name} />`
  const space = value.includes(' ') ? ' xml:space="preserve"' : ''
  return `<${name}${space}>${escapeXmlText(value)}</${name}>`
}

/**
 * The edit that makes `props` (a `<Properties>` element of `source`) hold `values`, one
 * `<CustomProperty>` a line, indented below it as the editor indents them, with line end `eol`.
 */
export function setXmlProperties(
  source: string,
  props: XmlElement,
  values: Record<string, string>,
  eol: string,
): XmlEdit {
  const pad = indentOf(source, props)
  const body = Object.entries(values).map(
    ([k, v]) =>
      `${eol}${pad}  <CustomProperty>${eol}${pad}    ${agsStringElement('Name', k)}${eol}${pad}    ${agsStringElement('Value', v)}${eol}${pad}  </CustomProperty>`,
  )
  return replaceElement(
    props,
    body.length === 0 ? '<Properties />' : `<Properties>${body.join('')}${eol}${pad}</Properties>`,
  )
}

/** One property of Game.agf's schema (see the glossary). */
export interface AgsSchemaItem {
  name: string
  type: 'Boolean' | 'Number' | 'Text'
  defaultValue: string
  rooms: boolean
}

/** The property schema of a Game.agf's text (see the glossary); throws one line when it is not XML. */
export function readAgsPropertySchema(text: string): AgsSchemaItem[] {
  const root = parseXml(text, 'Game.agf', AGS_XML_CEILINGS)
  const out: AgsSchemaItem[] = []
  const visit = (el: XmlElement) => {
    if (el.name === 'CustomPropertySchemaItem') {
      const field = (name: string) => child(el, name)?.text.trim() ?? ''
      const type = field('Type')
      out.push({
        name: field('Name'),
        type: type === 'Boolean' || type === 'Number' ? type : 'Text',
        defaultValue: child(el, 'DefaultValue')?.text ?? '',
        rooms: field('AppliesToRooms').toLowerCase() === 'true',
      })
      return
    }
    for (const c of el.children) visit(c)
  }
  visit(root)
  return out
}

/**
 * A room's properties as AGS stored them, typed by the schema's room properties: Boolean
 * "0" / "1" as `bool` false / true, Number as `int`; anything else stays text.
 */
export function typedRoomProperties(
  values: Record<string, string>,
  schema: readonly AgsSchemaItem[],
): { properties: Record<string, string>; propertyTypes: PropertyTypes } {
  const properties: Record<string, string> = {}
  const propertyTypes: PropertyTypes = {}
  for (const [name, value] of Object.entries(values)) {
    const item = schema.find((s) => s.rooms && s.name.toLowerCase() === name.toLowerCase())
    properties[name] = value
    if (item?.type === 'Boolean' && (value === '0' || value === '1')) {
      properties[name] = value === '1' ? 'true' : 'false'
      propertyTypes[name] = 'bool'
    } else if (item?.type === 'Number' && /^-?\d{1,10}$/.test(value)) propertyTypes[name] = 'int'
  }
  return { properties, propertyTypes }
}

/** The values a room's properties are stored as in an AGS room: `bool` true / false as "1" / "0", the rest as they are. */
export function agsStoredProperties(x: {
  properties?: Record<string, string>
  propertyTypes?: PropertyTypes
}): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(x.properties ?? {}))
    out[name] =
      x.propertyTypes?.[name] === 'bool' && (value === 'true' || value === 'false')
        ? value === 'true'
          ? '1'
          : '0'
        : value
  return out
}

/**
 * The room's properties typed by the game's schema, when `readGameAgf` gives Game.agf's text
 * (null: no Game.agf); a Game.agf that cannot be read is a note and leaves them as text.
 */
export async function withRoomPropertySchema(
  room: { properties?: Record<string, string>; propertyTypes?: PropertyTypes },
  readGameAgf: () => Promise<string | null>,
  notes: string[],
): Promise<void> {
  if (!room.properties || Object.keys(room.properties).length === 0) return
  let schema: AgsSchemaItem[]
  try {
    const text = await readGameAgf()
    if (text === null) return
    schema = readAgsPropertySchema(text)
  } catch (e) {
    notes.push(
      `Game.agf: ${(e as Error).message.replace(/^Game\.agf: /, '')}; room properties are read as text`,
    )
    return
  }
  const typed = typedRoomProperties(room.properties, schema)
  room.properties = typed.properties
  if (Object.keys(typed.propertyTypes).length > 0) room.propertyTypes = typed.propertyTypes
  const unknown = Object.keys(room.properties).filter(
    (k) => !schema.some((s) => s.rooms && s.name.toLowerCase() === k.toLowerCase()),
  )
  if (unknown.length > 0)
    notes.push(
      `room properties ${unknown.join(', ')}: not in Game.agf's schema for rooms; the AGS editor drops them when it saves the room`,
    )
}
