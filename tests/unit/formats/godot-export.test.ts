/**
 * Walkbox rooms out to Godot 4 scenes and back: the scene reads as Godot writes its own
 * (format=3, the node types and properties of ../shared/bench/engines), and importing our
 * own export gives back the same geometry, zones, points, gates and offsets.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { exportGodotScene } from '../../../src/shared/formats/godot/export'
import { importGodotScene } from '../../../src/shared/formats/godot/import'
import { parseTscn } from '../../../src/shared/formats/godot/tscn'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { parseRoom, type Room } from '../../../src/shared/room/schema'
import { fullRoom } from '../room/fixtures'
import { folderSource, memorySource } from './godot-source'
import { benchPath } from '../../support/bench-data'

function polygonRoom(): Room {
  const room = fullRoom()
  room.authoritative = 'polygons'
  return room
}

const ringKey = (r: [number, number][]) =>
  r
    .map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`)
    .sort()
    .join(' ')

describe('Godot export', () => {
  it('writes a format=3 scene with a NavigationRegion2D per area, outlines and a triangulation, zones, markers, the background', () => {
    const room = polygonRoom()
    const { text, notes } = exportGodotScene(room, { backgroundResPath: 'res://rooms/porch/background.png' })
    const sections = parseTscn(text, 'porch.tscn')
    expect(sections[0]).toMatchObject({ tag: 'gd_scene', attrs: { format: 3 } })
    const nodes = sections.filter((s) => s.tag === 'node')
    expect(nodes[0].attrs).toEqual({ name: room.name, type: 'Node2D' })
    const types = nodes.map((n) => n.attrs.type)
    expect(types.filter((t) => t === 'NavigationRegion2D')).toHaveLength(
      new Set(room.polygons.map((p) => p.areaId)).size,
    )
    expect(types).toContain('Sprite2D')
    expect(types.filter((t) => t === 'Marker2D')).toHaveLength(1 + room.points!.length)
    const nav = sections.filter((s) => s.tag === 'sub_resource' && s.attrs.type === 'NavigationPolygon')
    for (const n of nav) {
      expect([...n.props.keys()]).toEqual(['vertices', 'polygons', 'outlines'])
    }
    // The background sprite is placed so that its top-left is the room's (0, 0) in scene px.
    const bg = nodes.find((n) => n.attrs.type === 'Sprite2D')!
    expect(bg.props.get('centered')).toBe(false)
    expect(bg.props.get('position')).toEqual({ kind: 'call', name: 'Vector2', args: [-46, -0 + 0] })
    // What Godot has no place for is named.
    expect(notes.join('\n')).toMatch(/node graph: Godot scenes have no authored graph/)
    expect(notes.join('\n')).toMatch(/gates: Godot has no flag-driven walk blocker/)
    expect(notes.join('\n')).toMatch(/shaped as a walk area: not exported/)
  })

  it('gives back the same room when its export is imported', async () => {
    const room = polygonRoom()
    const { text } = exportGodotScene(room)
    const back = await importGodotScene(memorySource({ 'res://porch.tscn': text }), 'res://porch.tscn')
    const r = parseRoom(JSON.parse(JSON.stringify(back.room)))
    expect(r.id).toBe(room.id)
    expect(r.sceneOffset).toBeUndefined() // no background in this export: the offset cannot be told
    const shift = room.sceneOffset!
    const moved = (ring: [number, number][]) =>
      ring.map(([x, y]): [number, number] => [x - shift.x, y - shift.y])
    expect(r.polygons.map((p) => ringKey(p.outer)).sort()).toEqual(
      room.polygons.map((p) => ringKey(moved(p.outer))).sort(),
    )
    expect(r.polygons.map((p) => p.holes.length).sort()).toEqual(
      room.polygons.map((p) => p.holes.length).sort(),
    )
    expect(r.areas).toEqual(room.areas)
    const polygonZones = room.zones.filter((z) => z.shape.kind === 'polygon')
    expect(r.zones.map((z) => [z.name, z.events, z.enabledBy])).toEqual(
      polygonZones.map((z) => [z.name, z.events, z.enabledBy]),
    )
    expect(r.gates.map((g) => [g.name, g.kind, g.flagExpression])).toEqual(
      room.gates.map((g) => [g.name, g.kind, g.flagExpression]),
    )
    expect(r.points!.map((p) => [p.name, p.x + shift.x, p.y + shift.y])).toEqual(
      room.points!.map((p) => [p.name, p.x, p.y]),
    )
    expect(r.testWalk.start).toEqual({
      x: room.testWalk.start.x - shift.x,
      y: room.testWalk.start.y - shift.y,
    })
    // The flags the expressions use are offered to the project.
    expect(back.flags.map((f) => f.id).sort()).toEqual(['door_open', 'guard_awake'])
  })

  it('keeps room px when the background travels with the scene: Popochiu House out and back in', async () => {
    const first = await importGodotScene(
      folderSource(benchPath('engines', 'popochiu-sample-game')),
      'res://game/rooms/house/room_house.tscn',
    )
    const { text } = exportGodotScene(first.room, { backgroundResPath: 'res://bg.png' })
    const again = await importGodotScene(
      memorySource({ 'res://house.tscn': text, 'res://bg.png': first.background!.bytes }),
      'res://house.tscn',
    )
    expect(normaliseRoom(again.room).polygons.map((p) => ringKey(p.outer))).toEqual(
      normaliseRoom(first.room).polygons.map((p) => ringKey(p.outer)),
    )
    expect(again.room.zones.map((z) => z.shape)).toEqual(first.room.zones.map((z) => z.shape))
    expect(again.room.size).toEqual(first.room.size)
  })
})
