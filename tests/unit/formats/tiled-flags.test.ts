/**
 * The flags a room's expressions name travel with it through Tiled: the export writes the
 * project's flags the room names (with their defaults) as the map property walkbox.flags,
 * the import gives them back as the room's flags; a hand-made map that names a flag it does
 * not list gives that flag with default false and a note, so the editor warns of no unknown
 * flag.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { roomFormat, type ExportFile, type ImportSource } from '../../../src/shared/formats/registry'
import { flagsTheRoomNames } from '../../../src/shared/formats/tiled/read-map'
import type { Flag, Room } from '../../../src/shared/room/schema'
import { fullRoom } from '../room/fixtures'

/** The text of an exported file (the map is the first). */
function textOf(f: ExportFile): string {
  if (!('text' in f)) throw new Error(`${f.path}: not a text file`)
  return f.text
}

/** A source of the given text files only (no images). */
const textSource = (files: Record<string, string>): ImportSource => ({
  readText: async (p) => files[p] ?? null,
  readBytes: async () => null,
  decodeImage: async () => {
    throw new Error('no images here')
  },
  imageSize: () => null,
})

const roomWithoutImages = (): Room => {
  const room = fullRoom()
  delete room.mask
  delete room.background
  room.authoritative = 'polygons'
  return room
}

const PROJECT_FLAGS: Flag[] = [
  { id: 'door_open', name: 'Door open', default: true },
  { id: 'guard_awake', name: 'Guard awake', default: false },
  { id: 'not_here', name: 'Named by no expression', default: true },
]

describe('flags through Tiled', () => {
  for (const id of ['tiled-json', 'tiled-xml'] as const)
    it(`${id}: export then import gives the flags the room names, with their defaults`, async () => {
      const room = roomWithoutImages()
      expect(flagsTheRoomNames(room).sort()).toEqual(['door_open', 'guard_awake'])
      const format = roomFormat(id)
      const out = format.exportRoom!({
        room,
        mask: null,
        background: null,
        scaleMap: null,
        flags: PROJECT_FLAGS,
      })
      const file = out.files[0]
      const back = await format.importRoom!(textSource({ [file.path]: textOf(file) }), file.path, {})
      expect(back.flags).toEqual([
        { id: 'door_open', name: 'Door open', default: true },
        { id: 'guard_awake', name: 'Guard awake', default: false },
      ])
      expect(back.notes.join('\n')).not.toMatch(/walkbox\.flags|default false/)
    })

  it('a hand-made map whose gate names a flag it does not list gives that flag (default false) and a note', async () => {
    const map = {
      type: 'map',
      orientation: 'orthogonal',
      width: 10,
      height: 10,
      tilewidth: 16,
      tileheight: 16,
      layers: [
        {
          id: 1,
          name: 'gates',
          type: 'objectgroup',
          objects: [
            {
              id: 1,
              name: 'bars',
              type: 'gate',
              x: 10,
              y: 10,
              polygon: [
                { x: 0, y: 0 },
                { x: 20, y: 0 },
                { x: 20, y: 20 },
              ],
              properties: [{ name: 'flagExpression', type: 'string', value: 'lever_down && !lever_down' }],
            },
          ],
        },
      ],
    }
    const back = await roomFormat('tiled-json').importRoom!(
      textSource({ 'cell.tmj': JSON.stringify(map) }),
      'cell.tmj',
      {},
    )
    expect(back.room.gates.map((g) => g.flagExpression)).toEqual(['lever_down && !lever_down'])
    expect(back.flags).toEqual([{ id: 'lever_down', name: 'lever_down', default: false }])
    expect(back.notes).toContain(
      "flags lever_down: named by the room's expressions but not listed in the map property walkbox.flags; added with default false",
    )
    // Every flag the room names is one the import gives: the editor has no unknown flag to warn of.
    const known = new Set(back.flags.map((f) => f.id))
    expect(flagsTheRoomNames(back.room).filter((f) => !known.has(f))).toEqual([])
  })

  it('a walkbox.flags that is not a list of flags is said and the named flags still come back', async () => {
    const room = roomWithoutImages()
    const format = roomFormat('tiled-json')
    const out = format.exportRoom!({
      room,
      mask: null,
      background: null,
      scaleMap: null,
      flags: PROJECT_FLAGS,
    })
    const map = JSON.parse(textOf(out.files[0])) as { properties: { name: string; value: unknown }[] }
    map.properties.find((p) => p.name === 'walkbox.flags')!.value = '[{"id":"door_open"},7]'
    const back = await format.importRoom!(textSource({ 'r.tmj': JSON.stringify(map) }), 'r.tmj', {})
    expect(back.flags.map((f) => [f.id, f.default]).sort()).toEqual([
      ['door_open', false],
      ['guard_awake', false],
    ])
    expect(back.notes.filter((n) => n.startsWith('map property walkbox.flags'))).toHaveLength(2)
  })
})
