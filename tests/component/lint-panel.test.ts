/**
 * The Lint panel in jsdom: an entry jumps to its place and marks it on the canvas overlay;
 * switching rooms clears the findings and that marker, but never another panel's overlay.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import LintPanel from '../../src/renderer/editing/components/LintPanel.vue'
import { useToolsStore } from '../../src/renderer/editing/stores/tools'
import { emptyProject, emptyRoom, type Room } from '../../src/shared/room/schema'
import { openRoomInEditor } from './support/editor'

let pinia: ReturnType<typeof createPinia>
beforeEach(() => {
  pinia = createPinia()
  setActivePinia(pinia)
})

/** A 200 x 100 room walkable in its left half, its start point `start` room px. */
function room(id: string, start: { x: number; y: number }): Room {
  const r = emptyRoom({ id, width: 200, height: 100 })
  r.polygons = [
    {
      id: 'floor',
      areaId: 1,
      outer: [
        [0, 0],
        [100, 0],
        [100, 100],
        [0, 100],
      ],
      holes: [],
    },
  ]
  r.testWalk = { ...r.testWalk, start }
  return r
}

describe('the Lint panel', () => {
  const project = emptyProject({ name: 'Lint' })

  async function jumpToFirst() {
    openRoomInEditor(room('one', { x: 150, y: 50 }), { project })
    const panel = mount(LintPanel, { global: { plugins: [pinia] } })
    await panel.get('button').trigger('click')
    const entry = panel.get('[data-testid="lint"] button')
    expect(entry.text()).toContain('The start point (150, 50) is outside the walkable area')
    await entry.trigger('click')
    return panel
  }

  it('clears its jump marker when another room opens', async () => {
    const panel = await jumpToFirst()
    const tools = useToolsStore()
    expect(tools.overlay?.markers?.[0]?.point).toEqual({ x: 150, y: 50 })
    openRoomInEditor(room('two', { x: 50, y: 50 }), { project })
    await panel.vm.$nextTick()
    expect(panel.find('[data-testid="lint"]').exists()).toBe(false)
    expect(tools.overlay).toBeNull()
  })

  it("leaves another panel's overlay alone", async () => {
    const panel = await jumpToFirst()
    const tools = useToolsStore()
    const other = { markers: [{ point: { x: 1, y: 2 }, colour: 0xffffff, size: 4 }] }
    tools.setOverlay(other)
    openRoomInEditor(room('two', { x: 50, y: 50 }), { project })
    await panel.vm.$nextTick()
    expect(tools.overlay).toBe(other)
  })
})
