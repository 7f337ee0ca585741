/**
 * Popochiu 2 rooms as Popochiu reads them (issue 27), on small Popochiu scenes written here: the
 * walkable area's interaction_polygon at interaction_polygon_position (not the NavigationPolygon
 * saved beside it), the Background prop's picture and size, clickables placed through the full
 * transform chain, scaling regions, look_at_point and description, characters, and write-back
 * into the places Popochiu reads.
 *
 * Units: px; scales as factors in the scenes, percent in the room.
 */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { importGodotScene, type GodotImportSource } from '../../../src/shared/formats/godot/import'
import { patchGodotRoom } from '../../../src/shared/formats/godot/patch-in-place'
import { exportGodotScene } from '../../../src/shared/formats/godot/export'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { parseRoom } from '../../../src/shared/room/schema'
import { decodeRgba, memorySource } from './godot-source'

const ROOM = 'res://game/rooms/yard/room_yard.tscn'

async function png(width: number, height: number, rgb = { r: 90, g: 120, b: 60 }): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: rgb } })
      .png()
      .toBuffer(),
  )
}

/** A Popochiu 2 room scene with the six groups; `body` adds objects under them. */
function room(body: string, ext = ''): string {
  return `[gd_scene load_steps=4 format=3]

[ext_resource type="Script" path="res://game/rooms/yard/room_yard.gd" id="1_room"]
${ext}
[node name="RoomYard" type="Node2D"]
script = ExtResource("1_room")
script_name = "Yard"
width = 320
height = 180

[node name="WalkableAreas" type="Node2D" parent="."]

[node name="Props" type="Node2D" parent="."]

[node name="Hotspots" type="Node2D" parent="."]

[node name="Regions" type="Node2D" parent="."]

[node name="Markers" type="Node2D" parent="."]

[node name="Characters" type="Node2D" parent="."]
${body}`
}

/** A background prop: `texture` on the prop (the instancing node), its Sprite2D centred. */
const BACKGROUND = `
[node name="Background" type="Area2D" parent="Props"]
position = Vector2(160, 90)
script_name = "Background"
clickable = false
texture = ExtResource("2_bg")
z_index = -1

[node name="Sprite2D" type="Sprite2D" parent="Props/Background"]
`

/** A walkable area whose saved NavigationPolygon is stale: Popochiu loads interaction_polygon. */
const FLOOR_SCENE = `[gd_scene load_steps=3 format=3]

[sub_resource type="NavigationPolygon" id="NavigationPolygon_old"]
vertices = PackedVector2Array(0, 0, 10, 0, 10, 10)
polygons = Array[PackedInt32Array]([PackedInt32Array(0, 1, 2)])
outlines = Array[PackedVector2Array]([PackedVector2Array(0, 0, 10, 0, 10, 10)])
agent_radius = 0.0

[node name="Floor" type="Node2D"]
position = Vector2(100, 100)
script_name = "Floor"
interaction_polygon = Array[PackedVector2Array]([PackedVector2Array(-80, -20, 120, -20, 120, 60, -80, 60)])
interaction_polygon_position = Vector2(10, 5)

[node name="Perimeter" type="NavigationRegion2D" parent="."]
position = Vector2(10, 5)
navigation_polygon = SubResource("NavigationPolygon_old")
`

const FLOOR_EXT = `[ext_resource type="PackedScene" path="res://game/rooms/yard/walkable_areas/floor/walkable_area_floor.tscn" id="3_floor"]
[ext_resource type="Texture2D" path="res://game/rooms/yard/props/background/yard.png" id="2_bg"]
`
const FLOOR_NODE = `
[node name="Floor" parent="WalkableAreas" instance=ExtResource("3_floor")]
`
const FLOOR_FILE = 'res://game/rooms/yard/walkable_areas/floor/walkable_area_floor.tscn'

async function game(
  body: string,
  files: Record<string, string | Uint8Array> = {},
): Promise<GodotImportSource> {
  return memorySource({
    'res://project.godot': 'config_version=5\n',
    'res://game/rooms/yard/props/background/yard.png': await png(320, 180),
    [FLOOR_FILE]: FLOOR_SCENE,
    [ROOM]: room(body, FLOOR_EXT),
    ...files,
  })
}

/** The file texts with patched files in place of theirs. */
function patched(source: GodotImportSource, files: { path: string; after: string }[]): GodotImportSource {
  const by = new Map(files.map((f) => [`res://${f.path}`, f.after]))
  return { ...source, readText: async (p) => by.get(p) ?? source.readText(p) }
}

/** Godot's Transform2D (rotation, scale, position) applied to a point. */
function xform(
  t: { rotation?: number; scale?: [number, number]; position: [number, number] },
  [x, y]: number[],
) {
  const r = t.rotation ?? 0
  const [sx, sy] = t.scale ?? [1, 1]
  return [
    Math.cos(r) * sx * x - Math.sin(r) * sy * y + t.position[0],
    Math.sin(r) * sx * x + Math.cos(r) * sy * y + t.position[1],
  ]
}

describe('Popochiu 2 walkable areas', () => {
  it('reads interaction_polygon at interaction_polygon_position, as Popochiu builds the area in _ready()', async () => {
    const r = await importGodotScene(await game(BACKGROUND + FLOOR_NODE), ROOM)
    expect(r.room.areas.map((a) => a.name)).toEqual(['Floor'])
    // Floor at (100, 100), its Perimeter at interaction_polygon_position (10, 5): the outline
    // (-80, -20)..(120, 60) lands at (30, 85)..(230, 165); the stale NavigationPolygon is not read.
    expect(new Set(r.room.polygons[0].outer.map(([x, y]) => `${x},${y}`))).toEqual(
      new Set(['30,85', '230,85', '230,165', '30,165']),
    )
    expect(r.room.polygons[0].holes).toEqual([])
  })

  it('writes an edit into interaction_polygon and the NavigationPolygon, in the Perimeter coordinates; read back it is the edit', async () => {
    const source = await game(BACKGROUND + FLOOR_NODE)
    const edited = normaliseRoom((await importGodotScene(source, ROOM)).room)
    const ring = edited.polygons[0].outer
    const i = ring.findIndex(([x, y]) => x === 230 && y === 165)
    ring[i] = [240, 170]
    const { files } = await patchGodotRoom(source, ROOM.slice('res://'.length), edited)
    expect(files.map((f) => f.path)).toEqual([FLOOR_FILE.slice('res://'.length)])
    const after = files[0].after
    // (240, 170) in room px is (130, 65) in the Perimeter's coordinates: 100 + 10, 100 + 5 off.
    expect(after).toMatch(
      /^interaction_polygon = Array\[PackedVector2Array\]\(\[PackedVector2Array\([^)]*130, 65[^)]*\)\]\)$/m,
    )
    expect(after).toMatch(
      /^outlines = Array\[PackedVector2Array\]\(\[PackedVector2Array\([^)]*130, 65[^)]*\)\]\)$/m,
    )
    expect(after).not.toContain('10, 0, 10, 10')
    // Only those property lines changed; interaction_polygon_position and the Perimeter stay.
    const changed = FLOOR_SCENE.split('\n').filter((l, k) => l !== after.split('\n')[k])
    expect(changed.map((l) => l.split(' = ')[0])).toEqual([
      'vertices',
      'polygons',
      'outlines',
      'interaction_polygon',
    ])
    const back = await importGodotScene(patched(source, files), ROOM)
    expect(normaliseRoom(back.room).polygons).toEqual(edited.polygons)
  })

  it('an empty interaction_polygon: read from the Perimeter (as the editor copies it), named; written back into both', async () => {
    const floor = FLOOR_SCENE.replace(/^interaction_polygon = .*$/m, 'interaction_polygon = []').replace(
      /^interaction_polygon_position = .*\n/m,
      '',
    )
    const source = await game(BACKGROUND + FLOOR_NODE, { [FLOOR_FILE]: floor })
    const r = await importGodotScene(source, ROOM)
    // The stale NavigationPolygon (0,0)-(10,10) under the Perimeter at (10, 5) of the Floor.
    expect(new Set(r.room.polygons[0].outer.map(([x, y]) => `${x},${y}`))).toEqual(
      new Set(['110,105', '120,105', '120,115']),
    )
    expect(r.notes.join('\n')).toContain(
      'interaction_polygon is empty, so the game as saved walks nowhere here',
    )
    const edited = normaliseRoom(r.room)
    edited.polygons[0].outer = edited.polygons[0].outer.map(([x, y]) =>
      x === 120 && y === 115 ? [121, 116] : [x, y],
    )
    const { files } = await patchGodotRoom(source, ROOM.slice('res://'.length), edited)
    const text = (path: string) => files.find((f) => `res://${f.path}` === path)!.after
    // The file's own style is kept (an untyped [] as Popochiu 2.0 writes it) ...
    expect(text(FLOOR_FILE)).toMatch(/^interaction_polygon = \[PackedVector2Array\(0, 0, 10, 0, 11, 11\)\]$/m)
    expect(text(FLOOR_FILE)).toMatch(
      /^outlines = Array\[PackedVector2Array\]\(\[PackedVector2Array\(0, 0, 10, 0, 11, 11\)\]\)$/m,
    )
    // ... and the Perimeter's position goes with the outlines, on the room's instancing node.
    expect(text(ROOM)).toMatch(/^interaction_polygon_position = Vector2\(10, 5\)$/m)
    const back = await importGodotScene(patched(source, files), ROOM)
    expect(back.notes.join('\n')).not.toContain('interaction_polygon is empty')
    expect(normaliseRoom(back.room).polygons).toEqual(edited.polygons)
  })

  it('a walk area the scene places outside the room is named in a note', async () => {
    const floor = FLOOR_SCENE.replace(
      'interaction_polygon_position = Vector2(10, 5)',
      'interaction_polygon_position = Vector2(0, 680)',
    )
    const r = await importGodotScene(await game(BACKGROUND + FLOOR_NODE, { [FLOOR_FILE]: floor }), ROOM)
    expect(r.notes.join('\n')).toContain(
      "walk area 'Floor' lies outside the room (its bounds 20..220 x 760..840, the room 0..320 x 0..180): nothing of it is walkable here",
    )
  })
})

describe('Popochiu 2 background', () => {
  it("is the Background prop's texture, the room its size, not the first sprite met (a 200x400 character)", async () => {
    const ghost = `
[node name="CharacterGhost *" type="Area2D" parent="Characters"]
position = Vector2(40, 150)

[node name="Sprite2D" type="Sprite2D" parent="Characters/CharacterGhost *"]
texture = ExtResource("4_ghost")
`
    const ext =
      FLOOR_EXT +
      '[ext_resource type="Texture2D" path="res://game/characters/ghost/ghost.png" id="4_ghost"]\n'
    const source = memorySource({
      'res://game/rooms/yard/props/background/yard.png': await png(448, 200, { r: 10, g: 200, b: 10 }),
      'res://game/characters/ghost/ghost.png': await png(200, 400, { r: 250, g: 0, b: 0 }),
      [FLOOR_FILE]: FLOOR_SCENE,
      // The character comes first in the file, the background prop after it.
      [ROOM]: room(ghost + BACKGROUND + FLOOR_NODE, ext),
    })
    const r = await importGodotScene(source, ROOM)
    expect(r.room.size).toEqual({ width: 448, height: 200 })
    // Centred at (160, 90): its top-left is at (-64, -10) in the scene.
    expect(r.room.sceneOffset).toEqual({ x: 64, y: 10 })
    const pixels = await decodeRgba(r.background!.bytes)
    expect([pixels.width, pixels.height]).toEqual([448, 200])
    expect([...pixels.data.slice(0, 3)]).toEqual([10, 200, 10])
    expect(r.room.points!.map((p) => [p.name, p.x, p.y])).toEqual([['CharacterGhost', 104, 160]])
  })

  it('a Bg prop is the background too (Popochiu names it so); a room without one has none, said why', async () => {
    const bg = BACKGROUND.replace(/"Background"/g, '"Bg"').replace(/Props\/Background/g, 'Props/Bg')
    const r = await importGodotScene(await game(bg + FLOOR_NODE), ROOM)
    expect(r.room.background).toBe('background.png')
    expect(r.room.size).toEqual({ width: 320, height: 180 })
    const none = await importGodotScene(await game(FLOOR_NODE), ROOM)
    expect(none.room.background).toBeUndefined()
    expect(none.noBackground).toContain(
      "no Background prop with a texture (the prop named 'Background' or 'Bg' under Props)",
    )
  })

  it('a 10-frame sheet: the room is one frame, cut out, and the room is one the project keeps', async () => {
    const sheet = new Uint8Array(410 * 33 * 3)
    for (let y = 0; y < 33; y++)
      for (let x = 0; x < 410; x++) sheet.set([Math.floor(x / 41) * 20, 0, 0], (y * 410 + x) * 3)
    const bytes = new Uint8Array(
      await sharp(sheet, { raw: { width: 410, height: 33, channels: 3 } })
        .png()
        .toBuffer(),
    )
    const bg = BACKGROUND.replace(
      'texture = ExtResource("2_bg")',
      'texture = ExtResource("2_bg")\nframes = 10\ncurrent_frame = 3',
    )
    const r = await importGodotScene(
      await game(bg + FLOOR_NODE, { 'res://game/rooms/yard/props/background/yard.png': bytes }),
      ROOM,
    )
    expect(r.room.size).toEqual({ width: 41, height: 33 })
    const pixels = await decodeRgba(r.background!.bytes)
    expect([pixels.width, pixels.height]).toEqual([41, 33])
    // Frame 3 of 10 is shown: red 60.
    expect([...pixels.data.slice(0, 3)]).toEqual([60, 0, 0])
    expect(r.notes.join('\n')).toContain('the background shows one of 10x1 frames')
    expect(() => parseRoom(JSON.parse(JSON.stringify(r.room)))).not.toThrow()
  })
})

describe('Popochiu 2 hotspots, props, regions and characters', () => {
  const SHED = `
[node name="Shed" type="Area2D" parent="Hotspots"]
position = Vector2(200, 60)
rotation = 0.5
scale = Vector2(2, 1.5)
script_name = "Shed"
description = "an old shed"
baseline = 12
cursor = 1
walk_to_point = Vector2(-10, 30)
look_at_point = Vector2(0, -20)
interaction_polygon = PackedVector2Array(-10, -10, 10, -10, 10, 10, -10, 10)
interaction_polygon_position = Vector2(25, -4)

[node name="InteractionPolygon" type="CollisionPolygon2D" parent="Hotspots/Shed"]
rotation = 0.25
polygon = PackedVector2Array(-1, -1, 1, -1, 1, 1)
`

  it('a hotspot: its polygon through the full chain with interaction_polygon_position, walk-to, look-at, description, fields', async () => {
    const r = await importGodotScene(await game(BACKGROUND + FLOOR_NODE + SHED), ROOM)
    expect(r.room.zones).toEqual([])
    const [shed] = r.room.hotspots!
    expect(shed.name).toBe('Shed')
    expect(shed.description).toBe('an old shed')
    // Godot: Shed (rotation 0.5, scale 2 x 1.5, at 200, 60) . InteractionPolygon (rotation 0.25,
    // at interaction_polygon_position 25, -4) . each vertex.
    const child = (p: number[]) => xform({ rotation: 0.25, position: [25, -4] }, p)
    const godot = (p: number[]) => xform({ rotation: 0.5, scale: [2, 1.5], position: [200, 60] }, child(p))
    if (shed.shape.kind !== 'polygon') throw new Error('a polygon')
    const want = [
      [-10, -10],
      [10, -10],
      [10, 10],
      [-10, 10],
    ].map(godot)
    shed.shape.outer.forEach(([x, y], k) => {
      expect(Math.hypot(x - want[k][0], y - want[k][1])).toBeLessThan(0.01)
    })
    const walk = xform({ rotation: 0.5, scale: [2, 1.5], position: [200, 60] }, [-10, 30])
    expect(shed.walkTo!.x).toBeCloseTo(walk[0], 6)
    expect(shed.walkTo!.y).toBeCloseTo(walk[1], 6)
    const look = xform({ rotation: 0.5, scale: [2, 1.5], position: [200, 60] }, [0, -20])
    expect(shed.lookAt!.y).toBeCloseTo(look[1], 6)
    expect(shed.properties).toEqual({
      godotPath: 'Hotspots/Shed',
      script_name: 'Shed',
      baseline: '12',
      cursor: '1',
    })
  })

  it('an unedited room changes nothing; an edited description, look-at point and baseline go back where Popochiu reads them', async () => {
    const source = await game(BACKGROUND + FLOOR_NODE + SHED)
    const first = normaliseRoom((await importGodotScene(source, ROOM)).room)
    expect((await patchGodotRoom(source, ROOM.slice(6), first)).files).toEqual([])
    const edited = structuredClone(first)
    const shed = edited.hotspots![0]
    shed.description = 'a new shed'
    shed.lookAt = { x: shed.lookAt!.x + 3, y: shed.lookAt!.y }
    shed.properties.baseline = '20'
    const { files } = await patchGodotRoom(source, ROOM.slice(6), edited)
    const before = room(BACKGROUND + FLOOR_NODE + SHED, FLOOR_EXT).split('\n')
    const after = files[0].after.split('\n')
    expect(before.filter((l, k) => l !== after[k]).map((l) => l.split(' = ')[0])).toEqual([
      'description',
      'baseline',
      'look_at_point',
    ])
    expect(after).toContain('description = "a new shed"')
    expect(after).toContain('baseline = 20')
    const back = normaliseRoom((await importGodotScene(patched(source, files), ROOM)).room)
    expect(back.hotspots).toEqual(edited.hotspots)
  })

  it('look_at_point and description survive a whole-scene export and import', async () => {
    const first = (await importGodotScene(await game(BACKGROUND + FLOOR_NODE + SHED), ROOM)).room
    expect(first.hotspots!.map((h) => [h.description, h.lookAt !== undefined])).toEqual([
      ['an old shed', true],
    ])
    const { text } = exportGodotScene(first)
    const back = await importGodotScene(memorySource({ 'res://yard.tscn': text }), 'res://yard.tscn')
    expect(normaliseRoom(back.room).hotspots).toEqual(normaliseRoom(first).hotspots)
  })

  it('the Background placeholder and props that are not clickable are art; characters are points, none of them a zone', async () => {
    const body = `
[node name="Fence" type="Area2D" parent="Props"]
clickable = false
interaction_polygon = PackedVector2Array(0, 0, 10, 0, 10, 10)

[node name="Chest" type="Area2D" parent="Props"]
interaction_polygon = PackedVector2Array(0, 0, 10, 0, 10, 10)

[node name="CharacterPlayer *" type="Area2D" parent="Characters"]
position = Vector2(60, 150)
walk_to_point = Vector2(5, 5)
interaction_polygon = PackedVector2Array(-10, -10, 10, -10, 10, 10, -10, 10)

[node name="CharacterDog *" type="Area2D" parent="Characters"]
position = Vector2(90, 150)
`
    const r = await importGodotScene(await game(BACKGROUND + FLOOR_NODE + body), ROOM)
    expect(r.room.zones).toEqual([])
    expect(r.room.hotspots!.map((h) => h.name)).toEqual(['Chest'])
    expect(r.room.points!.map((p) => [p.name, p.x, p.y])).toEqual([
      ['CharacterPlayer', 60, 150],
      ['CharacterDog', 90, 150],
    ])
    expect(r.notes.join('\n')).toContain('props that are not clickable (art only, not hotspots): Props/Fence')
  })

  it('a scaling region: linear scaling from its top (scale_top) to its bottom (scale_bottom); an edit of the stops goes back into them', async () => {
    const body = `
[node name="Depth" type="Area2D" parent="Regions"]
position = Vector2(0, 100)
script_name = "Depth"
scaling = true
scale_top = 0.5
scale_bottom = 1.25
interaction_polygon = PackedVector2Array(0, -20, 320, -20, 320, 60, 0, 60)
interaction_polygon_position = Vector2(0, 10)
`
    const source = await game(BACKGROUND + FLOOR_NODE + body)
    const r = await importGodotScene(source, ROOM)
    expect(r.room.zones.map((z) => z.name)).toEqual(['Depth'])
    expect(r.room.scaling).toEqual({
      mode: 'linear',
      linear: [
        {
          areaId: 0,
          stops: [
            { y: 90, scale: 50 },
            { y: 170, scale: 125 },
          ],
        },
      ],
    })
    const edited = normaliseRoom(r.room)
    edited.scaling.linear[0].stops = [
      { y: 90, scale: 40 },
      { y: 170, scale: 100 },
    ]
    const { files } = await patchGodotRoom(source, ROOM.slice(6), edited)
    const after = files[0].after
    expect(after).toMatch(/^scale_top = 0\.4$/m)
    expect(after).toMatch(/^scale_bottom = 1$/m)
    const back = await importGodotScene(patched(source, files), ROOM)
    expect(back.room.scaling.linear[0].stops).toEqual(edited.scaling.linear[0].stops)
  })

  /** A Popochiu 2.1 prop that is an obstacle: a 10 px square at (150, 120), baseline 8. */
  const BARREL = `
[node name="Barrel" type="Area2D" parent="Props"]
position = Vector2(150, 120)
baseline = 8
obstacle = true
obstacle_polygon = [Vector2(-5, -5), Vector2(5, -5), Vector2(5, 5), Vector2(-5, 5)]
interaction_polygon = PackedVector2Array(-5, -5, 5, -5, 5, 5)
`

  it('a 2.1 obstacle prop carves every walkable area where Popochiu puts it at run time (moved down by its baseline)', async () => {
    const r = await importGodotScene(await game(BACKGROUND + FLOOR_NODE + BARREL), ROOM)
    expect(r.room.gates).toEqual([
      {
        id: 'barrel-obstacle',
        name: 'Barrel obstacle',
        kind: 'block-polygon',
        polygon: [
          [145, 123],
          [155, 123],
          [155, 133],
          [145, 133],
        ],
        flagExpression: 'true',
      },
    ])
  })

  it("a 2.1 obstacle's properties and shape are not written in place: the prop's metadata is the prop's own (a note says so)", async () => {
    const source = await game(BACKGROUND + FLOOR_NODE + BARREL)
    const r = await importGodotScene(source, ROOM)
    expect(r.nodes?.gates?.map((g) => g.path)).toEqual(['Props/Barrel'])
    const edited = normaliseRoom(r.room)
    edited.gates[0].properties = { heavy: 'true' }
    edited.gates[0].polygon![0] = [140, 120]
    const { files, notes } = await patchGodotRoom(source, ROOM.slice(6), edited)
    expect(files).toEqual([])
    expect(notes).toEqual(
      expect.arrayContaining([
        "gate 'Barrel obstacle': properties 'heavy' not written (the prop's metadata is the prop's own (its hotspot's when it is clickable), not its obstacle's)",
        "gate 'Barrel obstacle': a Popochiu obstacle's shape and condition are not written in place (edit the prop in Godot)",
      ]),
    )
  })
})
