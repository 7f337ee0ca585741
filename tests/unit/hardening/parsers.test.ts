/**
 * The parsers' own limits at their edges: the JSON depth scan, the flag-expression parser
 * and the image signature check, each exactly at its limit (accepted) and one past it
 * (refused with its line), and at hostile sizes far past it (a message, never a RangeError).
 */
import { describe, expect, it } from 'vitest'
import {
  findTooDeep,
  JsonLimitError,
  JsonSyntaxError,
  parseJsonText,
} from '../../../src/shared/room/json-text'
import {
  evaluateFlagExpression,
  FlagExpressionError,
  parseFlagExpression,
} from '../../../src/shared/room/flag-expression'
import { sniffImageFormat } from '../../../src/shared/room/image-header'
import { MAX_FLAG_EXPRESSION_DEPTH, MAX_JSON_DEPTH } from '../../../src/shared/limits'
import { fileError } from '../../../src/main/services/regular-file'

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

describe('JSON depth and size', () => {
  it('takes exactly 64 levels and refuses 65, naming line and column', () => {
    expect(parseJsonText(nested(MAX_JSON_DEPTH), 'a.json')).toHaveLength(1)
    expect(() => parseJsonText(nested(MAX_JSON_DEPTH + 1), 'a.json')).toThrow(
      'a.json line 1 column 65: nested more than 64 levels deep; expected at most 64 nested arrays and objects',
    )
  })

  it('skips brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '\\"[[[[' + '['.repeat(100), b: [[1]] })
    expect(findTooDeep(text)).toBe(-1)
    expect(parseJsonText(text, 'a.json')).toEqual({ a: '\\"[[[[' + '['.repeat(100), b: [[1]] })
  })

  it('a million unclosed brackets cost one pass, not the stack', () => {
    const e = (() => {
      try {
        parseJsonText('{'.repeat(1_000_000), 'big.json')
      } catch (x) {
        return x
      }
    })()
    expect(e).toBeInstanceOf(JsonSyntaxError)
    expect((e as Error).message).toBe(
      'big.json line 1 column 65: nested more than 64 levels deep; expected at most 64 nested arrays and objects',
    )
  })

  it('text over the caller’s limit is refused before parsing', () => {
    const e = (() => {
      try {
        parseJsonText(' '.repeat(2048) + '{}', 'p.json', 2048)
      } catch (x) {
        return x
      }
    })()
    expect(e).toBeInstanceOf(JsonLimitError)
    expect((e as Error).message).toBe(
      "p.json: is 2 kB; expected at most 2 kB (Walkbox's limit for this file)",
    )
  })
})

describe('flag expressions', () => {
  it('takes 32 levels of brackets and refuses 33', () => {
    const ok = `${'('.repeat(MAX_FLAG_EXPRESSION_DEPTH)}a${')'.repeat(MAX_FLAG_EXPRESSION_DEPTH)}`
    expect(evaluateFlagExpression(ok, { a: true })).toBe(true)
    const deep = `(${ok})`
    expect(() => parseFlagExpression(deep)).toThrow(
      "'(' at column 33 nests more than 32 levels deep; expected at most 32 nested brackets and '!'",
    )
  })

  it("counts '!' and brackets together", () => {
    const mixed = '!('.repeat(16) + 'a' + ')'.repeat(16)
    expect(evaluateFlagExpression(mixed, { a: true })).toBe(true)
    expect(() => parseFlagExpression('!' + mixed)).toThrow(
      /^'\(' at column 33 nests more than 32 levels deep/,
    )
  })

  it('5,000 nested parentheses and 60,000 && terms: FlagExpressionError, not RangeError', () => {
    for (const text of [
      `${'('.repeat(5000)}a${')'.repeat(5000)}`,
      Array.from({ length: 60_000 }, () => 'a').join(' && '),
    ]) {
      const e = (() => {
        try {
          parseFlagExpression(text)
        } catch (x) {
          return x
        }
      })()
      expect(e).toBeInstanceOf(FlagExpressionError)
      expect((e as Error).message).toBe(
        `expected at most 1000 characters (Walkbox's limit for a flag expression), found ${text.length}`,
      )
    }
  })

  it('takes 1,000 characters of terms and evaluates them', () => {
    const text = Array.from({ length: 200 }, () => 'a').join(' && ') // 999 characters
    expect(text.length).toBeLessThanOrEqual(1000)
    expect(evaluateFlagExpression(text, { a: true })).toBe(true)
  })
})

describe('image signatures', () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])))

  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImageFormat(bytes(0x89, 'PNG\r\n', 0x1a, '\n'), 'a')).toBe('png')
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0), 'a')).toBe('jpeg')
    expect(sniffImageFormat(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), 'a')).toBe('webp')
  })

  it('names the formats sharp would otherwise parse', () => {
    const cases: [Uint8Array, string][] = [
      [bytes('GIF89a'), 'gif'],
      [bytes('MM', 0, '*'), 'tiff'],
      [bytes('BM', 0, 0), 'bmp'],
      [bytes('%PDF-1.4'), 'pdf'],
      [bytes(0, 0, 0, 0x18, 'ftypavif'), 'heif or avif'],
      [bytes('  \n<svg>'), 'svg'],
    ]
    for (const [data, name] of cases)
      expect(() => sniffImageFormat(data, 'f')).toThrow(`f: is a ${name} image; expected PNG, JPEG or WebP`)
  })

  it('an empty file', () => {
    expect(() => sniffImageFormat(new Uint8Array(), 'e.png')).toThrow(
      'e.png: is empty; expected a PNG, JPEG or WebP image',
    )
  })
})

describe('file-system errors as one line', () => {
  // EACCES cannot be produced for real here (the tests run as root, whom permissions do not stop).
  it('names the file and says what the errno means', () => {
    const errno = (code: string) => Object.assign(new Error(`${code}: raw message`), { code })
    expect(fileError('a/room.json', errno('EACCES')).message).toBe(
      'a/room.json: permission denied; expected a file Walkbox may read',
    )
    expect(fileError('a/room.json', errno('ENAMETOOLONG')).message).toBe(
      'a/room.json: the path is too long for the file system',
    )
    expect(fileError('a/room.json', errno('EWEIRD')).message).toBe('a/room.json: cannot read (EWEIRD)')
    const plain = new TypeError('not a file-system error')
    expect(fileError('a/room.json', plain)).toBe(plain)
  })
})
