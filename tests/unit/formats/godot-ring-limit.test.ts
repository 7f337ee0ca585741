/**
 * A Godot scene whose navigation outline or zone polygon has more points than a ring holds
 * (MAX_RING_VERTICES) is refused on the count its PackedVector2Array gives, before any ring is
 * built, nested or normalised (issue #33: a 23.6 MB outline took 4.2 s and 596 MB because the
 * limit was only met after normalising), with one problem naming the node.
 *
 * Units: points.
 */
import { describe, expect, it } from 'vitest'
import { importGodotScene } from '../../../src/shared/formats/godot/import'
import { MAX_RING_VERTICES } from '../../../src/shared/limits'
import { memorySource } from './godot-source'

function ring(points: number): string {
  const out: string[] = []
  for (let i = 0; i < points; i++) {
    const a = (2 * Math.PI * i) / points
    out.push(`${(200 + 150 * Math.cos(a)).toFixed(2)}, ${(200 + 150 * Math.sin(a)).toFixed(2)}`)
  }
  return `PackedVector2Array(${out.join(', ')})`
}

function scene(outline: string, zone: string): string {
  return [
    '[gd_scene load_steps=2 format=3]',
    '',
    '[sub_resource type="NavigationPolygon" id="NavigationPolygon_1"]',
    `outlines = Array[PackedVector2Array]([${outline}])`,
    '',
    '[node name="Room" type="Node2D"]',
    '',
    '[node name="Floor" type="NavigationRegion2D" parent="."]',
    'navigation_polygon = SubResource("NavigationPolygon_1")',
    '',
    '[node name="Door" type="Area2D" parent="."]',
    '',
    '[node name="Shape" type="CollisionPolygon2D" parent="Door"]',
    `polygon = ${zone}`,
    '',
  ].join('\n')
}

const refusal = (text: string) =>
  importGodotScene(memorySource({ 'res://room.tscn': text }), 'res://room.tscn').then(
    () => 'no error',
    (e: Error) => e.message,
  )

describe('a Godot polygon over the ring limit', () => {
  it('an outline: refused naming the region, in one problem', async () => {
    expect(await refusal(scene(ring(MAX_RING_VERTICES + 1), ring(4)))).toBe(
      `res://room.tscn: refused: 1 problem\n  Floor: an outline of its navigation polygon has ${MAX_RING_VERTICES + 1} points; a ring holds at most ${MAX_RING_VERTICES}`,
    )
  })

  it('a zone polygon: refused naming the zone node', async () => {
    expect(await refusal(scene(ring(8), ring(MAX_RING_VERTICES + 5)))).toBe(
      `res://room.tscn: refused: 1 problem\n  Door/Shape: its polygon has ${MAX_RING_VERTICES + 5} points; a ring holds at most ${MAX_RING_VERTICES}`,
    )
  })

  it('at the limit the room is read', async () => {
    const read = await importGodotScene(
      memorySource({ 'res://room.tscn': scene(ring(MAX_RING_VERTICES), ring(4)) }),
      'res://room.tscn',
    )
    expect(read.room.polygons.length).toBeGreaterThan(0)
  })
})
