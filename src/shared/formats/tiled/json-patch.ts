/**
 * A value of a JSON text rewritten as the file writes it: what did not change keeps its
 * bytes, a changed number or text is replaced where it stands, a changed list keeps the
 * layout and the look of its items (a moved polygon vertex changes its "x" and "y" lines
 * only), members the new value adds are written after the last one in the object's own
 * layout. So an object Walkbox rewrites in a .tmj changes as few lines as its edit needs.
 *
 * Glossary
 * - template item: an item of the old list whose text a new item takes (its values patched):
 *   the item at the same place, else the last one.
 * - managed keys: the members of a Tiled object that say its shape and what Walkbox writes
 *   of it; only they are taken out when the new value lacks them (a rectangle written as a
 *   polygon loses its "gid"), every other member of the file stays.
 *
 * Units: UTF-16 offsets.
 */
import type { JsonNode } from '../json-spans'

/** Members Walkbox may take out of a rewritten object (anything else the file has stays). */
const MANAGED = new Set([
  'gid',
  'point',
  'ellipse',
  'polygon',
  'polyline',
  'width',
  'height',
  'rotation',
  'properties',
])

/** Members a rewritten object gets only when their value is not Tiled's default. */
const DEFAULTS: Record<string, unknown> = {
  id: 0,
  rotation: 0,
  width: 0,
  height: 0,
  visible: true,
  name: '',
  type: '',
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const plain = (text: string, n: JsonNode): unknown => JSON.parse(text.slice(n.start, n.end)) as unknown

/** Where a member's key starts (its opening quote), found back from its value. */
function keyStart(text: string, key: string, value: JsonNode): number {
  return text.lastIndexOf(JSON.stringify(key), value.start)
}

/** The text of `v` in the place of `node`, keeping what did not change. */
export function patchValue(text: string, node: JsonNode, v: unknown): string {
  if (same(plain(text, node), v)) return text.slice(node.start, node.end)
  if (node.kind === 'object' && v !== null && typeof v === 'object' && !Array.isArray(v))
    return patchObject(text, node, v as Record<string, unknown>)
  if (node.kind === 'array' && Array.isArray(v)) return patchArray(text, node, v)
  return JSON.stringify(v)
}

function patchArray(text: string, node: JsonNode & { kind: 'array' }, v: unknown[]): string {
  if (v.length === 0) return '[]'
  const items = node.items
  if (items.length === 0) return JSON.stringify(v)
  const lead = text.slice(node.start + 1, items[0].start)
  const sep = items.length > 1 ? text.slice(items[0].end, items[1].start) : `,${lead}`
  const trail = text.slice(items[items.length - 1].end, node.end - 1)
  const out = v.map((x, i) => patchValue(text, items[Math.min(i, items.length - 1)], x))
  return `[${lead}${out.join(sep)}${trail}]`
}

function patchObject(text: string, node: JsonNode & { kind: 'object' }, v: Record<string, unknown>): string {
  const members = node.members
  // Tiled 1.9 saved an object's type as "class": the new type goes there.
  const value = { ...v }
  if (members.some((m) => m.key === 'class') && !members.some((m) => m.key === 'type') && 'type' in value) {
    value.class = value.type
    delete value.type
  }
  const edits: { start: number; end: number; text: string }[] = []
  members.forEach((m, i) => {
    if (!(m.key in value) || value[m.key] === undefined) {
      if (!MANAGED.has(m.key)) return
      // Taken out with the separator before it (or after it, for the first member).
      const from = i > 0 ? members[i - 1].value.end : keyStart(text, m.key, m.value)
      const to =
        i > 0
          ? m.value.end
          : i + 1 < members.length
            ? keyStart(text, members[i + 1].key, members[i + 1].value)
            : m.value.end
      edits.push({ start: from, end: to, text: '' })
      return
    }
    const next = patchValue(text, m.value, value[m.key])
    if (next !== text.slice(m.value.start, m.value.end))
      edits.push({ start: m.value.start, end: m.value.end, text: next })
  })
  const have = new Set(members.map((m) => m.key))
  const added = Object.entries(value).filter(
    ([k, x]) => !have.has(k) && x !== undefined && !(k in DEFAULTS && same(DEFAULTS[k], x)),
  )
  if (added.length > 0) {
    if (members.length === 0) return JSON.stringify(value)
    const last = members[members.length - 1]
    const sep =
      members.length > 1
        ? text.slice(members[members.length - 2].value.end, keyStart(text, last.key, last.value))
        : ','
    const colon = text.slice(
      keyStart(text, last.key, last.value) + JSON.stringify(last.key).length,
      last.value.start,
    )
    edits.push({
      start: last.value.end,
      end: last.value.end,
      text: added.map(([k, x]) => `${sep}${JSON.stringify(k)}${colon}${JSON.stringify(x)}`).join(''),
    })
  }
  let out = text.slice(node.start, node.end)
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start - node.start) + e.text + out.slice(e.end - node.start)
  return out
}

/**
 * The text of an object whose members are `members` (texts of values by key, in order), laid
 * out as the object `like` lays out its members, for a member Walkbox adds to a map.
 */
export function memberText(
  text: string,
  like: JsonNode & { kind: 'object' },
  key: string,
  valueText: string,
): string {
  const members = like.members
  if (members.length === 0) return `,${JSON.stringify(key)}:${valueText}`
  const last = members[members.length - 1]
  const sep =
    members.length > 1
      ? text.slice(members[members.length - 2].value.end, keyStart(text, last.key, last.value))
      : ','
  const colon = text.slice(
    keyStart(text, last.key, last.value) + JSON.stringify(last.key).length,
    last.value.start,
  )
  return `${sep}${JSON.stringify(key)}${colon}${valueText}`
}
