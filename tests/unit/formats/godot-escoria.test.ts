/**
 * Escoria rooms as Escoria reads them (issue 27), on small scenes written here: items and exits
 * are hotspots whose walk-to is where `get_interact_position` sends the player (an
 * ESCInteractionLocation child before an ESCLocation child, else the collision shape's origin),
 * `tooltip_name` is the description, a trigger item is a trigger zone, the player and items
 * that move are characters; a game script that extends Escoria's is followed to its class.
 * And which scenes of a Godot project are rooms: Popochiu's own room list, a Godot 3 project
 * refused in one line.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { findGodotRooms } from '../../../src/shared/formats/godot/find-rooms'
import { importGodotScene } from '../../../src/shared/formats/godot/import'
import { patchGodotRoom } from '../../../src/shared/formats/godot/patch-in-place'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { memorySource } from './godot-source'

const CORE = 'res://addons/escoria-core/game/core-scripts'
const SCENE = `[gd_scene load_steps=8 format=3]

[ext_resource type="Script" path="${CORE}/esc_room.gd" id="1"]
[ext_resource type="Script" path="${CORE}/esc_item.gd" id="2"]
[ext_resource type="Script" path="${CORE}/esc_location.gd" id="3"]
[ext_resource type="Script" path="${CORE}/esc_interaction_location.gd" id="4"]
[ext_resource type="Script" path="res://game/items/lamp.gd" id="5"]
[ext_resource type="Script" path="${CORE}/esc_player.gd" id="6"]

[sub_resource type="RectangleShape2D" id="rect"]
size = Vector2(40, 20)

[node name="cellar" type="Node2D"]
script = ExtResource("1")
global_id = "cellar"

[node name="door" type="Area2D" parent="."]
position = Vector2(300, 100)
script = ExtResource("2")
global_id = "cellar_door"
tooltip_name = "Heavy door"
is_exit = true

[node name="CollisionPolygon2D" type="CollisionPolygon2D" parent="door"]
polygon = PackedVector2Array(-20, -40, 20, -40, 20, 40, -20, 40)

[node name="stand_here" type="Marker2D" parent="door"]
position = Vector2(0, 60)
script = ExtResource("3")

[node name="use_here" type="Marker2D" parent="door"]
position = Vector2(-30, 50)
script = ExtResource("4")

[node name="lamp" type="Area2D" parent="."]
position = Vector2(100, 80)
script = ExtResource("5")
global_id = "lamp"
is_interactive = false

[node name="CollisionShape2D" type="CollisionShape2D" parent="lamp"]
position = Vector2(0, 10)
shape = SubResource("rect")

[node name="trap" type="Area2D" parent="."]
script = ExtResource("2")
global_id = "trap"
is_trigger = true

[node name="CollisionPolygon2D" type="CollisionPolygon2D" parent="trap"]
polygon = PackedVector2Array(10, 10, 50, 10, 50, 50)

[node name="player" type="Area2D" parent="."]
position = Vector2(200, 150)
script = ExtResource("6")
global_id = "player"

[node name="CollisionPolygon2D" type="CollisionPolygon2D" parent="player"]
polygon = PackedVector2Array(-5, -5, 5, -5, 5, 5)

[node name="dialog_position" type="Marker2D" parent="player"]
position = Vector2(0, -60)
`

const files = {
  'res://project.godot': 'config_version=5\n',
  'res://game/rooms/cellar.tscn': SCENE,
  // A game script two steps from Escoria's: lamp.gd extends fancy_item.gd extends ESCItem.
  'res://game/items/lamp.gd': 'extends "res://game/items/fancy_item.gd"\n',
  'res://game/items/fancy_item.gd': '@tool\nextends ESCItem\nclass_name FancyItem\n',
}

describe('Escoria items', () => {
  it('are hotspots: the walk-to as get_interact_position picks it, tooltip_name the description; a trigger is a zone; the player a point', async () => {
    const r = await importGodotScene(memorySource(files), 'res://game/rooms/cellar.tscn')
    const room = r.room
    expect(room.hotspots!.map((h) => h.name)).toEqual(['door', 'lamp'])
    const [door, lamp] = room.hotspots!
    // The ESCInteractionLocation wins over the ESCLocation.
    expect(door.walkTo).toEqual({ x: 270, y: 150 })
    expect(door.description).toBe('Heavy door')
    expect(door.properties).toMatchObject({ global_id: 'cellar_door', is_exit: 'true', godotPath: 'door' })
    // lamp.gd extends ESCItem two steps away; no location: the collision shape's origin.
    expect(lamp.walkTo).toEqual({ x: 100, y: 90 })
    expect(lamp.enabledBy).toBe('false')
    if (lamp.shape.kind !== 'polygon') throw new Error('a polygon')
    expect(lamp.shape.outer).toEqual([
      [80, 80],
      [120, 80],
      [120, 100],
      [80, 100],
    ])
    expect(room.zones.map((z) => z.name)).toEqual(['trap'])
    // The ESCLocation the interaction location overrides stays a point of its own; the player is
    // a point at its feet, and its own markers move with it, not points of the room.
    expect(room.points!.map((p) => [p.name, p.x, p.y])).toEqual([
      ['stand_here', 300, 160],
      ['player', 200, 150],
    ])
  })

  it("a moved walk-to goes back into the ESCInteractionLocation's position, one line", async () => {
    const source = memorySource(files)
    const edited = normaliseRoom((await importGodotScene(source, 'res://game/rooms/cellar.tscn')).room)
    edited.hotspots![0].walkTo = { x: 275, y: 152 }
    const { files: out } = await patchGodotRoom(source, 'game/rooms/cellar.tscn', edited)
    const before = SCENE.split('\n')
    const after = out[0].after.split('\n')
    expect(before.flatMap((l, k) => (l === after[k] ? [] : [`${l} -> ${after[k]}`]))).toEqual([
      'position = Vector2(-30, 50) -> position = Vector2(-25, 52)',
    ])
  })
})

describe("an Escoria item's plain Marker2D (issue 31)", () => {
  // As in the demo game's room 2: the item has no position, its shape has one, and besides its
  // ESCLocation it holds a Marker2D with no script and no position, at the scene's (0, 0).
  const scene = `[gd_scene format=3]

[ext_resource type="Script" path="${CORE}/esc_item.gd" id="2"]
[ext_resource type="Script" path="${CORE}/esc_location.gd" id="3"]

[sub_resource type="RectangleShape2D" id="rect"]
size = Vector2(40, 20)

[node name="room" type="Node2D"]

[node name="button" type="Area2D" parent="."]
script = ExtResource("2")
global_id = "button"

[node name="Marker2D" type="Marker2D" parent="button"]

[node name="CollisionShape2D" type="CollisionShape2D" parent="button"]
position = Vector2(370, 190)
shape = SubResource("rect")

[node name="ESCLocation" type="Marker2D" parent="button"]
position = Vector2(369, 375)
script = ExtResource("3")

[node name="lamp_post" type="Marker2D" parent="."]
position = Vector2(50, 60)
`
  it('is no point (Escoria never reads it) and is named; the item walks to its ESCLocation', async () => {
    const r = await importGodotScene(
      memorySource({ 'res://project.godot': 'config_version=5\n', 'res://room.tscn': scene }),
      'res://room.tscn',
    )
    expect(r.room.points!.map((p) => [p.name, p.x, p.y])).toEqual([['lamp_post', 50, 60]])
    expect(r.room.hotspots!.map((h) => [h.name, h.walkTo])).toEqual([['button', { x: 369, y: 375 }]])
    expect(r.notes.filter((n) => n.startsWith('button/Marker2D:'))).toEqual([
      'button/Marker2D: a Marker2D without an Escoria script under the Escoria item button (at 0, 0), which Escoria does not read (the player walks to an ESCLocation child, else to the collision shape); not a point',
    ])
  })
})

describe('which scenes are rooms', () => {
  it("Popochiu's own room list (popochiu_data.cfg) names rooms outside game/rooms", async () => {
    const text: Record<string, string> = {
      'project.godot': 'config_version=5\n',
      'popochiu/popochiu_data.cfg':
        '[setup]\n\ndone=true\n\n[rooms]\n\nStart="res://popochiu/rooms/start/room_start.tres"\n\n[characters]\n',
      'popochiu/rooms/start/room_start.tres':
        '[gd_resource type="Resource" format=3]\n\n[resource]\nscript_name = "Start"\nscene = "res://popochiu/rooms/start/room_start.tscn"\n',
    }
    const found = await findGodotRooms(
      ['popochiu/rooms/start/room_start.tscn', 'popochiu/rooms/start/props/bg/prop_bg.tscn'],
      async (p) => text[p] ?? null,
    )
    expect(found.rooms).toEqual([{ path: 'popochiu/rooms/start/room_start.tscn', kind: 'popochiu' }])
    expect(found.others).toEqual(['popochiu/rooms/start/props/bg/prop_bg.tscn'])
  })

  it('a Godot 3 project (Popochiu 1, Escoria for Godot 3) is refused in one line', async () => {
    const found = await findGodotRooms(['popochiu/Rooms/Alley/RoomAlley.tscn'], async (p) =>
      p === 'project.godot' ? '; Engine configuration file.\nconfig_version=4\n' : null,
    )
    expect(found.rooms).toEqual([])
    expect(found.refused).toBe(
      'a Godot 3 project (project.godot config_version=4, as Popochiu 1 and Escoria for Godot 3 games are); Walkbox reads Godot 4 projects (Popochiu 2, Escoria for Godot 4)',
    )
  })
})
