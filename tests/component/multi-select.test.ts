/**
 * Multi-select and the outliner without Pixi: the commands over several objects across
 * layers (move, rotate, scale, flip, align, distribute, rename) each round-trip exactly and
 * make one history entry; the selection store's shift-toggle and pruning; the select tool's
 * marquee across layers, shift-click and group drag, which never pick hidden or locked
 * objects; and what the canvas draws without the hidden ones.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import {
  alignObjectsCommand,
  distributeObjectsCommand,
  flipObjectsCommand,
  moveObjectsCommand,
  renameObjectCommand,
  rotateObjectsCommand,
  scaleObjectsCommand,
} from '../../src/renderer/editing/commands/transform-commands'
import {
  multiSelectHandlers,
  nudgeObjects,
  selectObject,
} from '../../src/renderer/editing/actions/selection-actions'
import { withoutHidden } from '../../src/renderer/editing/canvas/hidden-objects'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useHistoryStore } from '../../src/renderer/editing/stores/history'
import { useLayersStore } from '../../src/renderer/editing/stores/layers'
import { useOutlinerStore } from '../../src/renderer/editing/stores/outliner'
import { useSelectionStore } from '../../src/renderer/editing/stores/selection'
import { useToolsStore } from '../../src/renderer/editing/stores/tools'
import { refKey, roomObjects, type ObjectRef } from '../../src/renderer/editing/tools/object-refs'
import type { ToolPointer } from '../../src/renderer/editing/tools/tool'
import type { Room } from '../../src/shared/room/schema'
import { decodeWalkBehindRows, encodeWalkBehindRows } from '../../src/shared/room/walk-behinds'
import { makeLayeredTarget, roundTrip, type TestTarget } from './commands/fixture'
import { openRoomInEditor } from './support/editor'

const FLOOR: ObjectRef = { kind: 'polygon', id: 'floor' }
const DOOR: ObjectRef = { kind: 'gate', id: 'door' }
const MAT: ObjectRef = { kind: 'zone', id: 'mat' }
const SPOT: ObjectRef = { kind: 'point', id: 'spot' }

/** The fixture room (polygon with a hole, gate, zone) plus a point and a polygon hotspot with a walk-to point. */
function target(): TestTarget {
  return makeLayeredTarget()
}

const at = (x: number, y: number, shift = false): ToolPointer => ({
  point: { x, y },
  button: 0,
  shift,
  alt: false,
  primaryModifier: false,
  // 20 screen px per room px: the fixture room is 20 x 10 px, vertex and edge hits are a fraction of a px.
  zoom: 20,
})

describe('commands over several objects', () => {
  it('move shifts a polygon with its hole, a gate, a zone, a hotspot with its walk-to and a point, in one command', () => {
    const t = target()
    roundTrip(
      t,
      moveObjectsCommand(t, [FLOOR, DOOR, MAT, { kind: 'hotspot', id: 'sign' }, SPOT], 3, -1),
      (r) => {
        expect(r.room.polygons[0].outer[0]).toEqual([3, -1])
        expect(r.room.polygons[0].holes[0][0]).toEqual([5, 1])
        expect(r.room.gates[0].polygon![0]).toEqual([11, -1])
        expect(r.room.zones[0].shape).toMatchObject({
          outer: [
            [4, 5],
            [6, 5],
            [6, 6],
          ],
        })
        expect(r.room.hotspots![0].walkTo).toEqual({ x: 15, y: 5 })
        expect(r.room.points![0]).toEqual({ id: 'spot', name: 'Entrance', x: 15, y: 2 })
      },
    )
    expect(moveObjectsCommand(t, [FLOOR, DOOR, SPOT], 1, 0).label).toBe('Move 3 objects')
  })

  it('rotates a quarter turn about the centre of the selection, exactly', () => {
    const t = target()
    // The door (8..9 x 0..8) and the point (12, 3): bounds 8..12 x 0..8, centre (10, 4).
    roundTrip(t, rotateObjectsCommand(t, [DOOR, SPOT], 90), (r) => {
      expect(r.room.points![0]).toMatchObject({ x: 11, y: 6 })
      // Clockwise on screen: (12,3) right of the centre goes below it; (8,0) -> (14, 2).
      expect(r.room.gates[0].polygon).toContainEqual([14, 2])
    })
  })

  it('scales about the centre, and refuses a factor of 0', () => {
    const t = target()
    roundTrip(t, scaleObjectsCommand(t, [DOOR], 2), (r) =>
      expect(r.room.gates[0].polygon).toEqual([
        [7.5, -4],
        [9.5, -4],
        [9.5, 12],
        [7.5, 12],
      ]),
    )
    expect(() => scaleObjectsCommand(t, [DOOR], 0)).toThrow(/above 0/)
  })

  it('flips mirror-wise and keeps each ring winding the same way', () => {
    const t = target()
    const area = (ring: [number, number][]) =>
      ring.reduce(
        (s, [x, y], i) => s + x * ring[(i + 1) % ring.length][1] - ring[(i + 1) % ring.length][0] * y,
        0,
      )
    const before = area(t.room.polygons[0].outer)
    roundTrip(t, flipObjectsCommand(t, [FLOOR], 'horizontal'), (r) => {
      expect(Math.sign(area(r.room.polygons[0].outer))).toBe(Math.sign(before))
      // The hole at 2..4 x 2..4 in a 0..16 polygon goes to 12..14.
      expect(r.room.polygons[0].holes[0].map(([x]) => x).sort()).toEqual([12, 12, 14])
    })
    roundTrip(t, flipObjectsCommand(t, [MAT, SPOT], 'vertical'), (r) => expect(r.room.points![0].y).toBe(7))
  })

  it('aligns each object by its own offset, and distributes centres evenly', () => {
    const t = target()
    roundTrip(t, alignObjectsCommand(t, [DOOR, MAT, SPOT], 'left'), (r) => {
      expect(r.room.gates[0].polygon![0][0]).toBe(1)
      expect(r.room.points![0].x).toBe(1)
      expect(r.room.zones[0].shape).toMatchObject({
        outer: [
          [1, 6],
          [3, 6],
          [3, 7],
        ],
      })
    })
    roundTrip(t, alignObjectsCommand(t, [DOOR, SPOT], 'bottom'), (r) => expect(r.room.points![0].y).toBe(8))
    // Centres x: mat 2, door 8.5, point 12: the door goes to 7.
    roundTrip(t, distributeObjectsCommand(t, [MAT, DOOR, SPOT], 'horizontal'), (r) =>
      expect(r.room.gates[0].polygon![0][0]).toBe(6.5),
    )
    expect(() => alignObjectsCommand(t, [DOOR], 'left')).toThrow(/two or more/)
  })

  it('moves the pixels and baseline of a walk-behind with the rest, in whole px, and never drops a pixel', () => {
    const t = target()
    const cells = new Uint8Array(20 * 10)
    for (let x = 5; x < 8; x++) cells[2 * 20 + x] = 1
    t.room.walkBehinds = { areas: [{ id: 1, baseline: 6 }], rows: encodeWalkBehindRows(cells, 20, 10) }
    const wb: ObjectRef = { kind: 'walk-behind', id: '1' }
    const command = moveObjectsCommand(t, [wb, SPOT], 2, 1)
    expect(command.label).toBe('Move 2 objects')
    roundTrip(t, command, (r) => {
      const moved = decodeWalkBehindRows(r.room.walkBehinds!.rows, 20, 10)
      expect([...moved.keys()].filter((i) => moved[i] === 1)).toEqual([67, 68, 69])
      expect(r.room.walkBehinds!.areas[0].baseline).toBe(7)
      expect(r.room.points![0]).toMatchObject({ x: 14, y: 4 })
    })
    expect(() => moveObjectsCommand(t, [wb], 0, 8)).toThrow(/would leave the room/)
  })

  it('refuses a move that takes a hole out of its polygon, and a selection with nothing to move', () => {
    const t = target()
    expect(() => moveObjectsCommand(t, [{ kind: 'hole', id: 'floor', hole: 0 }], 40, 0)).toThrow()
    expect(() => moveObjectsCommand(t, [{ kind: 'area', id: '1' }], 1, 0)).toThrow(/Nothing to move/)
  })

  it('renames a gate, a zone, a point, an area, and a walk polygon by its id (valid and free ids only)', () => {
    const t = target()
    roundTrip(t, renameObjectCommand(t, DOOR, 'Front door'), (r) =>
      expect(r.room.gates[0].name).toBe('Front door'),
    )
    roundTrip(t, renameObjectCommand(t, SPOT, 'Start'), (r) => expect(r.room.points![0].name).toBe('Start'))
    roundTrip(t, renameObjectCommand(t, { kind: 'area', id: '2' }, 'Porch'), (r) =>
      expect(r.room.areas[1].name).toBe('Porch'),
    )
    roundTrip(t, renameObjectCommand(t, FLOOR, 'hall-floor'), (r) =>
      expect(r.room.polygons[0].id).toBe('hall-floor'),
    )
    expect(() => renameObjectCommand(t, FLOOR, 'two words')).toThrow(/not a valid id/)
    expect(() => renameObjectCommand(t, { kind: 'hole', id: 'floor', hole: 0 }, 'x')).toThrow(/no name/)
  })
})

describe('the outliner and multi-select in the editor', () => {
  beforeEach(() => setActivePinia(createPinia()))

  function open(): Room {
    const room = target().room
    openRoomInEditor(room)
    // The tools store keeps the selection in step with the room (as the app has it).
    useToolsStore()
    return useEditorStore().room!
  }

  it('lists every object by kind, holes after their polygon', () => {
    const room = open()
    const listed = roomObjects(room).map((g) => [g.id, g.objects.map((o) => o.name)])
    expect(listed).toEqual([
      ['polygons', ['floor', 'hole 1']],
      ['areas', ['Walkable', 'East']],
      ['gates', ['Door']],
      ['zones', ['Mat']],
      ['walk-behinds', []],
      ['hotspots', ['Sign']],
      ['points', ['Entrance']],
    ])
  })

  it('each multi-object action is one history entry, and one Undo restores the room exactly', () => {
    open()
    const editor = useEditorStore()
    const history = useHistoryStore()
    const selection = useSelectionStore()
    const handlers = multiSelectHandlers()
    selection.setObjects([DOOR, MAT, SPOT])
    const start = JSON.stringify(editor.room)
    const ids = [
      'edit.rotateCW',
      'edit.flipH',
      'edit.flipV',
      'edit.scaleUp',
      'edit.alignTop',
      'edit.alignLeft',
    ] as const
    for (const id of ids) {
      const before = JSON.stringify(editor.room)
      const entries = history.done.length
      void handlers[id].run()
      expect(history.done.length, id).toBe(entries + 1)
      expect(JSON.stringify(editor.room), id).not.toBe(before)
      editor.undo()
      expect(JSON.stringify(editor.room), id).toBe(before)
      editor.redo()
    }
    expect(nudgeObjects(10, 0)).toBe(true)
    expect(history.done.length).toBe(ids.length + 1)
    for (let i = 0; i <= ids.length; i++) editor.undo()
    expect(JSON.stringify(editor.room)).toBe(start)
  })

  it('selects from the outliner on the object’s layer; shift adds and takes out; undo prunes what is gone', async () => {
    open()
    const selection = useSelectionStore()
    const layers = useLayersStore()
    selectObject(MAT)
    expect(layers.active).toBe('zones')
    expect(selection.current).toEqual({ kind: 'zone', zoneId: 'mat' })
    selectObject(DOOR, true)
    selectObject(SPOT, true)
    expect(selection.objects.map(refKey)).toEqual(['zone:mat', 'gate:door', 'point:spot'])
    selectObject(DOOR, true)
    expect(selection.objects.map(refKey)).toEqual(['zone:mat', 'point:spot'])
    selectObject({ kind: 'area', id: '2' })
    expect(layers.active).toBe('walk-mask')
    expect(useToolsStore().options.areaId).toBe(2)
    // A renamed polygon: the old ref is pruned after the edit.
    const editor = useEditorStore()
    selection.setObjects([FLOOR])
    editor.edit(() => renameObjectCommand(editor.editTarget()!, FLOOR, 'main'))
    await nextTick()
    expect(selection.objects).toEqual([])
  })

  it('the select tool marquees across layers, shift-clicks, drags the group as one step, and skips hidden and locked objects', () => {
    open()
    const tools = useToolsStore()
    const selection = useSelectionStore()
    const outliner = useOutlinerStore()
    const history = useHistoryStore()
    const editor = useEditorStore()
    useLayersStore().activate('gates')
    tools.activate('select')
    const tool = tools.tool('select')
    outliner.toggleLocked(MAT)
    // A marquee over the whole room: everything but the locked zone and the 16 x 8 floor's overhang.
    tool.pointerDown(at(0.5, -1))
    tool.pointerMove(at(19, 9.5))
    tool.pointerUp(at(19, 9.5))
    expect(selection.objects.map(refKey).sort()).toEqual([
      'gate:door',
      'hole:floor#0',
      'hotspot:sign',
      'point:spot',
    ])
    // Shift-click on the door takes it out of the selection.
    tool.pointerDown(at(8.5, 4, true))
    tool.pointerUp(at(8.5, 4, true))
    expect(selection.objects.map(refKey)).not.toContain('gate:door')
    tool.pointerDown(at(8.5, 4, true))
    tool.pointerUp(at(8.5, 4, true))
    expect(selection.objects.map(refKey)).toContain('gate:door')
    // Dragging the door moves all four as one step.
    const before = history.done.length
    tool.pointerDown(at(8.5, 4))
    tool.pointerMove(at(9.5, 6))
    tool.pointerUp(at(10.5, 6))
    expect(history.done.length).toBe(before + 1)
    expect(history.done[history.done.length - 1].label).toBe('Move 4 objects')
    expect(editor.room!.points![0]).toMatchObject({ x: 14, y: 5 })
    // Hidden: the door is not picked by a marquee, and not drawn.
    outliner.toggleHidden(DOOR)
    tool.pointerDown(at(0, -10))
    tool.pointerUp(at(30, 20))
    expect(selection.objects.map(refKey)).not.toContain('gate:door')
    const drawn = withoutHidden(editor.room!, outliner.hiddenKeys)
    expect(drawn.gates).toEqual([])
    expect(editor.room!.gates).toHaveLength(1)
  })
})
