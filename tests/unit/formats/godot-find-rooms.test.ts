/**
 * Which scenes of a Godot project are rooms (src/shared/formats/godot/find-rooms.ts), on the
 * bench games and on small projects written here for the fallback rule.
 */
import { describe, expect, it } from 'vitest'
import { findGodotRooms } from '../../../src/shared/formats/godot/find-rooms'
import { benchPath } from '../../support/bench-data'
import { folderSource } from './godot-source'

const scenesOf = (game: 'popochiu' | 'escoria') =>
  game === 'popochiu'
    ? [
        'game/rooms/house/hotspots/window/hotspot_window.tscn',
        'game/rooms/house/props/background/prop_background.tscn',
        'game/rooms/house/room_house.tscn',
        'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn',
      ]
    : [
        'game/rooms/room02/room02.tscn',
        'game/rooms/room03/room03.tscn',
        'game/rooms/room03/walkable_area.tscn',
        'game/rooms/room04/room04.tscn',
        'game/rooms/room05/room05.tscn',
        'game/rooms/room05/walkable_area.tscn',
      ]

describe('Godot rooms of a project', () => {
  it('Popochiu: the room folders, not the sub-scenes that sort first', async () => {
    const source = folderSource(benchPath('engines', 'popochiu-sample-game'))
    const found = await findGodotRooms(scenesOf('popochiu'), (p) => source.readText(`res://${p}`))
    expect(found.rooms).toEqual([{ path: 'game/rooms/house/room_house.tscn', kind: 'popochiu' }])
    expect(found.others[0]).toBe('game/rooms/house/hotspots/window/hotspot_window.tscn')
  })

  it('Escoria: scenes with an ESCRoom root; the terrain scenes beside them are not rooms', async () => {
    const source = folderSource(benchPath('engines', 'escoria-demo-game'))
    const found = await findGodotRooms(scenesOf('escoria'), (p) => source.readText(`res://${p}`))
    expect(found.rooms.map((r) => [r.path, r.kind])).toEqual([
      ['game/rooms/room02/room02.tscn', 'escoria'],
      ['game/rooms/room03/room03.tscn', 'escoria'],
      ['game/rooms/room04/room04.tscn', 'escoria'],
      ['game/rooms/room05/room05.tscn', 'escoria'],
    ])
    expect(found.others).toEqual([
      'game/rooms/room03/walkable_area.tscn',
      'game/rooms/room05/walkable_area.tscn',
    ])
  })

  it('otherwise: scenes with a NavigationRegion2D that no other such scene instances', async () => {
    const files: Record<string, string> = {
      'a_menu.tscn': '[gd_scene format=3]\n\n[node name="Menu" type="Control"]\n',
      'floor.tscn':
        '[gd_scene format=3]\n\n[sub_resource type="NavigationPolygon" id="1"]\n\n[node name="Floor" type="NavigationRegion2D"]\nnavigation_polygon = SubResource("1")\n',
      'level.tscn':
        '[gd_scene format=3]\n\n[ext_resource type="PackedScene" path="res://floor.tscn" id="1"]\n\n[node name="Level" type="Node2D"]\n\n[node name="Nav" type="NavigationRegion2D" parent="."]\n\n[node name="Floor" parent="." instance=ExtResource("1")]\n',
      'broken.tscn': '[gd_scene format=3]\n\n[node name="X" type="Node2D"\n',
    }
    const found = await findGodotRooms(Object.keys(files), async (p) => files[p] ?? null)
    expect(found.rooms).toEqual([{ path: 'level.tscn', kind: 'navigation' }])
    expect(found.others).toEqual(['a_menu.tscn', 'broken.tscn', 'floor.tscn'])
    expect(found.notes).toHaveLength(1)
    expect(found.notes[0]).toMatch(/^broken\.tscn: not read/)
  })
})
