/**
 * The browser edition's menu bar, mounted with the editor's own action registry: every
 * registered action (the shared list and one per tool) has exactly one item, with the key
 * this host takes; a disabled item does nothing; an item runs its action and closes the menu.
 * View's on/off settings are checkbox items whose check mark follows the editor's state.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import MenuBar from '../../src/renderer/shell/menu/MenuBar.vue'
import { createEditorActions } from '../../src/renderer/shell/actions/editor-actions'
import { ACTIONS_INJECTION } from '../../src/renderer/editing/actions/registry'
import { useWorkspaceStore } from '../../src/renderer/editing/stores/workspace'
import { useToolsStore } from '../../src/renderer/editing/stores/tools'
import { useViewportStore } from '../../src/renderer/editing/stores/viewport'
import { TOOLS } from '../../src/renderer/editing/tools/registry'
import { MENU_CHECK_IDS, MENUS } from '../../src/shared/actions'

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

  it("shows View's on/off settings as checkbox items checked as the editor is", async () => {
    const { wrapper } = mountBar()
    const view = wrapper.get('[data-menu="view"]')
    const state = () =>
      MENU_CHECK_IDS.map((id) => {
        const item = wrapper.get(`[data-action="${id}"]`)
        return [id, item.attributes('role'), item.attributes('aria-checked'), item.get('.check').text()]
      })
    await view.trigger('click')
    expect(state()).toEqual([
      ['view.grid', 'menuitemcheckbox', 'false', ''],
      ['view.snap', 'menuitemcheckbox', 'false', ''],
      ['view.rulers', 'menuitemcheckbox', 'false', ''],
    ])
    // Other View items stay plain menu items, their labels in line with the checked ones.
    const plain = wrapper.findAll('[role="menu"] [data-action]').filter((i) => !i.attributes('aria-checked'))
    expect(plain.length).toBeGreaterThan(0)
    for (const item of plain) {
      expect(item.attributes('role')).toBe('menuitem')
      expect(item.find('.check').exists()).toBe(true)
    }
    // The marks follow the editor's settings (the actions toggle them: menu-checks.test.ts).
    await view.trigger('click')
    useToolsStore().options.showGrid = true
    useViewportStore().showRulers = true
    await view.trigger('click')
    expect(state()).toEqual([
      ['view.grid', 'menuitemcheckbox', 'true', '✓'],
      ['view.snap', 'menuitemcheckbox', 'false', ''],
      ['view.rulers', 'menuitemcheckbox', 'true', '✓'],
    ])
    // The keyboard reaches the checkbox items like any other.
    const items = wrapper.findAll('[role="menu"] [data-action]')
    ;(items.at(-1)!.element as HTMLElement).focus()
    await wrapper.get('[role="menu"]').trigger('keydown', { key: 'Home' })
    expect(document.activeElement).toBe(items[0].element)
    wrapper.unmount()
  })
})
