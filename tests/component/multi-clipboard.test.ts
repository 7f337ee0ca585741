/**
 * Delete, Copy, Cut, Paste and Duplicate on a multi-selection across layers (a walk
 * polygon with its hole, a gate, a zone, a polygon hotspot, a walk-behind and a point):
 * each one command (one history entry, named for what the author did) that undo and redo
 * restore exactly; a paste keeps the objects' relative places and moves them by one
 * offset; the history's size of a cut or paste is its deltas, not the room. A single
 * point copies and pastes too.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createEditorActions } from '../../src/renderer/shell/actions/editor-actions'
import {
  copyObjects,
  deleteObjectsCommand,
  duplicateObjectsCommand,
  pasteObjectsCommand,
} from '../../src/renderer/editing/commands/objects-clip-commands'
import { useClipboardStore } from '../../src/renderer/editing/stores/clipboard'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useSelectionStore } from '../../src/renderer/editing/stores/selection'
import { useStatusStore } from '../../src/renderer/editing/stores/status'
import { useViewportStore } from '../../src/renderer/editing/stores/viewport'
import type { ObjectRef } from '../../src/renderer/editing/tools/object-refs'
import { MAX_POINTS } from '../../src/shared/limits'
import type { Room } from '../../src/shared/room/schema'
import { decodeWalkBehindRows, encodeWalkBehindRows } from '../../src/shared/room/walk-behinds'
import type { Command } from '../../src/renderer/editing/commands/command'
import { makeLayeredTarget, type TestTarget } from './commands/fixture'
import { openRoomInEditor } from './support/editor'

const FLOOR: ObjectRef = { kind: 'polygon', id: 'floor' }
const DOOR: ObjectRef = { kind: 'gate', id: 'door' }
const MAT: ObjectRef = { kind: 'zone', id: 'mat' }
const SIGN: ObjectRef = { kind: 'hotspot', id: 'sign' }
const SPOT: ObjectRef = { kind: 'point', id: 'spot' }
const PILLAR: ObjectRef = { kind: 'walk-behind', id: '1' }
const MIXED = [FLOOR, DOOR, MAT, SIGN, SPOT, PILLAR]

/** The 20 x 10 fixture room plus a point, a polygon hotspot and two walk-behinds (1: x 5..6, y 8..9; 2: x 18, y 0). */
function target(): TestTarget {
  const t = makeLayeredTarget('entrance')
  const cells = new Uint8Array(20 * 10)
  for (const y of [8, 9]) cells.fill(1, y * 20 + 5, y * 20 + 7)
  cells[18] = 2
  t.room.walkBehinds = {
    areas: [
      { id: 1, name: 'Pillar', baseline: 9, properties: { layer: 'front' } },
      { id: 2, name: 'Lamp', baseline: 1 },
    ],
    rows: encodeWalkBehindRows(cells, 20, 10),
  }
  return t
}

/**
 * Apply, check, undo (the room equals the one before, field by field), redo (equals the one
 * after), undo again. Field order is not compared: a list left empty leaves the room and
 * comes back on undo at the end of the object.
 */
function roundTrip(t: TestTarget, command: Command, changed: (t: TestTarget) => void): void {
  const before = structuredClone(t.room)
  command.apply()
  const after = structuredClone(t.room)
  expect(after, command.label).not.toEqual(before)
  changed(t)
  command.invert()
  expect(t.room, `${command.label} undone`).toEqual(before)
  command.apply()
  expect(t.room, `${command.label} redone`).toEqual(after)
  command.invert()
}

const cellsOf = (r: Room) => decodeWalkBehindRows(r.walkBehinds!.rows, r.size.width, r.size.height)

describe('commands over a mixed multi-selection', () => {
  it('delete removes every selected object of every layer in one command, pixels included', () => {
    const t = target()
    const command = deleteObjectsCommand(t, MIXED)
    expect(command.label).toBe('Delete 6 objects')
    roundTrip(t, command, (x) => {
      const r = x.room
      expect(r.polygons).toEqual([])
      expect(r.gates).toEqual([])
      expect(r.zones).toEqual([])
      expect(r.hotspots).toBeUndefined()
      expect(r.points).toBeUndefined()
      expect(r.walkBehinds!.areas.map((a) => a.id)).toEqual([2])
      const cells = cellsOf(r)
      expect(cells.filter((v) => v === 1).length).toBe(0)
      expect(cells[18]).toBe(2)
    })
  })

  it('delete of a hole alone keeps its polygon; a mask walk area alone is refused', () => {
    const t = target()
    roundTrip(t, deleteObjectsCommand(t, [{ kind: 'hole', id: 'floor', hole: 0 }]), (x) => {
      expect(x.room.polygons[0].holes).toEqual([])
      expect(x.room.polygons[0].outer.length).toBe(4)
    })
    expect(() => deleteObjectsCommand(t, [{ kind: 'area', id: '1' }])).toThrow(/Areas panel/)
  })

  it('paste puts the group centre on the pointer and moves every object by the same offset', () => {
    const t = target()
    const clip = copyObjects(t.room, [DOOR, MAT, SIGN, SPOT, PILLAR])
    // The group spans x 1..14, y 0..10: its centre (7.5, 5) goes to (8, 4): offset (1, -1) after rounding.
    const { command, refs } = pasteObjectsCommand(t, clip, { x: 8, y: 4 })
    expect(command.label).toBe('Paste 5 objects')
    roundTrip(t, command, (x) => {
      const r = x.room
      const gate = r.gates.find((g) => g.id === refs.find((q) => q.kind === 'gate')!.id)!
      expect(gate.polygon![0]).toEqual([9, -1])
      expect(gate.name).toBe('Door')
      const zone = r.zones.find((z) => z.id !== 'mat')!
      expect(zone.shape).toEqual({
        kind: 'polygon',
        outer: [
          [2, 5],
          [4, 5],
          [4, 6],
        ],
      })
      expect(zone.properties).toEqual({ sound: 'creak' })
      const sign = r.hotspots!.find((h) => h.id !== 'sign')!
      expect(sign.name).toBe('Sign 2')
      expect(sign.walkTo).toEqual({ x: 13, y: 5 })
      const point = r.points!.find((p) => p.id !== 'spot')!
      expect(point).toMatchObject({ name: 'Entrance 2', x: 13, y: 2, kind: 'entrance' })
      const copy = r.walkBehinds!.areas.find((a) => a.id === 3)!
      expect(copy).toMatchObject({ name: 'Pillar', baseline: 8, properties: { layer: 'front' } })
      const cells = cellsOf(r)
      expect([7 * 20 + 6, 7 * 20 + 7, 8 * 20 + 6, 8 * 20 + 7].map((i) => cells[i])).toEqual([3, 3, 3, 3])
      // The original walk-behind keeps the pixels the copy does not cover.
      expect(cells[9 * 20 + 5]).toBe(1)
    })
    expect(refs.map((r) => r.kind).sort()).toEqual(['gate', 'hotspot', 'point', 'walk-behind', 'zone'])
  })

  it('a paste that would put a walk-behind out of the room is refused whole', () => {
    const t = target()
    const clip = copyObjects(t.room, [SPOT, PILLAR])
    const before = JSON.stringify(t.room)
    expect(() => pasteObjectsCommand(t, clip, { x: 19, y: 9 })).toThrow(/leave the room/)
    expect(JSON.stringify(t.room)).toBe(before)
  })

  it("a paste past the format's limit of points is refused whole", () => {
    const t = target()
    const clip = copyObjects(t.room, [DOOR, SPOT])
    t.room.points = Array.from({ length: MAX_POINTS }, (_, i) => ({ id: `p${i}`, name: `P${i}`, x: 1, y: 1 }))
    const before = JSON.stringify(t.room)
    expect(() => pasteObjectsCommand(t, clip, null)).toThrow(`at most ${MAX_POINTS} points`)
    expect(JSON.stringify(t.room)).toBe(before)
  })

  it('duplicate copies a polygon with its hole under fresh ids, as far as the room allows, in one command', () => {
    const t = target()
    const { command, refs } = duplicateObjectsCommand(t, [
      FLOOR,
      { kind: 'hole', id: 'floor', hole: 0 },
      SPOT,
    ])
    expect(command.label).toBe('Duplicate 2 objects')
    // The group spans 0..16 x 0..8 of this 20 x 10 room: 10 px either way would leave it, so
    // the copy moves by the most that keeps it in (4 px right, 2 px down).
    roundTrip(t, command, (x) => {
      const copy = x.room.polygons.find((p) => p.id === refs[0].id)!
      expect(copy.outer[0]).toEqual([4, 2])
      expect(copy.holes).toEqual([
        [
          [6, 4],
          [8, 4],
          [8, 6],
        ],
      ])
      expect(x.room.points!.map((p) => [p.name, p.x, p.y])).toEqual([
        ['Entrance', 12, 3],
        ['Entrance 2', 16, 5],
      ])
    })
  })

  it("a cut's and a paste's history size is their deltas, not the room", () => {
    const t = target()
    // A big room: 900 walk polygons of 120 vertices (about 1 MB of JSON).
    t.room.polygons = Array.from({ length: 900 }, (_, i) => ({
      id: `p${i}`,
      areaId: 1,
      outer: Array.from({ length: 120 }, (_, k) => [
        Math.round(100 * Math.cos(k / 20)) + i,
        Math.round(100 * Math.sin(k / 20)),
      ]) as [number, number][],
      holes: [],
    }))
    const roomBytes = JSON.stringify(t.room).length
    const refs: ObjectRef[] = [{ kind: 'polygon', id: 'p7' }, DOOR, SPOT]
    const cut = deleteObjectsCommand(t, refs, 'Cut')
    const paste = pasteObjectsCommand(t, copyObjects(t.room, refs), null).command
    expect(cut.label).toBe('Cut 3 objects')
    expect(roomBytes).toBeGreaterThan(500_000)
    expect(cut.bytes).toBeLessThan(roomBytes / 20)
    expect(paste.bytes).toBeLessThan(roomBytes / 20)
    // …and grows with what was cut.
    const bigger = deleteObjectsCommand(
      t,
      Array.from({ length: 100 }, (_, i) => ({ kind: 'polygon', id: `p${i}` }) as ObjectRef),
    )
    expect(bigger.bytes).toBeGreaterThan(cut.bytes * 10)
  })
})

describe('the edit actions on a multi-selection', () => {
  beforeEach(() => setActivePinia(createPinia()))

  function open(): { snapshot: () => string } {
    const t = target()
    openRoomInEditor(t.room)
    const editor = useEditorStore()
    /** The room as a JSON text with sorted keys (undo may put an optional field back last). */
    const sorted = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sorted)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([k, x]) => [k, sorted(x)]),
            )
          : v
    return { snapshot: () => JSON.stringify(sorted(editor.room)) }
  }

  it('Copy then Paste, Delete, Cut and Duplicate: one named history entry each, undo and redo exact', async () => {
    const { snapshot } = open()
    const editor = useEditorStore()
    const selection = useSelectionStore()
    const actions = createEditorActions()
    const labels = () => editor.historyEntries.done.map((c) => c.label)
    const start = snapshot()
    selection.setObjects(MIXED)

    await actions.run('edit.copy')
    expect(useClipboardStore().clip?.kind).toBe('objects')
    expect(useStatusStore().status.text).toBe('Copied 6 objects')
    useViewportStore().cursor = { x: 9, y: 5 }
    await actions.run('edit.paste')
    expect(labels()).toEqual(['Paste 6 objects'])
    expect(selection.objects.length).toBe(6)
    expect(selection.objects.some((r) => r.kind === 'polygon' && r.id !== 'floor')).toBe(true)
    const pasted = snapshot()
    await actions.run('edit.undo')
    expect(snapshot()).toBe(start)
    await actions.run('edit.redo')
    expect(snapshot()).toBe(pasted)
    await actions.run('edit.undo')

    // Duplicate keeps the walk-behind in this 20 x 10 room (4 px right, not 10 px right and below).
    for (const [id, label, refs] of [
      ['edit.delete', 'Delete 6 objects', MIXED],
      ['edit.cut', 'Cut 6 objects', MIXED],
      ['edit.duplicate', 'Duplicate 6 objects', MIXED],
    ] as const) {
      selection.setObjects(refs)
      await actions.run(id)
      expect(labels().at(-1), id).toBe(label)
      const after = snapshot()
      expect(after, id).not.toBe(start)
      await actions.run('edit.undo')
      expect(snapshot(), `${id} undone`).toBe(start)
      await actions.run('edit.redo')
      expect(snapshot(), `${id} redone`).toBe(after)
      await actions.run('edit.undo')
    }
    expect(useClipboardStore().clip?.kind).toBe('objects')
  })

  it('a single point copies and pastes under a fresh id and name', async () => {
    open()
    const editor = useEditorStore()
    const selection = useSelectionStore()
    const actions = createEditorActions()
    selection.select({ kind: 'point', pointId: 'spot' })
    await actions.run('edit.copy')
    expect(useStatusStore().status.text).toBe('Copied point')
    useViewportStore().cursor = { x: 3, y: 4 }
    await actions.run('edit.paste')
    expect(editor.room!.points!.map((p) => [p.name, p.x, p.y, p.kind])).toEqual([
      ['Entrance', 12, 3, 'entrance'],
      ['Entrance 2', 3, 4, 'entrance'],
    ])
    expect(selection.current).toEqual({ kind: 'point', pointId: editor.room!.points![1].id })
    expect(editor.historyEntries.done.map((c) => c.label)).toEqual(['Paste 1 object'])
  })
})
