/**
 * The editor store's one edit path and its histories: commands run, are recorded and
 * announced with the layers they touched; each room keeps its own undo history while
 * the author switches rooms; Undo takes back the latest edit of the open room and the
 * project together; project commands (rooms, flags, characters) reach into every room
 * they need and come back whole on undo.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { emptyProject, emptyRoom, type Project, type Room } from '../../src/shared/room/schema'
import { useEditorStore, type ChangeEvent } from '../../src/renderer/editing/stores/editor'
import { useProjectIoStore } from '../../src/renderer/project/stores/project-io'
import { createSession } from '../../src/renderer/editing/stores/room-session'
import {
  addCharacterCommand,
  addFlagCommand,
  addRoomCommand,
  deleteCharacterCommand,
  deleteFlagCommand,
  deleteRoomCommand,
  moveRoomCommand,
  renameFlagCommand,
  renameRoomCommand,
  setTestCharacterCommand,
  updateCharacterCommand,
  updateFlagCommand,
} from '../../src/renderer/editing/commands/project-commands'
import {
  addGateCommand,
  addPolygonCommand,
  addZoneCommand,
  updateAreaCommand,
} from '../../src/renderer/editing/commands/room-commands'
import { MaskPatchCommand } from '../../src/renderer/editing/commands/mask-patch'

beforeEach(() => setActivePinia(createPinia()))

function room(id: string, name = id): Room {
  return emptyRoom({ id, name, width: 40, height: 20 })
}

/** A project with rooms a and b open in the editor (a on screen). */
function openTwoRooms(project: Project = emptyProject({ name: 'Castle' })) {
  const editor = useEditorStore()
  for (const r of [room('a', 'Attic'), room('b', 'Barn')]) {
    project.rooms.push({ id: r.id, name: r.name, folder: `rooms/${r.id}` })
    editor.putSession(
      createSession({ room: r, background: null, mask: new Uint8Array(40 * 20), scaleMap: null }),
    )
  }
  editor.project = project
  editor.projectRef = 'castle'
  editor.showSession('a')
  const events: ChangeEvent[] = []
  editor.onChange((e) => events.push(e))
  return { editor, events }
}

const square = (x: number, y: number): [number, number][] => [
  [x, y],
  [x + 5, y],
  [x + 5, y + 5],
  [x, y + 5],
]

describe('the one edit path', () => {
  it('runs a command, returns what it created, reports it and names the layers it touched', () => {
    const { editor, events } = openTwoRooms()
    const done = editor.editRoom((t) => addPolygonCommand(t, square(1, 1), 1))
    expect(done?.created).toBe('polygon-1')
    expect(editor.room!.polygons.map((p) => p.id)).toEqual(['polygon-1'])
    expect(editor.status.text).toBe('Draw walk polygon')
    expect(events.map((e) => [e.roomId, [...e.kinds]])).toEqual([['a', ['walk-polygons']]])
    const gate = editor.editRoom((t) => addGateCommand(t, { kind: 'block-polygon', polygon: square(10, 2) }))
    expect(gate?.created).toBe('gate-1')
    expect([...events[1].kinds]).toEqual(['gates'])
  })

  it('tells mask edits with their dirty rectangle, and refuses a bad edit with a message and no step', () => {
    const { editor, events } = openTwoRooms()
    const rect = { x: 2, y: 3, width: 2, height: 1 }
    editor.editRoom(
      (t) => new MaskPatchCommand('Paint area 1', t, rect, new Uint8Array(2), new Uint8Array([1, 1])),
    )
    expect(events[0].rect).toEqual(rect)
    expect([...events[0].kinds]).toEqual(['walk-mask'])
    expect(editor.mask![3 * 40 + 2]).toBe(1)
    const before = editor.historyEntries.done.length
    expect(editor.editRoom((t) => updateAreaCommand(t, 1, { colour: 'red' }))).toBeNull()
    expect(editor.status).toEqual({ kind: 'error', text: "Expected a colour '#rrggbb', got 'red'." })
    expect(editor.historyEntries.done.length).toBe(before)
    expect(events).toHaveLength(1)
  })
})

describe('room sessions', () => {
  it('keeps each room its own edits and undo history while switching', () => {
    const { editor } = openTwoRooms()
    editor.editRoom((t) => addPolygonCommand(t, square(1, 1), 1))
    editor.showSession('b')
    expect(editor.room!.id).toBe('b')
    expect(editor.canUndo).toBe(false)
    editor.editRoom((t) => addZoneCommand(t, { kind: 'polygon', outer: square(2, 2) }))
    expect(editor.dirtyRooms.sort()).toEqual(['a', 'b'])
    editor.undo()
    expect(editor.room!.zones).toEqual([])
    expect(editor.dirtyRooms).toEqual(['a'])
    editor.showSession('a')
    expect(editor.room!.polygons).toHaveLength(1)
    expect(editor.historyEntries.done.map((c) => c.label)).toEqual(['Draw walk polygon'])
    editor.undo()
    expect(editor.room!.polygons).toEqual([])
    expect(editor.dirty).toBe(false)
    expect(editor.title).toBe('Castle — Attic')
  })

  it("undoes the room's edits with Undo and the project's with Undo Project Change, each in its own order", () => {
    const { editor } = openTwoRooms()
    editor.edit(addFlagCommand(editor.projectTarget(), 'Door open'))
    editor.editRoom((t) => addGateCommand(t, { kind: 'block-polygon', polygon: square(3, 3) }, 'doorOpen'))
    expect(editor.historyEntries.done.map((c) => c.label)).toEqual(['Add gate'])
    expect(editor.projectEntries.done.map((c) => c.label)).toEqual(['Add flag doorOpen'])
    expect(editor.stepLabels).toMatchObject({ undo: 'Add gate', undoProject: 'Add flag doorOpen' })
    editor.undo()
    expect(editor.room!.gates).toEqual([])
    expect(editor.project!.flags).toHaveLength(1)
    // The room has nothing more to undo: Undo never reaches the project's changes.
    expect(editor.canUndo).toBe(false)
    expect(editor.undo()).toBeNull()
    expect(editor.project!.flags).toHaveLength(1)
    editor.undoProject()
    expect(editor.project!.flags).toEqual([])
    expect(editor.canUndoProject).toBe(false)
    editor.redoProject()
    expect(editor.project!.flags.map((f) => f.id)).toEqual(['doorOpen'])
    expect(editor.room!.gates).toEqual([])
    editor.redo()
    expect(editor.room!.gates[0].flagExpression).toBe('doorOpen')
    expect(editor.title).toBe('• Castle — Attic')
  })

  it("never takes back Duplicate Room with the room's Undo: the duplicate stays where the author works", () => {
    const { editor } = openTwoRooms()
    const copy = createSession(
      { room: room('attic-2', 'Attic copy'), background: null, mask: null, scaleMap: null },
      { fresh: true },
    )
    editor.edit(addRoomCommand(editor.projectTarget(), copy, 'Duplicate room'))
    expect(editor.room!.id).toBe('attic-2')
    editor.editRoom((t) => addZoneCommand(t, { kind: 'area', areaId: 1 }))
    editor.undo()
    expect(editor.room!.zones).toEqual([])
    expect(editor.undo()).toBeNull()
    expect(editor.rooms.map((r) => r.id)).toContain('attic-2')
    expect(editor.room!.id).toBe('attic-2')
    expect(editor.stepLabels.undoProject).toBe('Duplicate room Attic copy')
    editor.undoProject()
    expect(editor.rooms.map((r) => r.id)).not.toContain('attic-2')
  })
})

describe('project commands', () => {
  it('renames a flag in every expression of every room, and undo puts them back', () => {
    const { editor, events } = openTwoRooms()
    editor.edit(addFlagCommand(editor.projectTarget(), 'Door open'))
    editor.editRoom((t) => addGateCommand(t, { kind: 'block-polygon', polygon: square(3, 3) }, '!doorOpen'))
    editor.showSession('b')
    editor.editRoom((t) => addZoneCommand(t, { kind: 'area', areaId: 1 }))
    editor.editRoom((t) => updateAreaCommand(t, 1, { enabledBy: 'doorOpen||doorOpen2' }))
    editor.edit(() => renameFlagCommand(editor.projectTarget(), 'doorOpen', 'gateOpen'))
    expect(editor.status.text).toBe('Rename flag doorOpen to gateOpen (2 expressions)')
    expect(editor.project!.flags.map((f) => f.id)).toEqual(['gateOpen'])
    expect(editor.sessions.get('a')!.room.gates[0].flagExpression).toBe('!gateOpen')
    // Only whole words are flag names: doorOpen2 is another flag.
    expect(editor.room!.areas[0].enabledBy).toBe('gateOpen||doorOpen2')
    expect(editor.dirtyRooms.sort()).toEqual(['a', 'b'])
    expect([...events.at(-1)!.kinds]).toEqual(['project', 'walk-mask', 'gates', 'zones'])
    editor.undoProject()
    expect(editor.sessions.get('a')!.room.gates[0].flagExpression).toBe('!doorOpen')
    expect(editor.room!.areas[0].enabledBy).toBe('doorOpen||doorOpen2')
    expect(() => renameFlagCommand(editor.projectTarget(), 'doorOpen', '2x')).toThrow(/not a flag name/)
  })

  it('refuses to delete a flag in use, naming where, and deletes it once unused', () => {
    const { editor } = openTwoRooms()
    editor.edit(addFlagCommand(editor.projectTarget(), 'Guard awake', true))
    editor.editRoom((t) => addGateCommand(t, { kind: 'block-polygon', polygon: square(3, 3) }, 'guardAwake'))
    expect(editor.edit(() => deleteFlagCommand(editor.projectTarget(), 'guardAwake'))).toBeNull()
    expect(editor.status.text).toBe(
      "Flag 'guardAwake' is used by gate 'Gate 1' in room 'Attic'; change those first.",
    )
    editor.undo()
    expect(editor.room!.gates).toEqual([])
    editor.edit(() => updateFlagCommand(editor.projectTarget(), 'guardAwake', { default: false }))
    expect(editor.project!.flags[0]).toEqual({ id: 'guardAwake', name: 'Guard awake', default: false })
    expect(editor.edit(() => deleteFlagCommand(editor.projectTarget(), 'guardAwake'))).not.toBeNull()
    expect(editor.project!.flags).toEqual([])
  })

  it('adds, renames, moves and deletes rooms; undoing a delete brings the room back to be written whole', () => {
    const { editor } = openTwoRooms()
    const fresh = createSession(
      { room: room('cellar', 'Cellar'), background: null, mask: null, scaleMap: null },
      { fresh: true },
    )
    const added = editor.edit(addRoomCommand(editor.projectTarget(), fresh))
    expect(added?.created).toBe('cellar')
    expect(editor.room!.id).toBe('cellar')
    expect(editor.project!.rooms.map((r) => `${r.id}:${r.folder}`)).toEqual([
      'a:rooms/a',
      'b:rooms/b',
      'cellar:rooms/cellar',
    ])
    editor.edit(() => renameRoomCommand(editor.projectTarget(), 'cellar', 'Wine cellar'))
    expect(editor.room!.name).toBe('Wine cellar')
    expect(editor.rooms.map((r) => r.name)).toEqual(['Attic', 'Barn', 'Wine cellar'])
    editor.edit(() => moveRoomCommand(editor.projectTarget(), 'cellar', 0))
    expect(editor.rooms.map((r) => r.id)).toEqual(['cellar', 'a', 'b'])
    // Deleting the room on screen shows its neighbour.
    editor.showSession('b')
    editor.edit(() => deleteRoomCommand(editor.projectTarget(), 'b'))
    expect(editor.rooms.map((r) => r.id)).toEqual(['cellar', 'a'])
    expect(editor.sessions.has('b')).toBe(false)
    expect(editor.room!.id).toBe('a')
    useProjectIoStore().markAllSaved()
    editor.undoProject()
    expect(editor.rooms.map((r) => r.id)).toEqual(['cellar', 'a', 'b'])
    expect(editor.room!.id).toBe('b')
    expect(editor.sessions.get('b')!.fresh).toBe(true)
    expect(editor.dirtyRooms).toEqual(['b'])
    expect(() => renameRoomCommand(editor.projectTarget(), 'b', '  ')).toThrow('A room needs a name.')
  })

  it('keeps characters valid and refuses to delete one a test walk uses', () => {
    const { editor } = openTwoRooms()
    const id = editor.edit(addCharacterCommand(editor.projectTarget(), 'Hero Guybrush'))?.created
    expect(id).toBe('hero-guybrush')
    expect(
      editor.edit(() => updateCharacterCommand(editor.projectTarget(), 'hero-guybrush', { height: -3 })),
    ).toBeNull()
    expect(editor.status.text).toBe('A height must be a number of px above 0.')
    editor.edit(() =>
      updateCharacterCommand(editor.projectTarget(), 'hero-guybrush', { height: 140, speed: 200 }),
    )
    expect(editor.project!.characters[0]).toMatchObject({ height: 140, speed: 200 })
    editor.edit(() => setTestCharacterCommand(editor.projectTarget(), 'a', 'hero-guybrush'))
    expect(editor.room!.testWalk.characterId).toBe('hero-guybrush')
    expect(editor.edit(() => deleteCharacterCommand(editor.projectTarget(), 'hero-guybrush'))).toBeNull()
    expect(editor.status.text).toBe(
      "Hero Guybrush walks in the test walk of room 'Attic'; choose another character there first.",
    )
    editor.edit(() => setTestCharacterCommand(editor.projectTarget(), 'a', null))
    expect(editor.edit(() => deleteCharacterCommand(editor.projectTarget(), 'hero-guybrush'))).not.toBeNull()
  })
})
