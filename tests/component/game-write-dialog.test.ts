/**
 * The 'Write into the game' box: each file to replace says what changes and names its room
 * as the room list does (the room's name, apart from the summary), not as '(room <id>)'
 * glued to a summary that may end in its own parenthesis.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import GameWriteDialog from '../../src/renderer/project/dialogs/GameWriteDialog.vue'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { emptyProject } from '../../src/shared/room/schema'

describe('the Write into the game box', () => {
  it("names each file's room by its name, apart from what changes", () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const project = emptyProject({ name: 'Tumbleweed' })
    project.rooms = [{ id: 'room-1', name: 'Room 1', folder: 'rooms/room-1' }]
    useEditorStore().project = project
    const dialog = mount(GameWriteDialog, {
      props: {
        game: 'ags-tumbleweed',
        notes: [],
        changes: [
          {
            path: 'Rooms/1/walkableareas.png',
            roomId: 'room-1',
            summary: 'walkable area mask repainted (1131 bytes before, 1139 after)',
            unifiedDiff: '',
          },
          { path: 'maps/gone.tmx', roomId: 'gone', summary: '2 lines changed', unifiedDiff: '' },
        ],
      },
      global: { plugins: [pinia] },
    })
    const rows = dialog.findAll('[aria-label="Files to write"] li')
    expect(rows.map((r) => r.get('.summary').text())).toEqual([
      'walkable area mask repainted (1131 bytes before, 1139 after)',
      '2 lines changed',
    ])
    expect(rows.map((r) => r.get('.room').text())).toEqual(['room Room 1', 'room gone'])
    expect(dialog.text()).not.toContain('(room room-1)')
    dialog.unmount()
  })
})
