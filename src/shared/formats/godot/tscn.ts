/**
 * Godot 4 text scenes (.tscn, format=3): a reader into sections of properties and a writer
 * of values. Read from Godot's own description of the format (variant_parser.cpp and the
 * "TSCN file format" page): a file is a list of `[tag key=value ...]` headings, each
 * followed by `key = value` lines; a value may span lines (dictionaries, arrays).
 *
 * Glossary
 * - section: one heading and its properties (`gd_scene`, `ext_resource`, `sub_resource`,
 *   `node`, `connection`, `editable`).
 * - call: a constructor-like value, `Vector2(1, 2)`, `ExtResource("id")`,
 *   `PackedVector2Array(...)`; typed arrays `Array[PackedInt32Array]([...])` read as the
 *   plain array inside.
 *
 * Limits: values nest at most MAX_SCENE_DEPTH deep and a file is at most MAX_SCENE_CHARS long;
 * beyond either the reader says so (no stack overflow on hostile input).
 *
 * Units: none (Godot's px where the values are positions).
 */
import { MAX_SCENE_CHARS, MAX_SCENE_DEPTH } from '../../limits'

export type TscnValue =
  | number
  | string
  | boolean
  | null
  | TscnValue[]
  | { kind: 'call'; name: string; args: TscnValue[] }
  | { kind: 'dict'; entries: [TscnValue, TscnValue][] }
  | { kind: 'name'; text: string }

export interface TscnSection {
  tag: string
  /** Heading attributes: `[node name="Floor" parent="."]` -> { name: 'Floor', parent: '.' }. */
  attrs: Record<string, TscnValue>
  /** Properties in file order. */
  props: Map<string, TscnValue>
  /** 1-based line of the heading. */
  line: number
}

export class TscnError extends Error {
  constructor(file: string, line: number, message: string) {
    super(`${file}: line ${line}: ${message}`)
    this.name = 'TscnError'
  }
}

class Reader {
  pos = 0
  line = 1
  constructor(
    readonly text: string,
    readonly file: string,
  ) {}

  fail(message: string): never {
    throw new TscnError(this.file, this.line, message)
  }

  peek(): string {
    return this.text[this.pos] ?? ''
  }

  next(): string {
    const c = this.text[this.pos++] ?? ''
    if (c === '\n') this.line++
    return c
  }

  /** Skips spaces, newlines and `;` comments. */
  skip(): void {
    for (;;) {
      const c = this.peek()
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n') this.next()
      else if (c === ';') while (this.pos < this.text.length && this.peek() !== '\n') this.next()
      else return
    }
  }

  expect(c: string): void {
    this.skip()
    if (this.peek() !== c) this.fail(`expected '${c}', found ${this.describeHere()}`)
    this.next()
  }

  describeHere(): string {
    const c = this.peek()
    return c === '' ? 'the end of the file' : `'${c}'`
  }

  string(): string {
    // at the opening quote
    this.next()
    let out = ''
    for (;;) {
      const c = this.next()
      if (c === '') this.fail('a string is not closed')
      if (c === '"') return out
      if (c === '\\') {
        const e = this.next()
        if (e === 'n') out += '\n'
        else if (e === 't') out += '\t'
        else if (e === 'r') out += '\r'
        else if (e === 'u') {
          const hex = this.text.slice(this.pos, this.pos + 4)
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('expected four hex digits after \\u')
          this.pos += 4
          out += String.fromCharCode(parseInt(hex, 16))
        } else out += e
      } else out += c
    }
  }

  word(): string {
    const start = this.pos
    while (/[A-Za-z0-9_.+-]/.test(this.peek())) this.next()
    // Typed arrays: Array[PackedInt32Array]
    if (this.peek() === '[' && this.text.slice(start, this.pos).endsWith('Array')) {
      while (this.pos < this.text.length && this.peek() !== ']') this.next()
      this.next()
    }
    return this.text.slice(start, this.pos)
  }

  value(depth: number): TscnValue {
    if (depth > MAX_SCENE_DEPTH) this.fail(`values nest more than ${MAX_SCENE_DEPTH} deep`)
    this.skip()
    const c = this.peek()
    if (c === '"') return this.string()
    if ((c === '&' || c === '^') && this.text[this.pos + 1] === '"') {
      this.next()
      return this.string() // StringName, NodePath literals
    }
    if (c === '[') {
      this.next()
      return this.list(']', depth)
    }
    if (c === '{') {
      this.next()
      const entries: [TscnValue, TscnValue][] = []
      for (;;) {
        this.skip()
        if (this.peek() === '}') {
          this.next()
          return { kind: 'dict', entries }
        }
        const key = this.value(depth + 1)
        this.expect(':')
        entries.push([key, this.value(depth + 1)])
        this.skip()
        if (this.peek() === ',') this.next()
        else if (this.peek() !== '}')
          this.fail(`expected ',' or '}' in a dictionary, found ${this.describeHere()}`)
      }
    }
    const w = this.word()
    if (w === '') this.fail(`expected a value, found ${this.describeHere()}`)
    if (w === 'true') return true
    if (w === 'false') return false
    if (w === 'null' || w === 'nil') return null
    if (w === 'inf') return Infinity
    if (w === 'inf_neg' || w === '-inf') return -Infinity
    if (w === 'nan') return NaN
    if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(w)) return Number(w)
    this.skip()
    if (this.peek() === '(') {
      this.next()
      const args = this.list(')', depth)
      // Array[PackedInt32Array]([...]) is the array inside.
      if (/^Array\[/.test(w) && args.length === 1 && Array.isArray(args[0])) return args[0]
      return { kind: 'call', name: w, args }
    }
    return { kind: 'name', text: w }
  }

  list(close: string, depth: number): TscnValue[] {
    const out: TscnValue[] = []
    for (;;) {
      this.skip()
      if (this.peek() === close) {
        this.next()
        return out
      }
      out.push(this.value(depth + 1))
      this.skip()
      if (this.peek() === ',') this.next()
      else if (this.peek() !== close) this.fail(`expected ',' or '${close}', found ${this.describeHere()}`)
    }
  }
}

/** The sections of a .tscn text. Throws TscnError naming `file` and the line. */
export function parseTscn(text: string, file: string): TscnSection[] {
  if (text.length > MAX_SCENE_CHARS) {
    throw new TscnError(
      file,
      1,
      `the scene is ${text.length} characters; at most ${MAX_SCENE_CHARS} are read`,
    )
  }
  const r = new Reader(text.replace(/^\uFEFF/, ''), file)
  const sections: TscnSection[] = []
  r.skip()
  while (r.pos < r.text.length) {
    if (r.peek() !== '[') r.fail(`expected a '[heading]', found ${r.describeHere()}`)
    const line = r.line
    r.next()
    r.skip()
    const tag = r.word()
    if (!tag) r.fail('expected a heading name after [')
    const attrs: Record<string, TscnValue> = {}
    for (;;) {
      r.skip()
      if (r.peek() === ']') {
        r.next()
        break
      }
      const key = r.word()
      if (!key) r.fail(`expected an attribute name or ']', found ${r.describeHere()}`)
      r.expect('=')
      attrs[key] = r.value(1)
    }
    const props = new Map<string, TscnValue>()
    for (;;) {
      r.skip()
      if (r.pos >= r.text.length || r.peek() === '[') break
      const start = r.pos
      while (r.pos < r.text.length && r.peek() !== '=' && r.peek() !== '\n') r.next()
      if (r.peek() !== '=') r.fail(`expected 'name = value'`)
      const key = r.text
        .slice(start, r.pos)
        .trim()
        .replace(/^"(.*)"$/, '$1')
      r.next()
      props.set(key, r.value(1))
    }
    sections.push({ tag, attrs, props, line })
  }
  return sections
}

// ---------------------------------------------------------------------------------------
// Reading values

export function isCall(
  v: TscnValue | undefined,
  name?: string,
): v is { kind: 'call'; name: string; args: TscnValue[] } {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    v.kind === 'call' &&
    (name === undefined || v.name === name)
  )
}

/** `Vector2(x, y)` as a point, else null. */
export function vector2(v: TscnValue | undefined): { x: number; y: number } | null {
  if (!isCall(v, 'Vector2') && !isCall(v, 'Vector2i')) return null
  const [x, y] = v.args
  return typeof x === 'number' && typeof y === 'number' ? { x, y } : null
}

/** `PackedVector2Array(x0, y0, x1, y1, ...)` (or Vector2Array) as points, else null. */
export function packedPoints(v: TscnValue | undefined): { x: number; y: number }[] | null {
  if (!isCall(v, 'PackedVector2Array') && !isCall(v, 'PoolVector2Array')) return null
  const nums = v.args.filter((a): a is number => typeof a === 'number')
  if (nums.length !== v.args.length || nums.length % 2 !== 0) return null
  const out: { x: number; y: number }[] = []
  for (let i = 0; i < nums.length; i += 2) out.push({ x: nums[i], y: nums[i + 1] })
  return out
}

/** `PackedInt32Array(...)` as numbers, else null. */
export function packedInts(v: TscnValue | undefined): number[] | null {
  if (!isCall(v, 'PackedInt32Array')) return null
  return v.args.every((a) => typeof a === 'number') ? (v.args as number[]) : null
}

/** The id inside `ExtResource("id")` / `SubResource("id")`. */
export function resourceId(v: TscnValue | undefined, kind: 'ExtResource' | 'SubResource'): string | null {
  if (!isCall(v, kind)) return null
  const id = v.args[0]
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null
}

// ---------------------------------------------------------------------------------------
// Writing values

/** A number as Godot writes it: integers plainly, others with up to 6 decimals. */
export function tscnNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`cannot write ${n} to a scene`)
  const r = Math.round(n * 1e6) / 1e6
  return Object.is(r, -0) ? '0' : String(r)
}

/**
 * Text as a one-line Godot string literal. Godot's own writer (VariantWriter: String
 * c_escape_multiline) escapes only the backslash and `"` and keeps line breaks raw; its reader
 * (VariantParser::get_token) also takes the escapes n and r, so line breaks are escaped here
 * to keep every value on its own line (the in-place writer edits whole lines).
 */
export function tscnString(s: string): string {
  return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r') + '"'
}

export function tscnVector2(p: { x: number; y: number }): string {
  return `Vector2(${tscnNumber(p.x)}, ${tscnNumber(p.y)})`
}

export function tscnPackedPoints(points: readonly { x: number; y: number }[]): string {
  return `PackedVector2Array(${points.map((p) => `${tscnNumber(p.x)}, ${tscnNumber(p.y)}`).join(', ')})`
}

/** The node metadata in which Walkbox keeps a named point's kind (Godot has none): 'entrance' … */
export const POINT_KIND_META = 'metadata/walkbox_point_kind'

/**
 * Is `key` a metadata name Walkbox writes: Godot's rule (Object::set_meta refuses a new name
 * that is not an ASCII identifier: a letter or _, then letters, digits or _), and not one of
 * Walkbox's own `walkbox_` names.
 */
export function isMetadataName(key: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && !key.startsWith('walkbox_')
}

/** isMetadataName's rule, for notes. */
export const METADATA_NAME_RULE =
  "a Godot metadata name is a letter or _ then letters, digits, _; walkbox_ is Walkbox's own"

/** A property name quoted for a one-line note (JSON-escaped when it holds a quote or a control character). */
export function noteKey(key: string): string {
  // eslint-disable-next-line no-control-regex
  return /['\u0000-\u001f\u007f]/.test(key) ? JSON.stringify(key) : `'${key}'`
}
