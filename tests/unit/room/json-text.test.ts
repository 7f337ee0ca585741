import { describe, expect, it } from 'vitest'
import {
  findJsonError,
  JsonSyntaxError,
  lineColumnAt,
  parseJsonText,
} from '../../../src/shared/room/json-text'

function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJsonText(text, 'project.walkbox.json')
  } catch (e) {
    expect(e).toBeInstanceOf(JsonSyntaxError)
    return e as JsonSyntaxError
  }
  throw new Error('expected a syntax error')
}

describe('JSON text', () => {
  it('parses good JSON, with or without a BOM', () => {
    expect(parseJsonText('{"a": [1, 2]}', 'f')).toEqual({ a: [1, 2] })
    expect(parseJsonText('\ufeff{"a": 1}', 'f')).toEqual({ a: 1 })
  })

  it.each([
    ['{\n  "a": 1,\n  }', 3, 3, "Unexpected token '}'; expected a property name in double quotes"],
    ['{\n  "name": "x"\n  "rooms": []\n}', 3, 3, "Unexpected token '\"'; expected ',' or '}'"],
    ['{\n "a": tru }', 2, 10, "Unexpected token ' '; expected 'true'"],
    ['', 1, 1, 'The file is empty; expected a JSON object'],
    ['{"a": 1} x', 1, 10, "Unexpected token 'x' after the end of the JSON value"],
    ['{"a": "b', 1, 9, 'Unterminated string (opened at column 7)'],
    ['[1, 2,]', 1, 7, "Unexpected token ']'; expected a value"],
    ['{"a": 01}', 1, 8, "Unexpected token '1'; expected ',' or '}'"],
    ['{"a": "\\x"}', 1, 8, 'Bad escape in string'],
    ['{"a":\n\n    @}', 3, 5, "Unexpected token '@'; expected a value"],
  ])('%j fails at the right place', (text, line, column, reason) => {
    const e = syntaxError(text)
    expect([e.line, e.column, e.reason]).toEqual([line, column, reason])
    expect(e.message).toBe(`project.walkbox.json line ${line} column ${column}: ${reason}`)
  })

  it('agrees with JSON.parse on what is JSON', () => {
    for (const text of ['{}', '[]', '"s"', '-1.5e3', 'true', 'null', '{"a":{"b":[1,"\\u00e9"]}}', ' [ ] ']) {
      expect(findJsonError(text)).toBeUndefined()
    }
  })

  it('counts lines and columns from 1', () => {
    expect(lineColumnAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 })
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
  })
})
