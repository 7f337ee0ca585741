/**
 * The one bounded XML reader of Walkbox: every XML file it opens (AGS 4's room data.xml and
 * Game.agf, Tiled's .tmx, .tsx and .tx) goes through here. It reads elements, attributes,
 * text, comments, CDATA, processing instructions and a bare DOCTYPE line, and remembers where
 * every element's tags sit in the text so that xml-patch.ts can rewrite only what an edit
 * touches and keep every other byte.
 *
 * Untrusted input: no DTD is read and no entity is expanded. A DOCTYPE with an internal
 * subset (`[...]`, where entities are declared) and any other `<!` declaration are refused;
 * a bare `<!DOCTYPE map SYSTEM "...">` (older Tiled wrote one) names nothing to expand and is
 * passed over. Only XML's five predefined entities and numeric character references are
 * decoded; any other `&name;` is refused. The ceilings (input characters, elements, depth,
 * attributes of one element, characters of one attribute value) come from
 * src/shared/limits.ts (AGS_XML_CEILINGS, TILED_XML_CEILINGS) and each is refused in one line
 * before any work proportional to what lies beyond it.
 *
 * Glossary
 * - offset: index into the JavaScript string the reader was given (UTF-16 code units).
 * - start tag span: `start` (its '<') to `openEnd` (just past its '>' or '/>').
 * - content: `openEnd` to `closeStart` (the '<' of the end tag); empty for a self-closing
 *   element, whose `openEnd`, `closeStart` and `end` are equal.
 * - text: the character data directly inside an element (CDATA included), entities decoded,
 *   whitespace kept.
 *
 * Units: characters (offsets, lengths), levels (depth), counts otherwise.
 */
import { XML_LIMIT_PROBLEMS, type XmlCeilings } from '../../limits'

export interface XmlElement {
  name: string
  /** Attribute values, entities decoded (a prototype-less record: any name is safe). */
  attrs: Record<string, string>
  children: XmlElement[]
  /** The element's own character data (CDATA included, entities decoded, whitespace kept). */
  text: string
  /** The '<' of the start tag. */
  start: number
  /** Just past the start tag's '>' (or '/>'). */
  openEnd: number
  /** The '<' of the end tag (openEnd when self-closing). */
  closeStart: number
  /** Just past the end tag's '>' (or '/>'). */
  end: number
  selfClosing: boolean
}

/** A refusal of the reader: "`file`: line N: problem", one line. */
export class XmlError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`)
    this.name = 'XmlError'
  }
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
/** A DOCTYPE without an internal subset: quoted literals and names only, up to its '>'. */
const BARE_DOCTYPE = /<!DOCTYPE(?:\s+(?:"[^"]*"|'[^']*'|[^\s"'[\]<>]+))+\s*>/y

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

/**
 * The root element of `text`, read within `ceilings`. Throws XmlError naming `file` and the
 * line on malformed input or a ceiling passed.
 */
export function parseXml(text: string, file: string, ceilings: XmlCeilings): XmlElement {
  if (text.length > ceilings.chars)
    throw new XmlError(file, XML_LIMIT_PROBLEMS.chars(text.length, ceilings.chars))
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
    for (;;) {
      const c = text.charCodeAt(at)
      if (c === 32 || c === 10 || c === 13 || c === 9) at++
      else return
    }
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
      BARE_DOCTYPE.lastIndex = at
      const bare = stack.length === 0 && root === null ? BARE_DOCTYPE.exec(text) : null
      if (bare) {
        at += bare[0].length
        continue
      }
      fail(
        text.startsWith('<!DOCTYPE', at)
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
      open!.closeStart = lt
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
      openEnd: -1,
      closeStart: -1,
      end: -1,
      selfClosing: false,
    }
    if (++count > ceilings.elements) fail(XML_LIMIT_PROBLEMS.elements(ceilings.elements))
    if (stack.length >= ceilings.depth) fail(XML_LIMIT_PROBLEMS.nested(ceilings.depth))
    let attributes = 0
    for (;;) {
      spaces()
      if (at >= text.length) fail(`unclosed tag <${el.name}`, lt)
      if (text[at] === '>') {
        at++
        el.openEnd = at
        break
      }
      if (text.startsWith('/>', at)) {
        el.selfClosing = true
        at += 2
        el.openEnd = el.closeStart = el.end = at
        break
      }
      const key = name()
      if (++attributes > ceilings.attributes)
        fail(XML_LIMIT_PROBLEMS.attributes(el.name, ceilings.attributes))
      spaces()
      if (text[at] !== '=') fail(`expected '=' after attribute ${key}`)
      at++
      spaces()
      const quote = text[at]
      if (quote !== '"' && quote !== "'") fail(`expected a quoted value for attribute ${key}`)
      const close = text.indexOf(quote, at + 1)
      if (close < 0) fail(`unclosed value of attribute ${key}`)
      if (close - at - 1 > ceilings.attributeChars)
        fail(XML_LIMIT_PROBLEMS.attributeChars(key, close - at - 1, ceilings.attributeChars))
      const raw = text.slice(at + 1, close)
      if (raw.includes('<')) fail(`'<' in the value of attribute ${key}`)
      if (key in el.attrs) fail(`attribute ${key} given twice`)
      el.attrs[key] = decodeXmlText(raw, (p) => fail(p))
      at = close + 1
    }
    if (stack.length === 0) {
      if (root) fail('a second root element', lt)
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

/** Every child named `name`, in document order. */
export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name)
}
