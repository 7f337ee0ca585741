/**
 * A small, bounded XML reader and text patcher for files Walkbox edits in place (the AGS
 * editor's room `data.xml`). It reads elements, attributes, text, comments and CDATA, and
 * remembers where every element and its content sit in the text, so that a patch replaces
 * only the characters of the fields it edits and keeps every other byte as it was.
 *
 * Untrusted input: a DOCTYPE, an entity declaration or any entity other than the five
 * predefined ones and numeric character references is refused (no entity expansion at all);
 * nesting deeper than MAX_XML_DEPTH, more than MAX_XML_ELEMENTS elements or a text longer
 * than MAX_XML_CHARS is refused, in one line, before any work proportional to it.
 *
 * Glossary
 * - offset: index into the JavaScript string the reader was given (UTF-16 code units).
 * - content: what lies between an element's start tag and its end tag (empty and at the
 *   '/>' for a self-closing element).
 * - patch: a replacement of one element's text content (escaped here).
 *
 * Units: characters (offsets), elements.
 */
import { MAX_XML_CHARS, MAX_XML_DEPTH, MAX_XML_ELEMENTS, XML_LIMIT_PROBLEMS } from '../../limits'

export interface XmlElement {
  name: string
  attrs: Record<string, string>
  children: XmlElement[]
  /** The element's own text (character data directly inside it, entities decoded). */
  text: string
  /** Offsets of '<' of the start tag and just past the end tag (or '/>'). */
  start: number
  end: number
  /** Offsets of the content (equal for a self-closing element). */
  contentStart: number
  contentEnd: number
  selfClosing: boolean
}

export class XmlError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`)
    this.name = 'XmlError'
  }
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

function lineOf(text: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/** Decode the five predefined entities and numeric references; refuse any other entity. */
export function decodeXmlText(raw: string, fail: (problem: string) => never): string {
  if (!raw.includes('&')) return raw
  return raw.replace(/&([^;&\s]{0,12});?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) fail(`'&' not starting an entity (write &amp;)`)
    if (body in PREDEFINED) return PREDEFINED[body]
    const m = /^#(x[0-9a-fA-F]{1,6}|[0-9]{1,7})$/.exec(body)
    if (m) {
      const code = m[1][0] === 'x' ? parseInt(m[1].slice(1), 16) : parseInt(m[1], 10)
      if (code > 0x10ffff || code === 0) fail(`character reference &${body}; is out of range`)
      return String.fromCodePoint(code)
    }
    return fail(`entity &${body}; is not one of XML's five; entities are not expanded`)
  })
}

export function escapeXmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Parse `text` into its root element. Throws XmlError naming `file` and the line. */
export function parseXml(text: string, file: string): XmlElement {
  if (text.length > MAX_XML_CHARS) throw new XmlError(file, XML_LIMIT_PROBLEMS.chars(text.length))
  let at = 0
  let count = 0
  const stack: XmlElement[] = []
  let root: XmlElement | null = null
  const fail = (problem: string, where = at): never => {
    throw new XmlError(file, `line ${lineOf(text, where)}: ${problem}`)
  }
  const name = (): string => {
    NAME.lastIndex = at
    const m = NAME.exec(text)
    if (!m) fail('expected a name')
    at += m![0].length
    return m![0]
  }
  const spaces = () => {
    while (at < text.length && /\s/.test(text[at])) at++
  }
  if (text.charCodeAt(0) === 0xfeff) at = 1
  while (at < text.length) {
    const lt = text.indexOf('<', at)
    if (lt < 0) {
      if (stack.length > 0 || text.slice(at).trim() !== '') fail('text outside the root element')
      break
    }
    if (lt > at) {
      const raw = text.slice(at, lt)
      if (stack.length === 0) {
        if (raw.trim() !== '') fail('text outside the root element')
      } else stack[stack.length - 1].text += decodeXmlText(raw, (p) => fail(p))
    }
    at = lt
    if (text.startsWith('<?', at)) {
      const close = text.indexOf('?>', at)
      if (close < 0) fail('unclosed processing instruction')
      at = close + 2
      continue
    }
    if (text.startsWith('<!--', at)) {
      const close = text.indexOf('-->', at + 4)
      if (close < 0) fail('unclosed comment')
      at = close + 3
      continue
    }
    if (text.startsWith('<![CDATA[', at)) {
      if (stack.length === 0) fail('CDATA outside the root element')
      const close = text.indexOf(']]>', at)
      if (close < 0) fail('unclosed CDATA')
      stack[stack.length - 1].text += text.slice(at + 9, close)
      at = close + 3
      continue
    }
    if (text.startsWith('<!', at)) {
      fail(
        /^<!DOCTYPE/i.test(text.slice(at, at + 9))
          ? 'a DOCTYPE is not accepted (no DTDs, no entities)'
          : 'a declaration (<!...) is not accepted (no DTDs, no entities)',
      )
    }
    if (text.startsWith('</', at)) {
      at += 2
      const n = name()
      spaces()
      if (text[at] !== '>') fail(`expected '>' closing </${n}`)
      const open = stack.pop()
      if (!open) fail(`</${n}> closes nothing`)
      if (open!.name !== n) fail(`</${n}> closes <${open!.name}>`)
      open!.contentEnd = lt
      at++
      open!.end = at
      continue
    }
    // A start tag.
    at++
    const el: XmlElement = {
      name: name(),
      attrs: Object.create(null) as Record<string, string>,
      children: [],
      text: '',
      start: lt,
      end: -1,
      contentStart: -1,
      contentEnd: -1,
      selfClosing: false,
    }
    if (++count > MAX_XML_ELEMENTS) fail(XML_LIMIT_PROBLEMS.elements)
    if (stack.length >= MAX_XML_DEPTH) fail(XML_LIMIT_PROBLEMS.depth)
    for (;;) {
      spaces()
      if (at >= text.length) fail(`unclosed tag <${el.name}`, lt)
      if (text[at] === '>') {
        at++
        el.contentStart = at
        break
      }
      if (text.startsWith('/>', at)) {
        el.selfClosing = true
        el.contentStart = el.contentEnd = at
        at += 2
        el.end = at
        break
      }
      const key = name()
      spaces()
      if (text[at] !== '=') fail(`expected '=' after attribute ${key}`)
      at++
      spaces()
      const quote = text[at]
      if (quote !== '"' && quote !== "'") fail(`expected a quoted value for attribute ${key}`)
      const close = text.indexOf(quote, at + 1)
      if (close < 0) fail(`unclosed value of attribute ${key}`)
      const raw = text.slice(at + 1, close)
      if (raw.includes('<')) fail(`'<' in the value of attribute ${key}`)
      if (key in el.attrs) fail(`attribute ${key} given twice`)
      el.attrs[key] = decodeXmlText(raw, (p) => fail(p))
      at = close + 1
    }
    if (stack.length === 0) {
      if (root) fail('a second root element')
      root = el
    } else stack[stack.length - 1].children.push(el)
    if (!el.selfClosing) stack.push(el)
  }
  if (stack.length > 0) fail(`<${stack[stack.length - 1].name}> is not closed`, stack[stack.length - 1].start)
  if (!root) throw new XmlError(file, 'no root element')
  return root
}

/** The first child named `name`, or null. */
export function child(el: XmlElement, name: string): XmlElement | null {
  return el.children.find((c) => c.name === name) ?? null
}

export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name)
}

export interface XmlTextPatch {
  element: XmlElement
  /** The new text (escaped here). */
  value: string
}

/**
 * `text` with each patched element's content replaced by its new text; everything else is
 * kept character for character. A self-closing element becomes `<Name>value</Name>`
 * (its attributes kept). Patches must name distinct elements without children.
 */
export function patchXmlText(text: string, patches: readonly XmlTextPatch[]): string {
  const sorted = [...patches].sort((a, b) => b.element.start - a.element.start)
  let out = text
  for (const { element: el, value } of sorted) {
    if (el.children.length > 0) throw new Error(`<${el.name}> has child elements; its text is not patched`)
    if (el.selfClosing) {
      const tag = text.slice(el.start, el.contentStart).replace(/\s*$/, '')
      out = out.slice(0, el.start) + `${tag}>${escapeXmlText(value)}</${el.name}>` + out.slice(el.end)
    } else {
      out = out.slice(0, el.contentStart) + escapeXmlText(value) + out.slice(el.contentEnd)
    }
  }
  return out
}
