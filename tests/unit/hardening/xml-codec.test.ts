/**
 * The one bounded XML reader (src/shared/codecs/xml/xml-read.ts) and patcher (xml-patch.ts):
 * malformed input refused in one line naming the file and the line, entities (the five of XML
 * and character references only; no DTD), CDATA and comments, every ceiling of
 * src/shared/limits.ts hit with its message (and the document at the ceiling read), and
 * patches that keep every other character of the text.
 *
 * Units: characters (offsets and lengths), levels, counts.
 */
import { describe, expect, it } from 'vitest'
import { child, childrenNamed, parseXml, XmlError } from '../../../src/shared/codecs/xml/xml-read'
import {
  appendContent,
  applyXmlEdits,
  escapeXmlAttribute,
  insertAfter,
  insertBefore,
  prependContent,
  removeAttribute,
  removeElement,
  replaceContent,
  replaceElement,
  setAttribute,
  setElementText,
} from '../../../src/shared/codecs/xml/xml-patch'
import {
  AGS_XML_CEILINGS,
  MAX_XML_ATTRIBUTE_CHARS,
  MAX_XML_ATTRIBUTES,
  MAX_XML_CHARS,
  TILED_XML_CEILINGS,
  XML_LIMIT_PROBLEMS,
  type XmlCeilings,
} from '../../../src/shared/limits'

const read = (text: string, ceilings: XmlCeilings = AGS_XML_CEILINGS) => parseXml(text, 'f.xml', ceilings)

/** The message `text` is refused with (one line), or '' when it is read. */
function refusal(text: string, ceilings: XmlCeilings = AGS_XML_CEILINGS): string {
  try {
    read(text, ceilings)
    return ''
  } catch (e) {
    expect(e).toBeInstanceOf(XmlError)
    expect((e as Error).message).not.toContain('\n')
    return (e as Error).message
  }
}

describe('the XML reader', () => {
  it('reads elements, attributes in either quotes, text with its whitespace, and where each tag sits', () => {
    const text = `<?xml version="1.0"?>\n<r a="1" b='two'>\n  <c>x y </c>\n  <d/>\n</r>\n`
    const r = read(text)
    expect(r.name).toBe('r')
    expect({ ...r.attrs }).toEqual({ a: '1', b: 'two' })
    const c = child(r, 'c')!
    expect(c.text).toBe('x y ')
    expect(text.slice(c.start, c.openEnd)).toBe('<c>')
    expect(text.slice(c.openEnd, c.closeStart)).toBe('x y ')
    expect(text.slice(c.closeStart, c.end)).toBe('</c>')
    const d = child(r, 'd')!
    expect(d.selfClosing).toBe(true)
    expect(text.slice(d.start, d.end)).toBe('<d/>')
    expect([d.openEnd, d.closeStart]).toEqual([d.end, d.end])
    expect(childrenNamed(r, 'c')).toEqual([c])
    expect(child(r, 'none')).toBeNull()
  })

  it("decodes XML's five entities and character references, in text and attributes", () => {
    const r = read(`<r v="&lt;&amp;&quot;&apos;&gt;&#65;&#x42;">&lt;a&gt; &#x1F600;</r>`)
    expect(r.attrs.v).toBe(`<&"'>AB`)
    expect(r.text).toBe('<a> \u{1F600}')
  })

  it('refuses any other entity, a bare &, and a reference out of range (nothing is expanded)', () => {
    expect(refusal('<r>&nbsp;</r>')).toBe(
      "f.xml: line 1: entity &nbsp; is not one of XML's five; entities are not expanded",
    )
    expect(refusal('<r a="&e;"/>')).toContain('entity &e; is not one of')
    expect(refusal('<r>a & b</r>')).toContain("'&' not starting an entity")
    expect(refusal('<r>&#x110000;</r>')).toContain('is out of range')
    expect(refusal('<r>&#0;</r>')).toContain('is out of range')
  })

  it('refuses a DOCTYPE that declares anything, and passes over a bare one', () => {
    expect(refusal('<!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>')).toBe(
      'f.xml: line 1: a DOCTYPE is not accepted (no DTDs, no entities)',
    )
    expect(refusal('<r><!ENTITY a "b"></r>')).toContain('a declaration (<!...) is not accepted')
    expect(read('<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n<map/>').name).toBe('map')
    // A DOCTYPE after the root is no bare prologue line.
    expect(refusal('<r/><!DOCTYPE r>')).toContain('a DOCTYPE is not accepted')
  })

  it('reads CDATA as text, verbatim, and passes over comments and processing instructions', () => {
    const r = read('<r><!-- a <b> comment --><?pi x?>a<![CDATA[<&amp;>]]>b</r>')
    expect(r.text).toBe('a<&amp;>b')
    expect(r.children).toEqual([])
  })

  it.each([
    ['<r><a></r>', 'f.xml: line 1: </r> closes <a>'],
    ['<r>\n</a>', 'f.xml: line 2: </a> closes <r>'],
    ['<r>', 'f.xml: line 1: <r> is not closed'],
    ['<r/><s/>', 'f.xml: line 1: a second root element'],
    ['text<r/>', 'f.xml: line 1: text outside the root element'],
    ['<r/>tail', 'f.xml: line 1: text outside the root element'],
    ['<r a="1" a="2"/>', 'f.xml: line 1: attribute a given twice'],
    ['<r a=1/>', 'f.xml: line 1: expected a quoted value for attribute a'],
    ['<r a="<"/>', "f.xml: line 1: '<' in the value of attribute a"],
    ['<r a="1"', 'f.xml: line 1: unclosed tag <r'],
    ['<r><!-- x</r>', 'f.xml: line 1: unclosed comment'],
    ['<r><![CDATA[x</r>', 'f.xml: line 1: unclosed CDATA'],
    ['<r><1/></r>', 'f.xml: line 1: expected a name'],
    ['', 'f.xml: no root element'],
    ['<?xml version="1.0"?>', 'f.xml: no root element'],
  ])('refuses %j in one line: %s', (text, message) => {
    expect(refusal(text)).toBe(message)
  })

  it('refuses a text longer than its ceiling before reading it, and reads one at the ceiling', () => {
    const small: XmlCeilings = { ...AGS_XML_CEILINGS, chars: 20 }
    expect(refusal('<r>' + 'x'.repeat(13) + '</r>', small)).toBe('')
    expect(refusal('<r>' + 'x'.repeat(14) + '</r>', small)).toBe(`f.xml: ${XML_LIMIT_PROBLEMS.chars(21, 20)}`)
    expect(refusal('<r/>' + ' '.repeat(MAX_XML_CHARS))).toBe(
      `f.xml: is ${MAX_XML_CHARS + 4} characters; Walkbox reads at most ${MAX_XML_CHARS}`,
    )
  })

  it('refuses one element more than its ceiling, naming it', () => {
    const small: XmlCeilings = { ...AGS_XML_CEILINGS, elements: 3 }
    expect(refusal('<r><a/><a/></r>', small)).toBe('')
    expect(refusal('<r><a/><a/><a/></r>', small)).toBe(`f.xml: line 1: ${XML_LIMIT_PROBLEMS.elements(3)}`)
    expect(XML_LIMIT_PROBLEMS.elements(3)).toBe('more than 3 elements')
  })

  it('refuses one level deeper than its ceiling', () => {
    const small: XmlCeilings = { ...AGS_XML_CEILINGS, depth: 3 }
    expect(refusal('<a><a><a/></a></a>', small)).toBe('')
    expect(refusal('<a><a><a><a/></a></a></a>', small)).toBe('f.xml: line 1: elements nested deeper than 3')
  })

  it('refuses one attribute more than its ceiling, and one attribute value longer than its ceiling', () => {
    const attrs = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="${i}"`).join('')
    expect(refusal(`<r${attrs(MAX_XML_ATTRIBUTES)}/>`)).toBe('')
    expect(refusal(`<r${attrs(MAX_XML_ATTRIBUTES + 1)}/>`)).toBe(
      `f.xml: line 1: <r> has more than ${MAX_XML_ATTRIBUTES} attributes`,
    )
    expect(refusal(`<r v="${'x'.repeat(MAX_XML_ATTRIBUTE_CHARS)}"/>`)).toBe('')
    expect(refusal(`<r>\n<s v="${'x'.repeat(MAX_XML_ATTRIBUTE_CHARS + 1)}"/></r>`)).toBe(
      `f.xml: line 2: attribute v is ${MAX_XML_ATTRIBUTE_CHARS + 1} characters long; Walkbox reads at most ${MAX_XML_ATTRIBUTE_CHARS}`,
    )
  })

  it('gives Tiled more elements than AGS (an XML tile layer is one element a cell), the same depth', () => {
    const many = '<r>' + '<t/>'.repeat(AGS_XML_CEILINGS.elements) + '</r>'
    expect(refusal(many, AGS_XML_CEILINGS)).toContain(XML_LIMIT_PROBLEMS.elements(AGS_XML_CEILINGS.elements))
    expect(read(many, TILED_XML_CEILINGS).children).toHaveLength(AGS_XML_CEILINGS.elements)
    expect(TILED_XML_CEILINGS.depth).toBe(AGS_XML_CEILINGS.depth)
  })

  it('takes a name like "__proto__" or "constructor" as any other attribute', () => {
    const r = read('<r __proto__="x" constructor="y"/>')
    expect(r.attrs.__proto__).toBe('x')
    expect(r.attrs.constructor).toBe('y')
    expect(Object.keys(r.attrs)).toEqual(['__proto__', 'constructor'])
  })
})

describe('the XML patcher', () => {
  const text =
    '\ufeff<?xml version="1.0"?>\r\n<!-- kept -->\r\n<r  b=\'1\'   a="x"\r\n   >\r\n  <c>old</c>\r\n  <d k="v" />\r\n  <e/>\r\n</r>\r\n'
  const root = read(text)
  const [c, d, e] = root.children

  it('with no edit returns the text itself', () => {
    expect(applyXmlEdits(text, [])).toBe(text)
  })

  it("replaces an element's text, and turns a self-closing element into one with text, its attributes kept", () => {
    const out = applyXmlEdits(text, [setElementText(text, c, 'a<b&c'), setElementText(text, d, 'z')])
    expect(out).toBe(
      text.replace('<c>old</c>', '<c>a&lt;b&amp;c</c>').replace('<d k="v" />', '<d k="v">z</d>'),
    )
    expect(read(out).children[0].text).toBe('a<b&c')
  })

  it('refuses to set the text of an element with children', () => {
    expect(() => setElementText(text, root, 'x')).toThrow('<r> has child elements; its text is not patched')
  })

  it('sets an attribute in place keeping its quotes, adds a missing one at the end of the tag, removes one', () => {
    const out = applyXmlEdits(text, [
      setAttribute(text, root, 'b', "it's"),
      setAttribute(text, root, 'a', 'q"q'),
      setAttribute(text, root, 'n', 7),
      removeAttribute(text, d, 'k')!,
    ])
    expect(out).toBe(
      text
        .replace(`<r  b='1'   a="x"\r\n   >`, `<r  b='it&apos;s'   a="q&quot;q" n="7"\r\n   >`)
        .replace('<d k="v" />', '<d />'),
    )
    const again = read(out)
    expect({ ...again.attrs }).toEqual({ b: "it's", a: 'q"q', n: '7' })
    expect(removeAttribute(text, e, 'k')).toBeNull()
    expect(applyXmlEdits(text, [setAttribute(text, e, 'k', 1)])).toBe(text.replace('<e/>', '<e k="1"/>'))
  })

  it('escapes what an attribute value cannot hold literally, so it reads back the same', () => {
    const value = 'a\nb\tc\rd<&>"'
    const out = applyXmlEdits(text, [setAttribute(text, e, 'v', value)])
    expect(read(out).children[2].attrs.v).toBe(value)
    expect(escapeXmlAttribute(value)).not.toMatch(/[\n\r\t<>"]/)
  })

  it('inserts before, after, as first and as last content, and replaces or removes whole elements', () => {
    const out = applyXmlEdits(text, [
      insertBefore(c, '<b/>'),
      insertAfter(c, '<c2/>'),
      prependContent(text, root, '<first/>'),
      appendContent(text, root, '<last/>'),
      appendContent(text, e, '<in/>'),
      replaceElement(d, '<D/>'),
    ])
    expect(out).toBe(
      text
        .replace('\r\n   >', '\r\n   ><first/>')
        .replace('<c>old</c>', '<b/><c>old</c><c2/>')
        .replace('<d k="v" />', '<D/>')
        .replace('<e/>', '<e><in/></e>')
        .replace('</r>', '<last/></r>'),
    )
    expect(read(out).children.map((x) => x.name)).toEqual(['first', 'b', 'c', 'c2', 'D', 'e', 'last'])
  })

  it('removes an element alone or with its line', () => {
    expect(applyXmlEdits(text, [removeElement(text, d)])).toBe(text.replace('<d k="v" />', ''))
    expect(applyXmlEdits(text, [removeElement(text, d, true)])).toBe(text.replace('  <d k="v" />\r\n', ''))
    // Something else on its line: only the element goes.
    const inline = '<r><a/> <b/></r>'
    const b = read(inline).children[1]
    expect(applyXmlEdits(inline, [removeElement(inline, b, true)])).toBe('<r><a/> </r>')
  })

  it('replaces content, keeping both tags', () => {
    expect(applyXmlEdits(text, [replaceContent(text, c, '<x/>')])).toBe(
      text.replace('<c>old</c>', '<c><x/></c>'),
    )
  })

  it('keeps insertions at one offset in the order given and refuses overlapping edits', () => {
    expect(applyXmlEdits(text, [insertBefore(c, '1'), insertBefore(c, '2')])).toBe(
      text.replace('<c>', '12<c>'),
    )
    expect(() => applyXmlEdits(text, [replaceElement(root, '<r/>'), setElementText(text, c, 'x')])).toThrow(
      'XML edits overlap',
    )
  })
})
