/**
 * The hotspot layer in the editor, through the real stores and tools (no Pixi): every
 * hotspot command is one undo step that undo and redo take back and forth exactly; the mask
 * tools paint a painted hotspot's mask id into `hotspotMask` (and cannot make two painted
 * hotspots overlap); the hotspot tool draws a polygon hotspot; walk-to points are dragged
 * with Select and placed with the walk-to tool, one undo step per drag; the Hotspots panel
 * lists hotspots and edits their fields; a click to walk on a hotspot goes where it says.
 *
 * Units: room px.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { hotspotMaskCounts } from '../../src/shared/analysis/hotspots'
import { emptyProject, parseRoom } from '../../src/shared/room/schema'
import HotspotsPanel from '../../src/renderer/editing/components/HotspotsPanel.vue'
import {
  addPaintedHotspotCommand,
  addPolygonHotspotCommand,
  removeHotspotCommand,
  reorderHotspotCommand,
  updateHotspotCommand,
} from '../../src/renderer/editing/commands/hotspot-commands'
import { hotspotCellsOf } from '../../src/renderer/editing/commands/hotspot-target'
import { deleteSelectionCommand } from '../../src/renderer/editing/actions/selection-actions'
import { copySelection, pasteCommand } from '../../src/renderer/editing/actions/clipboard'
import { hotspotClick } from '../../src/renderer/editing/stores/hotspot-click'
import { recoveryCopy, restoreCommand } from '../../src/renderer/project/recovery/recovery'
import { addZoneCommand } from '../../src/renderer/editing/commands/room-commands'
import { hallRoom, openHallOnLayer, pointerAt } from './support/layer-room'

beforeEach(() => setActivePinia(createPinia()))

const at = pointerAt

function setUp() {
  const project = emptyProject({ name: 'Test' })
  project.flags = [{ id: 'night', name: 'night', default: false }]
  return openHallOnLayer('hotspots', project)
}

describe('hotspot commands', () => {
  it('each is one undo step that undo and redo take back and forth exactly', () => {
    const { editor, room, saved } = setUp()
    const states = [saved()]
    const steps = [
      (t: Parameters<typeof addPolygonHotspotCommand>[0]) =>
        addPolygonHotspotCommand(t, [
          [5, 2],
          [20, 2],
          [20, 12],
          [5, 12],
        ]),
      (t: Parameters<typeof addPaintedHotspotCommand>[0]) => addPaintedHotspotCommand(t),
      (t: Parameters<typeof addPaintedHotspotCommand>[0]) =>
        updateHotspotCommand(t, 'hotspot-1', {
          name: 'hWindow',
          description: 'a window',
          walkTo: { x: 12, y: 30 },
          lookAt: { x: 12, y: 5 },
          direction: 'up',
          enabledBy: '!night',
          properties: { verb: 'look' },
        }),
      (t: Parameters<typeof addPaintedHotspotCommand>[0]) => reorderHotspotCommand(t, 'hotspot-1', 1),
      (t: Parameters<typeof addPaintedHotspotCommand>[0]) =>
        updateHotspotCommand(t, 'hotspot-1', { lookAt: null, direction: null, enabledBy: null }),
      (t: Parameters<typeof addPaintedHotspotCommand>[0]) => removeHotspotCommand(t, 'hotspot-2'),
    ]
    for (const make of steps) {
      expect(editor.editRoom(make)).not.toBeNull()
      states.push(saved())
    }
    expect(editor.historyEntries.done.length).toBe(steps.length)
    expect(room().hotspots).toEqual([
      {
        id: 'hotspot-1',
        name: 'hWindow',
        description: 'a window',
        shape: {
          kind: 'polygon',
          outer: [
            [5, 2],
            [20, 2],
            [20, 12],
            [5, 12],
          ],
        },
        walkTo: { x: 12, y: 30 },
        properties: { verb: 'look' },
      },
    ])
    expect(room().hotspotMask).toBeUndefined()
    for (let i = steps.length - 1; i >= 0; i--) {
      editor.undo()
      expect(saved(), `undo of step ${i + 1}`).toBe(states[i])
    }
    for (let i = 1; i <= steps.length; i++) {
      editor.redo()
      expect(saved(), `redo of step ${i}`).toBe(states[i])
    }
  })

  it('a removed painted hotspot takes its pixels; undo brings them back', () => {
    const { editor, tools, room } = setUp()
    editor.editRoom((t) => addPaintedHotspotCommand(t))
    editor.editRoom((t) => addPaintedHotspotCommand(t))
    tools.options.brushSize = 4
    tools.options.hotspotMaskId = 2
    tools.activate('brush')
    const brush = tools.tool('brush')
    brush.pointerDown(at(10, 10))
    brush.pointerUp(at(10, 10))
    expect(hotspotMaskCounts(hotspotCellsOf(room()))).toEqual(new Map([[2, 12]]))
    editor.editRoom((t) => removeHotspotCommand(t, 'hotspot-2'))
    expect(hotspotMaskCounts(hotspotCellsOf(room()))).toEqual(new Map())
    expect(room().hotspotMask).toBeDefined() // hotspot-1 is still painted
    editor.undo()
    expect(hotspotMaskCounts(hotspotCellsOf(room()))).toEqual(new Map([[2, 12]]))
  })
})

describe('painting hotspots', () => {
  it('refuses to paint before a painted hotspot exists, saying what to do', () => {
    const { tools, editor } = setUp()
    tools.activate('brush')
    tools.tool('brush').pointerDown(at(10, 10))
    expect(editor.status.text).toBe('Add a painted hotspot first (Hotspots panel), then paint it.')
    expect(editor.historyEntries.done).toHaveLength(0)
  })

  it('brush, bucket and eraser write the mask id into hotspotMask rows, each stroke one undo step', () => {
    const { editor, tools, room, saved } = setUp()
    editor.editRoom((t) => addPaintedHotspotCommand(t))
    tools.options.hotspotMaskId = 1
    tools.options.brushSize = 2
    tools.options.brushShape = 'square'
    tools.activate('brush')
    const brush = tools.tool('brush')
    brush.pointerDown(at(3, 3))
    brush.pointerMove(at(6, 3))
    brush.pointerMove(at(9, 3))
    brush.pointerUp(at(9, 3))
    expect(editor.historyEntries.done.map((e) => e.label)).toEqual([
      'Add painted hotspot Hotspot1',
      'Paint hotspot Hotspot1',
    ])
    expect(room().hotspotMask!.rows[2]).toBe('2 8:1 50')
    expect(room().hotspotMask!.rows[3]).toBe('2 8:1 50')
    const painted = saved()
    tools.activate('eraser')
    tools.tool('eraser').pointerDown(at(5, 3))
    tools.tool('eraser').pointerUp(at(5, 3))
    expect(room().hotspotMask!.rows[2]).toBe('2 2:1 2 4:1 50')
    editor.undo()
    expect(saved()).toBe(painted)
    tools.activate('bucket-fill')
    tools.tool('bucket-fill').pointerDown(at(30, 30))
    expect(hotspotMaskCounts(hotspotCellsOf(room())).get(1)).toBe(60 * 40)
    editor.undo()
    expect(saved()).toBe(painted)
  })

  it('painted hotspots cannot overlap: painting one over another takes those pixels from it', () => {
    const { editor, tools, room } = setUp()
    editor.editRoom((t) => addPaintedHotspotCommand(t))
    editor.editRoom((t) => addPaintedHotspotCommand(t))
    tools.options.brushShape = 'square'
    tools.options.brushSize = 10
    tools.activate('brush')
    const brush = tools.tool('brush')
    tools.options.hotspotMaskId = 1
    brush.pointerDown(at(10, 10))
    brush.pointerUp(at(10, 10))
    tools.options.hotspotMaskId = 2
    brush.pointerDown(at(15, 10))
    brush.pointerUp(at(15, 10))
    expect(hotspotMaskCounts(hotspotCellsOf(room()))).toEqual(
      new Map([
        [1, 50],
        [2, 100],
      ]),
    )
    // And the room stays valid for the format: every id in the mask is a painted hotspot's.
    expect(() => parseRoom(JSON.parse(JSON.stringify(room())))).not.toThrow()
  })
})

describe('drawing and selecting hotspots', () => {
  it('the hotspot tool draws a polygon hotspot and selects it; Delete and Paste work on it', () => {
    const { editor, tools, selection, room } = setUp()
    tools.activate('hotspot')
    const tool = tools.tool('hotspot')
    for (const [x, y] of [
      [30, 2],
      [50, 2],
      [50, 15],
      [30, 15],
    ])
      tool.pointerDown(at(x, y))
    tool.keyDown('Enter')
    expect(room().hotspots?.map((h) => [h.id, h.shape.kind])).toEqual([['hotspot-1', 'polygon']])
    expect(selection.current).toEqual({ kind: 'hotspot', hotspotId: 'hotspot-1' })
    const target = editor.editTarget()!
    const clip = copySelection(target, selection.current!)!
    editor.edit(pasteCommand(target, clip, null).command)
    expect(room().hotspots?.map((h) => h.id)).toEqual(['hotspot-1', 'hotspot-2'])
    editor.edit(deleteSelectionCommand(target, { kind: 'hotspot', hotspotId: 'hotspot-1' }))
    expect(room().hotspots?.map((h) => h.id)).toEqual(['hotspot-2'])
  })

  it('Select picks a painted hotspot by its pixels and edits a polygon hotspot outline', () => {
    const { editor, tools, selection, room } = setUp()
    editor.editRoom((t) => addPaintedHotspotCommand(t))
    tools.options.hotspotMaskId = 1
    tools.options.brushShape = 'square'
    tools.options.brushSize = 4
    tools.activate('brush')
    tools.tool('brush').pointerDown(at(40, 10))
    tools.tool('brush').pointerUp(at(40, 10))
    editor.editRoom((t) =>
      addPolygonHotspotCommand(t, [
        [2, 2],
        [12, 2],
        [12, 12],
      ]),
    )
    tools.activate('select')
    const select = tools.tool('select')
    select.pointerDown(at(40, 10))
    select.pointerUp(at(40, 10))
    expect(selection.current).toEqual({ kind: 'hotspot', hotspotId: 'hotspot-1' })
    // Drag the polygon's corner (12, 2) to (14, 1): one undo step.
    select.pointerDown(at(12, 2))
    select.pointerMove(at(13, 1))
    select.pointerUp(at(14, 1))
    const outer = room().hotspots![1].shape
    expect(outer).toEqual({
      kind: 'polygon',
      outer: [
        [2, 2],
        [14, 1],
        [12, 12],
      ],
    })
    expect(editor.historyEntries.done.at(-1)?.label).toBe('Move vertex')
  })
})

describe('walk-to points on the canvas', () => {
  it('Select drags a walk-to marker: one undo step for the whole drag', () => {
    const { editor, tools, selection, room } = setUp()
    editor.editRoom((t) =>
      addPolygonHotspotCommand(t, [
        [5, 2],
        [20, 2],
        [20, 12],
      ]),
    )
    editor.editRoom((t) => updateHotspotCommand(t, 'hotspot-1', { walkTo: { x: 10, y: 30 } }))
    const before = editor.historyEntries.done.length
    tools.activate('select')
    const select = tools.tool('select')
    select.pointerDown(at(11, 31)) // within 9 screen px at zoom 4
    expect(select.mode).toBe('dragging-walk-to')
    select.pointerMove(at(20, 32))
    select.pointerMove(at(30, 33))
    select.pointerUp(at(40, 34))
    expect(room().hotspots![0].walkTo).toEqual({ x: 40, y: 34 })
    expect(selection.current).toEqual({ kind: 'hotspot', hotspotId: 'hotspot-1' })
    expect(editor.historyEntries.done.length).toBe(before + 1)
    expect(editor.historyEntries.done.at(-1)?.label).toBe('Walk-to point of Hotspot1 to (40, 34)')
    editor.undo()
    expect(room().hotspots![0].walkTo).toEqual({ x: 10, y: 30 })
  })

  it('the walk-to tool selects a hotspot, then places its walk-to point where it is clicked', () => {
    const { editor, tools, selection, room } = setUp()
    editor.editRoom((t) =>
      addPolygonHotspotCommand(t, [
        [5, 2],
        [20, 2],
        [20, 12],
      ]),
    )
    tools.activate('walk-to')
    const tool = tools.tool('walk-to')
    tool.pointerDown(at(15, 5))
    tool.pointerUp(at(15, 5))
    expect(selection.current).toEqual({ kind: 'hotspot', hotspotId: 'hotspot-1' })
    expect(room().hotspots![0].walkTo).toBeUndefined()
    tool.pointerDown(at(25, 30))
    tool.pointerMove(at(26, 31))
    tool.pointerUp(at(27, 32))
    expect(room().hotspots![0].walkTo).toEqual({ x: 27, y: 32 })
    expect(editor.historyEntries.done.at(-1)?.label).toBe('Walk-to point of Hotspot1 to (27, 32)')
    // Escape mid-drag leaves the point where it was.
    tool.pointerDown(at(27, 32))
    tool.pointerMove(at(50, 35))
    expect(tool.keyDown('Escape')).toBe(true)
    tool.pointerUp(at(50, 35))
    expect(room().hotspots![0].walkTo).toEqual({ x: 27, y: 32 })
  })
})

describe('the Hotspots panel', () => {
  it('lists hotspots, adds a painted one ready to paint, and edits the selected one', async () => {
    const { editor, tools, selection, room } = setUp()
    const panel = mount(HotspotsPanel, { global: { plugins: [] } })
    await panel.find('button.row, .row button').trigger('click')
    await nextTick()
    expect(room().hotspots?.map((h) => h.shape)).toEqual([{ kind: 'mask', maskId: 1 }])
    expect(tools.activeId).toBe('brush')
    expect(tools.options.hotspotMaskId).toBe(1)
    expect(selection.current).toEqual({ kind: 'hotspot', hotspotId: 'hotspot-1' })
    expect(panel.find('[data-hotspot="hotspot-1"]').text()).toContain('Hotspot1')
    const name = panel.find('#hotspot-name')
    await name.setValue('hCalendar')
    const description = panel.find('#hotspot-description')
    await description.setValue('a calendar')
    await panel.find('[aria-label="Walk-to x"]').setValue('30')
    await panel.find('#hotspot-direction').setValue('left')
    await panel.find('[aria-label="New property name"]').setValue('verb')
    expect(room().hotspots![0]).toEqual({
      id: 'hotspot-1',
      name: 'hCalendar',
      description: 'a calendar',
      shape: { kind: 'mask', maskId: 1 },
      walkTo: { x: 30, y: 35 },
      direction: 'left',
      properties: { verb: '' },
    })
    expect(editor.historyEntries.done.map((e) => e.label).slice(1)).toEqual([
      'Rename hotspot Hotspot1 to hCalendar',
      'Change hotspot hCalendar',
      'Walk-to point of hCalendar to (30, 35)',
      'Change hotspot hCalendar',
      "Add property 'verb' to hotspot hCalendar",
    ])
    await panel.find('[aria-label="Remove hotspot hCalendar"]').trigger('click')
    expect(room().hotspots).toBeUndefined()
    panel.unmount()
  })
})

describe('recovered work', () => {
  it('a copy from before the hotspots were added takes them away again, as one undo step', () => {
    const { editor, room } = setUp()
    // Unsaved work without hotspots (a zone) is copied; then hotspots come.
    editor.editRoom((t) => addZoneCommand(t, { kind: 'area', areaId: 1 }))
    const copy = recoveryCopy('test', editor.project!, [editor.session!], new Date(0))
    expect(copy.rooms.map((r) => [r.room.zones.length, r.room.hotspots])).toEqual([[1, undefined]])
    editor.editRoom((t) => addPaintedHotspotCommand(t))
    editor.editRoom((t) =>
      addPolygonHotspotCommand(t, [
        [2, 2],
        [12, 2],
        [12, 12],
      ]),
    )
    expect(room().hotspots).toHaveLength(2)
    editor.edit(restoreCommand(editor.projectTarget(), copy, () => undefined))
    expect(room().hotspots).toBeUndefined()
    expect(room().hotspotMask).toBeUndefined()
    expect(room().zones).toHaveLength(1)
    // The room's own steps from before the restore wait for the restore to be taken back.
    expect(editor.undo()).toBeNull()
    expect(room().hotspots).toBeUndefined()
    editor.undoProject()
    expect(room().hotspots).toHaveLength(2)
    expect(editor.undo()?.label).toMatch(/hotspot/i)
    expect(room().hotspots).toHaveLength(1)
  })
})

describe('a click on a hotspot in the test walk', () => {
  it('goes to the walk-to point, else the nearest reachable pixel; a switched-off hotspot is no hotspot', () => {
    const room = hallRoom()
    room.hotspots = [
      {
        id: 'rug',
        name: 'hRug',
        shape: {
          kind: 'polygon',
          outer: [
            [40, 25],
            [50, 25],
            [50, 35],
            [40, 35],
          ],
        },
        properties: {},
      },
      {
        id: 'lamp',
        name: 'hLamp',
        shape: {
          kind: 'polygon',
          outer: [
            [10, 2],
            [20, 2],
            [20, 10],
            [10, 10],
          ],
        },
        walkTo: { x: 15, y: 25 },
        enabledBy: 'night',
        properties: {},
      },
    ]
    const from = { x: 5.5, y: 30.5 }
    expect(hotspotClick(room, null, { night: true }, from, { x: 15, y: 5 })).toEqual({
      goal: { x: 15, y: 25 },
      name: 'hLamp',
      text: 'clicked hLamp: to its walk-to point (15, 25)',
    })
    expect(hotspotClick(room, null, { night: false }, from, { x: 15, y: 5 })).toBeNull()
    expect(hotspotClick(room, null, { night: false }, from, { x: 45, y: 30 })).toEqual({
      goal: { x: 40.5, y: 30.5 },
      name: 'hRug',
      text: 'clicked hRug (no walk-to point): to its nearest reachable point (41, 31)',
    })
  })
})
