/**
 * An AGS 3 room (the bench's room1.crm) exported as a new AGS 4 room folder keeps what the
 * .crm had that Walkbox carries as room points and zones: the room's edges, its object
 * (script name, description, sprite, start point, visibility) and its regions' event
 * functions, in the data.xml fields AGS 4 reads them from.
 *
 * Units: px.
 */
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { importCrmRoom } from '../../../src/shared/formats/ags/crm-import'
import { exportNewOpenRoom } from '../../../src/shared/formats/ags/open-room-new'
import { child, childrenNamed, parseXml } from '../../../src/shared/codecs/xml/xml-read'
import { AGS_XML_CEILINGS } from '../../../src/shared/limits'
import type { ImportSource } from '../../../src/shared/formats/registry'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { parseRoom, type Room } from '../../../src/shared/room/schema'
import { benchPath } from '../../support/bench-data'

let room: Room
let mask: Uint8Array

beforeAll(async () => {
  const bytes = new Uint8Array(await readFile(benchPath('engines', 'ags-tumbleweed', 'room1.crm')))
  const source: ImportSource = {
    readText: async () => null,
    readBytes: async () => bytes,
    decodeImage: async () => {
      throw new Error('no images')
    },
    imageSize: () => null,
  }
  const imported = await importCrmRoom(source, 'room1.crm', {})
  room = normaliseRoom(parseRoom(JSON.parse(JSON.stringify(imported.room))))
  mask = imported.mask!
})

function dataXml(r: Room) {
  const result = exportNewOpenRoom({ room: r, mask, background: null, scaleMap: null }, { number: 1 })
  const file = result.files.find((f) => f.path === 'data.xml')
  if (!file || !('text' in file)) throw new Error('no data.xml')
  return { xml: parseXml(file.text, 'data.xml', AGS_XML_CEILINGS), notes: result.notes }
}

const text = (el: ReturnType<typeof parseXml>, name: string) => child(el, name)?.text.trim()

describe('an AGS 3 room as a new AGS 4 room folder', () => {
  it('keeps the edges, and an edge point moved gives its new place', () => {
    const { xml, notes } = dataXml(room)
    expect(['LeftEdgeX', 'RightEdgeX', 'TopEdgeY', 'BottomEdgeY'].map((f) => text(xml, f))).toEqual([
      '0',
      '317',
      '40',
      '198',
    ])
    expect(notes.join('\n')).not.toMatch(/room edges: AGS's defaults/)
    const moved = { ...room, points: room.points!.map((p) => (p.id === 'edge-top' ? { ...p, y: 55 } : p)) }
    expect(text(dataXml(moved).xml, 'TopEdgeY')).toBe('55')
  })

  it('keeps the object: script name, description, sprite, start point, visibility', () => {
    const { xml, notes } = dataXml(room)
    const objects = childrenNamed(child(xml, 'Objects')!, 'RoomObject')
    expect(objects).toHaveLength(1)
    const o = objects[0]
    expect(['Name', 'Description', 'Image', 'StartX', 'StartY', 'Visible'].map((f) => text(o, f))).toEqual([
      'oBlueCup',
      'Blue Cup>p',
      '79',
      '174',
      '107',
      'True',
    ])
    expect(childrenNamed(child(o, 'Interactions')!, 'Event')).toHaveLength(8)
    expect(notes.join('\n')).not.toMatch(/points .*not written/)
  })

  it("keeps the regions' event functions in their Interactions", () => {
    const zoned: Room = {
      ...room,
      zones: [
        {
          id: 'door',
          name: 'Door',
          shape: {
            kind: 'polygon',
            outer: [
              [10, 150],
              [40, 150],
              [40, 180],
              [10, 180],
            ],
          },
          events: { enter: 'region1_WalksOnto', exit: '', stand: 'region1_Standing' },
          properties: { agsRegion: '1' },
        },
      ],
    }
    const { xml } = dataXml(zoned)
    const region = childrenNamed(child(xml, 'Regions')!, 'RoomRegion')[1]
    expect(childrenNamed(child(region, 'Interactions')!, 'Event').map((e) => e.text.trim())).toEqual([
      'region1_Standing',
      'region1_WalksOnto',
      '',
    ])
  })
})
