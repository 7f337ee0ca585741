/**
 * A room opens on the walkable layer that is its truth: a mask room (as an AGS game's rooms
 * are) on the walk mask with its painting tools, a polygon room on the walk polygons, so the
 * first thing an author sees is not a notice that edits on the shown layer are ignored. A
 * layer the author picked that is neither (gates, zones…) is kept.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import CanvasNotices from '../../src/renderer/project/components/CanvasNotices.vue'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useLayersStore } from '../../src/renderer/editing/stores/layers'
import { useToolsStore } from '../../src/renderer/editing/stores/tools'
import type { LoadedRoom } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { emptyProject, emptyRoom } from '../../src/shared/room/schema'

function fakeHost(): WalkboxHost {
  return {
    loadRoom: async ({ roomId }: { roomId: string }): Promise<LoadedRoom> => ({
      room: {
        ...emptyRoom({ id: roomId, name: roomId, width: 10, height: 4 }),
        authoritative: roomId === 'ags' ? 'mask' : 'polygons',
      },
      background: null,
      mask: null,
      scaleMap: null,
      problems: [],
      warnings: [],
    }),
  } as unknown as WalkboxHost
}

async function openRooms() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const editor = useEditorStore()
  editor.host = fakeHost()
  const tools = useToolsStore()
  const layers = useLayersStore()
  const project = emptyProject({ name: 'Game' })
  project.rooms = [
    { id: 'ags', name: 'ags', folder: 'rooms/ags' },
    { id: 'poly', name: 'poly', folder: 'rooms/poly' },
  ]
  await editor.adoptProject({ ref: 'game', project, rooms: [] })
  const notices = mount(CanvasNotices, { global: { plugins: [pinia] } })
  return { editor, tools, layers, notices }
}

beforeEach(() => setActivePinia(createPinia()))

describe('the layer a room opens on', () => {
  it('is the walk mask for a mask room and the walk polygons for a polygon room, with no notice', async () => {
    const { editor, tools, layers, notices } = await openRooms()
    expect(editor.room?.id).toBe('ags')
    expect(layers.active).toBe('walk-mask')
    expect(tools.available.map((t) => t.descriptor.id)).toContain('brush')
    expect(notices.find('[data-testid="authority-notice"]').exists()).toBe(false)
    await editor.switchRoom('poly')
    await notices.vm.$nextTick()
    expect(layers.active).toBe('walk-polygons')
    expect(notices.find('[data-testid="authority-notice"]').exists()).toBe(false)
    await editor.switchRoom('ags')
    expect(layers.active).toBe('walk-mask')
  })

  it('keeps a layer the author chose that is not a walkable one', async () => {
    const { editor, layers } = await openRooms()
    await editor.switchRoom('poly')
    layers.activate('zones')
    await editor.switchRoom('ags')
    expect(layers.active).toBe('zones')
  })
})
