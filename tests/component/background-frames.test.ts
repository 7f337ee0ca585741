/**
 * Background frames in the editor's stores: which frame is shown is a view setting (no undo
 * step, nothing unsaved), Next Background Frame cycles through the room's frames, a room
 * with one background has nothing to switch; an imported room's frame files go with its
 * first save and survive a recovery copy.
 */
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyProject, emptyRoom, type Room } from '../../src/shared/room/schema'
import type { LoadedRoom, RgbaImage, SaveProjectRequest } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useProjectIoStore } from '../../src/renderer/project/stores/project-io'
import { useRecoveryStore } from '../../src/renderer/project/stores/recovery'
import { backgroundFrameLabel, createSession } from '../../src/renderer/editing/stores/room-session'
import { memorySlots } from '../../src/renderer/project/recovery/slots'
import { RECOVERY_DELAY_MS } from '../../src/renderer/project/recovery/recovery'
import { addRoomCommand } from '../../src/renderer/editing/commands/project-commands'
import { createEditorActions } from '../../src/renderer/shell/actions/editor-actions'
import { replaceBackground } from '../../src/renderer/project/actions/project-actions'
import { useStatusStore } from '../../src/renderer/editing/stores/status'
import { mount } from '@vue/test-utils'
import LayersPanel from '../../src/renderer/editing/components/LayersPanel.vue'

const image = (value: number): RgbaImage => ({ width: 4, height: 2, data: new Uint8Array(32).fill(value) })

function roomWithFrames(id: string, frames: number): Room {
  const room = emptyRoom({ id, name: id, width: 4, height: 2 })
  room.background = 'background.png'
  if (frames > 0)
    room.backgroundFrames = Array.from({ length: frames }, (_, i) => ({
      file: `background${i + 1}.png`,
      ...(i === 1 ? { name: 'Night' } : {}),
    }))
  return room
}

function fakeHost(saved: SaveProjectRequest[]): WalkboxHost {
  const rooms: Record<string, LoadedRoom> = {
    hall: {
      room: roomWithFrames('hall', 2),
      background: image(10),
      backgroundFrames: [image(20), image(30)],
      mask: null,
      scaleMap: null,
      problems: [],
    },
    attic: {
      room: roomWithFrames('attic', 0),
      background: image(10),
      mask: null,
      scaleMap: null,
      problems: [],
    },
  }
  return {
    loadRoom: async ({ roomId }: { roomId: string }) => structuredClone(rooms[roomId]),
    saveProject: async (req: SaveProjectRequest) => {
      saved.push(req)
      return { savedAt: '', backup: null, project: null }
    },
  } as unknown as WalkboxHost
}

async function open(saved: SaveProjectRequest[] = []) {
  const editor = useEditorStore()
  const recovery = useRecoveryStore()
  const slots = memorySlots()
  recovery.useSlots(slots)
  editor.host = fakeHost(saved)
  const project = emptyProject({ name: 'Castle' })
  project.rooms = [
    { id: 'hall', name: 'hall', folder: 'rooms/hall' },
    { id: 'attic', name: 'attic', folder: 'rooms/attic' },
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

describe('the shown background frame', () => {
  it('switches frames without an undo step or unsaved work; a room with one background has none', async () => {
    const { editor } = await open()
    await editor.switchRoom('hall')
    const actions = createEditorActions()
    const next = 'view.nextBackground' as const
    expect(editor.backgroundCount).toBe(3)
    expect(editor.shownBackground?.data[0]).toBe(10)
    expect(actions.isEnabled(next)).toBe(true)
    await actions.run(next)
    expect(editor.backgroundFrame).toBe(1)
    expect(editor.shownBackground?.data[0]).toBe(20)
    await actions.run(next)
    expect(editor.shownBackground?.data[0]).toBe(30)
    expect(backgroundFrameLabel(editor.backgroundFrame, editor.room)).toBe('Background 2 (Night)')
    await actions.run(next)
    expect(editor.backgroundFrame).toBe(0)
    // The room's own background is still frame 1: exports and the properties panel read it.
    editor.showBackgroundFrame(2)
    expect(editor.background?.data[0]).toBe(10)
    expect(editor.historyEntries.done).toEqual([])
    expect(editor.dirtyRooms).toEqual([])
    expect(editor.room?.backgroundFrames).toHaveLength(2)

    await editor.switchRoom('attic')
    expect(editor.backgroundCount).toBe(1)
    expect(actions.isEnabled(next)).toBe(false)
    editor.showBackgroundFrame(3)
    expect(editor.backgroundFrame).toBe(0)
    // Back in the hall, its own choice is kept (a per-room view setting).
    await editor.switchRoom('hall')
    expect(editor.backgroundFrame).toBe(2)
  })

  it("an imported room's frame files are saved with it and kept in a recovery copy", async () => {
    const saved: SaveProjectRequest[] = []
    const first = await open(saved)
    const made = () =>
      createSession(
        {
          room: roomWithFrames('cellar', 1),
          background: image(10),
          backgroundFrames: [image(40)],
          mask: null,
          scaleMap: null,
        },
        {
          fresh: true,
          backgroundFile: { name: 'background.png', bytes: new Uint8Array([1]) },
          backgroundFrameFiles: [{ name: 'background1.png', bytes: new Uint8Array([2, 2]) }],
        },
      )
    first.editor.edit(addRoomCommand(first.editor.projectTarget(), made()))
    await vi.advanceTimersByTimeAsync(RECOVERY_DELAY_MS + 10)
    const kept = first.slots.all.get('castle')!
    expect(kept.rooms[0].backgroundFrames?.files.map((f) => f.name)).toEqual(['background1.png'])

    setActivePinia(createPinia())
    const { editor, recovery, slots } = await open(saved)
    slots.all.set('castle', kept)
    await recovery.check()
    expect(await recovery.restore()).toBe(true)
    const cellar = editor.sessions.get('cellar')!
    expect(cellar.backgroundFrames.map((f) => f?.data[0])).toEqual([40])
    expect(await useProjectIoStore().save()).toBe(true)
    const room = saved.at(-1)!.rooms.find((r) => (r.room as Room).id === 'cellar')!
    expect(room.backgroundFrames?.map((b) => Array.from(b!))).toEqual([[2, 2]])
    // Written: the next save does not send them again.
    expect(cellar.backgroundFrameFiles).toBeNull()
  })

  it('refuses a replacement background of another size while the room has frames, changing nothing', async () => {
    const { editor } = await open()
    await editor.switchRoom('hall')
    const big = { width: 8, height: 2, data: new Uint8Array(64).fill(90) }
    await replaceBackground({ fileName: 'wide.png', bytes: new Uint8Array([9]), image: big })
    expect(useStatusStore().status).toEqual({
      kind: 'error',
      text: "wide.png is 8×2 px; this room's 2 further background frame(s) are 4×2, and every frame must be the room's size. Nothing changed.",
    })
    expect(editor.room?.size).toEqual({ width: 4, height: 2 })
    expect(editor.background?.data[0]).toBe(10)
    expect(editor.historyEntries.done).toEqual([])
  })
  it('sets how the game animates the frames in the Layers panel: an edit with undo, a delay out of 0..255 refused', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const { editor } = await open()
    await editor.switchRoom('hall')
    const panel = mount(LayersPanel, { global: { plugins: [pinia] } })
    const animated = panel.get<HTMLInputElement>('[data-testid="background-animated"]')
    const delay = panel.get<HTMLInputElement>('[data-testid="background-delay"]')
    // AGS's defaults for a room that says nothing: animated, every 5 game loops.
    expect(animated.element.checked).toBe(true)
    expect(delay.element.value).toBe('5')
    await animated.setValue(false)
    expect(editor.room?.backgroundAnimationEnabled).toBe(false)
    expect(editor.historyEntries.done.at(-1)?.label).toBe('Stop animating the background frames')
    expect(editor.dirtyRooms).toEqual(['hall'])
    expect(delay.element.disabled).toBe(true)
    editor.undo()
    await panel.vm.$nextTick()
    expect(editor.room?.backgroundAnimationEnabled).toBeUndefined()
    expect(animated.element.checked).toBe(true)
    await delay.setValue('12')
    expect(editor.room?.backgroundAnimationDelay).toBe(12)
    await delay.setValue('300')
    expect(editor.room?.backgroundAnimationDelay).toBe(12)
    expect(delay.element.value).toBe('12')
    expect(useStatusStore().status.text).toContain('from 0 to 255')
    // A room with one background has nothing to animate: no controls.
    await editor.switchRoom('attic')
    await panel.vm.$nextTick()
    expect(panel.find('[data-testid="background-animated"]').exists()).toBe(false)
    panel.unmount()
  })
})
