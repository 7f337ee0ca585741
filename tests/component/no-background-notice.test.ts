/**
 * A game's room that came without a background says why in the editor: GameFolderInfo's
 * noBackground (from the game's link record) is shown for the open room on the canvas, with
 * Replace Background…, and under Lint; not for a room the game gives no reason for, a room
 * that has a background now, or a plain project's blank room; Dismiss hides it for that room.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import CanvasNotices from '../../src/renderer/project/components/CanvasNotices.vue'
import LintPanel from '../../src/renderer/editing/components/LintPanel.vue'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import type { GameFolderInfo, LoadedRoom } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { emptyProject, emptyRoom } from '../../src/shared/room/schema'

const WHY =
  "the scene's background sprite Room2Background shows res://game/rooms/room02/room2background.png, which is not in the game folder"

async function open(game?: GameFolderInfo) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const editor = useEditorStore()
  editor.host = {
    loadRoom: async ({ roomId }: { roomId: string }): Promise<LoadedRoom> => ({
      room: emptyRoom({ id: roomId, name: roomId, width: 10, height: 4 }),
      background: null,
      mask: null,
      scaleMap: null,
      problems: [],
      warnings: [],
    }),
  } as unknown as WalkboxHost
  const project = emptyProject({ name: 'Escoria' })
  project.rooms = [
    { id: 'room2', name: 'room2', folder: 'rooms/room2' },
    { id: 'room3', name: 'room3', folder: 'rooms/room3' },
  ]
  await editor.adoptProject({ ref: 'escoria', project, rooms: [], ...(game ? { game } : {}) })
  const notices = mount(CanvasNotices, { global: { plugins: [pinia] } })
  const lint = mount(LintPanel, { global: { plugins: [pinia] } })
  return { editor, notices, lint }
}

const GAME: GameFolderInfo = {
  engine: 'godot',
  name: 'escoria-demo-game',
  rooms: 2,
  readOnly: null,
  noBackground: { room2: WHY },
}

describe("a game's room without a background", () => {
  it('says why on the canvas (with Replace Background…) and under Lint, for that room only', async () => {
    const { editor, notices, lint } = await open(GAME)
    expect(editor.room?.id).toBe('room2')
    const notice = notices.get('[data-testid="no-background"]')
    expect(notice.text()).toContain(`This room has no background: ${WHY}.`)
    expect(notice.findAll('button').map((b) => b.text())).toEqual(['Replace Background…', 'Dismiss'])
    expect(lint.get('[data-testid="lint-no-background"]').text()).toBe(`No background: ${WHY}`)

    await editor.switchRoom('room3')
    await notices.vm.$nextTick()
    expect(notices.find('[data-testid="no-background"]').exists()).toBe(false)
    expect(lint.find('[data-testid="lint-no-background"]').exists()).toBe(false)

    await editor.switchRoom('room2')
    await notices.vm.$nextTick()
    await notices.get('[data-testid="no-background"] button:last-of-type').trigger('click')
    expect(notices.find('[data-testid="no-background"]').exists()).toBe(false)
  })

  it('goes once the room has a background', async () => {
    const { editor, notices } = await open(GAME)
    expect(notices.find('[data-testid="no-background"]').exists()).toBe(true)
    editor.sessions.get('room2')!.room.background = 'background.png'
    editor.revision++
    await notices.vm.$nextTick()
    expect(notices.find('[data-testid="no-background"]').exists()).toBe(false)
  })

  it('is not shown for a blank room of a plain project', async () => {
    const { notices, lint } = await open()
    expect(notices.find('[data-testid="no-background"]').exists()).toBe(false)
    expect(lint.find('[data-testid="lint-no-background"]').exists()).toBe(false)
  })
})
