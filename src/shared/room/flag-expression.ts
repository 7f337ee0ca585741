/**
 * Flag expressions: the small boolean language that says when a walk area, a gate
 * or a zone is active, in terms of the project's game-state flags.
 *
 * Glossary
 * - flag: a project-level boolean game-state variable (project.walkbox.json `flags`),
 *   named by its id. An id is a letter or '_' followed by letters, digits or '_'.
 * - expression: text such as `door_open && !(guard_awake || alarm)`.
 * - column: 1-based character position in the expression text, used in errors.
 *
 * Grammar (whitespace between tokens is ignored; `&&` binds tighter than `||`):
 *
 *   expression := or
 *   or         := and ( '||' and )*
 *   and        := unary ( '&&' unary )*
 *   unary      := '!' unary | primary
 *   primary    := 'true' | 'false' | flag-id | '(' or ')'
 *   flag-id    := [A-Za-z_][A-Za-z0-9_]*
 *
 * `true` and `false` are reserved and cannot be flag ids. An empty expression is an
 * error; a field that is always active leaves its expression out instead.
 *
 * Limits (limits.ts): at most MAX_FLAG_EXPRESSION_LENGTH characters, checked before
 * tokenising, and brackets and '!' nested at most MAX_FLAG_EXPRESSION_DEPTH deep, checked
 * while parsing; so the parser's recursion, and every walk over the tree, stays shallow.
 *
 * Units: none (columns are characters, 1-based).
 */

import { MAX_FLAG_EXPRESSION_DEPTH, MAX_FLAG_EXPRESSION_LENGTH } from '../limits'

/** Pattern a flag id must match; shared with the schema. */
export const FLAG_ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Words that are literals, never flag ids. */
export const RESERVED_FLAG_WORDS: readonly string[] = ['true', 'false']

/** Parsed expression tree. `column` is where the node starts in the source (1-based). */
export type FlagExpression =
  | { kind: 'constant'; value: boolean; column: number }
  | { kind: 'flag'; id: string; column: number }
  | { kind: 'not'; operand: FlagExpression; column: number }
  | { kind: 'and'; left: FlagExpression; right: FlagExpression; column: number }
  | { kind: 'or'; left: FlagExpression; right: FlagExpression; column: number }

/** A syntax error, with the 1-based column where the parser stopped. */
export class FlagExpressionError extends Error {
  readonly column: number
  constructor(message: string, column: number) {
    super(message)
    this.name = 'FlagExpressionError'
    this.column = column
  }
}

type TokenKind = 'not' | 'and' | 'or' | 'open' | 'close' | 'word' | 'end'

interface Token {
  kind: TokenKind
  text: string
  column: number
}

function describe(token: Token): string {
  return token.kind === 'end' ? 'the end of the expression' : `'${token.text}'`
}

function tokenise(source: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < source.length) {
    const ch = source[i]
    const column = i + 1
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++
    } else if (ch === '!') {
      tokens.push({ kind: 'not', text: '!', column })
      i++
    } else if (ch === '(') {
      tokens.push({ kind: 'open', text: '(', column })
      i++
    } else if (ch === ')') {
      tokens.push({ kind: 'close', text: ')', column })
      i++
    } else if (ch === '&' || ch === '|') {
      if (source[i + 1] !== ch) {
        throw new FlagExpressionError(
          `expected '${ch}${ch}' at column ${column}, found a single '${ch}'`,
          column,
        )
      }
      tokens.push({ kind: ch === '&' ? 'and' : 'or', text: ch + ch, column })
      i += 2
    } else if (/[A-Za-z_]/.test(ch)) {
      let j = i + 1
      while (j < source.length && /[A-Za-z0-9_]/.test(source[j])) j++
      tokens.push({ kind: 'word', text: source.slice(i, j), column })
      i = j
    } else {
      throw new FlagExpressionError(
        `unexpected character '${ch}' at column ${column}; expected a flag name, 'true', 'false', '!', '&&', '||', '(' or ')'`,
        column,
      )
    }
  }
  tokens.push({ kind: 'end', text: '', column: source.length + 1 })
  return tokens
}

/** Parse an expression; throws FlagExpressionError with a column on bad input. */
export function parseFlagExpression(source: string): FlagExpression {
  if (source.length > MAX_FLAG_EXPRESSION_LENGTH) {
    throw new FlagExpressionError(
      `expected at most ${MAX_FLAG_EXPRESSION_LENGTH} characters (Walkbox's limit for a flag expression), found ${source.length}`,
      MAX_FLAG_EXPRESSION_LENGTH + 1,
    )
  }
  const tokens = tokenise(source)
  let pos = 0
  const peek = (): Token => tokens[pos]
  const next = (): Token => tokens[pos++]
  // Brackets and '!' open a level each; `deeper` refuses the one past the limit.
  let depth = 0
  const deeper = (token: Token) => {
    if (++depth > MAX_FLAG_EXPRESSION_DEPTH) {
      throw new FlagExpressionError(
        `'${token.text}' at column ${token.column} nests more than ${MAX_FLAG_EXPRESSION_DEPTH} levels deep; expected at most ${MAX_FLAG_EXPRESSION_DEPTH} nested brackets and '!'`,
        token.column,
      )
    }
  }

  const parseOr = (): FlagExpression => {
    let left = parseAnd()
    while (peek().kind === 'or') {
      const op = next()
      const right = parseAnd()
      left = { kind: 'or', left, right, column: op.column }
    }
    return left
  }

  const parseAnd = (): FlagExpression => {
    let left = parseUnary(undefined)
    while (peek().kind === 'and') {
      const op = next()
      const right = parseUnary(op)
      left = { kind: 'and', left, right, column: op.column }
    }
    return left
  }

  // `after` is the operator just consumed, so the error can say what it needed.
  const parseUnary = (after: Token | undefined): FlagExpression => {
    if (peek().kind === 'not') {
      const op = next()
      deeper(op)
      const operand = parseUnary(op)
      depth--
      return { kind: 'not', operand, column: op.column }
    }
    return parsePrimary(after)
  }

  const parsePrimary = (after: Token | undefined): FlagExpression => {
    const token = next()
    if (token.kind === 'word') {
      if (token.text === 'true' || token.text === 'false') {
        return { kind: 'constant', value: token.text === 'true', column: token.column }
      }
      return { kind: 'flag', id: token.text, column: token.column }
    }
    if (token.kind === 'open') {
      deeper(token)
      const inner = parseOr()
      depth--
      const close = next()
      if (close.kind !== 'close') {
        throw new FlagExpressionError(
          `expected ')' to close the '(' at column ${token.column}, found ${describe(close)} at column ${close.column}`,
          close.column,
        )
      }
      return inner
    }
    const where = `at column ${token.column}`
    const what = after ? `a flag name after '${after.text}'` : `a flag name, 'true', 'false', '!' or '('`
    throw new FlagExpressionError(`expected ${what} ${where}, found ${describe(token)}`, token.column)
  }

  const tree = parseOr()
  const rest = peek()
  if (rest.kind !== 'end') {
    throw new FlagExpressionError(
      `expected '&&', '||' or the end of the expression at column ${rest.column}, found ${describe(rest)}`,
      rest.column,
    )
  }
  return tree
}

/** The error message for a bad expression, or undefined when it parses. */
export function flagExpressionError(source: string): string | undefined {
  try {
    parseFlagExpression(source)
    return undefined
  } catch (e) {
    if (e instanceof FlagExpressionError) return e.message
    throw e
  }
}

/** Flag ids an expression mentions, each once, in order of first use. */
export function flagsInExpression(expression: FlagExpression | string): string[] {
  const tree = typeof expression === 'string' ? parseFlagExpression(expression) : expression
  const seen: string[] = []
  const visit = (node: FlagExpression): void => {
    switch (node.kind) {
      case 'constant':
        return
      case 'flag':
        if (!seen.includes(node.id)) seen.push(node.id)
        return
      case 'not':
        visit(node.operand)
        return
      case 'and':
      case 'or':
        visit(node.left)
        visit(node.right)
    }
  }
  visit(tree)
  return seen
}

/** Flag values: a record of id -> value, or a lookup that returns undefined for unknown ids. */
export type FlagValues = Readonly<Record<string, boolean>> | ((id: string) => boolean | undefined)

/**
 * Evaluate an expression. `&&` and `||` short-circuit. A flag that has no value
 * throws ("unknown flag 'x' at column 3"), so typos do not silently read as false.
 */
export function evaluateFlagExpression(expression: FlagExpression | string, flags: FlagValues): boolean {
  const tree = typeof expression === 'string' ? parseFlagExpression(expression) : expression
  const lookup =
    typeof flags === 'function'
      ? flags
      : (id: string): boolean | undefined => (Object.hasOwn(flags, id) ? flags[id] : undefined)
  const run = (node: FlagExpression): boolean => {
    switch (node.kind) {
      case 'constant':
        return node.value
      case 'flag': {
        const value = lookup(node.id)
        if (value === undefined) throw new Error(`unknown flag '${node.id}' at column ${node.column}`)
        return value
      }
      case 'not':
        return !run(node.operand)
      case 'and':
        return run(node.left) && run(node.right)
      case 'or':
        return run(node.left) || run(node.right)
    }
  }
  return run(tree)
}

/** Canonical text of an expression: single spaces around binary operators, only the brackets needed. */
export function formatFlagExpression(expression: FlagExpression | string): string {
  const tree = typeof expression === 'string' ? parseFlagExpression(expression) : expression
  // Binding strength: or 1, and 2, not/primary 3.
  const strength = (node: FlagExpression): number => (node.kind === 'or' ? 1 : node.kind === 'and' ? 2 : 3)
  const show = (node: FlagExpression, needs: number): string => {
    let text: string
    switch (node.kind) {
      case 'constant':
        text = node.value ? 'true' : 'false'
        break
      case 'flag':
        text = node.id
        break
      case 'not':
        text = '!' + show(node.operand, 3)
        break
      case 'and':
        text = `${show(node.left, 2)} && ${show(node.right, 3)}`
        break
      case 'or':
        text = `${show(node.left, 1)} || ${show(node.right, 2)}`
        break
    }
    return strength(node) < needs ? `(${text})` : text
  }
  return show(tree, 1)
}

/**
 * The expression with every mention of flag `from` renamed to `to`, keeping the author's
 * spacing and brackets. Flag ids are whole words of the grammar, so a mention is `from`
 * with no letter, digit or '_' on either side. `to` must be a valid flag id.
 */
export function renameFlagInExpression(source: string, from: string, to: string): string {
  if (!FLAG_ID_PATTERN.test(from) || !FLAG_ID_PATTERN.test(to) || RESERVED_FLAG_WORDS.includes(to))
    throw new Error(`cannot rename flag '${from}' to '${to}': both must be flag names`)
  return source.replace(new RegExp(`(?<![A-Za-z0-9_])${from}(?![A-Za-z0-9_])`, 'g'), to)
}
