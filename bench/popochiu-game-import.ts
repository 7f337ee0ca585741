/**
 * Importing a whole Popochiu 2 game, as `walkbox import <game> --out <project>` does it: a
 * seeded 7-room game written here (each room a 1920x1080 background, 4 props and 2 characters
 * with their pictures, a walkable area with holes, 5 hotspots, a scaling region), and any real
 * game given with --game (the corpus's, docs/engines.md). The target: a 7-room game in under
 * 10 s on the 2-core machines this project runs on. Split into reading the rooms (the scenes,
 * the pictures decoded, props drawn into each background) and the whole import (reading and
 * writing the project: PNG encoding, the project store's one-unit saves).
 *
 *   npx tsx bench/popochiu-game-import.ts [--runs K] [--seed S] [--game <Popochiu game folder>]
 *
 * Glossary
 * - read: importGodotScene over every room, the format registry's source (no project written).
 * - import: importGodotGameCommand into a new project (what the CLI runs), median of K runs.
 *
 * Units: ms, px.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { importGodotGameCommand } from '../src/cli/godot-game-commands'
import { folderSource } from '../src/cli/format-commands'
import { roomFormat } from '../src/shared/formats/registry'
import { createRandom } from '../src/shared/measure/random'
import { fixed, markdownTable, median } from '../src/cli/table'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '27' },
    game: { type: 'string', multiple: true, default: [] },
  },
})
const runs = Math.max(1, Number(values.runs))

async function put(root: string, path: string, body: string | Uint8Array): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true })
  await writeFile(join(root, path), body)
}

/** A picture with some detail (seeded blocks of colour), so that PNG coding has work to do. */
async function picture(width: number, height: number, random: () => number): Promise<Uint8Array> {
  const data = new Uint8Array(width * height * 4)
  const block = 16
  for (let by = 0; by < height; by += block)
    for (let bx = 0; bx < width; bx += block) {
      const c = [random() * 255, random() * 255, random() * 255]
      for (let y = by; y < Math.min(height, by + block); y++)
        for (let x = bx; x < Math.min(width, bx + block); x++)
          data.set([c[0], c[1], c[2], 255], (y * width + x) * 4)
    }
  return new Uint8Array(
    await sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  )
}

const ring = (cx: number, cy: number, rx: number, ry: number, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n
    return `${Math.round(cx + rx * Math.cos(a))}, ${Math.round(cy + ry * Math.sin(a))}`
  }).join(', ')

async function writeGame(root: string, seed: number): Promise<void> {
  const random = createRandom(seed).next
  await put(root, 'project.godot', 'config_version=5\n\n[application]\n\nconfig/name="Bench game"\n')
  await put(root, 'addons/popochiu/plugin.cfg', '[plugin]\n\nname="Popochiu"\nversion="2.1.0"\n')
  await put(root, 'game/characters/hero/hero.png', await picture(64, 128, random))
  for (let r = 1; r <= 7; r++) {
    const dir = `game/rooms/room${r}`
    await put(root, `${dir}/props/background/background.png`, await picture(1920, 1080, random))
    for (let p = 1; p <= 4; p++)
      await put(root, `${dir}/props/prop${p}/prop${p}.png`, await picture(256, 256, random))
    const props = Array.from({ length: 4 }, (_, k) => {
      const p = k + 1
      return `
[node name="Prop${p}" type="Area2D" parent="Props"]
position = Vector2(${300 + 350 * k}, ${500 + 40 * k})
script_name = "Prop${p}"
description = "Prop ${p}"
baseline = ${20 + k}
walk_to_point = Vector2(0, 150)
look_at_point = Vector2(0, -40)
texture = ExtResource("p${p}")
interaction_polygon = PackedVector2Array(${ring(0, 0, 110, 110, 12)})

[node name="Sprite2D" type="Sprite2D" parent="Props/Prop${p}"]
`
    }).join('')
    const hotspots = Array.from(
      { length: 5 },
      (_, k) => `
[node name="Spot${k + 1}" type="Area2D" parent="Hotspots"]
position = Vector2(960, 540)
script_name = "Spot${k + 1}"
description = "Spot ${k + 1}"
walk_to_point = Vector2(${-700 + 300 * k}, 400)
look_at_point = Vector2(${-700 + 300 * k}, -300)
interaction_polygon = PackedVector2Array(${ring(0, 0, 60, 40, 8)})
interaction_polygon_position = Vector2(${-700 + 300 * k}, -300)
`,
    ).join('')
    const characters = [1, 2]
      .map(
        (c) => `
[node name="CharacterHero${c} *" type="Area2D" parent="Characters"]
position = Vector2(${600 * c}, 900)

[node name="Sprite2D" type="Sprite2D" parent="Characters/CharacterHero${c} *"]
texture = ExtResource("hero")
`,
      )
      .join('')
    await put(
      root,
      `${dir}/room_room${r}.tscn`,
      `[gd_scene load_steps=9 format=3]

[ext_resource type="Texture2D" path="res://${dir}/props/background/background.png" id="bg"]
${[1, 2, 3, 4].map((p) => `[ext_resource type="Texture2D" path="res://${dir}/props/prop${p}/prop${p}.png" id="p${p}"]`).join('\n')}
[ext_resource type="Texture2D" path="res://game/characters/hero/hero.png" id="hero"]

[sub_resource type="NavigationPolygon" id="nav"]
outlines = Array[PackedVector2Array]([PackedVector2Array(${ring(0, 0, 900, 150, 40)})])

[node name="RoomRoom${r}" type="Node2D"]
script_name = "Room${r}"
width = 1920
height = 1080

[node name="WalkableAreas" type="Node2D" parent="."]

[node name="Floor" type="Node2D" parent="WalkableAreas"]
position = Vector2(960, 880)
interaction_polygon = Array[PackedVector2Array]([PackedVector2Array(${ring(0, 0, 900, 150, 40)}), PackedVector2Array(${ring(-300, 0, 60, 30, 10)}), PackedVector2Array(${ring(300, 0, 60, 30, 10)})])

[node name="Perimeter" type="NavigationRegion2D" parent="WalkableAreas/Floor"]
navigation_polygon = SubResource("nav")

[node name="Props" type="Node2D" parent="."]

[node name="Background" type="Area2D" parent="Props"]
position = Vector2(960, 540)
clickable = false
z_index = -1
texture = ExtResource("bg")

[node name="Sprite2D" type="Sprite2D" parent="Props/Background"]
${props}
[node name="Hotspots" type="Node2D" parent="."]
${hotspots}
[node name="Regions" type="Node2D" parent="."]

[node name="Depth" type="Area2D" parent="Regions"]
scaling = true
scale_top = 0.6
scale_bottom = 1.0
interaction_polygon = PackedVector2Array(0, 700, 1920, 700, 1920, 1080, 0, 1080)

[node name="Markers" type="Node2D" parent="."]

[node name="Entrance" type="Marker2D" parent="Markers"]
position = Vector2(100, 900)

[node name="Characters" type="Node2D" parent="."]
${characters}`,
    )
  }
}

interface Row {
  game: string
  rooms: number
  readMs: number
  importMs: number
  slowestMs: number
}

async function measure(label: string, game: string): Promise<Row> {
  const found = (await importGodotGameCommand(join(await mkdtemp(join(tmpdir(), 'wb-pgi-')), 'p'), game))
    .rooms
  const reads: number[] = []
  const imports: number[] = []
  for (let k = 0; k < runs; k++) {
    let t = performance.now()
    for (const r of found) await roomFormat('godot').importRoom!(folderSource(game), r.scene, {})
    reads.push(performance.now() - t)
    const out = await mkdtemp(join(tmpdir(), 'wb-pgi-'))
    t = performance.now()
    await importGodotGameCommand(join(out, 'project'), game)
    imports.push(performance.now() - t)
    await rm(out, { recursive: true, force: true })
  }
  return {
    game: label,
    rooms: found.length,
    readMs: median(reads),
    importMs: median(imports),
    slowestMs: Math.max(...imports),
  }
}

const work = await mkdtemp(join(tmpdir(), 'wb-popochiu-game-'))
try {
  const generated = join(work, 'game')
  await writeGame(generated, Number(values.seed))
  const rows = [await measure(`generated, seed ${values.seed} (7 rooms, 1920x1080)`, generated)]
  for (const g of values.game as string[]) rows.push(await measure(g, g))
  console.log(
    markdownTable(
      ['game', 'rooms', 'read (median)', 'whole import (median)', 'slowest import', 'per room'],
      rows.map((r) => [
        r.game,
        String(r.rooms),
        `${fixed(r.readMs, 0)} ms`,
        `${fixed(r.importMs, 0)} ms`,
        `${fixed(r.slowestMs, 0)} ms`,
        `${fixed(r.importMs / r.rooms, 0)} ms`,
      ]),
    ),
  )
  console.log(
    `\n${runs} run(s) each; ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; target: a 7-room Popochiu game imports in under 10000 ms.`,
  )
} finally {
  await rm(work, { recursive: true, force: true })
}
