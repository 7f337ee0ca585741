/**
 * Nothing lost on the way out: New, Open and closing the window ask Save / Don't Save /
 * Cancel while anything is unsaved (a room edit, or a project edit such as a new flag);
 * Cancel keeps everything, Save writes first and goes on only when the save worked, and
 * Don't Save goes on and forgets the recovery copy. Without unsaved work nothing is asked.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { emptyProject, emptyRoom } from '../../src/shared/room/schema'
import type { OpenedProject } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useProjectIoStore } from '../../src/renderer/project/stores/project-io'
import { useDialogsStore, type UnsavedChoice } from '../../src/renderer/editing/stores/dialogs'
import { useRecoveryStore } from '../../src/renderer/project/stores/recovery'
import { memorySlots } from '../../src/renderer/project/recovery/slots'
import { answerCloseRequest } from '../../src/renderer/shell/window/window-close'
import { addFlagCommand } from '../../src/renderer/editing/commands/project-commands'
import { addZoneCommand } from '../../src/renderer/editing/commands/room-commands'
import { openRoomInEditor } from './support/editor'

function fakeHost(options: { failSave?: boolean } = {}) {
  const calls: string[] = []
  const other: OpenedProject = { ref: 'other', project: emptyProject({ name: 'Other' }), rooms: [] }
  const host = {
    createProject: async () => (calls.push('createProject'), other),
    openProject: async () => (calls.push('openProject'), other),
    saveProject: async () => {
      calls.push('saveProject')
      if (options.failSave) throw new Error('the disk is full')
      return { savedAt: '', backup: null, project: null }
    },
    closeWindow: async () => void calls.push('closeWindow'),
  } as unknown as WalkboxHost
  return { host, calls }
}

/** Answer the next unsaved-changes dialog with `choice`, remembering what it showed. */
function answerWith(choice: UnsavedChoice) {
  const dialogs = useDialogsStore()
  const shown: unknown[] = []
  const timer = setInterval(() => {
    const current = dialogs.current
    if (current?.kind === 'unsaved') {
      shown.push(current.props)
      dialogs.answer(choice)
      clearInterval(timer)
    }
  }, 1)
  return { shown }
}

beforeEach(() => {
  setActivePinia(createPinia())
  useRecoveryStore().useSlots(memorySlots())
})

function openDirtyProject(edit: 'room' | 'project', failSave = false) {
  const fake = fakeHost({ failSave })
  const editor = useEditorStore()
  editor.host = fake.host
  openRoomInEditor(emptyRoom({ id: 'hall', name: 'Hall', width: 10, height: 10 }), {
    project: emptyProject({ name: 'Castle' }),
    ref: 'castle',
  })
  if (edit === 'room') editor.editRoom((t) => addZoneCommand(t, { kind: 'area', areaId: 1 }))
  else editor.edit(addFlagCommand(editor.projectTarget(), 'Door open'))
  return { editor, ...fake }
}

describe('unsaved changes', () => {
  it('New asks first; Cancel keeps the project and its edits', async () => {
    const { editor, calls } = openDirtyProject('room')
    const answer = answerWith('cancel')
    await useProjectIoStore().newProject()
    expect(answer.shown).toEqual([{ action: 'start a new project', rooms: ['Hall'], project: false }])
    expect(calls).toEqual([])
    expect(editor.project!.name).toBe('Castle')
    expect(editor.room!.zones).toHaveLength(1)
  })

  it('Open asks about a project-level edit too; Save writes first, then opens', async () => {
    const { editor, calls } = openDirtyProject('project')
    const answer = answerWith('save')
    await useProjectIoStore().openProject('other')
    expect(answer.shown).toEqual([{ action: 'open another project', rooms: [], project: true }])
    expect(calls).toEqual(['saveProject', 'openProject'])
    expect(editor.project!.name).toBe('Other')
  })

  it('a failed save keeps the work open and does not go on', async () => {
    const { editor, calls } = openDirtyProject('room', true)
    answerWith('save')
    expect(await answerCloseRequest(editor.host!)).toBe(false)
    expect(calls).toEqual(['saveProject'])
    expect(editor.status.text).toBe('Could not save: the disk is full')
    expect(editor.dirty).toBe(true)
  })

  it("closing the window: Don't Save closes and forgets the recovery copy", async () => {
    const { editor, calls } = openDirtyProject('room')
    const recovery = useRecoveryStore()
    const slots = memorySlots()
    recovery.useSlots(slots)
    await recovery.flush()
    expect(slots.all.has('castle')).toBe(true)
    answerWith('discard')
    expect(await answerCloseRequest(editor.host!)).toBe(true)
    expect(calls).toEqual(['closeWindow'])
    expect(slots.all.has('castle')).toBe(false)
  })

  it('asks nothing when there is nothing to lose', async () => {
    const fake = fakeHost()
    const editor = useEditorStore()
    editor.host = fake.host
    openRoomInEditor(emptyRoom({ id: 'hall', width: 10, height: 10 }), { ref: 'castle' })
    expect(await answerCloseRequest(editor.host!)).toBe(true)
    expect(useDialogsStore().current).toBeNull()
    expect(fake.calls).toEqual(['closeWindow'])
  })
})
