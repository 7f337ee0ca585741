import { describe, expect, it } from 'vitest'
import {
  evaluateFlagExpression,
  FlagExpressionError,
  flagExpressionError,
  flagsInExpression,
  formatFlagExpression,
  parseFlagExpression,
} from '../../../src/shared/room/flag-expression'

const flags = { a: true, b: false, c: true, door_open: false }

describe('flag expressions', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['a', true],
    ['!a', false],
    ['!!a', true],
    ['a && b', false],
    ['a || b', true],
    ['b || b && a', false],
    ['a || b && b', true], // && binds tighter: a || (b && b)
    ['(a || b) && b', false],
    ['!(a && c) || door_open', false],
    ['  a&&c  ', true],
  ])('%s is %s', (text, expected) => {
    expect(evaluateFlagExpression(text, flags)).toBe(expected)
  })

  it('accepts a lookup function and short-circuits', () => {
    const asked: string[] = []
    const lookup = (id: string) => {
      asked.push(id)
      return id === 'x'
    }
    expect(evaluateFlagExpression('x || y', lookup)).toBe(true)
    expect(asked).toEqual(['x'])
  })

  it('throws on unknown flags instead of reading them as false', () => {
    expect(() => evaluateFlagExpression('a && nope', flags)).toThrow("unknown flag 'nope' at column 6")
  })

  it.each([
    ['a && !', "expected a flag name after '!' at column 7, found the end of the expression"],
    ['!!&&', "expected a flag name after '!' at column 3, found '&&'"],
    ['a &&', "expected a flag name after '&&' at column 5"],
    ['', "expected a flag name, 'true', 'false', '!' or '(' at column 1"],
    ['(a || b', "expected ')' to close the '(' at column 1, found the end of the expression at column 8"],
    ['a b', "expected '&&', '||' or the end of the expression at column 3, found 'b'"],
    ['a & b', "expected '&&' at column 3, found a single '&'"],
    ['a == b', "unexpected character '=' at column 3"],
    ['a)', "expected '&&', '||' or the end of the expression at column 2, found ')'"],
  ])('reports %j clearly', (text, message) => {
    expect(flagExpressionError(text)).toContain(message)
    try {
      parseFlagExpression(text)
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(FlagExpressionError)
    }
  })

  it('reports the column of the problem', () => {
    try {
      parseFlagExpression('a && (b || )')
      expect.unreachable()
    } catch (e) {
      expect((e as FlagExpressionError).column).toBe(12)
    }
  })

  it('lists the flags it reads, once each', () => {
    expect(flagsInExpression('a && !(b || a) || true')).toEqual(['a', 'b'])
  })

  it.each([
    ['a&&b', 'a && b'],
    ['((a))', 'a'],
    ['(a && b) || c', 'a && b || c'],
    ['a && (b || c)', 'a && (b || c)'],
    ['!(a)', '!a'],
    ['!(a || b)', '!(a || b)'],
    ['a || (b || c)', 'a || (b || c)'],
  ])('formats %j as %j with the same meaning', (text, canonical) => {
    expect(formatFlagExpression(text)).toBe(canonical)
    for (const a of [false, true])
      for (const b of [false, true])
        for (const c of [false, true]) {
          const v = { a, b, c }
          expect(evaluateFlagExpression(canonical, v)).toBe(evaluateFlagExpression(text, v))
        }
  })
})
