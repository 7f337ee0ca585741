/**
 * Crash recovery in the editor: the unsaved work of the whole project (project file,
 * every dirty room with its mask, rooms made since the last save) goes to the project's
 * slot shortly after each change; saving, or undoing back to the saved state, removes
 * it; a copy found when the project opens is restored as one undo step, and autosave
 * waits (never overwriting it) until the author answers.
 */
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyProject, emptyRoom, type Room } from '../../src/shared/room/schema'
import type { LoadedRoom } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useProjectIoStore } from '../../src/renderer/project/stores/project-io'
import { useRecoveryStore } from '../../src/renderer/project/stores/recovery'
import { createSession } from '../../src/renderer/editing/stores/room-session'
import { memorySlots } from '../../src/renderer/project/recovery/slots'
import { RECOVERY_DELAY_MS } from '../../src/renderer/project/recovery/recovery'
import {
  addFlagCommand,
  addRoomCommand,
  deleteRoomCommand,
} from '../../src/renderer/editing/commands/project-commands'
import { addZoneCommand } from '../../src/renderer/editing/commands/room-commands'
import { MaskPatchCommand } from '../../src/renderer/editing/commands/mask-patch'

/** Rooms as on disk: what the fake host loads. */
function disk(): Map<string, Room> {
  return new Map([
    ['a', emptyRoom({ id: 'a', name: 'Attic', width: 10, height: 4 })],
    ['b', emptyRoom({ id: 'b', name: 'Barn', width: 10, height: 4 })],
  ])
}

function fakeHost(rooms: Map<string, Room>): WalkboxHost {
  return {
    loadRoom: async ({ roomId }: { roomId: string }): Promise<LoadedRoom> => ({
      room: structuredClone(rooms.get(roomId)!),
      background: null,
      mask: new Uint8Array(40),
      scaleMap: null,
      problems: [],
    }),
    saveProject: async () => ({ savedAt: '', backup: null, project: null }),
  } as unknown as WalkboxHost
}

async function openProject() {
  const editor = useEditorStore()
  const recovery = useRecoveryStore()
  const slots = memorySlots()
  recovery.useSlots(slots)
  editor.host = fakeHost(disk())
  const project = emptyProject({ name: 'Castle' })
  project.rooms = [
    { id: 'a', name: 'Attic', folder: 'rooms/a' },
    { id: 'b', name: 'Barn', folder: 'rooms/b' },
  ]
  await editor.adoptProject({ ref: 'castle', project, rooms: [] })
  await recovery.check()
  return { editor, recovery, slots }
}

beforeEach(() => {
  setActivePinia(createPinia())
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('recovery copies', () => {
  it('writes the dirty rooms and the project shortly after a change, and removes the copy once saved', async () => {
    const { editor, slots } = await openProject()
    editor.editRoom(
      (t) =>
        new MaskPatchCommand(
          'Paint area 1',
          t,
          { x: 1, y: 1, width: 2, height: 1 },
          new Uint8Array(2),
          new Uint8Array([1, 1]),
        ),
    )
    editor.edit(addFlagCommand(editor.projectTarget(), 'Door open'))
    expect(slots.all.size).toBe(0)
    await vi.advanceTimersByTimeAsync(RECOVERY_DELAY_MS + 10)
    const copy = slots.all.get('castle')!
    expect(copy.project.flags.map((f) => f.id)).toEqual(['doorOpen'])
    expect(copy.rooms.map((r) => r.room.id)).toEqual(['a'])
    expect([...copy.rooms[0].mask!.subarray(10, 14)]).toEqual([0, 1, 1, 0])
    expect(await useProjectIoStore().save()).toBe(true)
    await vi.advanceTimersByTimeAsync(RECOVERY_DELAY_MS + 10)
    expect(slots.all.size).toBe(0)
  })

  it('removes the copy when undo goes back to the saved state', async () => {
    const { editor, slots } = await openProject()
    editor.editRoom((t) => addZoneCommand(t, { kind: 'area', areaId: 1 }))
    await vi.advanceTimersByTimeAsync(RECOVERY_DELAY_MS + 10)
    expect(slots.all.size).toBe(1)
    editor.undo()
    await vi.advanceTimersByTimeAsync(RECOVERY_DELAY_MS + 10)
    expect(slots.all.size).toBe(0)
  })

  it('restores a copy with a new room and a deleted one as one undo step, and waits before autosaving', async () => {
    // A session that ended with unsaved work: a zone in Attic, a new Cellar, Barn deleted.
    const first = await openProject()
    first.editor.editRoom((t) => addZoneCommand(t, { kind: 'area', areaId: 1 }))
    const cellar = createSession(
      {
        room: emptyRoom({ id: 'cellar', name: 'Cellar', width: 6, height: 6 }),
        background: null,
        mask: null,
        scaleMap: null,
      },
      { fresh: true },
    )
    first.editor.edit(addRoomCommand(first.editor.projectTarget(), cellar))
    await first.editor.editProject((t) => deleteRoomCommand(t, 'b'), ['b'])
    await vi.advanceTimersByTimeAsync(RECOVERY_DELAY_MS + 10)
    const kept = first.slots.all.get('castle')!

    // A new editor opens the same project from disk and finds the copy.
    setActivePinia(createPinia())
    const { editor, recovery, slots } = await openProject()
    slots.all.set('castle', kept)
    await recovery.check()
    expect(recovery.offer?.rooms.map((r) => r.room.id).sort()).toEqual(['a', 'cellar'])
    // Editing before answering does not overwrite the copy.
    editor.editRoom((t) => addZoneCommand(t, { kind: 'area', areaId: 1 }))
    editor.undo()
    await vi.advanceTimersByTimeAsync(RECOVERY_DELAY_MS + 10)
    expect(slots.all.get('castle')).toEqual(kept)

    expect(await recovery.restore()).toBe(true)
    expect(editor.rooms.map((r) => r.id)).toEqual(['a', 'cellar'])
    expect(editor.sessions.get('a')!.room.zones).toHaveLength(1)
    expect(editor.sessions.get('cellar')!.fresh).toBe(true)
    expect(editor.projectEntries.done.map((c) => c.label)).toEqual(['Restore recovered work'])
    editor.undoProject()
    expect(editor.rooms.map((r) => r.id)).toEqual(['a', 'b'])
    expect(editor.sessions.get('a')!.room.zones).toEqual([])
  })

  it('forgets the copy when the author discards the offer', async () => {
    const { editor, recovery, slots } = await openProject()
    slots.all.set('castle', {
      projectRef: 'castle',
      savedAt: new Date(0).toISOString(),
      project: editor.project!,
      rooms: [],
    })
    await recovery.check()
    expect(recovery.offer).not.toBeNull()
    await recovery.discard()
    expect(slots.all.size).toBe(0)
  })
})
