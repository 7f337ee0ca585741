/**
 * Named points keep their kind through the engines that have points (issue #31): the
 * Escoria demo's start location reads as the player start; a room with a point of every kind
 * exported to Godot (Marker2D + walkbox_point_kind metadata) and to Tiled (point objects with
 * a `kind` property) reads back with the same kinds; a Tiled point of an unknown kind is a
 * marker with a note.
 *
 * Units: room px.
 */
import { describe, expect, it } from 'vitest'
import { exportGodotScene } from '../../../src/shared/formats/godot/export'
import { importGodotScene } from '../../../src/shared/formats/godot/import'
import { roomFormat } from '../../../src/shared/formats/registry'
import { emptyRoom, type Room } from '../../../src/shared/room/schema'
import { benchPath } from '../../support/bench-data'
import { folderSource, memorySource } from './godot-source'

function roomWithEveryKind(): Room {
  const room = emptyRoom({ id: 'hall', width: 320, height: 200 })
  room.points = [
    { id: 'sign', name: 'sign', x: 10, y: 20 },
    { id: 'door', name: 'door', x: 300, y: 150, kind: 'entrance' },
    { id: 'desk', name: 'desk', x: 120.5, y: 160, kind: 'walk-to' },
    { id: 'hero', name: 'hero', x: 160, y: 180, kind: 'player-start' },
  ]
  return room
}

const kinds = (r: Room) => Object.fromEntries((r.points ?? []).map((p) => [p.name, p.kind ?? 'marker']))

describe('point kinds through Godot', () => {
  it("reads the Escoria demo's start location as the player start", async () => {
    const r = await importGodotScene(
      folderSource(benchPath('engines', 'escoria-demo-game')),
      'res://game/rooms/room02/room02.tscn',
    )
    const starts = (r.room.points ?? []).filter((p) => p.kind === 'player-start')
    expect(starts).toHaveLength(1)
    expect({ x: starts[0].x, y: starts[0].y }).toEqual(r.room.testWalk.start)
  })

  it('writes each kind as Marker2D metadata and reads it back', async () => {
    const room = roomWithEveryKind()
    const text = exportGodotScene(room)
    expect(text.text).toContain('metadata/walkbox_point_kind = "entrance"')
    expect(text.text).not.toContain('walkbox_point_kind = "marker"')
    const back = await importGodotScene(memorySource({ 'res://hall.tscn': text.text }), 'res://hall.tscn')
    expect(kinds(back.room)).toEqual(kinds(room))
  })
})

describe('point kinds through Tiled', () => {
  it('writes a kind property on point objects and reads it back', async () => {
    const room = roomWithEveryKind()
    const out = roomFormat('tiled-json').exportRoom!({ room, mask: null, background: null, scaleMap: null })
    const map = out.files.find((f) => f.path.endsWith('.tmj') || f.path.endsWith('.json'))
    if (!map || !('text' in map)) throw new Error('a map')
    expect(map.text).toContain('"entrance"')
    const files = new Map(out.files.map((f) => [f.path, f]))
    const back = await roomFormat('tiled-json').importRoom!(
      {
        readText: async (p) => {
          const f = files.get(p)
          return f && 'text' in f ? f.text : null
        },
        readBytes: async (p) => {
          const f = files.get(p)
          return f && 'bytes' in f ? f.bytes : null
        },
        decodeImage: async () => {
          throw new Error('no images here')
        },
        imageSize: () => null,
      },
      map.path,
      {},
    )
    expect(kinds(back.room)).toEqual(kinds(room))
    // An unknown kind: a marker, and the note says so.
    const edited = map.text.replace('"entrance"', '"doorway"')
    files.set(map.path, { path: map.path, text: edited })
    const odd = await roomFormat('tiled-json').importRoom!(
      {
        readText: async (p) => {
          const f = files.get(p)
          return f && 'text' in f ? f.text : null
        },
        readBytes: async () => null,
        decodeImage: async () => {
          throw new Error('no images here')
        },
        imageSize: () => null,
      },
      map.path,
      {},
    )
    expect(kinds(odd.room).door).toBe('marker')
    expect(odd.notes.join('\n')).toMatch(/kind 'doorway' is not one of/)
  })
})
