/**
 * The Walk areas panel's count beside each area: the mask px of the area in a mask room, and
 * a dash (not 0, which reads as 'nothing walkable') in a room whose areas are walk polygons
 * and which has no mask, as a Godot or Tiled game's rooms open.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import AreasPanel from '../../src/renderer/editing/components/AreasPanel.vue'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import type { LoadedRoom } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { emptyProject, emptyRoom } from '../../src/shared/room/schema'

async function panelOf(withMask: boolean) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const editor = useEditorStore()
  const mask = new Uint8Array(10 * 4)
  mask.fill(1, 0, 7)
  editor.host = {
    loadRoom: async (): Promise<LoadedRoom> => ({
      room: {
        ...emptyRoom({ id: 'r', name: 'R', width: 10, height: 4 }),
        authoritative: withMask ? 'mask' : 'polygons',
      },
      background: null,
      mask: withMask ? mask : null,
      scaleMap: null,
      problems: [],
      warnings: [],
    }),
  } as unknown as WalkboxHost
  const project = emptyProject({ name: 'Game' })
  project.rooms = [{ id: 'r', name: 'R', folder: 'rooms/r' }]
  await editor.adoptProject({ ref: 'game', project, rooms: [] })
  return mount(AreasPanel, { global: { plugins: [pinia] } })
}

describe('the count beside a walk area', () => {
  it('is its mask px in a mask room', async () => {
    const panel = await panelOf(true)
    expect(panel.get('[data-area="1"] .count').text()).toBe('7')
    expect(panel.get('[data-area="1"] .count').attributes('title')).toBe('7 mask px')
  })

  it('is a dash, not 0, in a polygon room without a mask', async () => {
    const panel = await panelOf(false)
    expect(panel.get('[data-area="1"] .count').text()).toBe('—')
    expect(panel.get('[data-area="1"] .count').attributes('title')).toBe(
      'No walk mask: the area is its walk polygons',
    )
  })
})
