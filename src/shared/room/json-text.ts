/**
 * Reading JSON text with errors that point at a line and column, whatever the
 * JavaScript engine's own JSON.parse message looks like.
 *
 * Glossary
 * - offset: 0-based index into the text (UTF-16 code units).
 * - line, column: 1-based; a tab counts as one column.
 *
 * - depth: how deeply arrays and objects nest; `[[1]]` has depth 2.
 *
 * Limits (src/shared/limits.ts) come first: text over the caller's size limit, or nested
 * deeper than MAX_JSON_DEPTH, is refused before JSON.parse sees it (one flat pass over the
 * text, so 200,000 unclosed brackets cost a loop, not the stack). JSON.parse does the
 * parsing; only when it fails does a small scanner here walk the text (RFC 8259 grammar) to
 * find where and why; it recurses at most MAX_JSON_DEPTH deep.
 *
 * Units: characters.
 */
import { fileTooLargeMessage, MAX_JSON_DEPTH, MAX_JSON_FILE_BYTES } from '../limits'

/** Thrown for text that is not JSON. `line` and `column` are 1-based. */
export class JsonSyntaxError extends Error {
  readonly file: string
  readonly line: number
  readonly column: number
  readonly reason: string
  constructor(file: string, line: number, column: number, reason: string) {
    super(`${file} line ${line} column ${column}: ${reason}`)
    this.name = 'JsonSyntaxError'
    this.file = file
    this.line = line
    this.column = column
    this.reason = reason
  }
}

/** Thrown for JSON text over its size limit (the message names the file and the limit). */
export class JsonLimitError extends JsonSyntaxError {
  constructor(file: string, message: string) {
    super(file, 1, 1, message)
    this.message = message
    this.name = 'JsonLimitError'
  }
}

/**
 * Offset of the first '[' or '{' that opens level `maxDepth + 1`, or -1. Strings are skipped
 * (a bracket inside one does not count). Iterative: any text costs one pass.
 */
export function findTooDeep(text: string, maxDepth = MAX_JSON_DEPTH): number {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c)
        i++ // backslash: the next character is escaped
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > maxDepth) return i
    } else if (ch === 0x5d || ch === 0x7d) depth--
  }
  return -1
}

/** 1-based line and column of an offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}

interface Problem {
  offset: number
  reason: string
}

/** Where the first syntax error of `text` is, or undefined when the scanner finds none. */
export function findJsonError(text: string): Problem | undefined {
  let i = 0
  const fail = (reason: string, at = i): never => {
    throw { offset: at, reason } satisfies Problem
  }
  const found = (): string =>
    i >= text.length ? 'the end of the file' : `'${text[i] === '\n' ? '\\n' : text[i]}'`
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++
  }
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++) {
      if (text[i + k] !== word[k]) {
        i += k
        fail(`Unexpected token ${found()}; expected '${word}'`)
      }
    }
    i += word.length
  }
  const string = () => {
    const open = i
    i++ // the opening quote
    for (;;) {
      if (i >= text.length) fail(`Unterminated string (opened at column ${lineColumnAt(text, open).column})`)
      const ch = text[i]
      if (ch === '"') {
        i++
        return
      }
      if (ch === '\\') {
        const esc = text[i + 1]
        if (esc === 'u') {
          if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6)))
            fail('Bad \\u escape; expected 4 hex digits', i)
          i += 6
        } else if (esc !== undefined && '"\\/bfnrt'.includes(esc)) {
          i += 2
        } else fail('Bad escape in string', i)
      } else if (ch < ' ') {
        fail('Unexpected control character in string; expected \\n, \\t or another escape')
      } else i++
    }
  }
  const number = () => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i))
    if (!m) fail(`Unexpected token ${found()}; expected a number`)
    i += m![0].length
  }
  const value = (): void => {
    space()
    const ch = text[i]
    if (ch === '{') return object()
    if (ch === '[') return array()
    if (ch === '"') return string()
    if (ch === 't') return literal('true')
    if (ch === 'f') return literal('false')
    if (ch === 'n') return literal('null')
    if (ch === '-' || (ch >= '0' && ch <= '9')) return number()
    fail(`Unexpected token ${found()}; expected a value`)
  }
  const object = () => {
    i++
    space()
    if (text[i] === '}') {
      i++
      return
    }
    for (;;) {
      space()
      if (text[i] !== '"') fail(`Unexpected token ${found()}; expected a property name in double quotes`)
      string()
      space()
      if (text[i] !== ':') fail(`Unexpected token ${found()}; expected ':'`)
      i++
      value()
      space()
      if (text[i] === ',') {
        i++
        continue
      }
      if (text[i] === '}') {
        i++
        return
      }
      fail(`Unexpected token ${found()}; expected ',' or '}'`)
    }
  }
  const array = () => {
    i++
    space()
    if (text[i] === ']') {
      i++
      return
    }
    for (;;) {
      value()
      space()
      if (text[i] === ',') {
        i++
        continue
      }
      if (text[i] === ']') {
        i++
        return
      }
      fail(`Unexpected token ${found()}; expected ',' or ']'`)
    }
  }
  try {
    space()
    if (i >= text.length) fail('The file is empty; expected a JSON object')
    value()
    space()
    if (i < text.length) fail(`Unexpected token ${found()} after the end of the JSON value`)
    return undefined
  } catch (e) {
    if (typeof e === 'object' && e !== null && 'offset' in e) return e as Problem
    throw e
  }
}

/**
 * JSON.parse with a JsonSyntaxError naming the file, line and column. A leading BOM is ignored.
 * Text longer than `maxChars`, or nested deeper than MAX_JSON_DEPTH, is refused before parsing.
 */
export function parseJsonText(text: string, file: string, maxChars = MAX_JSON_FILE_BYTES): unknown {
  if (text.length > maxChars) throw new JsonLimitError(file, fileTooLargeMessage(file, text.length, maxChars))
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const deep = findTooDeep(body)
  if (deep >= 0) {
    const { line, column } = lineColumnAt(body, deep)
    throw new JsonSyntaxError(
      file,
      line,
      column,
      `nested more than ${MAX_JSON_DEPTH} levels deep; expected at most ${MAX_JSON_DEPTH} nested arrays and objects`,
    )
  }
  try {
    return JSON.parse(body)
  } catch (e) {
    const problem = findJsonError(body)
    if (problem) {
      const { line, column } = lineColumnAt(body, problem.offset)
      throw new JsonSyntaxError(file, line, column, problem.reason)
    }
    throw new JsonSyntaxError(file, 1, 1, (e as Error).message)
  }
}
