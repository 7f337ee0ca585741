/**
 * Godot 4 room scenes into Walkbox rooms, on the real Popochiu and Escoria scenes of
 * ../shared/bench/engines and on small scenes written here for single rules.
 *
 * Units: px.
 */
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { importGodotScene } from '../../../src/shared/formats/godot/import'
import { parseTscn, TscnError } from '../../../src/shared/formats/godot/tscn'
import { emptyRoom, parseRoom } from '../../../src/shared/room/schema'
import { defaultFloorMargin } from '../../../src/shared/analysis/floor-proposal'
import { navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { benchPath } from '../../support/bench-data'
import { decodeRgba, folderSource, memorySource } from './godot-source'

const POPOCHIU = benchPath('engines', 'popochiu-sample-game')
const ESCORIA = benchPath('engines', 'escoria-demo-game')

/** The points of a PackedVector2Array(...) line in a file, moved by (dx, dy). */
function pointsOf(text: string, prefix: string, dx = 0, dy = 0): [number, number][] {
  const line = text.split('\n').find((l) => l.startsWith(prefix))!
  const nums = line
    .slice(line.indexOf('(') + 1, line.indexOf(')'))
    .split(',')
    .map(Number)
  const out: [number, number][] = []
  for (let i = 0; i < nums.length; i += 2) out.push([nums[i] + dx, nums[i + 1] + dy])
  return out
}

const sameRing = (a: [number, number][], b: [number, number][]) =>
  expect(new Set(a.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`))).toEqual(
    new Set(b.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`)),
  )

describe('Godot import: Popochiu 2 sample game, the House room', () => {
  it('gives the room the test character a new room of its size gets (not one of a 1x1 room)', async () => {
    const r = await importGodotScene(folderSource(POPOCHIU), 'res://game/rooms/house/room_house.tscn')
    const fresh = emptyRoom({ id: 'x', width: r.room.size.width, height: r.room.size.height })
    expect(r.room.size).toEqual({ width: 356, height: 200 })
    expect(r.room.testWalk.height).toBe(fresh.testWalk.height)
    expect(r.room.testWalk.speed).toBe(fresh.testWalk.speed)
    // Floor from picture's default margin comes from it: 2 px here, 0 on a 1 px character.
    expect(defaultFloorMargin(r.room.testWalk.height)).toBeGreaterThan(0)
  })

  it('reads the room size, the background, the floor with its two holes, the props and the hotspot', async () => {
    const r = await importGodotScene(folderSource(POPOCHIU), 'res://game/rooms/house/room_house.tscn')
    const room = parseRoom(JSON.parse(JSON.stringify(r.room)))
    expect(room.size).toEqual({ width: 356, height: 200 })
    // The background prop's art, with the props drawn over it (godot-fidelity.test.ts): where
    // no prop covers it, its own pixels.
    const bg = await decodeRgba(
      new Uint8Array(await readFile(`${POPOCHIU}/game/rooms/house/props/background/background.png`)),
    )
    const drawn = await decodeRgba(r.background!.bytes)
    expect([drawn.width, drawn.height]).toEqual([bg.width, bg.height])
    expect([...drawn.data.slice(0, 4)]).toEqual([...bg.data.slice(0, 4)])
    expect(room.background).toBe('background.png')
    // A 356x200 background centred at (178, 100): room px = scene px.
    expect(room.sceneOffset).toBeUndefined()
    // The floor: the sub-scene's outlines, moved by its root's position (178, 100).
    const floor = await readFile(
      `${POPOCHIU}/game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn`,
      'utf8',
    )
    const outlines = floor.split('\n').find((l) => l.startsWith('outlines'))!
    const rings = [...outlines.matchAll(/PackedVector2Array\(([^)]*)\)/g)].map((m) => {
      const n = m[1].split(',').map(Number)
      return Array.from({ length: n.length / 2 }, (_, i): [number, number] => [
        n[2 * i] + 178,
        n[2 * i + 1] + 100,
      ])
    })
    expect(room.polygons).toHaveLength(1)
    sameRing(room.polygons[0].outer, rings[0])
    expect(room.polygons[0].holes).toHaveLength(2)
    sameRing(room.polygons[0].holes[0], rings[1])
    sameRing(room.polygons[0].holes[1], rings[2])
    // The clickable props and the hotspot are hotspots, from their interaction polygons; the
    // Background prop is art (not clickable), and nothing is a trigger zone.
    expect(room.zones).toEqual([])
    expect(room.hotspots!.map((h) => h.name)).toEqual(['Door', 'Drawer', 'Table', 'ToyCar', 'Window'])
    const house = await readFile(`${POPOCHIU}/game/rooms/house/room_house.tscn`, 'utf8')
    const door = room.hotspots![0]
    if (door.shape.kind !== 'polygon') throw new Error('expected a polygon hotspot')
    // The Door prop's root sits at (178, 100) in prop_door.tscn.
    expect(door.shape.outer).toEqual(
      pointsOf(house.slice(house.indexOf('[node name="Door"')), 'interaction_polygon', 178, 100),
    )
    // walk_to_point and look_at_point are in the prop's own coordinates (Popochiu's to_global).
    expect(door.walkTo).toEqual({ x: 178 - 80.6351, y: 100 - 17.6389 })
    expect(door.lookAt).toEqual({ x: 178 - 90.6351, y: 100 - 27.6389 })
    expect(door.description).toBe('Door')
    expect(door.properties).toMatchObject({ godotPath: 'Props/Door', script_name: 'Door', baseline: '-30' })
    const win = room.hotspots![4].shape
    if (win.kind !== 'polygon') throw new Error('expected a polygon hotspot')
    expect(win.outer).toEqual(
      pointsOf(house.slice(house.indexOf('[node name="Window"')), 'interaction_polygon', 178, 100),
    )
    // The character is a named point at its feet, nothing else of it.
    expect(room.points!.map((p) => [p.name, p.x, p.y])).toEqual([['CharacterPopsy', 249, 106]])
    expect(r.notes.join('\n')).toMatch(/character_popsy\.tscn is missing/)
    expect(r.notes.join('\n')).toMatch(/scripts? not run/)
  })

  it('gives a room the navigation core walks: the start is on the floor and the holes block', async () => {
    const { room } = await importGodotScene(folderSource(POPOCHIU), 'res://game/rooms/house/room_house.tscn')
    const world = navWorldForRoom(room, null, {})
    const at = (x: number, y: number) => world.isWalkable({ x, y })
    expect(at(178, 125)).toBe(true) // on the floor
    expect(at(178 - 33, 100 + 5)).toBe(false) // inside the first hole
    expect(at(10, 10)).toBe(false) // the wall
  })
})

describe('Godot import: Escoria demo game', () => {
  const escoria = (room: string) =>
    importGodotScene(folderSource(ESCORIA), `res://game/rooms/${room}/${room}.tscn`)

  it('room02: two islands in one region, a disabled region behind a flag, items as hotspots, the start marker', async () => {
    const r = await escoria('room02')
    const room = parseRoom(JSON.parse(JSON.stringify(r.room)))
    expect(room.areas.map((a) => [a.name, a.enabledBy])).toEqual([
      ['bridge_open', '!bridgeClosedEnabled'],
      ['bridge_closed', 'bridgeClosedEnabled'],
    ])
    expect(r.flags).toEqual([{ id: 'bridgeClosedEnabled', name: 'bridge_closed enabled', default: false }])
    expect(room.polygons.filter((p) => p.areaId === 1)).toHaveLength(2)
    expect(room.testWalk.start).toEqual({ x: 76.7617, y: 437.649 })
    expect(room.hotspots!.map((h) => h.name)).toEqual(expect.arrayContaining(['r_door', 'l_door']))
    const text = await readFile(`${ESCORIA}/game/rooms/room02/room02.tscn`, 'utf8')
    const rDoor = room.hotspots!.find((h) => h.name === 'r_door')!
    if (rDoor.shape.kind !== 'polygon') throw new Error('expected a polygon hotspot')
    expect(rDoor.shape.outer).toEqual(pointsOf(text.slice(text.indexOf('parent="r_door"')), 'polygon'))
    expect(rDoor.properties).toMatchObject({ global_id: 'r2_r_exit' })
    // The player walks to the item's ESCLocation child (get_interact_position), not a point of its own.
    const marker = text.slice(text.indexOf('[node name="Marker2D" type="Marker2D" parent="r_door"'))
    const at = /position = Vector2\(([^,]+), ([^)]+)\)/.exec(marker)!
    expect(rDoor.walkTo).toEqual({ x: Number(at[1]), y: Number(at[2]) })
    expect(room.points!.map((p) => p.name)).not.toContain('r_door/Marker2D')

    const notes = r.notes.join('\n')
    expect(notes).toMatch(/room2background\.png is missing/)
    expect(notes).toMatch(/room size assumed \d+x\d+/)
    expect(notes).toMatch(/CapsuleShape2D is not a polygon/)
  })

  it('room03: the ESCTerrain regions (one disabled) read from the scene, the terrain scene beside it moved by its positions', async () => {
    const r = await escoria('room03')
    expect(r.room.areas.map((a) => [a.name, a.enabledBy])).toEqual([
      ['bridge_closed', 'bridgeClosedEnabled'],
      ['bridge_open', '!bridgeClosedEnabled'],
    ])
    const text = await readFile(`${ESCORIA}/game/rooms/room03/room03.tscn`, 'utf8')
    const open = text.slice(text.indexOf('[sub_resource type="NavigationPolygon" id="14"]'))
    const outline = /outlines = Array\[PackedVector2Array\]\(\[PackedVector2Array\(([^)]*)\)/
      .exec(open)![1]
      .split(',')
      .map(Number)
    const bridgeOpen = r.room.polygons.filter((p) => p.areaId === 2)
    sameRing(
      bridgeOpen[0].outer,
      Array.from({ length: outline.length / 2 }, (_, i): [number, number] => [
        outline[2 * i],
        outline[2 * i + 1],
      ]),
    )

    // walkable_area.tscn (a terrain scene of its own): bridge_open sits at (6.73163, -264.779).
    const t = await importGodotScene(folderSource(ESCORIA), 'res://game/rooms/room03/walkable_area.tscn')
    const sub = await readFile(`${ESCORIA}/game/rooms/room03/walkable_area.tscn`, 'utf8')
    const first = /outlines = Array\[PackedVector2Array\]\(\[PackedVector2Array\(([^)]*)\)/
      .exec(sub)![1]
      .split(',')
      .map(Number)
    const moved = Array.from({ length: first.length / 2 }, (_, i): [number, number] => [
      first[2 * i] + 6.73163,
      first[2 * i + 1] - 264.779,
    ])
    const tOpen = t.room.polygons.filter(
      (p) => t.room.areas.find((a) => a.id === p.areaId)!.name === 'bridge_open',
    )
    sameRing(tOpen[0].outer, moved)
  })

  it('room04: the scrolling forest, its ESCTerrain scale range named when the texture is missing', async () => {
    const r = await escoria('room04')
    expect(r.room.size.width).toBeGreaterThan(2300)
    expect(r.room.testWalk.start).toEqual({ x: 90, y: 602 })
    expect(r.notes.join('\n')).toMatch(
      /forrest_height_texture\.png is missing.*scale_min 40%, scale_max 100%/,
    )
    expect(r.room.scaling.mode).toBe('none')
  })

  it('room05: missing inventory sub-scenes are notes, not failures', async () => {
    const r = await escoria('room05')
    expect(r.notes.filter((n) => /sub-scene .* is missing/.test(n)).length).toBeGreaterThanOrEqual(3)
    expect(r.room.polygons.length).toBeGreaterThan(0)
  })
})

async function png(width: number, height: number, grey = 128): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: grey, g: grey, b: grey } } })
      .png()
      .toBuffer(),
  )
}

describe('Godot import: rules on small scenes', () => {
  const region = (extra = '') => `[sub_resource type="NavigationPolygon" id="n"]
outlines = Array[PackedVector2Array]([PackedVector2Array(0, 0, 100, 0, 100, 50, 0, 50)])
${extra}`

  it('a centred Sprite2D at (178, 100) with a 448x200 texture puts the art at (-46, 0): every point moves by (+46, 0)', async () => {
    const scene = `[gd_scene format=3]

${region()}
[node name="Room" type="Node2D"]

[node name="Bg" type="Sprite2D" parent="."]
position = Vector2(178, 100)
texture = ExtResource("1")

[node name="Walk" type="NavigationRegion2D" parent="."]
navigation_polygon = SubResource("n")

[node name="door" type="Marker2D" parent="."]
position = Vector2(-40, 10)
`.replace(
      '[gd_scene format=3]',
      '[gd_scene format=3]\n\n[ext_resource type="Texture2D" path="res://bg.png" id="1"]',
    )
    const r = await importGodotScene(
      memorySource({ 'res://room.tscn': scene, 'res://bg.png': await png(448, 200) }),
      'res://room.tscn',
    )
    expect(r.room.size).toEqual({ width: 448, height: 200 })
    expect(r.room.sceneOffset).toEqual({ x: 46, y: 0 })
    expect(r.room.polygons[0].outer).toEqual(
      expect.arrayContaining([
        [46, 0],
        [146, 50],
      ]),
    )
    expect(r.room.points).toEqual([{ id: 'door', name: 'door', x: 6, y: 10 }])
  })

  it('applies scale and rotation down the tree', async () => {
    const scene = `[gd_scene format=3]

${region()}
[node name="Room" type="Node2D"]

[node name="Holder" type="Node2D" parent="."]
position = Vector2(10, 20)
scale = Vector2(2, 2)

[node name="Walk" type="NavigationRegion2D" parent="Holder"]
position = Vector2(5, 5)
rotation = 1.5707963267948966
navigation_polygon = SubResource("n")
`
    const r = await importGodotScene(memorySource({ 'res://room.tscn': scene }), 'res://room.tscn')
    // (100, 0) rotated a quarter turn -> (0, 100); + (5, 5); x2; + (10, 20) -> (20, 230)
    const outer = r.room.polygons[0].outer.map(([x, y]) => [
      Math.round(x * 1000) / 1000,
      Math.round(y * 1000) / 1000,
    ])
    expect(outer).toContainEqual([20, 230])
    expect(r.notes.join('\n')).toMatch(/room size assumed/)
  })

  it('builds the outline from vertices + polygons when a region has no outlines', async () => {
    const scene = `[gd_scene format=3]

[sub_resource type="NavigationPolygon" id="n"]
vertices = PackedVector2Array(0, 0, 10, 0, 20, 0, 20, 10, 10, 10, 0, 10)
polygons = Array[PackedInt32Array]([PackedInt32Array(0, 1, 4, 5), PackedInt32Array(1, 2, 3, 4)])

[node name="Room" type="Node2D"]

[node name="Walk" type="NavigationRegion2D" parent="."]
navigation_polygon = SubResource("n")
`
    const r = await importGodotScene(memorySource({ 'res://room.tscn': scene }), 'res://room.tscn')
    expect(r.room.polygons).toHaveLength(1)
    sameRing(r.room.polygons[0].outer, [
      [0, 0],
      [10, 0],
      [20, 0],
      [20, 10],
      [10, 10],
      [0, 10],
    ])
  })

  it('refuses a Godot 3 scene, a scene that instances itself and values nested 100 deep, with messages', async () => {
    await expect(
      importGodotScene(
        memorySource({ 'res://a.tscn': '[gd_scene load_steps=1 format=2]\n[node name="A" type="Node2D"]\n' }),
        'res://a.tscn',
      ),
    ).rejects.toThrow(/Godot 3 scene \(format=2\); Walkbox reads Godot 4 scenes/)
    const self = `[gd_scene format=3]
[ext_resource type="PackedScene" path="res://a.tscn" id="1"]
[node name="A" type="Node2D"]
[node name="B" parent="." instance=ExtResource("1")]
`
    await expect(importGodotScene(memorySource({ 'res://a.tscn': self }), 'res://a.tscn')).rejects.toThrow(
      /instances itself/,
    )
    expect(() =>
      parseTscn(`[gd_scene format=3]\n[node name="A" type="Node2D"]\nx = ${'['.repeat(100)}`, 'deep.tscn'),
    ).toThrow(TscnError)
    expect(() =>
      parseTscn(`[gd_scene format=3]\n[node name="A" type="Node2D"]\nx = ${'['.repeat(100)}`, 'deep.tscn'),
    ).toThrow(/deep\.tscn: line 3: values nest more than 64 deep/)
    await expect(importGodotScene(memorySource({}), 'res://none.tscn')).rejects.toThrow(
      /res:\/\/none\.tscn: file not found/,
    )
  })

  it('reads an ESCTerrain scale texture of room size as the scale map, scale_min/max as percent', async () => {
    const scene = `[gd_scene format=3]

[ext_resource type="Script" path="res://addons/escoria-core/game/core-scripts/esc_terrain.gd" id="1"]
[ext_resource type="Texture2D" path="res://scales.png" id="2"]
[ext_resource type="Texture2D" path="res://bg.png" id="3"]

${region()}
[node name="Room" type="Node2D"]

[node name="Bg" type="Sprite2D" parent="."]
texture = ExtResource("3")
centered = false

[node name="walkable_area" type="Node2D" parent="."]
script = ExtResource("1")
scales = ExtResource("2")
scale_min = 0.4

[node name="Walk" type="NavigationRegion2D" parent="walkable_area"]
navigation_polygon = SubResource("n")
`
    const scales = await png(120, 60, 200)
    const r = await importGodotScene(
      memorySource({
        'res://room.tscn': scene,
        'res://scales.png': scales,
        'res://bg.png': await png(120, 60),
      }),
      'res://room.tscn',
    )
    expect(r.room.scaling).toEqual({
      mode: 'map',
      linear: [],
      map: { file: 'scalemap.png', min: 40, max: 100 },
    })
    expect(r.scaleMap!.bytes).toBe(scales)
  })
})

describe('Godot import: large scenes', () => {
  const region = `[sub_resource type="NavigationPolygon" id="n"]
outlines = Array[PackedVector2Array]([PackedVector2Array(0, 0, 640, 0, 640, 400, 0, 400)])

[node name="Room" type="Node2D"]

[node name="Walk" type="NavigationRegion2D" parent="."]
navigation_polygon = SubResource("n")
`

  it('gives same-named zones and points the ids idFromName gives one after another (zone, zone-2, …)', async () => {
    const parts = ['[gd_scene format=3]', '', region]
    for (let i = 0; i < 30; i++) {
      parts.push(
        `[node name="Zone${i}" type="Area2D" parent="."]`,
        `metadata/walkbox_name = "${i % 3 === 0 ? 'Door' : 'door'}"`,
        '',
        `[node name="Shape" type="CollisionPolygon2D" parent="Zone${i}"]`,
        `polygon = PackedVector2Array(${i}, 0, ${i + 5}, 0, ${i + 5}, 5)`,
        '',
        `[node name="Spot${i}" type="Marker2D" parent="."]`,
        `metadata/walkbox_name = "Spot"`,
        `position = Vector2(${i}, 10)`,
        '',
      )
    }
    const { room } = await importGodotScene(
      memorySource({ 'res://room.tscn': parts.join('\n') }),
      'res://room.tscn',
    )
    const expected = ['door', ...Array.from({ length: 29 }, (_, i) => `door-${i + 2}`)]
    expect(room.zones.map((z) => z.id)).toEqual(expected)
    expect(room.points?.map((p) => p.id)).toEqual([
      'spot',
      ...Array.from({ length: 29 }, (_, i) => `spot-${i + 2}`),
    ])
  })

  it('refuses a scene over the node limit by counting its [node] sections before reading any value', async () => {
    // The values after the heading are not even valid: the count refuses it first.
    const nodes = Array.from(
      { length: 20_001 },
      (_, i) => `[node name="N${i}" type="Node2D" parent="."]\nposition = Vector2(`,
    )
    const scene = ['[gd_scene format=3]', '', '[node name="Room" type="Node2D"]', ...nodes].join('\n')
    const refused = await importGodotScene(memorySource({ 'res://big.tscn': scene }), 'res://big.tscn').then(
      () => null,
      (e: Error & { problems?: string[] }) => e,
    )
    expect(refused?.message.split('\n')[0]).toBe('res://big.tscn: refused: 1 problem')
    expect(refused?.problems).toEqual(['more than 20000 nodes (20002 [node] sections)'])
  })
})
