/**
 * Both XML readers (AGS 4's room XML, Tiled's .tmx/.tsx/.tx) take their depth ceiling and its
 * wording from src/shared/limits.ts: a document one level deeper than MAX_XML_DEPTH is refused
 * by both in one line, the same line; one at the ceiling is read by both.
 *
 * Units: levels (element nesting).
 */
import { describe, expect, it } from 'vitest'
import { parseXml as parseAgsXml } from '../../../src/shared/formats/ags/xml-lite'
import { parseXml as parseTiledXml } from '../../../src/shared/formats/tiled/tmx'
import { MAX_XML_DEPTH, XML_LIMIT_PROBLEMS } from '../../../src/shared/limits'

function nested(levels: number): string {
  return '<a>'.repeat(levels) + '</a>'.repeat(levels)
}

describe('the XML depth ceiling', () => {
  const readers = [
    ['AGS', parseAgsXml],
    ['Tiled', parseTiledXml],
  ] as const

  it.each(readers)('%s reads a document nested MAX_XML_DEPTH deep', (_, parse) => {
    expect(parse(nested(MAX_XML_DEPTH), 'at.xml').name).toBe('a')
  })

  it.each(readers)('%s refuses one level deeper in one line naming the ceiling', (_, parse) => {
    let message = ''
    try {
      parse(nested(MAX_XML_DEPTH + 1), 'deep.xml')
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/^deep\.xml: /)
    expect(message).toContain(XML_LIMIT_PROBLEMS.depth)
    expect(message).not.toContain('\n')
  })
})
