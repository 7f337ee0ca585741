/**
 * Authoring panels in jsdom: the flag-expression field explains what is wrong and only
 * hands on valid expressions; the history panel lists done and undone steps and jumps
 * to one; the tool palette shows the tools of the active layer with their shortcuts.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import FlagExpressionField from '../../src/renderer/editing/components/FlagExpressionField.vue'
import HistoryPanel from '../../src/renderer/editing/components/HistoryPanel.vue'
import ToolPalette from '../../src/renderer/shell/components/ToolPalette.vue'
import SelectionPanel from '../../src/renderer/editing/components/SelectionPanel.vue'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useSelectionStore } from '../../src/renderer/editing/stores/selection'
import { emptyProject } from '../../src/shared/room/schema'
import { makeTarget } from './commands/fixture'
import { openRoomInEditor } from './support/editor'
import { createEditorActions } from '../../src/renderer/shell/actions/editor-actions'
import { ACTIONS_INJECTION } from '../../src/renderer/editing/actions/registry'
import { useHistoryStore } from '../../src/renderer/editing/stores/history'
import { useLayersStore } from '../../src/renderer/editing/stores/layers'
import { useToolsStore } from '../../src/renderer/editing/stores/tools'
import { TOOLS } from '../../src/renderer/editing/tools/registry'

let pinia: ReturnType<typeof createPinia>
beforeEach(() => {
  pinia = createPinia()
  setActivePinia(pinia)
})

describe('flag expression field', () => {
  it('shows syntax errors and unknown flags, and commits only a valid expression', async () => {
    const field = mount(FlagExpressionField, {
      props: { value: 'true', flags: ['gateOpen', 'guard'], label: 'Gate flag expression' },
    })
    const input = field.get('input')
    // setValue fires input and change, as typing and leaving the field does.
    await input.setValue('gateOpen &&')
    expect(field.get('[role="alert"]').text()).not.toBe('')
    await input.setValue('!nope')
    expect(field.get('[role="alert"]').text()).toBe(
      "Unknown flag 'nope'; the project has 'gateOpen', 'guard'.",
    )
    await input.trigger('change')
    expect(field.emitted('commit')).toBeUndefined()
    await input.setValue('gateOpen && !guard')
    expect(field.find('[role="alert"]').exists()).toBe(false)
    expect(field.emitted('commit')).toEqual([['gateOpen && !guard']])
  })
})

describe('history panel', () => {
  it('lists steps, greys undone ones, and jumps to a step', async () => {
    openRoomInEditor(makeTarget().room)
    const history = useHistoryStore()
    const log: string[] = []
    for (const name of ['one', 'two', 'three'])
      history.execute({ label: name, apply: () => log.push(`+${name}`), invert: () => log.push(`-${name}`) })
    history.undo()
    const panel = mount(HistoryPanel, { global: { plugins: [pinia] } })
    const items = panel.findAll('li')
    expect(items.map((li) => li.text())).toEqual(['Opened', 'one', 'two', 'three'])
    expect(items.map((li) => li.attributes('data-done'))).toEqual([undefined, 'yes', 'yes', 'no'])
    await items[1].get('button').trigger('click')
    expect(history.done.map((c) => c.label)).toEqual(['one'])
    await panel.findAll('li')[3].get('button').trigger('click')
    expect(history.done.map((c) => c.label)).toEqual(['one', 'two', 'three'])
    expect(log).toEqual(['+one', '+two', '+three', '-three', '-two', '+two', '+three'])
  })
})

describe('tool palette', () => {
  it('shows the tools of the active layer with shortcuts, and switching layer switches tools', async () => {
    const actions = createEditorActions()
    const palette = mount(ToolPalette, {
      global: { plugins: [pinia], provide: { [ACTIONS_INJECTION as symbol]: actions } },
    })
    const layers = useLayersStore()
    const tools = useToolsStore()
    layers.activate('walk-mask')
    await palette.vm.$nextTick()
    const buttons = palette.findAll('button.tool')
    const ids = buttons.map((b) => b.attributes('data-tool'))
    // The registry's walk-mask tools in its order (a new tool is one more line there).
    expect(ids).toEqual(
      TOOLS.filter((t) => (t.layers as readonly string[]).includes('walk-mask')).map((t) => t.id),
    )
    expect(ids.slice(0, 6)).toEqual([
      'brush',
      'eraser',
      'rectangle',
      'ellipse',
      'polygon-fill',
      'bucket-fill',
    ])
    expect(buttons[0].attributes('title')).toBe('Brush (B)')
    await buttons[1].trigger('click')
    expect(tools.activeId).toBe('eraser')
    tools.activate('node')
    await palette.vm.$nextTick()
    expect(layers.active).toBe('node-graph')
    const titles = palette.findAll('button.tool').map((b) => b.attributes('title'))
    expect(titles).toEqual(
      TOOLS.filter((t) => (t.layers as readonly string[]).includes('node-graph')).map(
        (t) => `${t.label} (${t.shortcut})`,
      ),
    )
    expect(titles[0]).toBe('Node graph (N)')
    expect(titles).toContain('Measure (M)')
    // Measure works on every layer: choosing it keeps the layer.
    tools.activate('measure')
    expect(layers.active).toBe('node-graph')
    layers.setLocked('node-graph', true)
    expect(tools.active).toBeNull()
  })
})

describe('selection panel', () => {
  it('picks a gate from the list, edits its expression as an undo step, and deletes it', async () => {
    const editor = useEditorStore()
    const project = emptyProject({ name: 'Castle' })
    project.flags = [{ id: 'open', name: 'Open', default: false }]
    openRoomInEditor(makeTarget().room, { project })
    const actions = createEditorActions()
    const panel = mount(SelectionPanel, {
      global: { plugins: [pinia], provide: { [ACTIONS_INJECTION as symbol]: actions } },
    })
    const pick = panel.findAll('.pick button')
    expect(pick.map((b) => b.text())).toEqual(['⊠ Door', '◇ Mat'])
    await pick[0].trigger('click')
    expect(useSelectionStore().current).toEqual({ kind: 'gate', gateId: 'door' })
    const field = panel.get('input[aria-label="Gate flag expression"]')
    expect((field.element as HTMLInputElement).value).toBe('!open')
    await field.setValue('open')
    const history = useHistoryStore()
    expect(history.done.map((c) => c.label)).toEqual(['Change gate Door'])
    expect(editor.room!.gates[0].flagExpression).toBe('open')
    await panel
      .findAll('button')
      .find((b) => b.text() === 'Delete')!
      .trigger('click')
    expect(editor.room!.gates).toEqual([])
    history.undo()
    history.undo()
    expect(editor.room!.gates[0].flagExpression).toBe('!open')
  })
})
