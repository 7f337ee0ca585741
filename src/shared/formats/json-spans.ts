/**
 * JSON text read with where each value lies, so that a writer can replace one value and
 * keep every other byte of the file (an in-place edit of a game's own JSON file).
 *
 * Glossary
 * - span: [start, end) offsets of a value in the text (UTF-16 units), from its first
 *   character to just after its last.
 * - node: a value with its span; objects keep their members in file order (a repeated key:
 *   the last wins for `get`, as JSON.parse does), arrays their items.
 *
 * Units: UTF-16 offsets.
 */
import { MAX_JSON_DEPTH } from '../limits'

export type JsonNode =
  | { kind: 'object'; start: number; end: number; members: { key: string; value: JsonNode }[] }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'value'; start: number; end: number; value: string | number | boolean | null }

/** The member `key` of an object node, or undefined. */
export function member(node: JsonNode | undefined, key: string): JsonNode | undefined {
  if (node?.kind !== 'object') return undefined
  let found: JsonNode | undefined
  for (const m of node.members) if (m.key === key) found = m.value
  return found
}

/** A plain value of a node (its text parsed), for reading what a span holds. */
export function valueOf(text: string, node: JsonNode): unknown {
  return JSON.parse(text.slice(node.start, node.end)) as unknown
}

/** The text as nodes. Throws naming `file` and the offset on malformed JSON. */
export function parseJsonSpans(text: string, file: string): JsonNode {
  let pos = 0
  const fail = (m: string): never => {
    throw new Error(`${file}: not JSON (${m} at offset ${pos})`)
  }
  const space = () => {
    while (pos < text.length && ' \t\n\r'.includes(text[pos])) pos++
  }
  const string = (): string => {
    const start = pos
    pos++
    while (pos < text.length && text[pos] !== '"') pos += text[pos] === '\\' ? 2 : 1
    if (pos >= text.length) fail('an unclosed string')
    pos++
    return JSON.parse(text.slice(start, pos)) as string
  }
  const value = (depth: number): JsonNode => {
    if (depth > MAX_JSON_DEPTH) fail(`values nested more than ${MAX_JSON_DEPTH} deep`)
    space()
    const start = pos
    const c = text[pos]
    if (c === '{') {
      pos++
      const members: { key: string; value: JsonNode }[] = []
      space()
      if (text[pos] === '}') {
        pos++
        return { kind: 'object', start, end: pos, members }
      }
      for (;;) {
        space()
        if (text[pos] !== '"') fail('expected a key')
        const key = string()
        space()
        if (text[pos] !== ':') fail("expected ':'")
        pos++
        members.push({ key, value: value(depth + 1) })
        space()
        if (text[pos] === ',') pos++
        else if (text[pos] === '}') {
          pos++
          return { kind: 'object', start, end: pos, members }
        } else fail("expected ',' or '}'")
      }
    }
    if (c === '[') {
      pos++
      const items: JsonNode[] = []
      space()
      if (text[pos] === ']') {
        pos++
        return { kind: 'array', start, end: pos, items }
      }
      for (;;) {
        items.push(value(depth + 1))
        space()
        if (text[pos] === ',') pos++
        else if (text[pos] === ']') {
          pos++
          return { kind: 'array', start, end: pos, items }
        } else fail("expected ',' or ']'")
      }
    }
    if (c === '"') {
      const s = string()
      return { kind: 'value', start, end: pos, value: s }
    }
    const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(pos, pos + 400))
    if (!m) fail('expected a value')
    pos += m![0].length
    return { kind: 'value', start, end: pos, value: JSON.parse(m![0]) as number | boolean | null }
  }
  const root = value(0)
  space()
  if (pos < text.length) fail('text after the value')
  return root
}
