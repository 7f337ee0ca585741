/**
 * A room's load warnings in the editor: a room whose zone is enabled by a flag the project
 * does not define opens all the same, and the author is told on the status line, in a
 * banner on the canvas and under Lint; Dismiss clears them, and opening another room clears
 * the warnings of the one left (they are not said again when it comes back). (The desktop's
 * wrapper of the preload bridge hands every answer on whole: tests/component/electron-host.test.ts.)
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import CanvasNotices from '../../src/renderer/project/components/CanvasNotices.vue'
import LintPanel from '../../src/renderer/editing/components/LintPanel.vue'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useStatusStore } from '../../src/renderer/editing/stores/status'
import type { LoadedRoom } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { emptyProject, emptyRoom } from '../../src/shared/room/schema'

const WARNING =
  "zone 'Door' (zones[0]): enabledBy names the flag 'ghostFlag' that the project does not define"

function fakeHost(): WalkboxHost {
  return {
    loadRoom: async ({ roomId }: { roomId: string }): Promise<LoadedRoom> => ({
      room: emptyRoom({ id: roomId, name: roomId === 'a' ? 'Attic' : 'Barn', width: 10, height: 4 }),
      background: null,
      mask: null,
      scaleMap: null,
      problems: [],
      warnings:
        roomId === 'a'
          ? [
              WARNING,
              "the test walk (testWalk): characterId names the character 'nobody' that the project does not define",
            ]
          : [],
    }),
  } as unknown as WalkboxHost
}

async function openCastle() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const editor = useEditorStore()
  editor.host = fakeHost()
  const project = emptyProject({ name: 'Castle' })
  project.rooms = [
    { id: 'a', name: 'Attic', folder: 'rooms/a' },
    { id: 'b', name: 'Barn', folder: 'rooms/b' },
  ]
  await editor.adoptProject({ ref: 'castle', project, rooms: [] })
  const notices = mount(CanvasNotices, { global: { plugins: [pinia] } })
  const lint = mount(LintPanel, { global: { plugins: [pinia] } })
  return { editor, notices, lint, status: useStatusStore() }
}

beforeEach(() => setActivePinia(createPinia()))

describe('room load warnings in the editor', () => {
  it('are said on the status line, on the canvas and under Lint, and go when another room opens', async () => {
    const { editor, notices, lint, status } = await openCastle()
    expect(editor.room?.name).toBe('Attic')
    expect(status.status).toEqual({
      kind: 'error',
      text: `Opened room Attic (10×4) — 2 warnings: ${WARNING} ….`,
    })
    const banner = notices.get('[data-testid="room-warnings"]')
    expect(banner.text()).toContain('This room names what the project does not define')
    expect(banner.findAll('li').map((li) => li.text())).toEqual([
      WARNING,
      "the test walk (testWalk): characterId names the character 'nobody' that the project does not define",
    ])
    expect(lint.get('[data-testid="lint-load-warnings"]').text()).toContain(WARNING)

    await editor.switchRoom('b')
    await notices.vm.$nextTick()
    expect(notices.find('[data-testid="room-warnings"]').exists()).toBe(false)
    expect(lint.find('[data-testid="lint-load-warnings"]').exists()).toBe(false)
    expect(status.status).toEqual({ kind: 'info', text: 'Opened room Barn (10×4).' })

    // Said once: back in the attic, the warnings of its first load are not repeated.
    await editor.switchRoom('a')
    await notices.vm.$nextTick()
    expect(notices.find('[data-testid="room-warnings"]').exists()).toBe(false)
  })

  it('Dismiss clears them for the open room', async () => {
    const { notices, lint } = await openCastle()
    await notices.get('[data-testid="room-warnings"] button').trigger('click')
    expect(notices.find('[data-testid="room-warnings"]').exists()).toBe(false)
    expect(lint.find('[data-testid="lint-load-warnings"]').exists()).toBe(false)
  })
})
