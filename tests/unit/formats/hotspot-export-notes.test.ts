/**
 * Hotspots are never dropped silently: every format that exports a room either writes each
 * hotspot's name into its files or names the hotspots in its notes.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { ROOM_FORMATS, type ExportFile } from '../../../src/shared/formats/registry'
import { emptyRoom, type Room } from '../../../src/shared/room/schema'

function room(): Room {
  const r = emptyRoom({ id: 'hall', name: 'Hall', width: 64, height: 48 })
  r.polygons = [
    {
      id: 'floor',
      areaId: 1,
      outer: [
        [0, 24],
        [64, 24],
        [64, 48],
        [0, 48],
      ],
      holes: [],
    },
  ]
  r.hotspots = [
    {
      id: 'clock',
      name: 'hClock',
      description: 'a clock',
      shape: {
        kind: 'polygon',
        outer: [
          [10, 4],
          [20, 4],
          [20, 14],
          [10, 14],
        ],
      },
      walkTo: { x: 15, y: 30 },
      properties: {},
    },
    { id: 'crack', name: 'hCrack', shape: { kind: 'mask', maskId: 3 }, properties: {} },
  ]
  r.hotspotMask = { rows: Array.from({ length: 48 }, (_, y) => (y === 5 ? '30 4:3 30' : '64')) }
  return r
}

function textOf(f: ExportFile): string {
  if ('text' in f) return f.text
  if ('bytes' in f) return new TextDecoder('latin1').decode(f.bytes)
  return ''
}

describe('hotspots in every export', () => {
  for (const format of ROOM_FORMATS.filter((f) => f.exportRoom))
    it(`${format.id}: writes each hotspot or names it in the notes`, () => {
      const out = format.exportRoom!({ room: room(), mask: null, background: null, scaleMap: null })
      const written = out.files.map(textOf).join('\n')
      for (const name of ['hClock', 'hCrack']) {
        const carried = written.includes(name)
        const named = out.notes.some((n) => n.startsWith('hotspots ') && n.includes(name))
        expect(carried || named, `${format.id}: ${name}`).toBe(true)
      }
    })
})
