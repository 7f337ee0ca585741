/**
 * What a Godot room keeps on its way in and out, on the real Popochiu and Escoria scenes of
 * ../shared/bench/engines (issue 19): the whole transform chain of every ancestor (also
 * above a sub-scene that is missing), flags with their defaults, zone properties and point
 * names through an export and an import.
 *
 * Units: px (scene px = room px for these rooms: their backgrounds are not there or sit at
 * the origin).
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { exportGodotScene } from '../../../src/shared/formats/godot/export'
import { importGodotScene, type GodotImportSource } from '../../../src/shared/formats/godot/import'
import { roomFormat } from '../../../src/shared/formats/registry'
import { signedArea } from '../../../src/shared/geometry/polygon'
import { folderSource as cliFolderSource } from '../../../src/cli/format-commands'
import { benchPath } from '../../support/bench-data'
import { decodeRgba, folderSource, memorySource } from './godot-source'

const POPOCHIU = benchPath('engines', 'popochiu-sample-game')
const ESCORIA = benchPath('engines', 'escoria-demo-game')

/** The bench game with some res:// files hidden (as in a game folder copied without them). */
function without(dir: string, hidden: string[]): GodotImportSource {
  const base = folderSource(dir)
  return {
    ...base,
    readText: async (res) => (hidden.includes(res) ? null : base.readText(res)),
    readBytes: async (res) => (hidden.includes(res) ? null : base.readBytes(res)),
  }
}

/** The bench game with one scene's text replaced. */
function edited(dir: string, res: string, text: string): GodotImportSource {
  const base = folderSource(dir)
  return { ...base, readText: async (p) => (p === res ? text : base.readText(p)) }
}

/** Godot's Transform2D from rotation, scale, skew and position, applied to a point. */
function godotXform(
  t: { rotation: number; skew: number; scale: [number, number]; position: [number, number] },
  [x, y]: [number, number],
): [number, number] {
  const ax = [Math.cos(t.rotation) * t.scale[0], Math.sin(t.rotation) * t.scale[0]]
  const ay = [-Math.sin(t.rotation + t.skew) * t.scale[1], Math.cos(t.rotation + t.skew) * t.scale[1]]
  return [ax[0] * x + ay[0] * y + t.position[0], ax[1] * x + ay[1] * y + t.position[1]]
}

describe('Godot import: the transform chain', () => {
  it('keeps a Popochiu hotspot where Godot puts it when its sub-scene is missing', async () => {
    const scene = 'res://game/rooms/house/room_house.tscn'
    const full = await importGodotScene(folderSource(POPOCHIU), scene)
    const cut = await importGodotScene(
      without(POPOCHIU, ['res://game/rooms/house/hotspots/window/hotspot_window.tscn']),
      scene,
    )
    const window = (r: typeof full) => r.room.hotspots?.find((h) => h.name === 'Window')
    // The instancing node says position (178, 100) and the polygon: Godot draws it there.
    expect(window(full)!.shape).toEqual({
      kind: 'polygon',
      outer: [
        [134, 9],
        [157, 1],
        [179, 9],
        [183, 25],
        [179, 45],
        [155, 51],
        [134, 46],
        [129, 26],
      ],
    })
    expect(window(cut)?.shape).toEqual(window(full)!.shape)
    expect(window(cut)?.walkTo).toEqual(window(full)!.walkTo)
    expect(window(full)!.walkTo).toEqual({ x: 178 - 20.4738, y: 100 - 23.3086 })
    expect(cut.notes.some((n) => n.includes('hotspot_window.tscn is missing'))).toBe(true)
  })

  it('applies rotation, scale and skew of every ancestor (Escoria room 04 with its Hotspots turned)', async () => {
    const res = 'res://game/rooms/room04/room04.tscn'
    const text = await readFile(`${ESCORIA}/game/rooms/room04/room04.tscn`, 'utf8')
    const hotspots = {
      rotation: 0.3,
      skew: 0.25,
      scale: [1.5, 0.75] as [number, number],
      position: [40, -20] as [number, number],
    }
    const turned = text.replace(
      '[node name="Hotspots" type="Node2D" parent="."]\n',
      '[node name="Hotspots" type="Node2D" parent="."]\nposition = Vector2(40, -20)\nrotation = 0.3\nscale = Vector2(1.5, 0.75)\nskew = 0.25\n',
    )
    expect(turned).not.toBe(text)
    const r = await importGodotScene(edited(ESCORIA, res, turned), res)
    // The door's walk-to is its ESCLocation child (Escoria's get_interact_position).
    const door = r.room.hotspots!.find((h) => h.name === 'r_door')!
    const [x, y] = godotXform(hotspots, [2313, 520])
    expect(door.walkTo!.x).toBeCloseTo(x, 6)
    expect(door.walkTo!.y).toBeCloseTo(y, 6)
    // The door's polygon: its CollisionPolygon2D's own points through the same chain.
    const plain = await importGodotScene(folderSource(ESCORIA), res)
    const before = plain.room.hotspots!.find((h) => h.name === 'r_door')!
    if (door.shape.kind !== 'polygon' || before.shape.kind !== 'polygon') throw new Error('polygon hotspots')
    const shift = { x: r.room.sceneOffset?.x ?? 0, y: r.room.sceneOffset?.y ?? 0 }
    door.shape.outer.forEach(([px, py], i) => {
      const [ex, ey] = godotXform(hotspots, before.shape.kind === 'polygon' ? before.shape.outer[i] : [0, 0])
      expect(px - shift.x).toBeCloseTo(ex, 6)
      expect(py - shift.y).toBeCloseTo(ey, 6)
    })
    expect(r.notes.some((n) => /skew/.test(n))).toBe(false)
  })
})

describe('Godot export and import: flags, zone properties and point names', () => {
  it('keeps flag defaults: the open bridge of Escoria room 02 stays open', async () => {
    const first = await importGodotScene(folderSource(ESCORIA), 'res://game/rooms/room02/room02.tscn')
    expect(first.flags.map((f) => [f.id, f.default])).toEqual([['bridgeClosedEnabled', false]])
    // The author sets the bridge closed from the start, then exports.
    const flags = [{ id: 'bridgeClosedEnabled', name: 'bridge closed', default: true }]
    const { text } = exportGodotScene(first.room, { flags })
    const back = await importGodotScene(memorySource({ 'res://room02.tscn': text }), 'res://room02.tscn')
    expect(back.flags).toEqual(flags)
  })

  it('keeps Escoria global_id, custom properties, walk-to points and the names of points (room 04)', async () => {
    const first = await importGodotScene(folderSource(ESCORIA), 'res://game/rooms/room04/room04.tscn')
    const door = first.room.hotspots![0]
    door.properties = { ...door.properties, sound: 'creak.ogg', 'odd key': 'x' }
    const { text } = exportGodotScene(first.room)
    const back = await importGodotScene(memorySource({ 'res://room04.tscn': text }), 'res://room04.tscn')
    expect(back.room.hotspots).toEqual(first.room.hotspots)
    expect(back.room.hotspots!.map((h) => [h.name, h.properties.global_id, h.properties.sound])).toEqual([
      ['l_door', 'l_exit', 'creak.ogg'],
      ['r_door', 'r_exit', undefined],
    ])
    expect(back.room.hotspots![0].properties['odd key']).toBe('x')
    expect(back.room.zones).toEqual([])
    expect(back.room.points).toEqual(first.room.points)
    expect(back.room.points!.map((p) => p.name)).toEqual(['player_start'])
    expect(back.room.testWalk.start).toEqual(first.room.testWalk.start)
  })
})

describe('Godot export of a mask-only room', () => {
  it('writes a NavigationRegion2D traced from the mask (the AGS bench room 1, 8317 walkable px)', async () => {
    const ags = await roomFormat('ags4').importRoom!(
      cliFolderSource(benchPath('engines', 'ags-tumbleweed')),
      'Rooms/1/data.xml',
      {},
    )
    expect(ags.room.authoritative).toBe('mask')
    expect(ags.room.polygons).toHaveLength(0)
    const out = roomFormat('godot').exportRoom!({
      room: ags.room,
      mask: ags.mask ?? null,
      background: null,
      scaleMap: null,
    })
    const scene = out.files.find((f) => f.path.endsWith('.tscn'))!
    if (!('text' in scene)) throw new Error('a text scene')
    expect(scene.text).toContain('type="NavigationRegion2D"')
    expect(out.notes.some((n) => n.startsWith('walk mask: traced into NavigationRegion2D polygons'))).toBe(
      true,
    )
    const back = await importGodotScene(memorySource({ 'res://room.tscn': scene.text }), 'res://room.tscn')
    const walkable = back.room.polygons
      .filter((p) => p.areaId === 1)
      .reduce(
        (sum, p) =>
          sum +
          signedArea(p.outer.map(([x, y]) => ({ x, y }))) -
          p.holes.reduce((h, r) => h + Math.abs(signedArea(r.map(([x, y]) => ({ x, y })))), 0),
        0,
      )
    // Outlines run along pixel edges, simplified within 0.75 px: the area stays within 3 %.
    expect(Math.abs(walkable - 8317) / 8317).toBeLessThan(0.03)
  })
})

describe('Godot import: the props drawn into the background', () => {
  it("draws Popochiu's props over the House's background in z order: the floor's hole sits on the table", async () => {
    const dir = `${POPOCHIU}/game/rooms/house/props`
    const r = await importGodotScene(folderSource(POPOCHIU), 'res://game/rooms/house/room_house.tscn')
    const picture = await decodeRgba(r.background!.bytes)
    const art = async (name: string) => decodeRgba(new Uint8Array(await readFile(`${dir}/${name}`)))
    const plain = await art('background/background.png')
    const table = await art('table/table.png')
    const door = await art('door/door.png') // 2 frames side by side: frame 0 is drawn
    const at = (img: { width: number; data: Uint8Array }, x: number, y: number) => [
      ...img.data.slice((y * img.width + x) * 4, (y * img.width + x) * 4 + 4),
    ]
    // The first hole of the floor: its middle is the table (opaque there), not the floor.
    const hole = r.room.polygons[0].holes[0]
    const cx = Math.floor(hole.reduce((s, p) => s + p[0], 0) / hole.length)
    const cy = Math.floor(hole.reduce((s, p) => s + p[1], 0) / hole.length)
    expect(at(table, cx, cy)[3]).toBe(255)
    expect(at(picture, cx, cy)).toEqual(at(table, cx, cy))
    expect(at(picture, cx, cy)).not.toEqual(at(plain, cx, cy))
    // Every opaque pixel of the door's first frame is the picture's; the second frame is not drawn.
    let opaque = 0
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 356; x++) {
        if (at(door, x, y)[3] !== 255) continue
        opaque++
        expect(at(picture, x, y)).toEqual(at(door, x, y))
      }
    expect(opaque).toBeGreaterThan(500)
    expect(r.notes).toContain(
      "background: drawn with 4 sprite(s) over it in Godot's draw order: Props/Door/Sprite2D, Props/Drawer/Sprite2D, Props/Table/Sprite2D, Props/ToyCar/Sprite2D",
    )
  })
})
