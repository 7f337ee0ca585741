/**
 * Bad Godot input from the command line keeps its promise (issue 27): one line and exit 2 for
 * what cannot be read (a Godot 3 project), a note for what is skipped, never an internal
 * message; a room the importer makes is one Walkbox's own store keeps (a Popochiu 2.1 room whose
 * Background prop shows one frame of a 10-frame sheet); `walkbox batch` on a room where nothing
 * is walkable says so with exit 2. The games are written here.
 *
 * Units: px.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempFolder } from '../main/helpers'
import { walkbox } from './run-walkbox'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeEach(async () => {
  ;({ dir, remove: cleanup } = await tempFolder('walkbox-godot-bad-'))
})
afterEach(async () => {
  await cleanup()
})

async function write(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, body] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), body)
  }
}

/** A Popochiu 2 game of one room; its floor at `floorY` (scene px) under a 41x33 room. */
async function popochiuGame(root: string, floorY: number): Promise<void> {
  // A 10-frame sheet, 41 px a frame, each frame its own grey.
  const sheet = new Uint8Array(410 * 33 * 3)
  for (let i = 0; i < 410 * 33; i++) sheet.fill(Math.floor((i % 410) / 41) * 25, i * 3, i * 3 + 3)
  await write(root, {
    'project.godot': 'config_version=5\n\n[application]\n\nconfig/name="Sheet"\n',
    'addons/popochiu/plugin.cfg': '[plugin]\n\nname="Popochiu"\nversion="2.1.0"\n',
    'game/rooms/cell/props/bg/sheet.png': new Uint8Array(
      await sharp(sheet, { raw: { width: 410, height: 33, channels: 3 } })
        .png()
        .toBuffer(),
    ),
    'game/rooms/cell/room_cell.tscn': `[gd_scene load_steps=3 format=3]

[ext_resource type="Texture2D" path="res://game/rooms/cell/props/bg/sheet.png" id="1_sheet"]

[node name="RoomCell" type="Node2D"]
script_name = "Cell"

[node name="WalkableAreas" type="Node2D" parent="."]

[node name="Floor" type="Node2D" parent="WalkableAreas"]
interaction_polygon = Array[PackedVector2Array]([PackedVector2Array(2, ${floorY}, 38, ${floorY}, 38, ${floorY + 10}, 2, ${floorY + 10})])

[node name="Perimeter" type="NavigationRegion2D" parent="WalkableAreas/Floor"]

[node name="Props" type="Node2D" parent="."]

[node name="Background" type="Area2D" parent="Props"]
clickable = false
texture = ExtResource("1_sheet")
frames = 10

[node name="Sprite2D" type="Sprite2D" parent="Props/Background"]
centered = false

[node name="Hotspots" type="Node2D" parent="."]

[node name="Characters" type="Node2D" parent="."]
`,
  })
}

describe('bad Godot input on the command line', () => {
  it('a Godot 3 project: one line, exit 2, nothing written', async () => {
    const game = join(dir, 'old')
    await write(game, {
      'project.godot': '; Engine configuration file.\nconfig_version=4\n',
      'popochiu/Rooms/Alley/RoomAlley.tscn':
        '[gd_scene load_steps=2 format=2]\n\n[node name="RoomAlley" type="Node2D"]\n',
    })
    const run = await walkbox('import', game, '--out', join(dir, 'proj'))
    expect(run.code).toBe(2)
    expect(run.stderr.trim().split('\n')).toEqual([
      `walkbox: ${game}: a Godot 3 project (project.godot config_version=4, as Popochiu 1 and Escoria for Godot 3 games are); Walkbox reads Godot 4 projects (Popochiu 2, Escoria for Godot 4); nothing written`,
    ])
    expect(existsSync(join(dir, 'proj'))).toBe(false)
  })

  it('a 2.1 room showing one frame of a 10-frame sheet: imported, kept by the project store, the frame as its background', async () => {
    const game = join(dir, 'sheet')
    await popochiuGame(game, 15)
    const run = await walkbox('import', game, '--out', join(dir, 'proj'))
    expect(run.stderr).not.toMatch(/walkbox: /)
    expect(run.code).toBe(0)
    const room = JSON.parse(await readFile(join(dir, 'proj/rooms/cell/room.json'), 'utf8')) as {
      size: { width: number; height: number }
    }
    expect(room.size).toEqual({ width: 41, height: 33 })
    const bg = await sharp(join(dir, 'proj/rooms/cell/background.png')).metadata()
    expect([bg.width, bg.height]).toEqual([41, 33])
    expect(run.stdout).toContain('the background shows one of 10x1 frames')
  })

  it('batch on a room where nothing is walkable (its floor below the picture): one line, exit 2', async () => {
    const game = join(dir, 'low')
    await popochiuGame(game, 200)
    const imported = await walkbox('import', game, '--out', join(dir, 'proj'))
    expect(imported.code).toBe(0)
    expect(imported.stdout).toContain("walk area 'Floor' lies outside the room")
    const run = await walkbox('batch', `${join(dir, 'proj')}#cell`, '--pairs', '5')
    expect(run.code).toBe(2)
    expect(run.stderr.trim()).toBe(
      'walkbox: proj#cell: nothing is walkable inside the room (41x33 px); no pairs to run',
    )
    expect(run.stdout).toBe('')
    expect(await readdir(join(dir, 'proj/rooms'))).toEqual(['cell'])
  })
})
