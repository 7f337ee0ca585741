/**
 * A Godot scene over Walkbox's limits is refused by `walkbox import` with its problems
 * listed one a line, in text and in --json, and no project is made: a scene file of more
 * than MAX_SCENE_NODES nodes (counted before it is parsed), and a scene whose room would hold
 * more zones than a room may.
 *
 * Units: px.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_SCENE_NODES, MAX_ZONES } from '../../../src/shared/limits'
import { walkbox } from '../cli/run-walkbox'

let dir = ''

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-godot-limits-'))
})

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** A scene with a walk region and `zones` Area2D zones, then `decor` Node2D nodes. */
function scene(zones: number, decor: number): string {
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
  for (let i = 1; i <= zones; i++)
    lines.push(
      `[node name="Zone${i}" type="Area2D" parent="."]`,
      '',
      `[node name="Shape" type="CollisionPolygon2D" parent="Zone${i}"]`,
      'polygon = PackedVector2Array(1, 1, 5, 1, 5, 5)',
      '',
    )
  for (let i = 1; i <= decor; i++) lines.push(`[node name="Decor${i}" type="Node2D" parent="."]`, '')
  return lines.join('\n')
}

describe('walkbox import of a Godot scene over the limits', () => {
  it('refuses a scene of more nodes than it reads, in text and --json, and makes no project', async () => {
    await writeFile(join(dir, 'big.tscn'), scene(0, MAX_SCENE_NODES))
    const out = join(dir, 'big-project')
    const text = await walkbox('import', join(dir, 'big.tscn'), '--out', out)
    expect(text.code).toBe(2)
    expect(text.stderr.trim().split('\n')).toEqual([
      'walkbox: res://big.tscn: refused: 1 problem',
      `  more than ${MAX_SCENE_NODES} nodes (${MAX_SCENE_NODES + 2} [node] sections)`,
    ])
    const json = await walkbox('import', join(dir, 'big.tscn'), '--out', out, '--json')
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stdout)).toEqual({
      error: 'res://big.tscn: refused: 1 problem',
      problems: [`more than ${MAX_SCENE_NODES} nodes (${MAX_SCENE_NODES + 2} [node] sections)`],
      problemCount: 1,
    })
    expect(existsSync(out)).toBe(false)
  }, 60_000)

  it('refuses a room of more zones than a room holds, listing the problem in --json', async () => {
    await writeFile(join(dir, 'zones.tscn'), scene(MAX_ZONES + 1, 0))
    const out = join(dir, 'zones-project')
    const r = await walkbox('import', join(dir, 'zones.tscn'), '--out', out, '--json')
    expect(r.code).toBe(2)
    const report = JSON.parse(r.stdout) as { error: string; problems: string[]; problemCount: number }
    expect(report.problems).toEqual([
      `zones: expected at most ${MAX_ZONES} zones, found ${MAX_ZONES + 1} (Walkbox's limit)`,
    ])
    expect(report.error).toContain(`expected at most ${MAX_ZONES} zones`)
    expect(r.stderr.split('\n')[1]).toBe(
      `  zones: expected at most ${MAX_ZONES} zones, found ${MAX_ZONES + 1} (Walkbox's limit)`,
    )
    expect(existsSync(out)).toBe(false)
  }, 60_000)
})
