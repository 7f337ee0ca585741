/**
 * The one XML patcher of Walkbox: edits of a text read by xml-read.ts that replace, insert or
 * remove elements, an element's text, or attributes in place, and keep every other character
 * of the file as it was (other elements, comments, attribute order and quoting, indentation,
 * line ends). The AGS 4 room writer (data.xml) and the Tiled .tmx writer use it.
 *
 * Glossary
 * - edit: replace `source.slice(start, end)` by `text`; an insertion has start === end.
 * - indentation of an element: the spaces and tabs between the start of its line and its '<'
 *   ('' when something else stands there).
 *
 * Units: characters (UTF-16 offsets into the source text).
 */
import type { XmlElement } from './xml-read'

export interface XmlEdit {
  start: number
  end: number
  text: string
}

/** `value` as element text: '&', '<' and '>' escaped. */
export function escapeXmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** `value` as a double-quoted attribute value: also '"' and line ends escaped (they would not survive a read). */
export function escapeXmlAttribute(value: string | number | boolean): string {
  return escapeXmlText(String(value))
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;')
}

/** The line end the file uses: '\r\n' when it has one, else '\n'. */
export function lineEndOf(source: string): string {
  return source.includes('\r\n') ? '\r\n' : '\n'
}

/** The spaces and tabs just before offset `at` (up to 200 characters back). */
export function indentBefore(source: string, at: number): string {
  return /[ \t]*$/.exec(source.slice(Math.max(0, at - 200), at))![0]
}

/** The indentation of `el`: the whitespace from its line's start to its '<', or '' when anything else stands there. */
export function indentOf(source: string, el: XmlElement): string {
  const lineStart = source.lastIndexOf('\n', el.start - 1) + 1
  const pad = source.slice(lineStart, el.start)
  return /^[ \t]*$/.test(pad) ? pad : ''
}

/** Replace the whole element (tags and content) by `text`. */
export function replaceElement(el: XmlElement, text: string): XmlEdit {
  return { start: el.start, end: el.end, text }
}

/** Replace what lies between the element's tags by `text` (raw XML); a self-closing element gets an end tag. */
export function replaceContent(source: string, el: XmlElement, text: string): XmlEdit {
  if (!el.selfClosing) return { start: el.openEnd, end: el.closeStart, text }
  const open = source.slice(el.start, el.end).replace(/\s*\/>$/, '>')
  return { start: el.start, end: el.end, text: `${open}${text}</${el.name}>` }
}

/** Set the text of an element without child elements (escaped here). */
export function setElementText(source: string, el: XmlElement, value: string): XmlEdit {
  if (el.children.length > 0) throw new Error(`<${el.name}> has child elements; its text is not patched`)
  return replaceContent(source, el, escapeXmlText(value))
}

/** Insert `text` just before the element's '<'. */
export function insertBefore(el: XmlElement, text: string): XmlEdit {
  return { start: el.start, end: el.start, text }
}

/** Insert `text` just after the element's end tag. */
export function insertAfter(el: XmlElement, text: string): XmlEdit {
  return { start: el.end, end: el.end, text }
}

/** Insert `text` as the parent's last content, just before its end tag (a self-closing parent gets one). */
export function appendContent(source: string, parent: XmlElement, text: string): XmlEdit {
  if (parent.selfClosing) return replaceContent(source, parent, text)
  return { start: parent.closeStart, end: parent.closeStart, text }
}

/** Insert `text` as the parent's first content, just after its start tag (a self-closing parent gets an end tag). */
export function prependContent(source: string, parent: XmlElement, text: string): XmlEdit {
  if (parent.selfClosing) return replaceContent(source, parent, text)
  return { start: parent.openEnd, end: parent.openEnd, text }
}

/**
 * Remove the element; with `wholeLine`, also its indentation and its line end when nothing
 * else stands on its line.
 */
export function removeElement(source: string, el: XmlElement, wholeLine = false): XmlEdit {
  if (!wholeLine) return { start: el.start, end: el.end, text: '' }
  const lineStart = source.lastIndexOf('\n', el.start - 1) + 1
  const after = /^[ \t]*(\r?\n|$)/.exec(source.slice(el.end, el.end + 202))
  if (!/^[ \t]*$/.test(source.slice(lineStart, el.start)) || !after)
    return { start: el.start, end: el.end, text: '' }
  return { start: lineStart, end: el.end + after[0].length, text: '' }
}

/** Where attribute `name`'s value sits in the element's start tag (inside the quotes), or null. */
function attributeSpan(
  source: string,
  el: XmlElement,
  name: string,
): { start: number; end: number; key: number } | null {
  const tag = source.slice(el.start, el.openEnd)
  const re = /\s([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("[^"]*"|'[^']*')/g
  for (const m of tag.matchAll(re)) {
    if (m[1] !== name) continue
    const valueAt = el.start + m.index + m[0].length - m[2].length
    return { start: valueAt + 1, end: valueAt + m[2].length - 1, key: el.start + m.index }
  }
  return null
}

/**
 * Set attribute `name` of the element to `value` (escaped here): its value replaced where it
 * stands (quotes kept; a single-quoted value gets '\'' escaped), or ` name="value"` added at
 * the end of the start tag.
 */
export function setAttribute(source: string, el: XmlElement, name: string, value: string | number): XmlEdit {
  const span = attributeSpan(source, el, name)
  if (span) {
    const quote = source[span.start - 1]
    const escaped = escapeXmlAttribute(value)
    return {
      start: span.start,
      end: span.end,
      text: quote === "'" ? escaped.replace(/&quot;/g, '"').replace(/'/g, '&apos;') : escaped,
    }
  }
  const tagEnd = el.selfClosing ? el.openEnd - 2 : el.openEnd - 1
  const before = /\s*$/.exec(source.slice(el.start, tagEnd))![0].length
  return { start: tagEnd - before, end: tagEnd - before, text: ` ${name}="${escapeXmlAttribute(value)}"` }
}

/** Remove attribute `name` (and the whitespace before it) from the element's start tag; null when it has none. */
export function removeAttribute(source: string, el: XmlElement, name: string): XmlEdit | null {
  const span = attributeSpan(source, el, name)
  if (!span) return null
  return { start: span.key, end: span.end + 1, text: '' }
}

/**
 * `source` with the edits applied. Edits may not overlap (two insertions at one offset go in
 * the order given); an edit inside another is refused.
 */
export function applyXmlEdits(source: string, edits: readonly XmlEdit[]): string {
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.start - b.e.start || a.i - b.i)
  let out = ''
  let at = 0
  for (const { e } of order) {
    if (e.start < at || e.end < e.start || e.end > source.length)
      throw new Error(`XML edits overlap at offset ${e.start}`)
    out += source.slice(at, e.start) + e.text
    at = e.end
  }
  return out + source.slice(at)
}
