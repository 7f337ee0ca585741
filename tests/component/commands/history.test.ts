/**
 * The undo history keeps deltas, not copies: a vertex move keeps the same few hundred bytes
 * whatever the room's size, and writes its field by copy on write (unchanged polygons are
 * shared); commands of one gesture become one step (not across a save); one memory cap per
 * project drops the oldest steps of any room first, and the editor says so.
 *
 * Units: bytes (the commands' own estimates).
 */
import fc from 'fast-check'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { copySelection, pasteCommand, renamed } from '../../../src/renderer/editing/actions/clipboard'
import { deleteSelectionCommand } from '../../../src/renderer/editing/actions/selection-actions'
import {
  commandBytes,
  UNKNOWN_COMMAND_BYTES,
  type Command,
} from '../../../src/renderer/editing/commands/command'
import { diffJson, patchJson } from '../../../src/renderer/editing/commands/json-delta'
import { moveVertexCommand } from '../../../src/renderer/editing/commands/room-commands'
import { RoomFieldsCommand } from '../../../src/renderer/editing/commands/room-fields'
import { trimHistories, UndoStack } from '../../../src/renderer/editing/commands/undo-stack'
import { useEditorStore } from '../../../src/renderer/editing/stores/editor'
import { emptyRoom } from '../../../src/shared/room/schema'
import { openRoomInEditor } from '../support/editor'
import { makeTarget, type TestTarget } from './fixture'

beforeEach(() => setActivePinia(createPinia()))

/** The fixture room with `extra` more walk polygons (squares side by side). */
function roomWith(extra: number): TestTarget {
  const t = makeTarget()
  for (let i = 0; i < extra; i++) {
    t.room.polygons.push({
      id: `p${i}`,
      areaId: 1,
      outer: Array.from({ length: 40 }, (_, k) => [
        100 + i * 10 + Math.round(4 * Math.cos(k / 6.4)),
        100 + Math.round(4 * Math.sin(k / 6.4)),
      ]) as [number, number][],
      holes: [],
    })
  }
  return t
}

const floorVertex = (index: number) => ({ ring: { kind: 'outer' as const, polygonId: 'floor' }, index })

describe('room field commands as deltas', () => {
  it('keep a vertex move in the same bytes in a room of 1 or 200 walk polygons', () => {
    const small = moveVertexCommand(roomWith(0), floorVertex(1), [15, 1])
    const big = moveVertexCommand(roomWith(200), floorVertex(1), [15, 1])
    expect(small.bytes).toBeGreaterThan(0)
    expect(big.bytes).toBe(small.bytes)
    expect(big.bytes).toBeLessThan(1500)
  })

  it('write a new field that shares the unchanged polygons, and undo and redo exactly', () => {
    const t = roomWith(3)
    const start = JSON.stringify(t.room)
    const polygons = t.room.polygons
    const command = moveVertexCommand(t, floorVertex(2), [15, 7])
    command.apply()
    expect(t.room.polygons).not.toBe(polygons)
    expect(t.room.polygons[0].outer[2]).toEqual([15, 7])
    expect(t.room.polygons[1]).toBe(polygons[1])
    expect(t.room.polygons[3]).toBe(polygons[3])
    const after = JSON.stringify(t.room)
    command.invert()
    expect(JSON.stringify(t.room)).toBe(start)
    command.apply()
    expect(JSON.stringify(t.room)).toBe(after)
  })

  it('diff and patch any two JSON values both ways without changing them', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const was = JSON.stringify([a, b])
        const d = diffJson(a, b)
        if (d === null) {
          expect(JSON.stringify(a)).toBe(JSON.stringify(b))
          return
        }

        // Compared as JSON (as rooms are saved): key order aside, and -0 is 0.
        const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v) ?? 'null')
        expect(json(patchJson(a, d, 'forward'))).toEqual(json(b))
        expect(json(patchJson(b, d, 'back'))).toEqual(json(a))
        expect(JSON.stringify([a, b])).toBe(was)
      }),
    )
  })

  it('keep one changed item of a list, not the list', () => {
    const before = Array.from({ length: 100 }, (_, i) => ({ id: `g${i}`, x: i }))
    const after = before.map((g) => (g.id === 'g50' ? { ...g, x: -1 } : g))
    expect(diffJson(before, after)).toEqual({
      kind: 'item',
      index: 50,
      delta: { kind: 'keys', keys: [['x', { kind: 'set', before: 50, after: -1 }]] },
    })
  })
})

/** Move the floor's vertex 1 to x, as one step of the drag `gesture`. */
function dragStep(t: TestTarget, x: number, gesture: string): RoomFieldsCommand {
  const polygons = structuredClone(t.room.polygons)
  polygons[0].outer[1] = [x, 0]
  return new RoomFieldsCommand('Move vertex', t, { polygons }, undefined, gesture)
}

describe('Cut and Paste count their size', () => {
  it('a Cut and a Paste of a walk polygon of 5000 vertices keep its vertices in their size', () => {
    const t = makeTarget()
    t.room.size = { width: 6000, height: 100 }
    // A saw-toothed strip below the fixture's floor: 4998 teeth on top, a straight bottom.
    const outer: [number, number][] = [
      [0, 60],
      [4997, 60],
      ...Array.from({ length: 4998 }, (_, k) => [4997 - k, 50 + ((4997 - k) % 2)] as [number, number]),
    ]
    t.room.polygons.push({ id: 'big', areaId: 1, outer, holes: [] })
    const select = { kind: 'polygon' as const, polygonId: 'big' }
    const clip = copySelection(t, select)!
    const cut = renamed(deleteSelectionCommand(t, select), 'Cut walk polygon')
    cut.apply()
    const { command: paste } = pasteCommand(t, clip, null)
    // 5000 vertices of two numbers each: at least 16 B a number (json-delta's estimate).
    for (const command of [cut, paste]) {
      expect(command.bytes).toBeGreaterThan(5000 * 2 * 16)
      expect(commandBytes(command)).not.toBe(UNKNOWN_COMMAND_BYTES)
    }
  })

  it('a pasted scale stop says its size', () => {
    const t = makeTarget()
    const { command } = pasteCommand(t, { kind: 'scale-stop', areaId: 0, stop: { y: 4, scale: 80 } }, null)
    expect(command.bytes).toBeGreaterThan(0)
  })
})

describe('one gesture, one undo step', () => {
  it('merges the commands of one gesture, and undo goes back to before the first', () => {
    const t = makeTarget()
    const start = JSON.stringify(t.room)
    const stack = new UndoStack()
    for (const x of [15, 14, 13, 12]) {
      const c = dragStep(t, x, 'drag-1')
      c.apply()
      stack.record(c)
    }
    expect(stack.done).toHaveLength(1)
    expect(t.room.polygons[0].outer[1]).toEqual([12, 0])
    const other = dragStep(t, 11, 'drag-2')
    other.apply()
    stack.record(other)
    expect(stack.done).toHaveLength(2)
    stack.undo()
    expect(t.room.polygons[0].outer[1]).toEqual([12, 0])
    stack.undo()
    expect(JSON.stringify(t.room)).toBe(start)
    stack.redo()
    expect(t.room.polygons[0].outer[1]).toEqual([12, 0])
  })

  it('does not merge into the saved step, and a step merged after a save began is unsaved', () => {
    const t = makeTarget()
    const stack = new UndoStack()
    const first = dragStep(t, 15, 'drag')
    first.apply()
    stack.record(first)
    stack.markSaved()
    const second = dragStep(t, 14, 'drag')
    second.apply()
    stack.record(second)
    expect(stack.done).toHaveLength(2)
    expect(stack.dirty).toBe(true)
    const saving = stack.version
    const third = dragStep(t, 13, 'drag')
    third.apply()
    stack.record(third)
    expect(stack.done).toHaveLength(2)
    // The save wrote x = 14, a state the history can no longer reach: it stays unsaved.
    stack.markSavedAt(saving)
    expect(stack.dirty).toBe(true)
    stack.undo()
    expect(stack.dirty).toBe(true)
    stack.markSaved()
    stack.redo()
    expect(stack.dirty).toBe(true)
    stack.undo()
    expect(stack.dirty).toBe(false)
  })
})

/** A command that keeps `bytes` and changes nothing. */
function sized(label: string, bytes: number): Command {
  return { label, bytes, apply: () => {}, invert: () => {}, changes: { kinds: ['room'] } }
}

describe('the memory cap of a project', () => {
  it('drops the oldest steps of any stack first, keeps the newest, and counts them', () => {
    const room = new UndoStack()
    const project = new UndoStack()
    room.record(sized('r1', 100))
    project.record(sized('p1', 100))
    room.record(sized('r2', 100))
    project.record(sized('p2', 100))
    expect(trimHistories([room, project], 250)).toBe(2)
    expect(room.done.map((e) => e.command.label)).toEqual(['r2'])
    expect(project.done.map((e) => e.command.label)).toEqual(['p2'])
    expect(room.bytes + project.bytes).toBe(200)
    // The saved state was dropped with its step: the room stays unsaved, undo stops at r2.
    room.undo()
    expect(room.undo()).toBeNull()
    expect(trimHistories([room, project], 10)).toBe(1)
    expect(room.undone).toHaveLength(0)
    expect(project.done).toHaveLength(1)
  })

  it('is enforced by editor.edit, which says that the oldest steps were dropped', () => {
    openRoomInEditor(emptyRoom({ id: 'hall', width: 10, height: 10 }))
    const editor = useEditorStore()
    editor.historyCapBytes = 3000
    editor.edit(sized('one', 1000))
    editor.edit(sized('two', 1000))
    editor.edit(sized('three', 1000))
    expect(editor.status.text).toBe('three')
    editor.edit(sized('four', 2000))
    expect(editor.status.text).toBe('four (the undo history is full: its oldest 2 steps were dropped)')
    expect(editor.historyEntries.done.map((c) => c.label)).toEqual(['three', 'four'])
    expect(editor.dirty).toBe(true)
  })
})
