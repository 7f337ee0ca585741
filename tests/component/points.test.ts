/**
 * The points layer in the editor, through the real stores and tools (no Pixi): each point
 * command is one named undo step that undo and redo take back and forth exactly; the Points
 * tool adds a point where nothing is, drags one (one undo step per drag), asks for a rename
 * on F2 and on a double-click; Delete removes the selected point; the Points panel edits
 * name, kind, x and y in place; lint warns of an entrance, walk-to point or player start off
 * the walk area and never of a marker.
 *
 * Units: room px.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { lintRoom } from '../../src/shared/analysis/lint'
import PointsPanel from '../../src/renderer/editing/components/PointsPanel.vue'
import {
  addPointCommand,
  removePointCommand,
  updatePointCommand,
} from '../../src/renderer/editing/commands/point-commands'
import {
  deleteSelectionCommand,
  nudgeSelectionCommand,
} from '../../src/renderer/editing/actions/selection-actions'
import { PointTool } from '../../src/renderer/editing/tools/point-tool'
import { hallRoom, openHallOnLayer, pointerAt } from './support/layer-room'

beforeEach(() => setActivePinia(createPinia()))

const at = pointerAt

function setUp() {
  const opened = openHallOnLayer('points')
  opened.tools.activate('point')
  return opened
}

describe('point commands', () => {
  it('each is one named undo step that undo and redo take back and forth exactly', () => {
    const { editor, room, saved } = setUp()
    const states = [saved()]
    type T = Parameters<typeof addPointCommand>[0]
    const steps = [
      (t: T) => addPointCommand(t, { x: 10, y: 30 }),
      (t: T) => addPointCommand(t, { x: 50, y: 5 }),
      (t: T) => updatePointCommand(t, 'point-1', { name: 'door' }),
      (t: T) => updatePointCommand(t, 'point-1', { kind: 'entrance' }),
      (t: T) => updatePointCommand(t, 'point-1', { x: 12.345, y: 33 }),
      (t: T) => removePointCommand(t, 'point-2'),
    ]
    for (const make of steps) {
      expect(editor.editRoom(make)).not.toBeNull()
      states.push(saved())
    }
    expect(editor.historyEntries.done.map((c) => c.label)).toEqual([
      'Add point Point1 at (10, 30)',
      'Add point Point2 at (50, 5)',
      'Rename point Point1 to door',
      'Point door is entrance',
      'Move point door to (12, 33)',
      'Remove point Point2',
    ])
    expect(room().points).toEqual([{ id: 'point-1', name: 'door', x: 12.35, y: 33, kind: 'entrance' }])
    for (let i = steps.length - 1; i >= 0; i--) {
      editor.undo()
      expect(saved()).toBe(states[i])
    }
    for (let i = 1; i <= steps.length; i++) {
      editor.redo()
      expect(saved()).toBe(states[i])
    }
  })

  it('refuses an empty name and a kind the format does not have; a change that changes nothing is no step', () => {
    const { editor } = setUp()
    editor.editRoom((t) => addPointCommand(t, { x: 10, y: 30 }))
    expect(editor.editRoom((t) => updatePointCommand(t, 'point-1', { name: '  ' }))).toBeNull()
    expect(
      editor.editRoom((t) => updatePointCommand(t, 'point-1', { kind: 'door' as unknown as 'marker' })),
    ).toBeNull()
    expect(editor.editRoom((t) => updatePointCommand(t, 'point-1', { kind: 'marker' }))).toBeNull()
    expect(editor.historyEntries.done).toHaveLength(1)
    expect(editor.room!.points![0]).toEqual({ id: 'point-1', name: 'Point1', x: 10, y: 30 })
  })
})

describe('the Points tool', () => {
  it('adds a point where nothing is, selected; drags one in one undo step; Escape drops a drag', () => {
    const { editor, tools, selection, room } = setUp()
    const tool = tools.active!
    expect(tool.id).toBe('point')
    tool.pointerDown(at(10, 30))
    tool.pointerUp(at(10, 30))
    expect(room().points).toEqual([{ id: 'point-1', name: 'Point1', x: 10, y: 30 }])
    expect(selection.current).toEqual({ kind: 'point', pointId: 'point-1' })
    // Press within 10 screen px (2.5 room px at zoom 4) takes the point: no new one.
    tool.pointerDown(at(11, 31))
    tool.pointerMove(at(20, 31))
    tool.pointerMove(at(30, 35))
    expect(room().points![0]).toMatchObject({ x: 10, y: 30 })
    tool.pointerUp(at(30, 35))
    expect(room().points).toHaveLength(1)
    expect(room().points![0]).toMatchObject({ x: 30, y: 35 })
    expect(editor.historyEntries.done.map((c) => c.label)).toEqual([
      'Add point Point1 at (10, 30)',
      'Move point Point1 to (30, 35)',
    ])
    editor.undo()
    expect(room().points![0]).toMatchObject({ x: 10, y: 30 })
    tool.pointerDown(at(10, 30))
    tool.pointerMove(at(50, 10))
    expect(tool.keyDown('Escape')).toBe(true)
    tool.pointerUp(at(50, 10))
    expect(room().points![0]).toMatchObject({ x: 10, y: 30 })
  })

  it('asks for a rename on F2 and on a double-click; Delete removes the selected point', () => {
    const { editor, tools, selection, room } = setUp()
    let time = 1000
    const tool = new PointTool(tools.context, () => time)
    tool.pointerDown(at(10, 30))
    tool.pointerUp(at(10, 30))
    expect(tools.renameRequest).toBeNull()
    expect(tool.keyDown('F2')).toBe(true)
    expect(tools.renameRequest).toMatchObject({ selection: { kind: 'point', pointId: 'point-1' }, n: 1 })
    time += 1000
    tool.pointerDown(at(10, 30))
    tool.pointerUp(at(10, 30))
    time += 200
    tool.pointerDown(at(10, 30))
    tool.pointerUp(at(10, 30))
    expect(tools.renameRequest?.n).toBe(2)
    expect(room().points).toHaveLength(1)
    const target = editor.editTarget()!
    expect(editor.edit(() => nudgeSelectionCommand(target, selection.current!, 0, -1))).not.toBeNull()
    expect(room().points![0]).toMatchObject({ x: 10, y: 29 })
    expect(editor.edit(() => deleteSelectionCommand(target, selection.current!))).not.toBeNull()
    expect(room().points).toBeUndefined()
    expect(editor.historyEntries.done.at(-1)?.label).toBe('Remove point Point1')
  })
})

describe('the Points panel', () => {
  it('lists the points and edits name, kind, x and y in place, one undo step each', async () => {
    const { editor, selection, room } = setUp()
    editor.editRoom((t) => addPointCommand(t, { x: 10, y: 30 }))
    editor.editRoom((t) => addPointCommand(t, { x: 40, y: 25 }, 'walk-to'))
    const done = editor.historyEntries.done.length
    const wrapper = mount(PointsPanel)
    await nextTick()
    const rows = wrapper.findAll('li')
    expect(rows.map((r) => r.attributes('data-point'))).toEqual(['point-1', 'point-2'])
    expect((rows[1].find('select').element as HTMLSelectElement).value).toBe('walk-to')
    await rows[0].find('input.name').setValue('hall_entry')
    await rows[0].find('select').setValue('entrance')
    const [x, y] = rows[0].findAll('input.num')
    await x.setValue('15')
    await y.setValue('oops')
    expect(editor.status?.text ?? '').toMatch(/Expected a number of room px/)
    expect(room().points![0]).toEqual({ id: 'point-1', name: 'hall_entry', x: 15, y: 30, kind: 'entrance' })
    expect(editor.historyEntries.done.length).toBe(done + 3)
    await rows[1].trigger('click')
    expect(selection.current).toEqual({ kind: 'point', pointId: 'point-2' })
    await wrapper.find('[aria-label="Remove point Point2"]').trigger('click')
    expect(room().points!.map((p) => p.id)).toEqual(['point-1'])
    editor.undo()
    await nextTick()
    expect(wrapper.findAll('li')).toHaveLength(2)
    wrapper.unmount()
  })
})

describe('lint of points', () => {
  it('warns of an entrance, walk-to point or player start off the walk area, never of a marker', () => {
    const room = hallRoom()
    room.points = [
      { id: 'sign', name: 'sign', x: 30, y: 5 },
      { id: 'door', name: 'door', x: 30, y: 5, kind: 'entrance' },
      { id: 'desk', name: 'desk', x: 30, y: 30, kind: 'walk-to' },
      { id: 'hero', name: 'hero', x: 70, y: 30, kind: 'player-start' },
    ]
    const found = lintRoom(room, null, null, {}).filter((e) => e.kind === 'point-off-area')
    expect(found.map((e) => [e.id, e.severity])).toEqual([
      ['point-off-area:door', 'warning'],
      ['point-off-area:hero', 'warning'],
    ])
    expect(found[0].message).toMatch(/^Entrance 'door' at \(30, 5\)/)
    expect(found[1].message).toMatch(/outside the room/)
  })
})
