/**
 * Custom properties of walk polygons, gates and points through a Godot scene (issue 31), as
 * zones already keep theirs: a node's own `metadata/<key>` imports as the properties of what it
 * gives (a NavigationRegion2D: each of its walk polygons; Walkbox's gate Area2D: the gate; a
 * Marker2D: the point); export writes them back as metadata of the same nodes and the scene read
 * again has them; an in-place write changes only the edited metadata lines.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { exportGodotScene } from '../../../src/shared/formats/godot/export'
import { importGodotScene } from '../../../src/shared/formats/godot/import'
import { patchGodotRoom } from '../../../src/shared/formats/godot/patch-in-place'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { memorySource } from './godot-source'

const SCENE = `[gd_scene format=3]

[sub_resource type="NavigationPolygon" id="nav"]
outlines = Array[PackedVector2Array]([PackedVector2Array(0, 100, 400, 100, 400, 300, 0, 300)])

[node name="Yard" type="Node2D"]
metadata/walkbox_width = 400
metadata/walkbox_height = 300

[node name="Floor" type="NavigationRegion2D" parent="."]
navigation_polygon = SubResource("nav")
metadata/surface = "gravel"
metadata/footstep_volume = 0.5

[node name="Gate" type="Area2D" parent="."]
metadata/walkbox_gate_kind = "block-polygon"
metadata/walkbox_flag_expression = "gateClosed"
metadata/lock = "brass"

[node name="Shape" type="CollisionPolygon2D" parent="Gate"]
polygon = PackedVector2Array(190, 100, 210, 100, 210, 300, 190, 300)

[node name="well" type="Marker2D" parent="."]
position = Vector2(300, 200)
metadata/bucket = true
metadata/depth = 12
`

const files = { 'res://project.godot': 'config_version=5\n', 'res://yard.tscn': SCENE }

describe('custom properties of walk polygons, gates and points through Godot metadata', () => {
  it('import from the nodes that give them', async () => {
    const { room } = await importGodotScene(memorySource(files), 'res://yard.tscn')
    expect(room.polygons.map((p) => p.properties)).toEqual([{ surface: 'gravel', footstep_volume: '0.5' }])
    expect(room.gates.map((g) => [g.name, g.properties])).toEqual([['Gate', { lock: 'brass' }]])
    expect(room.points!.map((p) => [p.name, p.properties])).toEqual([
      ['well', { bucket: 'true', depth: '12' }],
    ])
  })

  it('export as metadata of the same kinds of node and read back the same', async () => {
    const { room } = await importGodotScene(memorySource(files), 'res://yard.tscn')
    room.points![0].properties = { ...room.points![0].properties, rope: 'frayed' }
    const { text, notes } = exportGodotScene(room)
    expect(notes.filter((n) => /custom properties/.test(n))).toEqual([])
    const back = (
      await importGodotScene(memorySource({ ...files, 'res://out.tscn': text }), 'res://out.tscn')
    ).room
    expect(back.polygons.map((p) => p.properties)).toEqual([{ surface: 'gravel', footstep_volume: '0.5' }])
    expect(back.gates.map((g) => g.properties)).toEqual([{ lock: 'brass' }])
    expect(back.points!.map((p) => p.properties)).toEqual([{ bucket: 'true', depth: '12', rope: 'frayed' }])
  })

  it("write an edited point's and walk polygon's properties in place, one line each", async () => {
    const source = memorySource(files)
    const edited = normaliseRoom((await importGodotScene(source, 'res://yard.tscn')).room)
    edited.points![0].properties = { bucket: 'false', depth: '12' }
    edited.polygons[0].properties = { surface: 'mud', footstep_volume: '0.5' }
    const { files: out } = await patchGodotRoom(source, 'yard.tscn', edited)
    const before = SCENE.split('\n')
    const after = out[0].after.split('\n')
    expect(after.length).toBe(before.length)
    expect(before.flatMap((l, k) => (l === after[k] ? [] : [`${l} -> ${after[k]}`]))).toEqual([
      'metadata/surface = "gravel" -> metadata/surface = "mud"',
      'metadata/bucket = true -> metadata/bucket = false',
    ])
    const back = (
      await importGodotScene(memorySource({ ...files, 'res://yard.tscn': out[0].after }), 'res://yard.tscn')
    ).room
    expect(back.points![0].properties).toEqual({ bucket: 'false', depth: '12' })
    expect(back.polygons[0].properties).toEqual({ surface: 'mud', footstep_volume: '0.5' })
  })
})
