/**
 * The editor's Import Room dialog on a picked Godot project folder lists the project's rooms
 * first (issue 19): Popochiu's room (the bench game's file list), not the hotspot sub-scene
 * that sorts first; Escoria's ESCRoom scenes, not their terrain scenes. Which bench scenes
 * are rooms is checked on their real text in tests/unit/formats/godot-find-rooms.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { rankedImportCandidates, type PickedFile } from '../../src/renderer/project/actions/room-formats'

const picked = (path: string, text = ''): PickedFile => ({
  path,
  file: new File([text], path.split('/').pop()!),
})

describe('Import Room on a Godot project folder', () => {
  it('Popochiu: the room first, marked as a room', async () => {
    const ranked = await rankedImportCandidates(
      [
        'project.godot',
        'game/rooms/house/hotspots/window/hotspot_window.tscn',
        'game/rooms/house/props/background/prop_background.tscn',
        'game/rooms/house/props/background/background.png',
        'game/rooms/house/room_house.tscn',
        'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn',
      ].map((p) => picked(p)),
    )
    expect(ranked.map((c) => `${c.room ? 'room ' : ''}${c.path}`)).toEqual([
      'room game/rooms/house/room_house.tscn',
      'game/rooms/house/hotspots/window/hotspot_window.tscn',
      'game/rooms/house/props/background/prop_background.tscn',
      'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn',
    ])
  })

  it('Escoria: the ESCRoom scenes first, the terrain scene after', async () => {
    const room = (name: string) =>
      `[gd_scene format=3]\n\n[ext_resource type="Script" path="res://addons/escoria-core/game/core-scripts/esc_room.gd" id="6"]\n\n[node name="${name}" type="Node2D"]\nscript = ExtResource("6")\n`
    const terrain =
      '[gd_scene format=3]\n\n[node name="walkable_area" type="Node2D"]\n\n[node name="platform" type="NavigationRegion2D" parent="."]\n'
    const ranked = await rankedImportCandidates([
      picked('game/rooms/room03/walkable_area.tscn', terrain),
      picked('game/rooms/room03/room03.tscn', room('room3')),
      picked('game/rooms/room02/room02.tscn', room('room2')),
    ])
    expect(ranked.map((c) => `${c.room ? 'room ' : ''}${c.path}`)).toEqual([
      'room game/rooms/room02/room02.tscn',
      'room game/rooms/room03/room03.tscn',
      'game/rooms/room03/walkable_area.tscn',
    ])
  })
})
