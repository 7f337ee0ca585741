/**
 * A zone's custom properties through a Godot scene: an Area2D's own `metadata/<key>` (text,
 * a number, a boolean) import as the zone's properties; an edited value, an added key and a
 * removed one are written back in place (patchGodotRoom, what the game store's planner runs):
 * only the edited metadata lines change, typed as the scene had them, a removed key's line is
 * deleted (Godot keeps no metadata without a line), and the scene read again has the edited
 * properties.
 *
 * Units: px.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importGodotScene, type GodotImportSource } from '../../../src/shared/formats/godot/import'
import { patchGodotRoom } from '../../../src/shared/formats/godot/patch-in-place'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { folderSource } from './godot-source'

const SCENE = `[gd_scene format=3]

[node name="Cave" type="Node2D"]

[node name="Puddle" type="Area2D" parent="."]
metadata/sound = "drip.ogg"
metadata/depth = 3
metadata/slippery = true

[node name="Shape" type="CollisionPolygon2D" parent="Puddle"]
polygon = PackedVector2Array(10, 10, 60, 10, 60, 40, 10, 40)
`

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-godot-properties-'))
  await writeFile(join(dir, 'project.godot'), 'config_version=5\n')
  await writeFile(join(dir, 'cave.tscn'), SCENE)
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe("custom properties through a Godot scene's metadata", () => {
  it('import, edit, add and remove, write in place, read back', async () => {
    const source = folderSource(dir)
    const { room } = await importGodotScene(source, 'res://cave.tscn')
    expect(room.zones).toHaveLength(1)
    expect(room.zones[0].properties).toMatchObject({ sound: 'drip.ogg', depth: '3', slippery: 'true' })
    const edited = normaliseRoom(room)
    expect((await patchGodotRoom(source, 'cave.tscn', edited)).files).toEqual([])
    const props = edited.zones[0].properties
    props.depth = '5'
    props.slippery = 'false'
    props.echo = 'long'
    delete props.sound
    const { files, notes } = await patchGodotRoom(source, 'cave.tscn', edited)
    expect(files.map((f) => f.path)).toEqual(['cave.tscn'])
    const before = SCENE.split('\n')
    const after = files[0].after.split('\n')
    const removed = before.filter((l) => !after.includes(l))
    const added = after.filter((l) => !before.includes(l))
    expect(removed.sort()).toEqual([
      'metadata/depth = 3',
      'metadata/slippery = true',
      'metadata/sound = "drip.ogg"',
    ])
    expect(added.sort()).toEqual([
      'metadata/depth = 5',
      'metadata/echo = "long"',
      'metadata/slippery = false',
    ])
    expect(notes).toContain("zone 'Puddle': Puddle metadata/sound removed")
    const read: GodotImportSource = {
      ...source,
      readText: async (res) => (res === 'res://cave.tscn' ? files[0].after : source.readText(res)),
    }
    const again = (await importGodotScene(read, 'res://cave.tscn')).room
    expect(again.zones[0].properties).toEqual({
      godotPath: 'Puddle',
      depth: '5',
      slippery: 'false',
      echo: 'long',
    })
  })
})
