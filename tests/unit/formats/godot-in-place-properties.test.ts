/**
 * Custom properties of every object of a Godot room written back in place (issue 31): a gate's
 * (Walkbox's own gate Area2D: edited, added and removed `metadata/<key>` lines, kind,
 * condition and polygon), a walk region's (Escoria room02's `bridge_closed`), a hotspot's
 * (an Escoria item's own metadata; Walkbox's own `metadata/walkbox_properties`) and a
 * character's (Escoria: its node in the room scene; Popochiu: refused, the game never sees
 * it). Only the lines of what was edited change, an unedited room changes no file, and a
 * hostile name is refused and a hostile value escaped, never breaking the scene.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { exportGodotScene } from '../../../src/shared/formats/godot/export'
import { importGodotScene, type GodotImportSource } from '../../../src/shared/formats/godot/import'
import { patchGodotRoom } from '../../../src/shared/formats/godot/patch-in-place'
import { parseTscn } from '../../../src/shared/formats/godot/tscn'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { benchPath } from '../../support/bench-data'
import { folderSource, memorySource } from './godot-source'

const YARD = `[gd_scene format=3]

[node name="Yard" type="Node2D"]
metadata/walkbox_width = 400
metadata/walkbox_height = 300

[node name="Gates" type="Node2D" parent="."]

[node name="Drawbridge" type="Area2D" parent="Gates"]
metadata/walkbox_gate_kind = "block-polygon"
metadata/walkbox_flag_expression = "bridgeUp"
metadata/lock = "brass"
metadata/weight = 1.5
metadata/creaks = true
metadata/note = "old"

[node name="Shape" type="CollisionPolygon2D" parent="Gates/Drawbridge"]
polygon = PackedVector2Array(190, 100, 210, 100, 210, 300, 190, 300)
`

const ESCORIA = benchPath('engines', 'escoria-demo-game')
const ROOM02 = 'game/rooms/room02/room02.tscn'
const ROOM04 = 'game/rooms/room04/room04.tscn'

/** The scene `scene` of `source` with patched files in place of theirs. */
function patchedSource(source: GodotImportSource, files: readonly { path: string; after: string }[]) {
  const patched = new Map(files.map((f) => [`res://${f.path}`, f.after]))
  return { ...source, readText: async (res: string) => patched.get(res) ?? source.readText(res) }
}

async function readBack(source: GodotImportSource, scene: string, files: { path: string; after: string }[]) {
  return normaliseRoom((await importGodotScene(patchedSource(source, files), `res://${scene}`)).room)
}

/** Lines only `before` has, lines only `after` has; every other line stays, in its order. */
function lineChanges(before: string, after: string) {
  const a = before.split('\n')
  const b = after.split('\n')
  const removed = a.filter((l) => !b.includes(l))
  const added = b.filter((l) => !a.includes(l))
  expect(a.filter((l) => !removed.includes(l))).toEqual(b.filter((l) => !added.includes(l)))
  return { removed: removed.sort(), added: added.sort() }
}

describe("Godot in place: a gate's properties on its Area2D", () => {
  const files = { 'res://project.godot': 'config_version=5\n', 'res://yard.tscn': YARD }

  it('records the node each gate was read from', async () => {
    const read = await importGodotScene(memorySource(files), 'res://yard.tscn')
    expect(read.nodes?.gates).toEqual([
      {
        gateId: read.room.gates[0].id,
        path: 'Gates/Drawbridge',
        polygon: expect.objectContaining({ path: 'Gates/Drawbridge/Shape', key: 'polygon' }),
      },
    ])
  })

  it('an unedited room changes no file', async () => {
    const source = memorySource(files)
    const room = normaliseRoom((await importGodotScene(source, 'res://yard.tscn')).room)
    expect((await patchGodotRoom(source, 'yard.tscn', room)).files).toEqual([])
  })

  it('an edited, an added and a removed property change only their metadata lines, and read back as edited', async () => {
    const source = memorySource(files)
    const edited = normaliseRoom((await importGodotScene(source, 'res://yard.tscn')).room)
    expect(edited.gates[0].properties).toEqual({ lock: 'brass', weight: '1.5', creaks: 'true', note: 'old' })
    edited.gates[0].properties = { lock: 'steel', weight: '2', creaks: 'true', sign: 'Mind the gap' }
    const { files: out, notes } = await patchGodotRoom(source, 'yard.tscn', edited)
    expect(out.map((f) => f.path)).toEqual(['yard.tscn'])
    expect(lineChanges(YARD, out[0].after)).toEqual({
      removed: ['metadata/lock = "brass"', 'metadata/note = "old"', 'metadata/weight = 1.5'],
      // A float stays a float (Godot writes 2.0; 2 would read back as an int).
      added: ['metadata/lock = "steel"', 'metadata/sign = "Mind the gap"', 'metadata/weight = 2.0'],
    })
    // The added line goes into the gate's own section.
    const after = out[0].after.split('\n')
    const heading = after.indexOf('[node name="Drawbridge" type="Area2D" parent="Gates"]')
    const next = after.findIndex((l, i) => i > heading && l.startsWith('['))
    expect(after.slice(heading, next)).toContain('metadata/sign = "Mind the gap"')
    expect(notes).toEqual(
      expect.arrayContaining([
        "gate 'Drawbridge': Gates/Drawbridge metadata/lock edited",
        "gate 'Drawbridge': Gates/Drawbridge metadata/note removed",
        "gate 'Drawbridge': Gates/Drawbridge metadata/sign added",
      ]),
    )
    expect(notes.join('\n')).not.toMatch(/gates? .*not written in place/)
    const again = await readBack(source, 'yard.tscn', out)
    expect(again.gates[0].properties).toEqual(edited.gates[0].properties)
    expect(again).toEqual(edited)
  })

  it("a gate's kind, condition and polygon are written on the same node", async () => {
    const source = memorySource(files)
    const edited = normaliseRoom((await importGodotScene(source, 'res://yard.tscn')).room)
    const gate = edited.gates[0]
    gate.kind = 'open-area'
    gate.flagExpression = 'bridgeUp && !stormy'
    gate.polygon = [
      [180, 100],
      [220, 100],
      [220, 300],
      [180, 300],
    ]
    const { files: out } = await patchGodotRoom(source, 'yard.tscn', edited)
    expect(lineChanges(YARD, out[0].after)).toEqual({
      removed: [
        'metadata/walkbox_flag_expression = "bridgeUp"',
        'metadata/walkbox_gate_kind = "block-polygon"',
        'polygon = PackedVector2Array(190, 100, 210, 100, 210, 300, 190, 300)',
      ],
      added: [
        'metadata/walkbox_flag_expression = "bridgeUp && !stormy"',
        'metadata/walkbox_gate_kind = "open-area"',
        'polygon = PackedVector2Array(180, 100, 220, 100, 220, 300, 180, 300)',
      ],
    })
    expect(await readBack(source, 'yard.tscn', out)).toEqual(edited)
  })

  it('a gate whose polygon was taken away keeps its shape in the scene (a note)', async () => {
    const source = memorySource(files)
    const edited = normaliseRoom((await importGodotScene(source, 'res://yard.tscn')).room)
    delete edited.gates[0].polygon
    const { files: out, notes } = await patchGodotRoom(source, 'yard.tscn', edited)
    expect(out).toEqual([])
    expect(notes).toContain("gate 'Drawbridge': has no polygon in Walkbox; the scene keeps its shape")
  })

  it('a hostile name is refused with a clear note and changes no file; Walkbox keeps its own metadata', async () => {
    const source = memorySource(files)
    const edited = normaliseRoom((await importGodotScene(source, 'res://yard.tscn')).room)
    edited.gates[0].properties = {
      ...edited.gates[0].properties,
      'a"b\n]c': 'x',
      'open door': 'y',
      walkbox_gate_kind: 'open-area',
    }
    const { files: out, notes } = await patchGodotRoom(source, 'yard.tscn', edited)
    expect(out).toEqual([])
    const rule = "a Godot metadata name is a letter or _ then letters, digits, _; walkbox_ is Walkbox's own"
    expect(notes).toEqual(
      expect.arrayContaining([
        `gate 'Drawbridge': property "a\\"b\\n]c" not written (${rule})`,
        `gate 'Drawbridge': property 'open door' not written (${rule})`,
        `gate 'Drawbridge': property 'walkbox_gate_kind' not written (${rule})`,
      ]),
    )
    // Every note is one line.
    expect(notes.filter((n) => n.includes('\n'))).toEqual([])
  })

  it('a hostile value is escaped on one line and reads back exactly; the scene keeps its nodes', async () => {
    const source = memorySource(files)
    const edited = normaliseRoom((await importGodotScene(source, 'res://yard.tscn')).room)
    const hostile = 'He said "up"]\n[node name="Evil" type="Node2D" parent="."]\r\nend \\'
    edited.gates[0].properties = { ...edited.gates[0].properties, lock: hostile }
    const { files: out } = await patchGodotRoom(source, 'yard.tscn', edited)
    expect(lineChanges(YARD, out[0].after)).toEqual({
      removed: ['metadata/lock = "brass"'],
      added: [
        'metadata/lock = "He said \\"up\\"]\\n[node name=\\"Evil\\" type=\\"Node2D\\" parent=\\".\\"]\\r\\nend \\\\"',
      ],
    })
    const nodes = (text: string) => parseTscn(text, 'yard.tscn').filter((s) => s.tag === 'node').length
    expect(nodes(out[0].after)).toBe(nodes(YARD))
    expect((await readBack(source, 'yard.tscn', out)).gates[0].properties!.lock).toBe(hostile)
  })

  it('a gate removed or new in Walkbox is named, its node left', async () => {
    const source = memorySource(files)
    const edited = normaliseRoom((await importGodotScene(source, 'res://yard.tscn')).room)
    const [gate] = edited.gates
    edited.gates = [{ ...gate, id: 'moat', name: 'moat' }]
    const { files: out, notes } = await patchGodotRoom(source, 'yard.tscn', edited)
    expect(out).toEqual([])
    expect(notes).toEqual(
      expect.arrayContaining([
        "gate 'Drawbridge': removed in Walkbox; Gates/Drawbridge is left in the scene (delete it in Godot)",
        '0 zone(s), 0 hotspot(s), 0 point(s) and 1 gate(s) new in Walkbox have no node in the scene; not written in place (export with --out for a whole scene with them)',
      ]),
    )
  })
})

describe('Godot in place: the properties of the Escoria bench rooms', () => {
  it("room02: the bridge_closed region's properties added, then edited and removed, in its section only", async () => {
    const source = folderSource(ESCORIA)
    const room = normaliseRoom((await importGodotScene(source, `res://${ROOM02}`)).room)
    expect((await patchGodotRoom(source, ROOM02, room)).files).toEqual([])
    const closed = room.areas.find((a) => a.name === 'bridge_closed')!
    for (const p of room.polygons.filter((q) => q.areaId === closed.id))
      p.properties = { surface: 'planks', creaky: 'yes' }
    const first = await patchGodotRoom(source, ROOM02, room)
    expect(first.files.map((f) => f.path)).toEqual([ROOM02])
    const text = first.files[0].before
    expect(lineChanges(text, first.files[0].after)).toEqual({
      removed: [],
      added: ['metadata/creaky = "yes"', 'metadata/surface = "planks"'],
    })
    const after = first.files[0].after.split('\n')
    const heading = after.findIndex((l) => l.startsWith('[node name="bridge_closed"'))
    expect(after.slice(heading + 1, heading + 3).sort()).toEqual([
      'metadata/creaky = "yes"',
      'metadata/surface = "planks"',
    ])
    const saved = patchedSource(source, first.files)
    const again = normaliseRoom((await importGodotScene(saved, `res://${ROOM02}`)).room)
    expect(again).toEqual(room)
    for (const p of again.polygons.filter((q) => q.areaId === closed.id)) p.properties = { surface: 'rope' }
    const second = await patchGodotRoom(saved, ROOM02, again)
    // Against the bench file: the region has one line more, nothing else changed.
    expect(lineChanges(text, second.files[0].after)).toEqual({
      removed: [],
      added: ['metadata/surface = "rope"'],
    })
    expect(second.notes).toContain('walk area 2: walkable_area/bridge_closed metadata/creaky removed')
    expect(await readBack(saved, ROOM02, second.files)).toEqual(again)
  })

  it("room04: an Escoria item's own metadata edited and added in its section; a name that is no field is named", async () => {
    const source = folderSource(ESCORIA)
    const edited = normaliseRoom((await importGodotScene(source, `res://${ROOM04}`)).room)
    const door = edited.hotspots!.find((h) => h.name === 'l_door')!
    door.properties = { ...door.properties, 'metadata/locked': 'true', colour: 'red' }
    const { files, notes } = await patchGodotRoom(source, ROOM04, edited)
    expect(files.map((f) => f.path)).toEqual([ROOM04])
    expect(lineChanges(files[0].before, files[0].after)).toEqual({
      removed: [],
      added: ['metadata/locked = "true"'],
    })
    expect(notes).toContain(
      "hotspot 'l_door': properties 'colour' are no field the node sets; not written (a property named metadata/<key> is written as the node's metadata)",
    )
    const again = await readBack(source, ROOM04, files)
    expect(again.hotspots!.find((h) => h.name === 'l_door')!.properties).toEqual({
      ...door.properties,
      colour: undefined,
    })
  })

  it("room02 exported by Walkbox with a gate: the gate's and a hotspot's properties edited in place", async () => {
    const bench = normaliseRoom((await importGodotScene(folderSource(ESCORIA), `res://${ROOM02}`)).room)
    bench.gates.push({
      id: 'bridge-gate',
      name: 'bridge gate',
      kind: 'block-polygon',
      polygon: [
        [700, 380],
        [760, 380],
        [760, 460],
        [700, 460],
      ],
      flagExpression: '!bridgeClosedEnabled',
      properties: { sign: 'Closed for repairs' },
    })
    const { text } = exportGodotScene(bench)
    const source = memorySource({ 'res://project.godot': 'config_version=5\n', 'res://room02.tscn': text })
    const room = normaliseRoom((await importGodotScene(source, 'res://room02.tscn')).room)
    expect((await patchGodotRoom(source, 'room02.tscn', room)).files).toEqual([])
    const gate = room.gates.find((g) => g.name === 'bridge gate')!
    expect(gate.properties).toEqual({ sign: 'Closed for repairs' })
    gate.properties = { sign: 'Open', toll: '2' }
    const button = room.hotspots!.find((h) => h.name === 'button_left') ?? room.hotspots![0]
    button.properties = { ...button.properties, pressed: 'false' }
    const { files, notes } = await patchGodotRoom(source, 'room02.tscn', room)
    const { removed, added } = lineChanges(text, files[0].after)
    expect(removed).toEqual([
      'metadata/sign = "Closed for repairs"',
      expect.stringMatching(/^metadata\/walkbox_properties = /),
    ])
    expect(added).toEqual([
      'metadata/sign = "Open"',
      'metadata/toll = "2"',
      expect.stringMatching(/^metadata\/walkbox_properties = .*pressed/),
    ])
    expect(notes.join('\n')).toMatch(/hotspot '[^']+': \S+ metadata\/walkbox_properties written/)
    expect(await readBack(source, 'room02.tscn', files)).toEqual(room)
  })
})

describe("Godot in place: a character's point", () => {
  it("Escoria: a movable item's metadata in the room scene is the point's, written back there", async () => {
    const scene = `[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="res://addons/escoria-core/game/core-scripts/esc_item.gd" id="1"]

[node name="Dock" type="Node2D"]
metadata/walkbox_width = 400
metadata/walkbox_height = 300

[node name="fisherman" type="Area2D" parent="."]
position = Vector2(120, 250)
script = ExtResource("1")
global_id = "fisherman"
is_movable = true
metadata/mood = "grumpy"
`
    const source = memorySource({ 'res://project.godot': 'config_version=5\n', 'res://dock.tscn': scene })
    const room = normaliseRoom((await importGodotScene(source, 'res://dock.tscn')).room)
    const point = room.points!.find((p) => p.name === 'fisherman')!
    expect(point.properties).toEqual({ mood: 'grumpy' })
    point.properties = { mood: 'cheerful', catch: 'trout' }
    const { files } = await patchGodotRoom(source, 'dock.tscn', room)
    expect(lineChanges(scene, files[0].after)).toEqual({
      removed: ['metadata/mood = "grumpy"'],
      added: ['metadata/catch = "trout"', 'metadata/mood = "cheerful"'],
    })
    expect(await readBack(source, 'dock.tscn', files)).toEqual(room)
  })

  it("Escoria: metadata of a character's own scene is overridden on its instance in the room scene, never in the shared scene", async () => {
    const own = `[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="res://addons/escoria-core/game/core-scripts/esc_item.gd" id="1"]

[node name="fisherman" type="Area2D"]
script = ExtResource("1")
global_id = "fisherman"
is_movable = true
metadata/mood = "grumpy"
metadata/hat = "red"
`
    const scene = `[gd_scene load_steps=2 format=3]

[ext_resource type="PackedScene" path="res://characters/fisherman.tscn" id="1"]

[node name="Dock" type="Node2D"]
metadata/walkbox_width = 400
metadata/walkbox_height = 300

[node name="fisherman" parent="." instance=ExtResource("1")]
position = Vector2(120, 250)
`
    const source = memorySource({
      'res://project.godot': 'config_version=5\n',
      'res://characters/fisherman.tscn': own,
      'res://dock.tscn': scene,
    })
    const room = normaliseRoom((await importGodotScene(source, 'res://dock.tscn')).room)
    const point = room.points!.find((p) => p.name === 'fisherman')!
    expect(point.properties).toEqual({ mood: 'grumpy', hat: 'red' })
    point.properties = { mood: 'cheerful' }
    const { files, notes } = await patchGodotRoom(source, 'dock.tscn', room)
    expect(files.map((f) => f.path)).toEqual(['dock.tscn'])
    expect(lineChanges(scene, files[0].after)).toEqual({ removed: [], added: ['metadata/mood = "cheerful"'] })
    expect(notes).toEqual(
      expect.arrayContaining([
        "point 'fisherman': fisherman metadata/mood set over res://characters/fisherman.tscn's",
        "point 'fisherman': property 'hat' is set in res://characters/fisherman.tscn, which other scenes may instance; not removed (remove it there in Godot)",
      ]),
    )
    const again = await readBack(source, 'dock.tscn', files)
    expect(again.points!.find((p) => p.name === 'fisherman')!.properties).toEqual({
      mood: 'cheerful',
      hat: 'red',
    })
  })

  it("Popochiu: the room's copy of a character is replaced at run time, so its properties are refused with the reason", async () => {
    const source = folderSource(benchPath('engines', 'popochiu-sample-game'))
    const house = 'game/rooms/house/room_house.tscn'
    const room = normaliseRoom((await importGodotScene(source, `res://${house}`)).room)
    const popsy = room.points!.find((p) => p.name === 'CharacterPopsy')!
    popsy.properties = { mood: 'sleepy' }
    const { files, notes } = await patchGodotRoom(source, house, room)
    expect(files).toEqual([])
    expect(notes.join('\n')).toMatch(
      /point 'CharacterPopsy': properties 'mood' not written \(Popochiu replaces the room's copy of a character/,
    )
  })
})
