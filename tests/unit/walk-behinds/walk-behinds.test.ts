/**
 * Walk-behinds as a room layer (issue #18 item 4): the schema and its normal form, old rooms
 * loading unchanged, AGS's hiding rule in the test walk (baseline > feet y), the runtime
 * file carrying them, and the AGS mask export naming what a one-index-per-pixel mask loses
 * (issue #19).
 *
 * Units: room px.
 */
import { describe, expect, it } from 'vitest'
import { walkBehindCut, hidingWalkBehinds } from '../../../src/shared/analysis/walk-behind-cut'
import { createWalker, currentFrame, simulateWalk } from '../../../src/shared/analysis/test-walk'
import { exportAgs, importAgs } from '../../../src/shared/formats/ags/ags'
import { exportGodotScene } from '../../../src/shared/formats/godot/export'
import { exportRuntimeRoom, readRuntimeRoom } from '../../../src/shared/formats/runtime'
import { loadRoom } from '../../../src/runtime/index'
import { roomFromJson, roomFromText } from '../../../src/shared/room/load'
import { emptyRoom, FormatError, parseRoom, type Room } from '../../../src/shared/room/schema'
import { serialiseRoom } from '../../../src/shared/room/serialise'
import {
  decodeWalkBehindRows,
  encodeWalkBehindRows,
  walkBehindPixelCounts,
} from '../../../src/shared/room/walk-behinds'

/** A 40x30 room with a pillar (walk-behind 1, x 10..19, y 0..19) whose baseline is y=20. */
function pillarRoom(baseline = 20): Room {
  const room = emptyRoom({ id: 'hall', width: 40, height: 30 })
  const cells = new Uint8Array(40 * 30)
  for (let y = 0; y < 20; y++) for (let x = 10; x < 20; x++) cells[y * 40 + x] = 1
  room.walkBehinds = {
    areas: [{ id: 1, name: 'Pillar', baseline }],
    rows: encodeWalkBehindRows(cells, 40, 30),
  }
  room.polygons = [
    {
      id: 'floor',
      areaId: 1,
      outer: [
        [0, 0],
        [40, 0],
        [40, 30],
        [0, 30],
      ],
      holes: [],
    },
  ]
  return room
}

function toImage(indexed: {
  width: number
  height: number
  indices: Uint8Array
  palette: readonly string[]
}) {
  const rgba = new Uint8ClampedArray(indexed.width * indexed.height * 4)
  indexed.indices.forEach((v, i) => {
    const hex = indexed.palette[v]
    rgba[i * 4] = parseInt(hex.slice(1, 3), 16)
    rgba[i * 4 + 1] = parseInt(hex.slice(3, 5), 16)
    rgba[i * 4 + 2] = parseInt(hex.slice(5, 7), 16)
    rgba[i * 4 + 3] = 255
  })
  return { pixels: { width: indexed.width, height: indexed.height, data: rgba }, palette: indexed.palette }
}

describe('the walk-behind layer in room.json', () => {
  it('keeps the mask as one text of runs per row and survives a save and a load', () => {
    const room = pillarRoom()
    expect(room.walkBehinds!.rows[0]).toBe('10 10:1 20')
    expect(room.walkBehinds!.rows[25]).toBe('40')
    const text = serialiseRoom(room)
    expect(text).toContain('"walkBehinds": {')
    expect(text).toContain('"10 10:1 20"')
    const back = roomFromText(text).value
    expect(back.walkBehinds).toEqual(room.walkBehinds)
    expect(serialiseRoom(back)).toBe(text)
    const cells = decodeWalkBehindRows(back.walkBehinds!.rows, 40, 30)
    expect(walkBehindPixelCounts(cells)).toEqual(new Map([[1, 200]]))
  })

  it('loads a room written before walk-behinds (version 1 and the version 0 draft) unchanged, without the layer', () => {
    const old = JSON.parse(serialiseRoom(emptyRoom({ id: 'old', width: 10, height: 10 })))
    const loaded = roomFromJson(old)
    expect(loaded.migrations).toEqual([])
    expect(loaded.value.walkBehinds).toBeUndefined()
    expect(serialiseRoom(loaded.value)).toBe(serialiseRoom(parseRoom(old)))
    const draft = roomFromJson({ formatVersion: 0, id: 'd', name: 'D', width: 8, height: 6 })
    expect(draft.value.walkBehinds).toBeUndefined()
  })

  it('refuses rows that do not fit the room, or name an area it does not have, in one line', () => {
    const bad = (edit: (r: Room) => void) => {
      const room = JSON.parse(JSON.stringify(pillarRoom())) as Room
      edit(room)
      try {
        parseRoom(room)
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError)
        return (e as Error).message
      }
      return 'accepted'
    }
    expect(bad((r) => r.walkBehinds!.rows.pop())).toBe(
      "room.json: walkBehinds.rows: expected 30 rows (the room's height), found 29",
    )
    expect(bad((r) => (r.walkBehinds!.rows[3] = '10 10:1 19'))).toBe(
      "room.json: walkBehinds.rows[3]: the runs cover 39 px; expected the room's width, 40 px",
    )
    expect(bad((r) => (r.walkBehinds!.rows[3] = '10 10:2 20'))).toBe(
      "room.json: walkBehinds.rows[3]: expected the id of an area in 'walkBehinds.areas', found 2",
    )
    expect(bad((r) => (r.walkBehinds!.rows[3] = '10 x 20'))).toMatch(/walkBehinds.rows\[3\]: expected runs/)
  })
})

describe("AGS's rule: hidden where a walk-behind's baseline is below the feet", () => {
  it('hides the part of the walker behind the pillar when its feet are above the baseline, not when below', () => {
    const room = pillarRoom(20)
    // Feet at y=15 (above the baseline 20): the pillar hides the walker's pixels it covers.
    const behind = walkBehindCut(room, 15, { x: 8, y: 0, width: 6, height: 15 })
    expect(behind.ids).toEqual([1])
    expect(behind.count).toBe(4 * 15) // x 10..13 of 8..13
    expect(behind.cut[0]).toBe(0)
    expect(behind.cut[2]).toBe(1)
    // Feet at y=25 (below the baseline) and exactly on it (AGS: baseline <= feet shows it).
    expect(walkBehindCut(room, 25, { x: 8, y: 10, width: 6, height: 10 }).count).toBe(0)
    expect(walkBehindCut(room, 20, { x: 8, y: 10, width: 6, height: 10 }).count).toBe(0)
  })

  it('the test walk reports the walk-behinds hiding the walker frame by frame', () => {
    const room = pillarRoom(20)
    const setup = {
      room,
      mask: null,
      flags: {},
      character: { heightPx: 10, speedPxS: 100, speedScales: false, footWidthPx: 0 },
      path: [
        { x: 15, y: 15 },
        { x: 15, y: 28 },
      ],
    }
    expect(currentFrame(createWalker(setup)).hiddenBy).toEqual([1])
    const walk = simulateWalk(setup, { dtSeconds: 0.01 })
    const last = walk.frames[walk.frames.length - 1]
    expect(last.position).toEqual({ x: 15, y: 28 })
    expect(last.hiddenBy).toEqual([])
    // Raise the baseline above the feet: the pillar no longer hides the walker at y=15.
    expect(hidingWalkBehinds(pillarRoom(10), { x: 15, y: 15 }, 10)).toEqual([])
  })
})

describe('walk-behinds leave Walkbox', () => {
  it('the runtime file carries them; the runtime answers walkBehindAt and isBehind', () => {
    const room = pillarRoom(20)
    const { text } = exportRuntimeRoom(room, null, null)
    expect(readRuntimeRoom(text).room.walkBehinds).toEqual(room.walkBehinds)
    const game = loadRoom(JSON.parse(text))
    expect(game.walkBehindAt({ x: 12, y: 5 })).toEqual({ id: 1, name: 'Pillar', baseline: 20 })
    expect(game.walkBehindAt({ x: 2, y: 5 })).toBeNull()
    expect(game.isBehind({ x: 12, y: 5 }, 15)).toBe(true)
    expect(game.isBehind({ x: 12, y: 5 }, 22)).toBe(false)
  })

  it('the AGS masks export writes the walk-behind mask and baselines, and reads them back equal', () => {
    const room = pillarRoom(20)
    const out = exportAgs(room, null)
    expect(out.walkBehinds).not.toBeNull()
    expect(out.sidecar.walkBehinds).toEqual([{ id: 1, name: 'Pillar', baseline: 20, pixels: 200 }])
    const walkable = toImage(out.walkable)
    const wb = toImage(out.walkBehinds!)
    const back = importAgs({
      room: emptyRoom({ id: 'hall', width: 40, height: 30 }),
      walkable: { ...walkable, file: 'hall-walkable.png' },
      walkBehinds: { ...wb, file: 'hall-walkbehinds.png' },
      sidecar: { text: JSON.stringify(out.sidecar), file: 'hall.ags.json' },
    })
    expect(back.room.walkBehinds).toEqual(room.walkBehinds)
  })

  it('names walk-behinds above AGS 3 and 4 limit (15) instead of dropping them', () => {
    const room = pillarRoom(20)
    room.walkBehinds!.areas.push({ id: 16, baseline: 5 })
    room.walkBehinds!.rows[25] = '5:16 35'
    const out = exportAgs(parseRoom(room), null)
    expect(out.notes.join('\n')).toContain("walk-behinds 16: above AGS's 15")
    expect(out.sidecar.walkBehinds!.map((w) => w.id)).toEqual([1, 16])
  })

  it('Godot: each walk-behind is a background-textured Polygon2D on its baseline under a y-sorted node', () => {
    const { text, notes } = exportGodotScene(pillarRoom(20), { backgroundResPath: 'res://rooms/hall/bg.png' })
    expect(text).toContain('[node name="WalkBehinds" type="Node2D" parent="."]\ny_sort_enabled = true')
    expect(text).toContain(
      '[node name="Pillar" type="Polygon2D" parent="WalkBehinds"]\nposition = Vector2(0, 20)',
    )
    expect(text).toContain('texture_offset = Vector2(0, 20)')
    expect(text).toContain('metadata/walkbox_baseline = 20')
    expect(notes.join('\n')).not.toContain('walk-behinds')
    const none = exportGodotScene(pillarRoom(20), {})
    expect(none.text).not.toContain('WalkBehinds')
    expect(none.notes).toContain(
      'walk-behinds: 1 not exported; they are cut from the background and the export has none',
    )
  })
})

describe('issue #19: the AGS regions mask never loses a zone silently', () => {
  const square = (x: number, y: number, s: number): [number, number][] => [
    [x, y],
    [x + s, y],
    [x + s, y + s],
    [x, y + s],
  ]
  const zone = (id: string, outer: [number, number][]) => ({
    id,
    name: id,
    shape: { kind: 'polygon' as const, outer },
    events: { enter: '', exit: '', stand: '' },
    properties: {},
  })

  it('names the zones that lost pixels to a later overlapping zone, and how many', () => {
    const room = pillarRoom()
    room.zones = [zone('rug', square(0, 0, 10)), zone('lamp', square(5, 5, 10))]
    const out = exportAgs(room, null)
    expect(out.notes).toContain(
      'zones overlap and an AGS regions mask holds one region per pixel (a later zone wins): rug (region 1) lost 25 px',
    )
    expect(out.sidecar.regions.map((r) => r.pixels)).toEqual([75, 100])
  })

  it('keeps a region with 0 pixels in the sidecar and says so', () => {
    const room = pillarRoom()
    room.zones = [zone('outside', square(100, 100, 10)), zone('rug', square(0, 0, 10))]
    const out = exportAgs(room, null)
    expect(out.sidecar.regions.map((r) => [r.region, r.pixels])).toEqual([
      [1, 0],
      [2, 100],
    ])
    expect(out.notes.join('\n')).toContain(
      'zone outside (region 1): 0 px in the regions mask; kept in the sidecar',
    )
  })
})
