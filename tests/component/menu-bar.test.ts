/**
 * The browser edition's menu bar, mounted with the editor's own action registry: every
 * registered action (the shared list and one per tool) has exactly one item, with the key
 * this host takes; a disabled item does nothing; an item runs its action and closes the menu.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import MenuBar from '../../src/renderer/components/MenuBar.vue'
import { ACTIONS_INJECTION, createEditorActions } from '../../src/renderer/actions/editor-actions'
import { useWorkspaceStore } from '../../src/renderer/stores/workspace'
import { TOOLS } from '../../src/renderer/tools/registry'
import { MENUS } from '../../src/shared/actions'

let pinia: ReturnType<typeof createPinia>

beforeEach(() => {
  pinia = createPinia()
  setActivePinia(pinia)
})

function mountBar() {
  const actions = createEditorActions('browser')
  const wrapper = mount(MenuBar, {
    attachTo: document.body,
    global: { plugins: [pinia], provide: { [ACTIONS_INJECTION as symbol]: actions } },
  })
  return { wrapper, actions }
}

describe('the menu bar', () => {
  it('has an item for every registered action, the tools included, in exactly one menu', async () => {
    const { wrapper, actions } = mountBar()
    const found: string[] = []
    for (const menu of MENUS) {
      await wrapper.get(`[data-menu="${menu.id}"]`).trigger('click')
      found.push(...wrapper.findAll('[role="menu"] [data-action]').map((i) => i.attributes('data-action')!))
      await wrapper.get(`[data-menu="${menu.id}"]`).trigger('click')
      expect(wrapper.find('[role="menu"]').exists()).toBe(false)
    }
    expect([...found].sort()).toEqual(
      actions
        .list()
        .map((a) => a.id)
        .sort(),
    )
    for (const tool of TOOLS) expect(found).toContain(`tool.${tool.id}`)
    wrapper.unmount()
  })

  it('shows the browser edition key, leaves a disabled item inert, and runs an item', async () => {
    const { wrapper } = mountBar()
    await wrapper.get('[data-menu="file"]').trigger('click')
    expect(wrapper.get('[data-action="file.new"]').text()).toContain('Alt+N')
    // No project: Save is disabled, and clicking it keeps the menu open and does nothing.
    const save = wrapper.get('[data-action="file.save"]')
    expect(save.attributes('aria-disabled')).toBe('true')
    await save.trigger('click')
    expect(wrapper.find('[role="menu"]').exists()).toBe(true)

    await wrapper.get('[data-menu="compare"]').trigger('mouseenter')
    await wrapper.get('[data-action="compare.show"]').trigger('click')
    expect(useWorkspaceStore().mode).toBe('compare')
    expect(wrapper.find('[role="menu"]').exists()).toBe(false)
    wrapper.unmount()
  })
})
