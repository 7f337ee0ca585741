/**
 * A Godot room written back into the game's own scene files, in place (issue 19, item 3),
 * on the Popochiu bench game: an unedited House changes no file; one walkable vertex moved
 * changes only the lines of that NavigationPolygon (every other byte kept), and the scene
 * read again has the moved vertex; the dry run's diff names exactly those lines.
 *
 * Units: px.
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { importGodotScene } from '../../../src/shared/formats/godot/import'
import { patchGodotRoom, unifiedDiff } from '../../../src/shared/formats/godot/patch-in-place'
import { parseTscn } from '../../../src/shared/formats/godot/tscn'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { benchPath } from '../../support/bench-data'
import type { GodotImportSource } from '../../../src/shared/formats/godot/import'
import { folderSource } from './godot-source'

const POPOCHIU = benchPath('engines', 'popochiu-sample-game')
const HOUSE = 'game/rooms/house/room_house.tscn'
const FLOOR = 'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn'

/** The room of `scene` imported again with the patched files in place of theirs, in normal form. */
async function readBack(
  source: GodotImportSource,
  scene: string,
  files: readonly { path: string; after: string }[],
) {
  const patched = new Map(files.map((f) => [`res://${f.path}`, f.after]))
  const read: GodotImportSource = {
    ...source,
    readText: async (res) => patched.get(res) ?? source.readText(res),
  }
  return normaliseRoom((await importGodotScene(read, `res://${scene}`)).room)
}

describe('Godot in place: the Popochiu House', () => {
  it('an unedited room (as saved: 2 decimals) changes no file', async () => {
    const source = folderSource(POPOCHIU)
    const { room } = await importGodotScene(source, `res://${HOUSE}`)
    const patched = await patchGodotRoom(source, HOUSE, normaliseRoom(room))
    expect(patched.files).toEqual([])
  })

  it('one walkable vertex moved changes its interaction_polygon (what Popochiu walks) and its NavigationPolygon, and reads back moved', async () => {
    const source = folderSource(POPOCHIU)
    const { room } = await importGodotScene(source, `res://${HOUSE}`)
    const edited = normaliseRoom(room)
    const [x, y] = edited.polygons[0].outer[0]
    edited.polygons[0].outer[0] = [x + 3, y - 2]
    const { files, notes } = await patchGodotRoom(source, HOUSE, edited)
    expect(files.map((f) => f.path)).toEqual([FLOOR])
    const before = (await readFile(`${POPOCHIU}/${FLOOR}`, 'utf8')).split('\n')
    const after = files[0].after.split('\n')
    const keys = ['vertices', 'polygons', 'outlines', 'interaction_polygon']
    // Line by line: the same count, and only the three property lines of the sub-resource and
    // the walkable area's interaction_polygon differ.
    expect(after).toHaveLength(before.length)
    const changed = before.map((l, i) => (l === after[i] ? null : i)).filter((i): i is number => i !== null)
    expect(changed.map((i) => before[i].split(' = ')[0])).toEqual(keys)
    expect(
      before.slice(0, changed[0]).some((l) => l.startsWith('[sub_resource type="NavigationPolygon"')),
    ).toBe(true)
    // Independently of our reader, by the documented grammar: the same `[heading]` lines in
    // the same order, and every changed line is one `key = value` line whose brackets balance.
    const headings = (ls: string[]) => ls.filter((l) => l.startsWith('['))
    expect(headings(after)).toEqual(headings(before))
    for (const i of changed) {
      expect(after[i]).toMatch(/^(vertices|polygons|outlines|interaction_polygon) = \S/)
      for (const [open, close] of ['()', '[]'])
        expect(after[i].split(open).length).toBe(after[i].split(close).length)
    }
    // The patched file still parses with the same sections (and the node is unchanged).
    const sections = (t: string) =>
      parseTscn(t, FLOOR).map((s) => [s.tag, JSON.stringify(s.attrs), [...s.props.keys()]])
    expect(sections(files[0].after)).toEqual(sections(before.join('\n')))
    // Read back through the game: the moved vertex is there; the rest of the room is the same.
    const again = await readBack(source, HOUSE, files)
    const ringKey = (r: [number, number][]) => r.map(([a, b]) => `${a.toFixed(2)},${b.toFixed(2)}`).sort()
    expect(ringKey(again.polygons[0].outer)).toEqual(ringKey(edited.polygons[0].outer))
    expect(again.polygons[0].holes.map(ringKey).sort()).toEqual(edited.polygons[0].holes.map(ringKey).sort())
    expect(again.hotspots).toEqual(edited.hotspots)
    // interaction_polygon and the outlines hold the same rings, in the Perimeter's coordinates.
    const ringsOf = (line: string) => [...line.matchAll(/PackedVector2Array\(([^)]*)\)/g)].map((m) => m[1])
    const at = (k: string) => after[changed[keys.indexOf(k)]]
    expect(ringsOf(at('interaction_polygon'))).toEqual(ringsOf(at('outlines')))
    // The rings the edit left alone keep their text; the moved vertex is in the first one.
    expect(ringsOf(at('interaction_polygon')).slice(1)).toEqual(
      ringsOf(before[changed[keys.indexOf('interaction_polygon')]]).slice(1),
    )
    const text = notes.join('\n')
    expect(text).toContain(
      `WalkableAreas/Floor: walk area 'Floor' edited: interaction_polygon (what Popochiu walks)`,
    )
    expect(text).toContain(
      `WalkableAreas/Floor/Perimeter: walk area 'Floor' edited: its navigation polygon (NavigationPolygon_nhhoh in ${FLOOR.split('/').pop()})`,
    )
    // The dry run's diff: two hunks (the sub-resource, the node), four lines out and in.
    const diff = unifiedDiff(files[0])
    expect(diff.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'))).toHaveLength(4)
    expect(diff.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++'))).toHaveLength(4)
    expect(diff.match(/^@@ /gm)).toHaveLength(2)
  })

  it('a walk area renamed in Walkbox and edited is still written into its region, and the name is said to stay', async () => {
    const source = folderSource(POPOCHIU)
    const edited = normaliseRoom((await importGodotScene(source, `res://${HOUSE}`)).room)
    const area = edited.areas.find((a) => a.id === edited.polygons[0].areaId)!
    const was = area.name
    area.name = 'House floor'
    const [x, y] = edited.polygons[0].outer[0]
    edited.polygons[0].outer[0] = [x + 3, y - 2]
    const { files, notes } = await patchGodotRoom(source, HOUSE, edited)
    expect(files.map((f) => f.path)).toEqual([FLOOR])
    expect(was).toBe('Floor')
    expect(notes.join('\n')).toContain(
      `walk area 'House floor': renamed in Walkbox, the node WalkableAreas/Floor keeps its name 'Floor' in the scene`,
    )
  })
})

describe('Godot in place: a project imported before hotspots', () => {
  it('a zone of a node now read as a hotspot is not written, and the note says why; nothing is guessed', async () => {
    const source = folderSource(POPOCHIU)
    const room = normaliseRoom((await importGodotScene(source, `res://${HOUSE}`)).room)
    // As an earlier import kept the House: its clickables as trigger zones, no hotspots.
    const old = structuredClone(room)
    old.zones = room.hotspots!.map((h) => ({
      id: h.id,
      name: h.name,
      shape:
        h.shape.kind === 'polygon'
          ? { kind: 'polygon' as const, outer: h.shape.outer }
          : { kind: 'area' as const, areaId: 1 },
      events: { enter: '', exit: '', stand: '' },
      properties: { godotPath: h.properties.godotPath },
    }))
    delete old.hotspots
    const door = old.zones.find((z) => z.name === 'Door')!
    if (door.shape.kind === 'polygon')
      door.shape.outer[0] = [door.shape.outer[0][0] + 5, door.shape.outer[0][1]]
    const { files, notes } = await patchGodotRoom(source, HOUSE, old)
    expect(files).toEqual([])
    const text = notes.join('\n')
    expect(text).toContain(
      "zone 'Door': Props/Door is a hotspot in the scene (a clickable, read as one since Walkbox has hotspots); not written (import the room again to edit it as a hotspot)",
    )
    expect(text).not.toMatch(/removed in Walkbox/)
    expect(text).not.toMatch(/new in Walkbox/)
  })
})

describe('Godot in place: outlines the edit did not touch', () => {
  it("Escoria room02: a vertex moved in bridge_open's first outline leaves its second outline's text as it was", async () => {
    const ESCORIA = benchPath('engines', 'escoria-demo-game')
    const scene = 'game/rooms/room02/room02.tscn'
    const source = folderSource(ESCORIA)
    const edited = normaliseRoom((await importGodotScene(source, `res://${scene}`)).room)
    const area = edited.areas.find((a) => a.name === 'bridge_open')!
    const mine = edited.polygons.filter((p) => p.areaId === area.id)
    expect(mine).toHaveLength(2)
    const minX = (p: (typeof mine)[number]) => Math.min(...p.outer.map(([x]) => x))
    const left = mine.reduce((a, b) => (minX(a) <= minX(b) ? a : b))
    left.outer[0] = [left.outer[0][0] + 3, left.outer[0][1] - 2]
    const { files } = await patchGodotRoom(source, scene, edited)
    expect(files.map((f) => f.path)).toEqual([scene])
    const before = files[0].before.split('\n')
    const after = files[0].after.split('\n')
    expect(after).toHaveLength(before.length)
    const changed = before.map((l, i) => (l === after[i] ? null : i)).filter((i): i is number => i !== null)
    expect(changed.map((i) => before[i].split(' = ')[0])).toEqual(['vertices', 'polygons', 'outlines'])
    expect(before[changed[0] - 1]).toBe('[sub_resource type="NavigationPolygon" id="1"]')
    const second =
      'PackedVector2Array(802, 357, 875, 546, 1272, 548, 1272, 393, 1185, 343, 1184, 373, 1161, 358)'
    expect(before[changed[2]]).toContain(second)
    expect(after[changed[2]]).toContain(`, ${second}])`)
    // The edited outline keeps the file's winding and start: one pair differs from the file's.
    const pairs = (l: string) => /\(\[PackedVector2Array\(([^)]*)\)/.exec(l)![1].split(', ')
    const was = pairs(before[changed[2]])
    const now = pairs(after[changed[2]])
    expect(now).toHaveLength(was.length)
    expect(now.filter((v, i) => v !== was[i]).length).toBeGreaterThan(0)
    expect(now.filter((v, i) => v !== was[i]).length).toBeLessThanOrEqual(2)
    // vertices and polygons stay Godot's grammar, and the scene imports to the edited room.
    expect(after[changed[0]]).toMatch(/^vertices = PackedVector2Array\([-\d., ]*\)$/)
    expect(after[changed[1]]).toMatch(
      /^polygons = Array\[PackedInt32Array\]\(\[(PackedInt32Array\([\d, ]*\)(, )?)*\]\)$/,
    )
    const again = await readBack(source, scene, files)
    const key = (r: [number, number][]) =>
      r
        .map(([a, b]) => `${a.toFixed(2)},${b.toFixed(2)}`)
        .sort()
        .join(' ')
    const shapes = (room: typeof edited) =>
      room.polygons
        .filter((p) => p.areaId === room.areas.find((a) => a.name === 'bridge_open')!.id)
        .map((p) => [key(p.outer), ...p.holes.map(key)].join(' | '))
        .sort()
    expect(shapes(again)).toEqual(shapes(edited))
  })
})

describe('Godot in place: zones and points', () => {
  const lineDiff = (before: string, after: string) => {
    const a = before.split('\n')
    const b = after.split('\n')
    expect(b).toHaveLength(a.length)
    return a.flatMap((l, i) => (l === b[i] ? [] : [`${i}: ${b[i]}`]))
  }

  it("Escoria room 04: a moved exit polygon and the door's walk-to (its ESCLocation) change only their two lines", async () => {
    const ESCORIA = benchPath('engines', 'escoria-demo-game')
    const scene = 'game/rooms/room04/room04.tscn'
    const source = folderSource(ESCORIA)
    const edited = normaliseRoom((await importGodotScene(source, `res://${scene}`)).room)
    const door = edited.hotspots!.find((h) => h.name === 'l_door')!
    if (door.shape.kind !== 'polygon') throw new Error('a polygon hotspot')
    door.shape.outer[0] = [door.shape.outer[0][0] + 10, door.shape.outer[0][1] + 5]
    const right = edited.hotspots!.find((h) => h.name === 'r_door')!
    expect(right.walkTo).toEqual({ x: 2313, y: 520 })
    right.walkTo = { x: 2320, y: 520 }
    const { files } = await patchGodotRoom(source, scene, edited)
    expect(files.map((f) => f.path)).toEqual([scene])
    const changed = lineDiff(files[0].before, files[0].after)
    expect(changed).toHaveLength(2)
    expect(changed[0]).toMatch(/^\d+: polygon = PackedVector2Array\(/)
    expect(changed[1]).toMatch(/^\d+: position = Vector2\(2320, 520\)$/)
    const again = await readBack(source, scene, files)
    expect(again.hotspots).toEqual(edited.hotspots)
    expect(again.points).toEqual(edited.points)
  })

  it('Escoria room 04: a hotspot renamed and moved is still written, a point renamed in place changes no line; both names are said to stay', async () => {
    const ESCORIA = benchPath('engines', 'escoria-demo-game')
    const scene = 'game/rooms/room04/room04.tscn'
    const source = folderSource(ESCORIA)
    const edited = normaliseRoom((await importGodotScene(source, `res://${scene}`)).room)
    const door = edited.hotspots!.find((h) => h.name === 'l_door')!
    if (door.shape.kind !== 'polygon') throw new Error('a polygon hotspot')
    door.name = 'west door'
    door.shape.outer[0] = [door.shape.outer[0][0] + 10, door.shape.outer[0][1] + 5]
    const marker = edited.points!.find((p) => p.name === 'player_start')!
    marker.name = 'way in'
    const { files, notes } = await patchGodotRoom(source, scene, edited)
    expect(files.map((f) => f.path)).toEqual([scene])
    const changed = lineDiff(files[0].before, files[0].after)
    expect(changed).toHaveLength(1)
    expect(changed[0]).toMatch(/^\d+: polygon = PackedVector2Array\(/)
    const text = notes.join('\n')
    expect(text).toMatch(
      /hotspot 'west door': renamed in Walkbox, the node \S+ keeps its name 'l_door' in the scene/,
    )
    expect(text).toMatch(
      /point 'way in': renamed in Walkbox, the node \S+ keeps its name 'player_start' in the scene/,
    )
  })

  it('Escoria room 04: a hotspot and a point removed in Walkbox leave their nodes, each named in a note', async () => {
    const ESCORIA = benchPath('engines', 'escoria-demo-game')
    const scene = 'game/rooms/room04/room04.tscn'
    const source = folderSource(ESCORIA)
    const edited = normaliseRoom((await importGodotScene(source, `res://${scene}`)).room)
    edited.hotspots = edited.hotspots!.filter((h) => h.name !== 'l_door')
    edited.points = edited.points!.filter((p) => p.name !== 'player_start')
    const { files, notes } = await patchGodotRoom(source, scene, edited)
    expect(files).toEqual([])
    const text = notes.join('\n')
    expect(text).toMatch(/hotspot 'l_door': removed in Walkbox; its node \S+ is left in the scene/)
    expect(text).toMatch(/point 'player_start': removed in Walkbox; \S+ is left in the scene/)
  })

  it("Popochiu House: the Window's polygon and the Door's walk_to_point, on the instancing nodes of the room scene", async () => {
    const source = folderSource(POPOCHIU)
    const edited = normaliseRoom((await importGodotScene(source, `res://${HOUSE}`)).room)
    const window = edited.hotspots!.find((h) => h.name === 'Window')!
    if (window.shape.kind !== 'polygon') throw new Error('a polygon hotspot')
    window.shape.outer[1] = [window.shape.outer[1][0], window.shape.outer[1][1] - 4]
    const door = edited.hotspots!.find((h) => h.name === 'Door')!
    door.walkTo = { x: door.walkTo!.x, y: door.walkTo!.y + 2 }
    const { files } = await patchGodotRoom(source, HOUSE, edited)
    expect(files.map((f) => f.path)).toEqual([HOUSE])
    const changed = lineDiff(files[0].before, files[0].after)
    expect(changed.map((l) => l.replace(/^\d+: /, '').split(' = ')[0])).toEqual([
      'walk_to_point',
      'interaction_polygon',
    ])
    const again = await readBack(source, HOUSE, files)
    expect(again.hotspots).toEqual(edited.hotspots)
    expect(again.points).toEqual(edited.points)
  })
})
