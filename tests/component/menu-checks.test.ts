/**
 * The native menu's checks follow the editor: the host hears the grid, snap and rulers
 * settings at once and after each change, whether made by the action, a shortcut or the palette.
 */
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { beforeEach, describe, expect, it } from 'vitest'
import { followMenuChecks } from '../../src/renderer/shell/menu/menu-checks'
import { createEditorActions } from '../../src/renderer/shell/actions/editor-actions'
import { useToolsStore } from '../../src/renderer/editing/stores/tools'
import { openRoomInEditor } from './support/editor'
import { makeTarget } from './commands/fixture'
import type { MenuChecksRequest } from '../../src/shared/host'

beforeEach(() => setActivePinia(createPinia()))

describe('menu checks', () => {
  it('tells the host the checks now and after each toggle, and stops when asked', async () => {
    openRoomInEditor(makeTarget().room)
    const sent: MenuChecksRequest['checked'][] = []
    const stop = followMenuChecks({ setMenuChecks: async (req) => void sent.push(req.checked) })
    expect(sent).toEqual([{ 'view.grid': false, 'view.snap': false, 'view.rulers': false }])
    const actions = createEditorActions('electron')
    await actions.run('view.grid')
    await nextTick()
    await actions.run('view.rulers')
    await nextTick()
    useToolsStore().options.snap = true
    await nextTick()
    expect(sent.slice(1)).toEqual([
      { 'view.grid': true, 'view.snap': false, 'view.rulers': false },
      { 'view.grid': true, 'view.snap': false, 'view.rulers': true },
      { 'view.grid': true, 'view.snap': true, 'view.rulers': true },
    ])
    stop()
    await actions.run('view.grid')
    await nextTick()
    expect(sent).toHaveLength(4)
  })
})
