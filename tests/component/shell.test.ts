/**
 * The editor shell's components and stores in jsdom (Pixi is tested in Chromium):
 * the toolbar runs shared actions and shows their shortcuts, the status bar shows the
 * cursor and zoom, the layers panel drives the layers store, the properties panel
 * describes the room.
 */
import { mount } from '@vue/test-utils'
import type { Component } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import TopToolbar from '../../src/renderer/shell/components/TopToolbar.vue'
import StatusBar from '../../src/renderer/shell/components/StatusBar.vue'
import LayersPanel from '../../src/renderer/editing/components/LayersPanel.vue'
import PropertiesPanel from '../../src/renderer/project/components/PropertiesPanel.vue'
import { createEditorActions } from '../../src/renderer/shell/actions/editor-actions'
import { ACTIONS_INJECTION } from '../../src/renderer/editing/actions/registry'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useViewportStore } from '../../src/renderer/editing/stores/viewport'
import { useLayersStore } from '../../src/renderer/editing/stores/layers'
import { useHistoryStore } from '../../src/renderer/editing/stores/history'
import { emptyProject, emptyRoom } from '../../src/shared/room/schema'
import { openRoomInEditor } from './support/editor'

let pinia: ReturnType<typeof createPinia>

beforeEach(() => {
  pinia = createPinia()
  setActivePinia(pinia)
})

function openRoom(): void {
  const room = emptyRoom({ id: 'hall', name: 'Hall', width: 1000, height: 500 })
  room.polygons = [
    {
      id: 'floor',
      areaId: 1,
      outer: [
        [0, 0],
        [100, 0],
        [100, 100],
        [0, 100],
      ],
      holes: [
        [
          [10, 10],
          [20, 10],
          [20, 20],
        ],
      ],
    },
  ]
  openRoomInEditor(room, { project: emptyProject({ name: 'Castle' }) })
}

function mountWithActions(component: Component) {
  const actions = createEditorActions()
  return mount(component, {
    global: { plugins: [pinia], provide: { [ACTIONS_INJECTION as symbol]: actions } },
  })
}

describe('TopToolbar', () => {
  it('disables what cannot run yet and shows each shortcut in the tooltip', async () => {
    const wrapper = mountWithActions(TopToolbar)
    const save = wrapper.get('[data-action="file.save"]')
    expect(save.attributes('disabled')).toBeDefined()
    expect(save.attributes('title')).toBe('Save (Ctrl+S)')
    expect(wrapper.get('[data-action="edit.undo"]').attributes('title')).toBe('Undo (Ctrl+Z)')
    expect(wrapper.get('[data-action="edit.undo"]').attributes('disabled')).toBeDefined()
    openRoom()
    await wrapper.vm.$nextTick()
    expect(wrapper.get('[data-action="file.save"]').attributes('disabled')).toBeUndefined()
    expect(wrapper.get('[data-testid="title"]').text()).toBe('Castle — Hall')
  })

  it('runs view actions from its buttons', async () => {
    openRoom()
    const view = useViewportStore()
    view.setCanvasSize(800, 600)
    const wrapper = mountWithActions(TopToolbar)
    await wrapper.get('[data-action="view.fit"]').trigger('click')
    expect(view.viewport.zoom).toBeCloseTo((800 - 32) / 1000, 5)
    const fitted = view.viewport.zoom
    await wrapper.get('[data-action="view.zoomIn"]').trigger('click')
    expect(view.viewport.zoom).toBeCloseTo(fitted * Math.SQRT2, 5)
    await wrapper.get('[data-action="view.actualSize"]').trigger('click')
    expect(view.viewport.zoom).toBe(1)
  })

  it('undoes and redoes through the history and shows the project as dirty', async () => {
    openRoom()
    const history = useHistoryStore()
    const editor = useEditorStore()
    const wrapper = mountWithActions(TopToolbar)
    let value = 0
    history.execute({ label: 'Add one', apply: () => value++, invert: () => value-- })
    await wrapper.vm.$nextTick()
    expect(wrapper.get('[data-testid="title"]').text()).toBe('• Castle — Hall')
    expect(editor.dirty).toBe(true)
    await wrapper.get('[data-action="edit.undo"]').trigger('click')
    expect(value).toBe(0)
    expect(editor.dirty).toBe(false)
    await wrapper.get('[data-action="edit.redo"]').trigger('click')
    expect(value).toBe(1)
  })
})

describe('StatusBar', () => {
  it('shows the room point under the cursor, the zoom and the last message', async () => {
    openRoom()
    const view = useViewportStore()
    const editor = useEditorStore()
    const wrapper = mount(StatusBar, { global: { plugins: [pinia] } })
    expect(wrapper.get('[data-testid="cursor"]').text()).toBe('x, y: —')
    view.cursor = { x: 412.7, y: 99.2 }
    view.viewport = { zoom: 0.5, offsetX: 0, offsetY: 0 }
    editor.report('error', 'Could not save: disk full')
    await wrapper.vm.$nextTick()
    expect(wrapper.get('[data-testid="cursor"]').text()).toBe('x, y: 412, 99')
    expect(wrapper.get('[data-testid="zoom"]').text()).toBe('50%')
    expect(wrapper.get('[data-testid="status"]').classes()).toContain('error')
    expect(wrapper.text()).toContain('1000×500')
  })
})

describe('LayersPanel', () => {
  it('shows, hides, locks, fades and activates layers', async () => {
    const layers = useLayersStore()
    const wrapper = mount(LayersPanel, { global: { plugins: [pinia] } })
    await wrapper.get('input[aria-label="Show Walk mask areas"]').setValue(false)
    expect(layers.layer('walk-mask').visible).toBe(false)
    await wrapper.get('button[aria-label="Unlock Background"]').trigger('click')
    expect(layers.layer('background').locked).toBe(false)
    await wrapper.get('input[aria-label="Trigger zones opacity"]').setValue('0.25')
    expect(layers.layer('zones').opacity).toBe(0.25)
    await wrapper.get('[data-layer="gates"] .name').trigger('click')
    expect(layers.active).toBe('gates')
    expect(wrapper.get('[data-layer="gates"]').classes()).toContain('active')
  })
})

describe('PropertiesPanel', () => {
  it('describes the open room', async () => {
    const wrapper = mount(PropertiesPanel, { global: { plugins: [pinia] } })
    expect(wrapper.text()).toContain('No room open.')
    openRoom()
    await wrapper.vm.$nextTick()
    expect(wrapper.get('[data-testid="room-name"]').text()).toBe('Hall')
    expect(wrapper.text()).toContain('1000 × 500 px')
    expect(wrapper.text()).toContain('1 (1 holes, 7 vertices)')
  })
})
