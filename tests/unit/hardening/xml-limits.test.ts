/**
 * The one XML reader, with AGS 4's ceilings (room XML, Game.agf) and with Tiled's (.tmx/.tsx/.tx),
 * takes its depth ceiling and its wording from src/shared/limits.ts: a document one level
 * deeper than MAX_XML_DEPTH is refused with both in one line, the same line; one at the ceiling
 * is read with both.
 *
 * Units: levels (element nesting).
 */
import { describe, expect, it } from 'vitest'
import { parseXml } from '../../../src/shared/codecs/xml/xml-read'
import {
  AGS_XML_CEILINGS,
  MAX_XML_DEPTH,
  TILED_XML_CEILINGS,
  XML_LIMIT_PROBLEMS,
} from '../../../src/shared/limits'

const parseAgsXml = (text: string, file: string) => parseXml(text, file, AGS_XML_CEILINGS)
const parseTiledXml = (text: string, file: string) => parseXml(text, file, TILED_XML_CEILINGS)

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
