/**
 * Importing large Godot 4 scenes: how long `walkbox import` takes to read (or refuse) a
 * .tscn of 1k, 10k and 100k nodes, through the format registry and the command line's
 * folder source, as the CLI does (the Tiled counterpart is bench/tiled-import.ts). Import
 * time should grow linearly with the nodes, and a scene over a limit should be refused,
 * its first problems listed, well within 2 s.
 *
 *   tsx bench/godot-import.ts [--nodes 1000,10000,100000] [--runs K]
 *
 * Glossary
 * - accepted scene: a NavigationRegion2D, 1000 Area2D zones with a CollisionPolygon2D each
 *   (the most a room holds) and the rest Node2D nodes Walkbox does not read, so that the
 *   whole scene is read.
 * - refused scene: every node past the region an Area2D zone (with its polygon); past
 *   MAX_ZONES zones the room is refused (parseRoom, as `walkbox import` checks it before it
 *   writes anything); past MAX_NODES nodes (scene-tree.ts) the scene is refused before it
 *   is parsed.
 * - nodes: the [node] sections (a zone is two: the Area2D and its polygon).
 * - ms per 1k: the median time divided by the nodes in thousands (flat = linear).
 *
 * Units: ms, MB (10^6 bytes).
 */
import { parseArgs } from 'node:util'
import { MAX_ZONES } from '../src/shared/limits'
import { parseRoom } from '../src/shared/room/schema'
import { printImportTable, timeImports } from './import-sizes'

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '1000,10000,100000' },
    runs: { type: 'string', default: '3' },
  },
})

/** A scene of about `nodes` [node] sections, `zones` of them Area2D zones (two sections each). */
function tscn(nodes: number, zones: number): string {
  const lines = [
    '[gd_scene format=3]',
    '',
    '[sub_resource type="NavigationPolygon" id="nav"]',
    'outlines = Array[PackedVector2Array]([PackedVector2Array(0, 0, 640, 0, 640, 400, 0, 400)])',
    '',
    '[node name="Room" type="Node2D"]',
    '',
    '[node name="Walk" type="NavigationRegion2D" parent="."]',
    'navigation_polygon = SubResource("nav")',
    '',
  ]
  let written = 2
  for (let i = 1; i <= zones && written + 2 <= nodes; i++, written += 2) {
    const x = i % 600
    const y = (i * 7) % 380
    lines.push(
      `[node name="Zone${i}" type="Area2D" parent="."]`,
      '',
      `[node name="Shape" type="CollisionPolygon2D" parent="Zone${i}"]`,
      `polygon = PackedVector2Array(${x}, ${y}, ${x + 12}, ${y}, ${x + 12}, ${y + 10}, ${x}, ${y + 10})`,
      '',
    )
  }
  for (let i = 1; written < nodes; i++, written++) {
    lines.push(
      `[node name="Decor${i}" type="Node2D" parent="."]`,
      `position = Vector2(${i % 600}, ${(i * 7) % 380})`,
      '',
    )
  }
  return lines.join('\n')
}

const rows = await timeImports({
  format: 'godot',
  extension: 'tscn',
  sizes: values.nodes.split(',').map(Number),
  runs: Number(values.runs),
  text: (n, kind) => tscn(n, kind === 'accepted' ? Math.min(Math.floor(n / 2), MAX_ZONES) : n),
  // As `walkbox import` does before it writes anything: a room over a limit is refused.
  check: (room) => void parseRoom(JSON.parse(JSON.stringify(room)), `room '${room.id}'`),
})
printImportTable(['scene', 'nodes'], rows)
